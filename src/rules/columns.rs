//! Column draughts (columns.md): Russian towers (столбовые шашки) and Lasker's Laska. A piece
//! that is captured is not removed but goes under the capturing column, so a square holds a
//! column; the position type, its move generator and its FEN are their own, beside the engine
//! of the other variants.

pub mod column;
pub mod fen;
pub mod geometry;
pub mod movegen;
pub mod notation;
pub mod position;

pub use column::Column;
pub use movegen::{perft, ColumnMove};
pub use position::{ColumnPosition, ColumnVariant};
