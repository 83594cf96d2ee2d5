//! A hall of boards: one clock per board, and the hall-wide stop ("pause all", "resume all") an
//! arbiter calls for a fire alarm or a power cut in the hall.

use super::game_clock::{ClockError, Event, EventKind, GameClock, Snapshot};

#[derive(Clone, Debug, Default)]
pub struct Hall {
    pub boards: Vec<Board>,
}

#[derive(Clone, Debug)]
pub struct Board {
    pub name: String,
    pub clock: GameClock,
}

impl Hall {
    pub fn add(&mut self, name: impl Into<String>, clock: GameClock) {
        self.boards.push(Board {
            name: name.into(),
            clock,
        });
    }

    /// Pauses every clock that is running; returns the names of the boards paused.
    pub fn pause_all(&mut self, now: u64) -> Result<Vec<String>, (String, ClockError)> {
        self.each(now, |s| s.running.is_some() && !s.paused, EventKind::Pause)
    }

    /// Resumes every paused clock; returns the names of the boards resumed.
    pub fn resume_all(&mut self, now: u64) -> Result<Vec<String>, (String, ClockError)> {
        self.each(now, |s| s.running.is_some() && s.paused, EventKind::Resume)
    }

    fn each(
        &mut self,
        now: u64,
        applies: impl Fn(&Snapshot) -> bool,
        kind: EventKind,
    ) -> Result<Vec<String>, (String, ClockError)> {
        // All or nothing: every board is tried on a copy first.
        let mut next = self.boards.clone();
        let mut touched = Vec::new();
        for b in &mut next {
            if applies(&b.clock.snapshot(now)) {
                b.clock
                    .push(Event {
                        at_ms: now,
                        kind: kind.clone(),
                    })
                    .map_err(|e| (b.name.clone(), e))?;
                touched.push(b.name.clone());
            }
        }
        self.boards = next;
        Ok(touched)
    }

    /// The display state of every board at `now`.
    pub fn snapshots(&self, now: u64) -> Vec<(&str, Snapshot)> {
        self.boards
            .iter()
            .map(|b| (b.name.as_str(), b.clock.snapshot(now)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;

    #[test]
    fn pause_all_stops_only_running_clocks_and_resume_all_restarts_them() {
        let control: crate::clock::TimeControl = "45m".parse().unwrap();
        let mut hall = Hall::default();
        for i in 1..=3 {
            let mut c = GameClock::new(control.clone(), Color::White);
            if i != 2 {
                c.push(Event {
                    at_ms: 0,
                    kind: EventKind::Start,
                })
                .unwrap();
            }
            hall.add(format!("board {i}"), c);
        }
        assert_eq!(hall.pause_all(60_000).unwrap(), ["board 1", "board 3"]);
        // Ten minutes of alarm cost nobody any time.
        assert_eq!(hall.resume_all(660_000).unwrap(), ["board 1", "board 3"]);
        let snaps = hall.snapshots(720_000);
        assert_eq!(snaps[0].1.white.ms_left, 45 * 60_000 - 120_000);
        assert_eq!(snaps[1].1.running, None);
        assert_eq!(hall.pause_all(720_000).unwrap().len(), 2);
        assert_eq!(hall.pause_all(730_000).unwrap().len(), 0, "already paused");
    }
}
