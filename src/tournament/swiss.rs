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
pub mod wide;

pub use check::{check, Breach};
pub use pair::{colour_by_lot, colour_lot_due, pair, Options, Paired, Proposal};

use crate::tournament::model::{Player, PlayerId};

/// Titles and ranks from the strongest, as Russian and FMJD lists write them.
const TITLES: [&str; 16] = [
    "GMI",
    "ГМИ",
    "ГМ",
    "MI",
    "МГ",
    "ММ",
    "IM",
    "МС",
    "MF",
    "FM",
    "МФ",
    "КМС",
    "1 разряд",
    "2 разряд",
    "3 разряд",
    "",
];

fn title_rank(title: &str) -> usize {
    let t = title.trim();
    TITLES
        .iter()
        .position(|x| x.eq_ignore_ascii_case(t))
        .unwrap_or(TITLES.len() - 1)
}

/// The initial ranking of a Swiss (C.04.3 A.2): rating, then title, then name.
pub fn initial_ranking(players: &[Player]) -> Vec<PlayerId> {
    let mut v: Vec<&Player> = players.iter().collect();
    v.sort_by(|a, b| {
        b.rating
            .unwrap_or(0)
            .cmp(&a.rating.unwrap_or(0))
            .then(title_rank(&a.title).cmp(&title_rank(&b.title)))
            .then(a.full_name().cmp(&b.full_name()))
    });
    v.into_iter().map(|p| p.id).collect()
}
