//! A column: the owner's pieces on top, the prisoners of the other colour below. A column never
//! has more than two colour bands (columns.md §3): a capture adds an enemy piece at the bottom and
//! a jumped column only loses its top.

use std::fmt;

/// One column, or an empty square (`height() == 0`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Column {
    /// Pieces in the top band (the owner's colour).
    pub top: u8,
    /// Prisoners: the pieces of the other colour below.
    pub bottom: u8,
    /// The top band is White.
    pub white: bool,
    /// Bit `i`: the `i`-th piece from the top is a king.
    pub kings: u32,
}

/// The piece taken from a column's top.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Taken {
    pub white: bool,
    pub king: bool,
}

/// Why a column written in a FEN cannot be.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ColumnError {
    #[error("`{0}` is not a piece letter (w, W, b, B)")]
    Letter(char),
    #[error("`{0}` has more than two colour bands: a column holds its owner's pieces over prisoners of the other colour only")]
    Bands(String),
    #[error("an empty column")]
    Empty,
    #[error("a column of {0} pieces: at most 24")]
    TooHigh(usize),
}

impl Column {
    pub const EMPTY: Column = Column {
        top: 0,
        bottom: 0,
        white: false,
        kings: 0,
    };

    /// A single piece.
    pub const fn piece(white: bool, king: bool) -> Column {
        Column {
            top: 1,
            bottom: 0,
            white,
            kings: king as u32,
        }
    }

    pub const fn height(self) -> u8 {
        self.top + self.bottom
    }

    pub const fn is_empty(self) -> bool {
        self.top == 0
    }

    /// The top piece is a king.
    pub const fn top_king(self) -> bool {
        self.kings & 1 != 0
    }

    /// Takes the top piece; the next piece down becomes the top (a freed prisoner changes the
    /// owner).
    pub fn take_top(&mut self) -> Taken {
        let taken = Taken {
            white: self.white,
            king: self.top_king(),
        };
        self.kings >>= 1;
        self.top -= 1;
        if self.top == 0 {
            if self.bottom == 0 {
                *self = Column::EMPTY;
            } else {
                self.top = self.bottom;
                self.bottom = 0;
                self.white = !self.white;
            }
        }
        taken
    }

    /// The reverse of [`Column::take_top`]: puts `piece` back on top.
    pub fn put_top(&mut self, piece: Taken) {
        if self.is_empty() {
            *self = Column::piece(piece.white, piece.king);
            return;
        }
        if piece.white != self.white {
            // The top band becomes the prisoners again.
            debug_assert_eq!(self.bottom, 0);
            self.bottom = self.top;
            self.top = 0;
            self.white = piece.white;
        }
        self.top += 1;
        self.kings = (self.kings << 1) | piece.king as u32;
    }

    /// A prisoner (of the other colour) goes under the column.
    pub fn add_prisoner(&mut self, king: bool) {
        self.kings |= (king as u32) << self.height();
        self.bottom += 1;
    }

    /// The reverse of [`Column::add_prisoner`].
    pub fn remove_prisoner(&mut self) {
        self.bottom -= 1;
        self.kings &= !(1u32 << self.height());
    }

    /// The top piece is crowned.
    pub fn crown(&mut self) {
        self.kings |= 1;
    }

    /// The pieces top first: (white, king).
    pub fn pieces(self) -> impl Iterator<Item = (bool, bool)> {
        (0..self.height()).map(move |i| {
            let white = if i < self.top {
                self.white
            } else {
                !self.white
            };
            (white, self.kings >> i & 1 != 0)
        })
    }

    /// The pieces top first, `w W b B`.
    pub fn letters(self) -> String {
        self.pieces()
            .map(|(white, king)| match (white, king) {
                (true, false) => 'w',
                (true, true) => 'W',
                (false, false) => 'b',
                (false, true) => 'B',
            })
            .collect()
    }

    /// Reads the letters of a column, top first.
    pub fn from_letters(text: &str) -> Result<Column, ColumnError> {
        let pieces: Vec<(bool, bool)> = text
            .chars()
            .map(|c| match c {
                'w' => Ok((true, false)),
                'W' => Ok((true, true)),
                'b' => Ok((false, false)),
                'B' => Ok((false, true)),
                other => Err(ColumnError::Letter(other)),
            })
            .collect::<Result<_, _>>()?;
        if pieces.is_empty() {
            return Err(ColumnError::Empty);
        }
        if pieces.len() > 24 {
            return Err(ColumnError::TooHigh(pieces.len()));
        }
        let white = pieces[0].0;
        let top = pieces.iter().take_while(|p| p.0 == white).count();
        if pieces[top..].iter().any(|p| p.0 == white) {
            return Err(ColumnError::Bands(text.to_string()));
        }
        let kings = pieces
            .iter()
            .enumerate()
            .fold(0u32, |k, (i, p)| k | (p.1 as u32) << i);
        Ok(Column {
            top: top as u8,
            bottom: (pieces.len() - top) as u8,
            white,
            kings,
        })
    }

    /// The material of the column as the draw rule compares it: the height of each band and
    /// where its kings are (the codex's `0`/`1` notation of a column).
    pub fn composition(self) -> (bool, u8, u8, u32) {
        (self.white, self.top, self.bottom, self.kings)
    }
}

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.letters())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn taking_the_top_frees_the_prisoners_and_putting_it_back_restores_the_column() {
        let mut c = Column::from_letters("Wwbbb").unwrap();
        let before = c;
        let a = c.take_top();
        assert_eq!((a.white, a.king), (true, true));
        assert_eq!(c.letters(), "wbbb");
        let b = c.take_top();
        assert_eq!(
            c.letters(),
            "bbb",
            "the black men are free, Black owns the column"
        );
        assert!(!c.white);
        c.put_top(b);
        c.put_top(a);
        assert_eq!(c, before);
        let mut one = Column::piece(false, false);
        one.take_top();
        assert_eq!(one, Column::EMPTY);
    }

    #[test]
    fn prisoners_go_under_in_the_order_taken() {
        let mut c = Column::piece(true, false);
        c.add_prisoner(true);
        c.add_prisoner(false);
        assert_eq!(c.letters(), "wBb");
        c.remove_prisoner();
        assert_eq!(c.letters(), "wB");
        assert!(Column::from_letters("wbw").is_err());
        assert!(Column::from_letters("wxb").is_err());
    }
}
