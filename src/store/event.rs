//! An event on disk: `NAME.ron` (the whole state, replaced atomically on every change, the previous
//! version kept as `NAME.ron.bak`) and `NAME.journal` (one JSON line per change: when, what, and
//! the command that undoes it). A file that cannot be read, or that comes from a newer version of
//! the program, is an error naming the place and is never written over.

use std::fs::OpenOptions;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::said;
use super::v1::{self, UpgradeError};
use crate::files::atomic::{self, AtomicError};
use crate::files::lock::{self, Holder, Lock, LockError};
use crate::files::ron_text::{self, RonError};
use crate::files::text::{self, NotUtf8};
use crate::tournament::audit::{self, Act, Recorded};
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
    #[error("there is nothing to redo: no change was taken back since the last one made")]
    NothingToRedo,
    #[error("{path}: a file of schema 1 that cannot be upgraded: {source}; it is left untouched")]
    Upgrade { path: PathBuf, source: UpgradeError },
    /// Another process (or window) writes the event.
    #[error(transparent)]
    Held(#[from] LockError),
    /// This window only watches the event: another one writes it.
    #[error("{path}: opened read-only (another window or program writes it); nothing was changed")]
    ReadOnly { path: PathBuf },
    /// The file is not the one this program last read or wrote: something else wrote it.
    #[error("{path}: the file was changed by another program since this one read it; nothing was written over it")]
    ChangedOnDisk { path: PathBuf },
    /// A change that would change nothing, not made (the console's: no journal line, no step
    /// for Ctrl+Z to take back).
    #[error("nothing changed")]
    Unchanged,
    /// A result of a round whose next round is paired changed without a reason.
    #[error("round {round} is followed by a round already paired: changing its result is a correction, made only with its reason (the pairings made since stand)")]
    CorrectionWithoutReason { round: usize },
    /// A setting the paired rounds rest on, changed after the start without the arbiter's
    /// confirmation: what it would do, said first.
    #[error("round 1 is paired: this changes the regulation's settings — {}; confirm to make it", said_all(.consequences, crate::lang::Lang::En))]
    NotConfirmed {
        consequences: Vec<crate::lang::Said>,
    },
}

/// Consequences joined for one sentence.
fn said_all(list: &[crate::lang::Said], lang: crate::lang::Lang) -> String {
    list.iter()
        .map(|s| s.get(lang).to_string())
        .collect::<Vec<_>>()
        .join("; ")
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
            EventError::NothingToRedo => {
                "возвращать нечего: после последнего изменения ничего не отменено".to_string()
            }
            EventError::Upgrade { path, source } => format!(
                "{}: файл схемы 1, который не удаётся обновить: {}; он оставлен без изменений",
                path.display(),
                source.ru()
            ),
            EventError::Held(e) => e.ru(),
            EventError::ReadOnly { path } => format!(
                "{}: открыт только для просмотра (турнир ведёт другое окно или программа); ничего не изменено",
                path.display()
            ),
            EventError::ChangedOnDisk { path } => format!(
                "{}: файл изменила другая программа после того, как эта его прочла; поверх него ничего не записано",
                path.display()
            ),
            EventError::Unchanged => "ничего не изменилось".to_string(),
            EventError::CorrectionWithoutReason { round } => format!(
                "после тура {round} уже составлен следующий: изменение его результата — исправление, оно вносится только с причиной (составленные после него туры остаются как есть)"
            ),
            EventError::NotConfirmed { consequences } => format!(
                "тур 1 уже составлен: это изменение регламента — {}; подтвердите, чтобы внести его",
                said_all(consequences, crate::lang::Lang::Ru)
            ),
        }
    }
}

/// The schemas this version reads. Anything else is refused and the file left as it is: a newer
/// file would lose the fields this version does not know if it were saved again.
pub const KNOWN_SCHEMAS: [i64; 4] = [1, 2, 3, SCHEMA as i64];

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
    /// The journal's sequence numbers are not 1, 2, 3, …: entries numbered twice or skipped
    /// (two programs wrote it at once). Each is (line, number found, number expected).
    JournalSequence {
        path: PathBuf,
        lines: Vec<(usize, u64, u64)>,
    },
}

fn sequence_lines(lines: &[(usize, u64, u64)], lang: crate::lang::Lang) -> String {
    lines
        .iter()
        .map(|(line, found, expected)| match lang {
            crate::lang::Lang::En => format!("line {line}: {found} (expected {expected})"),
            crate::lang::Lang::Ru => format!("строка {line}: {found} (ожидался {expected})"),
        })
        .collect::<Vec<_>>()
        .join(", ")
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
            Notice::JournalSequence { path, lines } => write!(
                f,
                "{}: the journal's change numbers are not in sequence ({}); the event is as saved, but undo may take back changes in the wrong order there",
                path.display(),
                sequence_lines(lines, crate::lang::Lang::En)
            ),
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
            Notice::JournalSequence { path, lines } => format!(
                "{}: номера изменений в журнале идут не по порядку ({}); турнир таков, каким сохранён, но отмена там может брать изменения не в том порядке",
                path.display(),
                sequence_lines(lines, crate::lang::Lang::Ru)
            ),
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
    /// This entry made again the change of entry `redoes`, which an undo had taken back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redoes: Option<u64>,
    /// Who made it when not the console's arbiter: a deputy, from his phone's address.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<crate::tournament::deputy::Author>,
    /// Why, where the change needs a reason (a correction): the arbiter's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    /// The act of the event's record it is (a correction, a pairing by hand, a late setting):
    /// the record's line was written with it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub act: Option<Act>,
}

/// What a change carries beyond itself: the arbiter's reason, his confirmation of a change that
/// asks for one, and the act the caller knows it to be (a pairing by hand, an import) with its
/// words.
#[derive(Clone, Debug, Default)]
pub struct Because {
    pub why: Option<String>,
    /// The arbiter confirmed what the change does (a setting changed after the start).
    pub confirmed: bool,
    /// An act only the caller can tell (the program's pairing was not taken), and what it did.
    pub act: Option<(Act, crate::lang::Said)>,
}

impl Because {
    /// The reason a change needs (a correction), journaled with it; an empty reason is none.
    pub fn reason(why: Option<&str>) -> Because {
        Because {
            why: why.map(|w| w.trim().to_string()).filter(|w| !w.is_empty()),
            ..Because::default()
        }
    }
}

/// What a journal entry did: a change, the undo of one, or a change made again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Made {
    Change,
    Undo(u64),
    Redo(u64),
}

impl Entry {
    pub fn made(&self) -> Made {
        match (self.undoes, self.redoes) {
            (Some(seq), _) => Made::Undo(seq),
            (None, Some(seq)) => Made::Redo(seq),
            (None, None) => Made::Change,
        }
    }
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
    /// Held while the event is open to be changed; `None` when it only watches an event that
    /// another writes (`watched`).
    lock: Option<Lock>,
    watched: Option<Watched>,
    /// The file as this program last read or wrote it: nothing is saved over another version.
    disk: Option<Fingerprint>,
    /// Changes kept in memory that the disk did not take yet (see [`EventFile::keep_unsaved`]).
    unsaved: Unsaved,
    /// Which state of the event memory holds: new for each file read and each change made, so
    /// that what is derived from it (standings) is computed once per state.
    revision: u64,
}

/// A revision no other state of any event in this process has had.
fn next_revision() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// The size and hash of a file's bytes: enough to tell that another program wrote it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fingerprint {
    len: u64,
    hash: u64,
}

impl Fingerprint {
    pub fn of(bytes: &[u8]) -> Fingerprint {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        bytes.hash(&mut h);
        Fingerprint {
            len: bytes.len() as u64,
            hash: h.finish(),
        }
    }

    /// The fingerprint of the file at `path` now; `None` if there is none.
    pub fn read(path: &Path) -> Result<Option<Fingerprint>, EventError> {
        match std::fs::read(path) {
            Ok(bytes) => Ok(Some(Fingerprint::of(&bytes))),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(io(path)(e)),
        }
    }
}

#[derive(Debug, Default)]
struct Unsaved {
    /// The console keeps a change the disk refused and retries; the command line does not.
    keep: bool,
    /// The state in memory is newer than the file.
    state: bool,
    /// How many journal entries are on disk (the rest wait).
    journal_written: usize,
    /// Why the last try failed, in both languages.
    error: Option<(String, String)>,
}

/// An event this window only watches: who writes it, as its lock names them (`None`: the
/// holder has not said who).
#[derive(Clone, Debug)]
pub struct Watched {
    pub holder: Option<Holder>,
}

impl Watched {
    /// The holder in words, for the banner.
    pub fn said(&self, lang: crate::lang::Lang) -> String {
        lock::holder_said(self.holder.as_ref(), lang)
    }
}

/// What [`EventFile::reload`] found: the event as this window had it, and the changes it had
/// not saved yet (they are gone: the arbiter enters them again).
pub struct Reloaded {
    pub before: Tournament,
    pub lost: Vec<Entry>,
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
    parse_bytes(path, &bytes)
}

/// An event file's bytes as read from `path`.
fn parse_bytes(path: &Path, bytes: &[u8]) -> Result<(Tournament, Option<Older>), EventError> {
    let origin = path.display().to_string();
    let text = text::utf8(&origin, bytes)?;
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

/// An event's journal as it stands on disk, read without taking the event (a torn last line, a
/// crash's, is left out, not mended: mending is the holder's).
pub fn read_journal_of(path: &Path) -> Result<Vec<Entry>, EventError> {
    read_journal(&journal_path(path), false).map(|(entries, _)| entries)
}

/// The journal of an event as read: its entries, and what was found and (when `mend`) mended.
fn read_journal(jpath: &Path, mend: bool) -> Result<(Vec<Entry>, Vec<Notice>), EventError> {
    let mut journal = Vec::new();
    let mut notices = Vec::new();
    if !jpath.exists() {
        return Ok((journal, notices));
    }
    let bytes = std::fs::read(jpath).map_err(io(jpath))?;
    let (lines, terminated) = atomic::record_lines(&bytes);
    let mut numbered = Vec::new();
    for (i, raw) in lines.iter().enumerate() {
        let last = i + 1 == lines.len();
        // Lossy: a line torn inside a Cyrillic letter is a torn line, not an unreadable journal.
        let line = String::from_utf8_lossy(raw);
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Entry>(&line) {
            Ok(e) => {
                numbered.push(i + 1);
                journal.push(e);
                if mend && last && !terminated {
                    atomic::seal_last_line(jpath)?;
                }
            }
            // A line torn by a crash while appending: the state file is already saved; only the
            // undo of that change is lost. The journal is rewritten without it (the damaged one
            // kept), or the next append would be glued to the fragment.
            Err(_) if last && mend => {
                let mut good = String::new();
                for e in &journal {
                    good.push_str(&entry_line(e));
                    good.push('\n');
                }
                let copy = atomic::repair(jpath, good.as_bytes())?;
                notices.push(Notice::TornJournalLine {
                    path: jpath.to_path_buf(),
                    line: i + 1,
                    copy,
                });
            }
            // Watching only: the writer mends its own journal.
            Err(_) if last => {}
            Err(_) => {
                return Err(EventError::Journal {
                    path: jpath.to_path_buf(),
                    line: i + 1,
                })
            }
        }
    }
    let out_of_sequence: Vec<(usize, u64, u64)> = journal
        .iter()
        .zip(&numbered)
        .enumerate()
        .filter(|(i, (e, _))| e.seq != *i as u64 + 1)
        .map(|(i, (e, &line))| (line, e.seq, i as u64 + 1))
        .collect();
    if !out_of_sequence.is_empty() {
        notices.push(Notice::JournalSequence {
            path: jpath.to_path_buf(),
            lines: out_of_sequence,
        });
    }
    Ok((journal, notices))
}

impl EventFile {
    /// Creates a new event file; an existing file is never replaced. The new file is held as
    /// [`EventFile::open`] holds it.
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
        let lock = lock::acquire(
            &lock::event_lock_path(path),
            path,
            &Holder::unlabelled("new event"),
        )?;
        let bytes = ron_text::to_string(&tournament);
        atomic::write(path, bytes.as_bytes(), false)?;
        Ok(EventFile {
            path: path.to_path_buf(),
            tournament,
            journal: Vec::new(),
            notices: Vec::new(),
            older_schema: false,
            lock: Some(lock),
            watched: None,
            disk: Some(Fingerprint::of(bytes.as_bytes())),
            unsaved: Unsaved::default(),
            revision: next_revision(),
        })
    }

    /// Opens an event to change it, as its only writer (see [`EventFile::open_as`]).
    pub fn open(path: &Path) -> Result<EventFile, EventError> {
        EventFile::open_as(path, &Holder::unlabelled("command line"))
    }

    /// Opens an event to change it, holding its lock as `holder` for as long as it is open:
    /// refused (naming the holder) while another window or program has it. A journal whose
    /// last line a crash left torn is mended before anything is appended: a complete last
    /// record without its newline gets it, a torn one is set aside (the damaged journal kept
    /// beside it) and named in [`EventFile::notices`].
    pub fn open_as(path: &Path, holder: &Holder) -> Result<EventFile, EventError> {
        // The file must be an event before a lock file is put beside it.
        if let Err(e) = std::fs::metadata(path) {
            return Err(io(path)(e));
        }
        let lock = lock::acquire(&lock::event_lock_path(path), path, holder)?;
        let mut file = EventFile::load(path, true)?;
        file.lock = Some(lock);
        Ok(file)
    }

    /// Opens an event to change it, or, while another window or program writes it, to watch it
    /// (read-only: every change is refused; [`EventFile::follow`] keeps it up to date and
    /// [`EventFile::take_over`] makes it writable once the holder lets go).
    pub fn open_or_watch(path: &Path, holder: &Holder) -> Result<EventFile, EventError> {
        match EventFile::open_as(path, holder) {
            Err(EventError::Held(LockError::Held { holder, .. })) => {
                let mut file = EventFile::load(path, false)?;
                file.watched = Some(Watched { holder });
                Ok(file)
            }
            other => other,
        }
    }

    /// Reads the state and the journal (mending the journal only when this program writes).
    fn load(path: &Path, mend: bool) -> Result<EventFile, EventError> {
        let bytes = std::fs::read(path).map_err(io(path))?;
        EventFile::from_bytes(path, &bytes, mend)
    }

    /// [`EventFile::load`] with the event file's bytes already read.
    fn from_bytes(path: &Path, bytes: &[u8], mend: bool) -> Result<EventFile, EventError> {
        let (tournament, older) = parse_bytes(path, bytes)?;
        let mut notices = Vec::new();
        if let Some(o) = &older {
            notices.push(Notice::OlderSchema {
                path: path.to_path_buf(),
                backup: v1_backup_path(path),
                dropped_extra: o.dropped_extra.clone(),
            });
        }
        let (journal, found) = read_journal(&journal_path(path), mend)?;
        notices.extend(found);
        Ok(EventFile {
            path: path.to_path_buf(),
            tournament,
            unsaved: Unsaved {
                journal_written: journal.len(),
                ..Unsaved::default()
            },
            journal,
            notices,
            older_schema: older.is_some(),
            lock: None,
            watched: None,
            revision: next_revision(),
            disk: Some(Fingerprint::of(bytes)),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn journal(&self) -> &[Entry] {
        &self.journal
    }

    /// Who writes the event while this one only watches it; `None` when this one writes it.
    pub fn watching(&self) -> Option<&Watched> {
        self.watched.as_ref()
    }

    /// Whether the holder of a watched event has let it go; a new holder (the first let go and
    /// another took it) is named from now on.
    pub fn free_to_take(&mut self) -> bool {
        if self.lock.is_some() {
            return false;
        }
        match lock::held_by(&lock::event_lock_path(&self.path)) {
            None => true,
            Some(holder) => {
                if let (Some(w), Some(h)) = (self.watched.as_mut(), holder) {
                    w.holder = Some(h);
                }
                false
            }
        }
    }

    /// A watched event becomes this program's to write: its lock is taken and the file read
    /// again. Refused (naming the holder) while the holder has it.
    pub fn take_over(&mut self, holder: &Holder) -> Result<(), EventError> {
        if self.lock.is_some() {
            return Ok(());
        }
        let lock = lock::acquire(&lock::event_lock_path(&self.path), &self.path, holder)?;
        let mut fresh = EventFile::load(&self.path, true)?;
        fresh.lock = Some(lock);
        fresh.unsaved.keep = self.unsaved.keep;
        *self = fresh;
        Ok(())
    }

    /// A watched event read again if its file changed; whether it did. The file is read once.
    pub fn follow(&mut self) -> Result<bool, EventError> {
        if self.lock.is_some() {
            return Ok(false);
        }
        let bytes = std::fs::read(&self.path).map_err(io(&self.path))?;
        if Some(Fingerprint::of(&bytes)) == self.disk {
            return Ok(false);
        }
        let mut fresh = EventFile::from_bytes(&self.path, &bytes, false)?;
        fresh.watched = self.watched.take();
        *self = fresh;
        Ok(true)
    }

    /// The console's way: a change the disk refuses (full, read-only, removed) is kept in
    /// memory as not saved and written by [`EventFile::retry`]; without it a change is saved or
    /// not made at all.
    pub fn keep_unsaved(&mut self, keep: bool) {
        self.unsaved.keep = keep;
    }

    /// Why the changes kept in memory are not on disk yet (English, Russian); `None` when
    /// everything is saved.
    pub fn unsaved(&self) -> Option<&(String, String)> {
        self.unsaved.error.as_ref()
    }

    /// Tries again to write what the disk refused; `None` when there is nothing to write.
    pub fn retry(&mut self) -> Option<Result<(), EventError>> {
        if self.all_saved() {
            return None;
        }
        Some(self.write_out())
    }

    /// The event read again from its file, keeping the lock: what another program wrote wins,
    /// and the changes this one had not saved are handed back to be entered again.
    pub fn reload(&mut self) -> Result<Reloaded, EventError> {
        let mut fresh = EventFile::load(&self.path, self.lock.is_some())?;
        fresh.lock = self.lock.take();
        fresh.watched = self.watched.take();
        fresh.unsaved.keep = self.unsaved.keep;
        // The entries the disk has not taken (the state is always written before them).
        let lost = self.journal[self.unsaved.journal_written..].to_vec();
        let before = std::mem::replace(self, fresh).tournament;
        Ok(Reloaded { before, lost })
    }

    /// Which state of the event memory holds: another after every change and every reading.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Validates, saves, journals. Nothing changes in memory or on disk if the command is refused
    /// or (unless [`EventFile::keep_unsaved`]) the save fails.
    pub fn apply(&mut self, cmd: Command, at: DateTime<Utc>) -> Result<&Entry, EventError> {
        self.fresh(cmd, at, None, Because::default(), false)
    }

    /// The console's [`EventFile::apply`]: a change that would change nothing (a form saved as
    /// it was, a choice picked again) is not made — [`EventError::Unchanged`] — so that Ctrl+Z
    /// never takes back a step that moved nothing.
    pub fn apply_if_changed(
        &mut self,
        cmd: Command,
        at: DateTime<Utc>,
        because: Because,
    ) -> Result<&Entry, EventError> {
        self.fresh(cmd, at, None, because, true)
    }

    /// [`EventFile::apply`] with what the change carries: a reason, a confirmation, an act.
    pub fn apply_with(
        &mut self,
        cmd: Command,
        at: DateTime<Utc>,
        because: Because,
    ) -> Result<&Entry, EventError> {
        self.fresh(cmd, at, None, because, false)
    }

    /// A change made now (not an undo or a redo): a correction only with its reason, a late
    /// setting only confirmed; an act of the record written into the record with it.
    fn fresh(
        &mut self,
        cmd: Command,
        at: DateTime<Utc>,
        by: Option<crate::tournament::deputy::Author>,
        because: Because,
        unchanged_refused: bool,
    ) -> Result<&Entry, EventError> {
        let t = &self.tournament;
        let corrected = crate::tournament::correction::corrected_round(t, &cmd);
        if let (Some(round), None) = (corrected, &because.why) {
            return Err(EventError::CorrectionWithoutReason { round });
        }
        let late = audit::late_configuration(t, &cmd);
        if !late.is_empty() && !because.confirmed {
            // A change the rules refuse is refused first: no confirmation makes it.
            command::applied(t, &cmd)?;
            return Err(EventError::NotConfirmed { consequences: late });
        }
        let recorded = self.recorded(&cmd, at, &by, because.clone(), corrected, late);
        self.commit(
            cmd,
            at,
            Made::Change,
            by,
            because.why,
            recorded,
            unchanged_refused,
        )
    }

    /// The line of the event's record a change writes, if it is an act: the one the caller
    /// names, a correction, a late setting, an adjournment, an expulsion.
    fn recorded(
        &self,
        cmd: &Command,
        at: DateTime<Utc>,
        by: &Option<crate::tournament::deputy::Author>,
        because: Because,
        corrected: Option<usize>,
        late: Vec<crate::lang::Said>,
    ) -> Option<Recorded> {
        use crate::lang::{Lang, Said};
        let t = &self.tournament;
        let words = || {
            Said::new(
                said::command(t, cmd, Lang::En),
                said::command(t, cmd, Lang::Ru),
            )
        };
        let (act, round, what) = if let Some((act, what)) = because.act {
            (act, audit::round_of(t, cmd), what)
        } else if let Some(round) = corrected {
            (Act::Correction, round, words())
        } else if !late.is_empty() {
            let join = |lang| {
                late.iter()
                    .map(|s| s.get(lang).to_string())
                    .collect::<Vec<_>>()
                    .join("; ")
            };
            let what = Said::new(join(Lang::En), join(Lang::Ru));
            (Act::Configuration, t.rounds.len(), what)
        } else {
            let (act, round) = audit::act_of(t, cmd)?;
            (act, round, words())
        };
        Some(Recorded {
            act,
            round,
            at: Some(at),
            who: by.as_ref().map(|b| b.deputy.clone()),
            why: because.why,
            what,
            undone: false,
            entry: None,
        })
    }

    /// [`EventFile::apply`] for a change a deputy made from the floor: journaled with his name
    /// and address, and saved or not made at all (never kept in memory unsaved: the deputy is
    /// told it is applied only once it is on disk).
    pub fn apply_by(
        &mut self,
        cmd: Command,
        at: DateTime<Utc>,
        by: crate::tournament::deputy::Author,
    ) -> Result<&Entry, EventError> {
        self.fresh(cmd, at, Some(by), Because::default(), false)
    }

    /// Whether everything in memory is on disk.
    pub fn all_saved(&self) -> bool {
        !self.unsaved.state && self.unsaved.journal_written == self.journal.len()
    }

    #[allow(clippy::too_many_arguments)]
    fn commit(
        &mut self,
        cmd: Command,
        at: DateTime<Utc>,
        made: Made,
        by: Option<crate::tournament::deputy::Author>,
        why: Option<String>,
        recorded: Option<Recorded>,
        unchanged_refused: bool,
    ) -> Result<&Entry, EventError> {
        if self.lock.is_none() {
            return Err(EventError::ReadOnly {
                path: self.path.clone(),
            });
        }
        let (mut next, undo) = command::applied(&self.tournament, &cmd)?;
        if unchanged_refused && next == self.tournament {
            return Err(EventError::Unchanged);
        }
        // The record only grows: no command's undo takes a line of it back.
        let act = recorded.as_ref().map(|r| r.act);
        // Numbers stay unique even after a journal that two programs wrote.
        let seq = self.journal.iter().map(|e| e.seq).max().unwrap_or(0) + 1;
        next.record.extend(recorded.map(|r| Recorded {
            entry: Some(seq),
            ..r
        }));
        // Never save a state that this program would refuse to open again.
        integrity::check(&next).map_err(|source| EventError::Integrity {
            path: self.path.clone(),
            source,
        })?;
        // The console keeps a change the disk refused; a phone is told "applied" only once it
        // is on disk, so a change from the floor is saved or not made.
        let keep = self.unsaved.keep && by.is_none();
        let entry = Entry {
            seq,
            at,
            command: cmd,
            undo,
            undoes: match made {
                Made::Undo(seq) => Some(seq),
                _ => None,
            },
            redoes: match made {
                Made::Redo(seq) => Some(seq),
                _ => None,
            },
            by,
            why,
            act,
        };
        let previous = std::mem::replace(&mut self.tournament, next);
        self.revision = next_revision();
        let state_was_unsaved = self.unsaved.state;
        self.unsaved.state = true;
        self.journal.push(entry);
        self.save_or_take_back(previous, state_was_unsaved, keep)?;
        Ok(self.journal.last().expect("just pushed"))
    }

    /// The change just pushed written out. When the disk refuses it, it is kept in memory
    /// (`keep`) or not made at all: the state before it (`previous`, whether that was unsaved)
    /// put back.
    fn save_or_take_back(
        &mut self,
        previous: Tournament,
        state_was_unsaved: bool,
        keep: bool,
    ) -> Result<(), EventError> {
        match self.write_out() {
            Ok(()) => Ok(()),
            // Kept in memory: written as soon as the disk takes it.
            Err(EventError::Save(_) | EventError::Io { .. }) if keep => Ok(()),
            Err(e) => {
                // Not made at all: what another program wrote, or the command line's all or
                // nothing. (The state is already on disk if only the journal failed: then the
                // change stands and only its undo is lost, as before.)
                if self.unsaved.state {
                    self.tournament = previous;
                    self.unsaved.state = state_was_unsaved;
                    self.journal.pop();
                } else {
                    self.unsaved.journal_written = self.journal.len();
                }
                // What was already waiting for the disk still waits, and still says why.
                if self.all_saved() {
                    self.unsaved.error = None;
                }
                Err(e)
            }
        }
    }

    /// Writes what memory holds and the disk does not: the state (over the file this program
    /// last read or wrote, never over another's), then the journal's entries in order.
    fn write_out(&mut self) -> Result<(), EventError> {
        let written = self.write_state().and_then(|_| self.write_journal());
        self.unsaved.error = written
            .as_ref()
            .err()
            .map(|e| (e.to_string(), crate::lang::Russian::ru(e)));
        written
    }

    fn write_state(&mut self) -> Result<(), EventError> {
        if !self.unsaved.state {
            return Ok(());
        }
        if Fingerprint::read(&self.path)? != self.disk {
            return Err(EventError::ChangedOnDisk {
                path: self.path.clone(),
            });
        }
        if self.older_schema {
            // The schema-1 file stays as it was written, whatever later saves do; an earlier
            // upgrade's copy is never replaced.
            let backup = v1_backup_path(&self.path);
            if !backup.exists() {
                let bytes = std::fs::read(&self.path).map_err(io(&self.path))?;
                atomic::write(&backup, &bytes, false)?;
            }
        }
        let bytes = ron_text::to_string(&self.tournament);
        atomic::write(&self.path, bytes.as_bytes(), true)?;
        self.disk = Some(Fingerprint::of(bytes.as_bytes()));
        self.older_schema = false;
        self.unsaved.state = false;
        Ok(())
    }

    fn write_journal(&mut self) -> Result<(), EventError> {
        let jpath = journal_path(&self.path);
        while let Some(entry) = self.journal.get(self.unsaved.journal_written) {
            let line = entry_line(entry);
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(&jpath)
                .and_then(|mut f| atomic::append_line(&jpath, &mut f, &line))
                .map_err(io(&jpath))?;
            self.unsaved.journal_written += 1;
        }
        Ok(())
    }

    /// The record's line journal entry `seq` wrote for its act.
    fn recorded_by(&self, act: Act, seq: u64) -> Option<&Recorded> {
        self.tournament
            .record
            .iter()
            .rev()
            .find(|r| r.act == act && r.entry == Some(seq))
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
        // An act taken back stays in the record, and its undo is written after it.
        let recorded = target.act.and_then(|act| {
            let line = self.recorded_by(act, seq)?;
            let what = crate::lang::Said::new(
                format!("undone: {}", line.what.en),
                format!("отменено: {}", line.what.ru),
            );
            Some(Recorded {
                at: Some(at),
                who: None,
                why: None,
                what,
                undone: true,
                ..line.clone()
            })
        });
        self.commit(cmd, at, Made::Undo(seq), None, None, recorded, false)
    }

    /// The change the next redo makes again: the one the latest undo took back, while no new
    /// change has been made since (a new change ends what can be redone, as in any editor).
    pub fn redoable(&self) -> Option<&Entry> {
        let mut taken_back: Vec<u64> = Vec::new();
        for e in &self.journal {
            match e.made() {
                Made::Undo(seq) => taken_back.push(seq),
                Made::Redo(seq) => taken_back.retain(|&s| s != seq),
                Made::Change => taken_back.clear(),
            }
        }
        let seq = *taken_back.last()?;
        self.journal.iter().find(|e| e.seq == seq)
    }

    /// Makes again the change the latest undo took back (its command, validated as any).
    pub fn redo(&mut self, at: DateTime<Utc>) -> Result<&Entry, EventError> {
        let target = self.redoable().ok_or(EventError::NothingToRedo)?;
        // A correction made again keeps the reason it was made with.
        let (seq, cmd, why) = (target.seq, target.command.clone(), target.why.clone());
        // Made again, it is the act it was, written again.
        let recorded = target.act.and_then(|act| {
            let line = self.recorded_by(act, seq)?;
            Some(Recorded {
                at: Some(at),
                undone: false,
                ..line.clone()
            })
        });
        self.commit(cmd, at, Made::Redo(seq), None, why, recorded, false)
    }
}

fn entry_line(e: &Entry) -> String {
    serde_json::to_string(e).expect("journal entries serialise")
}
