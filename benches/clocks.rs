//! The display state of 100 running clocks, computed once per tick.

use criterion::{criterion_group, criterion_main, Criterion};
use shashki_arbiter::clock::{Event, EventKind, GameClock, TimeControl};
use shashki_arbiter::rules::Color;

fn bench(c: &mut Criterion) {
    let control: TimeControl = "45m/20,15m".parse().expect("valid");
    let clocks: Vec<GameClock> = (0..100u64)
        .map(|i| {
            let mut clock = GameClock::new(control.clone(), Color::White);
            clock
                .push(Event {
                    at_ms: 0,
                    kind: EventKind::Start,
                })
                .expect("start");
            for m in 1..=(i % 40) {
                clock
                    .push(Event {
                        at_ms: m * 9_000 + i,
                        kind: EventKind::Press,
                    })
                    .expect("press");
            }
            clock
        })
        .collect();
    let mut now = 400_000u64;
    c.bench_function("snapshot_100_clocks", |b| {
        b.iter(|| {
            now += 100;
            clocks
                .iter()
                .map(|c| c.snapshot(now).white.ms_left)
                .sum::<u64>()
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
