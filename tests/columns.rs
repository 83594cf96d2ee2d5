//! Column draughts (towers, Laska): perft from the data files, the codex's example game.

use shashki_arbiter::rules::columns::{fen, perft, perft_parallel, ColumnPosition, ColumnVariant};

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
        // Shared out over threads, the same count (3 threads: more than this machine's cores,
        // so the jobs are really taken in turns).
        assert_eq!(
            perft_parallel(&pos, depth, 3),
            leaves,
            "{variant} depth {depth}, 3 threads"
        );
    }
}

#[test]
fn perft_of_both_variants_from_the_start() {
    run("columns.txt");
}

#[test]
fn perft_deep() {
    run("columns-deep.txt");
}

/// Plays a record from the start; every move must be legal.
fn replay(variant: ColumnVariant, record: &str) -> ColumnPosition {
    use shashki_arbiter::rules::columns::notation::parse_move;
    let games = shashki_arbiter::rules::pdn::read(record).unwrap();
    let mut pos = variant.start();
    for m in &games[0].moves {
        let mv = parse_move(&pos, &m.text).unwrap_or_else(|e| panic!("{}: {e}", m.text));
        pos = pos.play(&mv);
    }
    pos
}

const FINAL: &str = "B:Wa7(wbb),h6(Wwbbbbbb),e5(ww),b4(www),f2,c1,e1,g1:Bb8,f8,h8,g7";

#[test]
fn the_codex_example_game_replays_to_its_final_position_in_full_and_short() {
    let full = "1. c3-b4 b6-c5 2. b4-a5 a7-b6 3. b2-c3 c5-b4 4. a3:a7 c7-b6 5. a5:e5 f6:b2 \
                6. a1:c3 d8-c7 7. g3-f4 e5:g3 8. h2:f4 g3:e5 9. e3:g5 h6:f4 10. d2-e3 f4:b4 \
                11. b2:d4:f6:d8:a5:d2:h6 1-0";
    let short = "1. cb4 bc5 2. ba5 ab6 3. bc3 cb4 4. a:a7 cb6 5. a:e5 f:b2 6. a:c3 dc7 \
                 7. gf4 e:g3 8. h:f4 g:e5 9.e:g5 h:f4 10. de3 f:b4 11.b2:d4:f6:d8D:a5:d2:h6 1-0";
    let expected = fen::parse(ColumnVariant::Towers, FINAL).unwrap();
    for record in [full, short] {
        let pos = replay(ColumnVariant::Towers, record);
        assert_eq!(fen::write(&pos), fen::write(&expected), "{record}");
        assert_eq!(pos, expected);
    }
}

/// The position after the first `plies` plies of the codex game.
fn codex_after(plies: usize) -> ColumnPosition {
    let full = "1. c3-b4 b6-c5 2. b4-a5 a7-b6 3. b2-c3 c5-b4 4. a3:a7 c7-b6 5. a5:e5 f6:b2 \
                6. a1:c3 d8-c7 7. g3-f4 e5:g3 8. h2:f4 g3:e5 9. e3:g5 h6:f4 10. d2-e3 f4:b4 \
                11. b2:d4:f6:d8:a5:d2:h6";
    use shashki_arbiter::rules::columns::notation::parse_move;
    let games = shashki_arbiter::rules::pdn::read(full).unwrap();
    let mut pos = ColumnVariant::Towers.start();
    for m in games[0].moves.iter().take(plies) {
        pos = pos.play(&parse_move(&pos, &m.text).unwrap());
    }
    pos
}

#[test]
fn illegal_column_moves_are_named_with_their_reason() {
    use shashki_arbiter::rules::columns::notation::parse_move;
    use shashki_arbiter::rules::IllegalReason;
    let reason = |pos: &ColumnPosition, text: &str| {
        let e = parse_move(pos, text).expect_err(text);
        (e.reason(), e.to_string())
    };
    // Move 4: a3:a7 is compulsory; a quiet move misses it.
    let (r, why) = reason(&codex_after(6), "g3-f4");
    assert_eq!(r, IllegalReason::MissedCapture, "{why}");
    // Move 6: b2 is topped by Black after 5…f6:b2 (white men under it): not White's column.
    let (r, why) = reason(&codex_after(10), "b2-a3");
    assert_eq!(r, IllegalReason::WrongPiece, "{why}");
    assert!(why.contains("topped by Black"), "{why}");
    // Move 8: h2:f4 stops; going on straight back over g3 is the 180° return.
    let (r, why) = reason(&codex_after(14), "h2:f4:h2");
    assert_eq!(r, IllegalReason::NotAMove, "{why}");
    assert!(why.contains("180°"), "{why}");
    // Move 11: the man crowned on d8 must go on capturing as a king.
    let (r, why) = reason(&codex_after(20), "b2:d4:f6:d8");
    assert_eq!(r, IllegalReason::CaptureIncomplete, "{why}");
    assert!(why.contains("crowned on d8"), "{why}");
}

#[test]
fn laska_moves_are_written_by_number_and_soldiers_capture_forward_only() {
    use shashki_arbiter::rules::columns::notation::{parse_move, write};
    let start = ColumnVariant::Laska.start();
    let m = parse_move(&start, "9-13").expect("c3-d4");
    assert_eq!(write(&start, &m), "9-13");
    assert!(parse_move(&start, "9-14").is_err());
    assert!(
        parse_move(&start, "c3-d4").is_err(),
        "Laska squares are numbers"
    );
    // A white soldier on 13 (d4) with a black soldier behind it on 9… a backward capture is no
    // capture for a soldier; an officer takes it.
    let soldier = fen::parse(ColumnVariant::Laska, "W:W13:B9,25").unwrap();
    // Its two steps forward, no capture.
    let moves = soldier.legal_moves();
    assert_eq!(moves.len(), 2);
    assert!(moves.iter().all(|m| !m.is_capture()));
    let officer = fen::parse(ColumnVariant::Laska, "W:WK13:B9,25").unwrap();
    let takes = parse_move(&officer, "13x5").expect("the officer takes backwards");
    assert_eq!(officer.play(&takes).column(4).letters(), "Wb");
}

#[test]
fn a_repetition_claim_and_the_fifteen_move_rule_in_towers() {
    use shashki_arbiter::rules::claim_repetition;
    use shashki_arbiter::rules::columns::game::{replay, QUIET_RULE};
    let record =
        "[FEN \"W:WKa1:BKh2\"]\n1. a1-b2 h2-g1 2. b2-a1 g1-h2 3. a1-b2 h2-g1 4. b2-a1 g1-h2 *";
    let game = &shashki_arbiter::rules::pdn::read(record).unwrap()[0];
    let r = replay(game, ColumnVariant::Towers).unwrap();
    assert!(r.first_illegal.is_none());
    let v = claim_repetition(&r, 8, None).unwrap();
    assert!(v.valid, "{}", v.detail);
    assert_eq!(v.plies, vec![0, 4, 8]);
    assert!(!claim_repetition(&r, 4, None).unwrap().valid, "twice only");
    // No change of material since the start: the 15-move counter runs, 4 moves of 15.
    let (reached, running) = r.quiet_moves_rule();
    assert!(reached.is_empty());
    assert_eq!(running[0].rule, QUIET_RULE);
    assert_eq!(
        (running[0].moves, running[0].limit, running[0].ends_at_ply),
        (4, 15, 30)
    );
}
