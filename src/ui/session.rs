//! What every screen shows and none owns: the open event, the clock hall, the language and the
//! hall's instant. Screens get it read-only and return an [`Action`]; the session alone carries
//! the actions out — it saves the event (through `EventFile::apply`, validated and journaled),
//! runs the clocks, and reads and writes the files the screens ask for.

pub mod clocks;
pub mod floor;
mod open;

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::Instant;

use chrono::Utc;

use self::clocks::{Clocks, Request};
use super::settings;
use crate::files::lock::Holder;
use crate::lang::{Lang, Russian, Said};
use crate::store::event::{EventError, EventFile, Watched};
use crate::tournament::command::Command;
use crate::tournament::model::Tournament;
use crate::tournament::norms;
use crate::tournament::standings::{self, Line};
use crate::tournament::system::knockout::{self, Bracket};

/// Where instants come from: the system's monotonic clock, or a value the tests set.
#[derive(Clone, Copy, Debug)]
pub enum Time {
    Real(Instant),
    Manual(u64),
}

/// The last thing that happened, shown at the bottom: the arbiter must see that a change was
/// saved or why it was refused.
#[derive(Clone, Debug)]
pub struct Status {
    pub error: bool,
    pub text: String,
}

/// How an open ended, for the screens above to follow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opened {
    /// Another event is now open: the screens start over on it.
    New,
    /// The event asked for is the one already open: nothing changed.
    Same,
    /// The file could not be opened (the reason, for the files page); the open event stays.
    Failed(Said),
}

pub struct Session {
    pub lang: Lang,
    pub event: Option<EventFile>,
    pub clocks: Clocks,
    pub status: Option<Status>,
    /// The hall's instant (ms since the program started) as of the last message: views read
    /// this, never the system clock, so what one frame shows is one instant.
    pub now: u64,
    /// The clocks of events opened earlier in this run, still running: opening another event
    /// never stops a hall (a clock is only ever paused by the arbiter).
    background: Vec<(PathBuf, Clocks)>,
    time: Time,
    /// The hall's local date and time as of the last message, for the schedule (the default
    /// time's proposals); `None` until known (a test sets it).
    pub hall_time: Option<chrono::NaiveDateTime>,
    config: Option<PathBuf>,
    /// The hall's network page, while it is switched on (off by default), and why it could not
    /// start or stopped.
    pub web: Option<crate::serve::Running>,
    pub web_error: Option<Said>,
    /// Deputies' results from the hall network, while it is on and this window writes the
    /// event.
    pub inbox: Option<floor::Inbox>,
    /// A watched event's writer has let it go (looked at each tick).
    pub free_to_take: bool,
    /// A result for a game whose clock still runs, said to the arbiter: entered again, it is
    /// recorded and the clock stops.
    asked_result: Option<Command>,
    /// A change refused as a correction without its reason, waiting for the arbiter to type it.
    pub correction: Option<Correction>,
    /// The standings of the event's state as last computed (by revision and rounds counted):
    /// the Standings screen and the wall read them at every frame, a clock's tick among them,
    /// and they change only with the event.
    standings: RefCell<Vec<Computed>>,
    /// The rank norms as last computed, by revision, rounds counted and the table they were
    /// computed with (the event's table file may be replaced on disk while it is open).
    norms: RefCell<Vec<NormsComputed>>,
    /// A team event's tables as last computed, by revision and rounds counted.
    teams: RefCell<Vec<TeamsComputed>>,
    /// A knockout's bracket as last computed, by revision: the wall draws it at every frame.
    bracket: RefCell<Option<(u64, Rc<Bracket>)>>,
    /// The categories' standings as last computed, by revision and rounds counted.
    categories: RefCell<Vec<CategoriesComputed>>,
    /// The prizes' allocation as last computed, by revision.
    awards: RefCell<Option<(u64, Rc<Vec<crate::tournament::prize::Award>>)>>,
}

/// A change the console asks about before making it: a correction (its reason is asked), or a
/// setting changed after the start (what it does is said, the arbiter confirms; a reason may be
/// given). The change, what is asked, the reason as typed.
#[derive(Clone, Debug)]
pub struct Correction {
    pub cmd: Command,
    pub asked: Asked,
    pub reason: String,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Asked {
    /// A result of this round, a later one being paired.
    Correction { round: usize },
    /// What the late setting does.
    Confirmation {
        consequences: Vec<crate::lang::Said>,
    },
}

/// One category's standings (зачёт): its players placed among themselves.
#[derive(Debug)]
pub struct CategoryLines {
    pub id: String,
    pub name: crate::lang::Said,
    pub lines: Vec<Line>,
}

/// Every category's standings computed for a state of the event after some rounds.
type CategoriesComputed = (u64, Option<usize>, Rc<Vec<CategoryLines>>);

/// A team event's standings: the teams, then each board's players.
#[derive(Debug, Default)]
pub struct TeamTables {
    pub teams: Vec<crate::tournament::team::standings::TeamLine>,
    pub boards: Vec<crate::tournament::team::standings::BoardTable>,
}

/// Standings computed for a state of the event (its revision) after some rounds.
type Computed = (u64, Option<usize>, Rc<Vec<Line>>);

/// A team event's tables computed for a state of the event after some rounds.
type TeamsComputed = (u64, Option<usize>, Rc<TeamTables>);

/// Norms as the session computed them, with their table; `Err`: the event's table file cannot
/// be read.
pub type NormsShown = Result<(Rc<norms::Table>, Rc<norms::Norms>), norms::TableError>;

/// Norms computed for a state of the event after some rounds, with a table.
type NormsComputed = (u64, Option<usize>, Rc<norms::Table>, Rc<norms::Norms>);

impl Session {
    /// The file that remembers the last event (the recent ones and the network switch beside it).
    pub fn config(&self) -> Option<&Path> {
        self.config.as_deref()
    }

    pub fn new(config: Option<PathBuf>, lang: Lang, time: Time) -> Session {
        let mut session = Session {
            lang,
            event: None,
            clocks: Clocks::default(),
            status: None,
            now: 0,
            background: Vec::new(),
            time,
            hall_time: None,
            config,
            web: None,
            web_error: None,
            inbox: None,
            free_to_take: false,
            asked_result: None,
            correction: None,
            standings: RefCell::default(),
            norms: RefCell::default(),
            teams: RefCell::default(),
            bracket: RefCell::default(),
            categories: RefCell::default(),
            awards: RefCell::default(),
        };
        session.tick();
        session
    }

    /// Reads the time source into [`Session::now`].
    pub fn tick(&mut self) {
        self.now = match self.time {
            Time::Real(start) => start.elapsed().as_millis() as u64,
            Time::Manual(ms) => ms,
        };
        if let Time::Real(_) = self.time {
            self.hall_time = Some(chrono::Local::now().naive_local());
        }
    }

    /// The forfeits the default time proposes at the hall's time (none while it is unknown).
    pub fn forfeits_due(&self) -> Vec<crate::tournament::schedule::DefaultForfeit> {
        match (self.tournament(), self.hall_time) {
            (Some(t), Some(now)) => crate::tournament::schedule::forfeits_due(t, now),
            _ => Vec::new(),
        }
    }

    /// The next round's start still ahead at the hall's time, with its round.
    pub fn next_start(&self) -> Option<(usize, chrono::NaiveDateTime)> {
        self.tournament()?.schedule.next_start(self.hall_time?)
    }

    /// Milliseconds until the default time of the round being played, while it is ahead: the
    /// proposals must appear when it passes, not at the next key.
    fn until_default_ms(&self) -> Option<u64> {
        let t = self.tournament()?;
        let at = t.schedule.default_at(t.rounds.last()?.number)?;
        let left = (at - self.hall_time?).num_milliseconds();
        (left > 0).then(|| (left as u64).clamp(250, 30_000))
    }

    /// For tests: the time the hall sees from now on.
    pub fn set_time_ms(&mut self, ms: u64) {
        self.time = Time::Manual(ms);
        self.now = ms;
    }

    pub fn tournament(&self) -> Option<&Tournament> {
        self.event.as_ref().map(|e| &e.tournament)
    }

    /// The standings after `up_to` rounds (all when `None`), computed once per state of the
    /// event; `None` with no event open.
    pub fn standings(&self, up_to: Option<usize>) -> Option<Rc<Vec<Line>>> {
        let file = self.event.as_ref()?;
        let revision = file.revision();
        let mut kept = self.standings.borrow_mut();
        kept.retain(|(r, _, _)| *r == revision);
        if let Some((_, _, lines)) = kept.iter().find(|(_, u, _)| *u == up_to) {
            return Some(Rc::clone(lines));
        }
        let lines = Rc::new(standings::compute(&file.tournament, up_to));
        kept.push((revision, up_to, Rc::clone(&lines)));
        Some(lines)
    }

    /// Each category's standings after `up_to` rounds, in the regulation's order, from the
    /// event's (computed once per state of the event); `None` with no event open.
    pub fn category_standings(&self, up_to: Option<usize>) -> Option<Rc<Vec<CategoryLines>>> {
        let file = self.event.as_ref()?;
        let t = &file.tournament;
        let revision = file.revision();
        if let Some((_, _, kept)) = self
            .categories
            .borrow()
            .iter()
            .find(|(r, u, _)| *r == revision && *u == up_to)
        {
            return Some(Rc::clone(kept));
        }
        let lines = self.standings(up_to)?;
        let computed = Rc::new(
            t.categories
                .iter()
                .map(|c| CategoryLines {
                    id: c.id.clone(),
                    name: crate::lang::Said::new(c.name_in(Lang::En), c.name_in(Lang::Ru)),
                    lines: crate::tournament::category::standings(c, t, &lines),
                })
                .collect(),
        );
        let mut kept = self.categories.borrow_mut();
        kept.retain(|(r, _, _)| *r == revision);
        kept.push((revision, up_to, Rc::clone(&computed)));
        Some(computed)
    }

    /// Who takes each prize as the standings stand, in the order the prizes are taken
    /// (computed once per state of the event); `None` with no event open.
    pub fn awards(&self) -> Option<Rc<Vec<crate::tournament::prize::Award>>> {
        let file = self.event.as_ref()?;
        let revision = file.revision();
        if let Some((r, kept)) = self.awards.borrow().as_ref() {
            if *r == revision {
                return Some(Rc::clone(kept));
            }
        }
        let lines = self.standings(None)?;
        let awards = Rc::new(crate::tournament::prize::allocate(&file.tournament, &lines));
        *self.awards.borrow_mut() = Some((revision, Rc::clone(&awards)));
        Some(awards)
    }

    /// A knockout's bracket as it stands, computed once per state of the event; `None` with no
    /// event open or one of another system.
    pub fn bracket(&self) -> Option<Rc<Bracket>> {
        let file = self.event.as_ref()?;
        let t = &file.tournament;
        if t.settings.system != crate::tournament::model::System::Knockout {
            return None;
        }
        let revision = file.revision();
        let mut kept = self.bracket.borrow_mut();
        if let Some((_, b)) = kept.as_ref().filter(|(r, _)| *r == revision) {
            return Some(Rc::clone(b));
        }
        let b = Rc::new(knockout::bracket(t));
        *kept = Some((revision, Rc::clone(&b)));
        Some(b)
    }

    /// A team event's team and board standings after `up_to` rounds, computed once per state of
    /// the event; `None` with no event open or an individual one.
    pub fn team_tables(&self, up_to: Option<usize>) -> Option<Rc<TeamTables>> {
        use crate::tournament::team::standings as team;
        let file = self.event.as_ref()?;
        let t = &file.tournament;
        if !t.is_team_event() {
            return None;
        }
        let revision = file.revision();
        let mut kept = self.teams.borrow_mut();
        kept.retain(|(r, _, _)| *r == revision);
        if let Some((_, _, tables)) = kept.iter().find(|(_, u, _)| *u == up_to) {
            return Some(Rc::clone(tables));
        }
        let tables = Rc::new(TeamTables {
            teams: team::compute(t, up_to),
            boards: team::boards(t, up_to),
        });
        kept.push((revision, up_to, Rc::clone(&tables)));
        Some(tables)
    }

    /// The rank norms of the open event after `up_to` rounds, with the table they were computed
    /// by, computed once per state of the event and table (the Norms page reads them at every
    /// frame); the event's table file unreadable, why.
    pub fn norms(&self, up_to: Option<usize>) -> Option<NormsShown> {
        let file = self.event.as_ref()?;
        let t = &file.tournament;
        let table = match norms::Table::for_event(&t.settings.norms, Some(file.path())) {
            Ok(table) => table,
            Err(e) => return Some(Err(e)),
        };
        let revision = file.revision();
        let mut kept = self.norms.borrow_mut();
        kept.retain(|(r, _, kept_table, _)| *r == revision && **kept_table == *table);
        if let Some((_, _, table, n)) = kept.iter().find(|(_, u, _, _)| *u == up_to) {
            return Some(Ok((Rc::clone(table), Rc::clone(n))));
        }
        let n = Rc::new(norms::compute(t, up_to, &table, &table.options));
        let table = Rc::new(table.into_owned());
        kept.push((revision, up_to, Rc::clone(&table), Rc::clone(&n)));
        Some(Ok((table, n)))
    }

    /// The status line: a sentence, so it starts with a capital whatever the words it is made
    /// of start with («добавлена Орлова Анна — сохранено» was said in lower case).
    pub fn say(&mut self, error: bool, text: impl Into<String>) {
        self.status = Some(Status {
            error,
            text: crate::lang::sentence(&text.into()),
        });
    }

    /// The open event is only watched (another window or program writes it): who does.
    pub fn watched_from(&self) -> Option<&Watched> {
        self.event.as_ref().and_then(EventFile::watching)
    }

    /// A watched event is taken over once its holder let it go: it is read again, and its clocks
    /// are brought back from their logs as at a restart.
    pub fn take_over(&mut self) -> bool {
        let lang = self.lang;
        let Some(file) = self.event.as_mut() else {
            return false;
        };
        if let Err(e) = file.take_over(&console()) {
            self.say(true, e.said(lang));
            return false;
        }
        let path = file.path().to_path_buf();
        let (clocks, restored) = Clocks::for_event(&path, &file.tournament, self.now, Utc::now());
        self.clocks = clocks;
        let mut text = format!(
            "{} {}",
            lang.pick("This window now writes", "Теперь турнир ведёт это окно:"),
            path.display()
        );
        match restored {
            Ok((n, skipped)) => {
                if n > 0 {
                    text.push_str(&format!(
                        "; {} {n}",
                        lang.pick("clocks restored:", "восстановлено часов:")
                    ));
                }
                for (en, ru) in skipped {
                    text.push_str("; ");
                    text.push_str(lang.pick(&en, &ru));
                }
            }
            Err(e) => {
                text.push_str("; ");
                text.push_str(&e.said(lang));
            }
        }
        // A page served read-only while this window watched now takes deputies' results too.
        if self.web.is_some() && self.inbox.is_none() {
            if let Some((true, why)) = self.start_web() {
                text.push_str("; ");
                text.push_str(&why);
            }
        }
        self.say(false, text);
        true
    }

    /// Turns the hall's network page on (for the open event) or off.
    pub fn web(&mut self, on: bool) {
        let lang = self.lang;
        self.web_error = None;
        if !on {
            self.web = None;
            self.inbox = None;
            settings::remember_web(self.config.as_deref(), None);
            self.say(
                false,
                lang.pick(
                    "The hall's network page is off",
                    "Страница для сети зала выключена",
                ),
            );
            return;
        }
        if let Some((error, text)) = self.start_web() {
            self.say(error, text);
        }
    }

    /// Starts the hall's network page for the open event, remembering it for a restart; what
    /// to say about it (whether an error, the text), `None` with no event open.
    fn start_web(&mut self) -> Option<(bool, String)> {
        let lang = self.lang;
        let file = self.event.as_ref()?;
        let event = file.path().to_path_buf();
        // Deputies' results only where this window writes the event; a watching window's page
        // is read-only (the writer's takes them).
        let (desk, inbox) = if file.watching().is_none() {
            let (desk, rx, publisher) = crate::serve::desk::Desk::channel(file);
            (Some(desk), Some(floor::Inbox::new(rx, publisher)))
        } else {
            (None, None)
        };
        self.web = None;
        self.inbox = None;
        Some(match crate::serve::Running::start(event.clone(), desk) {
            Ok(running) => {
                self.inbox = inbox;
                settings::remember_web(self.config.as_deref(), Some(&event));
                let urls = running.urls().join("  ");
                self.web = Some(running);
                (
                    false,
                    format!(
                        "{} {urls}",
                        lang.pick(
                            "The hall's network page is on:",
                            "Страница для сети зала включена:"
                        )
                    ),
                )
            }
            Err(e) => {
                let why = Said::new(e.to_string(), e.ru());
                let said = why.get(lang).to_string();
                self.web_error = Some(why);
                (true, said)
            }
        })
    }

    /// Creates a new event file (never over an existing one) and opens it.
    pub fn create(&mut self, path: &Path, t: Tournament) -> Opened {
        // The created file holds the event's lock until it is dropped: dropped here, before the
        // open takes the lock as the console's (held by the match's temporary, it made the new
        // event open read-only, "held by: new event").
        let created = EventFile::create(path, t).map(drop);
        match created {
            Ok(()) => self.open(path),
            Err(e) => {
                let why = Said::new(e.to_string(), e.ru());
                self.say(true, why.get(self.lang).to_string());
                Opened::Failed(why)
            }
        }
    }

    /// A question asked about a result (its clock runs) is withdrawn: the next entry asks again.
    pub fn forget_question(&mut self) {
        self.asked_result = None;
    }

    /// How many clocks run now, in this event's hall and those of events opened earlier.
    pub fn running_clocks(&self) -> usize {
        std::iter::once(&self.clocks)
            .chain(self.background.iter().map(|(_, c)| c))
            .flat_map(|c| c.hall.boards())
            .filter(|b| {
                let s = b.clock().snapshot(b.clock().last_at());
                s.running.is_some() && !s.paused
            })
            .count()
    }

    /// Applies a change to the event: validated, saved, journaled; or refused and said why.
    /// Returns whether it was saved.
    pub fn apply(&mut self, cmd: Command) -> bool {
        self.apply_because(cmd, Default::default())
    }

    /// The correction asked about, made with the reason typed (refused while none is).
    pub fn correct(&mut self) -> bool {
        let Some(c) = self.correction.take() else {
            return false;
        };
        let needs_reason = matches!(c.asked, Asked::Correction { .. });
        if needs_reason && c.reason.trim().is_empty() {
            let lang = self.lang;
            self.say(
                true,
                lang.pick(
                    "Type the correction's reason first",
                    "Сначала введите причину исправления",
                )
                .to_string(),
            );
            self.correction = Some(c);
            return false;
        }
        let because = crate::store::event::Because {
            confirmed: !needs_reason,
            ..crate::store::event::Because::reason(Some(&c.reason))
        };
        self.apply_because(c.cmd, because)
    }

    /// [`Session::apply`] with a correction's reason or a late setting's confirmation.
    pub fn apply_with(&mut self, cmd: Command, because: crate::store::event::Because) -> bool {
        self.apply_because(cmd, because)
    }

    fn apply_because(&mut self, cmd: Command, because: crate::store::event::Because) -> bool {
        let lang = self.lang;
        self.correction = None;
        let Some(file) = self.event.as_mut() else {
            return false;
        };
        let described = described(&file.tournament, &cmd, &because, lang);
        // A result typed for a game whose clock still runs is asked about first; a claim's
        // verdict (a batch) ends the claim's game as it says.
        let decided = self.clocks.decided_by(&file.tournament, &cmd);
        let running =
            !matches!(cmd, Command::Batch { .. }) && decided.iter().any(|&(_, running)| running);
        if running && self.asked_result.as_ref() != Some(&cmd) {
            self.ask_about_running(cmd, &decided, &described);
            return false;
        }
        self.asked_result = None;
        let after = cmd.clone();
        match file.apply_if_changed(cmd, Utc::now(), because) {
            Ok(_) => {
                if !decided.is_empty() {
                    let (now, t) = (self.now, &file.tournament);
                    if let Err(e) = self.clocks.stop_decided(t, &after, now, Utc::now()) {
                        self.say(true, e.said(lang));
                        return true;
                    }
                }
                let (error, text) = saved_said(file, &described, lang);
                self.say(error, text);
                true
            }
            Err(e) => self.not_applied(e, after, &described),
        }
    }

    /// A result typed for a game whose clock still runs: asked about, done when typed again.
    fn ask_about_running(&mut self, cmd: Command, decided: &[(usize, bool)], described: &str) {
        let lang = self.lang;
        self.asked_result = Some(cmd);
        let board = decided
            .first()
            .and_then(|&(i, _)| self.clocks.hall.boards().get(i))
            .map_or_else(String::new, |b| b.name());
        self.say(
            true,
            match lang {
                Lang::En => format!(
                    "{described}: the clock of board {board} is still running. Enter the \
                     result again to record it and stop the clock."
                ),
                Lang::Ru => format!(
                    "{described}: часы доски {board} ещё идут. Введите результат ещё раз, \
                     чтобы записать его и остановить часы."
                ),
            },
        );
    }

    /// A change the event file did not take: read again, done as it was, asked about (a
    /// correction's reason, a late setting's confirmation) or refused; whether it counts as done.
    fn not_applied(&mut self, e: EventError, after: Command, described: &str) -> bool {
        let lang = self.lang;
        match e {
            EventError::ChangedOnDisk { .. } => {
                self.reread(described);
                false
            }
            // Not a refusal: done, and it moved nothing (an arbiter's trial pressed Ctrl+Z after
            // a form saved as it was and saw nothing move).
            e @ EventError::Unchanged => {
                self.say(false, format!("{described} — {}", e.said(lang)));
                true
            }
            // Asked, not refused: the banner takes the reason, «Исправить» makes it.
            e @ EventError::CorrectionWithoutReason { round } => {
                let ask = lang.pick(
                    "type its reason above and press “Correct”",
                    "введите причину выше и нажмите «Исправить»",
                );
                self.say(true, format!("{}: {described} — {ask}", e.said(lang)));
                self.correction = Some(Correction {
                    cmd: after,
                    asked: Asked::Correction { round },
                    reason: String::new(),
                });
                false
            }
            // Asked, not refused: the banner says what it does, «Подтвердить» makes it.
            EventError::NotConfirmed { consequences } => {
                let ask = lang.pick(
                    "read what it does above and press “Confirm”",
                    "прочтите выше, что оно меняет, и нажмите «Подтвердить»",
                );
                self.say(true, format!("{described} — {ask}"));
                self.correction = Some(Correction {
                    cmd: after,
                    asked: Asked::Confirmation { consequences },
                    reason: String::new(),
                });
                false
            }
            // Refused: said first, so that the change named after it is never read as done
            // (an arbiter's trial read "…0-1 — Петров wins: round 3 is locked" as a result).
            e => {
                let refused = lang.pick("Not done", "Не сделано");
                self.say(true, format!("{refused} — {}: {described}", e.said(lang)));
                false
            }
        }
    }

    /// The event file was written by another program: it is read again (its version wins) and
    /// the arbiter is told what changed and which change of this window to enter again.
    fn reread(&mut self, described: &str) {
        let lang = self.lang;
        let Some(file) = self.event.as_mut() else {
            return;
        };
        match file.reload() {
            Ok(reloaded) => {
                let changed = crate::store::said::changes(&reloaded.before, &file.tournament, lang);
                let mut again: Vec<String> = reloaded
                    .lost
                    .iter()
                    .map(|e| crate::store::said::command(&reloaded.before, &e.command, lang))
                    .collect();
                again.push(described.to_string());
                self.say(
                    true,
                    format!(
                        "{} {changed}. {} {}",
                        lang.pick(
                            "Another program changed the event file; it was read again:",
                            "Файл турнира изменила другая программа; он прочитан заново:"
                        ),
                        lang.pick("Not saved, enter it again:", "Не сохранено, введите снова:"),
                        again.join("; ")
                    ),
                );
            }
            Err(e) => self.say(true, format!("{described}: {}", e.said(lang))),
        }
    }

    /// Changes the disk has not taken yet (why, in the console's language); `None` when all is
    /// saved.
    pub fn unsaved(&self) -> Option<&str> {
        let why = self.event.as_ref()?.unsaved()?;
        Some(self.lang.pick(&why.0, &why.1))
    }

    /// Every change and every clock record is on disk (nothing waits for it).
    pub fn all_on_disk(&self) -> bool {
        self.unsaved().is_none() && self.unlogged_boards().is_empty()
    }

    /// The clocks whose records wait for the disk, by board name.
    pub fn unlogged_boards(&self) -> Vec<String> {
        self.clocks
            .hall
            .boards()
            .iter()
            .filter(|b| b.unlogged() > 0)
            .map(|b| b.name())
            .collect()
    }

    /// Takes back the latest change (Ctrl+Z).
    pub fn undo(&mut self) {
        self.journal_step(false);
    }

    /// Makes again the change the last undo took back (Ctrl+Y, Ctrl+Shift+Z).
    pub fn redo(&mut self) {
        self.journal_step(true);
    }

    /// An undo or a redo, saved and journaled by the event; the status names the change as it
    /// was made ("round 6, board 1, game 2: ½-½"), not the command that took it back ("…: *").
    fn journal_step(&mut self, redo: bool) {
        let lang = self.lang;
        let Some(file) = self.event.as_mut() else {
            return;
        };
        let stepped = if redo {
            file.redo(Utc::now())
        } else {
            file.undo(Utc::now())
        };
        match stepped.map(|e| (e.seq, e.command.clone())) {
            Err(EventError::ChangedOnDisk { .. }) => {
                let what = if redo {
                    lang.pick("redo", "возврат")
                } else {
                    lang.pick("undo", "отмена")
                };
                self.reread(what);
            }
            Ok((seq, cmd)) => {
                let file = self.event.as_ref().expect("just stepped");
                let text = crate::store::said::step(&file.tournament, file.journal(), seq, lang);
                let done = if redo {
                    lang.pick("Made again", "Возвращено")
                } else {
                    lang.pick("Taken back", "Отменено")
                };
                let said = format!("{done}: {text}");
                match self.clocks_follow_step(redo, seq, &cmd) {
                    Ok(clocks) => self.say(false, format!("{said}{clocks}")),
                    Err(e) => self.say(true, format!("{said}; {}", e.said(lang))),
                }
            }
            Err(e) => self.say(true, e.said(lang)),
        }
    }

    /// The clocks follow an undo or redo as they follow a result typed: a result made again
    /// stops its game's clock; a result taken back restarts the clock it had stopped, as it
    /// stood. Returns what to add to the status line.
    fn clocks_follow_step(
        &mut self,
        redo: bool,
        seq: u64,
        cmd: &Command,
    ) -> Result<String, crate::clock::hall::HallError> {
        let lang = self.lang;
        let Some(file) = self.event.as_ref() else {
            return Ok(String::new());
        };
        let (t, now, wall) = (&file.tournament, self.now, Utc::now());
        if redo {
            self.clocks.stop_decided(t, cmd, now, wall)?;
            return Ok(String::new());
        }
        let reason = match lang {
            Lang::En => format!("undo #{seq}: result taken back"),
            Lang::Ru => format!("отмена №{seq}: результат отменён"),
        };
        let restarted = self.clocks.reopen_cleared(t, cmd, now, wall, &reason)?;
        Ok(match (restarted.as_slice(), lang) {
            ([], _) => String::new(),
            ([one], Lang::En) => format!(
                "; the clock of board {one} is back as it stood before the result (the time it \
                 stood stopped is charged to nobody)"
            ),
            ([one], Lang::Ru) => format!(
                "; часы доски {one} восстановлены такими, какими были до результата (время \
                 остановки никому не засчитано)"
            ),
            (many, Lang::En) => format!(
                "; the clocks of boards {} are back as they stood before the results (the time \
                 they stood stopped is charged to nobody)",
                many.join(", ")
            ),
            (many, Lang::Ru) => format!(
                "; часы досок {} восстановлены такими, какими были до результатов (время \
                 остановки никому не засчитано)",
                many.join(", ")
            ),
        })
    }

    pub fn clock(&mut self, request: Request) {
        if let Some(holder) = self.watched_from() {
            let said = watching(holder, self.lang);
            self.say(true, said);
            return;
        }
        let t = self.event.as_ref().map(|e| &e.tournament);
        let said = self
            .clocks
            .request(request, t, self.now, Utc::now(), self.lang);
        if let Some((error, text)) = said {
            self.say(error, text);
        }
    }

    pub fn set_keys(&mut self, board: usize, typed: &str) {
        if let Err(e) = self.clocks.set_keys(board, typed) {
            self.say(true, e);
        }
    }

    /// Writes every running clock's heartbeat (the open event's and those in the background);
    /// writes what the disk refused before; follows an event that another window writes.
    pub fn heartbeat(&mut self) {
        let now = self.now;
        let lang = self.lang;
        let retried = match self.event.as_mut() {
            // Another window's change arrives here within a tick; a file caught in mid-write is
            // simply read at the next one.
            Some(file) if file.watching().is_some() => {
                let _ = file.follow();
                self.free_to_take = file.free_to_take();
                None
            }
            Some(file) => file.retry(),
            None => None,
        };
        match retried {
            Some(Ok(())) => self.say(
                false,
                lang.pick(
                    "Saved: the disk took the changes kept in this window",
                    "Сохранено: диск принял изменения, хранившиеся в этом окне",
                ),
            ),
            Some(Err(EventError::ChangedOnDisk { .. })) => {
                let kept = lang.pick("changes kept in this window", "изменения этого окна");
                self.reread(kept);
            }
            Some(Err(_)) | None => {}
        }
        let mut failed = None;
        for clocks in
            std::iter::once(&mut self.clocks).chain(self.background.iter_mut().map(|(_, c)| c))
        {
            if let Err(e) = clocks.heartbeat(now, Utc::now()) {
                failed = Some(e.said(self.lang));
            }
        }
        if let Some(e) = failed {
            self.say(true, e);
        }
    }

    /// Milliseconds to the next redraw worth doing (see [`Clocks::next_tick_ms`]); clocks in
    /// the background are not drawn, but their heartbeat rides at least once a second.
    pub fn next_tick_ms(&self) -> Option<u64> {
        // Watching another window's event, or waiting for the disk: a look a second.
        let waiting = self.watched_from().is_some() || !self.all_on_disk();
        let shown = match (self.clocks.next_tick_ms(self.now), waiting) {
            (Some(ms), true) => Some(ms.min(1000)),
            (None, true) => Some(1000),
            (shown, false) => shown,
        };
        let background = self
            .background
            .iter()
            .any(|(_, c)| c.any_running())
            .then_some(1000);
        let shown = match (shown, self.until_default_ms()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        match (shown, background) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Reads a file a screen asked for; a failure is said with the path and gives `None`.
    pub fn read(&mut self, path: &Path) -> Option<Vec<u8>> {
        match std::fs::read(path) {
            Ok(bytes) => Some(bytes),
            Err(e) => {
                let why = match self.lang {
                    Lang::En => e.to_string(),
                    Lang::Ru => crate::lang::io_ru(&e),
                };
                self.say(true, format!("{}: {why}", path.display()));
                None
            }
        }
    }

    /// Writes a file a screen made (whole or not at all), then says `done` (the file it
    /// replaced kept as `.bak`); with no `done`, quietly (a record kept as it is typed).
    pub fn write(&mut self, path: &Path, bytes: &[u8], done: Option<String>) {
        match crate::files::atomic::write(path, bytes, done.is_some()) {
            Ok(()) => {
                if let Some(done) = done {
                    self.say(false, done);
                }
            }
            Err(e) => self.say(true, e.said(self.lang)),
        }
    }

    /// A file kept beside the event, if it is there (an unreadable one is as good as absent:
    /// it only holds what was being typed).
    pub fn read_kept(&self, path: &Path) -> Option<Vec<u8>> {
        std::fs::read(path).ok()
    }
}

/// The console as the holder of what it writes.
fn console() -> Holder {
    Holder::this("console", Utc::now())
}

/// A change in the arbiter's words, with the reason given for it.
fn described(
    t: &Tournament,
    cmd: &Command,
    because: &crate::store::event::Because,
    lang: Lang,
) -> String {
    let mut described = crate::store::said::command(t, cmd, lang);
    if let Some(why) = &because.why {
        let act = because
            .act
            .as_ref()
            .map(|a| a.0)
            .or_else(|| crate::tournament::audit::act_kind(t, cmd));
        described.push_str(&crate::store::said::reason(why, act, lang));
    }
    described
}

/// A change saved, as said: on the disk, or kept in the window and why (whether an error, the
/// text).
fn saved_said(file: &EventFile, described: &str, lang: Lang) -> (bool, String) {
    match file.unsaved() {
        Some(why) => {
            let why = lang.pick(&why.0, &why.1).to_string();
            (true, format!("{described} — {} {why}", not_saved(lang)))
        }
        None => {
            let saved = lang.pick("saved", "сохранено");
            (false, format!("{described} — {saved}"))
        }
    }
}

fn not_saved(lang: Lang) -> &'static str {
    lang.pick(
        "NOT SAVED: kept in this window and written as soon as the disk takes it:",
        "НЕ СОХРАНЕНО: изменение хранится в этом окне и будет записано, как только диск его примет:",
    )
}

/// The read-only banner's text: who writes the event, or that it is free to be taken.
pub fn watching(watched: &Watched, lang: Lang) -> String {
    format!(
        "{} {}. {}",
        lang.pick(
            "Read-only: this event is written by",
            "Только просмотр: этот турнир ведёт"
        ),
        watched.said(lang),
        lang.pick(
            "This window follows its changes; it can take the event over when that one lets go.",
            "Это окно следит за изменениями; взять турнир можно будет, когда его освободят."
        )
    )
}

/// The read-only banner once the holder has let go.
pub fn free_to_take(lang: Lang) -> &'static str {
    lang.pick(
        "Read-only: the window or program that wrote this event has let it go. Take it over to make changes here.",
        "Только просмотр: окно или программа, которая вела этот турнир, его освободила. Возьмите турнир, чтобы вносить изменения здесь.",
    )
}
