//! An event on disk: `NAME.ron` (the whole state, replaced atomically on every change, the previous
//! version kept as `NAME.ron.bak`) and `NAME.journal` (one JSON line per change: when, what, and
//! the command that undoes it). A file that cannot be read, or that comes from a newer version of
//! the program, is an error naming the place and is never written over.

use std::fs::OpenOptions;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::v1::{self, UpgradeError};
use crate::files::atomic::{self, AtomicError};
use crate::files::ron_text::{self, RonError};
use crate::files::text::{self, NotUtf8};
use crate::tournament::command::{self, Command, CommandError};
use crate::tournament::integrity::{self, IntegrityError};
use crate::tournament::model::{Tournament, SCHEMA};

#[derive(Debug, thiserror::Error)]
pub enum EventError {
    #[error(transparent)]
    Syntax(#[from] RonError),
    #[error(transparent)]
    NotUtf8(#[from] NotUtf8),
    #[error("{path}: written by a newer version of the program (schema {found}, this one reads up to {SCHEMA}); it is left untouched")]
    Newer { path: PathBuf, found: i64 },
    #[error("{path}: schema {found} is not a version of this program's event file (it reads {}); it is left untouched", KNOWN_SCHEMAS.map(|s| s.to_string()).join(", "))]
    UnknownSchema { path: PathBuf, found: i64 },
    #[error("{path}: not an event file: it has no `schema` field; it is left untouched")]
    NoSchema { path: PathBuf },
    #[error("{path}: {source}")]
    Integrity {
        path: PathBuf,
        source: IntegrityError,
    },
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
    #[error("{path}: a file of schema 1 that cannot be upgraded: {source}; it is left untouched")]
    Upgrade { path: PathBuf, source: UpgradeError },
}

impl crate::lang::Russian for EventError {
    fn ru(&self) -> String {
        match self {
            EventError::Syntax(e) => e.ru(),
            EventError::NotUtf8(e) => e.ru(),
            EventError::Newer { path, found } => format!(
                "{}: файл записан более новой версией программы (схема {found}, эта версия читает схемы до {SCHEMA}); он оставлен без изменений",
                path.display()
            ),
            EventError::UnknownSchema { path, found } => format!(
                "{}: схема {found} не относится ни к одной версии файла турнира этой программы (она читает {}); файл оставлен без изменений",
                path.display(),
                KNOWN_SCHEMAS.map(|s| s.to_string()).join(", ")
            ),
            EventError::NoSchema { path } => format!(
                "{}: это не файл турнира: в нём нет поля `schema`; он оставлен без изменений",
                path.display()
            ),
            EventError::Integrity { path, source } => format!("{}: {source}", path.display()),
            EventError::Io { path, source } => format!("{}: {}", path.display(), crate::lang::io_ru(source)),
            EventError::Save(e) => e.ru(),
            EventError::Refused(e) => e.ru(),
            EventError::Journal { path, line } => {
                format!("{}:{line}: строку журнала не удаётся прочитать", path.display())
            }
            EventError::NothingToUndo => "отменять больше нечего".to_string(),
            EventError::Upgrade { path, source } => format!(
                "{}: файл схемы 1, который не удаётся обновить: {}; он оставлен без изменений",
                path.display(),
                source.ru()
            ),
        }
    }
}

/// The schemas this version reads. Anything else is refused and the file left as it is: a newer
/// file would lose the fields this version does not know if it were saved again.
pub const KNOWN_SCHEMAS: [i64; 2] = [1, SCHEMA as i64];

/// Something found and mended while opening an event, for the arbiter to be told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// The journal's last line was torn by a crash: set aside (the damaged journal kept as
    /// `copy`); only the undo of that one change is lost, the event itself was saved before it.
    TornJournalLine {
        path: PathBuf,
        line: usize,
        copy: PathBuf,
    },
    /// The event was saved by an earlier version (schema 1): it is read as it is and written as
    /// schema 2 at the next change, the schema-1 file kept as `backup`.
    OlderSchema {
        path: PathBuf,
        backup: PathBuf,
        /// An extra-micromatch time control schema 1 kept unchecked and that is not one.
        dropped_extra: Option<String>,
    },
}

impl std::fmt::Display for Notice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Notice::TornJournalLine { path, line, copy } => write!(
                f,
                "{}:{line}: a journal line torn by a crash was set aside (the damaged journal is kept as {}); the event is intact, only the undo of that change is lost",
                path.display(),
                copy.display()
            ),
            Notice::OlderSchema {
                path,
                backup,
                dropped_extra,
            } => {
                write!(
                    f,
                    "{}: saved by an earlier version (schema 1); the next change saves it in the current form, the old file kept as {}",
                    path.display(),
                    backup.display()
                )?;
                if let Some(x) = dropped_extra {
                    write!(f, "; the extra micromatches' time control `{x}` is not one and is not carried over (their games use the event's clock)")?;
                }
                Ok(())
            }
        }
    }
}

impl Notice {
    /// The notice in Russian, for the console.
    pub fn ru(&self) -> String {
        match self {
            Notice::TornJournalLine { path, line, copy } => format!(
                "{}:{line}: строка журнала, оборванная сбоем, отложена (повреждённый журнал сохранён как {}); турнир цел, потеряна лишь возможность отменить это изменение",
                path.display(),
                copy.display()
            ),
            Notice::OlderSchema {
                path,
                backup,
                dropped_extra,
            } => {
                let mut text = format!(
                    "{}: сохранён прежней версией программы (схема 1); при следующем изменении он будет записан в новом виде, старый файл сохранится как {}",
                    path.display(),
                    backup.display()
                );
                if let Some(x) = dropped_extra {
                    text.push_str(&format!("; контроль времени доп. микроматчей `{x}` не читается и не перенесён (их партии идут с контролем турнира)"));
                }
                text
            }
        }
    }
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
    /// What opening the event found and mended.
    pub notices: Vec<Notice>,
    /// The file on disk is schema 1: keep it as the backup before the first save.
    older_schema: bool,
}

/// `x.ron` → `x.v1.bak`: the schema-1 file, kept when the event is first saved as schema 2.
pub fn v1_backup_path(path: &Path) -> PathBuf {
    path.with_extension("v1.bak")
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

/// Reads a tournament file: the schema first (from the parsed file, so no spelling of the number
/// and no comment can hide it), then the rest, then what must hold between its parts.
pub fn read(path: &Path) -> Result<Tournament, EventError> {
    read_versioned(path).map(|(t, _)| t)
}

/// What reading found of an older file: its schema and what could not be carried over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Older {
    pub schema: i64,
    pub dropped_extra: Option<String>,
}

/// As [`read`], saying whether the file was of an older schema.
pub fn read_versioned(path: &Path) -> Result<(Tournament, Option<Older>), EventError> {
    let bytes = std::fs::read(path).map_err(io(path))?;
    let origin = path.display().to_string();
    let text = text::utf8(&origin, &bytes)?;
    parse_versioned(&origin, text)
}

/// Only the schema of an event file; every other field is skipped (but must be well formed).
#[derive(Deserialize)]
#[serde(rename = "Tournament")]
struct SchemaProbe {
    schema: Option<i64>,
}

pub fn parse(origin: &str, text: &str) -> Result<Tournament, EventError> {
    parse_versioned(origin, text).map(|(t, _)| t)
}

pub fn parse_versioned(
    origin: &str,
    text: &str,
) -> Result<(Tournament, Option<Older>), EventError> {
    let path = PathBuf::from(origin);
    let probe: SchemaProbe = ron_text::from_str(origin, text)?;
    let (t, older) = match probe.schema {
        None => return Err(EventError::NoSchema { path }),
        Some(found) if found > SCHEMA as i64 => return Err(EventError::Newer { path, found }),
        Some(found) if !KNOWN_SCHEMAS.contains(&found) => {
            return Err(EventError::UnknownSchema { path, found })
        }
        Some(1) => {
            let old: v1::TournamentV1 = ron_text::from_str(origin, text)?;
            let (t, dropped_extra) = v1::upgrade(old).map_err(|source| EventError::Upgrade {
                path: path.clone(),
                source,
            })?;
            (
                t,
                Some(Older {
                    schema: 1,
                    dropped_extra,
                }),
            )
        }
        Some(_) => (ron_text::from_str::<Tournament>(origin, text)?, None),
    };
    integrity::check(&t).map_err(|source| EventError::Integrity { path, source })?;
    Ok((t, older))
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
            notices: Vec::new(),
            older_schema: false,
        })
    }

    /// Opens an event to change it. A journal whose last line a crash left torn is mended
    /// before anything is appended: a complete last record without its newline gets it, a torn
    /// one is set aside (the damaged journal kept beside it) and named in [`EventFile::notices`].
    pub fn open(path: &Path) -> Result<EventFile, EventError> {
        let (tournament, older) = read_versioned(path)?;
        let jpath = journal_path(path);
        let mut journal = Vec::new();
        let mut notices = Vec::new();
        if let Some(o) = &older {
            notices.push(Notice::OlderSchema {
                path: path.to_path_buf(),
                backup: v1_backup_path(path),
                dropped_extra: o.dropped_extra.clone(),
            });
        }
        if jpath.exists() {
            let bytes = std::fs::read(&jpath).map_err(io(&jpath))?;
            let (lines, terminated) = atomic::record_lines(&bytes);
            for (i, raw) in lines.iter().enumerate() {
                let last = i + 1 == lines.len();
                // Lossy: a line torn inside a Cyrillic letter is a torn line, not an unreadable
                // journal.
                let line = String::from_utf8_lossy(raw);
                if line.trim().is_empty() {
                    continue;
                }
                match serde_json::from_str::<Entry>(&line) {
                    Ok(e) => {
                        journal.push(e);
                        if last && !terminated {
                            atomic::seal_last_line(&jpath)?;
                        }
                    }
                    // A line torn by a crash while appending: the state file is already saved;
                    // only the undo of that change is lost. The journal is rewritten without it
                    // (the damaged one kept), or the next append would be glued to the fragment.
                    Err(_) if last => {
                        let mut good = String::new();
                        for e in &journal {
                            good.push_str(&entry_line(e));
                            good.push('\n');
                        }
                        let copy = atomic::repair(&jpath, good.as_bytes())?;
                        notices.push(Notice::TornJournalLine {
                            path: jpath.clone(),
                            line: i + 1,
                            copy,
                        });
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
            notices,
            older_schema: older.is_some(),
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
        // Never save a state that this program would refuse to open again.
        integrity::check(&next).map_err(|source| EventError::Integrity {
            path: self.path.clone(),
            source,
        })?;
        if self.older_schema {
            // The schema-1 file stays as it was written, whatever later saves do; an earlier
            // upgrade's copy is never replaced.
            let backup = v1_backup_path(&self.path);
            if !backup.exists() {
                let bytes = std::fs::read(&self.path).map_err(io(&self.path))?;
                atomic::write(&backup, &bytes, false)?;
            }
        }
        atomic::write(&self.path, ron_text::to_string(&next).as_bytes(), true)?;
        self.older_schema = false;
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
        let line = entry_line(&entry);
        let written = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&jpath)
            .and_then(|mut f| atomic::append_line(&mut f, &line));
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

fn entry_line(e: &Entry) -> String {
    serde_json::to_string(e).expect("journal entries serialise")
}
