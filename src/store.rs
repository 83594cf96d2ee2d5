//! The event on disk: its file and journal (`event`), the events a folder holds (`listing`), and
//! the reading of older schemas (`v1`).
//! The file helpers they use are in [`crate::files`].

pub mod event;
pub mod listing;
pub mod v1;
