//! Files on disk: atomic saves with a backup, copies of damaged files kept aside, RON with errors
//! that name the place.

pub mod atomic;
pub mod ron_text;
