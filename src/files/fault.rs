//! Failures on demand, for the tests of what a full disk does: every write the program makes under
//! a folder named here fails as a full disk does, until the folder is healed. Off unless a test
//! turns it on; the check is one lock and an empty list otherwise.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

static FAILING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// From now on every write under `dir` fails with "no space left on device".
pub fn fail_under(dir: &Path) {
    let mut failing = FAILING.lock().unwrap_or_else(|e| e.into_inner());
    failing.push(dir.to_path_buf());
}

/// Writes under `dir` go through again.
pub fn heal(dir: &Path) {
    let mut failing = FAILING.lock().unwrap_or_else(|e| e.into_inner());
    failing.retain(|d| d != dir);
}

/// The error a write to `path` gets now, if one is asked for.
pub fn check(path: &Path) -> std::io::Result<()> {
    let failing = FAILING.lock().unwrap_or_else(|e| e.into_inner());
    if failing.iter().any(|d| path.starts_with(d)) {
        return Err(std::io::Error::new(
            std::io::ErrorKind::StorageFull,
            "no space left on device",
        ));
    }
    Ok(())
}
