//! Issue 26's speed targets: a 100-ply score sheet stored (journaled, saved atomically) and
//! checked; the games collection (`games`) of an event with 1,000 games on record.

use criterion::{criterion_group, criterion_main, Criterion};
use shashki_arbiter::rules::{movegen, notation, Position, Variant};
use shashki_arbiter::store::event::EventFile;
use shashki_arbiter::tournament::command::Command;
use shashki_arbiter::tournament::id::GameRef;
use shashki_arbiter::tournament::model::*;
use shashki_arbiter::tournament::records;

/// A legal Russian game of up to `plies` plies (the moves picked by a fixed rule, so every run
/// plays the same game), as a score sheet writes it.
fn sheet(plies: usize, seed: usize) -> String {
    let mut pos = Position::start(Variant::Russian);
    let mut out = String::new();
    for ply in 0..plies {
        let moves = movegen::legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        let m = moves[(ply * 7 + seed) % moves.len()];
        if ply % 2 == 0 {
            out.push_str(&format!("{}. ", ply / 2 + 1));
        }
        out.push_str(&notation::write(&pos, &m));
        out.push(' ');
        pos = pos.play(&m);
    }
    out.trim_end().to_string()
}

/// 500 players, 2 rounds of 250 micromatches of 2 games: 1,000 games, each with a sheet.
fn event(pairs: usize, rounds: usize) -> Tournament {
    let players = (2 * pairs) as u32;
    let mut t = Tournament::new(
        "bench",
        Variant::Russian,
        System::Swiss,
        "45m".parse().unwrap(),
        2,
    );
    t.players = (1..=players)
        .map(|id| Player {
            number: Some(id as usize),
            ..Player::new(PlayerId(id), format!("P{id}"))
        })
        .collect();
    for r in 0..rounds {
        let pairings = (0..pairs)
            .map(|i| {
                let a = i as u32 + 1;
                let b = ((i + r * 7) % pairs) as u32 + pairs as u32 + 1;
                let mut p =
                    Pairing::new(i + 1, PlayerId(a), PlayerId(b), vec![GameResult::Draw; 2]);
                for g in 0..2 {
                    p.records.insert(g, sheet(60, i + g + r));
                }
                p
            })
            .collect();
        t.rounds.push(Round {
            number: r + 1,
            pairings,
            bye: None,
            absent: vec![],
            requested_byes: vec![],
            locked: false,
            acceleration: Default::default(),
            matches: Vec::new(),
            team_byes: Vec::new(),
            team_absent: Vec::new(),
            advanced: Vec::new(),
        });
    }
    t
}

fn bench(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("shashki-bench-records-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("event.ron");
    let mut file = EventFile::create(&path, event(10, 1)).unwrap();
    let long = sheet(100, 3);
    let mut group = c.benchmark_group("records");
    group.bench_function("store and check a 100-ply sheet", |b| {
        let mut flip = false;
        b.iter(|| {
            // Two different sheets in turn: every store is a real change, journaled and saved.
            flip = !flip;
            let moves = if flip { long.clone() } else { sheet(100, 4) };
            file.apply(
                Command::SetRecord {
                    game: GameRef {
                        round: 1,
                        board: 1,
                        game: 0,
                    },
                    moves: Some(moves),
                },
                chrono::Utc::now(),
            )
            .unwrap();
            let t = &file.tournament;
            let round = &t.rounds[0];
            records::check(t, round, &round.pairings[0], 0)
        })
    });
    let big = event(250, 2);
    group.sample_size(10);
    group.bench_function("games collection of 1,000 games", |b| {
        b.iter(|| records::games_pdn(&big, None, None))
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, bench);
criterion_main!(benches);
