//! Atomic file replacement: the new contents go to a temporary file in the same directory, are
//! forced to disk, and only then renamed over the old file, so a crash at any moment leaves either
//! the old file or the new one, never a mix.

use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
#[error("{path}: {source}")]
pub struct AtomicError {
    pub path: PathBuf,
    #[source]
    pub source: std::io::Error,
}

impl crate::lang::Russian for AtomicError {
    fn ru(&self) -> String {
        format!(
            "{}: {}",
            self.path.display(),
            crate::lang::io_ru(&self.source)
        )
    }
}

fn err(path: &Path) -> impl FnOnce(std::io::Error) -> AtomicError + '_ {
    move |source| AtomicError {
        path: path.to_path_buf(),
        source,
    }
}

/// `file.ext` → `file.ext.<suffix>`.
pub fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".");
    name.push(suffix);
    path.with_file_name(name)
}

/// Replaces `path` with `bytes`. With `backup`, the previous contents (if any) are kept as
/// `path.bak` (one generation). The backup is itself written to a temporary file and renamed into
/// place, so a crash leaves the old `.bak` or the new one, never a torn one.
/// A write that fails (a full disk, a read-only folder, a file removed) leaves no temporary file
/// behind and the old file as it was.
pub fn write(path: &Path, bytes: &[u8], backup: bool) -> Result<(), AtomicError> {
    let tmp = sibling(path, "tmp");
    let bak_tmp = sibling(path, "bak.tmp");
    let written = replace(path, &tmp, &bak_tmp, bytes, backup);
    if written.is_err() {
        // Only the program's own temporaries: on a full disk a leftover holds the last free space.
        let _ = fs::remove_file(&tmp);
        let _ = fs::remove_file(&bak_tmp);
    }
    written
}

fn replace(
    path: &Path,
    tmp: &Path,
    bak_tmp: &Path,
    bytes: &[u8],
    backup: bool,
) -> Result<(), AtomicError> {
    write_synced(tmp, bytes)?;
    if backup && path.exists() {
        let bak = sibling(path, "bak");
        // A copy, not a rename: the old file stays in place until the new one replaces it.
        fs::copy(path, bak_tmp).map_err(err(bak_tmp))?;
        File::open(bak_tmp)
            .and_then(|f| f.sync_all())
            .map_err(err(bak_tmp))?;
        fs::rename(bak_tmp, &bak).map_err(err(&bak))?;
    }
    fs::rename(tmp, path).map_err(err(path))?;
    sync_dir(path);
    Ok(())
}

fn write_synced(path: &Path, bytes: &[u8]) -> Result<(), AtomicError> {
    let mut f = File::create(path).map_err(err(path))?;
    // As a full disk does: the file is there, its contents are not.
    super::fault::check(path).map_err(err(path))?;
    f.write_all(bytes).map_err(err(path))?;
    f.sync_all().map_err(err(path))
}

/// Appends one record of a line-per-record file (journal, clock log): the line and its newline
/// go out in one write call and are forced to disk before this returns, so a crash never leaves
/// a complete record without its newline for the next record to be glued onto.
///
/// A record that cannot be written whole (a full disk) is cut off again, so the file ends with
/// its last complete record and the same record can be appended later.
pub fn append_line(path: &Path, file: &mut File, line: &str) -> std::io::Result<()> {
    super::fault::check(path)?;
    let mut record = Vec::with_capacity(line.len() + 1);
    record.extend_from_slice(line.as_bytes());
    record.push(b'\n');
    let before = file.metadata()?.len();
    let written = file.write_all(&record).and_then(|_| file.sync_data());
    if written.is_err() {
        let _ = file.set_len(before);
    }
    written
}

/// Ends a line-per-record file whose last record is complete but lacks its newline (an older
/// version wrote the two separately), before anything is appended after it.
pub fn seal_last_line(path: &Path) -> Result<(), AtomicError> {
    let mut f = OpenOptions::new()
        .append(true)
        .open(path)
        .map_err(err(path))?;
    f.write_all(b"\n").map_err(err(path))?;
    f.sync_data().map_err(err(path))
}

/// The lines of a line-per-record file as bytes, and whether the last one ended with its newline.
pub fn record_lines(bytes: &[u8]) -> (Vec<&[u8]>, bool) {
    if bytes.is_empty() {
        return (Vec::new(), true);
    }
    let terminated = bytes.ends_with(b"\n");
    let body = if terminated {
        &bytes[..bytes.len() - 1]
    } else {
        bytes
    };
    let lines = body
        .split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .collect();
    (lines, terminated)
}

/// Moves a file that cannot be used out of the way, to the first free `path.<stem>-N`, and returns
/// the new name; it is kept for the audit, never deleted or overwritten.
pub fn set_aside(path: &Path, stem: &str) -> Result<PathBuf, AtomicError> {
    for n in 1.. {
        let to = sibling(path, &format!("{stem}-{n}"));
        if to.exists() {
            continue;
        }
        fs::rename(path, &to).map_err(err(path))?;
        sync_dir(path);
        return Ok(to);
    }
    unreachable!("the numbers run out before the disk does")
}

/// Copies `path` to the first free `path.<stem>-N` and returns the copy's name; never overwrites.
pub fn keep_copy(path: &Path, stem: &str) -> Result<PathBuf, AtomicError> {
    for n in 1.. {
        let copy = sibling(path, &format!("{stem}-{n}"));
        match OpenOptions::new().write(true).create_new(true).open(&copy) {
            Ok(mut f) => {
                let bytes = fs::read(path).map_err(err(path))?;
                f.write_all(&bytes).map_err(err(&copy))?;
                f.sync_all().map_err(err(&copy))?;
                return Ok(copy);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(err(&copy)(e)),
        }
    }
    unreachable!("the numbers run out before the disk does")
}

/// Replaces a damaged file with its readable part, keeping the damaged original as
/// `path.damaged-N`; returns the copy's name.
pub fn repair(path: &Path, good: &[u8]) -> Result<PathBuf, AtomicError> {
    let copy = keep_copy(path, "damaged")?;
    write(path, good, false)?;
    Ok(copy)
}

/// Makes a rename durable (the directory entry itself). Best effort: not every platform can open
/// a directory for syncing.
fn sync_dir(path: &Path) {
    if let Some(dir) = path.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replacing_keeps_one_backup_and_copies_never_overwrite() {
        let d = std::env::temp_dir().join(format!("sa-atomic-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        let p = d.join("event.ron");
        write(&p, b"one", true).unwrap();
        assert!(!sibling(&p, "bak").exists());
        write(&p, b"two", true).unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"two");
        assert_eq!(fs::read(sibling(&p, "bak")).unwrap(), b"one");
        assert!(!sibling(&p, "tmp").exists());
        let c1 = keep_copy(&p, "damaged").unwrap();
        let c2 = keep_copy(&p, "damaged").unwrap();
        assert_ne!(c1, c2);
        assert!(c2.to_string_lossy().ends_with("event.ron.damaged-2"));
    }
}
