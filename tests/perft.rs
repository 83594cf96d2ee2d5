//! Perft from the start positions and from the international test positions (issue 2 numbers;
//! routes over the same pieces to the same square count once). Deep counts are `#[ignore]`d:
//! `cargo test --release -- --ignored` runs them.

use shashki_arbiter::rules::{fen, perft::perft, Position, Variant};

fn check(pos: &Position, expected: &[u64]) {
    for (i, &want) in expected.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(perft(pos, depth), want, "{} depth {depth}", pos.variant());
    }
}

#[test]
fn russian_start() {
    check(
        &Position::start(Variant::Russian),
        &[7, 49, 302, 1469, 7482, 37986, 190146, 929899],
    );
}

#[test]
fn russian_start_deep() {
    let p = Position::start(Variant::Russian);
    assert_eq!(perft(&p, 9), 4570586);
    assert_eq!(perft(&p, 10), 22444032);
}

#[test]
fn international_start() {
    check(
        &Position::start(Variant::International),
        &[9, 81, 658, 4265, 27117, 167140, 1049442],
    );
}

#[test]
fn international_start_deep() {
    let p = Position::start(Variant::International);
    assert_eq!(perft(&p, 8), 6483961);
    assert_eq!(perft(&p, 9), 41022423);
}

#[test]
fn international_woldouby() {
    let p = fen::parse(
        Variant::International,
        "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
    )
    .unwrap();
    check(
        &p,
        &[6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88050, 377436],
    );
}

#[test]
fn international_all_kings() {
    let p = fen::parse(Variant::International, "W:WK31-K50:BK1-K20").unwrap();
    check(&p, &[17, 79, 352, 1399, 7062, 37589, 217575]);
}

#[test]
fn english_start() {
    check(
        &Position::start(Variant::English),
        &[7, 49, 302, 1469, 7361, 36768, 179740],
    );
}

#[test]
fn brazilian_start() {
    assert_eq!(perft(&Position::start(Variant::Brazilian), 5), 7473);
}

#[test]
fn giveaway_moves_as_russian_and_diagonal_starts_on_its_own_setup() {
    let giveaway = Position::start(Variant::RussianGiveaway);
    assert_eq!(perft(&giveaway, 6), 37986);
    let diagonal = Position::start(Variant::Diagonal);
    // The long diagonal a1–h8 is empty; each side has 12 men on its side of it.
    assert_eq!(
        diagonal.diagram(),
        concat!(
            "  b   b   b   .\n",
            "b   b   b   .  \n",
            "  b   b   .   w\n",
            "b   b   .   w  \n",
            "  b   .   w   w\n",
            "b   .   w   w  \n",
            "  .   w   w   w\n",
            ".   w   w   w  \n",
        )
    );
    assert_eq!(perft(&diagonal, 1), 6);
}

#[test]
fn the_fast_perft_on_every_core_gives_the_same_counts() {
    use shashki_arbiter::rules::perft::perft_fast;
    for (variant, depth) in [
        (Variant::Russian, 8),
        (Variant::International, 6),
        (Variant::English, 8),
        (Variant::Brazilian, 7),
    ] {
        let p = Position::start(variant);
        assert_eq!(
            perft_fast(&p, depth, 2),
            perft(&p, depth),
            "{variant} {depth}"
        );
    }
}
