//! The Dutch engine at open-festival scale (issue 28): round 11 of events of 300, 1,000 and
//! 2,000 players, timed by criterion; the memory a pairing takes is the process's peak resident
//! size during one pairing above what it held before (Linux: `/proc/self/clear_refs` resets the
//! peak, `VmHWM` reads it), printed and written to `target/criterion/swiss-festival-memory.txt`.
//! The events of 300 and 1,000 are `trf generate --players N --rounds 10 --seed 7` (each round
//! paired by this program); the 2,000-player one, whose generation that way takes over half an
//! hour, is paired Monrad-style by `benches/data/monrad.py 2000 10 7`. bbpPairings pairs the
//! same files for the comparison in README.md (the same pairs and colours for all three).
//!
//! By default 300 and 1,000 players; `SWISS_FESTIVAL=300,1000,2000` adds 2,000 (three minutes a
//! pairing, so criterion's ten samples take over half an hour).

use criterion::{criterion_group, criterion_main, Criterion};
use shashki_arbiter::tournament::swiss::{dutch, trf};

#[path = "common/memory.rs"]
mod memory;
use memory::peak_mb;

fn sizes() -> Vec<usize> {
    std::env::var("SWISS_FESTIVAL")
        .ok()
        .map(|s| s.split(',').filter_map(|x| x.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![300, 1000])
}

/// Round 11's input: the ten rounds played, the event declared eleven rounds long.
fn input(players: usize) -> dutch::Input {
    let path = format!(
        "{}/benches/data/festival-{players}.trf",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("the generated event");
    let text = text.replace("XXR 10", "XXR 11");
    let cut = trf::before_round(&text, 11);
    trf::pairing_input(&path, &cut).expect("a valid event").0
}

fn bench(c: &mut Criterion) {
    let mut report = String::new();
    let mut group = c.benchmark_group("swiss festival");
    group.sample_size(10);
    for players in sizes() {
        let input = input(players);
        let mut boards = 0;
        let peak = peak_mb(|| boards = dutch::pair(&input).pairs.len());
        let line = match peak {
            Some(mb) => format!(
                "round 11 of {players} players: {mb:.1} MB resident above the input ({boards} boards)\n"
            ),
            None => format!("round 11 of {players} players: memory not measured here\n"),
        };
        print!("{line}");
        report.push_str(&line);
        group.bench_function(format!("pair round 11 of {players} players"), |b| {
            b.iter(|| dutch::pair(&input))
        });
    }
    group.finish();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/target/criterion");
    if std::fs::create_dir_all(dir).is_ok() {
        let _ = std::fs::write(format!("{dir}/swiss-festival-memory.txt"), report);
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
