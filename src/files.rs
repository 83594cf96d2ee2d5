//! File helpers every part of the domain writes and reads through: atomic saves with a backup
//! and line records that survive a crash, RON with errors naming the place, UTF-8 decoding that
//! names the bad byte. A leaf: it knows nothing of events, clocks or rules, so the store, the
//! clocks and the tournament all sit above it.

pub mod atomic;
pub mod fault;
pub mod lock;
pub mod ron_text;
pub mod text;
