//! The app: the session (event, clock hall, language, instant) and the screens above it. It
//! routes each screen's messages to it, maps the screen's [`Action`] to the session, and turns
//! keys into actions.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use iced::keyboard::{self, key::Named, Key};
use iced::widget::{button, column, container, row, scrollable, stack, text};
use iced::{window, Element, Length, Subscription, Task, Theme};

use super::screen::{
    self, ballot, claims, clocks, event, games, help, network, open, rounds, standings, wall,
};
use super::session::{self, Opened, Session};
use super::settings;
use super::theme;
use super::widget::watch_only::watch_only;
use crate::lang::Lang;

pub use super::session::{Status, Time};

type Action = screen::Action<Message>;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    Event,
    Rounds,
    Clocks,
    Ballot,
    Claims,
    Games,
    Standings,
}

impl Tab {
    pub const ALL: [Tab; 7] = [
        Tab::Event,
        Tab::Rounds,
        Tab::Clocks,
        Tab::Ballot,
        Tab::Claims,
        Tab::Games,
        Tab::Standings,
    ];

    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            Tab::Event => lang.pick("Event", "Турнир"),
            Tab::Rounds => lang.pick("Rounds", "Туры"),
            Tab::Clocks => lang.pick("Clocks", "Часы"),
            Tab::Ballot => lang.pick("Ballot", "Жеребьёвка"),
            Tab::Claims => lang.pick("Claims", "Заявления"),
            Tab::Games => lang.pick("Games", "Партии"),
            Tab::Standings => lang.pick("Standings", "Таблица"),
        }
    }

    /// F2..F8 switch screens (F1 is help).
    fn key(self) -> Named {
        match self {
            Tab::Event => Named::F2,
            Tab::Rounds => Named::F3,
            Tab::Clocks => Named::F4,
            Tab::Ballot => Named::F5,
            Tab::Claims => Named::F6,
            Tab::Games => Named::F7,
            Tab::Standings => Named::F8,
        }
    }
}

#[derive(Clone, Debug)]
pub enum Message {
    Tab(Tab),
    Lang(Lang),
    /// Shows the hall wall in the window (`true`) or the console.
    Wall(bool),
    Fullscreen(bool),
    Help(bool),
    /// The hall-network page's switch shown or hidden.
    Network(bool),
    NetworkPage(network::Message),
    /// A deputy's job from the hall network's desk, for the open event.
    Floor(session::floor::Delivered),
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
    /// A read-only window takes the event over once its writer let it go.
    TakeOver,
    /// The first-launch line about the sample, dismissed.
    SampleSeen,
    /// A correction's reason as typed, its making, its dropping.
    CorrectionReason(String),
    Correct,
    DropCorrection,
    Open(open::Message),
    Event(event::Message),
    Rounds(rounds::Message),
    Clocks(clocks::Message),
    Ballot(ballot::Message),
    Claims(claims::Message),
    Games(games::Message),
    Standings(standings::Message),
    WallPage(wall::Message),
    HelpPage(help::Message),
    /// The window's close button (or the desktop's close): asked first while clocks run.
    CloseRequested,
}

pub struct App {
    pub session: Session,
    pub tab: Tab,
    pub wall: bool,
    /// The files page (open or create an event) over the open event.
    pub files: bool,
    pub wall_page: wall::Page,
    pub help: bool,
    pub network: bool,
    pub network_page: network::State,
    pub open: open::State,
    pub rounds: rounds::State,
    pub clocks: clocks::State,
    pub ballot: ballot::State,
    pub claims: claims::State,
    pub games: games::State,
    pub standings: standings::State,
    pub players: event::State,
    fullscreen: bool,
    /// The last change asked for was not made: the focus stays on its cell, to be entered again.
    refused: bool,
    /// Closing was asked for while clocks ran, and the arbiter was told: a second close closes.
    close_asked: bool,
    /// First launch: the event open is a sample, and a line says so and how to start one's own
    /// until it is dismissed.
    pub sample_shown: bool,
    /// The user's data folder, listed on the Files page (`None`: none is listed; the tests set
    /// their own).
    pub data_folder: Option<PathBuf>,
}

impl App {
    /// The program as `cargo run` starts it: the last event, or the sample on first launch.
    /// The program at start: on `event` when one is named (`shashki-arbiter EVENT.ron`, a file
    /// manager's "Open with"), else on the last event, else on a sample.
    pub fn boot(event: Option<PathBuf>) -> (App, Task<Message>) {
        let config = settings::default_file();
        // Opened on the sample (no event of one's own yet): it says so, until told it is seen.
        let named = event.is_some();
        let path = event.unwrap_or_else(|| settings::event_to_open(config.as_deref()));
        let first = !named && settings::sample_hint_due(config.as_deref(), &path);
        // The language last chosen with the button, else the system's.
        let lang = settings::chosen_lang(config.as_deref())
            .unwrap_or_else(|| Lang::from_locale(|v| std::env::var(v).ok()));
        let mut app = App::with(Some(&path), config, lang, Time::Real(Instant::now()));
        app.sample_shown = first;
        app.data_folder = settings::data_dir();
        (app, Task::none())
    }

    /// A program on `path` (or on the open screen), remembering the last event in `config`.
    pub fn with(path: Option<&Path>, config: Option<PathBuf>, lang: Lang, time: Time) -> App {
        let mut app = App {
            session: Session::new(config, lang, time),
            tab: Tab::Rounds,
            wall: false,
            files: false,
            wall_page: wall::Page::default(),
            help: false,
            network: false,
            network_page: network::State::default(),
            open: open::State::default(),
            rounds: rounds::State::default(),
            clocks: clocks::State::default(),
            ballot: ballot::State::default(),
            claims: claims::State::default(),
            games: games::State::default(),
            standings: standings::State::default(),
            players: event::State::default(),
            fullscreen: false,
            refused: false,
            close_asked: false,
            sample_shown: false,
            data_folder: None,
        };
        if let Some(path) = path {
            app.open_event(path);
        }
        app
    }

    /// The hall's instant: ms since the program started, as of the last message.
    pub fn now_ms(&self) -> u64 {
        self.session.now
    }

    /// For tests: the time the hall sees from now on.
    pub fn set_time_ms(&mut self, ms: u64) {
        self.session.set_time_ms(ms);
    }

    pub fn title(&self) -> String {
        match self.session.tournament() {
            Some(t) => format!("{} — shashki-arbiter", t.settings.name),
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

    fn open_event(&mut self, path: &Path) {
        match self.session.open(path) {
            Opened::New => self.reset_screens(path),
            Opened::Same => self.files = false,
            Opened::Failed(why) => {
                // The files page stays, with the path and why, over the event still open.
                self.files = true;
                self.open.path = path.display().to_string();
                self.open.error = Some(why);
            }
        }
    }

    fn act(&mut self, action: Action) -> Task<Message> {
        match action {
            Action::None => {}
            Action::Apply(cmd) => {
                self.refused = !self.session.apply(cmd);
                self.follow();
            }
            Action::ApplyBecause(cmd, because) => {
                self.refused = !self.session.apply_with(cmd, *because);
                self.follow();
            }
            Action::Undo => {
                self.session.undo();
                self.follow();
            }
            Action::Redo => {
                self.session.redo();
                self.follow();
            }
            Action::Open(path) => self.open_event(&path),
            Action::CloseFiles => self.files = false,
            Action::Create(path, t) => {
                if self.session.create(&path, *t) == Opened::New {
                    self.reset_screens(&path);
                    self.tab = Tab::Event;
                }
            }
            Action::Clock(request) => self.session.clock(request),
            Action::Keys(board, typed) => self.session.set_keys(board, &typed),
            Action::Read(path, then) => {
                if let Some(bytes) = self.session.read(&path) {
                    return self.update(then(bytes));
                }
            }
            Action::ClockTimes(round, then) => {
                let times = self.session.event.as_ref().and_then(|e| {
                    let r = e.tournament.rounds.iter().find(|r| r.number == round)?;
                    Some(crate::tournament::records::round_clock_times(e.path(), r))
                });
                return self.update(then(times.unwrap_or_default()));
            }
            Action::Write { path, bytes, done } => {
                // A record kept as it is typed: what was refused before (an illegal click) is
                // no longer the last word.
                if done.is_none() && self.session.status.as_ref().is_some_and(|s| s.error) {
                    self.session.status = None;
                }
                self.session.write(&path, &bytes, done)
            }
            Action::Say { error, text } => self.session.say(error, text),
            Action::Web(on) => self.session.web(on),
            Action::Task(task) => return task,
        }
        Task::none()
    }

    /// The screens start over on the event the session has just opened.
    fn reset_screens(&mut self, path: &Path) {
        let Some(file) = self.session.event.as_ref() else {
            return;
        };
        let t = &file.tournament;
        self.files = false;
        self.open = open::State::default();
        self.rounds = rounds::State::for_event(t);
        self.standings = standings::State::for_event(t);
        self.ballot = ballot::State::for_event(t);
        let kept = self.session.read_kept(&claims::record_file(path));
        self.claims = claims::State::for_event(t, path, kept);
        self.games = games::State::default();
        self.games.follow(t);
        self.clocks = clocks::State::default();
        self.players = event::State::default();
        // The first launch's line speaks of the sample: another event opened or made, it goes,
        // for good.
        if self.sample_shown {
            settings::sample_hint_seen(self.session.config());
        }
        self.sample_shown = false;
    }

    /// After a change to the event, the rounds screen follows the round being played.
    fn follow(&mut self) {
        if let Some(t) = self.session.tournament() {
            self.rounds.follow(t);
            self.games.follow(t);
        }
    }

    pub fn update(&mut self, message: Message) -> Task<Message> {
        let task = self.keeping_focus_if_refused(|app| app.route(message));
        // Whatever the message changed reaches the hall's network at once, as committed.
        self.session.publish();
        task
    }

    /// Runs `f`; a result it asked for that was not saved (refused, or the file changed under
    /// the window) is typed again in the same cell: the Rounds focus does not move on.
    fn keeping_focus_if_refused(
        &mut self,
        f: impl FnOnce(&mut App) -> Task<Message>,
    ) -> Task<Message> {
        let focus = self.rounds.focus;
        self.refused = false;
        let task = f(self);
        if self.refused {
            self.rounds.focus = focus;
        }
        task
    }

    fn route(&mut self, message: Message) -> Task<Message> {
        self.session.tick();
        let lang = self.session.lang;
        let t = self.session.event.as_ref().map(|e| &e.tournament);
        let action = match message {
            Message::Tab(tab) => {
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
            Message::Lang(l) => {
                // The last word was said in the other language: it goes rather than stay so.
                if self.session.lang != l {
                    self.session.status = None;
                }
                self.session.lang = l;
                settings::remember_lang(self.session.config(), l);
                Action::None
            }
            Message::Wall(on) => {
                self.wall = on;
                Action::None
            }
            Message::WallPage(wall::Message::Page(page)) => {
                self.wall_page = page;
                Action::None
            }
            Message::WallPage(wall::Message::Close) => {
                self.wall = false;
                Action::None
            }
            Message::HelpPage(help::Message::Close) => {
                self.help = false;
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
            Message::Network(on) => {
                self.network = on;
                Action::None
            }
            Message::NetworkPage(network::Message::Close) => {
                self.network = false;
                Action::None
            }
            Message::NetworkPage(message) => {
                let lang = self.session.lang;
                self.network_page
                    .update(message, self.session.tournament(), lang)
                    .map(Message::NetworkPage)
            }
            Message::Floor(delivered) => {
                if let Some(job) = delivered.take() {
                    self.session.floor(job);
                    self.follow();
                }
                Action::None
            }
            Message::Files(on) => {
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
                Action::None
            }
            Message::CloseRequested => {
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
                return iced::exit();
            }
            Message::Tick => {
                self.session.heartbeat();
                // A watched event may have changed under the screens.
                self.follow();
                Action::None
            }
            Message::SampleSeen => {
                settings::sample_hint_seen(self.session.config());
                self.sample_shown = false;
                Action::None
            }
            Message::TakeOver => {
                self.session.take_over();
                self.follow();
                Action::None
            }
            Message::CorrectionReason(why) => {
                if let Some(c) = self.session.correction.as_mut() {
                    c.reason = why;
                }
                Action::None
            }
            Message::Correct => {
                self.refused = !self.session.correct();
                self.follow();
                Action::None
            }
            Message::DropCorrection => {
                self.session.correction = None;
                Action::None
            }
            Message::Key(keyboard::Event::KeyPressed {
                key,
                modified_key,
                modifiers,
                location,
                ..
            }) => return self.key(key, modified_key, modifiers, location),
            Message::Key(_) => Action::None,
            Message::ClockKey {
                key,
                location,
                typing,
            } => {
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
                        Action::None
                    }
                    _ => Action::None,
                }
            }
            Message::Open(m) => self.open.update(m, lang).map(Message::Open),
            Message::Event(m) => {
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
                return if added {
                    Task::batch([task, iced::widget::operation::focus(event::SURNAME_FIELD)])
                } else {
                    task
                };
            }
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
            Message::Claims(m) => {
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
        };
        self.act(action)
    }

    /// `typed`: the key with Shift applied (Shift+= is "+"), what a result key is matched by.
    fn key(
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

    pub fn subscription(&self) -> Subscription<Message> {
        let keys = Subscription::batch([
            keyboard::listen().map(Message::Key),
            iced::window::close_requests().map(|_| Message::CloseRequested),
        ]);
        // Ticks only while a clock runs (an idle program draws nothing), timed to when a
        // display changes: one board costs one frame a second, not five.
        let clocks = self
            .session
            .next_tick_ms()
            .map(|ms| iced::time::every(Duration::from_millis(ms)).map(|_| Message::Tick));
        // A long table on the wall turns its sheets by itself.
        let sheets = (self.wall
            && matches!(
                self.wall_page,
                wall::Page::Pairings | wall::Page::Standings | wall::Page::Crosstable
            ))
        .then(|| iced::time::every(Duration::from_millis(wall::SHEET_MS)).map(|_| Message::Tick));
        // The wall counts down to the next round's start a second at a time.
        let countdown = (self.wall && self.session.next_start().is_some())
            .then(|| iced::time::every(Duration::from_millis(1000)).map(|_| Message::Tick));
        // Deputies' results, while the hall network takes them for this window.
        let floor = self
            .session
            .inbox
            .clone()
            .map(|inbox| Subscription::run_with(inbox, floor_jobs));
        Subscription::batch(
            [keys]
                .into_iter()
                .chain(clocks)
                .chain(sheets)
                .chain(countdown)
                .chain(floor),
        )
    }

    fn status(&self) -> Option<Element<'_, Message>> {
        self.session.status.as_ref().map(|s| {
            container(text(s.text.clone()).size(16).color(if s.error {
                theme::ERROR
            } else {
                theme::OK
            }))
            .padding([4, 16])
            .into()
        })
    }

    pub fn view(&self) -> Element<'_, Message> {
        let session = &self.session;
        let (lang, now) = (session.lang, session.now);
        let t = session.tournament();
        if self.wall {
            let drawn = t.and_then(|t| self.ballot.drawn(t, self.rounds.round));
            let alarm = !session.all_on_disk();
            let shown = wall::Shown {
                clocks: &session.clocks,
                t,
                standings: session.standings(None),
                categories: session.category_standings(None),
                teams: session.team_tables(None),
                bracket: session.bracket(),
                drawn,
                now,
                hall_time: session.hall_time,
                alarm,
            };
            return wall::view(self.wall_page, shown, lang).map(Message::WallPage);
        }
        let Some(file) = session.event.as_ref().filter(|_| !self.files) else {
            return column![
                self.header(t),
                self.open.view(lang, t.is_some()).map(Message::Open)
            ]
            .push(self.status())
            .into();
        };
        let t = &file.tournament;
        let body: Element<'_, Message> = match self.tab {
            Tab::Event => {
                let awards = (self.players.section == event::Section::Prizes)
                    .then(|| session.awards())
                    .flatten();
                self.players
                    .view(
                        t,
                        Some(file.path()),
                        awards.as_deref().map(|a| a.as_slice()),
                        lang,
                    )
                    .map(Message::Event)
            }
            Tab::Rounds => {
                let due = session.forfeits_due();
                self.rounds.view(file, &due, lang).map(Message::Rounds)
            }
            Tab::Clocks => self.clocks.view(session, t).map(Message::Clocks),
            Tab::Ballot => self
                .ballot
                .view(t, self.rounds.round, lang)
                .map(Message::Ballot),
            Tab::Claims => self
                .claims
                .view(&session.clocks, t, lang)
                .map(Message::Claims),
            Tab::Games => self
                .games
                .view(&session.clocks, t, lang)
                .map(Message::Games),
            Tab::Standings => {
                let up_to = self.standings.up_to;
                let lines = session.standings(up_to).unwrap_or_default();
                let norms = (self.standings.page == standings::Page::Norms)
                    .then(|| session.norms(up_to))
                    .flatten();
                let teams = session.team_tables(up_to);
                let categories = session.category_standings(up_to);
                self.standings
                    .view(file, lines, categories, norms, teams, lang)
                    .map(Message::Standings)
            }
        };
        let body: Element<'_, Message> = if session.watched_from().is_some() {
            watch_only(body).into()
        } else {
            body
        };
        let page = column![self.header(Some(t))]
            .push(self.banner())
            .push(container(body).height(Length::Fill).padding([8, 16]))
            .push(self.status());
        // The page is always the stack's first child, an overlay or none above it: the widget
        // tree keeps its shape, so closing an overlay does not reset the page's state (closing
        // the network dialog scrolled the Clocks list back to the top).
        let overlay: Option<Element<'_, Message>> = if self.help {
            Some(help::view(lang).map(Message::HelpPage))
        } else if self.network {
            let shown = network::Shown {
                urls: session.web.as_ref().map(|w| w.urls()),
                error: session.web_error.as_ref().map(|e| e.get(lang)),
                t: session.tournament(),
                journal: session.event.as_ref().map_or(&[], |e| e.journal()),
                writes: session.inbox.is_some(),
            };
            Some(network::view(&self.network_page, shown, lang).map(Message::NetworkPage))
        } else {
            None
        };
        stack![page].push(overlay).into()
    }

    /// Above every screen while it matters: the event is only watched here (who writes it, and
    /// the button that takes it over), or changes and clock records wait for the disk.
    fn banner(&self) -> Option<Element<'_, Message>> {
        let session = &self.session;
        let lang = session.lang;
        fn strip(content: Element<'_, Message>, colour: iced::Color) -> Element<'_, Message> {
            container(content)
                .padding([8, 16])
                .width(Length::Fill)
                .style(move |_: &Theme| container::Style {
                    background: Some(colour.into()),
                    text_color: Some(iced::Color::WHITE),
                    ..container::Style::default()
                })
                .into()
        }
        // A line to read and its one button (disabled without a message).
        fn with_button<'a>(
            said: String,
            label: &'a str,
            press: Option<Message>,
        ) -> Element<'a, Message> {
            row![
                text(said).size(18).width(Length::Fill),
                button(text(label))
                    .style(button::secondary)
                    .on_press_maybe(press),
            ]
            .spacing(12)
            .align_y(iced::Alignment::Center)
            .into()
        }
        if let Some(c) = &session.correction {
            return Some(strip(correction(c, lang), theme::WATCHING));
        }
        if let Some(watched) = session.watched_from() {
            let line = if session.free_to_take {
                with_button(
                    session::free_to_take(lang).to_string(),
                    lang.pick("Take over the event", "Взять турнир"),
                    Some(Message::TakeOver),
                )
            } else {
                with_button(
                    session::watching(watched, lang),
                    lang.pick("Still held by the other window", "Ещё занят другим окном"),
                    None,
                )
            };
            return Some(strip(line, theme::WATCHING));
        }
        if self.sample_shown && session.all_on_disk() {
            let line = with_button(
                lang.pick(
                    "This is a sample event, to try the program on. Your own event: Files… → New event (name, variant, system), then add the players on the Event screen.",
                    "Это учебный турнир, чтобы попробовать программу. Свой турнир: «Файлы…» → «Новый турнир» (название, вид шашек, система), затем участники на экране «Турнир».",
                )
                .to_string(),
                lang.pick("Got it", "Понятно"),
                Some(Message::SampleSeen),
            );
            return Some(strip(line, theme::WATCHING));
        }
        let mut lines = Vec::new();
        if let Some(why) = session.unsaved() {
            lines.push(format!(
                "{} {why}",
                lang.pick(
                    "NOT SAVED — the changes are kept in this window and written as soon as the disk takes them:",
                    "НЕ СОХРАНЕНО — изменения хранятся в этом окне и будут записаны, как только диск их примет:"
                )
            ));
        }
        let boards = session.unlogged_boards();
        if !boards.is_empty() {
            lines.push(format!(
                "{} {}",
                lang.pick(
                    "Clocks not logged (they run on; their records wait for the disk), boards:",
                    "Часы не записаны (они идут; записи ждут диска), доски:"
                ),
                boards.join(", ")
            ));
        }
        (!lines.is_empty()).then(|| strip(text(lines.join("\n")).size(18).into(), theme::ERROR))
    }

    fn header(&self, t: Option<&crate::tournament::model::Tournament>) -> Element<'_, Message> {
        let lang = self.session.lang;
        let tabs = Tab::ALL.into_iter().map(|tab| {
            let label = text(tab.label(lang)).size(18);
            let b = button(label).padding([6, 14]);
            let b = b
                // The Files page stands in for every screen: no tab is the one shown then.
                .style(if tab == self.tab && !self.files {
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
                    // The name takes what the buttons leave and wraps: a long one pushed the
                    // buttons off a 1280-wide screen.
                    text(name).size(22).width(Length::Fill),
                    button(text(lang.pick("Files…", "Файлы…")))
                        .style(if self.files {
                            button::primary
                        } else {
                            button::secondary
                        })
                        .on_press(Message::Files(true)),
                    button(text(lang.pick("Hall wall (F12)", "Стена зала (F12)")))
                        .style(button::secondary)
                        .on_press(Message::Wall(true)),
                    button(text(
                        match (self.session.web.is_some(), self.session.waiting()) {
                            (_, 0) if self.session.web.is_some() => {
                                lang.pick("Hall network: on", "Сеть зала: вкл.").to_string()
                            }
                            (_, 0) => lang.pick("Hall network", "Сеть зала").to_string(),
                            (_, n) => format!(
                                "{} {n}",
                                lang.pick("Hall network · waiting:", "Сеть зала · ждут:")
                            ),
                        }
                    ))
                    .style(if self.session.web.is_some() {
                        button::success
                    } else {
                        button::secondary
                    })
                    .on_press_maybe(t.map(|_| Message::Network(true))),
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

/// The field of a correction's reason (tests find it by this id).
pub const CORRECTION_FIELD: &str = "correction-reason";

/// The line that asks about a change: a correction's reason (the round, a field, «Исправить»), or
/// a late setting's confirmation (what it does, an optional reason, «Подтвердить»); «Отмена».
fn correction(c: &session::Correction, lang: Lang) -> Element<'_, Message> {
    let (said, press) = match &c.asked {
        session::Asked::Correction { round } => (
            match lang {
                Lang::En => format!(
                    "Round {round} is followed by a round already paired: this is a correction (the pairings made since stand). Reason:"
                ),
                Lang::Ru => format!(
                    "После тура {round} уже составлен следующий: это исправление (составленные туры остаются). Причина:"
                ),
            },
            lang.pick("Correct", "Исправить"),
        ),
        session::Asked::Confirmation { consequences } => {
            let what: Vec<&str> = consequences.iter().map(|s| s.get(lang)).collect();
            (
                format!(
                    "{} {}. {}",
                    lang.pick(
                        "Round 1 is paired: this changes the regulation's settings —",
                        "Тур 1 уже составлен: это изменение регламента —"
                    ),
                    what.join("; "),
                    lang.pick("Reason (may be left empty):", "Причина (можно не указывать):")
                ),
                lang.pick("Confirm", "Подтвердить"),
            )
        }
    };
    let field = row![
        iced::widget::text_input(
            lang.pick(
                "e.g. the score sheet's colours",
                "например: перепутаны цвета в бланке"
            ),
            &c.reason
        )
        .id(CORRECTION_FIELD)
        .on_input(Message::CorrectionReason)
        .on_submit(Message::Correct)
        .size(18)
        .width(Length::Fixed(420.0)),
        button(text(press)).on_press(Message::Correct),
        button(text(lang.pick("Cancel", "Отмена")))
            .style(button::secondary)
            .on_press(Message::DropCorrection),
    ]
    .spacing(12)
    .align_y(iced::Alignment::Center);
    // The words on a line of their own: beside the field they pushed the buttons off a 1280 px
    // window.
    column![text(said).size(18), field].spacing(8).into()
}

/// The jobs of the hall network's desk as messages (the receiver taken once per inbox).
fn floor_jobs(inbox: &session::floor::Inbox) -> impl iced::futures::Stream<Item = Message> {
    let rx = inbox.take();
    iced::futures::stream::unfold(rx, |rx| async move {
        let mut rx = rx?;
        let job = rx.recv().await?;
        Some((
            Message::Floor(session::floor::Delivered::new(job)),
            Some(rx),
        ))
    })
}
