//! The Scheveningen system (схевенингенская): two sides of n, each player meeting every player of
//! the other side once (or twice: the double system), board j always seating player j of side A.
//! The tables are the published ones (`resources/scheveningen.txt`, each with its source:
//! Milvang 2022, Wikipedia, the Swiss-Manager vendor); the Soviet cyclic scheme (side A White on
//! every board in odd rounds) is an option. A double Scheveningen plays the first half again in
//! reverse order with colours swapped.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::{check_round, Draft, Encounter, PairingSystem, Pass, SystemError};
use crate::lang::Lang;
use crate::tournament::model::{PlayerId, Tournament};

/// The published tables, as text (`table N single`, then `round r: A1-B1 B2-A2 …`).
const TABLES: &str = include_str!("../../../resources/scheveningen.txt");

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scheveningen {
    /// Side A and side B, each in board order.
    pub sides: [Vec<PlayerId>; 2],
    /// The sides' names (a team, a city, «сборная»), `A` and `B` when none is given.
    #[serde(default)]
    pub names: [String; 2],
    #[serde(default)]
    pub double: bool,
    #[serde(default)]
    pub soviet: bool,
}

/// One seat of a table: a side (0 for A, 1 for B) and a board number from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Seat {
    pub side: usize,
    pub number: usize,
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", ["A", "B"][self.side], self.number)
    }
}

/// A round of a table: each board's (White, Black), board j holding A_j.
pub type TableRound = Vec<(Seat, Seat)>;

/// The largest published table.
pub const LARGEST: usize = 13;

fn published() -> &'static Vec<(usize, Vec<TableRound>)> {
    static TABLES_READ: OnceLock<Vec<(usize, Vec<TableRound>)>> = OnceLock::new();
    TABLES_READ.get_or_init(|| parse(TABLES).expect("the shipped Scheveningen tables read"))
}

fn seat(text: &str) -> Option<Seat> {
    let side = match text.get(..1)? {
        "A" => 0,
        "B" => 1,
        _ => return None,
    };
    Some(Seat {
        side,
        number: text.get(1..)?.parse().ok()?,
    })
}

/// Reads the tables' text; a line that is not a table's or a round's is refused with its number.
pub fn parse(text: &str) -> Result<Vec<(usize, Vec<TableRound>)>, String> {
    let mut out: Vec<(usize, Vec<TableRound>)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = || format!("scheveningen tables, line {}: `{line}`", i + 1);
        if let Some(rest) = line.strip_prefix("table ") {
            let mut words = rest.split_whitespace();
            let n: usize = words.next().and_then(|w| w.parse().ok()).ok_or_else(bad)?;
            // Only the single tables are read: a double one is the single one played back.
            if words.next() == Some("single") {
                out.push((n, vec![]));
            } else {
                out.push((0, vec![]));
            }
        } else if let Some((_, pairs)) = line.split_once(':') {
            let round: TableRound = pairs
                .split_whitespace()
                .map(|p| {
                    let (w, b) = p.split_once('-')?;
                    Some((seat(w)?, seat(b)?))
                })
                .collect::<Option<_>>()
                .ok_or_else(bad)?;
            out.last_mut().ok_or_else(bad)?.1.push(round);
        } else {
            return Err(bad());
        }
    }
    out.retain(|(n, _)| *n > 0);
    Ok(out)
}

/// The Soviet cyclic scheme: A_i meets B_((i + r − 2) mod n) + 1 in round r, side A White on
/// every board in odd rounds.
pub fn soviet(n: usize) -> Vec<TableRound> {
    (1..=n)
        .map(|r| {
            (1..=n)
                .map(|i| {
                    let a = Seat { side: 0, number: i };
                    let b = Seat {
                        side: 1,
                        number: (i + r - 2) % n + 1,
                    };
                    if r % 2 == 1 {
                        (a, b)
                    } else {
                        (b, a)
                    }
                })
                .collect()
        })
        .collect()
}

/// The table for sides of `n`: the published one (or the Soviet scheme), played back in reverse
/// order with colours swapped for the double system.
pub fn table(n: usize, double: bool, soviet_scheme: bool) -> Result<Vec<TableRound>, SystemError> {
    let single = if soviet_scheme {
        soviet(n)
    } else {
        published()
            .iter()
            .find(|(size, _)| *size == n)
            .map(|(_, rounds)| rounds.clone())
            .ok_or_else(|| {
                SystemError::Other(format!(
                    "no published Scheveningen table for sides of {n} (2 to {LARGEST}); the Soviet scheme (--soviet) pairs any size"
                ))
            })?
    };
    let mut rounds = single.clone();
    if double {
        rounds.extend(
            single
                .iter()
                .rev()
                .map(|r| r.iter().map(|&(w, b)| (b, w)).collect::<TableRound>()),
        );
    }
    Ok(rounds)
}

/// The event's sides: as set, or (an event made at the console, which names none) the first
/// half of the list against the second, in list order.
pub fn sides(t: &Tournament) -> Scheveningen {
    t.settings.scheveningen.clone().unwrap_or_else(|| {
        let ids: Vec<PlayerId> = t.players.iter().map(|p| p.id).collect();
        let (a, b) = ids.split_at(ids.len() / 2);
        Scheveningen {
            sides: [a.to_vec(), b.to_vec()],
            names: ["A".into(), "B".into()],
            double: false,
            soviet: false,
        }
    })
}

pub(crate) struct ScheveningenSystem;
pub(crate) static SCHEVENINGEN: ScheveningenSystem = ScheveningenSystem;

impl PairingSystem for ScheveningenSystem {
    fn propose(&self, t: &Tournament, round: usize) -> Result<Draft, SystemError> {
        let s = sides(t);
        let n = s.sides[0].len();
        if n < 2 || s.sides[1].len() != n {
            return Err(SystemError::Other(format!(
                "a Scheveningen needs two sides of the same size, at least 2 (they have {} and {})",
                s.sides[0].len(),
                s.sides[1].len()
            )));
        }
        check_round(t, round, self.planned_rounds(t, t.players.len()))?;
        let rounds = table(n, s.double, s.soviet)?;
        let player = |seat: Seat| s.sides[seat.side][seat.number - 1];
        let encounters: Vec<Encounter> = rounds[round - 1]
            .iter()
            .enumerate()
            .map(|(i, &(w, b))| Encounter {
                board: i + 1,
                white: player(w),
                black: player(b),
                seeds: None,
                group: None,
                table: Some(format!("{w}-{b}")),
            })
            .collect();
        Ok(Draft::laid_out(
            round,
            encounters,
            vec![],
            Pass::Rests,
            None,
        ))
    }

    /// «схевенингенская система, двойная, 2 команды по 4 участника».
    fn describe(&self, t: &Tournament, lang: Lang) -> String {
        let s = sides(t);
        let mut out = t.settings.system.said(lang).to_string();
        if s.double {
            out += lang.pick(", double", ", двойная");
        }
        if s.soviet {
            out += lang.pick(", Soviet scheme", ", советская схема");
        }
        let n = s.sides[0].len() as u64;
        out += &match lang {
            Lang::En => format!(
                ", two sides of {}",
                lang.count(n, ["player", "players"], ["", "", ""])
            ),
            Lang::Ru => format!(
                ", две команды по {n} {}",
                crate::lang::ru_noun(n, ["участнику", "участника", "участников"])
            ),
        };
        out
    }

    fn planned_rounds(&self, t: &Tournament, _entrants: usize) -> Option<usize> {
        let s = sides(t);
        Some(s.sides[0].len() * if s.double { 2 } else { 1 })
    }
}

/// Each side's game points (in the event's scoring) after `up_to` rounds: the side with more
/// wins the match.
pub fn side_points(t: &Tournament, up_to: Option<usize>) -> Option<[f64; 2]> {
    if t.settings.system != crate::tournament::model::System::Scheveningen {
        return None;
    }
    let s = sides(t);
    let lines = crate::tournament::standings::compute(t, up_to);
    let of = |side: &Vec<PlayerId>| {
        lines
            .iter()
            .filter(|l| side.contains(&l.id))
            .map(|l| {
                l.rounds
                    .iter()
                    .filter_map(|r| r.score_if_scored())
                    .sum::<f64>()
            })
            .sum()
    };
    Some([of(&s.sides[0]), of(&s.sides[1])])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_tables_read_and_each_player_meets_every_opponent_once() {
        for n in 2..=LARGEST {
            let t = table(n, false, false).unwrap();
            assert_eq!(t.len(), n, "{n}");
            let mut met = std::collections::BTreeSet::new();
            for r in &t {
                for (j, &(w, b)) in r.iter().enumerate() {
                    let (a, bb) = if w.side == 0 { (w, b) } else { (b, w) };
                    assert_eq!((a.side, a.number, bb.side), (0, j + 1, 1), "{n}");
                    assert!(met.insert((a.number, bb.number)), "{n}: met twice");
                }
            }
            assert_eq!(met.len(), n * n);
        }
    }
}
