//! Properties of the clock over random sequences of presses, pauses and corrections.

use proptest::prelude::*;
use shashki_arbiter::clock::{Event, EventKind, GameClock, TimeControl};
use shashki_arbiter::rules::Color;
use std::sync::atomic::{AtomicUsize, Ordering};

#[derive(Clone, Debug)]
enum Action {
    Press,
    Pause,
    Adjust(bool, i64),
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        6 => Just(Action::Press),
        1 => Just(Action::Pause),
        1 => (any::<bool>(), -20_000i64..20_000).prop_map(|(w, ms)| Action::Adjust(w, ms)),
    ]
}

proptest! {
    /// Time used + time left = initial + increments + corrections, for each side, as long as no
    /// flag falls; and folding the log again gives the same display.
    #[test]
    fn time_is_conserved_and_replay_is_exact(steps in proptest::collection::vec((1u64..30_000, action()), 1..150)) {
        let control: TimeControl = "2h+3s".parse().unwrap();
        let mut clock = GameClock::new(control.clone(), Color::White);
        clock.push(Event { at_ms: 0, kind: EventKind::Start }).unwrap();
        let mut now = 0u64;
        let mut running = 0usize;
        let mut paused = false;
        let mut used = [0i64; 2];
        let mut added = [0i64; 2];
        let mut moves = [0i64; 2];
        for (dt, a) in steps {
            if !paused {
                used[running] += dt as i64;
            }
            now += dt;
            let kind = match a {
                Action::Press if paused => { paused = false; EventKind::Resume }
                Action::Press => { moves[running] += 1; running = 1 - running; EventKind::Press }
                Action::Pause if paused => { paused = false; EventKind::Resume }
                Action::Pause => { paused = true; EventKind::Pause }
                Action::Adjust(w, ms) => {
                    added[usize::from(!w)] += ms;
                    EventKind::Adjust { side: if w { Color::White } else { Color::Black }, ms, reason: "p".into() }
                }
            };
            clock.push(Event { at_ms: now, kind }).unwrap();
        }
        let snap = clock.snapshot(now);
        for (i, view) in [snap.white.clone(), snap.black.clone()].iter().enumerate() {
            prop_assert_eq!(view.flag_ms, None);
            prop_assert_eq!(view.ms_left as i64 + used[i], 7_200_000 + 3_000 * moves[i] + added[i]);
        }
        let again = GameClock::replay(control, Color::White, clock.events()).unwrap();
        prop_assert_eq!(again.snapshot(now), snap);
    }
}

/// A clock as the rules describe it, written apart from `GameClock` (no shared code): the
/// reference the property below holds the program to. Time is charged to the side to move while
/// it is not paused; a press completes a move: the Fischer increment of the period it was made
/// in, a Bronstein delay's give-back (what the move took, at most the delay), and, when it was
/// the last move of a period, the next period's time; a simple delay is thinking time not
/// charged at the start of each move. A flag falls at the instant the charge reaches the time
/// left; after any flag no side gets increments any more, and a flagged side's clock shows 0.
/// An undo takes the latest press out as if it was never made.
/// A period as the reference reads it: time, moves, increment, delay (simple?, ms).
type RefPeriod = (i64, Option<u32>, i64, Option<(bool, i64)>);

#[derive(Clone, Debug)]
struct Reference {
    periods: Vec<RefPeriod>,
    repeat_last: bool,
    left: [i64; 2],
    moves: [u32; 2],
    period: [usize; 2],
    period_moves: [u32; 2],
    flag: [Option<u64>; 2],
    running: usize,
    paused: bool,
    /// Thinking time on the move in progress (before the current stretch) and when the
    /// stretch began.
    thought: i64,
    since: u64,
}

impl Reference {
    fn new(control: &TimeControl) -> Reference {
        let periods: Vec<_> = control
            .periods
            .iter()
            .map(|p| {
                (
                    p.ms as i64,
                    p.moves,
                    p.increment_ms as i64,
                    p.delay.map(|d| {
                        (
                            d.kind == shashki_arbiter::clock::control::DelayKind::Simple,
                            d.ms as i64,
                        )
                    }),
                )
            })
            .collect();
        let first = periods[0].0;
        Reference {
            periods,
            repeat_last: control.repeat_last,
            left: [first; 2],
            moves: [0; 2],
            period: [0; 2],
            period_moves: [0; 2],
            flag: [None; 2],
            running: 0,
            paused: false,
            thought: 0,
            since: 0,
        }
    }

    /// The period a side is in; past the last one (a repeated last period), the last.
    fn period(&self, side: usize) -> RefPeriod {
        let n = self.periods.len();
        self.periods[self.period[side].min(n - 1)]
    }

    fn has_next(&self, side: usize) -> bool {
        self.period[side] + 1 < self.periods.len() || self.repeat_last
    }

    fn simple_delay(&self, side: usize) -> i64 {
        match self.period(side).3 {
            Some((true, d)) => d,
            _ => 0,
        }
    }

    /// Thinking on the move in progress at `now`.
    fn thinking(&self, now: u64) -> i64 {
        if self.paused {
            self.thought
        } else {
            self.thought + (now - self.since) as i64
        }
    }

    fn charge(&self, side: usize, thinking: i64) -> i64 {
        (thinking - self.simple_delay(side)).max(0)
    }

    /// The running side's flag, if it fell by `now`.
    fn settle(&mut self, now: u64) {
        let r = self.running;
        if self.paused || self.flag[r].is_some() {
            return;
        }
        let budget = self.left[r].max(0) + self.simple_delay(r);
        let at = self.since + (budget - self.thought).max(0) as u64;
        if at <= now {
            self.flag[r] = Some(at);
        }
    }

    fn press(&mut self, now: u64) {
        self.settle(now);
        let r = self.running;
        let thinking = self.thinking(now);
        self.left[r] = if self.flag[r].is_some() {
            0
        } else {
            self.left[r] - self.charge(r, thinking)
        };
        let (_, moves, increment, delay) = self.period(r);
        self.moves[r] += 1;
        self.period_moves[r] += 1;
        if self.flag.iter().all(Option::is_none) {
            self.left[r] += increment;
            if let Some((false, d)) = delay {
                self.left[r] += thinking.min(d);
            }
        }
        if moves == Some(self.period_moves[r]) && self.has_next(r) {
            self.period[r] += 1;
            self.period_moves[r] = 0;
            if self.flag[r].is_none() {
                self.left[r] += self.period(r).0;
            }
        }
        self.running = 1 - r;
        self.thought = 0;
        self.since = now;
    }

    fn pause(&mut self, now: u64) {
        self.settle(now);
        self.thought = self.thinking(now);
        self.paused = true;
    }

    fn resume(&mut self, now: u64) {
        self.settle(now);
        self.paused = false;
        self.since = now;
    }

    /// What each side's display shows at `now`: (ms left, moves, period from 1, flag).
    fn shows(&self, now: u64) -> [(u64, u32, usize, Option<u64>); 2] {
        let mut at = self.clone();
        at.settle(now);
        [0, 1].map(|s| {
            let left = if at.flag[s].is_some() {
                0
            } else if s == at.running {
                at.left[s] - at.charge(s, at.thinking(now))
            } else {
                at.left[s]
            };
            (
                left.max(0) as u64,
                at.moves[s],
                at.period[s] + 1,
                at.flag[s],
            )
        })
    }
}

#[derive(Clone, Debug)]
enum Step {
    Press,
    Pause,
    Undo,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![8 => Just(Step::Press), 1 => Just(Step::Pause), 1 => Just(Step::Undo)]
}

const CONTROLS: [&str; 10] = [
    // Periods with move counts to the end and nothing after them: no time is added past the last.
    "1m/3",
    "40s/2,30s/2",
    "90s",
    "3m+2s",
    "2m/5,1m",
    "1m/3,30s/2*",
    "2m d5s",
    "2m b5s",
    "1m/4+3s,40s+1s",
    "45m/20,15m",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]
    /// Every codified kind of control (sudden death, Fischer, move-counted periods, a repeated
    /// last period, simple and Bronstein delays), long enough for flags to fall, with pauses and
    /// undone presses: the program's clock shows what the reference shows at every instant, and
    /// a replay of its log shows the same.
    #[test]
    fn the_clock_agrees_with_the_rules_reference(
        which in 0..CONTROLS.len(),
        steps in proptest::collection::vec((1u64..20_000, step()), 1..120),
    ) {
        let control: TimeControl = CONTROLS[which].parse().unwrap();
        let mut clock = GameClock::new(control.clone(), Color::White);
        clock.push(Event { at_ms: 0, kind: EventKind::Start }).unwrap();
        // The reference is folded from the presses that stand (an undo removes the latest).
        let mut kept: Vec<(u64, Step)> = Vec::new();
        let mut now = 0u64;
        let mut flags = 0;
        for (dt, s) in steps {
            now += dt;
            let paused = clock.snapshot(now).paused;
            let (kind, keep) = match s {
                Step::Undo if kept.iter().any(|(_, k)| matches!(k, Step::Press)) => {
                    let at = kept.iter().rposition(|(_, k)| matches!(k, Step::Press)).unwrap();
                    kept.remove(at);
                    (EventKind::Undo { reason: "p".into() }, None)
                }
                Step::Undo => continue,
                Step::Pause if paused => (EventKind::Resume, Some(Step::Pause)),
                Step::Pause => (EventKind::Pause, Some(Step::Pause)),
                Step::Press if paused => (EventKind::Resume, Some(Step::Pause)),
                Step::Press => (EventKind::Press, Some(Step::Press)),
            };
            clock.push(Event { at_ms: now, kind }).unwrap();
            if let Some(k) = keep {
                kept.push((now, k));
            }
            let mut reference = Reference::new(&control);
            for (at, k) in &kept {
                match k {
                    Step::Press => reference.press(*at),
                    Step::Pause if reference.paused => reference.resume(*at),
                    Step::Pause => reference.pause(*at),
                    Step::Undo => unreachable!(),
                }
            }
            let snap = clock.snapshot(now);
            for (i, view) in [&snap.white, &snap.black].into_iter().enumerate() {
                let shown = (view.ms_left, view.moves, view.period, view.flag_ms);
                prop_assert_eq!(shown, reference.shows(now)[i], "side {} at {} ms, {}", i, now, CONTROLS[which]);
            }
            flags = snap.white.flag_ms.iter().chain(&snap.black.flag_ms).count();
        }
        let again = GameClock::replay(control, Color::White, clock.events()).unwrap();
        prop_assert_eq!(again.snapshot(now), clock.snapshot(now));
        CASES.fetch_add(1, Ordering::Relaxed);
        if flags > 0 {
            FLAGGED.fetch_add(1, Ordering::Relaxed);
        }
        if clock.events().iter().any(|e| matches!(e.kind, EventKind::Undo { .. })) {
            UNDONE.fetch_add(1, Ordering::Relaxed);
        }
    }
}

static CASES: AtomicUsize = AtomicUsize::new(0);
static FLAGGED: AtomicUsize = AtomicUsize::new(0);
static UNDONE: AtomicUsize = AtomicUsize::new(0);

/// The property above reaches what it is for: games where a flag fell and presses were undone.
#[test]
fn the_reference_property_reaches_flags_and_undone_presses() {
    the_clock_agrees_with_the_rules_reference();
    let (cases, flagged, undone) = (
        CASES.load(Ordering::Relaxed),
        FLAGGED.load(Ordering::Relaxed),
        UNDONE.load(Ordering::Relaxed),
    );
    eprintln!("{cases} games, {flagged} with a flag, {undone} with an undone press");
    assert!(
        flagged * 5 >= cases,
        "{flagged} of {cases} games saw a flag"
    );
    assert!(
        undone * 3 >= cases,
        "{undone} of {cases} games undid a press"
    );
}
