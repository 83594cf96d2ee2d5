//! Column draughts (columns.md): Russian towers (столбовые шашки) and Lasker's Laska. A piece
//! that is captured is not removed but goes under the capturing column, so a square holds a
//! column; the position type, its move generator and its FEN are their own, beside the engine
//! of the other variants.

pub mod column;
pub mod fen;
pub mod game;
pub mod geometry;
pub mod movegen;
pub mod notation;
pub mod position;

pub use column::Column;
pub use movegen::{perft, ColumnMove};
pub use position::{ColumnPosition, ColumnVariant};

/// A variant of either engine, as the command line and files name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
