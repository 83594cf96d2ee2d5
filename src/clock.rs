//! Game clocks. Nothing here reads the system clock: every call takes the current monotonic
//! instant as milliseconds from the clock's zero, so a test (or a replayed log) decides the time.

pub mod board_key;
pub mod control;
pub mod game_clock;
pub mod hall;
pub mod log;
pub mod presets;
pub mod script;

pub use board_key::BoardKey;
pub use control::{ControlError, Delay, DelayKind, Period, TimeControl};
pub use game_clock::{ClockError, Event, EventKind, GameClock, SideView, Snapshot};
