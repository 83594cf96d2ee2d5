//! shashki-arbiter: the domain of a draughts arbiter's program. Nothing outside `ui` knows iced or
//! reads the system clock.

pub mod clock;
pub mod files;
pub mod lang;
pub mod limits;
pub mod report;
pub mod rules;
#[cfg(feature = "serve")]
pub mod serve;
pub mod store;
pub mod tournament;

#[cfg(feature = "gui")]
pub mod ui;
