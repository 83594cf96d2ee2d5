//! One module per screen, each with its own `Message`, `update` and `view`; `update` returns an
//! [`Action`] for the router, which alone saves the event and runs the clock hall.

pub mod ballot;
pub mod claims;
pub mod clocks;
pub mod draft;
pub mod event;
pub mod help;
pub mod open;
pub mod rounds;
pub mod standings;
pub mod wall;

use std::path::PathBuf;

use iced::Task;

use super::app::Message;
use crate::tournament::command::Command;

pub enum Action {
    None,
    /// A change to the event (validated, saved and journaled by the router).
    Apply(Command),
    /// Several changes in order, stopping at the first refused (an imported list).
    ApplyAll(Vec<Command>),
    /// Takes back the last change in the journal.
    Undo,
    Open(PathBuf),
    /// A new event file (never over an existing one), then opened.
    Create(PathBuf, Box<crate::tournament::model::Tournament>),
    CloseFiles,
    Clock(clocks::Request),
    Say {
        error: bool,
        text: String,
    },
    Task(Task<Message>),
}

impl Action {
    pub fn error(text: impl Into<String>) -> Action {
        Action::Say {
            error: true,
            text: text.into(),
        }
    }

    pub fn info(text: impl Into<String>) -> Action {
        Action::Say {
            error: false,
            text: text.into(),
        }
    }
}
