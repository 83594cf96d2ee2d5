//! Swiss pairings by the FIDE Dutch system (Handbook C.04.3), for single games and micromatches
//! (a micromatch pairs once per round; its game 1 colour is the colour that counts).
//!
//! How it works: each player's history (score, opponents, colours, floats, byes) is read from the
//! event; every pair that the absolute criteria allow becomes an edge of a graph, weighted so that
//! a maximum-weight matching satisfies the quality criteria in the Dutch order — as many players
//! paired as possible, then the smallest score differences, floats in the lowest score groups,
//! colour preferences, no repeated floats, and within a score group the top half against the
//! bottom half in rank order (S1 against S2). The matching is computed exactly (blossom
//! algorithm, `integer-blossom`), so no pairing is missed that a bracket-by-bracket search would
//! find; colours are then allocated by the Dutch colour rules. Every pairing comes with the
//! reasons the arbiter can show.

pub mod check;
pub mod colour;
pub mod dutch;
pub mod history;
pub mod pair;
pub mod trf;
pub mod wide;

pub use check::{check, Breach};
pub use history::{History, PlayerState};
pub use pair::{colour_by_lot, pair, Options, Paired, Proposal};

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
