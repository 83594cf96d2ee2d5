//! A hall of boards: one clock per board, the hall-wide stop ("pause all", "resume all") an arbiter
//! calls for a fire alarm or a power cut in the hall, and, when the hall has a directory, one
//! event log per board so that the whole hall comes back after a crash.
//!
//! Instants given to the hall are the hall's own (ms since the program started); each board adds an
//! offset, so a clock restored after a crash goes on from the instant it stopped at.

use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};

use super::board_key::{BoardKey, LOG_EXTENSION as EXTENSION};
use super::control::TimeControl;
use super::game_clock::{ClockError, Event, EventKind, GameClock, Snapshot};
use super::log::{self, BadLine, ClockLog, LogError};
use crate::files::lock::{self, Holder, Lock, LockError};
use crate::rules::Color;

/// How often a running clock writes a heartbeat: the most running time a crash can leave
/// uncharged.
pub const HEARTBEAT_MS: u64 = 1000;

#[derive(Debug, Default)]
pub struct Hall {
    dir: Option<PathBuf>,
    boards: Vec<Board>,
    /// A logged hall is the only writer of its folder while it exists.
    lock: Option<Lock>,
}

#[derive(Debug)]
pub struct Board {
    /// The board's number: it names the log, the keys and the row.
    pub key: BoardKey,
    /// Paused by the hall-wide pause (not by the arbiter on this board alone): the hall-wide
    /// resume restarts only these.
    hall_paused: bool,
    /// Private so that every event goes through the hall, which logs it.
    clock: GameClock,
    log: Option<ClockLog>,
    /// Added to the hall's instant to give the clock's (wide: a restored log may hold any instant).
    offset_ms: i128,
    last_beat: Option<u64>,
    /// The clock's latest logged instant and its wall-clock time in this run, and the one its
    /// log ended with before a restart: they give the time of day of any instant of the clock.
    anchor: Option<(u64, DateTime<Utc>)>,
    restored: Option<(u64, DateTime<Utc>)>,
}

impl Board {
    /// The board as messages name it.
    pub fn name(&self) -> String {
        self.key.to_string()
    }

    pub fn clock(&self) -> &GameClock {
        &self.clock
    }

    /// The time of day of the clock's instant `clock_ms` (a flag's, say): from the logged
    /// instant of the same run, since a restart joins two runs with the outage cut out.
    pub fn wall_at(&self, clock_ms: u64) -> Option<DateTime<Utc>> {
        let before_restart = self.restored.filter(|&(at, _)| clock_ms <= at);
        let (at, wall) = before_restart.or(self.anchor).or(self.restored)?;
        Some(wall + chrono::Duration::milliseconds((i128::from(clock_ms) - i128::from(at)) as i64))
    }

    fn at(&self, now: u64) -> u64 {
        (i128::from(now) + self.offset_ms).clamp(0, i128::from(u64::MAX)) as u64
    }

    /// How many of the clock's records wait for the disk: the clock keeps time in memory and
    /// the board shows "not logged" until they are written.
    pub fn unlogged(&self) -> usize {
        self.log.as_ref().map_or(0, ClockLog::unwritten)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum HallError {
    /// The clock refused the event; nothing changed.
    #[error("{board}: {source}")]
    Refused { board: String, source: ClockError },
    /// The event took effect on the clock but could not be written: the arbiter must be told, the
    /// game goes on.
    #[error("{board}: the clock went on but its log could not be written: {source}")]
    Unsaved { board: String, source: LogError },
    #[error("there is no board {0}")]
    NoBoard(usize),
    #[error("board {0} has a clock already")]
    Twice(String),
    /// Another hall logs this folder.
    #[error(transparent)]
    Held(#[from] LockError),
    #[error(transparent)]
    Log(#[from] LogError),
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

impl crate::lang::Russian for HallError {
    fn ru(&self) -> String {
        match self {
            HallError::Refused { board, source } => format!("{board}: {}", source.ru()),
            HallError::Unsaved { board, source } => format!(
                "{board}: часы сработали, но их журнал не удалось записать: {}",
                source.ru()
            ),
            HallError::NoBoard(board) => format!("доски {board} нет"),
            HallError::Twice(board) => format!("у доски {board} часы уже есть"),
            HallError::Held(e) => e.ru(),
            HallError::Log(e) => e.ru(),
            HallError::Io { path, source } => {
                format!("{}: {}", path.display(), crate::lang::io_ru(source))
            }
        }
    }
}

/// What a restore found on one board.
#[derive(Debug)]
pub struct BoardRestore {
    pub board: String,
    pub path: PathBuf,
    /// The clock was running: it now stands paused from this instant (the clock's own time).
    pub outage_ms: Option<u64>,
    pub bad_line: Option<BadLine>,
    pub damaged_copy: Option<PathBuf>,
}

/// A board log that could not be brought back; the rest of the hall was.
#[derive(Debug)]
pub struct SkippedLog {
    /// The board its file name gives, if it gives one.
    pub board: Option<BoardKey>,
    pub path: PathBuf,
    /// Where an unreadable log (no header: the program stopped while creating it) was moved so
    /// it is not read again; `None` when it was left in place.
    pub set_aside: Option<PathBuf>,
    pub error: LogError,
}

impl std::fmt::Display for SkippedLog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}; this board's clock was not restored", self.error)?;
        if let Some(to) = &self.set_aside {
            write!(f, " (the file is kept as {})", to.display())?;
        }
        Ok(())
    }
}

impl SkippedLog {
    /// The notice in Russian, for the console (the technical cause stays in the English text and
    /// the log file itself).
    pub fn ru(&self) -> String {
        let kept = self.set_aside.as_ref().map_or_else(String::new, |to| {
            format!(" (файл сохранён как {})", to.display())
        });
        format!(
            "{}: журнал часов не читается; часы этой доски не восстановлены{kept}",
            self.path.display()
        )
    }
}

/// What a restore found.
#[derive(Debug, Default)]
pub struct RestoreReport {
    pub boards: Vec<BoardRestore>,
    pub skipped: Vec<SkippedLog>,
}

impl Hall {
    /// A hall kept in memory only.
    pub fn new() -> Hall {
        Hall::default()
    }

    /// A hall that logs every board's clock in `dir` (created if missing), as its only writer:
    /// refused while another hall (this process's or another's) logs there.
    pub fn in_dir(dir: &Path, holder: &Holder) -> Result<Hall, HallError> {
        let lock = Hall::lock(dir, holder)?;
        Ok(Hall::in_dir_locked(dir, lock))
    }

    /// Takes the folder's lock (the folder is created if missing).
    pub fn lock(dir: &Path, holder: &Holder) -> Result<Lock, HallError> {
        std::fs::create_dir_all(dir).map_err(|source| HallError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
        Ok(lock::acquire(&lock::folder_lock_path(dir), dir, holder)?)
    }

    /// A hall in `dir` whose lock is already held.
    pub fn in_dir_locked(dir: &Path, lock: Lock) -> Hall {
        Hall {
            dir: Some(dir.to_path_buf()),
            boards: Vec::new(),
            lock: Some(lock),
        }
    }

    /// The folder the hall logs in.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// Gives up the folder's lock (to the hall that replaces this one on the same folder).
    pub fn take_lock(&mut self) -> Option<Lock> {
        self.lock.take()
    }

    pub fn boards(&self) -> &[Board] {
        &self.boards
    }

    /// Adds a board with a new clock; returns its index. In a logged hall the log is created
    /// first, named after the board, never over an existing file.
    pub fn add(
        &mut self,
        key: impl Into<BoardKey>,
        control: TimeControl,
        first: Color,
    ) -> Result<usize, HallError> {
        let key = key.into();
        if self.boards.iter().any(|b| b.key == key) {
            return Err(HallError::Twice(key.to_string()));
        }
        let log = match &self.dir {
            Some(dir) => {
                let path = dir.join(key.log_file());
                if path.exists() {
                    return Err(HallError::Twice(key.to_string()));
                }
                Some(ClockLog::create_for(
                    &path,
                    &control,
                    first,
                    Some(&key.to_string()),
                )?)
            }
            None => None,
        };
        self.boards.push(Board {
            key,
            hall_paused: false,
            clock: GameClock::new(control, first),
            log,
            offset_ms: 0,
            last_beat: None,
            anchor: None,
            restored: None,
        });
        Ok(self.boards.len() - 1)
    }

    /// One event on one board at the hall's instant `now`.
    pub fn push(
        &mut self,
        board: usize,
        now: u64,
        kind: EventKind,
        wall: DateTime<Utc>,
    ) -> Result<(), HallError> {
        let b = self
            .boards
            .get_mut(board)
            .ok_or(HallError::NoBoard(board))?;
        let event = Event {
            at_ms: b.at(now),
            kind,
        };
        b.clock
            .push(event.clone())
            .map_err(|source| HallError::Refused {
                board: b.name(),
                source,
            })?;
        b.hall_paused = false;
        write(b, &event, wall)
    }

    /// Pauses every clock that is running; returns the names of the boards paused.
    pub fn pause_all(&mut self, now: u64, wall: DateTime<Utc>) -> Result<Vec<String>, HallError> {
        self.each(
            now,
            wall,
            |_, s| s.running.is_some() && !s.paused,
            EventKind::Pause,
        )
    }

    /// Resumes every clock the hall-wide pause (or a restart) paused whose flag has not fallen;
    /// returns the names of the boards resumed. A board the arbiter paused on its own, and a game
    /// whose flag fell, wait for the arbiter, board by board.
    pub fn resume_all(&mut self, now: u64, wall: DateTime<Utc>) -> Result<Vec<String>, HallError> {
        self.each(
            now,
            wall,
            |b, s| {
                b.hall_paused
                    && s.running.is_some()
                    && s.paused
                    && s.white.flag_ms.is_none()
                    && s.black.flag_ms.is_none()
            },
            EventKind::Resume,
        )
    }

    /// Starts every clock not started yet: the start of the round. Clocks already started (or
    /// stopped) are left as they are; a clock given a correction before the start is started
    /// (it has events, but none of them a start).
    pub fn start_all(&mut self, now: u64, wall: DateTime<Utc>) -> Result<Vec<String>, HallError> {
        self.each(now, wall, |b, _| !b.clock.started(), EventKind::Start)
    }

    fn each(
        &mut self,
        now: u64,
        wall: DateTime<Utc>,
        applies: impl Fn(&Board, &Snapshot) -> bool,
        kind: EventKind,
    ) -> Result<Vec<String>, HallError> {
        // All or nothing: every clock is tried on a copy first.
        let mut next = Vec::new();
        for (i, b) in self.boards.iter().enumerate() {
            let at = b.at(now);
            if applies(b, &b.clock.snapshot(at)) {
                let mut clock = b.clock.clone();
                let event = Event {
                    at_ms: at,
                    kind: kind.clone(),
                };
                clock
                    .push(event.clone())
                    .map_err(|source| HallError::Refused {
                        board: b.name(),
                        source,
                    })?;
                next.push((i, clock, event));
            }
        }
        let mut touched = Vec::new();
        let mut unsaved = None;
        for (i, clock, event) in next {
            let b = &mut self.boards[i];
            b.clock = clock;
            b.hall_paused = kind == EventKind::Pause;
            touched.push(b.name());
            if let Err(e) = write(b, &event, wall) {
                unsaved.get_or_insert(e);
            }
        }
        match unsaved {
            Some(e) => Err(e),
            None => Ok(touched),
        }
    }

    /// Writes a heartbeat for every running clock that has not had one for [`HEARTBEAT_MS`], or
    /// whose flag has fallen since its last one;
    /// call it on every tick. Returns how many were written.
    pub fn heartbeat(&mut self, now: u64, wall: DateTime<Utc>) -> Result<usize, HallError> {
        let mut written = 0;
        let mut unsaved = None;
        for b in &mut self.boards {
            let at = b.at(now);
            let snap = b.clock.snapshot(at);
            // A flag that fell since the last beat gets one at once: the console stops drawing
            // (and beating) a fallen flag, and a restart must still find the flag down.
            let flag = snap.running.and_then(|c| match c {
                Color::White => snap.white.flag_ms,
                Color::Black => snap.black.flag_ms,
            });
            let flag_unlogged = flag.is_some_and(|f| b.last_beat.is_none_or(|t| t < f));
            // Records a full disk refused go out first, whatever the clock is doing now.
            if let Some(log) = b.log.as_mut().filter(|l| l.unwritten() > 0) {
                if let Err(source) = log.flush() {
                    unsaved.get_or_insert(HallError::Unsaved {
                        board: b.name(),
                        source,
                    });
                }
            }
            let due = flag_unlogged || b.last_beat.is_none_or(|t| at >= t + HEARTBEAT_MS);
            if snap.running.is_none() || snap.paused || !due {
                continue;
            }
            b.anchor = Some((at, wall));
            if let Some(log) = b.log.as_mut() {
                match log.heartbeat(at, wall) {
                    Ok(()) => written += 1,
                    Err(source) => {
                        unsaved.get_or_insert(HallError::Unsaved {
                            board: b.name(),
                            source,
                        });
                    }
                }
            }
            b.last_beat = Some(at);
        }
        match unsaved {
            Some(e) => Err(e),
            None => Ok(written),
        }
    }

    /// The display state of every board at the hall's instant `now`.
    pub fn snapshots(&self, now: u64) -> Vec<(BoardKey, Snapshot)> {
        self.boards
            .iter()
            .map(|b| (b.key, b.clock.snapshot(b.at(now))))
            .collect()
    }

    /// The hall's place of a board.
    pub fn index_of(&self, key: BoardKey) -> Option<usize> {
        self.boards.iter().position(|b| b.key == key)
    }

    /// Puts the boards in board order: after a restore that had to add a board back, the hall
    /// shows them in order again.
    pub fn order_boards(&mut self) {
        self.boards.sort_by_key(|b| b.key);
    }

    /// Whether `dir` holds board logs, i.e. a hall to restore rather than to create.
    pub fn has_logs(dir: &Path) -> bool {
        log_paths(dir).is_ok_and(|p| !p.is_empty())
    }

    /// Brings back every board logged in `dir` after the program stopped, at the hall's instant
    /// `now`: running clocks stand paused at the instant they were last alive. A log that cannot
    /// be read is skipped and reported; it never keeps the other boards from coming back.
    pub fn restore(
        dir: &Path,
        holder: &Holder,
        now: u64,
        wall: DateTime<Utc>,
    ) -> Result<(Hall, RestoreReport), HallError> {
        let lock = Hall::lock(dir, holder)?;
        Hall::restore_locked(dir, lock, now, wall)
    }

    /// [`Hall::restore`] with the folder's lock already held.
    pub fn restore_locked(
        dir: &Path,
        lock: Lock,
        now: u64,
        wall: DateTime<Utc>,
    ) -> Result<(Hall, RestoreReport), HallError> {
        let io = |source| HallError::Io {
            path: dir.to_path_buf(),
            source,
        };
        let paths = log_paths(dir).map_err(io)?;
        let mut hall = Hall::in_dir_locked(dir, lock);
        let mut report = RestoreReport::default();
        for path in paths {
            let r = match log::recover(&path, wall) {
                Ok(r) => r,
                Err(error) => {
                    // A log without a readable header holds no event (the header is written
                    // before any): move it out of the way so it is not read again.
                    let set_aside = match error {
                        LogError::Header { .. } => {
                            crate::files::atomic::set_aside(&path, "unreadable").ok()
                        }
                        _ => None,
                    };
                    report.skipped.push(SkippedLog {
                        board: BoardKey::of_log(None, &path),
                        path,
                        set_aside,
                        error,
                    });
                    continue;
                }
            };
            let Some(key) =
                BoardKey::of_log(r.board.as_deref(), &path).filter(|k| hall.index_of(*k).is_none())
            else {
                let error = match BoardKey::of_log(r.board.as_deref(), &path) {
                    Some(key) => LogError::BoardTwice {
                        path: path.clone(),
                        board: key.0,
                    },
                    None => LogError::NoBoard { path: path.clone() },
                };
                report.skipped.push(SkippedLog {
                    board: None,
                    path,
                    set_aside: None,
                    error,
                });
                continue;
            };
            report.boards.push(BoardRestore {
                board: key.to_string(),
                path: path.clone(),
                outage_ms: r.outage_ms,
                bad_line: r.bad_line,
                damaged_copy: r.damaged_copy,
            });
            let paused = r.clock.snapshot(r.clock.last_at()).paused;
            hall.boards.push(Board {
                key,
                // A clock the restart stopped goes on with the hall's resume; one the arbiter
                // had paused before stays paused.
                hall_paused: r.outage_ms.is_some() && paused,
                offset_ms: i128::from(r.clock.last_at()) - i128::from(now),
                clock: r.clock,
                log: Some(r.log),
                last_beat: None,
                anchor: None,
                restored: r.alive,
            });
        }
        hall.order_boards();
        Ok((hall, report))
    }

    /// A new clock, not started, for board `key` whose log could not be restored (`skipped`):
    /// an unreadable log still in the way is set aside first (kept, never overwritten), and the
    /// new log takes the board's own name. The arbiter sets its times by hand.
    pub fn add_replacing(
        &mut self,
        skipped: &SkippedLog,
        key: BoardKey,
        control: TimeControl,
        first: Color,
    ) -> Result<usize, HallError> {
        if let Some(dir) = &self.dir {
            let at = dir.join(key.log_file());
            if at.exists() && skipped.path == at {
                crate::files::atomic::set_aside(&at, "unreadable").map_err(LogError::from)?;
            }
        }
        self.add(key, control, first)
    }
}

/// Where an event's clocks are logged: `<event>.clocks/`.
pub fn clocks_dir(event: &Path) -> PathBuf {
    event.with_extension("clocks")
}

/// Where the clocks of game `game` (from 0) of round `round` are logged, in an event's
/// [`clocks_dir`]: `round-N-game-G/`.
pub fn game_dir(clocks: &Path, round: usize, game: usize) -> PathBuf {
    clocks.join(format!("round-{round}-game-{}", game + 1))
}

/// The board logs in `dir`, in board order.
pub fn log_paths(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    paths.retain(|p| p.extension().is_some_and(|e| e == EXTENSION));
    paths.sort();
    Ok(paths)
}

fn write(b: &mut Board, event: &Event, wall: DateTime<Utc>) -> Result<(), HallError> {
    b.anchor = Some((event.at_ms, wall));
    match b.log.as_mut() {
        Some(log) => log
            .append(event, wall)
            .map_err(|source| HallError::Unsaved {
                board: b.name(),
                source,
            }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wall() -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000, 0).unwrap()
    }

    #[test]
    fn pause_all_stops_only_running_clocks_and_resume_all_restarts_them() {
        let control: TimeControl = "45m".parse().unwrap();
        let mut hall = Hall::new();
        for i in 1..=3 {
            let b = hall.add(i, control.clone(), Color::White).unwrap();
            if i != 2 {
                hall.push(b, 0, EventKind::Start, wall()).unwrap();
            }
        }
        assert_eq!(hall.pause_all(60_000, wall()).unwrap(), ["1", "3"]);
        // Ten minutes of alarm cost nobody any time.
        assert_eq!(hall.resume_all(660_000, wall()).unwrap(), ["1", "3"]);
        let snaps = hall.snapshots(720_000);
        assert_eq!(snaps[0].1.white.ms_left, 45 * 60_000 - 120_000);
        assert_eq!(snaps[1].1.running, None);
        assert_eq!(hall.pause_all(720_000, wall()).unwrap().len(), 2);
        assert_eq!(
            hall.pause_all(730_000, wall()).unwrap().len(),
            0,
            "already paused"
        );
    }

    /// The round's start starts every clock not yet started, one given a correction before the
    /// start among them (it was skipped: it had events, none a start).
    #[test]
    fn start_all_starts_a_clock_corrected_before_the_start() {
        let control: TimeControl = "45m".parse().unwrap();
        let mut hall = Hall::new();
        for i in 1..=3 {
            hall.add(i, control.clone(), Color::White).unwrap();
        }
        let penalty = EventKind::Adjust {
            side: Color::Black,
            ms: -60_000,
            reason: "penalty".into(),
        };
        hall.push(1, 0, penalty, wall()).unwrap();
        hall.push(2, 0, EventKind::Start, wall()).unwrap();
        // Places from 0: board 2 had the penalty, board 3 was started.
        assert_eq!(hall.start_all(5_000, wall()).unwrap(), ["1", "2"]);
        let snaps = hall.snapshots(65_000);
        assert_eq!(snaps[1].1.running, Some(Color::White));
        assert_eq!(snaps[1].1.white.ms_left, 45 * 60_000 - 60_000);
        assert_eq!(snaps[1].1.black.ms_left, 44 * 60_000);
    }

    #[test]
    fn the_hall_resume_leaves_a_board_the_arbiter_paused_on_its_own() {
        let control: TimeControl = "45m".parse().unwrap();
        let mut hall = Hall::new();
        for i in 1..=2 {
            let b = hall.add(i, control.clone(), Color::White).unwrap();
            hall.push(b, 0, EventKind::Start, wall()).unwrap();
        }
        hall.push(1, 10_000, EventKind::Pause, wall()).unwrap();
        assert_eq!(hall.pause_all(20_000, wall()).unwrap(), ["1"]);
        assert_eq!(hall.resume_all(30_000, wall()).unwrap(), ["1"]);
        let snaps = hall.snapshots(40_000);
        assert!(!snaps[0].1.paused);
        assert!(snaps[1].1.paused, "board 2 waits for its own resume");
    }

    #[test]
    fn a_board_gets_one_clock() {
        let control: TimeControl = "45m".parse().unwrap();
        let mut hall = Hall::new();
        hall.add(5, control.clone(), Color::White).unwrap();
        assert!(matches!(
            hall.add(5, control, Color::White),
            Err(HallError::Twice(_))
        ));
    }
}
