//! The events an arbiter can open: those opened lately and those in a folder (the data folder,
//! where first-launch samples and new events go), each with what tells one from another — the
//! name, the dates, the rounds played — read from its file without opening it for writing.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// One event file as the Files page lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct Listed {
    pub path: PathBuf,
    /// What the file holds, or why it cannot be read (in both languages).
    pub event: Result<Summary, crate::lang::Said>,
    pub modified: Option<SystemTime>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    pub name: String,
    /// As the event's settings give them (`10–12 апреля 2026`), possibly empty.
    pub dates: String,
    /// Rounds paired so far.
    pub rounds: usize,
    /// Rounds planned, where the system fixes them.
    pub planned: Option<usize>,
    pub players: usize,
}

/// The event at `path`, summarised.
pub fn summary(path: &Path) -> Listed {
    let event = super::event::read(path)
        .map(|t| Summary {
            name: t.settings.name.clone(),
            dates: t.settings.dates.clone(),
            rounds: t.rounds.len(),
            planned: t.planned_rounds(),
            players: t.players.len(),
        })
        .map_err(|e| {
            use crate::lang::Russian;
            crate::lang::Said {
                en: e.to_string(),
                ru: e.ru(),
            }
        });
    Listed {
        path: path.to_path_buf(),
        event,
        modified: std::fs::metadata(path).and_then(|m| m.modified()).ok(),
    }
}

/// The `recent` events that still exist, in their order, then every other `.ron` file of
/// `folders`, newest first; each file once.
pub fn list(recent: &[PathBuf], folders: &[PathBuf]) -> Vec<Listed> {
    // Each file once, however it is named (a recent path and the same file in its folder):
    // every path resolved once, into the set of those listed.
    let mut seen = std::collections::HashSet::new();
    let mut first_time = |p: &Path| seen.insert(std::fs::canonicalize(p).unwrap_or(p.into()));
    let mut out: Vec<Listed> = Vec::new();
    for p in recent.iter().filter(|p| p.is_file()) {
        if first_time(p) {
            out.push(summary(p));
        }
    }
    let mut found: Vec<Listed> = Vec::new();
    for folder in folders {
        let Ok(entries) = std::fs::read_dir(folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let p = entry.path();
            let event_file = p.extension().is_some_and(|e| e == "ron") && p.is_file();
            if event_file && first_time(&p) {
                found.push(summary(&p));
            }
        }
    }
    found.sort_by(|a, b| b.modified.cmp(&a.modified).then(a.path.cmp(&b.path)));
    out.extend(found);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recent_events_first_then_the_folders_each_once_with_what_tells_them_apart() {
        let dir = std::env::temp_dir().join(format!("shashki-listing-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let (data, elsewhere) = (dir.join("data"), dir.join("elsewhere"));
        std::fs::create_dir_all(&data).unwrap();
        std::fs::create_dir_all(&elsewhere).unwrap();
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let copy = |sample: &str, to: &Path| {
            std::fs::copy(root.join("tournaments").join(sample), to).unwrap();
            to.to_path_buf()
        };
        let swiss = copy("open-swiss-48.ron", &data.join("swiss.ron"));
        let cup = copy("shashki64-round-robin.ron", &data.join("cup.ron"));
        let away = copy("towers-round-robin.ron", &elsewhere.join("towers.ron"));
        std::fs::write(data.join("damaged.ron"), "(schema: 2, settings: (").unwrap();
        std::fs::write(data.join("notes.txt"), "not an event").unwrap();
        let gone = dir.join("deleted.ron");
        let list = list(
            &[away.clone(), cup.clone(), gone, cup.clone()],
            std::slice::from_ref(&data),
        );
        let paths: Vec<&Path> = list.iter().map(|l| l.path.as_path()).collect();
        assert_eq!(&paths[..2], [away.as_path(), cup.as_path()], "recent first");
        assert_eq!(
            list.len(),
            4,
            "cup once, no .txt, nothing for a deleted file"
        );
        assert!(paths.contains(&swiss.as_path()));
        let cup_line = list[1].event.as_ref().unwrap();
        assert_eq!(
            cup_line.name,
            "Кубок города по шашкам-64 (круговой, микроматчи)"
        );
        assert_eq!((cup_line.rounds, cup_line.planned), (6, Some(9)));
        assert_eq!(cup_line.players, 10);
        let damaged = list
            .iter()
            .find(|l| l.path.ends_with("damaged.ron"))
            .unwrap();
        let why = damaged.event.as_ref().unwrap_err();
        assert!(why.ru.contains("damaged.ron"), "{}", why.ru);
    }
}
