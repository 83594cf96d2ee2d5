//! Threefold-repetition claims (both forms of the codex procedure) and the counting draw rules.

use shashki_arbiter::rules::game::{claim_repetition, replay, ClaimError};
use shashki_arbiter::rules::{check_game, pdn, Color, Variant};

/// Two kings shuffling: the start position stands again after plies 4 and 8.
const SHUFFLE: &str =
    "[FEN \"W:WK29:BK5\"]\n1. a1-b2 a7-b8 2. b2-a1 b8-a7 3. a1-b2 a7-b8 4. b2-a1 b8-a7 *";

fn shuffle(plies: usize) -> shashki_arbiter::rules::Replay {
    let mut g = pdn::read(SHUFFLE).unwrap().remove(0);
    g.moves.truncate(plies);
    replay(&g, Variant::Russian).unwrap()
}

#[test]
fn claim_after_the_third_occurrence_is_valid_with_its_evidence() {
    let r = shuffle(8);
    let v = claim_repetition(&r, 8, None).unwrap();
    assert!(v.valid);
    assert_eq!(v.plies, [0, 4, 8]);
    assert_eq!(v.claimant, Color::White);
    assert_eq!(v.fen, "W:WK29:BK5");
}

#[test]
fn claim_on_the_second_occurrence_fails_and_the_game_goes_on() {
    let r = shuffle(8);
    let v = claim_repetition(&r, 4, None).unwrap();
    assert!(!v.valid);
    assert_eq!(v.plies, [0, 4]);
}

#[test]
fn claim_with_a_written_move_checks_the_position_it_would_make() {
    let r = shuffle(7);
    let v = claim_repetition(&r, 7, Some("b8-a7")).unwrap();
    assert!(v.valid, "{}", v.detail);
    assert_eq!(v.claimant, Color::Black);
    assert_eq!(v.plies, [0, 4, 8]);
    assert_eq!(v.written_move.as_deref(), Some("b8-a7"));
    // Another written move does not repeat: the claim fails and that move stands.
    let v = claim_repetition(&r, 7, Some("b8-c7")).unwrap();
    assert!(!v.valid);
    // An illegal written move never makes a valid claim.
    let v = claim_repetition(&r, 7, Some("b8-h8")).unwrap();
    assert!(!v.valid);
}

#[test]
fn claim_beyond_an_unreadable_record_waits() {
    let mut g = pdn::read(SHUFFLE).unwrap().remove(0);
    g.moves[5].text = "b8-b6".into();
    let r = replay(&g, Variant::Russian).unwrap();
    assert_eq!(
        claim_repetition(&r, 8, None),
        Err(ClaimError::IncompleteRecord(6))
    );
}

#[test]
fn check_reports_the_repetitions_and_the_counting_rules() {
    let g = pdn::read(SHUFFLE).unwrap().remove(0);
    let report = check_game(1, &g, Variant::Russian);
    let threefold: Vec<_> = report.repetitions.iter().filter(|r| r.threefold).collect();
    assert_eq!(threefold.len(), 1);
    assert_eq!(threefold[0].plies, [0, 4, 8]);
    // King against king (two pieces): 5 moves without change end the game at ply 10; the game
    // has 8 plies, so the counter is still running.
    let c = report
        .draw_counters
        .iter()
        .find(|c| c.rule == "kings_2_3_pieces")
        .unwrap();
    assert_eq!(
        (c.since_ply, c.moves, c.limit, c.ends_at_ply),
        (0, 4, 5, 10)
    );
    let k = report
        .draw_counters
        .iter()
        .find(|c| c.rule == "kings_only")
        .unwrap();
    assert_eq!((k.moves, k.ends_at_ply), (4, 30));
}

#[test]
fn counting_rule_reached_names_the_ply() {
    let moves =
        "1. a1-b2 a7-b8 2. b2-a1 b8-a7 3. a1-b2 a7-b8 4. b2-a1 b8-a7 5. a1-b2 a7-b8 6. b2-c3 *";
    let g = pdn::read(&format!("[FEN \"W:WK29:BK5\"]\n{moves}"))
        .unwrap()
        .remove(0);
    let report = check_game(1, &g, Variant::Russian);
    let fired: Vec<_> = report
        .draw_rules
        .iter()
        .map(|d| (d.rule, d.since_ply, d.ends_at_ply))
        .collect();
    assert_eq!(fired, [("kings_2_3_pieces", 0, 10)]);
}

#[test]
fn lone_king_counts_the_stronger_sides_moves() {
    // Three white kings against a black king: 15 of White's moves (Russian).
    let g = pdn::read("[FEN \"W:WK29,K31,K32:BK4\"]\n1. a1-b2 *")
        .unwrap()
        .remove(0);
    let report = check_game(1, &g, Variant::Russian);
    let c = report
        .draw_counters
        .iter()
        .find(|c| c.rule == "three_kings_vs_king")
        .unwrap();
    // White has made 1 of 15 moves; Black is to move, so White's 15th move is ply 1 + 2*14 = 29.
    assert_eq!((c.moves, c.limit, c.ends_at_ply), (1, 15, 29));
}
