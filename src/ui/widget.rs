//! Widgets shared by the screens.

pub mod board;
