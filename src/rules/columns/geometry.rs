//! The boards of column draughts: Russian 8x8 (towers) and Lasker's 7x7 (Laska), as squares with
//! their four diagonal neighbours. Neither fits the ghost-bit layout of the other variants (7x7
//! has rows of four and three squares), so both are neighbour tables.

/// No neighbour that way (the board's edge).
pub const NONE: u8 = u8::MAX;

/// The four diagonal directions, as White sees the board: up (towards Black) right, up left,
/// down right, down left. `d ^ 3` is the opposite direction.
pub const UP_RIGHT: usize = 0;
pub const UP_LEFT: usize = 1;
pub const DOWN_RIGHT: usize = 2;
pub const DOWN_LEFT: usize = 3;

pub const fn opposite(d: usize) -> usize {
    d ^ 3
}

/// Which way is "forward" for a side: White moves up, Black down.
pub const fn forward(white: bool) -> [usize; 2] {
    if white {
        [UP_RIGHT, UP_LEFT]
    } else {
        [DOWN_RIGHT, DOWN_LEFT]
    }
}

/// A board: its squares (file 0 = a, rank 1 = White's side) and their neighbours.
pub struct Geometry {
    pub size: u8,
    pub squares: usize,
    /// (file, rank) of each square, rank from 1.
    pub coords: [(u8, u8); 32],
    /// `next[square][direction]`, or [`NONE`].
    pub next: [[u8; 4]; 32],
    /// The squares on White's last rank (where White crowns) and on Black's.
    pub crown_white: u32,
    pub crown_black: u32,
}

impl Geometry {
    /// The square at a file and rank, if it is a playing square.
    pub fn at(&self, file: u8, rank: u8) -> Option<u8> {
        (0..self.squares as u8).find(|&s| self.coords[s as usize] == (file, rank))
    }

    /// `a1`-style name.
    pub fn algebraic(&self, s: u8) -> String {
        let (file, rank) = self.coords[s as usize];
        format!("{}{}", (b'a' + file) as char, rank)
    }

    pub fn crown_rank(&self, white: bool) -> u32 {
        if white {
            self.crown_white
        } else {
            self.crown_black
        }
    }
}

const fn build(size: u8, squares: usize, coords: [(u8, u8); 32]) -> Geometry {
    let mut next = [[NONE; 4]; 32];
    let mut crown_white = 0u32;
    let mut crown_black = 0u32;
    let mut s = 0;
    while s < squares {
        let (f, r) = coords[s];
        if r == size {
            crown_white |= 1 << s;
        }
        if r == 1 {
            crown_black |= 1 << s;
        }
        let steps: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
        let mut d = 0;
        while d < 4 {
            let nf = f as i8 + steps[d].0;
            let nr = r as i8 + steps[d].1;
            if nf >= 0 && nr >= 1 && nf < size as i8 && nr <= size as i8 {
                let mut t = 0;
                while t < squares {
                    if coords[t].0 == nf as u8 && coords[t].1 == nr as u8 {
                        next[s][d] = t as u8;
                    }
                    t += 1;
                }
            }
            d += 1;
        }
        s += 1;
    }
    Geometry {
        size,
        squares,
        coords,
        next,
        crown_white,
        crown_black,
    }
}

/// Russian 8x8 in PDN order: square 1 is b8, 4 is h8, 29 is a1, 32 is g1 (index = number − 1).
const fn towers_coords() -> [(u8, u8); 32] {
    let mut c = [(0u8, 0u8); 32];
    let mut i = 0;
    while i < 32 {
        let row = i / 4; // 0 = rank 8
        let file = 2 * (i % 4) + if row % 2 == 0 { 1 } else { 0 };
        c[i] = (file as u8, 8 - row as u8);
        i += 1;
    }
    c
}

/// Lasker's 7x7: square 1 is a1, numbered left to right, bottom to top; rows of four (a c e g)
/// and three (b d f) squares alternate (index = number − 1).
const fn laska_coords() -> [(u8, u8); 32] {
    let mut c = [(0u8, 0u8); 32];
    let mut i = 0;
    let mut rank = 1u8;
    while rank <= 7 {
        let mut file = if rank % 2 == 1 { 0u8 } else { 1u8 };
        while file < 7 {
            c[i] = (file, rank);
            i += 1;
            file += 2;
        }
        rank += 1;
    }
    c
}

pub static TOWERS: Geometry = build(8, 32, towers_coords());
pub static LASKA: Geometry = build(7, 25, laska_coords());

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_follows_the_codex_and_lasker() {
        assert_eq!(TOWERS.algebraic(0), "b8");
        assert_eq!(TOWERS.algebraic(28), "a1");
        assert_eq!(TOWERS.algebraic(31), "g1");
        assert_eq!(LASKA.algebraic(0), "a1");
        assert_eq!(LASKA.algebraic(3), "g1");
        assert_eq!(LASKA.algebraic(4), "b2");
        assert_eq!(LASKA.algebraic(24), "g7");
        // a1's only neighbour is b2, up and to the right.
        assert_eq!(LASKA.next[0], [4, NONE, NONE, NONE]);
        assert_eq!(TOWERS.next[28][UP_RIGHT], TOWERS.at(1, 2).unwrap());
        assert_eq!(TOWERS.crown_white.count_ones(), 4);
        assert_eq!(LASKA.crown_white.count_ones(), 4);
        assert_eq!(LASKA.crown_black.count_ones(), 4);
    }
}
