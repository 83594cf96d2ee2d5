//! The variants and their rules as named constants (the seeds in `shared/seeds/` are the source).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

use super::color::Color;
use super::square::Board;

/// A draughts variant the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Variant {
    /// Russian draughts, classic and шашки-64 (same rules).
    Russian,
    /// Поддавки: Russian moves, the goal reversed.
    RussianGiveaway,
    /// Диагональные: Russian moves, the long diagonal a1–h8 empty at the start.
    Diagonal,
    /// International draughts on 10x10.
    International,
    /// English checkers: Black moves first, men never capture backwards, kings move one square.
    English,
    /// Brazilian: the international rules on an 8x8 board.
    Brazilian,
}

/// How a player chooses among several captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureChoice {
    /// Any capture may be chosen (Russian 000 "по своему выбору").
    Free,
    /// The capture taking the most pieces is compulsory, kings count as one (004).
    Majority,
}

/// What a man does when it reaches the crown row in the middle of a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrownInCapture {
    /// Russian: it is crowned at once and goes on capturing as a king.
    ContinueAsKing,
    /// International and Brazilian: it goes on as a man if it can, and is crowned only if the
    /// move ends there. English men cannot capture backwards, so on the crown row they stop and
    /// are crowned, which is the same rule.
    ContinueAsMan,
}

/// The rules of a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    pub board: Board,
    pub first: Color,
    pub men_capture_backwards: bool,
    pub flying_kings: bool,
    pub capture_choice: CaptureChoice,
    pub crown_in_capture: CrownInCapture,
}

pub const ALL: [Variant; 6] = [
    Variant::Russian,
    Variant::RussianGiveaway,
    Variant::Diagonal,
    Variant::International,
    Variant::English,
    Variant::Brazilian,
];

impl Variant {
    pub const fn rules(self) -> Rules {
        match self {
            Variant::Russian | Variant::RussianGiveaway | Variant::Diagonal => Rules {
                board: Board::Eight,
                first: Color::White,
                men_capture_backwards: true,
                flying_kings: true,
                capture_choice: CaptureChoice::Free,
                crown_in_capture: CrownInCapture::ContinueAsKing,
            },
            Variant::International => Rules {
                board: Board::Ten,
                first: Color::White,
                men_capture_backwards: true,
                flying_kings: true,
                capture_choice: CaptureChoice::Majority,
                crown_in_capture: CrownInCapture::ContinueAsMan,
            },
            Variant::Brazilian => Rules {
                board: Board::Eight,
                first: Color::White,
                men_capture_backwards: true,
                flying_kings: true,
                capture_choice: CaptureChoice::Majority,
                crown_in_capture: CrownInCapture::ContinueAsMan,
            },
            Variant::English => Rules {
                board: Board::Eight,
                first: Color::Black,
                men_capture_backwards: false,
                flying_kings: false,
                capture_choice: CaptureChoice::Free,
                crown_in_capture: CrownInCapture::ContinueAsMan,
            },
        }
    }

    pub const fn board(self) -> Board {
        self.rules().board
    }

    /// The name used on the command line and in files.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Russian => "russian",
            Variant::RussianGiveaway => "russian-giveaway",
            Variant::Diagonal => "diagonal",
            Variant::International => "international",
            Variant::English => "english",
            Variant::Brazilian => "brazilian",
        }
    }

    /// The PDN `GameType` number (PDN 3.0), where the standard gives one.
    pub const fn game_type(self) -> Option<u32> {
        match self {
            Variant::International => Some(20),
            Variant::English => Some(21),
            Variant::Russian => Some(25),
            Variant::Brazilian => Some(26),
            Variant::RussianGiveaway | Variant::Diagonal => None,
        }
    }

    /// The variant of a PDN `GameType` tag value such as `20` or `25,W,8,8,A0,0`.
    pub fn from_game_type(tag: &str) -> Option<Variant> {
        let number: u32 = tag.split(',').next()?.trim().parse().ok()?;
        ALL.into_iter().find(|v| v.game_type() == Some(number))
    }

    /// Squares of each side at the start, as square numbers from 1.
    pub fn start_squares(self) -> (Vec<u8>, Vec<u8>) {
        let board = self.board();
        let n = board.squares();
        match self {
            Variant::Diagonal => {
                // Long diagonal a1–h8 empty, Black above-left of it, White below-right (000).
                let mut white = Vec::new();
                let mut black = Vec::new();
                for s in 0..n {
                    let sq = super::square::Square::new(s);
                    let sum = board.row(sq) + board.col(sq);
                    match sum.cmp(&(board.size() - 1)) {
                        std::cmp::Ordering::Less => black.push(s + 1),
                        std::cmp::Ordering::Greater => white.push(s + 1),
                        std::cmp::Ordering::Equal => {}
                    }
                }
                (white, black)
            }
            _ => {
                let rows = board.size() / 2 - 1;
                let per_side = rows * board.half();
                let black = (1..=per_side).collect();
                let white = (n - per_side + 1..=n).collect();
                (white, black)
            }
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Debug, thiserror::Error)]
#[error("unknown variant `{0}` (expected one of: russian, russian-giveaway, diagonal, international, english, brazilian)")]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ALL.into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

/// A variant written as its name string (`"russian-giveaway"`), for RON files, where enum variants
/// would otherwise be bare identifiers that cannot hold a `-`.
pub mod as_name {
    use super::Variant;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &Variant, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(v.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Variant, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
