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
/// `path.bak` (one generation).
pub fn write(path: &Path, bytes: &[u8], backup: bool) -> Result<(), AtomicError> {
    let tmp = sibling(path, "tmp");
    {
        let mut f = File::create(&tmp).map_err(err(&tmp))?;
        f.write_all(bytes).map_err(err(&tmp))?;
        f.sync_all().map_err(err(&tmp))?;
    }
    if backup && path.exists() {
        let bak = sibling(path, "bak");
        // A hard copy, not a rename: the old file stays in place until the new one replaces it.
        fs::copy(path, &bak).map_err(err(&bak))?;
        File::open(&bak)
            .and_then(|f| f.sync_all())
            .map_err(err(&bak))?;
    }
    fs::rename(&tmp, path).map_err(err(path))?;
    sync_dir(path);
    Ok(())
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
