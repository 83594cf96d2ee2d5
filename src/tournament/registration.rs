//! Who has come: the check-in before a round, the option that pairs only those checked in, and
//! what a late entry gets for the rounds he missed.
//!
//! The check-in is one list of players present that stays from round to round (a player who has
//! come stays unless the arbiter marks him away), as in Swiss-Manager's and Sharly Chess's
//! check-in: on the morning of round 1 the arbiter marks everyone who came; later he marks only
//! who is missing.

use serde::{Deserialize, Serialize};

use crate::lang::{Lang, Russian};
use crate::tournament::model::{ByeValue, Player, PlayerId, System, Tournament};

/// The regulation's rules on coming: saved in the event's settings.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Registration {
    /// `pair` leaves out every player not checked in (as `--absent` does), and says so.
    #[serde(default)]
    pub checkin_required: bool,
    /// What a player entered after round 1 gets for each round he missed.
    #[serde(default)]
    pub late_entry: LateEntry,
}

impl Registration {
    pub fn is_default(&self) -> bool {
        *self == Registration::default()
    }

    /// Its two rules as the arbiter reads them: (what the rule is, its value).
    pub fn rules_said(&self, lang: Lang) -> [(&'static str, String); 2] {
        let yes = match self.checkin_required {
            true => lang.pick("yes", "да"),
            false => lang.pick("no", "нет"),
        };
        [
            (
                lang.pick(
                    "pair only checked-in players",
                    "в жеребьёвку только пришедших",
                ),
                yes.to_string(),
            ),
            (
                lang.pick("late entries", "заявленные после начала"),
                self.late_entry.said(lang).to_string(),
            ),
        ]
    }

    /// What changing `before` into these rules replaced, `rule: old → new` for each rule
    /// changed; `None` when nothing did.
    pub fn change_said(&self, before: &Registration, lang: Lang) -> Option<String> {
        let changed: Vec<String> = before
            .rules_said(lang)
            .into_iter()
            .zip(self.rules_said(lang))
            .filter(|((_, old), (_, new))| old != new)
            .map(|((rule, old), (_, new))| format!("{rule}: {old} → {new}"))
            .collect();
        (!changed.is_empty()).then(|| changed.join("; "))
    }
}

/// The points a late entry gets for a round played before he was entered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LateEntry {
    /// Nothing: the round counts as his absence (TRF `-`/`Z`).
    #[default]
    Nothing,
    /// A draw's points, as a requested half-point bye (TRF `H`).
    HalfPoint,
}

impl LateEntry {
    pub fn parse(text: &str) -> Option<LateEntry> {
        match text.trim() {
            "nothing" | "0" | "none" => Some(LateEntry::Nothing),
            "half" | "half-point" | "0.5" | "½" => Some(LateEntry::HalfPoint),
            _ => None,
        }
    }

    pub fn said(self, lang: Lang) -> &'static str {
        match self {
            LateEntry::Nothing => lang.pick(
                "nothing for the rounds missed",
                "за пропущенные туры ничего",
            ),
            LateEntry::HalfPoint => lang.pick(
                "half a point for each round missed",
                "по пол-очка за каждый пропущенный тур",
            ),
        }
    }

    /// How a missed round is written in the round: `None` as an absence, else a requested bye of
    /// this value.
    pub fn bye(self) -> Option<ByeValue> {
        match self {
            LateEntry::Nothing => None,
            LateEntry::HalfPoint => Some(ByeValue::Draw),
        }
    }
}

/// Why a check-in was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckInError {
    #[error("check-in: no player {0} in this event")]
    NoPlayer(PlayerId),
    #[error("check-in: player {0} has withdrawn from the event")]
    Withdrawn(PlayerId),
    #[error("check-in is for an individual event: a team's line-up names who plays each round")]
    TeamEvent,
}

impl Russian for CheckInError {
    fn ru(&self) -> String {
        match self {
            CheckInError::NoPlayer(id) => format!("регистрация: в турнире нет участника {id}"),
            CheckInError::Withdrawn(id) => format!("регистрация: участник {id} выбыл из турнира"),
            CheckInError::TeamEvent => "регистрация — для личного турнира: в командном \
                                        состав на тур называет, кто играет"
                .to_string(),
        }
    }
}

/// Checks a new list of players present: each one in the event.
pub fn check(t: &Tournament, present: &[PlayerId]) -> Result<(), CheckInError> {
    match present.iter().find(|&&id| t.player(id).is_none()) {
        Some(&id) => Err(CheckInError::NoPlayer(id)),
        None => Ok(()),
    }
}

/// The list of players present once `ids` are marked present (`present`) or away: the others'
/// marks kept, each player once, the newly come at the end (the order they came in). One reader
/// for the console's desk, the command line and the deputies' phones.
pub fn marked(t: &Tournament, ids: &[PlayerId], present: bool) -> Vec<PlayerId> {
    let mut players: Vec<PlayerId> = t
        .checked_in
        .iter()
        .copied()
        .filter(|id| present || !ids.contains(id))
        .collect();
    if present {
        for &id in ids {
            if !players.contains(&id) {
                players.push(id);
            }
        }
    }
    players
}

/// The round the check-in is for: the next one to pair.
pub fn next_round(t: &Tournament) -> usize {
    t.rounds.len() + 1
}

/// Whether `p` still plays in round `round` (not withdrawn before it).
pub fn plays_in(p: &Player, round: usize) -> bool {
    p.withdrawn_after.is_none_or(|w| w >= round)
}

/// The check-in as the arbiter reads it: who is expected for the next round, who has come, who
/// has not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Roll {
    pub round: usize,
    pub required: bool,
    /// Players expected (not withdrawn) who are checked in, in the event's order.
    pub present: Vec<PlayerId>,
    /// Players expected who are not.
    pub missing: Vec<PlayerId>,
}

impl Roll {
    /// The players expected for the round, come or not.
    pub fn expected(&self) -> usize {
        self.present.len() + self.missing.len()
    }

    /// «Регистрация на тур 2: пришли 6 · нет 2», as the console and the command line head it.
    pub fn said(&self, lang: Lang) -> String {
        format!(
            "{} {}: {} {} · {} {}",
            lang.pick("Check-in for round", "Регистрация на тур"),
            self.round,
            lang.pick("present", "пришли"),
            self.present.len(),
            lang.pick("missing", "нет"),
            self.missing.len(),
        )
    }
}

/// The check-in for the next round.
pub fn roll(t: &Tournament) -> Roll {
    let round = next_round(t);
    let (present, missing) = t
        .by_number()
        .into_iter()
        .filter(|p| plays_in(p, round))
        .map(|p| p.id)
        .partition(|id| t.checked_in.contains(id));
    Roll {
        round,
        required: t.settings.registration.checkin_required,
        present,
        missing,
    }
}

/// The players `pair` leaves out of round `round` because they have not checked in: none
/// unless the event requires check-in (and only for the next round: a round is paired once).
pub fn left_out(t: &Tournament, round: usize) -> Vec<PlayerId> {
    if !t.settings.registration.checkin_required || round != next_round(t) {
        return Vec::new();
    }
    roll(t).missing
}

/// Whether the event's system pairs around absent players (a Swiss); the others play a fixed
/// table, where a player who has not come loses his game at the default time instead.
pub fn pairs_around_absent(t: &Tournament) -> bool {
    t.settings.system == System::Swiss && !t.is_team_event()
}

/// The rounds a player entered now has missed: every round already paired of an individual
/// Swiss (a round robin refuses late entries; a team event's reserves have no games of their
/// own to miss).
pub fn missed_rounds(t: &Tournament) -> Vec<usize> {
    if !pairs_around_absent(t) {
        return Vec::new();
    }
    t.rounds.iter().map(|r| r.number).collect()
}

/// Writes the late entry `id` into the rounds he missed, as the event's rule says.
pub fn enter_late(t: &mut Tournament, id: PlayerId) {
    let rule = t.settings.registration.late_entry;
    for n in missed_rounds(t) {
        let Some(r) = t.rounds.iter_mut().find(|r| r.number == n) else {
            continue;
        };
        // A requested bye's player is listed absent too (the round's rule).
        if !r.absent.contains(&id) {
            r.absent.push(id);
        }
        if let Some(value) = rule.bye() {
            if !r.requested_byes.iter().any(|(p, _)| *p == id) {
                r.requested_byes.push((id, value));
            }
        }
    }
}

/// Takes a player out of every round's absences and requested byes (he is removed from the
/// event; those are not games).
pub fn forget(t: &mut Tournament, id: PlayerId) {
    for r in &mut t.rounds {
        r.absent.retain(|&a| a != id);
        r.requested_byes.retain(|(p, _)| *p != id);
    }
    t.checked_in.retain(|&p| p != id);
}

/// The expulsion of player `id` (исключение) as one change: every game of his still without a
/// result in a round paired is lost by forfeit, then he is expelled after the last round paired
/// (no later round pairs him, the standings give him no place).
pub fn expulsion(
    t: &Tournament,
    id: PlayerId,
    reason: &str,
) -> Result<crate::tournament::command::Command, crate::tournament::command::CommandError> {
    use crate::tournament::command::{Command, CommandError};
    use crate::tournament::model::{Expelled, GameResult};
    let p = t.player(id).ok_or(CommandError::NoPlayer(id))?;
    if reason.trim().is_empty() {
        return Err(CommandError::ExpelledWithoutReason(id));
    }
    // Expelled already: his reason is not replaced behind the arbiter's back (Ctrl+Z takes an
    // expulsion back, and it is made again with the new reason).
    if let Some(e) = &p.expelled {
        return Err(CommandError::ExpelledAlready {
            id,
            after_round: e.after_round,
            reason: e.reason.clone(),
        });
    }
    let after_round = t.rounds.len();
    let mut commands = Vec::new();
    for r in &t.rounds {
        let Some(pairing) = r.pairings.iter().find(|q| q.white == id || q.black == id) else {
            continue;
        };
        for (k, g) in pairing.games.iter().enumerate() {
            if *g != GameResult::Pending {
                continue;
            }
            // Game k's White may be either player: the micromatch alternates colours.
            let result = if pairing.white_of(k) == id {
                GameResult::BlackByForfeit
            } else {
                GameResult::WhiteByForfeit
            };
            commands.push(Command::SetResult {
                game: crate::tournament::id::GameRef {
                    round: r.number,
                    board: pairing.board,
                    game: k,
                },
                result,
            });
        }
    }
    commands.push(Command::Expel {
        id,
        expelled: Some(Expelled {
            after_round,
            reason: reason.trim().to_string(),
        }),
        withdrawn_after: Some(
            p.withdrawn_after
                .map_or(after_round, |w| w.min(after_round)),
        ),
    });
    Ok(Command::Batch { commands })
}
