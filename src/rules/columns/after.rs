//! The board after a move, compared with the legal moves: what an arbiter sees when a player has
//! moved and the record alone cannot say what happened. The common slip of column draughts — the
//! whole jumped column lifted off instead of its top piece — is named with the squares where the
//! rest of the column should have stayed.

use super::position::ColumnPosition;
use super::{notation, Column};
use crate::lang::Lang;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AfterVerdict {
    /// The board shows what this legal move leaves.
    Legal { written: String },
    /// The board shows a legal capture's route, but on some jumped squares the whole column was
    /// taken instead of its top: `kept` holds each such square with the column that should have
    /// stayed there (letters, top first).
    WholeColumnTaken {
        written: String,
        kept: Vec<(String, String)>,
    },
    /// No legal move leaves this board; the legal moves are listed.
    NoMove { legal: Vec<String> },
}

/// The placements of two positions differ on these squares (the side to move is not compared).
fn differing(a: &ColumnPosition, b: &ColumnPosition) -> Vec<u8> {
    (0..a.variant.geometry().squares as u8)
        .filter(|&s| a.column(s) != b.column(s))
        .collect()
}

/// Judges the board `after` a move played from `before` (the side to move in `before` moved).
pub fn judge(before: &ColumnPosition, after: &ColumnPosition) -> AfterVerdict {
    let legal = before.legal_moves();
    let written = notation::write_all(before, &legal);
    for (m, w) in legal.iter().zip(&written) {
        if differing(&before.play(m), after).is_empty() {
            return AfterVerdict::Legal { written: w.clone() };
        }
    }
    for (m, w) in legal.iter().zip(&written) {
        if !m.is_capture() {
            continue;
        }
        let expected = before.play(m);
        let diff = differing(&expected, after);
        let jumped = |s: &u8| m.captured().contains(s);
        let lifted: Vec<u8> = diff
            .iter()
            .copied()
            .filter(|s| jumped(s) && after.column(*s).is_empty())
            .collect();
        let top_band = |c: Column| (c.white, c.top, c.kings & ((1 << c.top) - 1));
        let only_there = diff.iter().all(|s| {
            (jumped(s) && after.column(*s).is_empty())
                || (*s == m.to && top_band(after.column(*s)) == top_band(expected.column(*s)))
        });
        if !lifted.is_empty() && only_there {
            return AfterVerdict::WholeColumnTaken {
                written: w.clone(),
                kept: lifted
                    .iter()
                    .map(|&s| (before.name(s), expected.column(s).letters()))
                    .collect(),
            };
        }
    }
    AfterVerdict::NoMove { legal: written }
}

impl AfterVerdict {
    pub fn is_legal(&self) -> bool {
        matches!(self, AfterVerdict::Legal { .. })
    }

    /// The verdict as the arbiter reads it.
    pub fn describe(&self, lang: Lang) -> String {
        match self {
            AfterVerdict::Legal { written } => format!(
                "{}: {written}",
                lang.pick("The board shows a legal move", "На доске возможный ход")
            ),
            AfterVerdict::WholeColumnTaken { written, kept } => {
                let squares: Vec<String> = kept
                    .iter()
                    .map(|(square, column)| format!("{square} ({column})"))
                    .collect();
                format!(
                    "{} {written} {}: {}",
                    lang.pick("Illegal: the capture", "Ход невозможен: при взятии"),
                    lang.pick(
                        "took whole columns instead of their top piece; these should have stayed",
                        "сняты столбы целиком, а не их верхние шашки; должны были остаться"
                    ),
                    squares.join(", ")
                )
            }
            AfterVerdict::NoMove { legal } => format!(
                "{}: {}",
                lang.pick(
                    "No legal move leaves this board. Legal here",
                    "Ни один возможный ход не даёт такой позиции. Возможные ходы"
                ),
                legal.join(", ")
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::columns::{fen, ColumnVariant};

    fn towers(text: &str) -> ColumnPosition {
        fen::parse(ColumnVariant::Towers, text).unwrap()
    }

    #[test]
    fn a_jumped_column_lifted_off_whole_is_named_with_what_should_have_stayed() {
        // White c3 takes d4's top, a black man: the two white men under it must stay on d4.
        let before = towers("W:Wc3:Bd4(bww),h8");
        let legal = towers("B:Wd4(ww),e5(wb):Bh8");
        assert_eq!(
            judge(&before, &legal),
            AfterVerdict::Legal {
                written: "c3:e5".into()
            }
        );
        let lifted = towers("B:We5(wb):Bh8");
        assert_eq!(
            judge(&before, &lifted),
            AfterVerdict::WholeColumnTaken {
                written: "c3:e5".into(),
                kept: vec![("d4".into(), "ww".into())]
            }
        );
        // Another slip on the same route is not this one: the capturer left its prisoner.
        let no_prisoner = towers("B:We5,d4(ww):Bh8");
        assert!(matches!(
            judge(&before, &no_prisoner),
            AfterVerdict::NoMove { .. }
        ));
        assert!(judge(&before, &lifted)
            .describe(Lang::Ru)
            .contains("d4 (ww)"));
    }

    #[test]
    fn a_board_no_move_leaves_lists_the_legal_moves() {
        let before = ColumnVariant::Towers.start();
        let after =
            towers("B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8");
        match judge(&before, &after) {
            AfterVerdict::NoMove { legal } => assert_eq!(legal.len(), 7),
            other => panic!("{other:?}"),
        }
    }
}
