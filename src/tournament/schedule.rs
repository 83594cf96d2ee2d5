//! The round schedule: when each round starts (TRF `132`), how late a player may come (the
//! default time, время опоздания), and the forfeits that time proposes to the arbiter.
//!
//! Times are the hall's local time, as the regulation prints them; the time "now" comes in as a
//! value (the library never reads a clock). A forfeit is only ever proposed: the arbiter applies
//! it as any result.

use chrono::{Duration, NaiveDate, NaiveDateTime, NaiveTime};
use serde::{Deserialize, Serialize};

use crate::lang::{Lang, Russian};
use crate::tournament::model::{GameResult, PlayerId, Tournament};

/// The longest default time accepted: a day (a longer one is a typing slip).
pub const MAX_DEFAULT_MINUTES: u32 = 24 * 60;

/// The schedule of an event.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Schedule {
    /// The rounds' starts, by round number (at most one each).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rounds: Vec<RoundStart>,
    /// Minutes after a round's start when a player who has not come loses by default; `None`:
    /// the regulation has not said (no forfeit is proposed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_minutes: Option<u32>,
}

/// When one round starts. A TRF gives only the date: its time is then unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundStart {
    pub round: usize,
    pub date: NaiveDate,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<NaiveTime>,
}

impl RoundStart {
    /// The start as a moment, when its time is known.
    pub fn at(&self) -> Option<NaiveDateTime> {
        self.time.map(|t| self.date.and_time(t))
    }

    /// `2026-12-07 10:00` (the date alone when the time is unknown).
    pub fn text(&self) -> String {
        match self.at() {
            Some(at) => moment_text(at),
            None => self.date.format("%Y-%m-%d").to_string(),
        }
    }
}

/// Why a schedule was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScheduleError {
    #[error("`{0}` is not a date and time: write it as YYYY-MM-DD HH:MM (a date that exists)")]
    BadMoment(String),
    #[error("round 0: the rounds are numbered from 1")]
    RoundZero,
    #[error("round {round}: the event has {planned} rounds")]
    RoundPast { round: usize, planned: usize },
    #[error("round {0} is given twice")]
    Twice(usize),
    #[error("round {later} starts at {later_at}, before round {earlier} at {earlier_at}")]
    OutOfOrder {
        earlier: usize,
        earlier_at: String,
        later: usize,
        later_at: String,
    },
    #[error(
        "`{0}` is not a default time: write whole minutes (`30m`, `1h`, `0`), at most 24 hours"
    )]
    BadDefault(String),
}

impl Russian for ScheduleError {
    fn ru(&self) -> String {
        match self {
            ScheduleError::BadMoment(s) => format!(
                "«{s}» — не дата и время: пишите ГГГГ-ММ-ДД ЧЧ:ММ (дату, которая есть в календаре)"
            ),
            ScheduleError::RoundZero => "туры нумеруются с 1".to_string(),
            ScheduleError::RoundPast { round, planned } => {
                format!(
                    "тур {round}: в турнире {planned} {}",
                    crate::lang::ru_noun(*planned as u64, ["тур", "тура", "туров"])
                )
            }
            ScheduleError::Twice(r) => format!("тур {r} указан дважды"),
            ScheduleError::OutOfOrder {
                earlier,
                earlier_at,
                later,
                later_at,
            } => format!("тур {later} начинается {later_at}, раньше тура {earlier} ({earlier_at})"),
            ScheduleError::BadDefault(s) => format!(
                "«{s}» — не время опоздания: целые минуты (`30m`, `1h`, `0`), не больше суток"
            ),
        }
    }
}

/// A moment as the schedule writes it and [`parse_moment`] reads it: `2026-12-07 10:00`.
pub fn moment_text(at: NaiveDateTime) -> String {
    at.format("%Y-%m-%d %H:%M").to_string()
}

/// Reads `YYYY-MM-DD HH:MM` (or `YYYY-MM-DDTHH:MM`); a date the calendar has not (`2026-02-30`)
/// is refused.
pub fn parse_moment(text: &str) -> Result<NaiveDateTime, ScheduleError> {
    let t = text.trim();
    ["%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M:%S"]
        .iter()
        .find_map(|f| NaiveDateTime::parse_from_str(t, f).ok())
        .ok_or_else(|| ScheduleError::BadMoment(text.to_string()))
}

/// Round `round`'s start as typed: `YYYY-MM-DD HH:MM`, or the date alone where only the day is
/// known (as a TRF gives it).
pub fn parse_start(round: usize, text: &str) -> Result<RoundStart, ScheduleError> {
    if let Ok(date) = NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d") {
        return Ok(RoundStart {
            round,
            date,
            time: None,
        });
    }
    let at = parse_moment(text)?;
    Ok(RoundStart {
        round,
        date: at.date(),
        time: Some(at.time()),
    })
}

/// Reads a default time: `30m`, `1h`, `1h30m`, `0` (zero tolerance), in whole minutes.
pub fn parse_default(text: &str) -> Result<u32, ScheduleError> {
    let bad = || ScheduleError::BadDefault(text.to_string());
    let ms = crate::clock::control::parse_duration(text).ok_or_else(bad)?;
    if ms % 60_000 != 0 {
        return Err(bad());
    }
    let minutes = u32::try_from(ms / 60_000).map_err(|_| bad())?;
    match minutes <= MAX_DEFAULT_MINUTES {
        true => Ok(minutes),
        false => Err(bad()),
    }
}

/// `30 min` / `30 мин`, or the hours when whole.
pub fn minutes_said(minutes: u32, lang: Lang) -> String {
    match (minutes % 60, minutes / 60) {
        (0, h) if h > 0 => format!("{h} {}", lang.pick("h", "ч")),
        _ => format!("{minutes} {}", lang.pick("min", "мин")),
    }
}

/// Checks a schedule against the event: rounds from 1, within the rounds planned, each once, in
/// the order of time.
pub fn check(t: &Tournament, s: &Schedule) -> Result<(), ScheduleError> {
    if let Some(m) = s.default_minutes.filter(|&m| m > MAX_DEFAULT_MINUTES) {
        return Err(ScheduleError::BadDefault(m.to_string()));
    }
    // A Swiss's planned rounds or a table's; never fewer than are paired.
    let planned = t
        .planned_rounds()
        .map(|p| p.max(t.rounds.len()))
        .unwrap_or(crate::limits::MAX_ROUNDS);
    let mut seen: Vec<&RoundStart> = Vec::new();
    for r in &s.rounds {
        if r.round == 0 {
            return Err(ScheduleError::RoundZero);
        }
        if r.round > planned {
            return Err(ScheduleError::RoundPast {
                round: r.round,
                planned,
            });
        }
        if seen.iter().any(|o| o.round == r.round) {
            return Err(ScheduleError::Twice(r.round));
        }
        seen.push(r);
    }
    seen.sort_by_key(|r| r.round);
    for w in seen.windows(2) {
        // Same-day rounds without a time cannot be ordered: only dates are compared then.
        let out_of_order = match (w[0].at(), w[1].at()) {
            (Some(a), Some(b)) => b < a,
            _ => w[1].date < w[0].date,
        };
        if out_of_order {
            return Err(ScheduleError::OutOfOrder {
                earlier: w[0].round,
                earlier_at: w[0].text(),
                later: w[1].round,
                later_at: w[1].text(),
            });
        }
    }
    Ok(())
}

impl Schedule {
    pub fn is_default(&self) -> bool {
        *self == Schedule::default()
    }

    pub fn start(&self, round: usize) -> Option<&RoundStart> {
        self.rounds.iter().find(|r| r.round == round)
    }

    /// The schedule with round `round` starting at `at` (replacing what it had).
    pub fn with_start(&self, start: RoundStart) -> Schedule {
        let mut s = self.clone();
        s.rounds.retain(|r| r.round != start.round);
        s.rounds.push(start);
        s.rounds.sort_by_key(|r| r.round);
        s
    }

    /// The first round whose start is still ahead of `now`, with that start.
    pub fn next_start(&self, now: NaiveDateTime) -> Option<(usize, NaiveDateTime)> {
        self.rounds
            .iter()
            .filter_map(|r| r.at().map(|at| (r.round, at)))
            .filter(|&(_, at)| at > now)
            .min_by_key(|&(r, at)| (at, r))
    }

    /// When a player of round `round` who has not come loses by default.
    pub fn default_at(&self, round: usize) -> Option<NaiveDateTime> {
        let minutes = self.default_minutes?;
        Some(self.start(round)?.at()? + Duration::minutes(i64::from(minutes)))
    }
}

/// The next start as the wall and the hall page say it: «Тур 3 — 2026-12-07 15:00 · через
/// 1:05:09 · время опоздания 30 мин»; `None` when no start is ahead of `now`.
pub fn next_said(s: &Schedule, now: NaiveDateTime, lang: Lang) -> Option<String> {
    let (round, at) = s.next_start(now)?;
    let mut said = format!(
        "{} {round} — {} · {} {}",
        lang.pick("Round", "Тур"),
        moment_text(at),
        lang.pick("in", "через"),
        countdown(now, at)
    );
    if let Some(m) = s.default_minutes {
        said.push_str(&format!(
            " · {} {}",
            lang.pick("default time", "время опоздания"),
            minutes_said(m, lang)
        ));
    }
    Some(said)
}

/// The time left to a start, as the wall counts it: `1:05:09`, `4:07`.
pub fn countdown(now: NaiveDateTime, at: NaiveDateTime) -> String {
    let secs = (at - now).num_seconds().max(0);
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    match h {
        0 => format!("{m}:{s:02}"),
        _ => format!("{h}:{m:02}:{s:02}"),
    }
}

/// A forfeit the default time proposes: a board of the round being played whose game has no
/// result and at least one of whose players has not come (is not checked in).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DefaultForfeit {
    pub round: usize,
    pub board: usize,
    /// The players who have not come.
    pub missing: Vec<PlayerId>,
    /// The result proposed for each game still without one: `+/−`, `−/+` or `−/−`.
    pub result: GameResult,
}

/// The forfeits due at `now`: none before the round's default time, none in a round not
/// scheduled or without a default time, none in an event without a check-in, none once every
/// player has come. Only the last paired
/// round is looked at (the one being played).
pub fn forfeits_due(t: &Tournament, now: NaiveDateTime) -> Vec<DefaultForfeit> {
    let Some(round) = t.rounds.last() else {
        return Vec::new();
    };
    // Without a check-in nobody is known to have come: an event that does not use it gets no
    // proposal (else every board of the hall would be proposed lost).
    let checking_in = t.settings.registration.checkin_required || !t.checked_in.is_empty();
    let due = t.schedule.default_at(round.number);
    if !checking_in || due.is_none_or(|at| now < at) {
        return Vec::new();
    }
    let came = |id: PlayerId| t.checked_in.contains(&id);
    round
        .pairings
        .iter()
        .filter(|p| p.games.iter().all(|g| *g == GameResult::Pending))
        .filter_map(|p| {
            let result = match (came(p.white), came(p.black)) {
                (true, true) => return None,
                (true, false) => GameResult::WhiteByForfeit,
                (false, true) => GameResult::BlackByForfeit,
                (false, false) => GameResult::DoubleForfeit,
            };
            let missing = [p.white, p.black].into_iter().filter(|&id| !came(id));
            Some(DefaultForfeit {
                round: round.number,
                board: p.board,
                missing: missing.collect(),
                result,
            })
        })
        .collect()
}
