//! Files on disk: atomic saves with a backup, copies of damaged files kept aside.

pub mod atomic;
