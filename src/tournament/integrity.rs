//! What must hold in an event for anything to be computed from it: every id a round names is a
//! player of the list, nobody is twice in a round, every pairing has the event's games. A file
//! edited by hand or damaged on disk is refused at load with the place named, instead of making
//! standings, reports or pairings fail half-way.

use std::collections::BTreeSet;

use super::model::{Pairing, PlayerId, Round, Tournament};
use crate::limits::{self, OutOfRange};

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{place}: {problem}")]
pub struct IntegrityError {
    /// `players`, `round 3`, `round 3, board 2`, `forbidden pairs`, `settings`.
    pub place: String,
    pub problem: String,
}

fn bad(place: impl Into<String>, problem: impl Into<String>) -> IntegrityError {
    IntegrityError {
        place: place.into(),
        problem: problem.into(),
    }
}

fn limit(place: &str, r: Result<impl Sized, OutOfRange>) -> Result<(), IntegrityError> {
    r.map(|_| ()).map_err(|e| bad(place, e.to_string()))
}

pub fn check(t: &Tournament) -> Result<(), IntegrityError> {
    let ids = players(t)?;
    settings(t)?;
    limit(
        "rounds",
        limits::at_most("rounds", t.rounds.len(), limits::MAX_ROUNDS),
    )?;
    let extra_max = match &t.settings.knockout {
        Some(ko) if t.settings.system == crate::tournament::model::System::Knockout => {
            crate::tournament::system::knockout::ladder_games(ko)
        }
        _ => (t.settings.format.extra_micromatches * t.settings.format.games) as usize,
    };
    let rounds = RoundCheck { t, ids, extra_max };
    for (i, r) in t.rounds.iter().enumerate() {
        rounds.round(i, r)?;
    }
    for &(a, b) in &t.forbidden {
        rounds.known("forbidden pairs", "a player", a)?;
        rounds.known("forbidden pairs", "a player", b)?;
    }
    teams(t)
}

/// The player list: within its limit, each id and each pairing number once. Gives the ids.
fn players(t: &Tournament) -> Result<BTreeSet<PlayerId>, IntegrityError> {
    limit(
        "players",
        limits::at_most("players", t.players.len(), limits::MAX_PLAYERS),
    )?;
    let mut ids = BTreeSet::new();
    let mut numbers = BTreeSet::new();
    for p in &t.players {
        if !ids.insert(p.id) {
            return Err(bad("players", format!("player id {} is used twice", p.id)));
        }
        if let Some(n) = p.number {
            if !numbers.insert(n) {
                return Err(bad("players", format!("pairing number {n} is used twice")));
            }
        }
    }
    Ok(ids)
}

/// The settings' numbers: within their limits, at least one game, finite micromatch points.
fn settings(t: &Tournament) -> Result<(), IntegrityError> {
    limit(
        "settings",
        limits::at_most(
            "games per pairing",
            t.settings.format.games,
            limits::MAX_GAMES,
        ),
    )?;
    if t.settings.format.games == 0 {
        return Err(bad("settings", "a pairing has at least one game"));
    }
    limit(
        "settings",
        limits::at_most(
            "extra micromatches",
            t.settings.format.extra_micromatches,
            limits::MAX_EXTRA_MICROMATCHES,
        ),
    )?;
    if let Some(n) = t.settings.rounds_planned {
        limit(
            "settings",
            limits::at_most("planned rounds", n, limits::MAX_ROUNDS),
        )?;
    }
    if let Some(m) = &t.settings.scoring.match_points {
        if ![m.win, m.draw, m.loss].iter().all(|v| v.is_finite()) {
            return Err(bad("settings", "micromatch points must be numbers"));
        }
    }
    Ok(())
}

/// What every round is checked against: the player list and the extra games the event allows.
struct RoundCheck<'a> {
    t: &'a Tournament,
    ids: BTreeSet<PlayerId>,
    extra_max: usize,
}

impl RoundCheck<'_> {
    /// Player `id`, named as `role` at `place`, is in the player list.
    fn known(&self, place: &str, role: &str, id: PlayerId) -> Result<(), IntegrityError> {
        if self.ids.contains(&id) {
            Ok(())
        } else {
            Err(bad(
                place,
                format!("{role} is player {id}, who is not in the player list"),
            ))
        }
    }

    /// Round `r`, the `i`th of the list (from 0): numbered in order, every player named once and
    /// known, every requested bye's player absent.
    fn round(&self, i: usize, r: &Round) -> Result<(), IntegrityError> {
        let place = format!("round {}", r.number);
        if r.number != i + 1 {
            return Err(bad(
                &place,
                format!(
                    "rounds must be numbered 1, 2, … in order; this is the {}th",
                    i + 1
                ),
            ));
        }
        let mut seen = BTreeSet::new();
        let mut boards = BTreeSet::new();
        for p in &r.pairings {
            if !boards.insert(p.board) {
                return Err(bad(&place, format!("board {} is listed twice", p.board)));
            }
            self.pairing(&place, r, p, &mut seen)?;
        }
        let mut named = |role: &str, id: PlayerId| {
            self.known(&place, role, id)?;
            once(&mut seen, &place, id)
        };
        if let Some(b) = r.bye {
            named("the bye", b)?;
        }
        for &a in &r.advanced {
            named("a player passing the round", a)?;
        }
        for &a in &r.absent {
            named("an absent player", a)?;
        }
        for &(a, _) in &r.requested_byes {
            if !r.absent.contains(&a) {
                return Err(bad(
                    &place,
                    format!("player {a} has a requested bye but is not listed as absent"),
                ));
            }
        }
        Ok(())
    }

    /// A pairing of round `r`: its players known and not yet `seen` in the round, its games as
    /// many as the event plays, its extra games within the regulation's.
    fn pairing(
        &self,
        place: &str,
        r: &Round,
        p: &Pairing,
        seen: &mut BTreeSet<PlayerId>,
    ) -> Result<(), IntegrityError> {
        let at = format!("{place}, board {}", p.board);
        self.known(&at, "White", p.white)?;
        self.known(&at, "Black", p.black)?;
        once(seen, &at, p.white)?;
        once(seen, &at, p.black)?;
        let games = self.t.games_of(r.number, p.board);
        if p.games.len() != games {
            return Err(bad(
                &at,
                format!(
                    "{} game result(s) where the event plays {games}",
                    p.games.len(),
                ),
            ));
        }
        if p.extra.len() > self.extra_max {
            return Err(bad(
                &at,
                format!(
                    "{} extra game(s) where the regulation allows {}",
                    p.extra.len(),
                    self.extra_max
                ),
            ));
        }
        Ok(())
    }
}

/// Player `id` met at `place` for the first time in the round.
fn once(seen: &mut BTreeSet<PlayerId>, place: &str, id: PlayerId) -> Result<(), IntegrityError> {
    if seen.insert(id) {
        Ok(())
    } else {
        Err(bad(
            place,
            format!("player {id} appears twice in the round"),
        ))
    }
}

/// A team event's teams and every round's matches hold as the commands that made them require;
/// an individual event has neither.
fn teams(t: &Tournament) -> Result<(), IntegrityError> {
    use crate::tournament::team;
    match &t.settings.teams {
        Some(settings) => {
            team::check_teams(t, &t.teams, settings).map_err(|e| bad("teams", e.to_string()))?;
            for r in &t.rounds {
                team::check_matches(
                    t,
                    r,
                    &r.matches,
                    &[&r.team_byes[..], &r.team_absent].concat(),
                )
                .map_err(|e| bad(format!("round {}", r.number), e.to_string()))?;
            }
        }
        None => {
            if !t.teams.is_empty() {
                return Err(bad(
                    "teams",
                    "teams are listed but the event has no team settings",
                ));
            }
            if let Some(r) = t.rounds.iter().find(|r| !r.matches.is_empty()) {
                return Err(bad(
                    format!("round {}", r.number),
                    "matches in an event without teams",
                ));
            }
        }
    }
    Ok(())
}
