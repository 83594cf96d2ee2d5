//! What the program remembers between runs: the last event opened. Kept in a one-line file in the
//! user's config directory; a missing or unreadable file only means "first launch".

use std::path::{Path, PathBuf};

/// The sample event opened on first launch.
pub const SAMPLE: &str = "tournaments/shashki64-round-robin.ron";

/// `$XDG_CONFIG_HOME/shashki-arbiter/last-event`, or under `~/.config`.
pub fn default_file() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))?;
    Some(base.join("shashki-arbiter").join("last-event"))
}

/// The event to open: the last one if it still exists, else the sample (from the working
/// directory, or from the source tree the program was built in).
pub fn event_to_open(config: Option<&Path>) -> PathBuf {
    if let Some(last) = config
        .and_then(|c| std::fs::read_to_string(c).ok())
        .map(|s| PathBuf::from(s.trim()))
        .filter(|p| p.exists())
    {
        return last;
    }
    let here = PathBuf::from(SAMPLE);
    if here.exists() {
        return here;
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join(SAMPLE)
}

/// Remembers `event` as the last one opened; a failure only costs the memory.
pub fn remember(config: Option<&Path>, event: &Path) {
    let Some(config) = config else { return };
    let absolute = std::fs::canonicalize(event).unwrap_or_else(|_| event.to_path_buf());
    if let Some(dir) = config.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    let _ = crate::store::atomic::write(config, absolute.to_string_lossy().as_bytes(), false);
}
