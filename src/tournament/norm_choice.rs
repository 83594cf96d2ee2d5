//! What an event chooses for its rank norms: the ЕВСК table file and the options (rounding, the
//! least players and games). Kept apart from the norms' method so that the event's settings
//! (`model`) hold the choice without knowing how norms are computed.

use serde::{Deserialize, Serialize};

use crate::lang::Lang;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rounding {
    /// To the nearest half point, a quarter up (3.25 → 3.5).
    HalfUp,
    /// To the nearest half point, a quarter to the even half (3.25 → 3.0, 3.75 → 4.0).
    HalfEven,
    /// Not rounded.
    None,
}

impl Rounding {
    pub const ALL: [Rounding; 3] = [Rounding::HalfUp, Rounding::HalfEven, Rounding::None];

    pub fn said(self, lang: Lang) -> &'static str {
        match self {
            Rounding::HalfUp => lang.pick(
                "to a half point, a quarter up",
                "до половины очка, четверть вверх",
            ),
            Rounding::HalfEven => lang.pick(
                "to a half point, a quarter to the even half",
                "до половины очка, четверть к чётной половине",
            ),
            Rounding::None => lang.pick("not at all", "не округляется"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    pub rounding: Rounding,
    pub min_players: usize,
    pub min_games: usize,
}

/// The event's choice of table and options (Event › «Судьи и документы»): unset, the shipped
/// table with its own options.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct NormsChoice {
    /// A table file, beside the event when the path is relative; empty: the shipped table.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub table: String,
    /// The event's rounding and minimums; `None`: the table's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub options: Option<Options>,
}

impl NormsChoice {
    pub fn is_default(&self) -> bool {
        *self == NormsChoice::default()
    }
}
