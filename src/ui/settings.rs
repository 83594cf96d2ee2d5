//! What the program remembers between runs: the last event opened (a one-line file in the
//! user's config directory; missing or unreadable only means "first launch"), the recent ones
//! the language chosen and whether the hall's network page was on.

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

/// The sample events, built into the program: on first launch they are copied to the user's
/// data folder, so that an installed program never works inside its source tree.
const SAMPLES: [(&str, &str); 5] = [
    (
        "shashki64-round-robin.ron",
        include_str!("../../tournaments/shashki64-round-robin.ron"),
    ),
    (
        "international-round-robin.ron",
        include_str!("../../tournaments/international-round-robin.ron"),
    ),
    (
        "open-swiss-48.ron",
        include_str!("../../tournaments/open-swiss-48.ron"),
    ),
    (
        "towers-round-robin.ron",
        include_str!("../../tournaments/towers-round-robin.ron"),
    ),
    (
        "knockout-cup.ron",
        include_str!("../../tournaments/knockout-cup.ron"),
    ),
];

/// The user's data folder for events: `$XDG_DATA_HOME/shashki-arbiter` (or
/// `~/.local/share/shashki-arbiter`); `%APPDATA%\shashki-arbiter` on Windows and
/// `~/Library/Application Support/shashki-arbiter` on macOS.
pub fn data_dir() -> Option<PathBuf> {
    let var = |v: &str| {
        std::env::var_os(v)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let base = if cfg!(windows) {
        var("APPDATA")
    } else if cfg!(target_os = "macos") {
        var("HOME").map(|h| h.join("Library").join("Application Support"))
    } else {
        var("XDG_DATA_HOME").or_else(|| var("HOME").map(|h| h.join(".local").join("share")))
    }?;
    Some(base.join("shashki-arbiter"))
}

/// The event to open: the last one if it still exists, else the sample of a `tournaments/`
/// folder in the working directory, else the sample in the user's data folder (copied there on
/// first launch).
pub fn event_to_open(config: Option<&Path>) -> PathBuf {
    event_to_open_from(config, Path::new("."), data_dir().as_deref())
}

/// [`event_to_open`] with the working directory and the data folder given.
pub fn event_to_open_from(config: Option<&Path>, cwd: &Path, data: Option<&Path>) -> PathBuf {
    if let Some(last) = config
        .and_then(|c| std::fs::read_to_string(c).ok())
        .map(|s| PathBuf::from(s.trim()))
        .filter(|p| p.exists())
    {
        return last;
    }
    let here = cwd.join(SAMPLE);
    if here.exists() {
        return here;
    }
    if let Some(data) = data {
        if copy_samples(data).is_ok() {
            return data.join(SAMPLES[0].0);
        }
    }
    // No data folder can be written: the sample is opened where it is built from.
    Path::new(env!("CARGO_MANIFEST_DIR")).join(SAMPLE)
}

/// Writes the samples into `dir`, each only if no file of that name is there (an event the
/// arbiter has worked on is never replaced).
fn copy_samples(dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for (name, text) in SAMPLES {
        let to = dir.join(name);
        if !to.exists() {
            crate::files::atomic::write(&to, text.as_bytes(), false)
                .map_err(|e| std::io::Error::other(e.to_string()))?;
        }
    }
    Ok(())
}

/// Remembers `event` as the last one opened and first of the recent ones; a failure only costs
/// the memory.
pub fn remember(config: Option<&Path>, event: &Path) {
    if let Some(config) = config {
        remember_path(config, event);
        let mut list = recent(Some(config));
        let event = absolute(event);
        if list.first() != Some(&event) {
            list.retain(|p| *p != event);
            list.insert(0, event);
            list.truncate(RECENT);
            let text: Vec<String> = list.iter().map(|p| p.to_string_lossy().into()).collect();
            keep_text(&recent_file(config), &text.join("\n"));
        }
    }
}

/// How many recent events the Files page lists.
const RECENT: usize = 12;

/// `recent-events` beside the `last-event` file: one path a line, the newest first.
fn recent_file(config: &Path) -> PathBuf {
    config.with_file_name("recent-events")
}

/// The events opened lately, the newest first (those since deleted included: the list shows
/// what still exists).
pub fn recent(config: Option<&Path>) -> Vec<PathBuf> {
    config
        .and_then(|c| std::fs::read_to_string(recent_file(c)).ok())
        .map(|text| {
            text.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(PathBuf::from)
                .collect()
        })
        .unwrap_or_default()
}

/// `sample-hint-seen` beside the `last-event` file: the line that says the event open is a
/// sample was dismissed, or another event opened.
fn hint_file(config: &Path) -> PathBuf {
    config.with_file_name("sample-hint-seen")
}

/// Whether the program starting on `event` says it is the sample and how to start one's own:
/// on the sample, at every start until the line is dismissed or another event is opened (the
/// first launch's line went with the first window, read or not).
pub fn sample_hint_due(config: Option<&Path>, event: &Path) -> bool {
    let sample = event.file_name() == Path::new(SAMPLE).file_name();
    sample && !config.is_some_and(|c| hint_file(c).exists())
}

/// The sample line has done its work: not shown at the next start.
pub fn sample_hint_seen(config: Option<&Path>) {
    if let Some(config) = config {
        keep_text(&hint_file(config), "seen");
    }
}

/// An event's absolute path, as the remembering files hold it.
fn absolute(event: &Path) -> PathBuf {
    std::fs::canonicalize(event).unwrap_or_else(|_| event.to_path_buf())
}

/// Writes `event`'s absolute path into `file`; not again when it holds it already (every start
/// opens the remembered event: no synced rewrite when nothing changed).
fn remember_path(file: &Path, event: &Path) {
    keep_text(file, &absolute(event).to_string_lossy());
}

/// Writes `text` into one of the remembering files, unless it holds it already; a failure only
/// costs the memory.
fn keep_text(file: &Path, text: &str) {
    if std::fs::read_to_string(file).is_ok_and(|old| old.trim() == text) {
        return;
    }
    if let Some(dir) = file.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    let _ = crate::files::atomic::write(file, text.as_bytes(), false);
}

/// `language` beside the `last-event` file: `en` or `ru`, the arbiter's choice.
fn lang_file(config: &Path) -> PathBuf {
    config.with_file_name("language")
}

/// Remembers the language chosen with the button, so that a restart speaks it again.
pub fn remember_lang(config: Option<&Path>, lang: crate::lang::Lang) {
    if let Some(config) = config {
        keep_text(&lang_file(config), lang.pick("en", "ru"));
    }
}

/// The language chosen last, if one was.
pub fn chosen_lang(config: Option<&Path>) -> Option<crate::lang::Lang> {
    std::fs::read_to_string(lang_file(config?))
        .ok()?
        .trim()
        .parse()
        .ok()
}

/// `hall-network` beside the `last-event` file: the event whose hall-network page was on.
fn web_file(config: &Path) -> PathBuf {
    config.with_file_name("hall-network")
}

/// Remembers that the hall's network page is on for `event` (or off, `None`), so that a restart
/// after a crash brings it back for the phones that had it open.
pub fn remember_web(config: Option<&Path>, event: Option<&Path>) {
    let Some(config) = config else { return };
    let file = web_file(config);
    match event {
        Some(event) => remember_path(&file, event),
        None => {
            let _ = std::fs::remove_file(file);
        }
    }
}

/// Whether the hall's network page was on for `event` when the program last ran.
pub fn web_was_on(config: Option<&Path>, event: &Path) -> bool {
    let Some(config) = config else { return false };
    let Ok(text) = std::fs::read_to_string(web_file(config)) else {
        return false;
    };
    Path::new(text.trim()) == absolute(event)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The line about the sample comes back at each start on the sample until it is dismissed
    /// (or another event opened); never on an event of one's own.
    #[test]
    fn the_sample_line_shows_at_every_start_until_seen() {
        let dir = std::env::temp_dir().join(format!("shashki-hint-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let config = dir.join("cfg").join("last-event");
        let sample = dir.join("data").join("shashki64-round-robin.ron");
        assert!(sample_hint_due(Some(&config), &sample));
        remember(Some(&config), &sample);
        assert!(sample_hint_due(Some(&config), &sample), "not yet dismissed");
        assert!(!sample_hint_due(Some(&config), &dir.join("cup.ron")));
        sample_hint_seen(Some(&config));
        assert!(!sample_hint_due(Some(&config), &sample));
    }

    #[test]
    fn the_last_event_is_remembered_and_not_rewritten_when_unchanged() {
        let dir = std::env::temp_dir().join(format!("shashki-settings-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let event = dir.join("cup.ron");
        std::fs::write(&event, "x").unwrap();
        let config = dir.join("cfg").join("last-event");
        assert!(!config.exists(), "nothing remembered yet");
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
        assert!(event_to_open_from(Some(&config), Path::new("."), None).ends_with(SAMPLE));
    }

    #[test]
    fn the_recent_events_are_listed_newest_first_once_each() {
        let dir = std::env::temp_dir().join(format!("shashki-recent-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let config = dir.join("cfg").join("last-event");
        assert!(recent(Some(&config)).is_empty());
        let events: Vec<PathBuf> = (0..15)
            .map(|i| {
                let p = dir.join(format!("e{i}.ron"));
                std::fs::write(&p, "x").unwrap();
                std::fs::canonicalize(p).unwrap()
            })
            .collect();
        for e in &events[..3] {
            remember(Some(&config), e);
        }
        remember(Some(&config), &events[0]);
        assert_eq!(
            recent(Some(&config)),
            [events[0].clone(), events[2].clone(), events[1].clone()]
        );
        for e in &events {
            remember(Some(&config), e);
        }
        let list = recent(Some(&config));
        assert_eq!(list.len(), RECENT);
        assert_eq!(list[0], events[14]);
    }

    #[test]
    fn the_language_chosen_is_spoken_again_after_a_restart() {
        use crate::lang::Lang;
        let dir = std::env::temp_dir().join(format!("shashki-lang-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let config = dir.join("cfg").join("last-event");
        assert_eq!(
            chosen_lang(Some(&config)),
            None,
            "the system's until chosen"
        );
        remember_lang(Some(&config), Lang::En);
        assert_eq!(chosen_lang(Some(&config)), Some(Lang::En));
        remember_lang(Some(&config), Lang::Ru);
        assert_eq!(chosen_lang(Some(&config)), Some(Lang::Ru));
    }

    #[test]
    fn without_a_tournaments_folder_the_first_launch_works_on_a_copy_in_the_data_folder() {
        let dir = std::env::temp_dir().join(format!("shashki-first-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let (cwd, data) = (
            dir.join("somewhere"),
            dir.join("data").join("shashki-arbiter"),
        );
        std::fs::create_dir_all(&cwd).unwrap();
        let opened = event_to_open_from(None, &cwd, Some(&data));
        assert_eq!(opened, data.join("shashki64-round-robin.ron"));
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join(SAMPLE);
        assert_eq!(
            std::fs::read(&opened).unwrap(),
            std::fs::read(&source).unwrap()
        );
        assert!(data.join("open-swiss-48.ron").exists());
        // Worked on, the copy is never replaced by a later launch.
        std::fs::write(&opened, "changed").unwrap();
        assert_eq!(event_to_open_from(None, &cwd, Some(&data)), opened);
        assert_eq!(std::fs::read_to_string(&opened).unwrap(), "changed");
        // A tournaments/ folder in the working directory is opened where it is.
        let sample = cwd.join(SAMPLE);
        std::fs::create_dir_all(sample.parent().unwrap()).unwrap();
        std::fs::copy(&source, &sample).unwrap();
        assert_eq!(event_to_open_from(None, &cwd, Some(&data)), sample);
    }
}
