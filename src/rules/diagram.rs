//! What a board shows, whichever engine holds the position: every playing square at its place
//! (row 0 at the top, White at the bottom, as the arbiter sees the board) with the pieces on it,
//! top first. A square of the plain variants holds one piece; a column holds several.

use super::columns::ColumnPosition;
use super::position::{Piece, Position};
use super::Color;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// Squares on a side: 7, 8 or 10.
    pub size: u8,
    pub spots: Vec<Spot>,
}

/// One playing square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spot {
    /// The engine's number of the square (`Square::index` or a column square).
    pub id: u8,
    pub row: u8,
    pub col: u8,
    /// The square's name as the variant writes it (`c3`, `22`).
    pub name: String,
    /// Top first; empty on an empty square.
    pub pieces: Vec<Piece>,
}

impl Diagram {
    pub fn spot(&self, id: u8) -> Option<&Spot> {
        self.spots.iter().find(|s| s.id == id)
    }

    /// The playing square at a row and column, if there is one.
    pub fn at(&self, row: u8, col: u8) -> Option<&Spot> {
        self.spots.iter().find(|s| s.row == row && s.col == col)
    }
}

impl From<&Position> for Diagram {
    fn from(p: &Position) -> Diagram {
        let board = p.board();
        let spots = (0..board.squares())
            .map(|i| {
                let sq = super::Square::new(i);
                Spot {
                    id: i,
                    row: board.row(sq),
                    col: board.col(sq),
                    name: board.name(sq),
                    pieces: p.piece_at(sq).into_iter().collect(),
                }
            })
            .collect();
        Diagram {
            size: board.size(),
            spots,
        }
    }
}

impl From<&ColumnPosition> for Diagram {
    fn from(p: &ColumnPosition) -> Diagram {
        let g = p.variant.geometry();
        let spots = (0..g.squares as u8)
            .map(|s| {
                let (file, rank) = g.coords[s as usize];
                Spot {
                    id: s,
                    row: g.size - rank,
                    col: file,
                    name: p.name(s),
                    pieces: p
                        .column(s)
                        .pieces()
                        .map(|(white, king)| Piece {
                            color: if white { Color::White } else { Color::Black },
                            king,
                        })
                        .collect(),
                }
            })
            .collect();
        Diagram {
            size: g.size,
            spots,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::columns::ColumnVariant;

    #[test]
    fn squares_stand_where_the_arbiter_sees_them() {
        let russian = Diagram::from(&Position::start(crate::rules::Variant::Russian));
        let b8 = russian.at(0, 1).expect("b8 is a playing square");
        assert_eq!(b8.name, "b8");
        assert_eq!(b8.pieces[0].color, Color::Black);
        assert!(russian.at(0, 0).is_none());
        let laska = Diagram::from(&ColumnVariant::Laska.start());
        let a1 = laska.at(6, 0).expect("Laska's a1 is a playing square");
        assert_eq!((a1.name.as_str(), a1.pieces[0].color), ("1", Color::White));
        assert_eq!(laska.spots.len(), 25);
        let towers = Diagram::from(&ColumnVariant::Towers.start());
        assert_eq!(towers.at(7, 0).unwrap().name, "a1");
    }

    #[test]
    fn a_column_is_listed_top_first() {
        let p =
            crate::rules::columns::fen::parse(ColumnVariant::Towers, "W:Wc3(Wwbb):Bh8").unwrap();
        let d = Diagram::from(&p);
        let c3 = d.spots.iter().find(|s| s.name == "c3").unwrap();
        let letters: Vec<(Color, bool)> = c3.pieces.iter().map(|p| (p.color, p.king)).collect();
        assert_eq!(
            letters,
            [
                (Color::White, true),
                (Color::White, false),
                (Color::Black, false),
                (Color::Black, false)
            ]
        );
    }
}
