//! Pairing round 9 of a 300-player Swiss (issue 6): rounds 1–8 are paired by the program with
//! seeded results, then round 9 is measured.

use criterion::{criterion_group, criterion_main, Criterion};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shashki_arbiter::rules::Variant;
use shashki_arbiter::tournament::command::{apply, Command};
use shashki_arbiter::tournament::id::GameRef;
use shashki_arbiter::tournament::model::*;
use shashki_arbiter::tournament::swiss::{self, Options};

fn event_after_8_rounds() -> Tournament {
    let mut rng = ChaCha8Rng::seed_from_u64(300);
    let mut t = Tournament::new(
        "Open 300",
        Variant::Russian,
        System::Swiss,
        "45m".parse().unwrap(),
        2,
    );
    for i in 1..=300u32 {
        let player = Player {
            rating: Some(2500 - 3 * i),
            number: Some(i as usize),
            ..Player::new(PlayerId(i), format!("P{i}"))
        };
        apply(&mut t, &Command::AddPlayer { player }).unwrap();
    }
    for round in 1..=8 {
        let p = swiss::pair(&t, round, &Options::default());
        apply(&mut t, &p.command()).unwrap();
        let boards = t.rounds[round - 1].pairings.len();
        for board in 1..=boards {
            for game in 0..2 {
                let result = match rng.next_u32() % 3 {
                    0 => GameResult::WhiteWins,
                    1 => GameResult::Draw,
                    _ => GameResult::BlackWins,
                };
                apply(
                    &mut t,
                    &Command::SetResult {
                        game: GameRef { round, board, game },
                        result,
                    },
                )
                .unwrap();
            }
        }
    }
    t
}

fn bench(c: &mut Criterion) {
    let t = event_after_8_rounds();
    let mut group = c.benchmark_group("swiss");
    group.sample_size(10);
    group.bench_function("pair round 9 of 300 players", |b| {
        b.iter(|| swiss::pair(&t, 9, &Options::default()))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
