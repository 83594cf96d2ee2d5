//! Round trips: every generated move, written and read back, is the same move; every position
//! written as FEN reads back as itself. Positions come from seeded random playouts.

use proptest::prelude::*;
use shashki_arbiter::rules::movegen::legal_moves;
use shashki_arbiter::rules::notation::{parse_move, path, write};
use shashki_arbiter::rules::variant::ALL;
use shashki_arbiter::rules::{fen, Position};

fn check_position(p: &Position) {
    assert_eq!(fen::parse(p.variant(), &fen::write(p)).unwrap(), *p);
    for m in legal_moves(p) {
        let short = write(p, &m);
        assert_eq!(
            parse_move(p, &short).unwrap(),
            m,
            "{short} in {}",
            fen::write(p)
        );
        let full = path(p, &m);
        assert_eq!(
            parse_move(p, &full).unwrap(),
            m,
            "{full} in {}",
            fen::write(p)
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn written_moves_read_back(variant in 0..ALL.len(), choices in proptest::collection::vec(any::<u16>(), 0..120)) {
        let mut p = Position::start(ALL[variant]);
        check_position(&p);
        for c in choices {
            let moves = legal_moves(&p);
            if moves.is_empty() {
                break;
            }
            p = p.play(&moves[c as usize % moves.len()]);
            check_position(&p);
        }
    }
}

#[test]
fn all_kings_positions_round_trip() {
    // Crowded king positions produce the long and ambiguous captures.
    let p = fen::parse(
        shashki_arbiter::rules::Variant::International,
        "W:WK31-K50:BK1-K20",
    )
    .unwrap();
    let mut frontier = vec![p];
    for _ in 0..3 {
        let mut next = Vec::new();
        for q in &frontier {
            check_position(q);
            next.extend(legal_moves(q).iter().take(6).map(|m| q.play(m)));
        }
        frontier = next;
    }
}
