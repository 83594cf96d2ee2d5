//! The app: the session (event, clock hall, language, instant) and the screens above it. It
//! routes each screen's messages to it, maps the screen's [`Action`] to the session, and turns
//! keys into actions.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use iced::keyboard::{self, key::Named, Key};
use iced::{Subscription, Task, Theme};

use super::screen::{
    self, ballot, claims, clocks, event, games, help, network, open, rounds, standings, wall,
};
use super::session::{self, Opened, Session};
use super::settings;
use crate::lang::Lang;

mod keys;
mod route;
mod view;

pub use view::CORRECTION_FIELD;

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
