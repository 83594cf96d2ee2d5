//! Column-draughts variants and positions: a column on each occupied square, a side to move.

use std::fmt;
use std::str::FromStr;

use super::column::Column;
use super::geometry::{Geometry, LASKA, TOWERS};
use crate::rules::Color;

/// The column-draughts variants (columns.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColumnVariant {
    /// Russian column draughts (столбовые шашки), codex 2003.
    Towers,
    /// Lasker's Lasca (1911).
    Laska,
}

/// The rules of a column variant, the one table they are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColumnRules {
    /// Men capture backwards too (towers; Laska's soldiers capture forward only).
    pub men_capture_backwards: bool,
    /// Kings move and capture along whole diagonals (towers; Laska's officers step).
    pub flying_kings: bool,
    /// A column may be jumped again in the same move (towers, though never by turning straight
    /// back over it); Laska: each square's column at most once per move.
    pub jump_again: bool,
    /// A man crowned during a capture goes on capturing as a king (towers); Laska: the move
    /// ends there.
    pub crowned_goes_on: bool,
    /// Moves without a change of material after which a draw may be claimed (towers: 15).
    pub quiet_moves_draw: Option<u32>,
}

pub const ALL: [ColumnVariant; 2] = [ColumnVariant::Towers, ColumnVariant::Laska];

impl ColumnVariant {
    pub const fn rules(self) -> ColumnRules {
        match self {
            ColumnVariant::Towers => ColumnRules {
                men_capture_backwards: true,
                flying_kings: true,
                jump_again: true,
                crowned_goes_on: true,
                quiet_moves_draw: Some(15),
            },
            ColumnVariant::Laska => ColumnRules {
                men_capture_backwards: false,
                flying_kings: false,
                jump_again: false,
                crowned_goes_on: false,
                quiet_moves_draw: None,
            },
        }
    }

    pub fn geometry(self) -> &'static Geometry {
        match self {
            ColumnVariant::Towers => &TOWERS,
            ColumnVariant::Laska => &LASKA,
        }
    }

    /// The name on the command line and in files.
    pub const fn name(self) -> &'static str {
        match self {
            ColumnVariant::Towers => "towers",
            ColumnVariant::Laska => "laska",
        }
    }

    /// Squares are written algebraically (towers, as the codex) or by number (Laska).
    pub const fn numbered(self) -> bool {
        matches!(self, ColumnVariant::Laska)
    }

    /// The start: towers as Russian draughts (12 men each on ranks 1–3 and 6–8), Laska 11 each
    /// on squares 1–11 and 15–25. White moves first.
    pub fn start(self) -> ColumnPosition {
        let g = self.geometry();
        let mut pos = ColumnPosition::empty(self, Color::White);
        let rows = 3;
        for s in 0..g.squares as u8 {
            let rank = g.coords[s as usize].1;
            if rank <= rows {
                pos.set(s, Column::piece(true, false));
            } else if rank > g.size - rows {
                pos.set(s, Column::piece(false, false));
            }
        }
        pos
    }
}

impl fmt::Display for ColumnVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ColumnVariant {
    type Err = String;
    fn from_str(s: &str) -> Result<ColumnVariant, String> {
        match s.trim().to_lowercase().as_str() {
            "towers" | "bashni" | "column" | "stolbovye" | "столбовые" | "столбовые шашки" => {
                Ok(ColumnVariant::Towers)
            }
            "laska" | "lasca" | "ласка" => Ok(ColumnVariant::Laska),
            other => Err(format!("unknown column variant `{other}`: towers or laska")),
        }
    }
}

/// A placement of columns with a side to move. Equal positions are equal placements (every
/// column, its bands and its kings) with the same side to move: what repetition compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ColumnPosition {
    pub variant: ColumnVariant,
    pub turn: Color,
    pub(crate) cols: [Column; 32],
    /// Occupied squares; squares whose top is White; squares whose top is a king.
    pub(crate) occupied: u32,
    pub(crate) white: u32,
    pub(crate) kings: u32,
}

impl ColumnPosition {
    pub fn empty(variant: ColumnVariant, turn: Color) -> ColumnPosition {
        ColumnPosition {
            variant,
            turn,
            cols: [Column::EMPTY; 32],
            occupied: 0,
            white: 0,
            kings: 0,
        }
    }

    pub fn column(&self, s: u8) -> Column {
        self.cols[s as usize]
    }

    /// Puts a column on a square (an empty column empties it), keeping the masks.
    pub fn set(&mut self, s: u8, c: Column) {
        let bit = 1u32 << s;
        self.cols[s as usize] = c;
        if c.is_empty() {
            self.occupied &= !bit;
            self.white &= !bit;
            self.kings &= !bit;
        } else {
            self.occupied |= bit;
            if c.white {
                self.white |= bit;
            } else {
                self.white &= !bit;
            }
            if c.top_king() {
                self.kings |= bit;
            } else {
                self.kings &= !bit;
            }
        }
    }

    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The squares whose column the side owns (its colour on top).
    pub fn own(&self, side: Color) -> u32 {
        match side {
            Color::White => self.white,
            Color::Black => self.occupied & !self.white,
        }
    }

    /// Every occupied square with its column, lowest square first.
    pub fn columns(&self) -> impl Iterator<Item = (u8, Column)> + '_ {
        (0..self.variant.geometry().squares as u8)
            .filter(|&s| self.occupied >> s & 1 != 0)
            .map(|s| (s, self.cols[s as usize]))
    }

    /// The square's name as the variant writes it: `c3` (towers) or its number (Laska).
    pub fn name(&self, s: u8) -> String {
        if self.variant.numbered() {
            (s + 1).to_string()
        } else {
            self.variant.geometry().algebraic(s)
        }
    }

    /// Reads a square: algebraic (`c3`) or a number (towers: the Russian numbering, 1 = b8;
    /// Laska: 1 = a1).
    pub fn parse_square(&self, text: &str) -> Option<u8> {
        let g = self.variant.geometry();
        let t = text.trim();
        if let Ok(n) = t.parse::<usize>() {
            return (1..=g.squares).contains(&n).then(|| (n - 1) as u8);
        }
        let b = t.as_bytes();
        if b.len() < 2 || !b[0].is_ascii_alphabetic() {
            return None;
        }
        let file = b[0].to_ascii_lowercase().checked_sub(b'a')?;
        let rank: u8 = t[1..].parse().ok()?;
        g.at(file, rank)
    }

    /// The material as the 15-move rule compares it: every column's composition, wherever it
    /// stands.
    pub fn material(&self) -> Vec<(bool, u8, u8, u32)> {
        let mut m: Vec<_> = self.columns().map(|(_, c)| c.composition()).collect();
        m.sort_unstable();
        m
    }
}
