//! Column draughts (columns.md): Russian towers (столбовые шашки) and Lasker's Laska. A piece
//! that is captured is not removed but goes under the capturing column, so a square holds a
//! column; the position type, its move generator and its FEN are their own, beside the engine
//! of the other variants.

pub mod after;
pub mod column;
pub mod fen;
pub mod game;
pub mod geometry;
pub mod movegen;
pub mod notation;
pub mod position;

pub use column::Column;
pub use movegen::{perft, perft_parallel, ColumnMove};
pub use position::{ColumnPosition, ColumnVariant};

/// A variant of either engine, as the command line and files name it (an event's variant is
/// one: saved as its name, `"russian"` or `"towers"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyVariant {
    Plain(crate::rules::Variant),
    Columns(ColumnVariant),
}

impl std::str::FromStr for AnyVariant {
    type Err = String;
    fn from_str(s: &str) -> Result<AnyVariant, String> {
        if let Ok(v) = s.parse::<crate::rules::Variant>() {
            return Ok(AnyVariant::Plain(v));
        }
        s.trim()
            .parse::<ColumnVariant>()
            .map(AnyVariant::Columns)
            .map_err(|_| {
                let names: Vec<&str> = crate::rules::variant::ALL
                    .iter()
                    .map(|v| v.name())
                    .chain(position::ALL.iter().map(|v| v.name()))
                    .collect();
                format!(
                    "unknown variant `{}`: one of {}",
                    s.trim(),
                    names.join(", ")
                )
            })
    }
}

impl std::fmt::Display for AnyVariant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnyVariant::Plain(v) => write!(f, "{v}"),
            AnyVariant::Columns(v) => write!(f, "{v}"),
        }
    }
}

impl AnyVariant {
    pub const fn name(self) -> &'static str {
        match self {
            AnyVariant::Plain(v) => v.name(),
            AnyVariant::Columns(v) => v.name(),
        }
    }

    /// The variant's name for the arbiter, in words (the command line's name is [`AnyVariant::name`]).
    pub fn said(self, lang: crate::lang::Lang) -> &'static str {
        use crate::rules::Variant::*;
        let v = match self {
            AnyVariant::Plain(v) => v,
            AnyVariant::Columns(ColumnVariant::Towers) => {
                return lang.pick("Russian column draughts (towers)", "столбовые шашки");
            }
            AnyVariant::Columns(ColumnVariant::Laska) => return lang.pick("Laska", "ласка"),
        };
        match v {
            Russian => lang.pick("Russian draughts (shashki-64)", "русские шашки (шашки-64)"),
            RussianGiveaway => lang.pick("Russian giveaway", "обратные шашки (поддавки)"),
            Diagonal => lang.pick("diagonal draughts", "диагональные шашки"),
            International => lang.pick("international draughts", "международные шашки"),
            English => lang.pick("English checkers", "английские шашки"),
            Brazilian => lang.pick("Brazilian draughts", "бразильские шашки"),
        }
    }

    /// The variant of the plain engine, if it is one.
    pub const fn plain(self) -> Option<crate::rules::Variant> {
        match self {
            AnyVariant::Plain(v) => Some(v),
            AnyVariant::Columns(_) => None,
        }
    }

    /// Every variant, the plain ones first.
    pub fn all() -> impl Iterator<Item = AnyVariant> {
        crate::rules::variant::ALL
            .into_iter()
            .map(AnyVariant::Plain)
            .chain(position::ALL.into_iter().map(AnyVariant::Columns))
    }
}

impl From<crate::rules::Variant> for AnyVariant {
    fn from(v: crate::rules::Variant) -> AnyVariant {
        AnyVariant::Plain(v)
    }
}

impl From<ColumnVariant> for AnyVariant {
    fn from(v: ColumnVariant) -> AnyVariant {
        AnyVariant::Columns(v)
    }
}

impl serde::Serialize for AnyVariant {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for AnyVariant {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<AnyVariant, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
