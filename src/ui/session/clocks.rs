//! The clock hall of the session: one paired clock per board of the round's game, the board
//! chosen for the keys, and each board's two keys. Every event is written to the board's log
//! (`<event>.clocks/round-N-game-G/`), so a restart brings the clocks back. The wall, the Clocks
//! screen and the Claims screen all read it; only the session changes it (through [`Request`]).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use iced::keyboard::{key::Named, Key, Location};

use crate::clock::game_clock::EventKind;
use crate::clock::hall::{Hall, HallError, RestoreReport};
use crate::clock::{BoardKey, TimeControl};
use crate::files::lock::{Holder, Lock};
use crate::lang::{Lang, Russian};
use crate::rules::Color;
use crate::tournament::command::Command;
use crate::tournament::model::{GameResult, PlayerId, Round, Tournament};

/// The fastest redraw while clocks run (5 per second): with many boards some display changes
/// every few milliseconds, and a software-rendered frame of the wall costs ~20 ms.
pub const MIN_TICK_MS: u64 = 200;

/// The boards' clock keys, per event.
const KEYS_FILE: &str = "keys.json";

#[derive(Default)]
pub struct Clocks {
    pub hall: Hall,
    /// The round and game (from 0) the hall's clocks belong to.
    pub game: Option<(usize, usize)>,
    base: Option<PathBuf>,
    pub selected: usize,
    /// Per board, the keys of its two buttons: White's then Black's (`qa`, `ws`, …).
    pub keys: BTreeMap<BoardKey, String>,
}

/// The games a command gives a result (`cleared` false) or takes a result from (`cleared` true):
/// the game, counted as the clocks count (the micromatch's, then the extra games).
fn results_in(cmd: &Command, games: usize, cleared: bool, out: &mut Vec<GameRef>) {
    match cmd {
        Command::SetResult { game, result } if (*result == GameResult::Pending) == cleared => {
            out.push(*game)
        }
        Command::SetExtraResult {
            round,
            board,
            game,
            result,
        } if (*result == GameResult::Pending) == cleared => {
            out.push(GameRef::new(*round, *board, games + game))
        }
        Command::Batch { commands } => {
            for c in commands {
                results_in(c, games, cleared, out);
            }
        }
        _ => {}
    }
}

/// `keys.json` as written: by board number. An older file listed the keys by the hall's place,
/// which was the board's number less one while every board had a clock.
fn read_keys(bytes: &[u8]) -> Option<BTreeMap<BoardKey, String>> {
    if let Ok(by_board) = serde_json::from_slice(bytes) {
        return Some(by_board);
    }
    let by_place: Vec<String> = serde_json::from_slice(bytes).ok()?;
    Some(
        by_place
            .into_iter()
            .enumerate()
            .filter(|(_, k)| !k.is_empty())
            .map(|(i, k)| (BoardKey(i + 1), k))
            .collect(),
    )
}

#[derive(Clone, Debug)]
pub enum Request {
    /// Clocks for every board of `round`, game `game` (from 0).
    Setup {
        round: usize,
        game: usize,
    },
    Start(usize),
    /// The side completes its move (a player's button): ignored unless that side runs.
    Press {
        board: usize,
        side: Option<Color>,
    },
    Pause(usize),
    Resume(usize),
    PauseAll,
    ResumeAll,
    StartAll,
    Claim {
        board: usize,
        claimant: Color,
    },
    Resolve(usize),
    Adjust {
        board: usize,
        side: Color,
        ms: i64,
        reason: String,
    },
    Undo {
        board: usize,
        reason: String,
    },
    Select(usize),
}

/// The board's display name and the players of the hall's game on it.
pub struct Seat {
    pub board: String,
    pub white: String,
    pub black: String,
}

/// How many clocks came back, and each board log that could not, as (English, Russian) text.
pub type Restored = (usize, Vec<(String, String)>);

/// The hall of a game brought back from its logs; a board whose log could not be read gets a new
/// clock (the arbiter is told, and sets its times by hand), so every pairing has its clock.
fn restore(
    dir: &Path,
    lock: Lock,
    t: &Tournament,
    round: &Round,
    game: usize,
    now: u64,
    wall: DateTime<Utc>,
) -> Result<(Hall, RestoreReport), HallError> {
    let (mut hall, report) = Hall::restore_locked(dir, lock, now, wall)?;
    if !report.skipped.is_empty() {
        let control = t.time_control_of_game(game);
        for p in boards_of_game(t, round, game) {
            let key = BoardKey(p.board);
            if hall.index_of(key).is_none() {
                let first = crate::tournament::records::first_to_move(t, round, p, game);
                match report.skipped.iter().find(|s| s.board == Some(key)) {
                    Some(s) => hall.add_replacing(s, key, control.clone(), first)?,
                    None => hall.add(key, control.clone(), first)?,
                };
            }
        }
        hall.order_boards();
    }
    Ok((hall, report))
}

/// The console as a lock's holder.
/// What a request for the whole hall says with no clocks in it: what to do first.
fn no_clocks_yet(t: Option<&Tournament>, lang: Lang) -> String {
    let next = t.map_or(1, |t| t.rounds.len().max(1));
    match t.map(|t| t.rounds.is_empty()) {
        Some(true) | None => match lang {
            Lang::En => format!("No clocks yet: pair round {next} first"),
            Lang::Ru => format!("Часов ещё нет: сначала составьте пары тура {next}"),
        },
        Some(false) => lang
            .pick(
                "No clocks yet: set them up for a game of the round (the buttons above)",
                "Часов ещё нет: создайте их для партии тура (кнопки выше)",
            )
            .to_string(),
    }
}

/// A request for the whole hall done: what it did, and to how many clocks («Paused: 3»).
fn counted(done: &str, clocks: usize) -> Option<String> {
    Some(format!("{done}: {clocks}"))
}

fn console(wall: DateTime<Utc>) -> Holder {
    Holder::this("console", wall)
}

/// The boards that play game `game` of a round: every board in the micromatch's games, the
/// boards whose micromatch is tied in the extra ones.
fn boards_of_game<'a>(
    t: &Tournament,
    round: &'a Round,
    game: usize,
) -> impl Iterator<Item = &'a crate::tournament::model::Pairing> {
    let games = t.settings.format.games.max(1) as usize;
    round.pairings.iter().filter(move |p| {
        if game < games {
            return true;
        }
        let (w, b) = p.halves();
        p.complete() && w == b
    })
}

use crate::clock::hall::game_dir as dir_for;
use crate::tournament::id::GameRef;

impl Clocks {
    /// The clocks of an event just opened: the latest logged game of the last round comes back
    /// (paused if it was running). Returns how many clocks were restored.
    pub fn for_event(
        path: &Path,
        t: &Tournament,
        now: u64,
        wall: DateTime<Utc>,
    ) -> (Clocks, Result<Restored, HallError>) {
        let base = crate::clock::hall::clocks_dir(path);
        let keys = std::fs::read(base.join(KEYS_FILE))
            .ok()
            .and_then(|b| read_keys(&b))
            .unwrap_or_default();
        let mut state = Clocks {
            base: Some(base.clone()),
            keys,
            ..Clocks::default()
        };
        let Some(round) = t.rounds.last() else {
            return (state, Ok((0, Vec::new())));
        };
        let Some(game) = (0..t.clock_games())
            .rev()
            .find(|&g| Hall::has_logs(&dir_for(&base, round.number, g)))
        else {
            return (state, Ok((0, Vec::new())));
        };
        let dir = dir_for(&base, round.number, game);
        let lock = match Hall::lock(&dir, &console(wall)) {
            Ok(lock) => lock,
            Err(e) => return (state, Err(e)),
        };
        match restore(&dir, lock, t, round, game, now, wall) {
            Ok((hall, report)) => {
                state.hall = hall;
                state.game = Some((round.number, game));
                // English and Russian: the caller shows the one of the console's language.
                let skipped = report
                    .skipped
                    .iter()
                    .map(|s| (s.to_string(), s.ru()))
                    .collect();
                (state, Ok((report.boards.len(), skipped)))
            }
            Err(e) => (state, Err(e)),
        }
    }

    /// Some clock is running (started, not paused, not stopped); whether it is does not depend
    /// on the instant, so each clock is asked at its own last event.
    pub fn any_running(&self) -> bool {
        self.hall.boards().iter().any(|b| {
            let s = b.clock().snapshot(b.clock().last_at());
            s.running.is_some() && !s.paused
        })
    }

    /// Milliseconds until the next redraw is worth doing. Displays show whole seconds, so the
    /// whole hall is redrawn once a second, on the hall's second: boards started at different
    /// instants would otherwise each ask for their own frame (five a second with many boards),
    /// and each frame draws every board. A display flips up to a second after its clock's
    /// second has passed; what it shows is always the clock's value at the frame's instant.
    /// In its last ten seconds a clock shows tenths: then the frame comes when its tenth
    /// changes, no sooner than [`MIN_TICK_MS`]. Heartbeats ride on the same ticks. `None`
    /// when no clock runs (a fallen flag does not run): nothing needs drawing.
    pub fn next_tick_ms(&self, now: u64) -> Option<u64> {
        let running: Vec<u64> = self
            .hall
            .snapshots(now)
            .into_iter()
            .filter(|(_, s)| !s.paused)
            .filter_map(|(_, s)| {
                let side = match s.running? {
                    Color::White => s.white,
                    Color::Black => s.black,
                };
                // A fallen flag's display no longer changes: it costs no redraw.
                (side.flag_ms.is_none() && side.ms_left > 0).then_some(side.ms_left)
            })
            .collect();
        if running.is_empty() {
            return None;
        }
        let next_second = 1000 - now % 1000;
        let tenths = running
            .iter()
            .filter(|&&left| left < 10_000)
            .map(|left| (left % 100 + 5).max(MIN_TICK_MS))
            .min();
        Some(tenths.map_or(next_second, |t| t.min(next_second)).max(1))
    }

    pub fn heartbeat(&mut self, now: u64, wall: DateTime<Utc>) -> Result<usize, HallError> {
        self.hall.heartbeat(now, wall)
    }

    /// Who sits at each of the hall's boards in this game.
    pub fn seats(&self, t: Option<&Tournament>) -> Vec<Seat> {
        let name = |id: PlayerId| {
            t.and_then(|t| t.player(id))
                .map(|p| p.full_name())
                .unwrap_or_default()
        };
        let pairings = t.zip(self.game).and_then(|(t, (round, _))| {
            t.rounds
                .iter()
                .find(|r| r.number == round)
                .map(|r| &r.pairings)
        });
        let game = self.game.map_or(0, |g| g.1);
        self.hall
            .boards()
            .iter()
            .map(|b| {
                let p = pairings.and_then(|ps| ps.iter().find(|p| p.board == b.key.0));
                Seat {
                    board: b.name(),
                    white: p.map(|p| name(p.white_of(game))).unwrap_or_default(),
                    black: p
                        .map(|p| {
                            name(if p.white_of(game) == p.white {
                                p.black
                            } else {
                                p.white
                            })
                        })
                        .unwrap_or_default(),
                }
            })
            .collect()
    }

    /// Carries out a clock request; returns what to tell the arbiter.
    pub fn request(
        &mut self,
        request: Request,
        t: Option<&Tournament>,
        now: u64,
        wall: DateTime<Utc>,
        lang: Lang,
    ) -> Option<(bool, String)> {
        let push =
            |hall: &mut Hall, board: usize, kind: EventKind| hall.push(board, now, kind, wall);
        // "Started: 0" in green said nothing: with no clocks, say what to do first.
        if self.hall.boards().is_empty()
            && matches!(
                request,
                Request::StartAll | Request::PauseAll | Request::ResumeAll
            )
        {
            return Some((true, no_clocks_yet(t, lang)));
        }
        let result: Result<Option<String>, HallError> = match request {
            Request::Setup { round, game } => return self.setup(t?, round, game, now, wall, lang),
            Request::Select(i) => {
                self.selected = i.min(self.hall.boards().len().saturating_sub(1));
                Ok(None)
            }
            Request::Start(b) => push(&mut self.hall, b, EventKind::Start).map(|_| None),
            Request::Press { board, side } => self.press(board, side, now, wall)?,
            Request::Pause(b) => push(&mut self.hall, b, EventKind::Pause).map(|_| None),
            Request::Resume(b) => push(&mut self.hall, b, EventKind::Resume).map(|_| None),
            Request::PauseAll => self
                .hall
                .pause_all(now, wall)
                .map(|names| counted(lang.pick("Paused", "Остановлены"), names.len())),
            Request::StartAll => self
                .hall
                .start_all(now, wall)
                .map(|names| counted(lang.pick("Started", "Запущены"), names.len())),
            Request::ResumeAll => self
                .hall
                .resume_all(now, wall)
                .map(|names| counted(lang.pick("Resumed", "Пущены"), names.len())),
            Request::Claim { board, claimant } => {
                push(&mut self.hall, board, EventKind::Claim { claimant })
                    .map(|_| Some(self.claimed(board, claimant, lang)))
            }
            Request::Resolve(b) => {
                push(&mut self.hall, b, EventKind::Resolve).map(|_| Some(self.resolved(b, lang)))
            }
            Request::Adjust {
                board,
                side,
                ms,
                reason,
            } => {
                // Said, so that the line shows what was logged (and no earlier refusal stays).
                let said = self.adjusted(board, side, ms, &reason, lang);
                push(
                    &mut self.hall,
                    board,
                    EventKind::Adjust { side, ms, reason },
                )
                .map(|_| Some(said))
            }
            Request::Undo { board, reason } => {
                let said = self.undone(board, &reason, lang);
                push(&mut self.hall, board, EventKind::Undo { reason }).map(|_| Some(said))
            }
        };
        match result {
            Ok(None) => None,
            Ok(Some(text)) => Some((false, text)),
            Err(e) => Some((true, e.said(lang))),
        }
    }

    /// A clock's button pressed (`side`: a player's own, `None`: the arbiter's); `None` for a
    /// board not in the hall.
    fn press(
        &mut self,
        board: usize,
        side: Option<Color>,
        now: u64,
        wall: DateTime<Utc>,
    ) -> Option<Result<Option<String>, HallError>> {
        let fresh = !self.hall.boards().get(board)?.clock().started();
        let running = self.hall.snapshots(now)[board].1.running;
        Some(if fresh {
            // The first press starts the clock of the side to move first.
            self.hall
                .push(board, now, EventKind::Start, wall)
                .map(|_| None)
        } else if running.is_none() || (side.is_some() && side != running) {
            // A player's button only ends that player's own move.
            Ok(None)
        } else {
            self.hall
                .push(board, now, EventKind::Press, wall)
                .map(|_| None)
        })
    }

    /// The board's name, `?` for one not in the hall.
    fn board_name(&self, board: usize) -> String {
        self.hall
            .boards()
            .get(board)
            .map_or_else(|| "?".to_string(), |b| b.name())
    }

    /// What a time adjustment logged says: the board, the side, the seconds and why.
    fn adjusted(&self, board: usize, side: Color, ms: i64, reason: &str, lang: Lang) -> String {
        format!(
            "{} {}, {}: {:+} {} ({reason}) — {}",
            lang.pick("Board", "Доска"),
            self.board_name(board),
            side.said(lang),
            ms as f64 / 1000.0,
            lang.pick("s", "с"),
            lang.pick("logged", "записано")
        )
    }

    /// What a press taken back says: the board and why.
    fn undone(&self, board: usize, reason: &str, lang: Lang) -> String {
        format!(
            "{} {}: {} ({reason}) — {}",
            lang.pick("Board", "Доска"),
            self.board_name(board),
            lang.pick("last press undone", "последнее нажатие отменено"),
            lang.pick("logged", "записано")
        )
    }

    /// What a claim logged says: whose it is, and whose clock runs meanwhile.
    fn claimed(&self, board: usize, claimant: Color, lang: Lang) -> String {
        let name = self.hall.boards()[board].name();
        match (lang, claimant) {
            (Lang::En, side) => format!(
                "Board {name}: claim by {} — their clock runs while the arbiter checks",
                side.said(lang)
            ),
            (Lang::Ru, Color::White) => {
                format!("Доска {name}: заявление белых — во время проверки идут их часы")
            }
            (Lang::Ru, Color::Black) => {
                format!("Доска {name}: заявление чёрных — во время проверки идут их часы")
            }
        }
    }

    /// What a claim decided says: the claim line said the claimant's clock runs, and it is
    /// replaced by what runs now.
    fn resolved(&self, b: usize, lang: Lang) -> String {
        let board = self.hall.boards().get(b);
        let name = board.map_or_else(String::new, |b| b.name());
        let s = board.map(|b| b.clock().snapshot(b.clock().last_at()));
        let now_runs = match s.and_then(|s| s.running.filter(|_| !s.paused)) {
            Some(Color::White) => lang.pick("White's clock runs again", "снова идут часы белых"),
            Some(Color::Black) => lang.pick("Black's clock runs again", "снова идут часы чёрных"),
            None => lang.pick(
                "the clock stands paused, as before the claim",
                "часы стоят на паузе, как до заявления",
            ),
        };
        format!(
            "{} {name}: {} — {now_runs}",
            lang.pick("Board", "Доска"),
            lang.pick("the claim is decided", "решение по заявлению принято"),
        )
    }

    fn setup(
        &mut self,
        t: &Tournament,
        round: usize,
        game: usize,
        now: u64,
        wall: DateTime<Utc>,
        lang: Lang,
    ) -> Option<(bool, String)> {
        let control: TimeControl = t.time_control_of_game(game).clone();
        let Some(r) = t.rounds.iter().find(|r| r.number == round) else {
            return Some((true, format!("{} {round}?", lang.pick("Round", "Тур"))));
        };
        let hall: Result<Hall, HallError> = match &self.base {
            Some(base) => {
                let dir = dir_for(base, round, game);
                // The hall shown now may log this very folder: its lock passes on.
                let lock = match self.hall.dir() {
                    Some(d) if d == dir => self.hall.take_lock().ok_or(()),
                    _ => Err(()),
                };
                let lock = match lock.or_else(|_| Hall::lock(&dir, &console(wall))) {
                    Ok(lock) => lock,
                    Err(e) => return Some((true, e.said(lang))),
                };
                if Hall::has_logs(&dir) {
                    // The clocks of this game already exist: bring them back, never overwrite.
                    return match restore(&dir, lock, t, r, game, now, wall) {
                        Ok((hall, report)) => {
                            self.hall = hall;
                            self.game = Some((round, game));
                            let skipped: Vec<String> = report
                                .skipped
                                .iter()
                                .map(|s| lang.pick(&s.to_string(), &s.ru()).to_string())
                                .collect();
                            (!skipped.is_empty()).then(|| (true, skipped.join("; ")))
                        }
                        Err(e) => Some((true, e.said(lang))),
                    };
                }
                Ok(Hall::in_dir_locked(&dir, lock))
            }
            None => Ok(Hall::new()),
        };
        let mut hall = match hall {
            Ok(h) => h,
            Err(e) => return Some((true, e.said(lang))),
        };
        for p in boards_of_game(t, r, game) {
            // The side to move at the game's start: a ballot may leave Black to move.
            let first = crate::tournament::records::first_to_move(t, r, p, game);
            if let Err(e) = hall.add(BoardKey(p.board), control.clone(), first) {
                return Some((true, e.said(lang)));
            }
        }
        self.hall = hall;
        self.game = Some((round, game));
        self.selected = 0;
        None
    }

    /// The hall's places of the clocks a command's results decide: (place, whether that clock
    /// still runs). A result for a game whose clock is in the hall ends that clock.
    pub fn decided_by(&self, t: &Tournament, cmd: &Command) -> Vec<(usize, bool)> {
        self.in_hall(t, cmd, false)
            .filter_map(|i| {
                let clock = self.hall.boards()[i].clock();
                let s = clock.snapshot(clock.last_at());
                let started = clock.started();
                let stopped = s.running.is_none();
                let flag = s.white.flag_ms.or(s.black.flag_ms).is_some();
                (started && !stopped).then_some((i, !s.paused && !flag))
            })
            .collect()
    }

    /// The hall's places of the games a command gives a result (or, `cleared`, takes one from).
    fn in_hall<'a>(
        &'a self,
        t: &Tournament,
        cmd: &Command,
        cleared: bool,
    ) -> impl Iterator<Item = usize> + 'a {
        let games = t.settings.format.games.max(1) as usize;
        let mut games_of = Vec::new();
        results_in(cmd, games, cleared, &mut games_of);
        games_of
            .into_iter()
            .filter(move |g| self.game == Some((g.round, g.game)))
            .filter_map(move |g| self.hall.index_of(BoardKey(g.board)))
    }

    /// Restarts the clocks that the results a command takes back had stopped (an undo of a
    /// result typed on the wrong board): each stands again as at its stop, the time it stood
    /// charged to nobody. Returns the names of the boards restarted.
    pub fn reopen_cleared(
        &mut self,
        t: &Tournament,
        cmd: &Command,
        now: u64,
        wall: DateTime<Utc>,
        reason: &str,
    ) -> Result<Vec<String>, HallError> {
        let stopped: Vec<usize> = self
            .in_hall(t, cmd, true)
            .filter(|&i| {
                let clock = self.hall.boards()[i].clock();
                clock.snapshot(clock.last_at()).over
            })
            .collect();
        let mut names = Vec::new();
        for i in stopped {
            let kind = EventKind::Unstop {
                reason: reason.to_string(),
            };
            self.hall.push(i, now, kind, wall)?;
            names.push(self.hall.boards()[i].name());
        }
        Ok(names)
    }

    /// Stops the clocks of the games a command decided (the result is in: nothing runs any more).
    pub fn stop_decided(
        &mut self,
        t: &Tournament,
        cmd: &Command,
        now: u64,
        wall: DateTime<Utc>,
    ) -> Result<(), HallError> {
        for (i, _) in self.decided_by(t, cmd) {
            self.hall.push(i, now, EventKind::Stop, wall)?;
        }
        Ok(())
    }

    /// Whether the hall's clocks are the current round's (the event's last): a hall left from an
    /// earlier round is neither shown on the wall nor driven from the Clocks screen.
    pub fn of_current_round(&self, t: Option<&Tournament>) -> bool {
        let last = t.and_then(|t| t.rounds.last()).map(|r| r.number);
        self.game.is_some_and(|(round, _)| Some(round) == last)
    }

    /// The two keys of the hall's `board`-th board's buttons, as set (empty when none).
    pub fn keys_of(&self, board: usize) -> String {
        self.hall
            .boards()
            .get(board)
            .and_then(|b| self.keys.get(&b.key))
            .cloned()
            .unwrap_or_default()
    }

    /// Sets the two keys of a board's buttons (typed as two characters) and keeps them beside
    /// the clock logs, so the boards keep their keys after a restart.
    pub fn set_keys(&mut self, board: usize, typed: &str) -> Result<(), String> {
        let Some(key) = self.hall.boards().get(board).map(|b| b.key) else {
            return Ok(());
        };
        let typed: String = typed
            .chars()
            .filter(|c| !c.is_whitespace())
            .take(2)
            .collect();
        if typed.is_empty() {
            self.keys.remove(&key);
        } else {
            self.keys.insert(key, typed);
        }
        let Some(base) = &self.base else {
            return Ok(());
        };
        let file = base.join(KEYS_FILE);
        std::fs::create_dir_all(base)
            .map_err(|e| format!("{}: {e}", base.display()))
            .and_then(|_| {
                let json = serde_json::to_vec(&self.keys).map_err(|e| e.to_string())?;
                crate::files::atomic::write(&file, &json, false)
                    .map_err(|e| format!("{}: {e}", file.display()))
            })
    }
}

/// The clock keys: each board's two keys as the arbiter set them (White's, then Black's);
/// Shift left / right press for White / Black of the chosen board (a single match uses the two
/// Shift keys as its two buttons); Space pauses or resumes it; Page Up / Down chooses the board;
/// Pause stops or restarts the whole hall.
pub fn key(key: &Key, location: Location, state: &Clocks) -> Option<Request> {
    let board = state.selected;
    if let Key::Character(c) = key.as_ref() {
        let c = c.to_lowercase();
        for (&board, keys) in &state.keys {
            let Some(i) = state.hall.index_of(board) else {
                continue;
            };
            let mut k = keys.chars().map(|k| k.to_lowercase().to_string());
            let side = match (k.next(), k.next()) {
                (Some(w), _) if w == c => Color::White,
                (_, Some(b)) if b == c => Color::Black,
                _ => continue,
            };
            return Some(Request::Press {
                board: i,
                side: Some(side),
            });
        }
    }
    match key.as_ref() {
        Key::Named(Named::Shift) => Some(Request::Press {
            board,
            side: Some(if location == Location::Right {
                Color::Black
            } else {
                Color::White
            }),
        }),
        Key::Named(Named::Space) => {
            let paused = state.hall.boards().get(board)?.clock().snapshot(0).paused;
            Some(if paused {
                Request::Resume(board)
            } else {
                Request::Pause(board)
            })
        }
        Key::Named(Named::PageDown) => Some(Request::Select(board + 1)),
        Key::Named(Named::PageUp) => Some(Request::Select(board.saturating_sub(1))),
        Key::Named(Named::Pause) => Some(if state.any_running() {
            Request::PauseAll
        } else {
            Request::ResumeAll
        }),
        _ => None,
    }
}
