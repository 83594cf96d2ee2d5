//! Files on disk: atomic saves with a backup, copies of damaged files kept aside, RON with errors
//! that name the place, text decoding that names the bad byte, and the event file with its journal.

pub mod atomic;
pub mod event;
pub mod ron_text;
pub mod text;
pub mod v1;
