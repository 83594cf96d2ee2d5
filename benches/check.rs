//! Checking a whole PDN file (ussr1947.pdn: 153 Russian games), and one long game, per run.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use shashki_arbiter::rules::{check_game, pdn, Variant};

fn bench(c: &mut Criterion) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/games/russian/ussr1947.pdn"
    );
    let bytes = std::fs::read(path).expect("test data");
    let games = pdn::read_bytes(&bytes).expect("readable");
    let plies: u64 = games.iter().map(|g| g.moves.len() as u64).sum();
    let mut group = c.benchmark_group("check");
    group.throughput(Throughput::Elements(plies));
    group.bench_function("ussr1947_read_and_check", |b| {
        b.iter(|| {
            let games = pdn::read_bytes(&bytes).expect("readable");
            games
                .iter()
                .enumerate()
                .filter(|(i, g)| check_game(i + 1, g, Variant::Russian).legal)
                .count()
        })
    });
    let longest = games.iter().max_by_key(|g| g.moves.len()).expect("games");
    group.throughput(Throughput::Elements(longest.moves.len() as u64));
    group.bench_function(format!("longest_game_{}_plies", longest.moves.len()), |b| {
        b.iter(|| check_game(1, longest, Variant::Russian))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
