//! A paired game clock as a fold over its events: replaying the same events gives the same times to
//! the millisecond. Flags are computed exactly (start of the running stretch + time left), so when
//! both flags fall their order is known.

use serde::{Deserialize, Serialize};

use super::control::{DelayKind, TimeControl};
use crate::limits::{self, OutOfRange, MAX_CLOCK_MS, MAX_MOVES, MAX_PERIODS};
use crate::rules::Color;

/// What happened, at which instant (ms from the clock's zero).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub at_ms: u64,
    pub kind: EventKind,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum EventKind {
    /// The first mover's clock starts.
    Start,
    /// The running side completes its move.
    Press,
    Pause,
    Resume,
    /// The arbiter adds (positive) or takes (negative) time.
    Adjust {
        side: Color,
        ms: i64,
        reason: String,
    },
    /// The arbiter sets the number of moves a side has made; its period follows from it.
    SetMoves {
        side: Color,
        moves: u32,
        reason: String,
    },
    /// The arbiter puts a side in a period (from 1), its moves in that period counted from now.
    /// Time is not touched: a correction of time is a separate `Adjust`, as on a DGT clock.
    SetPeriod {
        side: Color,
        period: usize,
        reason: String,
    },
    /// The program stopped (crash, power cut) and was restarted: the clock stands paused from the
    /// last instant it is known to have been alive, so the outage is charged to nobody.
    Outage,
    /// Cancels the last press not yet cancelled, as if it never happened.
    Undo {
        reason: String,
    },
    /// The running time goes to `side` from now on (to charge an offender), without a move.
    HandTo {
        side: Color,
        reason: String,
    },
    /// A claim: the claimant's clock runs until the claim is resolved.
    Claim {
        claimant: Color,
    },
    /// The claim is decided: the clock goes back to the side that was running (or stays paused).
    Resolve,
    /// Stopped for the result; nothing runs any more.
    Stop,
    /// The result that stopped the clock was taken back: the clock stands again as it was at the
    /// `Stop` (the same side running, or paused), and the time it stood is charged to nobody.
    Unstop {
        reason: String,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    #[error("the clock has not started")]
    NotStarted,
    #[error("the clock has already started")]
    AlreadyStarted,
    #[error("the clock is stopped for the result")]
    Stopped,
    #[error("the clock is not stopped")]
    NotStopped,
    #[error("the clock is paused")]
    Paused,
    #[error("the clock is not paused")]
    NotPaused,
    #[error("there is no press to undo")]
    NothingToUndo,
    #[error("a claim is already being checked")]
    ClaimOpen,
    #[error("there is no claim to resolve")]
    NoClaim,
    #[error("period {period} does not exist: the control has {count}")]
    NoSuchPeriod { period: usize, count: usize },
    #[error("event at {at} ms comes before the previous one at {last} ms")]
    TimeWentBack { at: u64, last: u64 },
    #[error(transparent)]
    OutOfRange(#[from] OutOfRange),
}

impl crate::lang::Russian for ClockError {
    fn ru(&self) -> String {
        match self {
            ClockError::NotStarted => "часы ещё не пущены".to_string(),
            ClockError::AlreadyStarted => "часы уже пущены".to_string(),
            ClockError::Stopped => "часы остановлены для записи результата".to_string(),
            ClockError::NotStopped => "часы не остановлены".to_string(),
            ClockError::Paused => "часы на паузе".to_string(),
            ClockError::NotPaused => "часы не на паузе".to_string(),
            ClockError::NothingToUndo => "нет нажатия, которое можно отменить".to_string(),
            ClockError::ClaimOpen => "заявление уже проверяется".to_string(),
            ClockError::NoClaim => "нет заявления, по которому нужно принять решение".to_string(),
            ClockError::NoSuchPeriod { period, count } => {
                format!("периода {period} нет: периодов в контроле времени — {count}")
            }
            ClockError::TimeWentBack { at, last } => {
                format!("событие в момент {at} мс идёт раньше предыдущего, в момент {last} мс")
            }
            ClockError::OutOfRange(e) => e.ru(),
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Side {
    /// Time left at the start of the current move (or at the last charge).
    ms_left: i64,
    moves: u32,
    period: usize,
    period_moves: u32,
    flag_ms: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct ClaimState {
    claimant: Color,
    /// Who was running, and whether the clock was paused, when the claim was made.
    before: (Color, bool),
    flag_during: Option<u64>,
}

/// What a claim's check cost: reported when it is resolved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClaimTiming {
    pub claimant: Color,
    /// The claimant's flag fell during the check: draw if the claim holds, loss if not (000).
    pub flag_ms: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameClock {
    control: TimeControl,
    first: Color,
    sides: [Side; 2],
    running: Option<Color>,
    paused: bool,
    stopped: bool,
    /// Start of the running stretch.
    stretch_start: u64,
    /// Time the running side has already thought on this move before the stretch (pauses split a
    /// move into stretches).
    move_elapsed: u64,
    claim: Option<ClaimState>,
    /// Claims resolved so far, in order.
    pub claims: Vec<ClaimTiming>,
    last_at: u64,
    /// Every event accepted, in order: the state is their fold.
    events: Vec<Event>,
}

/// Both times right after a press (see [`GameClock::after_each_press`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PressTimes {
    pub at_ms: u64,
    pub white_ms: u64,
    pub black_ms: u64,
}

/// One side as the display shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SideView {
    pub ms_left: u64,
    pub moves: u32,
    /// From 1.
    pub period: usize,
    pub flag_ms: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Snapshot {
    pub running: Option<Color>,
    pub paused: bool,
    pub white: SideView,
    pub black: SideView,
    /// The control has periods to count (moves per period, or more than one): only then is a
    /// side's period worth showing.
    #[serde(skip)]
    pub staged: bool,
    /// Stopped for the game's result: the game is over (not a clock never started, nor a flag).
    #[serde(skip)]
    pub over: bool,
}

fn idx(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl GameClock {
    pub fn new(control: TimeControl, first: Color) -> GameClock {
        let ms = ms_i64(control.periods[0].ms);
        let side = Side {
            ms_left: ms,
            ..Side::default()
        };
        GameClock {
            control,
            first,
            sides: [side.clone(), side],
            running: None,
            paused: false,
            stopped: false,
            stretch_start: 0,
            move_elapsed: 0,
            claim: None,
            claims: Vec::new(),
            last_at: 0,
            events: Vec::new(),
        }
    }

    /// Adds an event: validated first, so a refused event changes nothing. An `Undo` folds the
    /// log again without the press it cancels.
    pub fn push(&mut self, e: Event) -> Result<(), ClockError> {
        if let EventKind::Undo { .. } = e.kind {
            // The fold drops the undo itself, so its time is checked here.
            if e.at_ms < self.last_at {
                return Err(ClockError::TimeWentBack {
                    at: e.at_ms,
                    last: self.last_at,
                });
            }
            let undo_at = e.at_ms;
            let mut events = self.events.clone();
            events.push(e);
            let mut folded = GameClock::replay(self.control.clone(), self.first, &events)?;
            // Time still moves forward: later events may not come before the undo.
            folded.last_at = folded.last_at.max(undo_at);
            *self = folded;
            return Ok(());
        }
        // Try the event on a copy of the state without copying the whole log.
        let events = std::mem::take(&mut self.events);
        let mut next = self.clone();
        self.events = events;
        next.apply(&e)?;
        next.events = std::mem::take(&mut self.events);
        next.events.push(e);
        *self = next;
        Ok(())
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Whether the clock was started: a correction before the start (time added, moves set)
    /// logs events, and the clock is still to be started.
    pub fn started(&self) -> bool {
        self.events.iter().any(|e| e.kind == EventKind::Start)
    }

    /// The instant of the last event accepted: the next may not come before it.
    pub fn last_at(&self) -> u64 {
        self.last_at
    }

    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// The state after a list of events; presses cancelled by a later `Undo` are left out.
    pub fn replay(
        control: TimeControl,
        first: Color,
        events: &[Event],
    ) -> Result<GameClock, ClockError> {
        let mut clock = GameClock::new(control, first);
        for e in effective(events)? {
            clock.apply(e)?;
        }
        clock.events = events.to_vec();
        Ok(clock)
    }

    /// What both sides had left right after each move's press, in order: the k-th entry is the
    /// k-th move of the game (presses an `Undo` cancelled are not moves). The instant, White's
    /// and Black's ms — after the mover's increment, as the display showed them then.
    pub fn after_each_press(&self) -> Result<Vec<PressTimes>, ClockError> {
        let mut clock = GameClock::new(self.control.clone(), self.first);
        let mut out = Vec::new();
        for e in effective(&self.events)? {
            clock.apply(e)?;
            if e.kind == EventKind::Press {
                let s = clock.snapshot(e.at_ms);
                out.push(PressTimes {
                    at_ms: e.at_ms,
                    white_ms: s.white.ms_left,
                    black_ms: s.black.ms_left,
                });
            }
        }
        Ok(out)
    }

    /// The clock as it stood at `at`: the events up to that instant only. The audit question
    /// "what did the clocks show when the claim was made" must not see later presses.
    pub fn as_at(&self, at: u64) -> Result<GameClock, ClockError> {
        let upto: Vec<Event> = self
            .events
            .iter()
            .take_while(|e| e.at_ms <= at)
            .cloned()
            .collect();
        GameClock::replay(self.control.clone(), self.first, &upto)
    }

    fn delay(&self, side: Color) -> Option<super::control::Delay> {
        self.control.period_at(self.sides[idx(side)].period).delay
    }

    /// Time charged for `elapsed` ms of thinking on one move.
    fn charged(&self, side: Color, elapsed: u64) -> u64 {
        match self.delay(side) {
            Some(d) if d.kind == DelayKind::Simple => elapsed.saturating_sub(d.ms),
            _ => elapsed,
        }
    }

    fn elapsed(&self, now: u64) -> u64 {
        if self.paused || self.running.is_none() || self.stopped {
            self.move_elapsed
        } else {
            self.move_elapsed
                .saturating_add(now.saturating_sub(self.stretch_start))
        }
    }

    /// The instant the running side's flag falls if nothing happens first.
    pub fn flag_instant(&self) -> Option<u64> {
        let r = self.running?;
        if self.paused || self.stopped || self.sides[idx(r)].flag_ms.is_some() {
            return None;
        }
        let left = self.sides[idx(r)].ms_left.max(0) as u64;
        let simple = match self.delay(r) {
            Some(d) if d.kind == DelayKind::Simple => d.ms,
            _ => 0,
        };
        // Thinking time on this move at which the charge reaches the time left.
        let total = left.saturating_add(simple);
        Some(
            self.stretch_start
                .saturating_add(total.saturating_sub(self.move_elapsed)),
        )
    }

    /// Records the running side's flag if it has fallen by `now`.
    fn settle(&mut self, now: u64) {
        if let (Some(r), Some(at)) = (self.running, self.flag_instant()) {
            if at <= now {
                self.sides[idx(r)].flag_ms = Some(at);
                if let Some(claim) = self.claim.as_mut() {
                    if claim.claimant == r {
                        claim.flag_during = Some(at);
                    }
                }
            }
        }
    }

    /// Charges the running side for its thinking so far, without completing a move.
    fn charge_running(&mut self, now: u64) -> u64 {
        let Some(r) = self.running else { return 0 };
        let elapsed = self.elapsed(now);
        let charged = i64::try_from(self.charged(r, elapsed)).unwrap_or(i64::MAX);
        let side = &mut self.sides[idx(r)];
        side.ms_left = if side.flag_ms.is_some() {
            0
        } else {
            side.ms_left.saturating_sub(charged)
        };
        self.move_elapsed = 0;
        self.stretch_start = now;
        elapsed
    }

    fn any_flag(&self) -> bool {
        self.sides.iter().any(|s| s.flag_ms.is_some())
    }

    /// Folds one event in: the guards every event passes, then the event's own step.
    fn apply(&mut self, e: &Event) -> Result<(), ClockError> {
        let now = e.at_ms;
        if now < self.last_at {
            return Err(ClockError::TimeWentBack {
                at: now,
                last: self.last_at,
            });
        }
        if let EventKind::Unstop { .. } = e.kind {
            return self.on_unstop(now);
        }
        if self.stopped {
            return Err(ClockError::Stopped);
        }
        self.settle(now);
        let started = self.running.is_some();
        match &e.kind {
            EventKind::Start => self.on_start(started, now)?,
            kind if !started && !allowed_before_start(kind) => {
                return Err(ClockError::NotStarted);
            }
            EventKind::Press => self.on_press(now)?,
            EventKind::Pause => self.on_pause(now)?,
            EventKind::Resume => self.on_resume(now)?,
            EventKind::Adjust { side, ms, .. } => self.on_adjust(*side, *ms)?,
            EventKind::SetMoves { side, moves, .. } => self.on_set_moves(*side, *moves)?,
            EventKind::SetPeriod { side, period, .. } => self.on_set_period(*side, *period)?,
            EventKind::Outage => self.on_outage(started, now),
            EventKind::Undo { .. } => {
                // Undo is resolved by `effective` before folding; applied directly it has no effect.
            }
            EventKind::HandTo { side, .. } => {
                self.charge_running(now);
                self.running = Some(*side);
            }
            EventKind::Claim { claimant } => self.on_claim(*claimant, now)?,
            EventKind::Resolve => self.on_resolve(now)?,
            EventKind::Stop => self.on_stop(now),
            // A stopped clock was restarted above: this one runs.
            EventKind::Unstop { .. } => return Err(ClockError::NotStopped),
        }
        self.last_at = now;
        Ok(())
    }

    /// `Unstop`: the result was taken back, the clock stands again as at the `Stop`.
    fn on_unstop(&mut self, now: u64) -> Result<(), ClockError> {
        if !self.stopped {
            return Err(ClockError::NotStopped);
        }
        // The stretch starts afresh: the thinking before the Stop is kept in `move_elapsed`.
        self.stopped = false;
        self.stretch_start = now;
        self.last_at = now;
        Ok(())
    }

    fn on_start(&mut self, started: bool, now: u64) -> Result<(), ClockError> {
        if started {
            return Err(ClockError::AlreadyStarted);
        }
        self.running = Some(self.first);
        self.stretch_start = now;
        Ok(())
    }

    /// `Press`: the mover is charged, gets its increment (or Bronstein delay back) and may enter
    /// its next period; the other side runs.
    fn on_press(&mut self, now: u64) -> Result<(), ClockError> {
        if self.paused {
            return Err(ClockError::Paused);
        }
        let r = self.running.expect("started");
        let elapsed = self.charge_running(now);
        let no_more_increments = self.any_flag();
        let control = &self.control;
        let period = *control.period_at(self.sides[idx(r)].period);
        let side = &mut self.sides[idx(r)];
        side.moves = side.moves.saturating_add(1);
        side.period_moves = side.period_moves.saturating_add(1);
        // Control times are bounded (limits::MAX_CLOCK_MS), so these fit; saturating
        // all the same, as a log may hold anything.
        if !no_more_increments {
            side.ms_left = side.ms_left.saturating_add(ms_i64(period.increment_ms));
            if let Some(d) = period.delay.filter(|d| d.kind == DelayKind::Bronstein) {
                side.ms_left = side.ms_left.saturating_add(ms_i64(elapsed.min(d.ms)));
            }
        }
        if period.moves == Some(side.period_moves) && control.has_next(side.period) {
            side.period = side.period.saturating_add(1);
            side.period_moves = 0;
            if side.flag_ms.is_none() {
                side.ms_left = side
                    .ms_left
                    .saturating_add(ms_i64(control.period_at(side.period).ms));
            }
        }
        self.running = Some(r.opposite());
        Ok(())
    }

    fn on_pause(&mut self, now: u64) -> Result<(), ClockError> {
        if self.paused {
            return Err(ClockError::Paused);
        }
        self.move_elapsed = self.elapsed(now);
        self.paused = true;
        Ok(())
    }

    fn on_resume(&mut self, now: u64) -> Result<(), ClockError> {
        if !self.paused {
            return Err(ClockError::NotPaused);
        }
        self.paused = false;
        self.stretch_start = now;
        Ok(())
    }

    fn on_adjust(&mut self, side: Color, ms: i64) -> Result<(), ClockError> {
        limits::at_most("a correction of", ms.unsigned_abs(), MAX_CLOCK_MS)?;
        let s = &mut self.sides[idx(side)];
        s.ms_left = s.ms_left.saturating_add(ms);
        // An explicit correction that leaves time on the clock lifts that side's flag.
        if s.ms_left > 0 {
            s.flag_ms = None;
        }
        Ok(())
    }

    fn on_set_moves(&mut self, side: Color, moves: u32) -> Result<(), ClockError> {
        limits::at_most("moves", moves, MAX_MOVES)?;
        let (period, period_moves) = period_of(&self.control, moves);
        let s = &mut self.sides[idx(side)];
        s.moves = moves;
        s.period = period;
        s.period_moves = period_moves;
        Ok(())
    }

    fn on_set_period(&mut self, side: Color, period: usize) -> Result<(), ClockError> {
        let count = self.control.periods.len();
        limits::at_most("period", period, MAX_PERIODS)?;
        if period == 0 || (period > count && !self.control.repeat_last) {
            return Err(ClockError::NoSuchPeriod { period, count });
        }
        let s = &mut self.sides[idx(side)];
        s.period = period - 1;
        s.period_moves = 0;
        Ok(())
    }

    fn on_outage(&mut self, started: bool, now: u64) {
        // Only a running clock has anything to stop; otherwise it is a note in the log.
        if started && !self.paused {
            self.move_elapsed = self.elapsed(now);
            self.paused = true;
        }
    }

    /// `Claim`: the claimant's clock runs (unpaused) until the claim is resolved.
    fn on_claim(&mut self, claimant: Color, now: u64) -> Result<(), ClockError> {
        if self.claim.is_some() {
            return Err(ClockError::ClaimOpen);
        }
        let before = (self.running.expect("started"), self.paused);
        self.charge_running(now);
        self.claim = Some(ClaimState {
            claimant,
            before,
            flag_during: None,
        });
        self.running = Some(claimant);
        self.paused = false;
        self.stretch_start = now;
        Ok(())
    }

    /// `Resolve`: the claim's timing is recorded and the clock goes back as it stood before it.
    fn on_resolve(&mut self, now: u64) -> Result<(), ClockError> {
        let claim = self.claim.take().ok_or(ClockError::NoClaim)?;
        self.charge_running(now);
        self.claims.push(ClaimTiming {
            claimant: claim.claimant,
            flag_ms: claim.flag_during,
        });
        let (was_running, was_paused) = claim.before;
        self.running = Some(was_running);
        if was_paused {
            self.paused = true;
        }
        self.stretch_start = now;
        Ok(())
    }

    fn on_stop(&mut self, now: u64) {
        if !self.paused {
            self.move_elapsed = self.elapsed(now);
        }
        self.stopped = true;
    }

    /// What the display shows at `now`.
    pub fn snapshot(&self, now: u64) -> Snapshot {
        let flag = self.flag_instant().filter(|&at| at <= now);
        let view = |c: Color| {
            let s = &self.sides[idx(c)];
            let mut left = s.ms_left;
            let mut flag_ms = s.flag_ms;
            if self.running == Some(c) && s.flag_ms.is_none() {
                left = left.saturating_sub(ms_i64(self.charged(c, self.elapsed(now))));
                flag_ms = flag;
            }
            SideView {
                ms_left: if flag_ms.is_some() {
                    0
                } else {
                    left.max(0) as u64
                },
                moves: s.moves,
                period: s.period + 1,
                flag_ms,
            }
        };
        let control = &self.control;
        Snapshot {
            running: if self.stopped { None } else { self.running },
            paused: self.paused,
            white: view(Color::White),
            black: view(Color::Black),
            staged: control.periods.len() > 1 || control.periods.iter().any(|p| p.moves.is_some()),
            over: self.stopped,
        }
    }
}

/// The arbiter's corrections (and an outage note) may be logged before the clock is started.
fn allowed_before_start(kind: &EventKind) -> bool {
    matches!(
        kind,
        EventKind::Adjust { .. }
            | EventKind::SetMoves { .. }
            | EventKind::SetPeriod { .. }
            | EventKind::Outage
    )
}

/// Milliseconds as the signed time a side has left (saturating: a log may hold anything).
fn ms_i64(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

/// The period index and moves made in it after `moves` moves; a repeating last period is counted
/// by division, not move by move.
fn period_of(control: &TimeControl, moves: u32) -> (usize, u32) {
    let last = control.periods.len() - 1;
    let mut period = 0;
    let mut left = moves;
    loop {
        match control.period_at(period).moves {
            Some(0) => return (period, left),
            Some(m) if period >= last && control.repeat_last => {
                return (period + (left / m) as usize, left % m);
            }
            Some(m) if left >= m && control.has_next(period) => {
                left -= m;
                period += 1;
            }
            _ => return (period, left),
        }
    }
}

/// The events that count: each `Undo` removes the latest press not already removed.
fn effective(events: &[Event]) -> Result<Vec<&Event>, ClockError> {
    let mut out: Vec<&Event> = Vec::with_capacity(events.len());
    for e in events {
        if let EventKind::Undo { .. } = e.kind {
            let at = out
                .iter()
                .rposition(|x| x.kind == EventKind::Press)
                .ok_or(ClockError::NothingToUndo)?;
            out.remove(at);
        } else {
            out.push(e);
        }
    }
    Ok(out)
}
