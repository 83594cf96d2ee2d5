//! Column-draughts perft from the start: towers depth 9 (4,533,214 leaves) and Laska depth 14
//! (742,638 leaves), one thread and every core, the last ply counted without building moves where
//! there is no capture. Leaves per second = leaves / time (criterion's throughput line).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use shashki_arbiter::rules::columns::{perft, perft_parallel, ColumnVariant};

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("columns");
    group.sample_size(10);
    for (variant, depth, leaves) in [
        (ColumnVariant::Towers, 9, 4_533_214u64),
        (ColumnVariant::Laska, 14, 742_638),
    ] {
        let p = variant.start();
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("{variant}_d{depth}"), |b| {
            b.iter(|| assert_eq!(perft(&p, depth), leaves))
        });
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        group.bench_function(format!("{variant}_d{depth}_cores"), |b| {
            b.iter(|| assert_eq!(perft_parallel(&p, depth, cores), leaves))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
