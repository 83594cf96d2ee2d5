//! Column draughts (towers, Laska): perft from the data files, the codex's example game.

use shashki_arbiter::rules::columns::{fen, perft, ColumnPosition, ColumnVariant};

/// (variant, position, depth, leaves) from a perft data file.
fn cases(file: &str) -> Vec<(ColumnVariant, ColumnPosition, u32, u64)> {
    let path = format!("{}/tests/data/perft/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let variant: ColumnVariant = f[0].parse().unwrap();
            let pos = match f[1] {
                "start" => variant.start(),
                text => fen::parse(variant, text).unwrap(),
            };
            (variant, pos, f[2].parse().unwrap(), f[3].parse().unwrap())
        })
        .collect()
}

fn run(file: &str) {
    for (variant, pos, depth, leaves) in cases(file) {
        assert_eq!(perft(&pos, depth), leaves, "{variant} depth {depth}");
    }
}

#[test]
fn perft_of_both_variants_from_the_start() {
    run("columns.txt");
}

#[test]
#[ignore = "deep: run with --release -- --ignored"]
fn perft_deep() {
    run("columns-deep.txt");
}
