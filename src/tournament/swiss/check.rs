//! The absolute criteria of a round's pairings: used on every proposal in the tests, and on a
//! pairing the arbiter changed by hand, to name each rule it breaks.

use std::collections::BTreeMap;

use serde::Serialize;

use super::colour::breaks_limits;
use super::history::History;
use crate::rules::Color;
use crate::tournament::model::{PlayerId, Tournament};

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "rule")]
pub enum Breach {
    Rematch { a: PlayerId, b: PlayerId },
    Forbidden { a: PlayerId, b: PlayerId },
    ColourLimit { player: PlayerId, colour: Color },
    SecondBye { player: PlayerId },
    PairedTwice { player: PlayerId },
    NotInEvent { player: PlayerId },
    Withdrawn { player: PlayerId },
    Left { player: PlayerId },
}

impl std::fmt::Display for Breach {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Breach::Rematch { a, b } => write!(f, "players {a} and {b} have already met"),
            Breach::Forbidden { a, b } => write!(f, "players {a} and {b} are a forbidden pair"),
            Breach::ColourLimit { player, colour } => write!(
                f,
                "player {player} with {colour} would have the same colour three times running or a colour difference beyond 2"
            ),
            Breach::SecondBye { player } => write!(f, "player {player} already had a bye"),
            Breach::PairedTwice { player } => write!(f, "player {player} is paired twice"),
            Breach::NotInEvent { player } => write!(f, "player {player} is not in the event"),
            Breach::Withdrawn { player } => write!(f, "player {player} has withdrawn"),
            Breach::Left { player } => write!(f, "player {player} is neither paired nor absent"),
        }
    }
}

/// Every absolute rule that the round's `pairs` (White, Black) and `bye` break, before round
/// `round` of `t`.
pub fn check(
    t: &Tournament,
    round: usize,
    pairs: &[(PlayerId, PlayerId)],
    bye: Option<PlayerId>,
    absent: &[PlayerId],
) -> Vec<Breach> {
    let history = History::before(t, round);
    let state: BTreeMap<PlayerId, _> = history.players.iter().map(|p| (p.id, p)).collect();
    let mut out = Vec::new();
    let mut seen: BTreeMap<PlayerId, usize> = BTreeMap::new();
    for &(w, b) in pairs {
        for p in [w, b] {
            *seen.entry(p).or_default() += 1;
        }
        match (state.get(&w), state.get(&b)) {
            (Some(sw), Some(sb)) => {
                if sw.opponents.contains(&b) {
                    out.push(Breach::Rematch { a: w, b });
                }
                if t.forbidden
                    .iter()
                    .any(|&(x, y)| (x, y) == (w, b) || (x, y) == (b, w))
                {
                    out.push(Breach::Forbidden { a: w, b });
                }
                if breaks_limits(sw, Color::White) {
                    out.push(Breach::ColourLimit {
                        player: w,
                        colour: Color::White,
                    });
                }
                if breaks_limits(sb, Color::Black) {
                    out.push(Breach::ColourLimit {
                        player: b,
                        colour: Color::Black,
                    });
                }
            }
            _ => {
                for p in [w, b] {
                    if !state.contains_key(&p) {
                        out.push(if t.player(p).is_some() {
                            Breach::Withdrawn { player: p }
                        } else {
                            Breach::NotInEvent { player: p }
                        });
                    }
                }
            }
        }
    }
    if let Some(p) = bye {
        *seen.entry(p).or_default() += 1;
        if state.get(&p).is_some_and(|s| s.had_bye) {
            out.push(Breach::SecondBye { player: p });
        }
    }
    for &p in absent {
        *seen.entry(p).or_default() += 1;
    }
    for (&p, &n) in &seen {
        if n > 1 {
            out.push(Breach::PairedTwice { player: p });
        }
    }
    for p in &history.players {
        if !seen.contains_key(&p.id) {
            out.push(Breach::Left { player: p.id });
        }
    }
    out
}
