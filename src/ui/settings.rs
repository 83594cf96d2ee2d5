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
    // Every start opens the remembered event: no synced rewrite when nothing changed.
    let text = absolute.to_string_lossy();
    if std::fs::read_to_string(config).is_ok_and(|old| old.trim() == text) {
        return;
    }
    if let Some(dir) = config.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    let _ = crate::files::atomic::write(config, text.as_bytes(), false);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_event_is_remembered_and_not_rewritten_when_unchanged() {
        let dir = std::env::temp_dir().join(format!("shashki-settings-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let event = dir.join("cup.ron");
        std::fs::write(&event, "x").unwrap();
        let config = dir.join("cfg").join("last-event");
        remember(Some(&config), &event);
        assert_eq!(
            event_to_open(Some(&config)),
            std::fs::canonicalize(&event).unwrap()
        );
        let written = std::fs::metadata(&config).unwrap().modified().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        remember(Some(&config), &event);
        assert_eq!(
            std::fs::metadata(&config).unwrap().modified().unwrap(),
            written
        );
        // A remembered event that is gone: the sample again.
        std::fs::remove_file(&event).unwrap();
        assert!(event_to_open(Some(&config)).ends_with(SAMPLE));
    }
}
