//! A round robin in groups (the first stage of a championship: four groups of ten drawn by lot,
//! FMJD 2013): the players split by the initial order in a snake («змейка»: 1, 8, 9, 16 … into
//! group A of four), cyclically (1 → A, 2 → B …) or by a seeded lot; each group plays its own
//! colour-order table, all groups in the same rounds, boards numbered group after group.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};

use super::{Draft, Encounter, Pass, SystemError};
use crate::tournament::berger;
use crate::tournament::model::{PlayerId, Tournament};
use crate::tournament::standings::{self, Line};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Groups {
    /// Each group's players in its table's order (the first is number 1 of its table).
    pub groups: Vec<Group>,
    pub grouping: Grouping,
    /// The lot's seed, when the groups were drawn by lot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Group {
    /// `A`, `B`, …
    pub name: String,
    pub players: Vec<PlayerId>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Grouping {
    Snake,
    Cyclic,
    Lot,
}

impl std::str::FromStr for Grouping {
    type Err = String;
    fn from_str(s: &str) -> Result<Grouping, String> {
        match s {
            "snake" => Ok(Grouping::Snake),
            "cyclic" => Ok(Grouping::Cyclic),
            "lot" => Ok(Grouping::Lot),
            other => Err(format!("`{other}` is none of snake, cyclic, lot")),
        }
    }
}

/// Group names: A … Z, then A2, B2 ….
fn group_name(i: usize) -> String {
    let letter = (b'A' + (i % 26) as u8) as char;
    match i / 26 {
        0 => letter.to_string(),
        k => format!("{letter}{}", k + 1),
    }
}

/// The groups of `count` formed from `order` (the initial order, seed 1 first).
pub fn form(order: &[PlayerId], count: usize, grouping: Grouping, seed: Option<u64>) -> Groups {
    let count = count.max(1);
    let mut order = order.to_vec();
    if grouping == Grouping::Lot {
        // Fisher–Yates with the seeded stream: the same seed gives the same groups.
        let mut rng = ChaCha20Rng::seed_from_u64(seed.unwrap_or(0));
        for i in (1..order.len()).rev() {
            let j = (rng.next_u64() % (i as u64 + 1)) as usize;
            order.swap(i, j);
        }
    }
    let mut groups: Vec<Group> = (0..count)
        .map(|i| Group {
            name: group_name(i),
            players: vec![],
        })
        .collect();
    for (i, id) in order.into_iter().enumerate() {
        let (row, col) = (i / count, i % count);
        let g = match grouping {
            Grouping::Snake if row % 2 == 1 => count - 1 - col,
            _ => col,
        };
        groups[g].players.push(id);
    }
    Groups {
        groups,
        grouping,
        seed: (grouping == Grouping::Lot).then_some(seed.unwrap_or(0)),
    }
}

impl Groups {
    /// The rounds of the largest group's table.
    pub fn rounds(&self, cycles: u32) -> usize {
        self.groups
            .iter()
            .map(|g| (g.players.len().saturating_sub(1) + g.players.len() % 2) * cycles as usize)
            .max()
            .unwrap_or(0)
    }

    pub fn of(&self, id: PlayerId) -> Option<&Group> {
        self.groups.iter().find(|g| g.players.contains(&id))
    }

    pub fn named(&self, name: &str) -> Option<&Group> {
        self.groups
            .iter()
            .find(|g| g.name.eq_ignore_ascii_case(name))
    }
}

/// Round `round` of every group's table, group after group.
pub fn propose(t: &Tournament, round: usize) -> Result<Draft, SystemError> {
    let groups = t.settings.groups.as_ref().ok_or(SystemError::Other(
        "the event is not played in groups".into(),
    ))?;
    let cycles = t.settings.cycles();
    let mut encounters = Vec::new();
    let mut passes = Vec::new();
    for g in &groups.groups {
        if g.players.len() < 2 {
            passes.extend(&g.players);
            continue;
        }
        let table = berger::cycles(g.players.len(), cycles);
        let Some(tr) = table.get(round - 1) else {
            passes.extend(&g.players);
            continue;
        };
        for &[w, b] in &tr.pairs {
            encounters.push(Encounter {
                board: encounters.len() + 1,
                white: g.players[w - 1],
                black: g.players[b - 1],
                seeds: None,
                group: Some(g.name.clone()),
                table: None,
            });
        }
        passes.extend(tr.bye.map(|b| g.players[b - 1]));
    }
    Ok(Draft::laid_out(
        round,
        encounters,
        passes,
        Pass::Rests,
        None,
    ))
}

/// A group's standings: its players' games among themselves, ranked with the event's rules.
pub fn standings(t: &Tournament, group: &Group, up_to: Option<usize>) -> Vec<Line> {
    standings::compute(&only(t, &group.players), up_to)
}

/// The event cut down to `players` and the games among them.
pub fn only(t: &Tournament, players: &[PlayerId]) -> Tournament {
    let mut part = t.clone();
    part.settings.groups = None;
    part.players.retain(|p| players.contains(&p.id));
    let inside = |id: PlayerId| players.contains(&id);
    for r in &mut part.rounds {
        r.pairings.retain(|p| inside(p.white) && inside(p.black));
        r.bye = r.bye.filter(|&b| inside(b));
        r.absent.retain(|&a| inside(a));
    }
    part
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_snake_deals_the_seeds_back_and_forth() {
        let order: Vec<PlayerId> = (1..=16).map(PlayerId).collect();
        let g = form(&order, 4, Grouping::Snake, None);
        assert_eq!(
            g.groups[0].players,
            [PlayerId(1), PlayerId(8), PlayerId(9), PlayerId(16)]
        );
        assert_eq!(
            g.groups[1].players,
            [PlayerId(2), PlayerId(7), PlayerId(10), PlayerId(15)]
        );
        assert_eq!(
            g.groups[3].players,
            [PlayerId(4), PlayerId(5), PlayerId(12), PlayerId(13)]
        );
        let c = form(&order, 4, Grouping::Cyclic, None);
        assert_eq!(
            c.groups[0].players,
            [PlayerId(1), PlayerId(5), PlayerId(9), PlayerId(13)]
        );
    }

    #[test]
    fn a_lot_is_the_same_for_the_same_seed_and_keeps_everyone() {
        let order: Vec<PlayerId> = (1..=40).map(PlayerId).collect();
        let a = form(&order, 4, Grouping::Lot, Some(7));
        assert_eq!(a, form(&order, 4, Grouping::Lot, Some(7)));
        assert_ne!(a, form(&order, 4, Grouping::Lot, Some(8)));
        let mut all: Vec<PlayerId> = a.groups.iter().flat_map(|g| g.players.clone()).collect();
        all.sort();
        assert_eq!(all, order);
        assert!(a.groups.iter().all(|g| g.players.len() == 10));
    }
}
