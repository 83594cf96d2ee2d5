//! Boards, squares and the bit layout shared by every variant.
//!
//! Squares are numbered as in PDN: 1 is the top-left dark square seen from White (b8 on 8x8,
//! the square left of j10 on 10x10's top row is 5), counting left to right, row by row. Internally
//! a square is its number minus one. Bitboards add a "ghost" bit after every two rows, so that
//! every diagonal step is the same shift on every row: `±half` and `±(half + 1)`.

use std::fmt;

/// The board a variant is played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Board {
    Eight,
    Ten,
}

/// A dark square, zero-based (PDN number minus one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    pub const fn new(index: u8) -> Square {
        Square(index)
    }
    pub const fn index(self) -> u8 {
        self.0
    }
    /// The PDN square number, from 1.
    pub const fn number(self) -> u8 {
        self.0 + 1
    }
}

impl Board {
    /// Squares on a side (8 or 10).
    pub const fn size(self) -> u8 {
        match self {
            Board::Eight => 8,
            Board::Ten => 10,
        }
    }
    /// Dark squares per row.
    pub const fn half(self) -> u8 {
        self.size() / 2
    }
    /// Dark squares on the board.
    pub const fn squares(self) -> u8 {
        self.size() * self.half()
    }
    pub const fn row(self, s: Square) -> u8 {
        s.0 / self.half()
    }
    pub const fn col(self, s: Square) -> u8 {
        let row = self.row(s);
        2 * (s.0 % self.half()) + if row.is_multiple_of(2) { 1 } else { 0 }
    }
    /// The square at a row (0 = top, Black's back row) and column (0 = a), if it is dark.
    pub const fn at(self, row: u8, col: u8) -> Option<Square> {
        if row >= self.size() || col >= self.size() || (row + col).is_multiple_of(2) {
            return None;
        }
        Some(Square(row * self.half() + col / 2))
    }
    /// The square with a PDN number.
    pub fn from_number(self, n: u32) -> Option<Square> {
        (1..=self.squares() as u32)
            .contains(&n)
            .then(|| Square((n - 1) as u8))
    }
    /// The bit of a square in the ghost layout.
    pub const fn bit(self, s: Square) -> u32 {
        s.0 as u32 + s.0 as u32 / (2 * self.half() as u32)
    }
    /// The square of a bit of the ghost layout (the bit must be valid).
    pub const fn square_of_bit(self, bit: u32) -> Square {
        Square((bit - bit / (2 * self.half() as u32 + 1)) as u8)
    }
    /// Every valid bit of the ghost layout.
    pub const fn valid(self) -> u64 {
        let mut mask = 0u64;
        let mut s = 0;
        while s < self.squares() {
            mask |= 1 << self.bit(Square(s));
            s += 1;
        }
        mask
    }
    /// The bits of a row (0 = top).
    pub const fn row_mask(self, row: u8) -> u64 {
        let mut mask = 0u64;
        let mut i = 0;
        while i < self.half() {
            mask |= 1 << self.bit(Square(row * self.half() + i));
            i += 1;
        }
        mask
    }
    /// How a square is written: algebraic (`c3`) on 8x8, its number on 10x10.
    pub fn name(self, s: Square) -> String {
        match self {
            Board::Eight => self.algebraic(s),
            Board::Ten => s.number().to_string(),
        }
    }
    /// The algebraic name, `a1` at White's bottom-left corner.
    pub fn algebraic(self, s: Square) -> String {
        let file = (b'a' + self.col(s)) as char;
        let rank = self.size() - self.row(s);
        format!("{file}{rank}")
    }
    /// Parses `c3`, `C3` or a number.
    pub fn parse_square(self, text: &str) -> Option<Square> {
        let t = text.trim();
        if let Ok(n) = t.parse::<u32>() {
            return self.from_number(n);
        }
        let bytes = t.as_bytes();
        if bytes.len() < 2 || !bytes[0].is_ascii_alphabetic() {
            return None;
        }
        let col = bytes[0].to_ascii_lowercase().checked_sub(b'a')?;
        let rank: u8 = t[1..].parse().ok()?;
        if rank == 0 || rank > self.size() {
            return None;
        }
        self.at(self.size() - rank, col)
    }
}

/// Iterates the set bits of a bitboard, lowest first.
#[derive(Clone, Copy)]
pub struct Bits(pub u64);

impl Iterator for Bits {
    type Item = u32;
    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            None
        } else {
            let b = self.0.trailing_zeros();
            self.0 &= self.0 - 1;
            Some(b)
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_follows_pdn() {
        let b = Board::Eight;
        assert_eq!(b.algebraic(Square::new(0)), "b8");
        assert_eq!(b.algebraic(Square::new(4)), "a7");
        assert_eq!(b.algebraic(Square::new(28)), "a1");
        assert_eq!(b.algebraic(Square::new(31)), "g1");
        assert_eq!(b.parse_square("c3"), Some(Square::new(21)));
        assert_eq!(b.parse_square("d4"), b.from_number(18));
        assert_eq!(b.parse_square("a2"), None, "a2 is a light square");
        let t = Board::Ten;
        assert_eq!(t.algebraic(Square::new(45)), "a1");
        assert_eq!(t.algebraic(Square::new(0)), "b10");
    }

    #[test]
    fn bits_round_trip_and_ghosts_are_skipped() {
        for b in [Board::Eight, Board::Ten] {
            for s in 0..b.squares() {
                let sq = Square::new(s);
                assert_eq!(b.square_of_bit(b.bit(sq)), sq);
            }
            assert_eq!(b.valid().count_ones(), b.squares() as u32);
        }
        assert_eq!(Board::Eight.valid() & (1 << 8), 0);
        assert_eq!(Board::Ten.valid() & (1 << 10), 0);
    }
}
