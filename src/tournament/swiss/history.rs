//! What the pairing needs to know of each player after the rounds played: score, opponents,
//! colours (of game 1), floats and byes.

use std::collections::{BTreeMap, BTreeSet};

use crate::rules::Color;
use crate::tournament::model::{PlayerId, Tournament};
use crate::tournament::standings;

#[derive(Clone, Debug, PartialEq)]
pub struct PlayerState {
    pub id: PlayerId,
    /// Pairing number (initial ranking).
    pub rank: usize,
    /// Points in the event's scoring, counted in `unit`s (halves, or quarters for micromatch
    /// sums), so scores compare exactly.
    pub score: i64,
    pub opponents: BTreeSet<PlayerId>,
    /// Colours of the rounds played over the board, in order (game 1 of a micromatch).
    pub colours: Vec<Color>,
    /// Had a bye or a win without an opponent (no second bye).
    pub had_bye: bool,
    /// Floated down (`Some(true)`) or up (`Some(false)`) in the last round, and the round before.
    pub floats: [Option<bool>; 2],
    /// In the planned last round, a player with more than half the possible points: the colour
    /// limits do not bind him (C.04.3, topscorers).
    pub topscorer: bool,
}

impl PlayerState {
    /// Whites minus blacks.
    pub fn colour_difference(&self) -> i32 {
        self.colours
            .iter()
            .map(|c| if *c == Color::White { 1 } else { -1 })
            .sum()
    }
}

/// Every active player's state before round `round`.
pub struct History {
    pub players: Vec<PlayerState>,
    /// Score units per point: 4, so ½ and ¼ are whole.
    pub unit: i64,
}

impl History {
    pub fn before(t: &Tournament, round: usize) -> History {
        let unit = 4;
        let lines = standings::compute(t, Some(round.saturating_sub(1)));
        let score: BTreeMap<PlayerId, i64> = lines
            .iter()
            .map(|l| (l.id, (l.points * unit as f64).round() as i64))
            .collect();
        // Pairing numbers; players without one (before round 1 is saved) follow in the initial
        // ranking, as they will be numbered.
        let initial = super::initial_ranking(&t.players);
        let mut ordered: Vec<&crate::tournament::model::Player> = t.players.iter().collect();
        ordered.sort_by_key(|p| {
            (
                p.number.unwrap_or(usize::MAX),
                initial.iter().position(|id| *id == p.id),
            )
        });
        let mut players: Vec<PlayerState> = ordered
            .into_iter()
            .filter(|p| p.withdrawn_after.is_none_or(|w| w >= round))
            .enumerate()
            .map(|(i, p)| PlayerState {
                id: p.id,
                rank: p.number.unwrap_or(i + 1),
                score: score.get(&p.id).copied().unwrap_or(0),
                opponents: BTreeSet::new(),
                colours: Vec::new(),
                had_bye: false,
                floats: [None, None],
                topscorer: false,
            })
            .collect();
        let index: BTreeMap<PlayerId, usize> =
            players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
        // Scores before each round played, to tell floats: a pairing of unequal scores floated
        // the higher one down and the lower one up.
        let points_before = |r: usize| -> BTreeMap<PlayerId, f64> {
            standings::compute(t, Some(r - 1))
                .into_iter()
                .map(|l| (l.id, l.points))
                .collect()
        };
        for r in t.rounds.iter().filter(|r| r.number < round) {
            let recent = r.number + 2 >= round;
            let running = if recent {
                points_before(r.number)
            } else {
                BTreeMap::new()
            };
            for p in &r.pairings {
                for (me, opp) in [(p.white, p.black), (p.black, p.white)] {
                    if let Some(&i) = index.get(&me) {
                        let s = &mut players[i];
                        s.opponents.insert(opp);
                        let played = p.games.iter().any(|g| g.over_the_board());
                        if played {
                            s.colours.push(p.colour_of(me, 0).unwrap_or(Color::White));
                        } else if p.games.iter().all(|g| g.halves().is_some())
                            && p.halves() != (0, 0)
                        {
                            // A win by forfeit counts as a bye for the bye rule.
                            let (w, b) = p.halves();
                            if (me == p.white && w > b) || (me == p.black && b > w) {
                                s.had_bye = true;
                            }
                        }
                    }
                }
                let (sw, sb) = (
                    running.get(&p.white).copied().unwrap_or(0.0),
                    running.get(&p.black).copied().unwrap_or(0.0),
                );
                for (me, mine, theirs) in [(p.white, sw, sb), (p.black, sb, sw)] {
                    if let Some(&i) = index.get(&me) {
                        let f = &mut players[i].floats;
                        if recent {
                            let slot = if r.number + 1 == round { 0 } else { 1 };
                            f[slot] = if mine > theirs {
                                Some(true)
                            } else if mine < theirs {
                                Some(false)
                            } else {
                                None
                            };
                        }
                    }
                }
            }
            if let Some(bye) = r.bye {
                if let Some(&i) = index.get(&bye) {
                    players[i].had_bye = true;
                    if r.number + 1 == round {
                        players[i].floats[0] = Some(true);
                    }
                }
            }
        }
        if t.rounds_planned == Some(round) {
            let (win, _) = t.game_value();
            let per_round = match t.scoring.match_points {
                Some(mp) => mp.win,
                None => win * t.format.games.max(1) as f64,
            };
            let possible = (round - 1) as f64 * per_round * unit as f64;
            for p in &mut players {
                p.topscorer = p.score as f64 * 2.0 > possible;
            }
        }
        History { players, unit }
    }
}
