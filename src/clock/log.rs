//! The clock's event log on disk: one JSON object per line, appended and flushed as events happen,
//! so that after a crash or a power cut the clock comes back with the times it had. A line torn by
//! the cut is reported, not fatal: every complete event before it is kept.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::control::TimeControl;
use super::game_clock::{ClockError, Event, GameClock};
use crate::rules::Color;

#[derive(Serialize, Deserialize)]
struct Header {
    control: String,
    first: Color,
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
    #[error("{path}:{line}: {source}")]
    Event {
        path: PathBuf,
        line: usize,
        source: ClockError,
    },
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
}

/// An open log, appended to as events happen.
pub struct ClockLog {
    path: PathBuf,
    file: File,
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
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .map_err(io(path))?;
        let header = Header {
            control: control.to_string(),
            first,
        };
        let line = serde_json::to_string(&header).expect("header serialises");
        writeln!(file, "{line}").map_err(io(path))?;
        file.sync_data().map_err(io(path))?;
        Ok(ClockLog {
            path: path.to_path_buf(),
            file,
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
        })
    }

    /// Writes one event and forces it to disk before returning.
    pub fn append(&mut self, event: &Event, wall: DateTime<Utc>) -> Result<(), LogError> {
        let record = Record {
            event: event.clone(),
            wall,
        };
        let line = serde_json::to_string(&record).expect("records serialise");
        writeln!(self.file, "{line}").map_err(io(&self.path))?;
        self.file.sync_data().map_err(io(&self.path))
    }
}

/// Reads a log: the clock as its complete events leave it, and the first unreadable line, if any.
pub fn load(path: &Path) -> Result<Loaded, LogError> {
    let file = File::open(path).map_err(io(path))?;
    let mut lines = BufReader::new(file).lines();
    let header_line = lines
        .next()
        .transpose()
        .map_err(io(path))?
        .unwrap_or_default();
    let header: Header = serde_json::from_str(&header_line).map_err(|e| LogError::Header {
        path: path.to_path_buf(),
        message: e.to_string(),
    })?;
    let control: TimeControl =
        header
            .control
            .parse()
            .map_err(|e: super::control::ControlError| LogError::Header {
                path: path.to_path_buf(),
                message: e.to_string(),
            })?;
    let mut clock = GameClock::new(control, header.first);
    let mut records = Vec::new();
    let mut bad_line: Option<BadLine> = None;
    for (i, line) in lines.enumerate() {
        let number = i + 2;
        // A torn write may leave bytes that are not UTF-8: that is a bad line too.
        let line = line.unwrap_or_else(|_| String::from("\u{FFFD}"));
        if let Some(bad) = bad_line.as_mut() {
            bad.ignored_after += 1;
            continue;
        }
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Record>(&line) {
            Ok(record) => {
                clock
                    .push(record.event.clone())
                    .map_err(|source| LogError::Event {
                        path: path.to_path_buf(),
                        line: number,
                        source,
                    })?;
                records.push(record);
            }
            Err(_) => {
                bad_line = Some(BadLine {
                    line: number,
                    text: line,
                    ignored_after: 0,
                })
            }
        }
    }
    Ok(Loaded {
        clock,
        records,
        bad_line,
    })
}
