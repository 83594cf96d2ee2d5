//! The event as C.04.6 reads it before a round: each team's scores, colours of the matches
//! actually played, float in the previous round, whether it may still have the bye, and whom it
//! has met.

use std::collections::BTreeMap;

use super::{Input, Team};
use crate::rules::Color;
use crate::tournament::model::Tournament;
use crate::tournament::team::standings::{team_rounds, TeamRound};
use crate::tournament::team::{ForbiddenTeams, Primary, TeamId, VirtualPoints};

/// Score units per point: micromatch halves and quarters stay whole.
pub const UNIT: f64 = 4.0;

/// A match counts as played (colours, meetings, floats) when a game of it was played over the
/// board or both teams scored in it — the reading FIDE's checker gives a match of forfeits both
/// ways, the same the team criteria use (C.07 Art. 16).
fn over_board(r: &TeamRound) -> bool {
    r.opponent.is_some() && (r.played || (r.game_points > 0.0 && r.opponent_game_points > 0.0))
}

/// The teams that take part in a round: not listed as absent, not every player withdrawn.
pub fn taking_part(t: &Tournament, round: usize, absent: &[TeamId]) -> Vec<TeamId> {
    t.teams
        .iter()
        .filter(|tm| !absent.contains(&tm.id))
        .filter(|tm| {
            tm.roster.is_empty()
                || tm.roster.iter().any(|id| {
                    t.player(*id)
                        .is_none_or(|p| p.withdrawn_after.is_none_or(|w| w + 1 >= round))
                })
        })
        .map(|tm| tm.id)
        .collect()
}

/// The input for pairing `round` of the team Swiss `t`, `absent` teams left out; the team of
/// each input index. `initial` is the colour drawn by lot, used when neither the event nor its
/// round 1 says it.
pub fn for_round(
    t: &Tournament,
    round: usize,
    absent: &[TeamId],
    initial: Color,
) -> (Input, Vec<TeamId>) {
    let settings = t.settings.teams.clone().unwrap_or_else(|| {
        crate::tournament::team::TeamSettings::new(4, crate::tournament::model::System::Swiss)
    });
    let history = team_rounds(t, round.saturating_sub(1));
    let secondary_of = |r: &TeamRound| match settings.primary {
        Primary::MatchPoints => r.game_points,
        Primary::GamePoints => r.match_points.unwrap_or(0.0),
    };
    let before = primary_before(&history, round, settings.primary);
    let score_before = |id: TeamId, r: usize| {
        before
            .get(&id)
            .and_then(|v| v.get(r - 1))
            .copied()
            .unwrap_or(0)
    };
    let tpn = |id: TeamId| t.team_number(id);
    // C.04.7: the pairing score before round `r` is the primary score plus that round's
    // virtual points; floats (art. 1.5) compare pairing scores.
    let virtual_in = |id: TeamId, r: usize| {
        units(VirtualPoints::of(
            &settings.virtual_points,
            tpn(id),
            r,
            settings.primary,
        ))
    };
    let pairing_before = |id: TeamId, r: usize| score_before(id, r) + virtual_in(id, r);
    let ids = taking_part(t, round, absent);
    let empty = Vec::new();
    let teams: Vec<Team> = ids
        .iter()
        .map(|&id| {
            let rounds = history.get(&id).unwrap_or(&empty);
            let previous = rounds.iter().find(|r| r.round + 1 == round);
            Team {
                tpn: tpn(id),
                score: pairing_before(id, round),
                primary: score_before(id, round),
                secondary: rounds.iter().map(|r| units(secondary_of(r))).sum(),
                colours: colours_played(rounds),
                floated: previous.is_some_and(|r| {
                    over_board(r)
                        && r.opponent.is_some_and(|o| {
                            pairing_before(o, r.round) != pairing_before(id, r.round)
                        })
                }),
                pab_barred: pab_barred(rounds),
            }
        })
        .collect();
    let met = met(t, &history, &ids, &settings.forbidden, round);
    let input = Input {
        teams,
        met,
        round,
        rounds: t.settings.rounds_planned.unwrap_or(round).max(round),
        colour_type: settings.colours,
        secondary_used: settings.secondary_for_colour,
        // The lot as recorded (TRF-26 `152`) wins over what round 1 shows (as FIDE's checker).
        initial: t
            .initial_colour
            .or_else(|| initial_colour(t))
            .unwrap_or(initial),
    };
    (input, ids)
}

/// The colours of a team's matches played over the board, in order.
fn colours_played(rounds: &[TeamRound]) -> Vec<Color> {
    rounds
        .iter()
        .filter(|r| over_board(r))
        .map(|r| if r.home { Color::White } else { Color::Black })
        .collect()
}

/// A team may not have the bye again: it had it, or won a match without playing it.
fn pab_barred(rounds: &[TeamRound]) -> bool {
    rounds.iter().any(|r| {
        r.pab || (r.opponent.is_some() && !over_board(r) && r.game_points > r.opponent_game_points)
    })
}

/// Score units of `p` points.
fn units(p: f64) -> i64 {
    (p * UNIT).round() as i64
}

/// Each team's primary score before each round (index 0: before round 1) in units, from the
/// rounds before `round`.
fn primary_before(
    history: &BTreeMap<TeamId, Vec<TeamRound>>,
    round: usize,
    primary: Primary,
) -> BTreeMap<TeamId, Vec<i64>> {
    let primary_of = |r: &TeamRound| match primary {
        Primary::MatchPoints => r.match_points.unwrap_or(0.0),
        Primary::GamePoints => r.game_points,
    };
    history
        .iter()
        .map(|(&id, rounds)| {
            let mut acc = vec![0; round.max(1)];
            for r in rounds {
                for a in acc.iter_mut().skip(r.round) {
                    *a += units(primary_of(r));
                }
            }
            (id, acc)
        })
        .collect()
}

/// The pairs of input indices (of `ids`) that may not meet in `round`: teams that have met over
/// the board, and the regulation's forbidden pairs.
fn met(
    t: &Tournament,
    history: &BTreeMap<TeamId, Vec<TeamRound>>,
    ids: &[TeamId],
    forbidden: &[ForbiddenTeams],
    round: usize,
) -> Vec<(usize, usize)> {
    let tpn = |id: TeamId| t.team_number(id);
    let index: BTreeMap<TeamId, usize> = ids.iter().enumerate().map(|(i, &id)| (id, i)).collect();
    let mut met = Vec::new();
    for (&id, rounds) in history {
        for r in rounds.iter().filter(|r| over_board(r)) {
            if let (Some(&a), Some(&b)) = (index.get(&id), r.opponent.and_then(|o| index.get(&o))) {
                if a < b {
                    met.push((a, b));
                }
            }
        }
    }
    // The regulation's forbidden pairs (one club's teams) are kept apart as a rematch is.
    for a in 0..ids.len() {
        for b in a + 1..ids.len() {
            if ForbiddenTeams::keeps_apart(forbidden, tpn(ids[a]), tpn(ids[b]), round) {
                met.push((a, b));
            }
        }
    }
    met
}

/// The initial-colour read back from round 1 (art. 4.3.1): in the played match of the smallest
/// TPN, the first-team (the smaller TPN: every score was 0) had it when its TPN is odd.
pub fn initial_colour(t: &Tournament) -> Option<Color> {
    let r = t.rounds.iter().find(|r| r.number == 1)?;
    let history = team_rounds(t, 1);
    let tpn = |id: TeamId| t.team_number(id);
    let played = |id: TeamId| {
        history
            .get(&id)
            .and_then(|v| v.first())
            .is_some_and(over_board)
    };
    let m = r
        .matches
        .iter()
        .filter(|m| played(m.home))
        .min_by_key(|m| tpn(m.home).min(tpn(m.away)))?;
    let (first, first_home) = if tpn(m.home) < tpn(m.away) {
        (m.home, true)
    } else {
        (m.away, false)
    };
    let colour = if first_home {
        Color::White
    } else {
        Color::Black
    };
    Some(if tpn(first) % 2 == 1 {
        colour
    } else {
        colour.opposite()
    })
}

/// The teams in the default initial order of a team Swiss (teams.md; C.04.6 art. 1.1 leaves it
/// to the regulation): by the average rating of each roster's best players, as many as the
/// boards (an unrated player counts 0), the higher first; equal averages keep the list's order.
pub fn initial_order(t: &Tournament) -> Vec<TeamId> {
    let boards = t.settings.teams.as_ref().map_or(1, |s| s.boards.max(1));
    let average = |roster: &[crate::tournament::model::PlayerId]| -> f64 {
        let mut ratings: Vec<u32> = roster
            .iter()
            .map(|&id| t.player(id).and_then(|p| p.rating).unwrap_or(0))
            .collect();
        ratings.sort_unstable_by(|a, b| b.cmp(a));
        ratings.resize(boards, 0);
        ratings.iter().map(|&r| f64::from(r)).sum::<f64>() / boards as f64
    };
    let mut teams: Vec<(TeamId, f64)> = t
        .teams
        .iter()
        .map(|tm| (tm.id, average(&tm.roster)))
        .collect();
    teams.sort_by(|a, b| b.1.total_cmp(&a.1));
    teams.into_iter().map(|(id, _)| id).collect()
}
