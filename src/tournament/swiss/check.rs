//! The absolute criteria of a round's pairings: used on every proposal in the tests, and on a
//! pairing the arbiter changed by hand, to name each rule it breaks.

use std::collections::BTreeMap;

use serde::Serialize;

use super::dutch::Broken;
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

impl Breach {
    /// How far a pairing by hand that breaks it may go: made once the arbiter confirms (a
    /// rematch, a forbidden pair, a third colour in a row or a colour difference over 2, a
    /// second bye), or refused (a player twice, unknown, withdrawn, or forgotten).
    pub fn level(&self) -> crate::tournament::audit::Level {
        use crate::tournament::audit::Level;
        match self {
            Breach::Rematch { .. }
            | Breach::Forbidden { .. }
            | Breach::ColourLimit { .. }
            | Breach::SecondBye { .. } => Level::Confirm,
            Breach::PairedTwice { .. }
            | Breach::NotInEvent { .. }
            | Breach::Withdrawn { .. }
            | Breach::Left { .. } => Level::Refuse,
        }
    }
}

impl crate::lang::Russian for Breach {
    fn ru(&self) -> String {
        match self {
            Breach::Rematch { a, b } => format!("участники {a} и {b} уже встречались"),
            Breach::Forbidden { a, b } => format!("участники {a} и {b} — запрещённая пара"),
            Breach::ColourLimit { player, colour } => format!(
                "участник {player} {}: третий раз подряд тот же цвет или разница цветов больше 2",
                match colour {
                    Color::White => "белыми",
                    Color::Black => "чёрными",
                }
            ),
            Breach::SecondBye { player } => {
                format!("участник {player} уже получал свободный тур")
            }
            Breach::PairedTwice { player } => format!("участник {player} спарен дважды"),
            Breach::NotInEvent { player } => format!("участника {player} нет в турнире"),
            Breach::Withdrawn { player } => format!("участник {player} выбыл"),
            Breach::Left { player } => {
                format!("участник {player} не спарен и не отмечен отсутствующим")
            }
        }
    }
}

/// Every absolute rule that the round's `pairs` (White, Black) and `bye` break, before round
/// `round` of `t` — the same rules the pairing applies ([`super::dutch::breaches`]).
pub fn check(
    t: &Tournament,
    round: usize,
    pairs: &[(PlayerId, PlayerId)],
    bye: Option<PlayerId>,
    absent: &[PlayerId],
) -> Vec<Breach> {
    let first = super::pair::initial_colour(t, &super::Options::default());
    let (input, ids) = super::input::for_round(t, round, absent, first);
    let index: BTreeMap<PlayerId, usize> = ids.iter().enumerate().map(|(i, &id)| (id, i)).collect();
    let mut out = Vec::new();
    let mut seen: BTreeMap<PlayerId, usize> = BTreeMap::new();
    let mut known = Vec::new();
    for &(w, b) in pairs {
        for p in [w, b] {
            *seen.entry(p).or_default() += 1;
        }
        match (index.get(&w), index.get(&b)) {
            (Some(&iw), Some(&ib)) => {
                for p in [iw, ib] {
                    if input.players[p].absent && !absent.contains(&ids[p]) {
                        out.push(Breach::Withdrawn { player: ids[p] });
                    }
                }
                known.push((iw, ib));
            }
            _ => {
                for p in [w, b] {
                    if !index.contains_key(&p) {
                        out.push(Breach::NotInEvent { player: p });
                    }
                }
            }
        }
    }
    let bye_index = bye.and_then(|b| index.get(&b).copied());
    for broken in super::dutch::breaches(&input, &known, bye_index) {
        out.push(match broken {
            Broken::Rematch(a, b) => Breach::Rematch {
                a: ids[a],
                b: ids[b],
            },
            Broken::Forbidden(a, b) => Breach::Forbidden {
                a: ids[a],
                b: ids[b],
            },
            Broken::ColourLimit(p, colour) => Breach::ColourLimit {
                player: ids[p],
                colour,
            },
            Broken::SecondBye(p) => Breach::SecondBye { player: ids[p] },
        });
    }
    if let Some(p) = bye {
        *seen.entry(p).or_default() += 1;
    }
    for &p in absent {
        *seen.entry(p).or_default() += 1;
    }
    for (&p, &n) in &seen {
        if n > 1 {
            out.push(Breach::PairedTwice { player: p });
        }
    }
    for (i, p) in input.players.iter().enumerate() {
        if !p.absent && !seen.contains_key(&ids[i]) {
            out.push(Breach::Left { player: ids[i] });
        }
    }
    out
}
