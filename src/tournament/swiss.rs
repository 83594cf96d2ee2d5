//! Swiss pairings by the FIDE Dutch system (Handbook C.04.3, 2025 edition), exactly as the
//! FIDE-endorsed bbpPairings pairs them (checked on its reference pairings), for single games
//! and micromatches (a micromatch pairs once per round: its points are the round's, its game-1
//! colour the colour that counts). [`dutch`] is the pairing itself, [`input`] reads an event
//! for it, [`pair`] adds the reasons the arbiter reads out, [`check`] names the absolute rules a
//! hand-made pairing breaks, [`trf`] reads and writes FIDE report files.

pub mod audit;
pub mod blossom;
pub mod check;
pub mod dutch;
pub mod input;
mod narrow;
pub mod pair;
pub mod trf;
pub mod trf26;
pub mod wide;

pub use check::{check, Breach};
pub use pair::{colour_by_lot, colour_lot_due, pair, Options, Paired, Proposal};

use crate::tournament::model::{Player, PlayerId};

/// The initial ranking of a Swiss (C.04.3 A.2): rating, then title or rank, then name. Ranks
/// are read as everywhere else, through the ЕВСК table's names and aliases ("1", "1 разряд",
/// "I", "1ю", "б/р", "КМС", "KMS", "GMI" …), strongest first.
pub fn initial_ranking(players: &[Player]) -> Vec<PlayerId> {
    let table = crate::tournament::norms::Table::shipped();
    let mut v: Vec<&Player> = players.iter().collect();
    v.sort_by(|a, b| {
        b.rating
            .unwrap_or(0)
            .cmp(&a.rating.unwrap_or(0))
            .then(table.strength(&a.title).cmp(&table.strength(&b.title)))
            .then(a.full_name().cmp(&b.full_name()))
    });
    v.into_iter().map(|p| p.id).collect()
}
