//! Events: colour-order tables, micromatches, opening ballots, results, the games' records and
//! standings.

pub mod audit;
pub mod ballot;
pub mod berger;
pub mod category;
pub mod command;
pub mod correction;
pub mod deputy;
pub mod encounter;
pub mod id;
pub mod integrity;
pub mod model;
pub mod norm_choice;
pub mod norms;
pub mod prize;
pub mod records;
pub mod registration;
pub mod roster;
pub mod round_robin;
pub mod schedule;
pub mod standings;
pub mod swiss;
pub mod system;
pub mod team;

pub use model::{GameResult, Player, PlayerId, TieBreak, Tournament};
