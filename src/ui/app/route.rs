//! Each message routed: a screen's to its screen (and the [`Action`] it answers with to the
//! session), the app's own (overlays, window, keys, the session's lines) to the app.

use std::path::{Path, PathBuf};

use iced::{keyboard, window, Task};

use super::{Action, App, Message, Tab};
use crate::lang::Lang;
use crate::ui::screen::{self, claims, event, help, network, wall};
use crate::ui::settings;

impl App {
    pub(super) fn route(&mut self, message: Message) -> Task<Message> {
        self.session.tick();
        let lang = self.session.lang;
        let t = self.session.event.as_ref().map(|e| &e.tournament);
        let action = match message {
            Message::Tab(tab) => self.on_tab(tab),
            Message::NetworkPage(network::Message::Close) => {
                self.network = false;
                Action::None
            }
            Message::NetworkPage(message) => self
                .network_page
                .update(message, t, lang)
                .map(Message::NetworkPage),
            Message::Open(m) => self.open.update(m, lang).map(Message::Open),
            Message::Event(m) => return self.on_event(m),
            Message::Rounds(m) => {
                let event = self.session.event.as_ref().map(|e| e.path().to_path_buf());
                self.rounds
                    .update(m, t, event.as_deref(), lang)
                    .map(Message::Rounds)
            }
            Message::Clocks(m) => self
                .clocks
                .update(m, &self.session.clocks, lang)
                .map(Message::Clocks),
            Message::Ballot(m) => self
                .ballot
                .update(m, t, self.rounds.round, lang)
                .map(Message::Ballot),
            Message::Claims(m) => self.on_claims(m),
            Message::Games(m) => {
                let event = self.session.event.as_ref().map(|e| e.path().to_path_buf());
                self.games
                    .update(m, t, event.as_deref(), lang)
                    .map(Message::Games)
            }
            Message::Standings(m) => self
                .standings
                .update(m, self.session.event.as_ref(), lang)
                .map(Message::Standings),
            other => return self.on_app(other),
        };
        self.act(action)
    }

    /// The app's own messages: the overlays, the window, the keys, the session's lines.
    fn on_app(&mut self, message: Message) -> Task<Message> {
        match message {
            Message::Lang(l) => self.set_lang(l),
            Message::Wall(on) => self.wall = on,
            Message::WallPage(wall::Message::Page(page)) => self.wall_page = page,
            Message::WallPage(wall::Message::Close) => self.wall = false,
            Message::HelpPage(help::Message::Close) => self.help = false,
            Message::Fullscreen(on) => return self.set_fullscreen(on),
            Message::Help(on) => self.help = on,
            Message::Network(on) => self.network = on,
            Message::Floor(delivered) => {
                if let Some(job) = delivered.take() {
                    self.session.floor(job);
                    self.follow();
                }
            }
            Message::Files(on) => self.show_files(on),
            Message::CloseRequested => return self.on_close_requested(),
            Message::Tick => {
                self.session.heartbeat();
                // A watched event may have changed under the screens.
                self.follow();
            }
            Message::SampleSeen => {
                settings::sample_hint_seen(self.session.config());
                self.sample_shown = false;
            }
            Message::TakeOver => {
                self.session.take_over();
                self.follow();
            }
            Message::CorrectionReason(why) => {
                if let Some(c) = self.session.correction.as_mut() {
                    c.reason = why;
                }
            }
            Message::Correct => {
                self.refused = !self.session.correct();
                self.follow();
            }
            Message::DropCorrection => self.session.correction = None,
            Message::Key(keyboard::Event::KeyPressed {
                key,
                modified_key,
                modifiers,
                location,
                ..
            }) => return self.key(key, modified_key, modifiers, location),
            Message::Key(_) => {}
            Message::ClockKey {
                key,
                location,
                typing,
            } => return self.clock_key(key, location, typing),
            // The screens' messages are routed by `route`.
            _ => {}
        }
        Task::none()
    }

    fn on_tab(&mut self, tab: Tab) -> Action {
        self.tab = tab;
        self.help = false;
        // A tab chosen over the Files page goes to that screen (an event is open).
        if self.session.event.is_some() {
            self.files = false;
        }
        // A refusal belonged to the screen it happened on; it does not follow the
        // arbiter to the next one.
        if self.session.status.as_ref().is_some_and(|s| s.error) {
            self.session.status = None;
        }
        // So did a question: gone from the screen, it is not answered by the next key
        // (a result typed again after another screen was saved without a word).
        self.session.forget_question();
        self.ballot.asked = None;
        self.players.asked = None;
        if tab == Tab::Games {
            let t = self.session.event.as_ref().map(|e| &e.tournament);
            self.games.entered(t).map(Message::Games)
        } else {
            Action::None
        }
    }

    fn set_lang(&mut self, l: Lang) {
        // The last word was said in the other language: it goes rather than stay so.
        if self.session.lang != l {
            self.session.status = None;
        }
        self.session.lang = l;
        settings::remember_lang(self.session.config(), l);
    }

    fn set_fullscreen(&mut self, on: bool) -> Task<Message> {
        self.fullscreen = on;
        let mode = if on {
            window::Mode::Fullscreen
        } else {
            window::Mode::Windowed
        };
        window::latest().and_then(move |id| window::set_mode(id, mode))
    }

    fn show_files(&mut self, on: bool) {
        self.files = on;
        self.open.error = None;
        self.open.folder = self
            .session
            .event
            .as_ref()
            .and_then(|e| e.path().parent().map(Path::to_path_buf));
        if on {
            let recent = settings::recent(self.session.config());
            let folders: Vec<PathBuf> = self.open.folder.iter().cloned().collect();
            self.open
                .refresh(&recent, self.data_folder.clone(), &folders);
        }
    }

    fn on_close_requested(&mut self) -> Task<Message> {
        let running = self.session.running_clocks();
        if running > 0 && !self.close_asked {
            self.close_asked = true;
            let lang = self.session.lang;
            let said = match lang {
                Lang::En => format!(
                    "{} still {}. Their logs are kept and they come \
                     back paused when the program opens again; close again to close now.",
                    lang.count(running as u64, ["clock", "clocks"], ["", "", ""]),
                    if running == 1 { "runs" } else { "run" }
                ),
                Lang::Ru => format!(
                    "Часы ещё идут ({running}). Их журналы сохранены, при следующем \
                     запуске они вернутся на паузе; закройте ещё раз, чтобы выйти."
                ),
            };
            self.session.say(true, said);
            return Task::none();
        }
        iced::exit()
    }

    fn on_event(&mut self, m: event::Message) -> Task<Message> {
        let (lang, t) = (self.session.lang, self.session.tournament());
        let added = matches!(m, event::Message::Add);
        let action = self.players.update(m.clone(), t, lang).map(Message::Event);
        let applied = matches!(action, Action::Apply(_));
        let task = self.act(action);
        // Saved: the form is emptied (and, for a player, the next surname goes where
        // the arbiter types next: Enter in any field adds the player). Refused or asked
        // about: the form keeps what was typed.
        if !applied || self.refused {
            return task;
        }
        self.players.saved(&m);
        if added {
            Task::batch([task, iced::widget::operation::focus(event::SURNAME_FIELD)])
        } else {
            task
        }
    }

    fn on_claims(&mut self, m: claims::Message) -> Action {
        let (lang, t) = (self.session.lang, self.session.tournament());
        let check = matches!(
            m,
            claims::Message::Sheet(screen::score_sheet::Message::Check)
        );
        let action = self
            .claims
            .update(m, &self.session.clocks, t, lang)
            .map(Message::Claims);
        // A record read and replayed: an earlier refusal is no longer the last word.
        if check
            && matches!(self.claims.sheet.checked, Some(Ok(_)))
            && self.session.status.as_ref().is_some_and(|s| s.error)
        {
            self.session.status = None;
        }
        action
    }
}
