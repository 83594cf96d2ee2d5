//! Properties of the clock over random sequences of presses, pauses and corrections.

use proptest::prelude::*;
use shashki_arbiter::clock::{Event, EventKind, GameClock, TimeControl};
use shashki_arbiter::rules::Color;

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
