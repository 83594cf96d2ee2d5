//! The keys: the app's own (screens, overlays, undo, a form's fields), the clocks' (on the wall
//! and the Clocks screen) and the results' (on the Rounds screen).

use iced::keyboard::{self, key::Named, Key};
use iced::Task;

use super::{Action, App, Message, Tab};
use crate::ui::screen::{clocks, wall};
use crate::ui::session;

impl App {
    /// `typed`: the key with Shift applied (Shift+= is "+"), what a result key is matched by.
    pub(super) fn key(
        &mut self,
        key: Key,
        typed: Key,
        modifiers: keyboard::Modifiers,
        location: keyboard::Location,
    ) -> Task<Message> {
        if let Key::Named(named) = key.as_ref() {
            if let Some(tab) = Tab::ALL.into_iter().find(|t| t.key() == named) {
                return self.update(Message::Tab(tab));
            }
            match named {
                Named::F1 => return self.update(Message::Help(!self.help)),
                Named::F11 => return self.update(Message::Fullscreen(!self.fullscreen)),
                Named::F12 => return self.update(Message::Wall(!self.wall)),
                Named::Escape if self.help => return self.update(Message::Help(false)),
                Named::Escape if self.network => return self.update(Message::Network(false)),
                Named::Escape if self.wall => return self.update(Message::Wall(false)),
                Named::Escape if self.files && self.session.event.is_some() => {
                    return self.update(Message::Files(false))
                }
                Named::ArrowRight if self.wall => {
                    let page = wall::Message::Page(self.wall_page.next(1));
                    return self.update(Message::WallPage(page));
                }
                Named::ArrowLeft if self.wall => {
                    let page = wall::Message::Page(self.wall_page.next(-1));
                    return self.update(Message::WallPage(page));
                }
                _ => {}
            }
        }
        // Ctrl+Z takes back; Ctrl+Y and Ctrl+Shift+Z make it again (both are what editors use).
        if modifiers.control() {
            match key.as_ref() {
                Key::Character("z") if modifiers.shift() => return self.act(Action::Redo),
                Key::Character("z") => return self.act(Action::Undo),
                Key::Character("y") => return self.act(Action::Redo),
                _ => {}
            }
        }
        // Tab and Shift+Tab move between the fields of a form.
        if key.as_ref() == Key::Named(Named::Tab) && !self.wall {
            return if modifiers.shift() {
                iced::widget::operation::focus_previous()
            } else {
                iced::widget::operation::focus_next()
            };
        }
        // Clock keys work on the wall and the clocks screen: the arbiter presses for the players,
        // but never while typing in a field (`focus`).
        if (self.wall || self.tab == Tab::Clocks)
            && self
                .session
                .clocks
                .of_current_round(self.session.tournament())
            && session::clocks::key(&key, location, &self.session.clocks).is_some()
        {
            return iced::advanced::widget::operate(crate::ui::focus::any_focused()).map(
                move |typing| Message::ClockKey {
                    key: key.clone(),
                    location,
                    typing,
                },
            );
        }
        // A result key only where the round's table is in sight: under the help, the network
        // page or the files page a digit typed beside a field recorded a result on the Rounds
        // screen (found in the real window).
        let covered = self.help || self.network || self.files;
        if self.tab == Tab::Rounds && !self.wall && !covered {
            // (Called from `update`, which keeps the focus on a refused result.)
            let t = self.session.tournament();
            let action = self.rounds.key(&typed, t).map(Message::Rounds);
            return self.act(action);
        }
        Task::none()
    }

    /// A clock key, once the view has said whether a text field had the focus (`typing`).
    pub(super) fn clock_key(
        &mut self,
        key: Key,
        location: keyboard::Location,
        typing: bool,
    ) -> Task<Message> {
        let clock_screen = self.wall || self.tab == Tab::Clocks;
        match session::clocks::key(&key, location, &self.session.clocks) {
            Some(request) if clock_screen && !typing => {
                let select = matches!(request, session::clocks::Request::Select(_));
                self.session.clock(request);
                // The board chosen with Page Up / Down is brought into sight.
                if select && !self.wall {
                    let clocks = &self.session.clocks;
                    let n = clocks.hall.boards().len();
                    return clocks::scroll_to_board(clocks.selected, n);
                }
                Task::none()
            }
            _ => Task::none(),
        }
    }
}
