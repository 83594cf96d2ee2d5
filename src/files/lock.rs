//! One writer at a time, enforced by the operating system: an advisory lock on a file beside
//! what is written (`EVENT.ron.lock` for an event, `hall.lock` in a folder of clock logs). The
//! lock is the kernel's (`flock` on Unix, `LockFileEx` on Windows, through the standard
//! library's `File::try_lock`), so it goes with the process: a crash or `kill -9` never leaves a
//! stale lock. The file's text names the holder (program, process, host, since when, what) for
//! whoever is refused; it is only a label, never what decides.
//!
//! A lock file lasts only while its holder runs: the holder removes it while still holding it,
//! so a command that was refused, or that only read, leaves the folder as it was. Removing it is
//! safe because a taker, once it has locked a file, checks that the file is still the one at the
//! path (not one removed meanwhile) and otherwise tries again on the new one. A killed holder's
//! file stays, unlocked: the next taker takes it and removes it in turn.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::lang::Lang;

/// Who holds a lock, as the holder wrote it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Holder {
    pub program: String,
    pub pid: u32,
    pub host: String,
    /// When it took the lock; `None` from code that has no time to give (the tests).
    pub since: Option<DateTime<Utc>>,
    /// What the holder is doing: `console`, `pair --save`, `clock hall`.
    pub role: String,
}

impl Holder {
    /// This process, doing `role`, from `since`.
    pub fn this(role: &str, since: DateTime<Utc>) -> Holder {
        Holder {
            since: Some(since),
            ..Holder::unlabelled(role)
        }
    }

    /// This process, with no time to say since when.
    pub fn unlabelled(role: &str) -> Holder {
        Holder {
            program: "shashki-arbiter".to_string(),
            pid: std::process::id(),
            host: host_name(),
            since: None,
            role: role.to_string(),
        }
    }

    /// "shashki-arbiter (console), process 1234 on hall-laptop, since 2026-12-02 16:03:27 UTC".
    pub fn said(&self, lang: Lang) -> String {
        let role = role_said(&self.role, lang);
        let since = self.since.map_or_else(String::new, |s| {
            let s = s.format("%Y-%m-%d %H:%M:%S UTC");
            match lang {
                Lang::En => format!(", since {s}"),
                Lang::Ru => format!(", с {s}"),
            }
        });
        match lang {
            Lang::En => format!(
                "{} ({role}), process {} on {}{since}",
                self.program, self.pid, self.host
            ),
            Lang::Ru => format!(
                "{} ({role}), процесс {} на компьютере {}{since}",
                self.program, self.pid, self.host
            ),
        }
    }
}

/// The roles this program writes, in words; a role only a newer version knows is said as it
/// is in English and as "another task" in Russian (never an identifier on a Russian screen).
fn role_said(role: &str, lang: Lang) -> String {
    let ru = match role {
        "console" => "окно судьи",
        "clock hall" => "часы зала, командная строка",
        "pair --save" => "составление тура, командная строка",
        "command line" => "командная строка",
        "new event" => "создание турнира",
        "game set" => "запись партии, командная строка",
        "deputy add" | "deputy revoke" => "заместители судьи, командная строка",
        "serve --write" => "приём результатов из сети зала",
        _ => "другая работа",
    };
    lang.pick(role, ru).to_string()
}

/// Who holds a lock, for a message: the holder in words, or that it has not said who.
pub fn holder_said(holder: Option<&Holder>, lang: Lang) -> String {
    match holder {
        Some(h) => h.said(lang),
        None => lang
            .pick(
                "another program (it has not said who)",
                "другая программа (она не назвала себя)",
            )
            .to_string(),
    }
}

fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .or_else(|| std::env::var("COMPUTERNAME").ok())
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "?".to_string())
}

#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another process (or another window of this one) writes here.
    #[error("{what} is held by {}; nothing was changed", holder_said(.holder.as_ref(), Lang::En))]
    Held {
        what: PathBuf,
        holder: Option<Holder>,
    },
    #[error("{path}: the lock cannot be taken: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

impl crate::lang::Russian for LockError {
    fn ru(&self) -> String {
        match self {
            LockError::Held { what, holder } => format!(
                "{} занят: его ведёт {}; ничего не изменено",
                what.display(),
                holder_said(holder.as_ref(), Lang::Ru)
            ),
            LockError::Io { path, source } => format!(
                "{}: не удаётся взять блокировку: {}",
                path.display(),
                crate::lang::io_ru(source)
            ),
        }
    }
}

impl LockError {
    pub fn holder(&self) -> Option<&Holder> {
        match self {
            LockError::Held { holder, .. } => holder.as_ref(),
            LockError::Io { .. } => None,
        }
    }
}

/// A lock held; released when dropped (or when the process ends, however it ends).
#[derive(Debug)]
pub struct Lock {
    path: PathBuf,
    // Held open: closing it releases the lock.
    _file: File,
}

impl Lock {
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for Lock {
    /// Removes the file while it is still locked (the handle closes after this), and only if it
    /// is still the one at the path.
    fn drop(&mut self) {
        if still_at(&self._file, &self.path) {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Whether `file` is the file at `path` now (not one removed and replaced since it was opened).
#[cfg(unix)]
fn still_at(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

/// Elsewhere an open file cannot be removed by another process, so the path's file is the one
/// opened; it is left in place (removing it could fail with another handle open).
#[cfg(not(unix))]
fn still_at(_file: &File, _path: &Path) -> bool {
    false
}

/// `EVENT.ron` → `EVENT.ron.lock`.
pub fn event_lock_path(event: &Path) -> PathBuf {
    crate::files::atomic::sibling(event, "lock")
}

/// The lock of a folder of clock logs.
pub fn folder_lock_path(dir: &Path) -> PathBuf {
    dir.join("hall.lock")
}

/// Takes the lock at `path` for `what` (the file or folder it guards, for messages), or says who
/// holds it. Never waits.
pub fn acquire(path: &Path, what: &Path, holder: &Holder) -> Result<Lock, LockError> {
    let io = |source| LockError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut file = loop {
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(io)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                return Err(LockError::Held {
                    what: what.to_path_buf(),
                    holder: read_holder(&mut file),
                })
            }
            Err(TryLockError::Error(e)) => return Err(io(e)),
        }
        // A holder that let go removed the file it held: this lock is on a file no longer at
        // the path, so another taker may hold the one there now. Take that one instead.
        if cfg!(not(unix)) || still_at(&file, path) {
            break file;
        }
    };
    // The label is best effort: a full disk must not keep the arbiter from the event.
    let label = serde_json::to_string(holder).expect("holders serialise");
    let _ = file
        .set_len(0)
        .and_then(|_| file.seek(SeekFrom::Start(0)))
        .and_then(|_| file.write_all(label.as_bytes()))
        .and_then(|_| file.sync_data());
    Ok(Lock {
        path: path.to_path_buf(),
        _file: file,
    })
}

fn read_holder(file: &mut File) -> Option<Holder> {
    let mut text = String::new();
    file.seek(SeekFrom::Start(0)).ok()?;
    file.read_to_string(&mut text).ok()?;
    serde_json::from_str(text.trim()).ok()
}

/// Who holds the lock at `path` now, or `None` if nobody does (it is taken and let go at once to
/// find out).
pub fn held_by(path: &Path) -> Option<Option<Holder>> {
    let mut file = OpenOptions::new().read(true).write(true).open(path).ok()?;
    match file.try_lock() {
        Ok(()) => {
            let _ = file.unlock();
            None
        }
        Err(TryLockError::WouldBlock) => Some(read_holder(&mut file)),
        Err(TryLockError::Error(_)) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_taker_is_refused_with_the_holder_named_until_the_first_lets_go() {
        let d = std::env::temp_dir().join(format!("sa-lock-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        let event = d.join("e.ron");
        let path = event_lock_path(&event);
        let since = DateTime::from_timestamp(1_800_000_000, 0).unwrap();
        let first = acquire(&path, &event, &Holder::this("console", since)).unwrap();
        let err = acquire(&path, &event, &Holder::this("pair --save", since)).unwrap_err();
        let h = err.holder().expect("the holder is named");
        assert_eq!((h.pid, h.role.as_str()), (std::process::id(), "console"));
        assert!(err.to_string().contains("(console), process"), "{err}");
        assert_eq!(held_by(&path).unwrap().unwrap().role, "console");
        drop(first);
        assert_eq!(held_by(&path), None);
        assert!(!path.exists(), "the holder's file goes with it");
        acquire(&path, &event, &Holder::this("pair --save", since)).unwrap();
    }

    /// A taker whose file was removed under it (its holder let go between the taker's open and
    /// its lock) does not hold the lock of the file now at the path: it takes that one.
    #[cfg(unix)]
    #[test]
    fn a_lock_on_a_removed_file_is_not_taken_for_the_lock_at_the_path() {
        let d = std::env::temp_dir().join(format!("sa-lock-gone-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        let event = d.join("e.ron");
        let path = event_lock_path(&event);
        let stale = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .unwrap();
        std::fs::remove_file(&path).unwrap();
        assert!(!still_at(&stale, &path));
        let since = DateTime::from_timestamp(1_800_000_000, 0).unwrap();
        let lock = acquire(&path, &event, &Holder::this("console", since)).unwrap();
        assert!(still_at(&lock._file, &path));
        assert!(acquire(&path, &event, &Holder::this("pair --save", since)).is_err());
        drop(stale);
        drop(lock);
        assert!(!path.exists());
    }

    /// A holder that said nothing, or a role this version does not know, is never shown to a
    /// Russian arbiter as an identifier (or as this process, as a stand-in holder once was).
    #[test]
    fn unknown_holders_and_roles_are_said_in_words() {
        assert_eq!(
            holder_said(None, Lang::Ru),
            "другая программа (она не назвала себя)"
        );
        let h = Holder::unlabelled("game import");
        assert!(
            h.said(Lang::Ru).contains("(другая работа)"),
            "{}",
            h.said(Lang::Ru)
        );
        assert!(h.said(Lang::En).contains("(game import)"));
        let cli = Holder::unlabelled("command line");
        assert!(cli.said(Lang::Ru).contains("(командная строка)"));
    }
}
