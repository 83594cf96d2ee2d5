//! Positions: an unchecked [`Setup`] (any placement) is validated into a [`Position`].

use super::color::Color;
use super::mv::Move;
use super::square::{Bits, Board, Square};
use super::variant::Variant;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub king: bool,
}

/// Any placement of pieces, not yet checked against the variant's rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub variant: Variant,
    pub turn: Color,
    /// (square, piece); a square listed twice is an error found by validation.
    pub pieces: Vec<(Square, Piece)>,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("square {0} holds two pieces")]
    Overlap(String),
    #[error("square {0} is not on the {1} board")]
    OffBoard(u8, String),
    #[error(
        "a {color} man stands on {square}, its own crown row, where it would have been crowned"
    )]
    ManOnCrownRow { color: Color, square: String },
}

/// A legal placement with a side to move. Equal positions are equal placements with the same side
/// to move, which is what the repetition rule compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) variant: Variant,
    pub(crate) white: u64,
    pub(crate) black: u64,
    pub(crate) kings: u64,
    pub(crate) turn: Color,
}

impl Setup {
    pub fn validate(&self) -> Result<Position, PositionError> {
        let board = self.variant.board();
        let mut pos = Position {
            variant: self.variant,
            white: 0,
            black: 0,
            kings: 0,
            turn: self.turn,
        };
        for &(sq, piece) in &self.pieces {
            if sq.index() >= board.squares() {
                return Err(PositionError::OffBoard(
                    sq.number(),
                    self.variant.to_string(),
                ));
            }
            let bit = 1u64 << board.bit(sq);
            if (pos.white | pos.black) & bit != 0 {
                return Err(PositionError::Overlap(board.name(sq)));
            }
            match piece.color {
                Color::White => pos.white |= bit,
                Color::Black => pos.black |= bit,
            }
            if piece.king {
                pos.kings |= bit;
            } else if bit & crown_row(board, piece.color) != 0 {
                return Err(PositionError::ManOnCrownRow {
                    color: piece.color,
                    square: board.name(sq),
                });
            }
        }
        Ok(pos)
    }
}

/// The row where a side's men are crowned.
pub(crate) const fn crown_row(board: Board, color: Color) -> u64 {
    match color {
        Color::White => board.row_mask(0),
        Color::Black => board.row_mask(board.size() - 1),
    }
}

impl Position {
    /// The start position of a variant.
    pub fn start(variant: Variant) -> Position {
        let (white, black) = variant.start_squares();
        let man = |color| Piece { color, king: false };
        let mut pieces: Vec<(Square, Piece)> = white
            .into_iter()
            .map(|n| (Square::new(n - 1), man(Color::White)))
            .collect();
        pieces.extend(
            black
                .into_iter()
                .map(|n| (Square::new(n - 1), man(Color::Black))),
        );
        Setup {
            variant,
            turn: variant.rules().first,
            pieces,
        }
        .validate()
        .expect("start positions are valid")
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }
    pub fn board(&self) -> Board {
        self.variant.board()
    }
    pub fn turn(&self) -> Color {
        self.turn
    }
    pub(crate) fn own(&self) -> u64 {
        match self.turn {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }
    pub(crate) fn opp(&self) -> u64 {
        match self.turn {
            Color::White => self.black,
            Color::Black => self.white,
        }
    }
    pub(crate) fn occupied(&self) -> u64 {
        self.white | self.black
    }

    pub fn piece_at(&self, s: Square) -> Option<Piece> {
        let bit = 1u64 << self.board().bit(s);
        let king = self.kings & bit != 0;
        if self.white & bit != 0 {
            Some(Piece {
                color: Color::White,
                king,
            })
        } else if self.black & bit != 0 {
            Some(Piece {
                color: Color::Black,
                king,
            })
        } else {
            None
        }
    }

    /// Every piece with its square, in square order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let board = self.board();
        Bits(self.occupied()).map(move |bit| {
            let sq = board.square_of_bit(bit);
            (sq, self.piece_at(sq).expect("occupied"))
        })
    }

    pub fn to_setup(&self) -> Setup {
        Setup {
            variant: self.variant,
            turn: self.turn,
            pieces: self.pieces().collect(),
        }
    }

    /// Men and kings of a side.
    pub fn count(&self, color: Color) -> (u32, u32) {
        let side = match color {
            Color::White => self.white,
            Color::Black => self.black,
        };
        (
            (side & !self.kings).count_ones(),
            (side & self.kings).count_ones(),
        )
    }

    /// The position after a move generated in this position.
    #[inline]
    pub fn play(&self, m: &Move) -> Position {
        let board = self.board();
        let from = 1u64 << board.bit(m.from);
        let to = 1u64 << board.bit(m.to);
        let captured = m.captured_bits;
        let mut next = *self;
        let was_king = self.kings & from != 0;
        // from may equal to (a circular capture), so clear then set rather than toggle.
        let (own, opp) = match self.turn {
            Color::White => (&mut next.white, &mut next.black),
            Color::Black => (&mut next.black, &mut next.white),
        };
        *own = (*own & !from) | to;
        *opp &= !captured;
        next.kings &= !(captured | from);
        if was_king || m.promotion {
            next.kings |= to;
        }
        next.turn = self.turn.opposite();
        next
    }

    /// The same placement with the other side to move (for composed problems).
    pub fn with_turn(mut self, turn: Color) -> Position {
        self.turn = turn;
        self
    }

    /// A text diagram, White at the bottom: `w`/`b` men, `W`/`B` kings, `.` empty dark squares.
    pub fn diagram(&self) -> String {
        let board = self.board();
        let mut out = String::new();
        for row in 0..board.size() {
            for col in 0..board.size() {
                let c = match board.at(row, col) {
                    None => ' ',
                    Some(sq) => match self.piece_at(sq) {
                        None => '.',
                        Some(Piece {
                            color: Color::White,
                            king,
                        }) => {
                            if king {
                                'W'
                            } else {
                                'w'
                            }
                        }
                        Some(Piece {
                            color: Color::Black,
                            king,
                        }) => {
                            if king {
                                'B'
                            } else {
                                'b'
                            }
                        }
                    },
                };
                out.push(c);
                if col + 1 < board.size() {
                    out.push(' ');
                }
            }
            out.push('\n');
        }
        out
    }

    /// A position from a diagram as [`Position::diagram`] writes it (spaces between columns
    /// optional, light squares may be blank or `-`). Test scenarios read as pictures this way.
    pub fn from_diagram(variant: Variant, turn: Color, diagram: &str) -> Result<Position, String> {
        let board = variant.board();
        let rows: Vec<Vec<char>> = diagram
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
            .filter(|r| !r.is_empty())
            .collect();
        if rows.len() != board.size() as usize {
            return Err(format!(
                "expected {} rows, got {}",
                board.size(),
                rows.len()
            ));
        }
        let mut pieces = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            // Only the dark squares are written when a row has `half` cells.
            let dark_only = row.len() == board.half() as usize;
            if !dark_only && row.len() != board.size() as usize {
                return Err(format!("row {} has {} cells", r + 1, row.len()));
            }
            for (i, &c) in row.iter().enumerate() {
                let sq = if dark_only {
                    Square::new(r as u8 * board.half() + i as u8)
                } else {
                    match board.at(r as u8, i as u8) {
                        Some(sq) => sq,
                        None => continue,
                    }
                };
                let piece = match c {
                    'w' => Piece {
                        color: Color::White,
                        king: false,
                    },
                    'W' => Piece {
                        color: Color::White,
                        king: true,
                    },
                    'b' => Piece {
                        color: Color::Black,
                        king: false,
                    },
                    'B' => Piece {
                        color: Color::Black,
                        king: true,
                    },
                    _ => continue,
                };
                pieces.push((sq, piece));
            }
        }
        Setup {
            variant,
            turn,
            pieces,
        }
        .validate()
        .map_err(|e| e.to_string())
    }
}
