//! The router: holds the open event, the clock hall and the screens; routes messages; is the only
//! place that saves (through `EventFile::apply`) and that turns keys into actions.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use chrono::Utc;
use iced::keyboard::{self, key::Named, Key};
use iced::widget::{button, column, container, row, scrollable, space, stack, text};
use iced::{window, Element, Length, Subscription, Task, Theme};

use super::screen::{self, ballot, claims, clocks, event, open, rounds, standings, wall, Action};
use super::settings;
use super::theme;
use crate::lang::Lang;
use crate::store::event::EventFile;
use crate::tournament::command::Command;

/// Where instants come from: the system's monotonic clock, or a value the tests set.
#[derive(Clone, Copy, Debug)]
pub enum Time {
    Real(Instant),
    Manual(u64),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    Event,
    Rounds,
    Clocks,
    Ballot,
    Claims,
    Standings,
}

impl Tab {
    pub const ALL: [Tab; 6] = [
        Tab::Event,
        Tab::Rounds,
        Tab::Clocks,
        Tab::Ballot,
        Tab::Claims,
        Tab::Standings,
    ];

    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            Tab::Event => lang.pick("Event", "Турнир"),
            Tab::Rounds => lang.pick("Rounds", "Туры"),
            Tab::Clocks => lang.pick("Clocks", "Часы"),
            Tab::Ballot => lang.pick("Ballot", "Жеребьёвка"),
            Tab::Claims => lang.pick("Claims", "Заявления"),
            Tab::Standings => lang.pick("Standings", "Таблица"),
        }
    }

    /// F2..F7 switch screens (F1 is help).
    fn key(self) -> Named {
        match self {
            Tab::Event => Named::F2,
            Tab::Rounds => Named::F3,
            Tab::Clocks => Named::F4,
            Tab::Ballot => Named::F5,
            Tab::Claims => Named::F6,
            Tab::Standings => Named::F7,
        }
    }
}

#[derive(Clone, Debug)]
pub enum Message {
    Tab(Tab),
    Lang(Lang),
    /// Shows the hall wall in the window (`true`) or the console.
    Wall(bool),
    WallPage(wall::Page),
    Fullscreen(bool),
    Help(bool),
    Files(bool),
    Key(keyboard::Event),
    /// A clock key, once the view has said whether a text field had the focus (then it was
    /// typing, not a press).
    ClockKey {
        key: Key,
        location: keyboard::Location,
        typing: bool,
    },
    Tick,
    Open(open::Message),
    Event(event::Message),
    Rounds(rounds::Message),
    Clocks(clocks::Message),
    Ballot(ballot::Message),
    Claims(claims::Message),
    Standings(standings::Message),
}

/// The last thing that happened, shown at the bottom: the arbiter must see that a change was
/// saved or why it was refused.
#[derive(Clone, Debug)]
pub struct Status {
    pub error: bool,
    pub text: String,
}

pub struct App {
    pub lang: Lang,
    pub tab: Tab,
    pub event: Option<EventFile>,
    pub wall: bool,
    /// The files page (open or create an event) over the open event.
    pub files: bool,
    pub wall_page: wall::Page,
    pub help: bool,
    pub status: Option<Status>,
    pub open: open::State,
    pub rounds: rounds::State,
    pub clocks: clocks::State,
    pub ballot: ballot::State,
    pub claims: claims::State,
    pub standings: standings::State,
    pub players: event::State,
    time: Time,
    config: Option<PathBuf>,
    fullscreen: bool,
}

impl App {
    /// The program as `cargo run` starts it: the last event, or the sample on first launch.
    pub fn boot() -> (App, Task<Message>) {
        let config = settings::default_file();
        let path = settings::event_to_open(config.as_deref());
        let lang = Lang::from_locale(|v| std::env::var(v).ok());
        (
            App::with(Some(&path), config, lang, Time::Real(Instant::now())),
            Task::none(),
        )
    }

    /// A program on `path` (or on the open screen), remembering the last event in `config`.
    pub fn with(path: Option<&Path>, config: Option<PathBuf>, lang: Lang, time: Time) -> App {
        let mut app = App {
            lang,
            tab: Tab::Rounds,
            event: None,
            wall: false,
            files: false,
            wall_page: wall::Page::default(),
            help: false,
            status: None,
            open: open::State::default(),
            rounds: rounds::State::default(),
            clocks: clocks::State::default(),
            ballot: ballot::State::default(),
            claims: claims::State::default(),
            standings: standings::State::default(),
            players: event::State::default(),
            time,
            config,
            fullscreen: false,
        };
        if let Some(path) = path {
            app.open_event(path);
        }
        app
    }

    /// The hall's instant: ms since the program started.
    pub fn now_ms(&self) -> u64 {
        match self.time {
            Time::Real(start) => start.elapsed().as_millis() as u64,
            Time::Manual(ms) => ms,
        }
    }

    /// For tests: the time the hall sees from now on.
    pub fn set_time_ms(&mut self, ms: u64) {
        self.time = Time::Manual(ms);
    }

    pub fn title(&self) -> String {
        match &self.event {
            Some(e) => format!("{} — shashki-arbiter", e.tournament.settings.name),
            None => "shashki-arbiter".to_string(),
        }
    }

    pub fn theme(&self) -> Theme {
        if self.wall {
            Theme::Dark
        } else {
            Theme::Light
        }
    }

    fn say(&mut self, error: bool, text: impl Into<String>) {
        self.status = Some(Status {
            error,
            text: text.into(),
        });
    }

    fn open_event(&mut self, path: &Path) {
        match EventFile::open(path) {
            Ok(file) => {
                settings::remember(self.config.as_deref(), path);
                self.files = false;
                self.open = open::State::default();
                self.rounds = rounds::State::for_event(&file.tournament);
                self.standings = standings::State::default();
                self.ballot = ballot::State::for_event(&file.tournament);
                self.claims = claims::State::for_event(&file.tournament);
                self.players = event::State::default();
                let (clocks, restored) =
                    clocks::State::for_event(path, &file.tournament, self.now_ms(), Utc::now());
                self.clocks = clocks;
                let opened = format!("{} {}", self.lang.pick("Opened", "Открыт"), path.display());
                let mut notices: Vec<String> = file
                    .notices
                    .iter()
                    .map(|n| self.lang.pick(&n.to_string(), &n.ru()).to_string())
                    .collect();
                if let Ok((_, skipped)) = &restored {
                    notices.extend(
                        skipped
                            .iter()
                            .map(|(en, ru)| self.lang.pick(en, ru).to_string()),
                    );
                }
                match restored {
                    _ if !notices.is_empty() => {
                        self.say(true, format!("{opened}. {}", notices.join("; ")))
                    }
                    Ok((0, _)) => self.say(false, opened),
                    Ok((n, _)) => self.say(
                        false,
                        format!(
                            "{opened}. {} {n} {}",
                            self.lang.pick("Restored", "Восстановлено"),
                            self.lang.pick(
                                "clock(s) after a restart: they stand paused, charged up to the stop",
                                "часов после перезапуска: они на паузе, время учтено до остановки"
                            )
                        ),
                    ),
                    Err(e) => self.say(true, format!("{opened}. {e}")),
                }
                self.event = Some(file);
            }
            Err(e) => {
                self.event = None;
                self.open.path = path.display().to_string();
                self.open.error = Some(e.to_string());
                self.say(true, e.to_string());
            }
        }
    }

    /// Applies a change to the event: validated, saved, journaled; or refused and said why.
    fn apply(&mut self, cmd: Command) {
        let Some(file) = self.event.as_mut() else {
            return;
        };
        let described = super::describe::command(&file.tournament, &cmd, self.lang);
        match file.apply(cmd, Utc::now()) {
            Ok(_) => {
                let saved = self.lang.pick("saved", "сохранено");
                self.say(false, format!("{described} — {saved}"));
            }
            Err(e) => self.say(true, format!("{described}: {e}")),
        }
        if let Some(file) = &self.event {
            self.rounds.follow(&file.tournament);
        }
    }

    fn undo(&mut self) {
        let Some(file) = self.event.as_mut() else {
            return;
        };
        match file.undo(Utc::now()) {
            Ok(entry) => {
                let undone_cmd = entry.command.clone();
                let text = super::describe::command(&file.tournament, &undone_cmd, self.lang);
                let undone = self.lang.pick("undone", "отменено");
                self.say(false, format!("{undone}: {text}"));
            }
            Err(e) => self.say(true, e.to_string()),
        }
        if let Some(file) = &self.event {
            self.rounds.follow(&file.tournament);
        }
    }

    fn act(&mut self, action: Action) -> Task<Message> {
        match action {
            Action::None => {}
            Action::Apply(cmd) => self.apply(cmd),
            Action::ApplyAll(cmds) => {
                let n = cmds.len();
                for (i, cmd) in cmds.into_iter().enumerate() {
                    self.apply(cmd);
                    if self.status.as_ref().is_some_and(|s| s.error) {
                        break;
                    }
                    if i + 1 == n {
                        let done = self.lang.pick("changes saved", "изменений сохранено");
                        self.say(false, format!("{n} {done}"));
                    }
                }
            }
            Action::Undo => self.undo(),
            Action::Open(path) => self.open_event(&path),
            Action::CloseFiles => self.files = false,
            Action::Create(path, t) => match EventFile::create(&path, *t) {
                Ok(_) => {
                    self.open_event(&path);
                    self.tab = Tab::Event;
                }
                Err(e) => self.say(true, e.to_string()),
            },
            Action::Say { error, text } => self.say(error, text),
            Action::Task(task) => return task,
            Action::Clock(request) => {
                let now = self.now_ms();
                let t = self.event.as_ref().map(|e| &e.tournament);
                let said = self.clocks.request(request, t, now, Utc::now(), self.lang);
                if let Some((error, text)) = said {
                    self.say(error, text);
                }
            }
        }
        Task::none()
    }

    pub fn update(&mut self, message: Message) -> Task<Message> {
        let lang = self.lang;
        let now = self.now_ms();
        let action = match message {
            Message::Tab(tab) => {
                self.tab = tab;
                self.help = false;
                Action::None
            }
            Message::Lang(l) => {
                self.lang = l;
                Action::None
            }
            Message::Wall(on) => {
                self.wall = on;
                Action::None
            }
            Message::WallPage(page) => {
                self.wall_page = page;
                Action::None
            }
            Message::Fullscreen(on) => {
                self.fullscreen = on;
                let mode = if on {
                    window::Mode::Fullscreen
                } else {
                    window::Mode::Windowed
                };
                return window::latest().and_then(move |id| window::set_mode(id, mode));
            }
            Message::Help(on) => {
                self.help = on;
                Action::None
            }
            Message::Files(on) => {
                self.files = on;
                self.open.folder = self
                    .event
                    .as_ref()
                    .and_then(|e| e.path().parent().map(Path::to_path_buf));
                Action::None
            }
            Message::Tick => {
                if let Err(e) = self.clocks.heartbeat(now, Utc::now()) {
                    self.say(true, e.to_string());
                }
                Action::None
            }
            Message::Key(keyboard::Event::KeyPressed {
                key,
                modifiers,
                location,
                ..
            }) => return self.key(key, modifiers, location),
            Message::Key(_) => Action::None,
            Message::ClockKey {
                key,
                location,
                typing,
            } => {
                let clock_screen = self.wall || self.tab == Tab::Clocks;
                match clocks::key(&key, location, &self.clocks) {
                    Some(request) if clock_screen && !typing => Action::Clock(request),
                    _ => Action::None,
                }
            }
            Message::Open(m) => self.open.update(m, lang),
            Message::Event(m) => {
                let t = self.event.as_ref().map(|e| &e.tournament);
                self.players.update(m, t)
            }
            Message::Rounds(m) => {
                let t = self.event.as_ref().map(|e| &e.tournament);
                self.rounds.update(m, t)
            }
            Message::Clocks(m) => self.clocks.update(m),
            Message::Ballot(m) => {
                let t = self.event.as_ref().map(|e| &e.tournament);
                self.ballot.update(m, t, self.rounds.round, lang)
            }
            Message::Claims(m) => {
                let t = self.event.as_ref().map(|e| &e.tournament);
                self.claims.update(m, &self.clocks, t, lang)
            }
            Message::Standings(m) => {
                let file = self.event.as_ref();
                self.standings.update(m, file, lang)
            }
        };
        self.act(action)
    }

    fn key(
        &mut self,
        key: Key,
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
                Named::Escape if self.wall => return self.update(Message::Wall(false)),
                Named::ArrowRight if self.wall => {
                    return self.update(Message::WallPage(self.wall_page.next(1)))
                }
                Named::ArrowLeft if self.wall => {
                    return self.update(Message::WallPage(self.wall_page.next(-1)))
                }
                _ => {}
            }
        }
        if modifiers.control() && key.as_ref() == Key::Character("z") {
            return self.act(Action::Undo);
        }
        // Clock keys work on the wall and the clocks screen: the arbiter presses for the players,
        // but never while typing in a field (`focus`).
        if (self.wall || self.tab == Tab::Clocks)
            && clocks::key(&key, location, &self.clocks).is_some()
        {
            return iced::advanced::widget::operate(crate::ui::focus::any_focused()).map(
                move |typing| Message::ClockKey {
                    key: key.clone(),
                    location,
                    typing,
                },
            );
        }
        if self.tab == Tab::Rounds && !self.wall {
            let t = self.event.as_ref().map(|e| &e.tournament);
            let action = self.rounds.key(&key, t);
            return self.act(action);
        }
        Task::none()
    }

    pub fn subscription(&self) -> Subscription<Message> {
        let keys = keyboard::listen().map(Message::Key);
        // Ticks only while a clock runs (an idle program draws nothing), timed to when a
        // display changes: one board costs one frame a second, not five.
        match self.clocks.next_tick_ms(self.now_ms()) {
            Some(ms) => Subscription::batch([
                keys,
                iced::time::every(Duration::from_millis(ms)).map(|_| Message::Tick),
            ]),
            None => keys,
        }
    }

    pub fn view(&self) -> Element<'_, Message> {
        let lang = self.lang;
        let now = self.now_ms();
        if self.wall {
            let t = self.event.as_ref().map(|e| &e.tournament);
            let drawn = t.and_then(|t| self.ballot.drawn(t, self.rounds.round));
            return wall::view(self.wall_page, &self.clocks, t, drawn, now, lang);
        }
        let Some(file) = self.event.as_ref().filter(|_| !self.files) else {
            let status = self.status.as_ref().map(|s| {
                text(s.text.clone())
                    .size(16)
                    .color(if s.error { theme::ERROR } else { theme::OK })
            });
            let t = self.event.as_ref().map(|e| &e.tournament);
            return column![self.header(t), self.open.view(lang).map(Message::Open)]
                .push(status.map(|s| container(s).padding([4, 16])))
                .into();
        };
        let t = &file.tournament;
        let body: Element<'_, Message> = match self.tab {
            Tab::Event => self.players.view(t, lang).map(Message::Event),
            Tab::Rounds => self.rounds.view(file, lang).map(Message::Rounds),
            Tab::Clocks => self.clocks.view(t, now, lang).map(Message::Clocks),
            Tab::Ballot => self
                .ballot
                .view(t, self.rounds.round, lang)
                .map(Message::Ballot),
            Tab::Claims => self.claims.view(&self.clocks, lang).map(Message::Claims),
            Tab::Standings => self.standings.view(t, lang).map(Message::Standings),
        };
        let status = self.status.as_ref().map(|s| {
            text(s.text.clone())
                .size(16)
                .color(if s.error { theme::ERROR } else { theme::OK })
        });
        let page = column![
            self.header(Some(t)),
            container(body).height(Length::Fill).padding([8, 16]),
        ]
        .push(status.map(|s| container(s).padding([4, 16])));
        if self.help {
            stack![page, screen::help::view(lang)].into()
        } else {
            page.into()
        }
    }

    fn header(&self, t: Option<&crate::tournament::model::Tournament>) -> Element<'_, Message> {
        let lang = self.lang;
        let tabs = Tab::ALL.into_iter().map(|tab| {
            let label = text(tab.label(lang)).size(18);
            let b = button(label).padding([6, 14]);
            let b = b
                .style(if tab == self.tab {
                    button::primary
                } else {
                    button::secondary
                })
                .on_press(Message::Tab(tab));
            b.into()
        });
        let other = match lang {
            Lang::En => (Lang::Ru, "Русский"),
            Lang::Ru => (Lang::En, "English"),
        };
        let name = t.map(|t| t.settings.name.clone()).unwrap_or_default();
        container(
            column![
                row![
                    text(name).size(22),
                    space::horizontal(),
                    button(text(lang.pick("Files…", "Файлы…")))
                        .style(button::secondary)
                        .on_press(Message::Files(true)),
                    button(text(lang.pick("Hall wall (F12)", "Стена зала (F12)")))
                        .style(button::secondary)
                        .on_press(Message::Wall(true)),
                    button(text(lang.pick("Help (F1)", "Справка (F1)")))
                        .style(button::secondary)
                        .on_press(Message::Help(true)),
                    button(text(other.1))
                        .style(button::secondary)
                        .on_press(Message::Lang(other.0)),
                ]
                .spacing(8)
                .align_y(iced::Alignment::Center),
                scrollable(row(tabs).spacing(4)).direction(scrollable::Direction::Horizontal(
                    scrollable::Scrollbar::new().width(0).scroller_width(0)
                )),
            ]
            .spacing(8),
        )
        .padding([8, 16])
        .style(theme::panel)
        .width(Length::Fill)
        .into()
    }
}
