//! Widgets shared by the screens.

pub mod board;
pub mod watch_only;
