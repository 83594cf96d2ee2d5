//! One module per screen, each with its own `Message`, `update` and `view`; `update` returns an
//! [`Action`] of the screen's own message, which the app maps and hands to the session: the
//! session alone saves the event, runs the clock hall and touches files. No screen knows the
//! app's message.

pub mod ballot;
pub mod claims;
pub mod clocks;
pub mod draft;
pub mod event;
pub mod games;
pub mod help;
pub mod line_up;
pub mod network;
pub mod open;
pub mod rounds;
pub mod score_sheet;
pub mod standings;
pub mod team_draft;
pub mod wall;

use std::path::PathBuf;

use iced::Task;

use super::session::clocks::Request;
use crate::tournament::command::Command;
use crate::tournament::records::RoundTimes;

/// A file's bytes handed back to the screen that asked for them.
pub type Then<M> = Box<dyn FnOnce(Vec<u8>) -> M + Send>;

/// A round's clock times handed back to the screen that asked for them.
pub type TimesThen<M> = Box<dyn FnOnce(RoundTimes) -> M + Send>;

pub enum Action<M> {
    None,
    /// A change to the event (validated, saved and journaled by the session); several changes
    /// that belong together (an imported list, a verdict and its result) are one
    /// `Command::Batch`, taken back by one undo.
    Apply(Command),
    /// A change with what it carries: an act only the screen can tell (a round paired by hand,
    /// what differs from the program's pairing), a confirmation.
    ApplyBecause(Command, Box<crate::store::event::Because>),
    /// Takes back the last change in the journal.
    Undo,
    /// Makes again the change the last undo took back.
    Redo,
    Open(PathBuf),
    /// A new event file (never over an existing one), then opened.
    Create(PathBuf, Box<crate::tournament::model::Tournament>),
    CloseFiles,
    Clock(Request),
    /// The two keys of a board's buttons, as typed.
    Keys(usize, String),
    /// Reads a file; its bytes come back to the screen as the message `Then` makes (a failure
    /// is said with the path).
    Read(PathBuf, Then<M>),
    /// Reads the clock logs of a round of the open event: the times after each press, by game
    /// and board, come back as the message the function makes.
    ClockTimes(usize, TimesThen<M>),
    /// Writes a file whole (atomically, never half), then says `done`; with no `done` it is
    /// a quiet keeping of what the arbiter types.
    Write {
        path: PathBuf,
        bytes: Vec<u8>,
        done: Option<String>,
    },
    Say {
        error: bool,
        text: String,
    },
    /// Turns the hall's network page on or off.
    Web(bool),
    Task(Task<M>),
}

impl<M: Send + 'static> Action<M> {
    pub fn error(text: impl Into<String>) -> Action<M> {
        Action::Say {
            error: true,
            text: text.into(),
        }
    }

    pub fn info(text: impl Into<String>) -> Action<M> {
        Action::Say {
            error: false,
            text: text.into(),
        }
    }

    /// The same action for the app: the screen's messages wrapped by `f`.
    pub fn map<N: Send + 'static>(self, f: impl Fn(M) -> N + Send + Clone + 'static) -> Action<N> {
        match self {
            Action::None => Action::None,
            Action::Apply(c) => Action::Apply(c),
            Action::ApplyBecause(c, b) => Action::ApplyBecause(c, b),
            Action::Undo => Action::Undo,
            Action::Redo => Action::Redo,
            Action::Open(p) => Action::Open(p),
            Action::Create(p, t) => Action::Create(p, t),
            Action::CloseFiles => Action::CloseFiles,
            Action::Clock(r) => Action::Clock(r),
            Action::Keys(b, k) => Action::Keys(b, k),
            Action::Read(p, then) => Action::Read(p, Box::new(move |bytes| f(then(bytes)))),
            Action::ClockTimes(round, then) => {
                Action::ClockTimes(round, Box::new(move |times| f(then(times))))
            }
            Action::Write { path, bytes, done } => Action::Write { path, bytes, done },
            Action::Say { error, text } => Action::Say { error, text },
            Action::Web(on) => Action::Web(on),
            Action::Task(task) => Action::Task(task.map(f)),
        }
    }
}
