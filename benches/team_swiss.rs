//! The team Swiss (FIDE C.04.6, issue 37) at the sizes of big team events: a round of 100 teams
//! on 6 boards and of 300 teams on 4 boards — round 1 (one bracket of every team) and round 7
//! after six rounds paired by this program (`trf generate --teams N --boards B --rounds 6`, the
//! event declared nine rounds long), timed by criterion. The memory one pairing takes is the
//! peak resident size above what the process held before (Linux: `/proc/self/clear_refs` resets
//! the peak, `VmHWM` reads it), printed and written to `target/criterion/team-swiss-memory.txt`.

use criterion::{criterion_group, criterion_main, Criterion};
use shashki_arbiter::rules::Color;
use shashki_arbiter::tournament::team::swiss::{self, audit, input};

#[path = "common/memory.rs"]
mod memory;
use memory::peak_mb;

/// The input of round `round` of a generated event of `teams` × `boards` with `round - 1`
/// rounds played.
fn input_of(teams: usize, boards: usize, round: usize) -> swiss::Input {
    let g = audit::Generate {
        teams,
        boards,
        rounds: round - 1,
        seed: 7,
        draws: 30,
        forfeits: 2,
    };
    let text = audit::generate(&g).expect("a generated event");
    let mut t = shashki_arbiter::tournament::team::trf::import("bench", &text).expect("readable");
    t.settings.rounds_planned = Some(9);
    input::for_round(&t, round, &[], Color::White).0
}

fn bench(c: &mut Criterion) {
    let mut report = String::new();
    let mut group = c.benchmark_group("team swiss");
    group.sample_size(10);
    for (teams, boards) in [(100, 6), (300, 4)] {
        for round in [1, 7] {
            let input = input_of(teams, boards, round);
            let mut matches = 0;
            let peak = peak_mb(|| matches = swiss::pair(&input).expect("a pairing").pairs.len());
            let line = match peak {
                Some(mb) => format!(
                    "round {round} of {teams} teams × {boards} boards: {mb:.1} MB resident above the input ({matches} matches)\n"
                ),
                None => format!("round {round} of {teams} teams: memory not measured here\n"),
            };
            print!("{line}");
            report.push_str(&line);
            group.bench_function(format!("pair round {round} of {teams} teams"), |b| {
                b.iter(|| swiss::pair(&input))
            });
        }
    }
    group.finish();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/target/criterion");
    if std::fs::create_dir_all(dir).is_ok() {
        let _ = std::fs::write(format!("{dir}/team-swiss-memory.txt"), report);
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
