//! The rules engine: variants, positions, legal moves, notation, FEN, PDN and game checking.
//!
//! Nothing here knows about tournaments, clocks or the GUI. Positions are bitboards in a
//! "ghost square" layout so that every variant's move generator is the same shifts with
//! different constants (see [`square`]).

pub mod any;
pub mod color;
pub mod columns;
pub mod diagram;
pub mod draw;
pub mod fen;
pub mod game;
pub mod movegen;
pub mod mv;
pub mod notation;
pub mod pdn;
pub mod perft;
pub mod position;
pub mod square;
pub mod variant;

pub use fen::FenError;
pub use game::{
    check_game, claim_repetition, ClaimVerdict, GameReport, IllegalPly, Record, Replay,
};

pub use mv::Move;
pub use notation::{IllegalReason, MoveText, NotationError};
pub use pdn::{PdnError, PdnGame};

pub use color::Color;
pub use position::{Piece, Position, PositionError, Setup};
pub use square::{Board, Square};
pub use variant::Variant;
