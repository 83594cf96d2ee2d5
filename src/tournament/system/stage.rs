//! Stages (смешанная система): the next stage takes its entrants from the standings of the last
//! (the top K of each group into Final A, places 1–8 into a knockout), each stage its own event
//! file naming where it came from. Games between players who meet again may be carried over
//! when the regulation says so (FMJD 2013): their game is not played again, its result stands in
//! the new table, shown as carried.

use serde::{Deserialize, Serialize};

use crate::tournament::model::{GameResult, Pairing, PlayerId, Tournament};
use crate::tournament::standings::Line;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Stage {
    /// 1 for the first stage, 2 for the next …
    pub number: u32,
    /// The previous stage's event file, as given when this one was made.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// The previous stage's name (the event's name there).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub from_name: String,
    /// What was taken: `top:3`, `4-10`.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub take: String,
    /// Results carried over, set into the encounter when its round is paired.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub carried: Vec<Carried>,
}

/// A match already played between two entrants of this stage, as it was played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Carried {
    /// White of game 1 then.
    pub white: PlayerId,
    pub black: PlayerId,
    /// Its games (from White of each game's side, colours alternating as they did).
    pub games: Vec<GameResult>,
}

/// What the next stage takes from each list (a group, or the whole standings).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Take {
    pub from: usize,
    pub to: usize,
}

impl std::str::FromStr for Take {
    type Err = String;
    /// `top:3` (places 1–3), `1-8`, `4-10`, `5` (place 5 alone).
    fn from_str(text: &str) -> Result<Take, String> {
        let bad = || format!("--take `{text}`: write top:K or FROM-TO (places, from 1)");
        let (from, to) = if let Some(k) = text.strip_prefix("top:") {
            (1, k.trim().parse().map_err(|_| bad())?)
        } else if let Some((a, b)) = text.split_once('-') {
            (
                a.trim().parse().map_err(|_| bad())?,
                b.trim().parse().map_err(|_| bad())?,
            )
        } else {
            let n = text.trim().parse().map_err(|_| bad())?;
            (n, n)
        };
        if from == 0 || to < from {
            return Err(bad());
        }
        Ok(Take { from, to })
    }
}

/// The players of `lines` (one list's standings, in order) whose rank is within `take`; a tie
/// across the border is not split silently: its players are named so that the regulation's
/// play-off can settle it.
pub fn taken(lines: &[Line], take: Take) -> Result<Vec<PlayerId>, String> {
    if take.to > lines.len() {
        return Err(format!(
            "places {}-{} asked of a list of {} players",
            take.from,
            take.to,
            lines.len()
        ));
    }
    let range = |place: &str| -> (usize, usize) {
        let mut parts = place
            .split('-')
            .filter_map(|p| p.trim().parse::<usize>().ok());
        let a = parts.next().unwrap_or(0);
        (a, parts.next().unwrap_or(a))
    };
    let mut out = Vec::new();
    for l in lines {
        let (a, b) = range(&l.place);
        let inside = a >= take.from && b <= take.to;
        let across = !inside && a <= take.to && b >= take.from;
        if across {
            return Err(format!(
                "place {} ({}) is shared across the border of {}-{}: settle the tie (a play-off) first",
                l.place, l.name, take.from, take.to
            ));
        }
        if inside {
            out.push(l.id);
        }
    }
    Ok(out)
}

/// The matches already played between players of `players` in `t`, for carrying over.
pub fn carried(t: &Tournament, players: &[PlayerId]) -> Vec<Carried> {
    let inside = |id: PlayerId| players.contains(&id);
    t.rounds
        .iter()
        .flat_map(|r| &r.pairings)
        .filter(|p| inside(p.white) && inside(p.black) && p.complete())
        .map(|p| Carried {
            white: p.white,
            black: p.black,
            games: p.games.clone(),
        })
        .collect()
}

impl Stage {
    /// The match carried over between `a` and `b`, either way round.
    pub fn carried_between(&self, a: PlayerId, b: PlayerId) -> Option<&Carried> {
        self.carried
            .iter()
            .find(|c| (c.white, c.black) == (a, b) || (c.white, c.black) == (b, a))
    }
}

/// Sets a carried result into a newly paired encounter of the same two players: the games as
/// they were played, with the colours they were played with (the table's colours are for a game
/// still to play; the record says who had White), marked with the stage they came from.
pub fn carry_into(stage: &Stage, name: &str, p: &mut Pairing) {
    let Some(c) = stage.carried_between(p.white, p.black) else {
        return;
    };
    (p.white, p.black) = (c.white, c.black);
    p.games = c.games.clone();
    p.carried = Some(name.to_string());
}

/// One line of the event's final order across its finals (Final A's places, then Final B's
/// after them …).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FinalLine {
    /// In the event: `9`, or `11-12` for a place shared in its final.
    pub place: String,
    /// The final it was won in (its event's name) and the place there.
    #[serde(rename = "final")]
    pub final_name: String,
    pub place_in_final: String,
    pub id: PlayerId,
    pub name: String,
    pub points: f64,
    /// The final has played all its rounds: the place is final, not provisional.
    pub over: bool,
}

/// Why the finals cannot be put in one order.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum OrderError {
    #[error("{name} plays in two finals: {first} and {second}")]
    Twice {
        name: String,
        first: String,
        second: String,
    },
}

impl crate::lang::Russian for OrderError {
    fn ru(&self) -> String {
        match self {
            OrderError::Twice {
                name,
                first,
                second,
            } => format!("{name} играет в двух финалах: {first} и {second}"),
        }
    }
}

/// The event's final order across `finals` in the regulation's order (Final A first): each
/// final's own places (its system's place rule), moved down by the players of the finals
/// above it. A place shared within a final stays shared (`3-4` of Final B after 8 → `11-12`).
pub fn final_order(finals: &[&Tournament]) -> Result<Vec<FinalLine>, OrderError> {
    let mut out: Vec<FinalLine> = Vec::new();
    let mut above = 0;
    for t in finals {
        let lines = crate::tournament::standings::compute(t, None);
        let over = t.over();
        for l in &lines {
            if let Some(first) = out.iter().find(|f| f.id == l.id) {
                return Err(OrderError::Twice {
                    name: l.name.clone(),
                    first: first.final_name.clone(),
                    second: t.settings.name.clone(),
                });
            }
            out.push(FinalLine {
                place: moved(&l.place, above),
                final_name: t.settings.name.clone(),
                place_in_final: l.place.clone(),
                id: l.id,
                name: l.name.clone(),
                points: l.points,
                over,
            });
        }
        above += lines.len();
    }
    Ok(out)
}

/// `3-4` moved down by 8: `11-12`; a place that is not a number (a withdrawn player's `—`)
/// stays as it is.
fn moved(place: &str, by: usize) -> String {
    let shift = |p: &str| {
        p.trim()
            .parse::<usize>()
            .map_or_else(|_| p.to_string(), |n| (n + by).to_string())
    };
    match place.split_once('-') {
        Some((a, b)) => format!("{}-{}", shift(a), shift(b)),
        None => shift(place),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_shared_in_final_b_stays_shared_after_final_a() {
        assert_eq!(moved("3-4", 8), "11-12");
        assert_eq!(moved("1", 8), "9");
        assert_eq!(moved("5", 0), "5");
    }
}
