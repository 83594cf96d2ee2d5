//! The event as the Dutch pairing reads it: each player's rounds (opponent, game-1 colour,
//! points as the standings count them, played over the board or not, paired or not), in
//! pairing-number order.

use std::collections::BTreeMap;

use super::dutch::{Entry, Input, PlayerInput};
use crate::rules::Color;
use crate::tournament::model::{PlayerId, Round, Tournament};
use crate::tournament::standings;

/// Score units per point, so that halves and quarters (micromatch sums) are whole.
pub const UNIT: f64 = 4.0;

/// Players in pairing-number order; those without a number yet (before round 1 is saved) follow
/// in the initial ranking, as they will be numbered.
pub fn pairing_order(t: &Tournament) -> Vec<PlayerId> {
    let initial = super::initial_ranking(&t.players);
    let mut ordered: Vec<&crate::tournament::model::Player> = t.players.iter().collect();
    ordered.sort_by_key(|p| {
        (
            p.number.unwrap_or(usize::MAX),
            initial.iter().position(|id| *id == p.id),
        )
    });
    ordered.into_iter().map(|p| p.id).collect()
}

/// Points of a won round in [`UNIT`]s: a won micromatch, or all its games won.
pub fn win_units(t: &Tournament) -> u32 {
    let per_round = match t.settings.scoring.match_points {
        Some(mp) => mp.win,
        None => t.game_value().0 * f64::from(t.settings.format.games.max(1)),
    };
    (per_round * UNIT).round() as u32
}

/// The input for pairing round `round` of `t`, with `absent` players left out of it; returns
/// the player of each input index.
pub fn for_round(
    t: &Tournament,
    round: usize,
    absent: &[PlayerId],
    initial_colour: Color,
) -> (Input, Vec<PlayerId>) {
    let adjourned = t.adjourned_as_draws();
    let t: &Tournament = &adjourned;
    let order = pairing_order(t);
    let index: BTreeMap<PlayerId, usize> =
        order.iter().enumerate().map(|(i, &id)| (id, i)).collect();
    let played_rounds: Vec<_> = t.rounds.iter().filter(|r| r.number < round).collect();
    // Points after each round as the standings count them; a round's points are the step.
    let cumulative: Vec<BTreeMap<PlayerId, u32>> = (0..=played_rounds.len())
        .map(|r| {
            standings::compute(t, Some(r))
                .into_iter()
                .map(|l| (l.id, (l.points * UNIT).round().max(0.0) as u32))
                .collect()
        })
        .collect();
    let mut players: Vec<PlayerInput> = order
        .iter()
        .map(|id| {
            let gone = t
                .player(*id)
                .is_some_and(|p| !crate::tournament::registration::plays_in(p, round));
            PlayerInput {
                entries: Vec::with_capacity(played_rounds.len()),
                absent: gone || absent.contains(id),
            }
        })
        .collect();
    for (k, r) in played_rounds.iter().enumerate() {
        for (i, &id) in order.iter().enumerate() {
            let before = cumulative[k].get(&id).copied().unwrap_or(0);
            let after = cumulative[k + 1].get(&id).copied().unwrap_or(0);
            let points = after.saturating_sub(before);
            let entry = entry_of(r, id, points, &index);
            players[i].entries.push(entry);
        }
    }
    let forbidden = t
        .forbidden
        .iter()
        .filter_map(|(a, b)| Some((*index.get(a)?, *index.get(b)?)))
        .collect();
    let win = win_units(t);
    (
        Input {
            players,
            rounds_played: played_rounds.len(),
            rounds_planned: t.settings.rounds_planned.unwrap_or(0),
            initial_colour,
            win,
            draw: win / 2,
            forbidden,
            acceleration: Vec::new(),
        },
        order,
    )
}

/// A player's entry for round `r`, in which he scored `points` units: his game, the bye, or
/// nothing. `index`: each player's input index.
fn entry_of(r: &Round, id: PlayerId, points: u32, index: &BTreeMap<PlayerId, usize>) -> Entry {
    let pairing = r.pairings.iter().find(|p| p.white == id || p.black == id);
    match pairing {
        Some(p) => {
            let played = p.games.iter().any(|g| g.over_the_board());
            Entry {
                opponent: p.opponent(id).and_then(|o| index.get(&o).copied()),
                colour: if played { p.colour_of(id, 0) } else { None },
                points,
                played,
                participated: true,
            }
        }
        None if r.bye == Some(id) => Entry {
            opponent: None,
            colour: None,
            points,
            played: false,
            participated: true,
        },
        None => Entry::unpaired(points),
    }
}

/// The initial colour the event drew by lot, read back from round 1, where every pair without
/// colour history was coloured by it (E.5): the higher player of board 1 had it if his rank
/// among the players of round 1 is odd (1st, 3rd, …).
pub fn initial_colour(t: &Tournament) -> Option<Color> {
    let r = t.rounds.first()?;
    let p = r.pairings.first()?;
    let in_round = |id: PlayerId| {
        r.bye == Some(id) || r.pairings.iter().any(|q| q.white == id || q.black == id)
    };
    let order: Vec<PlayerId> = pairing_order(t)
        .into_iter()
        .filter(|&id| in_round(id))
        .collect();
    let rank = |id| order.iter().position(|&x| x == id);
    let (w, b) = (rank(p.white)?, rank(p.black)?);
    let higher_is_white = w < b;
    let higher_even_index = w.min(b) % 2 == 0;
    Some(if higher_is_white == higher_even_index {
        Color::White
    } else {
        Color::Black
    })
}
