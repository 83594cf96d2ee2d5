//! One scenario per capture rule, as diagrams (White at the bottom; `w`/`b` men, `W`/`B` kings,
//! `.` empty dark squares; only dark squares are written).

use shashki_arbiter::rules::movegen::legal_moves;
use shashki_arbiter::rules::notation::{parse_move, path, write};
use shashki_arbiter::rules::{Color, IllegalReason, Position, Variant};

fn pos(variant: Variant, turn: Color, diagram: &str) -> Position {
    Position::from_diagram(variant, turn, diagram).unwrap()
}

/// The legal moves as full routes, sorted, with a `K` where the move crowns.
fn routes(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = legal_moves(p)
        .iter()
        .map(|m| format!("{}{}", path(p, m), if m.promotion { "K" } else { "" }))
        .collect();
    v.sort();
    v
}

#[test]
fn capture_is_compulsory() {
    let p = pos(
        Variant::Russian,
        Color::White,
        "
        . . . .
        . . . .
        . . . .
        . . . .
        . b . .
        . w . w
        . . . .
        . . . .",
    );
    assert_eq!(routes(&p), ["c3xe5"]);
}

#[test]
fn men_capture_backwards_except_in_english() {
    let diagram = "
        . . . .
        . . . .
        . . . .
        . . w .
        . b . .
        . . . .
        . . . .
        . . . .";
    // White man e5, black man d4 behind it.
    let russian = pos(Variant::Russian, Color::White, diagram);
    assert_eq!(routes(&russian), ["e5xc3"]);
    let english = pos(Variant::English, Color::White, diagram);
    assert!(routes(&english).iter().all(|r| !r.contains('x')));
    // English writes squares as numbers: e5 is 15, and men only go forward.
    assert_eq!(routes(&english), ["15-10", "15-11"]);
}

#[test]
fn free_choice_in_russian_majority_in_international() {
    // White man can take one piece one way or two the other.
    let diagram = "
        . . . .
        . . . .
        . b . .
        . . . .
        . b b .
        . . w .
        . . . .
        . . . .";
    let russian = pos(Variant::Russian, Color::White, diagram);
    assert_eq!(routes(&russian), ["e3xc5xe7", "e3xg5"]);
    let brazilian = pos(Variant::Brazilian, Color::White, diagram);
    assert_eq!(routes(&brazilian), ["e3xc5xe7"]);
}

#[test]
fn majority_counts_a_king_as_one_piece() {
    // One capture takes a king, the other two men: the two men must be taken.
    let p = pos(
        Variant::International,
        Color::White,
        "
        . . . . .
        . . . . .
        . . . . .
        . . . . .
        . . . . .
        . . b . .
        . . . . .
        . . b . .
        . B w . .
        . . . . .",
    );
    let r = routes(&p);
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(legal_moves(&p)[0].capture_count(), 2);
}

#[test]
fn circular_capture_returns_to_its_start_and_routes_merge() {
    // e3 takes d4, d6, f6, f4 and comes back to e3, either way round: one move.
    let p = pos(
        Variant::Russian,
        Color::White,
        "
        . . . .
        . . . .
        . b b .
        . . . .
        . b b .
        . . w .
        . . . .
        . . . .",
    );
    let moves = legal_moves(&p);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].from, moves[0].to);
    assert_eq!(moves[0].capture_count(), 4);
    assert_eq!(write(&p, &moves[0]), "e3:e3");
    assert_eq!(parse_move(&p, "e3:e3").unwrap(), moves[0]);
    // The Turkish strike: the captured d4 stays until the move ends, so e3 cannot take it again.
    assert_eq!(moves[0].route_len(), 5);
}

#[test]
fn flying_king_must_land_where_it_can_go_on() {
    // King a1 takes c3; only from e5 can it go on (g3), so d4, f6, g7, h8 are not allowed.
    let p = pos(
        Variant::Russian,
        Color::White,
        "
        . . . .
        . . . .
        . . . .
        . . . .
        . . . .
        . b . b
        . . . .
        W . . .",
    );
    assert_eq!(routes(&p), ["a1xe5xh2"]);
}

#[test]
fn king_stops_when_it_cannot_go_on_and_may_choose_its_square() {
    let p = pos(
        Variant::Russian,
        Color::White,
        "
        . . . .
        . . . .
        . . . .
        . . . .
        . . . .
        . b . .
        . . . .
        W . . .",
    );
    assert_eq!(routes(&p), ["a1xd4", "a1xe5", "a1xf6", "a1xg7", "a1xh8"]);
}

#[test]
fn russian_man_crowned_mid_capture_continues_as_king() {
    // b6 takes c7, lands on d8 and is crowned; as a king it flies on to take f6.
    let diagram = "
        . . . .
        . b . .
        w . b .
        . . . .
        . . . .
        . . . .
        . . . .
        . . . .";
    let russian = pos(Variant::Russian, Color::White, diagram);
    assert_eq!(routes(&russian), ["b6xd8xg5K", "b6xd8xh4K"]);
    // Under international rules (Brazilian) the man on d8 cannot go on as a man: it stops there.
    let brazilian = pos(Variant::Brazilian, Color::White, diagram);
    assert_eq!(routes(&brazilian), ["b6xd8K"]);
}

#[test]
fn international_man_passing_the_crown_row_stays_a_man() {
    // 12 takes 8 to land on 3 (crown row), then takes 9 backwards to 14: it ends a man.
    let p = pos(
        Variant::International,
        Color::White,
        "
        . . . . .
        . . b b .
        . w . . .
        . . . . .
        . . . . .
        . . . . .
        . . . . .
        . . . . .
        . . . . .
        . . . . .",
    );
    assert_eq!(routes(&p), ["12x3x14"]);
}

#[test]
fn english_kings_move_one_square_russian_kings_fly() {
    let diagram = "
        . . . .
        . . . .
        . . . .
        . . . .
        . W . .
        . . . .
        . . . .
        . . . .";
    assert_eq!(
        legal_moves(&pos(Variant::English, Color::White, diagram)).len(),
        4
    );
    assert_eq!(
        legal_moves(&pos(Variant::Russian, Color::White, diagram)).len(),
        13
    );
}

#[test]
fn english_king_jumps_only_adjacent_pieces() {
    let p = pos(
        Variant::English,
        Color::White,
        "
        . . . .
        . . . .
        . . . .
        . . . .
        . W . .
        . . . .
        . . b .
        . . . .",
    );
    // d4 and f2 are not adjacent: no capture, just the four steps.
    let moves = legal_moves(&p);
    assert_eq!(moves.len(), 4);
    assert!(moves.iter().all(|m| !m.is_capture()));
}

#[test]
fn illegal_moves_are_named_in_arbiter_terms() {
    let p = pos(
        Variant::Russian,
        Color::White,
        "
        . . . .
        . . . .
        . b b .
        . . . .
        . b b .
        . . w .
        . w . .
        . . . .",
    );
    let reason = |text: &str| parse_move(&p, text).unwrap_err().reason();
    assert_eq!(reason("d2-c3"), IllegalReason::MissedCapture);
    assert_eq!(reason("e3:c5"), IllegalReason::CaptureIncomplete);
    assert_eq!(reason("d4-c3"), IllegalReason::WrongPiece);
    assert_eq!(reason("h2-g3"), IllegalReason::WrongPiece);
    assert_eq!(reason("e3-e4"), IllegalReason::Syntax);
    assert_eq!(reason("z9-a1"), IllegalReason::Syntax);
    assert_eq!(reason("e3:a7"), IllegalReason::NotAMove);
    let err = parse_move(&p, "d2-c3").unwrap_err();
    assert_eq!(err.alternatives(), ["e3:e3"]);
}

#[test]
fn short_forms_and_separators_are_read() {
    let p = Position::start(Variant::Russian);
    let m = parse_move(&p, "c3-d4").unwrap();
    assert_eq!(parse_move(&p, "cd4").unwrap(), m);
    assert_eq!(parse_move(&p, "c3d4").unwrap(), m);
    assert_eq!(parse_move(&p, "22-18").unwrap(), m, "numeric 1-32, 1 = b8");
    assert_eq!(parse_move(&p, "C3-D4!").unwrap(), m);
    // cd4 vs ed4 are different pieces; "d4" alone is not a move.
    assert_ne!(parse_move(&p, "ed4").unwrap(), m);
    assert_eq!(
        parse_move(&p, "d4").unwrap_err().reason(),
        IllegalReason::Syntax
    );
    let intl = Position::start(Variant::International);
    assert_eq!(
        parse_move(&intl, "32-28").unwrap(),
        parse_move(&intl, "32 - 28").unwrap()
    );
}

#[test]
fn a_full_route_is_never_ambiguous() {
    // h4xf6xh8 takes two pieces; h4xf6xd8xb6xd4xh8 takes five and also lands on f6 on the way.
    // Written in full, the short route is that move; start and end alone fit both.
    let p = shashki_arbiter::rules::fen::parse(
        Variant::RussianGiveaway,
        "W:W13,17,20,23,25,26,29,30,31,32:B1,3,5,6,7,8,10,12,14,16",
    )
    .unwrap();
    let short = parse_move(&p, "h4:f6:h8").unwrap();
    assert_eq!(short.capture_count(), 2);
    assert_eq!(write(&p, &short), "h4:f6:h8");
    let long = parse_move(&p, "h4:d8:h8").unwrap();
    assert_eq!(long.capture_count(), 5);
    assert_eq!(
        parse_move(&p, "h4:h8").unwrap_err().reason(),
        IllegalReason::Ambiguous
    );
}
