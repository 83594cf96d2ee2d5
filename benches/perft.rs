//! Perft from the start: Russian depth 9 and International depth 8, one thread, the last ply
//! counted in bulk. Criterion reports time per run; leaves per second = leaves / time
//! (Russian d9 = 4,570,586 leaves, International d8 = 6,483,961).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use shashki_arbiter::rules::perft::{perft, perft_fast};
use shashki_arbiter::rules::{Position, Variant};

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (variant, depth, leaves) in [
        (Variant::Russian, 9, 4_570_586u64),
        (Variant::International, 8, 6_483_961),
    ] {
        let p = Position::start(variant);
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("{variant}_d{depth}"), |b| {
            b.iter(|| assert_eq!(perft(&p, depth), leaves))
        });
    }
    // Every core and the table of known subtrees: the figure README compares with py-draughts.
    let p = Position::start(Variant::Russian);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    group.throughput(Throughput::Elements(22_444_032));
    group.bench_function("russian_d10_fast", |b| {
        b.iter(|| assert_eq!(perft_fast(&p, 10, threads), 22_444_032))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
