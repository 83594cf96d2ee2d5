//! Clock scenarios with exact milliseconds (issue 3).

use shashki_arbiter::clock::{ClockError, Event, EventKind, GameClock, TimeControl};
use shashki_arbiter::rules::Color;

const MIN: u64 = 60_000;

struct Script(GameClock);

impl Script {
    fn new(control: &str) -> Script {
        Script(GameClock::new(
            control.parse::<TimeControl>().unwrap(),
            Color::White,
        ))
    }
    fn at(&mut self, ms: u64, kind: EventKind) -> &mut Script {
        self.0.push(Event { at_ms: ms, kind }).unwrap();
        self
    }
    fn press(&mut self, ms: u64) -> &mut Script {
        self.at(ms, EventKind::Press)
    }
    fn white(&self, now: u64) -> shashki_arbiter::clock::SideView {
        self.0.snapshot(now).white
    }
    fn black(&self, now: u64) -> shashki_arbiter::clock::SideView {
        self.0.snapshot(now).black
    }
}

#[test]
fn shashki64_classic_changes_period_at_move_20() {
    let mut s = Script::new("45m/20,15m");
    s.at(0, EventKind::Start);
    // Each side thinks 10 s a move.
    let mut t = 0;
    for _ in 0..20 {
        t += 10_000;
        s.press(t);
        t += 10_000;
        s.press(t);
    }
    let w = s.white(t);
    assert_eq!((w.moves, w.period), (20, 2));
    assert_eq!(w.ms_left, 45 * MIN - 200_000 + 15 * MIN);
    // White's 19th move, one second before the move count: still period 1.
    let mut s = Script::new("45m/20,15m");
    s.at(0, EventKind::Start);
    for i in 1..=38 {
        s.press(i * 1000);
    }
    assert_eq!(s.white(38_000).period, 1);
}

#[test]
fn flag_at_move_19_falls_at_45_minutes_of_thinking() {
    let mut s = Script::new("45m/20,15m");
    s.at(0, EventKind::Start);
    for i in 1..=36 {
        s.press(i * 1000);
    }
    // White has made 18 moves using 18 s; on the 19th it thinks until its time is gone.
    assert_eq!(s.0.flag_instant(), Some(36_000 + 45 * MIN - 18_000));
    let later = s.white(4_000_000);
    assert_eq!(later.flag_ms, Some(36_000 + 45 * MIN - 18_000));
    assert_eq!((later.ms_left, later.moves, later.period), (0, 18, 1));
    assert_eq!(s.black(4_000_000).flag_ms, None);
}

#[test]
fn fischer_increment_is_added_after_the_move() {
    let mut s = Script::new("3m+2s");
    s.at(0, EventKind::Start);
    assert_eq!(s.white(5_000).ms_left, 175_000, "running: no increment yet");
    s.press(5_000);
    assert_eq!(s.white(5_000).ms_left, 177_000);
    assert_eq!(s.black(8_000).ms_left, 177_000);
}

#[test]
fn bronstein_gives_back_at_most_what_was_used() {
    let mut s = Script::new("5m b3s");
    s.at(0, EventKind::Start).press(2_000);
    assert_eq!(s.white(2_000).ms_left, 5 * MIN);
    s.press(3_000); // Black
    s.press(8_000); // White used 5 s, gets 3 s back
    assert_eq!(s.white(8_000).ms_left, 5 * MIN - 2_000);
}

#[test]
fn simple_delay_waits_before_counting() {
    let mut s = Script::new("5m d5s");
    s.at(0, EventKind::Start);
    assert_eq!(s.white(4_000).ms_left, 5 * MIN);
    s.press(4_000);
    assert_eq!(s.white(4_000).ms_left, 5 * MIN);
    s.press(4_500); // Black
    s.press(11_500); // White thought 7 s: 2 s charged
    assert_eq!(s.white(11_500).ms_left, 5 * MIN - 2_000);
    // The flag falls after the delay plus the time left.
    s.press(12_000);
    assert_eq!(s.0.flag_instant(), Some(12_000 + 5_000 + 5 * MIN - 2_000));
}

#[test]
fn repeating_period_adds_time_every_25_moves() {
    let mut s = Script::new("2h/50,1h/25*");
    s.at(0, EventKind::Start);
    let mut t = 0;
    for _ in 0..75 {
        t += 1_000;
        s.press(t);
        t += 1_000;
        s.press(t);
    }
    let w = s.white(t);
    assert_eq!((w.moves, w.period), (75, 3));
    assert_eq!(w.ms_left, 120 * MIN + 60 * MIN + 60 * MIN - 75_000);
}

#[test]
fn both_flags_are_kept_in_order() {
    let mut s = Script::new("1m");
    s.at(0, EventKind::Start);
    // White's flag falls at 60 s; the arbiter is not there and White presses at 70 s.
    s.press(70_000);
    // No increment or time after a flag; Black now runs out at 70 s + 60 s.
    let snap = s.0.snapshot(200_000);
    assert_eq!(snap.white.flag_ms, Some(60_000));
    assert_eq!(snap.black.flag_ms, Some(130_000));
}

#[test]
fn arbiter_corrections_and_undo() {
    let mut s = Script::new("10m");
    s.at(0, EventKind::Start);
    s.at(
        1_000,
        EventKind::Adjust {
            side: Color::Black,
            ms: 60_000,
            reason: "penalty to White: +1 min to Black".into(),
        },
    );
    assert_eq!(s.black(1_000).ms_left, 11 * MIN);
    // White presses by mistake at 10 s; undone at 15 s: White ran all along.
    s.press(10_000);
    assert_eq!(s.0.snapshot(12_000).running, Some(Color::Black));
    s.at(
        15_000,
        EventKind::Undo {
            reason: "pressed without moving".into(),
        },
    );
    let snap = s.0.snapshot(20_000);
    assert_eq!(snap.running, Some(Color::White));
    assert_eq!(snap.white.ms_left, 10 * MIN - 20_000);
    assert_eq!(snap.black.ms_left, 11 * MIN);
    assert_eq!(snap.white.moves, 0);
    s.at(
        21_000,
        EventKind::SetMoves {
            side: Color::White,
            moves: 5,
            reason: "score sheet".into(),
        },
    );
    assert_eq!(s.white(21_000).moves, 5);
    // Time does not go back, and nothing is left to undo.
    assert_eq!(
        s.0.push(Event {
            at_ms: 20_000,
            kind: EventKind::Press
        }),
        Err(ClockError::TimeWentBack {
            at: 20_000,
            last: 21_000
        })
    );
    assert_eq!(
        s.0.push(Event {
            at_ms: 22_000,
            kind: EventKind::Undo { reason: "x".into() }
        }),
        Err(ClockError::NothingToUndo)
    );
}

#[test]
fn repetition_claim_runs_the_claimants_clock() {
    let mut s = Script::new("5m");
    s.at(0, EventKind::Start).press(10_000); // Black to move now
                                             // Black claims at 20 s; the check takes 30 s on Black's clock, even while it is not Black's move.
    s.at(
        20_000,
        EventKind::Claim {
            claimant: Color::Black,
        },
    );
    s.at(50_000, EventKind::Resolve);
    assert_eq!(s.black(50_000).ms_left, 5 * MIN - 40_000);
    assert_eq!(s.white(50_000).ms_left, 5 * MIN - 10_000);
    assert_eq!(s.0.snapshot(50_000).running, Some(Color::Black));
    assert_eq!(s.0.claims[0].flag_ms, None);
}

#[test]
fn claimant_flag_during_the_check_is_reported_with_the_claim() {
    let mut s = Script::new("1m");
    s.at(0, EventKind::Start).press(10_000).press(20_000); // White to move, 50 s left
    s.at(
        25_000,
        EventKind::Claim {
            claimant: Color::White,
        },
    );
    s.at(90_000, EventKind::Resolve);
    // White's time ran out at 25 s + 45 s: the verdict rule decides (draw if valid, loss if not).
    assert_eq!(s.0.claims[0].flag_ms, Some(70_000));
    assert_eq!(s.white(90_000).flag_ms, Some(70_000));
}

#[test]
fn pause_during_a_claim_is_not_charged() {
    let mut s = Script::new("5m");
    s.at(0, EventKind::Start);
    s.at(
        10_000,
        EventKind::Claim {
            claimant: Color::White,
        },
    );
    s.at(20_000, EventKind::Pause);
    s.at(80_000, EventKind::Resume);
    s.at(90_000, EventKind::Resolve);
    assert_eq!(s.white(90_000).ms_left, 5 * MIN - 30_000);
}

#[test]
fn replaying_the_events_gives_the_same_times() {
    let mut s = Script::new("45m/20,15m");
    s.at(0, EventKind::Start);
    for i in 1..=45u64 {
        s.press(i * 7_321);
    }
    s.at(400_000, EventKind::Pause)
        .at(430_000, EventKind::Resume);
    s.at(
        431_000,
        EventKind::Adjust {
            side: Color::White,
            ms: -5_000,
            reason: "r".into(),
        },
    );
    let again = GameClock::replay(s.0.control().clone(), Color::White, s.0.events()).unwrap();
    assert_eq!(again.snapshot(500_000), s.0.snapshot(500_000));
}

#[test]
fn set_period_moves_a_side_to_the_next_control_without_touching_its_time() {
    // The arbiter finds from the score sheets that White had completed 20 moves but the clock
    // missed a press: White goes to period 2 and is given its 15 minutes by hand.
    let mut s = Script::new("45m/20,15m");
    s.at(0, EventKind::Start).press(60_000);
    s.at(70_000, EventKind::Pause);
    s.at(
        80_000,
        EventKind::SetPeriod {
            side: Color::White,
            period: 2,
            reason: "score sheet shows 20 moves".into(),
        },
    );
    let w = s.white(80_000);
    assert_eq!((w.period, w.ms_left), (2, 45 * MIN - 60_000));
    s.at(
        81_000,
        EventKind::Adjust {
            side: Color::White,
            ms: (15 * MIN) as i64,
            reason: "second period time".into(),
        },
    );
    assert_eq!(s.white(81_000).ms_left, 60 * MIN - 60_000);
    // A control has no third period unless its last one repeats.
    assert_eq!(
        s.0.push(Event {
            at_ms: 82_000,
            kind: EventKind::SetPeriod {
                side: Color::Black,
                period: 3,
                reason: String::new()
            }
        }),
        Err(ClockError::NoSuchPeriod {
            period: 3,
            count: 2
        })
    );
    let mut r = Script::new("2h/50,1h/25*");
    r.at(
        0,
        EventKind::SetPeriod {
            side: Color::Black,
            period: 4,
            reason: String::new(),
        },
    );
    assert_eq!(r.black(0).period, 4);
}

#[test]
fn an_outage_stops_the_running_side_at_the_last_instant_it_was_alive() {
    let mut s = Script::new("10m");
    s.at(0, EventKind::Start).press(30_000);
    // Black thinks 45 s, then the laptop dies; the clock comes back paused at that instant.
    s.at(75_000, EventKind::Outage);
    let snap = s.0.snapshot(500_000);
    assert!(snap.paused);
    assert_eq!(snap.black.ms_left, 10 * MIN - 45_000);
    assert_eq!(snap.white.ms_left, 10 * MIN - 30_000);
    // A second outage while paused changes nothing; resume goes on from the same time.
    s.at(500_000, EventKind::Outage);
    s.at(600_000, EventKind::Resume);
    assert_eq!(s.black(610_000).ms_left, 10 * MIN - 55_000);
}

/// Every shipped preset through the same game: 30 moves each, 9 s a move. The expected times are
/// worked out by hand from what each control says, not from the clock's code.
#[test]
fn every_preset_through_thirty_moves_at_nine_seconds() {
    // (preset, White's time left, White's period, White's flag instant)
    let expected: [(&str, u64, usize, Option<u64>); 15] = [
        ("russian-classic-45", 2_700_000 - 270_000, 1, None),
        (
            "russian-classic-30-30",
            1_800_000 - 270_000 + 30 * 30_000,
            1,
            None,
        ),
        (
            "russian-classic-40-5",
            2_400_000 - 270_000 + 30 * 5_000,
            1,
            None,
        ),
        ("russian-rapid-15", 900_000 - 270_000, 1, None),
        ("russian-rapid-8-4", 480_000 - 270_000 + 30 * 4_000, 1, None),
        ("russian-blitz-5", 300_000 - 270_000, 1, None),
        // 3 min + 2 s: 7 s net a move, 5 s left before move 26, which starts at 25 x 18 s.
        ("russian-blitz-3-2", 0, 1, Some(25 * 18_000 + 5_000)),
        // 20 moves in period 1, then 15 min more.
        ("shashki64-classic", 2_700_000 - 270_000 + 900_000, 2, None),
        (
            "shashki64-classic-45-30",
            2_700_000 - 270_000 + 30 * 30_000,
            1,
            None,
        ),
        ("shashki64-rapid-15", 900_000 - 270_000, 1, None),
        (
            "shashki64-rapid-8-4",
            480_000 - 270_000 + 30 * 4_000,
            1,
            None,
        ),
        ("shashki64-blitz-5", 300_000 - 270_000, 1, None),
        ("shashki64-blitz-3-2", 0, 1, Some(25 * 18_000 + 5_000)),
        ("fmjd-classic", 7_200_000 - 270_000, 1, None),
        ("fmjd-80-1", 4_800_000 - 270_000 + 30 * 60_000, 1, None),
    ];
    let presets = shashki_arbiter::clock::presets::shipped();
    assert_eq!(presets.len(), expected.len());
    for (id, left, period, flag) in expected {
        let preset = presets
            .iter()
            .find(|p| p.id == id)
            .unwrap_or_else(|| panic!("{id}"));
        let mut clock = GameClock::new(preset.control.clone(), Color::White);
        clock
            .push(Event {
                at_ms: 0,
                kind: EventKind::Start,
            })
            .unwrap();
        for ply in 1..=60u64 {
            clock
                .push(Event {
                    at_ms: ply * 9_000,
                    kind: EventKind::Press,
                })
                .unwrap();
        }
        let w = clock.snapshot(540_000).white;
        assert_eq!(
            (w.ms_left, w.moves, w.period, w.flag_ms),
            (left, 30, period, flag),
            "{id}"
        );
    }
}

/// A result typed on the wrong board stopped a running clock; taking it back restarts the clock
/// as it stood: the same side thinks on, with what it had left, and the minutes it stood stopped
/// are charged to nobody.
#[test]
fn a_clock_stopped_for_a_result_taken_back_runs_on_from_where_it_stood() {
    let mut s = Script::new("45m");
    s.at(0, EventKind::Start);
    s.press(60_000); // White thought 1 min; Black runs.
    s.at(90_000, EventKind::Stop); // Black thought 30 s when the result stopped it.
    assert!(s.0.snapshot(600_000).over);
    assert_eq!(s.black(600_000).ms_left, 45 * MIN - 30_000);
    s.at(
        600_000,
        EventKind::Unstop {
            reason: "result taken back".into(),
        },
    );
    let now = s.0.snapshot(610_000);
    assert!(!now.over);
    assert_eq!(now.running, Some(Color::Black));
    // 30 s before the stop and 10 s after the restart: the 8.5 min stopped are not charged.
    assert_eq!(now.black.ms_left, 45 * MIN - 40_000);
    assert_eq!(now.white.ms_left, 44 * MIN);
    // Black completes the move: White runs again.
    s.press(620_000);
    assert_eq!(s.0.snapshot(620_000).running, Some(Color::White));
    assert_eq!(s.black(620_000).ms_left, 45 * MIN - 50_000);
}

#[test]
fn a_paused_clock_stopped_and_taken_back_stays_paused_and_a_running_one_cannot_be_unstopped() {
    let mut s = Script::new("45m");
    s.at(0, EventKind::Start);
    s.at(20_000, EventKind::Pause);
    s.at(30_000, EventKind::Stop);
    s.at(
        40_000,
        EventKind::Unstop {
            reason: String::new(),
        },
    );
    let now = s.0.snapshot(100_000);
    assert!(now.paused && !now.over);
    assert_eq!(now.white.ms_left, 45 * MIN - 20_000);
    let again = s.0.push(Event {
        at_ms: 50_000,
        kind: EventKind::Unstop {
            reason: String::new(),
        },
    });
    assert_eq!(again, Err(ClockError::NotStopped));
}
