//! The clock's event log on disk: one JSON object per line, appended and flushed as events happen,
//! so that after a crash or a power cut the clock comes back with the times it had. A line torn by
//! the cut is reported, not fatal: every complete event before it is kept.
//!
//! A running clock also writes a heartbeat line (`{"alive_ms":…}`) every second or so. After a
//! crash, [`recover`] stops the clock at the last instant it is known to have been alive: the
//! running side is charged up to the crash (to within one heartbeat), the outage itself is charged
//! to nobody, and the clock comes back paused for the arbiter to resume.

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::board_key::BoardKey;
use super::control::TimeControl;
use super::game_clock::{ClockError, Event, EventKind, GameClock};
use crate::files::atomic;
use crate::rules::Color;

#[derive(Debug, Serialize, Deserialize)]
struct Header {
    control: String,
    first: Color,
    /// The board the clock belongs to, as the hall names it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    board: Option<String>,
}

/// A running clock saying it is still alive; changes nothing in the fold.
#[derive(Serialize, Deserialize)]
struct Heartbeat {
    alive_ms: u64,
    wall: DateTime<Utc>,
}

/// One line of the log: the event, and the wall-clock time it was recorded (for the audit only;
/// times are computed from `at_ms`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    #[serde(flatten)]
    pub event: Event,
    pub wall: DateTime<Utc>,
}

#[derive(Debug, thiserror::Error)]
pub enum LogError {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}:1: not a clock log header: {message}")]
    Header { path: PathBuf, message: String },
    #[error(transparent)]
    Save(#[from] crate::files::atomic::AtomicError),
    #[error("{path}: the log names no board (its header and its file name give no board number)")]
    NoBoard { path: PathBuf },
    #[error("{path}: board {board} is logged in another file of this folder too")]
    BoardTwice { path: PathBuf, board: usize },
    #[error("{path}:{line}: {source}")]
    Event {
        path: PathBuf,
        line: usize,
        source: ClockError,
    },
}

impl crate::lang::Russian for LogError {
    fn ru(&self) -> String {
        match self {
            LogError::Io { path, source } => {
                format!("{}: {}", path.display(), crate::lang::io_ru(source))
            }
            LogError::Header { path, message } => format!(
                "{}:1: это не заголовок журнала часов: {}",
                path.display(),
                header_message_ru(message)
            ),
            LogError::Save(e) => e.ru(),
            LogError::NoBoard { path } => format!(
                "{}: журнал не называет доску (ни заголовок, ни имя файла не дают её номера)",
                path.display()
            ),
            LogError::BoardTwice { path, board } => format!(
                "{}: доска {board} записана и в другом файле этой папки",
                path.display()
            ),
            LogError::Event { path, line, source } => {
                format!("{}:{line}: {}", path.display(), source.ru())
            }
        }
    }
}

/// The Russian of a header problem this module words itself; any other (a JSON or time-control
/// message) as it is.
fn header_message_ru(message: &str) -> String {
    if message == "the log is empty (the program stopped while creating it)" {
        return "журнал пуст (программа остановилась, создавая его)".to_string();
    }
    if let Some(column) = message
        .strip_prefix("column ")
        .and_then(|m| m.strip_suffix(": not UTF-8 text"))
    {
        return format!("столбец {column}: текст не в кодировке UTF-8");
    }
    message.to_string()
}

/// A line that could not be read: the last one, cut mid-write, or a damaged one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BadLine {
    pub line: usize,
    pub text: String,
    /// Lines after it that were not used.
    pub ignored_after: usize,
}

/// A log read back.
#[derive(Debug)]
pub struct Loaded {
    pub clock: GameClock,
    pub records: Vec<Record>,
    pub bad_line: Option<BadLine>,
    pub board: Option<String>,
    /// The last instant the clock is known to have been alive: its last event or heartbeat.
    pub alive_ms: u64,
    /// The wall-clock time written with that last event or heartbeat.
    pub alive_wall: Option<DateTime<Utc>>,
    /// The last line is a complete record without its newline (a crash between the two, or an
    /// older version that wrote them apart).
    pub unterminated: bool,
    header: Header,
}

/// An open log, appended to as events happen.
#[derive(Debug)]
pub struct ClockLog {
    path: PathBuf,
    file: File,
    /// Lines the disk did not take yet (a full disk), oldest first, and whether the last is a
    /// heartbeat (a newer one replaces it): the clock goes on in memory and they are written, in
    /// order, as soon as the disk takes them.
    pending: Vec<String>,
    pending_beat: bool,
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> LogError + '_ {
    move |source| LogError::Io {
        path: path.to_path_buf(),
        source,
    }
}

impl ClockLog {
    /// Starts a new log; an existing file is never overwritten.
    pub fn create(path: &Path, control: &TimeControl, first: Color) -> Result<ClockLog, LogError> {
        ClockLog::create_for(path, control, first, None)
    }

    /// Starts a new log for a named board of a hall.
    pub fn create_for(
        path: &Path,
        control: &TimeControl,
        first: Color,
        board: Option<&str>,
    ) -> Result<ClockLog, LogError> {
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .map_err(io(path))?;
        let header = Header {
            control: control.to_string(),
            first,
            board: board.map(str::to_string),
        };
        let line = serde_json::to_string(&header).expect("header serialises");
        if let Err(e) = atomic::append_line(path, &mut file, &line) {
            // A log without its header is no log: the file this call created goes again.
            drop(file);
            let _ = std::fs::remove_file(path);
            return Err(io(path)(e));
        }
        Ok(ClockLog {
            path: path.to_path_buf(),
            file,
            pending: Vec::new(),
            pending_beat: false,
        })
    }

    /// Opens an existing log to go on appending (after [`load`]).
    pub fn reopen(path: &Path) -> Result<ClockLog, LogError> {
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(io(path))?;
        Ok(ClockLog {
            path: path.to_path_buf(),
            file,
            pending: Vec::new(),
            pending_beat: false,
        })
    }

    /// Writes one event and forces it to disk before returning.
    pub fn append(&mut self, event: &Event, wall: DateTime<Utc>) -> Result<(), LogError> {
        let record = Record {
            event: event.clone(),
            wall,
        };
        self.pending_beat = false;
        self.write_line(&serde_json::to_string(&record).expect("records serialise"))
    }

    /// Records that the clock is alive at `at_ms` (see the module notes).
    pub fn heartbeat(&mut self, at_ms: u64, wall: DateTime<Utc>) -> Result<(), LogError> {
        let beat = Heartbeat {
            alive_ms: at_ms,
            wall,
        };
        if self.pending_beat {
            // Only the latest sign of life matters: a full disk for an hour queues one beat.
            self.pending.pop();
        }
        self.pending_beat = true;
        self.write_line(&serde_json::to_string(&beat).expect("heartbeats serialise"))
    }

    /// Queues the line behind any the disk has not taken yet and writes what it can.
    fn write_line(&mut self, line: &str) -> Result<(), LogError> {
        self.pending.push(line.to_string());
        self.flush()
    }

    /// Writes the lines the disk refused before, in order; an error leaves the rest queued.
    pub fn flush(&mut self) -> Result<(), LogError> {
        while let Some(line) = self.pending.first() {
            atomic::append_line(&self.path, &mut self.file, line).map_err(io(&self.path))?;
            self.pending.remove(0);
        }
        self.pending_beat = false;
        Ok(())
    }

    /// How many lines wait for the disk (0: everything the clock did is logged).
    pub fn unwritten(&self) -> usize {
        self.pending.len()
    }
}

/// Reads a log: the clock as its complete events leave it, and the first unreadable line, if any.
pub fn load(path: &Path) -> Result<Loaded, LogError> {
    let bytes = std::fs::read(path).map_err(io(path))?;
    load_bytes(path, &bytes)
}

fn load_bytes(path: &Path, bytes: &[u8]) -> Result<Loaded, LogError> {
    let (lines, terminated) = atomic::record_lines(bytes);
    let header_error = |message: String| LogError::Header {
        path: path.to_path_buf(),
        message,
    };
    let Some(header_bytes) = lines.first() else {
        return Err(header_error(
            "the log is empty (the program stopped while creating it)".into(),
        ));
    };
    let header_line = std::str::from_utf8(header_bytes).map_err(|e| {
        header_error(format!(
            "column {}: not UTF-8 text",
            String::from_utf8_lossy(&header_bytes[..e.valid_up_to()])
                .chars()
                .count()
                + 1
        ))
    })?;
    let header: Header =
        serde_json::from_str(header_line).map_err(|e| header_error(e.to_string()))?;
    let control: TimeControl = header
        .control
        .parse()
        .map_err(|e: super::control::ControlError| header_error(e.to_string()))?;
    let mut loaded = Loaded {
        clock: GameClock::new(control, header.first),
        records: Vec::new(),
        bad_line: None,
        board: header.board.clone(),
        alive_ms: 0,
        alive_wall: None,
        unterminated: false,
        header,
    };
    for (i, raw) in lines.iter().enumerate().skip(1) {
        loaded.read_line(path, i + 1, raw)?;
    }
    // The last line is complete and read, but the next append must not be glued onto it.
    loaded.unterminated = !terminated && loaded.bad_line.is_none();
    Ok(loaded)
}

impl Loaded {
    /// Folds one line (numbered from 1) into the clock: an event, a heartbeat, or the first bad
    /// line (after which every line is only counted).
    fn read_line(&mut self, path: &Path, number: usize, raw: &[u8]) -> Result<(), LogError> {
        if let Some(bad) = self.bad_line.as_mut() {
            bad.ignored_after += 1;
            return Ok(());
        }
        // A torn write may leave bytes that are not UTF-8: that is a bad line too.
        let line = String::from_utf8_lossy(raw);
        if line.trim().is_empty() {
            return Ok(());
        }
        match serde_json::from_str::<Record>(&line) {
            Ok(record) => {
                self.clock
                    .push(record.event.clone())
                    .map_err(|source| LogError::Event {
                        path: path.to_path_buf(),
                        line: number,
                        source,
                    })?;
                if record.event.at_ms >= self.alive_ms {
                    self.alive_ms = record.event.at_ms;
                    self.alive_wall = Some(record.wall);
                }
                self.records.push(record);
            }
            Err(_) => match serde_json::from_str::<Heartbeat>(&line) {
                Ok(beat) => {
                    if beat.alive_ms >= self.alive_ms {
                        self.alive_ms = beat.alive_ms;
                        self.alive_wall = Some(beat.wall);
                    }
                }
                Err(_) => {
                    self.bad_line = Some(BadLine {
                        line: number,
                        text: line.into_owned(),
                        ignored_after: 0,
                    })
                }
            },
        }
        Ok(())
    }
}

/// The board a log belongs to as shown: its [`BoardKey`], or (a log that names none) its file
/// name.
pub fn board_name(header: Option<&str>, path: &Path) -> String {
    BoardKey::of_log(header, path).map_or_else(
        || {
            path.file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned()
        },
        |k| k.to_string(),
    )
}

/// A log read as another program writes it: each look reads only the lines added since the last
/// one (the hall's web page follows every board this way, never writing).
#[derive(Debug)]
pub struct Follower {
    path: PathBuf,
    /// Bytes of whole lines read so far, and the number of the last line read.
    offset: u64,
    lines: usize,
    pub loaded: Loaded,
}

impl Follower {
    pub fn open(path: &Path) -> Result<Follower, LogError> {
        let bytes = std::fs::read(path).map_err(io(path))?;
        // Only whole lines: a line still being written is read on a later look.
        let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let loaded = load_bytes(path, &bytes[..whole])?;
        Ok(Follower {
            path: path.to_path_buf(),
            offset: whole as u64,
            lines: bytes[..whole].iter().filter(|&&b| b == b'\n').count(),
            loaded,
        })
    }

    /// The board the log belongs to ([`board_name`]).
    pub fn board(&self) -> String {
        board_name(self.loaded.board.as_deref(), &self.path)
    }

    /// Reads what was appended since the last look; `true` if anything was. A file that became
    /// shorter (repaired after a crash) is read again from its start.
    pub fn follow(&mut self) -> Result<bool, LogError> {
        use std::io::{Read, Seek, SeekFrom};
        let len = std::fs::metadata(&self.path).map_err(io(&self.path))?.len();
        if len < self.offset {
            *self = Follower::open(&self.path)?;
            return Ok(true);
        }
        if len == self.offset {
            return Ok(false);
        }
        let mut file = File::open(&self.path).map_err(io(&self.path))?;
        file.seek(SeekFrom::Start(self.offset))
            .map_err(io(&self.path))?;
        let mut added = Vec::new();
        file.take(len - self.offset)
            .read_to_end(&mut added)
            .map_err(io(&self.path))?;
        let whole = added.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        for raw in added[..whole].split(|&b| b == b'\n') {
            if raw.is_empty() {
                continue;
            }
            self.lines += 1;
            let number = self.lines;
            self.loaded.read_line(&self.path, number, raw)?;
        }
        self.offset += whole as u64;
        Ok(whole > 0)
    }
}

/// A log brought back after the program stopped without closing it.
#[derive(Debug)]
pub struct Recovered {
    pub clock: GameClock,
    pub log: ClockLog,
    pub board: Option<String>,
    pub bad_line: Option<BadLine>,
    /// Where the damaged original was kept, when a torn line made a repaired copy necessary.
    pub damaged_copy: Option<PathBuf>,
    /// The instant the clock was stopped at, if it was running.
    pub outage_ms: Option<u64>,
    /// The clock's last known instant and the wall-clock time it was written at: what ties the
    /// clock's instants before the stop to the time of day.
    pub alive: Option<(u64, DateTime<Utc>)>,
}

/// Opens a log after a crash: a torn line is cut off (the damaged original is kept beside it), and
/// a running clock is stopped at the last instant it was alive and comes back paused.
pub fn recover(path: &Path, wall: DateTime<Utc>) -> Result<Recovered, LogError> {
    let loaded = load(path)?;
    let mut damaged_copy = None;
    if loaded.bad_line.is_some() {
        // Appending after a torn line would hide every later event from the next load: write the
        // good lines to a fresh log, keeping the damaged file for the audit.
        let mut text = serde_json::to_string(&loaded.header).expect("header serialises");
        text.push('\n');
        for r in &loaded.records {
            text.push_str(&serde_json::to_string(r).expect("records serialise"));
            text.push('\n');
        }
        let beat = Heartbeat {
            alive_ms: loaded.alive_ms,
            wall,
        };
        text.push_str(&serde_json::to_string(&beat).expect("heartbeats serialise"));
        text.push('\n');
        damaged_copy = Some(atomic::repair(path, text.as_bytes())?);
    } else if loaded.unterminated {
        atomic::seal_last_line(path)?;
    }
    let alive = loaded.alive_wall.map(|w| (loaded.alive_ms, w));
    let mut clock = loaded.clock;
    let mut log = ClockLog::reopen(path)?;
    let snap = clock.snapshot(loaded.alive_ms);
    let mut outage_ms = None;
    if snap.running.is_some() && !snap.paused {
        let event = Event {
            at_ms: loaded.alive_ms.max(clock.last_at()),
            kind: EventKind::Outage,
        };
        clock
            .push(event.clone())
            .map_err(|source| LogError::Event {
                path: path.to_path_buf(),
                line: 0,
                source,
            })?;
        log.append(&event, wall)?;
        outage_ms = Some(event.at_ms);
    }
    Ok(Recovered {
        clock,
        log,
        board: loaded.board,
        bad_line: loaded.bad_line,
        damaged_copy,
        outage_ms,
        alive,
    })
}
