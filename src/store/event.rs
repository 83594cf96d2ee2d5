//! An event on disk: `NAME.ron` (the whole state, replaced atomically on every change, the previous
//! version kept as `NAME.ron.bak`) and `NAME.journal` (one JSON line per change: when, what, and
//! the command that undoes it). A file that cannot be read, or that comes from a newer version of
//! the program, is an error naming the place and is never written over.

use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::atomic::{self, AtomicError};
use super::ron_text::{self, RonError};
use crate::tournament::command::{self, Command, CommandError};
use crate::tournament::model::{Tournament, SCHEMA};

#[derive(Debug, thiserror::Error)]
pub enum EventError {
    #[error(transparent)]
    Syntax(#[from] RonError),
    #[error("{path}: written by a newer version of the program (schema {found}, this one reads up to {SCHEMA}); it is left untouched")]
    Newer { path: PathBuf, found: u32 },
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(transparent)]
    Save(#[from] AtomicError),
    #[error(transparent)]
    Refused(#[from] CommandError),
    #[error("{path}:{line}: the journal line cannot be read")]
    Journal { path: PathBuf, line: usize },
    #[error("there is nothing left to undo")]
    NothingToUndo,
}

/// One line of the journal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub seq: u64,
    pub at: DateTime<Utc>,
    pub command: Command,
    pub undo: Command,
    /// This entry took back entry `undoes`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub undoes: Option<u64>,
}

/// An open event: the state, its file and its journal.
pub struct EventFile {
    path: PathBuf,
    pub tournament: Tournament,
    journal: Vec<Entry>,
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> EventError + '_ {
    move |source| EventError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// `x.ron` → `x.journal`
pub fn journal_path(path: &Path) -> PathBuf {
    path.with_extension("journal")
}

/// Reads a tournament file; the schema is checked before the rest so that a newer file says so
/// rather than failing on a field this version does not know.
pub fn read(path: &Path) -> Result<Tournament, EventError> {
    let text = std::fs::read_to_string(path).map_err(io(path))?;
    parse(&path.display().to_string(), &text).map_err(|e| match e {
        EventError::Newer { found, .. } => EventError::Newer {
            path: path.to_path_buf(),
            found,
        },
        e => e,
    })
}

pub fn parse(origin: &str, text: &str) -> Result<Tournament, EventError> {
    if let Some(found) = schema_of(text).filter(|&v| v > SCHEMA) {
        return Err(EventError::Newer {
            path: PathBuf::from(origin),
            found,
        });
    }
    Ok(ron_text::from_str(origin, text)?)
}

/// The `schema: N` field, found without reading the rest of the file.
fn schema_of(text: &str) -> Option<u32> {
    let at = text.find("schema")?;
    let rest = text[at + "schema".len()..].trim_start().strip_prefix(':')?;
    let digits: String = rest
        .trim_start()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

impl EventFile {
    /// Creates a new event file; an existing file is never replaced.
    pub fn create(path: &Path, tournament: Tournament) -> Result<EventFile, EventError> {
        if path.exists() {
            return Err(EventError::Io {
                path: path.to_path_buf(),
                source: std::io::Error::new(
                    std::io::ErrorKind::AlreadyExists,
                    "the file exists; open it instead",
                ),
            });
        }
        atomic::write(path, ron_text::to_string(&tournament).as_bytes(), false)?;
        Ok(EventFile {
            path: path.to_path_buf(),
            tournament,
            journal: Vec::new(),
        })
    }

    pub fn open(path: &Path) -> Result<EventFile, EventError> {
        let tournament = read(path)?;
        let jpath = journal_path(path);
        let mut journal = Vec::new();
        if jpath.exists() {
            // Lossy: a line torn inside a Cyrillic letter must not make the whole journal unreadable.
            let bytes = std::fs::read(&jpath).map_err(io(&jpath))?;
            let text = String::from_utf8_lossy(&bytes);
            let lines: Vec<&str> = text.lines().collect();
            for (i, line) in lines.iter().enumerate() {
                if line.trim().is_empty() {
                    continue;
                }
                match serde_json::from_str::<Entry>(line) {
                    Ok(e) => journal.push(e),
                    // A line torn by a crash while appending: the state file is already saved;
                    // only the undo of that change is lost. The journal is rewritten without it
                    // (the damaged one kept), or the next append would be glued to the fragment.
                    Err(_) if i + 1 == lines.len() => {
                        let mut good = String::new();
                        for e in &journal {
                            good.push_str(&serde_json::to_string(e).expect("entries serialise"));
                            good.push('\n');
                        }
                        atomic::repair(&jpath, good.as_bytes())?;
                    }
                    Err(_) => {
                        return Err(EventError::Journal {
                            path: jpath,
                            line: i + 1,
                        })
                    }
                }
            }
        }
        Ok(EventFile {
            path: path.to_path_buf(),
            tournament,
            journal,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn journal(&self) -> &[Entry] {
        &self.journal
    }

    /// Validates, saves, journals. Nothing changes in memory or on disk if the command is refused
    /// or the save fails.
    pub fn apply(&mut self, cmd: Command, at: DateTime<Utc>) -> Result<&Entry, EventError> {
        self.commit(cmd, at, None)
    }

    fn commit(
        &mut self,
        cmd: Command,
        at: DateTime<Utc>,
        undoes: Option<u64>,
    ) -> Result<&Entry, EventError> {
        let (next, undo) = command::applied(&self.tournament, &cmd)?;
        atomic::write(&self.path, ron_text::to_string(&next).as_bytes(), true)?;
        self.tournament = next;
        let entry = Entry {
            seq: self.journal.last().map_or(1, |e| e.seq + 1),
            at,
            command: cmd,
            undo,
            undoes,
        };
        // The state is saved; a journal that cannot be written costs only the undo of this change.
        let jpath = journal_path(&self.path);
        let line = serde_json::to_string(&entry).expect("journal entries serialise");
        let written = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&jpath)
            .and_then(|mut f| {
                writeln!(f, "{line}")?;
                f.sync_data()
            });
        self.journal.push(entry);
        written.map_err(io(&jpath))?;
        Ok(self.journal.last().expect("just pushed"))
    }

    /// Takes back the latest change not already taken back.
    pub fn undo(&mut self, at: DateTime<Utc>) -> Result<&Entry, EventError> {
        let undone: std::collections::BTreeSet<u64> =
            self.journal.iter().filter_map(|e| e.undoes).collect();
        let target = self
            .journal
            .iter()
            .rev()
            .find(|e| e.undoes.is_none() && !undone.contains(&e.seq))
            .ok_or(EventError::NothingToUndo)?;
        let (seq, cmd) = (target.seq, target.undo.clone());
        self.commit(cmd, at, Some(seq))
    }
}
