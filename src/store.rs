//! The event on disk: its file and journal (`event`), the events a folder holds (`listing`), the
//! results deputies send from the floor (`floor`), and the reading of older schemas (`v1`).
//! The file helpers they use are in [`crate::files`].

pub mod event;
pub mod floor;
pub mod listing;
pub mod said;
pub mod v1;

/// A file the program writes beside an event (a report, score sheets, a round's games): the
/// event's name with `suffix` after it, `cup.ron` → `cup-round-6.pdn`.
pub fn beside(event: &std::path::Path, suffix: &str) -> std::path::PathBuf {
    let stem = event
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    event.with_file_name(format!("{stem}-{suffix}"))
}
