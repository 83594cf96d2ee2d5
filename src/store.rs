//! The event on disk: its file and journal (`event`), and the reading of older schemas (`v1`).
//! The file helpers they use are in [`crate::files`].

pub mod event;
pub mod v1;
