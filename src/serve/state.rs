//! What the hall's page and API show: one snapshot of the event, built from the event file and
//! the clock logs beside it (read, never written), at a wall-clock time given as a value.

use std::path::Path;

use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::clock::hall;
use crate::clock::log;
use crate::lang::Lang;
use crate::report::{self, Document};
use crate::rules::Color;
use crate::tournament::encounter::{Alone, Encounter, Entrant};
use crate::tournament::model::{Pairing, System, Tournament};
use crate::tournament::system::knockout;

/// A clock whose console has written nothing for this long is shown frozen at its last known
/// instant (the console writes a heartbeat every second while a clock runs).
pub const STALE_MS: i64 = 5_000;

#[derive(Clone, Debug, Serialize)]
pub struct State {
    /// Goes up by one whenever anything shown changes.
    pub version: u64,
    /// The server's wall-clock time of this snapshot, in Unix milliseconds.
    pub now_ms: i64,
    pub event: EventLine,
    /// The current round's boards (byes last, with no board and no Black).
    pub boards: Vec<BoardLine>,
    /// The rounds before the current one, oldest first, their boards as [`State::boards`].
    pub earlier: Vec<RoundBoards>,
    pub clocks: Option<Clocks>,
    pub report: Reports,
    /// A team event's standings and the current round's matches; absent for an individual one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub teams: Option<Teams>,
    /// A knockout's bracket in both languages; absent for the other systems.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bracket: Option<Brackets>,
    /// Each category's standings (зачёт) in both languages, in the regulation's order; none
    /// when the event ranks no category apart.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub categories: Vec<CategoryTable>,
    /// The rounds' starts and the next one ahead; absent when the event has no schedule.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub schedule: Option<ScheduleLine>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ScheduleLine {
    /// Every round's start as the hall reads it (`2026-12-07 10:00`, the date alone when the
    /// time is unknown).
    pub rounds: Vec<StartLine>,
    /// The first start still ahead at the snapshot's time.
    pub next: Option<StartLine>,
    /// Milliseconds from the snapshot to the next start (the page counts down from it).
    pub next_in_ms: Option<i64>,
    /// The default time (время опоздания) in both languages.
    pub default_time: Option<crate::lang::Said>,
}

#[derive(Clone, Debug, Serialize)]
pub struct StartLine {
    pub round: usize,
    pub at: String,
}

/// The schedule at `now`, the hall's local time.
fn schedule_of(t: &Tournament, now: chrono::NaiveDateTime) -> Option<ScheduleLine> {
    use crate::tournament::schedule;
    let s = &t.schedule;
    if s.is_default() {
        return None;
    }
    let next = s.next_start(now);
    Some(ScheduleLine {
        rounds: s
            .rounds
            .iter()
            .map(|r| StartLine {
                round: r.round,
                at: r.text(),
            })
            .collect(),
        next: next.map(|(round, at)| StartLine {
            round,
            at: schedule::moment_text(at),
        }),
        next_in_ms: next.map(|(_, at)| (at - now).num_milliseconds()),
        default_time: s.default_minutes.map(|m| {
            crate::lang::Said::new(
                schedule::minutes_said(m, Lang::En),
                schedule::minutes_said(m, Lang::Ru),
            )
        }),
    })
}

#[derive(Clone, Debug, Serialize)]
pub struct CategoryTable {
    pub id: String,
    /// The category's name, for its button.
    pub name: crate::lang::Said,
    pub en: report::Section,
    pub ru: report::Section,
}

/// Each category's standings as the documents set them, in both languages.
fn categories_of(
    t: &Tournament,
    lines: &[crate::tournament::standings::Line],
) -> Vec<CategoryTable> {
    if t.categories.is_empty() {
        return Vec::new();
    }
    let en = report::awards::category_sections(t, lines, Lang::En);
    let ru = report::awards::category_sections(t, lines, Lang::Ru);
    t.categories
        .iter()
        .zip(en.into_iter().zip(ru))
        .map(|(c, (en, ru))| CategoryTable {
            id: c.id.clone(),
            name: crate::lang::Said::new(c.name_in(Lang::En), c.name_in(Lang::Ru)),
            en,
            ru,
        })
        .collect()
}

#[derive(Clone, Debug, Serialize)]
pub struct Brackets {
    pub en: report::bracket::Picture,
    pub ru: report::bracket::Picture,
}

#[derive(Clone, Debug, Serialize)]
pub struct Teams {
    pub standings: Vec<TeamRow>,
    /// The current round's matches.
    pub matches: Vec<MatchLine>,
    /// Teams without a match this round, by number.
    pub byes: Vec<crate::tournament::team::TeamId>,
}

#[derive(Clone, Debug, Serialize)]
pub struct TeamRow {
    pub place: String,
    pub number: crate::tournament::team::TeamId,
    pub name: String,
    pub match_points: f64,
    pub game_points: f64,
}

#[derive(Clone, Debug, Serialize)]
pub struct MatchLine {
    pub home: String,
    pub away: String,
    /// The match's boards as numbered in [`State::boards`], board 1 of the match first.
    pub boards: Vec<usize>,
    /// Game points so far, home first.
    pub game_points: [f64; 2],
    /// Match points once every board has its result.
    pub match_points: Option<[f64; 2]>,
}

fn teams_of(t: &Tournament) -> Option<Teams> {
    use crate::tournament::team::standings as team;
    if !t.is_team_event() {
        return None;
    }
    let name = |id| t.team_name(id);
    let standings = team::compute(t, None)
        .into_iter()
        .map(|l| TeamRow {
            place: l.place,
            number: l.number,
            name: l.name,
            match_points: l.match_points,
            game_points: l.game_points,
        })
        .collect();
    let round = t.rounds.last();
    let matches = round
        .map(|r| {
            r.matches
                .iter()
                .filter_map(|m| {
                    let [home, away] = team::match_score(t, r, m)?;
                    Some(MatchLine {
                        home: name(m.home),
                        away: name(m.away),
                        boards: m.boards.clone(),
                        game_points: [home.game_points, away.game_points],
                        match_points: home
                            .match_points
                            .zip(away.match_points)
                            .map(|(a, b)| [a, b]),
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    Some(Teams {
        standings,
        matches,
        byes: round.map(|r| r.team_byes.clone()).unwrap_or_default(),
    })
}

#[derive(Clone, Debug, Serialize)]
pub struct EventLine {
    pub name: String,
    pub variant: String,
    /// The current (last paired) round, 0 before the first.
    pub round: usize,
    /// Rounds planned (a round robin's, a Swiss's), when known.
    pub rounds: Option<usize>,
}

#[derive(Clone, Debug, Serialize)]
pub struct BoardLine {
    pub board: Option<usize>,
    /// White of the first game.
    pub white: String,
    pub black: Option<String>,
    /// The ballot's cell, `IX/10`.
    pub ballot: Option<String>,
    /// Each game's result from its White's side: `1-0`, `½-½`, `0-1`, `*` while playing.
    pub results: Vec<String>,
    /// The pairing's points so far, White of game 1 first (a micromatch's score), once a game
    /// has a result.
    pub score: Option<[f64; 2]>,
    /// The current round's game being played (or the last one played) as its score sheet has
    /// it: the position after its last legal move, that move, the moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<GameLine>,
    /// A knockout's entrant passing the round without a game (a bye has none of this).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub passes: bool,
    /// A team away from the round of its own will (a bye has none of this).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub away: bool,
}

impl BoardLine {
    /// An entrant without a game this round, listed after the boards.
    fn without_game(white: String, why: Alone) -> BoardLine {
        BoardLine {
            board: None,
            white,
            black: None,
            ballot: None,
            results: Vec::new(),
            score: None,
            position: None,
            passes: why == Alone::Passes,
            away: why == Alone::Away,
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct GameLine {
    /// From 1 (the micromatch's games, then the extra games).
    pub game: usize,
    /// Squares on a side.
    pub size: u8,
    /// Every playing square: row (0 at the top, White at the bottom), column, and its pieces
    /// top first (`w`, `b`; capitals are kings): empty on an empty square.
    pub squares: Vec<(u8, u8, String)>,
    /// The squares of the last move (row, column): start, landings, end.
    pub last: Vec<(u8, u8)>,
    /// The legal moves, numbered as the score sheet numbers them.
    pub moves: String,
    /// The first illegal ply on the sheet, when there is one (the position stops before it).
    pub illegal: Option<usize>,
}

#[derive(Clone, Debug, Serialize)]
pub struct RoundBoards {
    pub round: usize,
    pub boards: Vec<BoardLine>,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Clocks {
    pub round: usize,
    /// From 1.
    pub game: usize,
    pub boards: Vec<ClockLine>,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ClockLine {
    pub board: String,
    pub white_ms: u64,
    pub black_ms: u64,
    /// The side whose clock runs (also while paused: the side that will run on resume).
    pub running: Option<Color>,
    pub paused: bool,
    pub flag: Option<Color>,
    /// The console has not written for [`STALE_MS`]: the times are its last known ones.
    pub stale: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct Reports {
    pub en: Document,
    pub ru: Document,
}

/// The snapshot of `t` with its `clocks` (see [`Follow`]) at `now`.
pub fn build(t: &Tournament, clocks: Option<Clocks>, version: u64, now: DateTime<Utc>) -> State {
    let round = t.rounds.last();
    let boards = round
        .map(|r| {
            let mut boards = boards_of(t, r);
            for (line, p) in boards.iter_mut().zip(&r.pairings) {
                line.position = game_line(t, r, p);
            }
            boards
        })
        .unwrap_or_default();
    let earlier = t
        .rounds
        .iter()
        .take(t.rounds.len().saturating_sub(1))
        .map(|r| RoundBoards {
            round: r.number,
            boards: boards_of(t, r),
        })
        .collect();
    // Standings once for the snapshot: both languages' report and every category read them.
    let lines = crate::tournament::standings::compute(t, None);
    State {
        version,
        now_ms: now.timestamp_millis(),
        event: EventLine {
            name: t.settings.name.clone(),
            variant: t.settings.variant.name().to_string(),
            round: round.map_or(0, |r| r.number),
            rounds: t.planned_rounds(),
        },
        boards,
        earlier,
        clocks,
        report: Reports {
            en: report::document_of(t, &lines, None, Lang::En),
            ru: report::document_of(t, &lines, None, Lang::Ru),
        },
        teams: teams_of(t),
        categories: categories_of(t, &lines),
        // The schedule is written in the hall's local time.
        schedule: schedule_of(t, now.with_timezone(&chrono::Local).naive_local()),
        bracket: (t.settings.system == System::Knockout).then(|| {
            let b = knockout::bracket(t);
            Brackets {
                en: report::bracket::picture(&b, Lang::En),
                ru: report::bracket::picture(&b, Lang::Ru),
            }
        }),
    }
}

/// A round's boards, encounter by encounter; the entrants without a game last, with no board
/// and no Black.
fn boards_of(t: &Tournament, r: &crate::tournament::model::Round) -> Vec<BoardLine> {
    let name = |id| t.player(id).map_or_else(String::new, |p| p.full_name());
    let (_, draw) = t.game_value();
    let board = |p: &Pairing| BoardLine {
        board: Some(p.board),
        white: name(p.white),
        black: Some(name(p.black)),
        ballot: p
            .ballot
            .as_ref()
            .map(|b| format!("{} {}", b.table.to_uppercase(), b.cell)),
        results: p
            .games
            .iter()
            .chain(&p.extra)
            .map(|g| g.symbol().to_string())
            .collect(),
        score: p.scored().then(|| {
            let (w, b) = p.halves();
            [w as f64 * draw, b as f64 * draw]
        }),
        position: None,
        passes: false,
        away: false,
    };
    let mut boards = Vec::new();
    for e in r.encounters() {
        match e {
            Encounter::Met { boards: on, .. } => boards.extend(on.into_iter().map(board)),
            Encounter::Alone { entrant, why } => {
                let who = match entrant {
                    Entrant::Player(id) => name(id),
                    Entrant::Team(id) => t.team_name(id),
                };
                boards.push(BoardLine::without_game(who, why));
            }
        }
    }
    boards
}

/// The board's game now: the first without a result (the one being played), else the last;
/// from its start (the ballot's position) to the last legal move of its sheet.
fn game_line(
    t: &Tournament,
    r: &crate::tournament::model::Round,
    p: &crate::tournament::model::Pairing,
) -> Option<GameLine> {
    use crate::rules::any::AnyReplay;
    use crate::tournament::model::GameResult;
    let games = p.games.len() + p.extra.len();
    let game = (0..games)
        .find(|&g| p.result(g) == Some(GameResult::Pending))
        .unwrap_or(games.checked_sub(1)?);
    let pdn = crate::tournament::records::game_pdn(t, r, p, game);
    let replay = AnyReplay::read(&pdn, t.settings.variant).ok()?;
    let ply = replay.plies();
    let diagram = replay.diagram(ply);
    let place = |id: u8| diagram.spot(id).map(|s| (s.row, s.col));
    let squares = diagram
        .spots
        .iter()
        .map(|s| {
            let pieces = s
                .pieces
                .iter()
                .map(|p| match (p.color, p.king) {
                    (Color::White, false) => 'w',
                    (Color::White, true) => 'W',
                    (Color::Black, false) => 'b',
                    (Color::Black, true) => 'B',
                })
                .collect();
            (s.row, s.col, pieces)
        })
        .collect();
    Some(GameLine {
        game: game + 1,
        size: diagram.size,
        squares,
        last: replay
            .last_move(ply)
            .into_iter()
            .filter_map(place)
            .collect(),
        moves: replay.numbered(),
        illegal: replay.first_illegal().map(|i| i.ply),
    })
}

/// The clock logs of an event's current game, followed as the console writes them: the last
/// round's latest logged game; each look reads only what was appended.
#[derive(Debug, Default)]
pub struct Follow {
    game: Option<(usize, usize)>,
    logs: Vec<log::Follower>,
}

impl Follow {
    /// Looks at the logs again (and for a newer game's), reading what was appended.
    pub fn look(&mut self, t: &Tournament, event: &Path) {
        let base = hall::clocks_dir(event);
        let game = t.rounds.last().and_then(|round| {
            (0..t.clock_games())
                .rev()
                .find(|&g| hall::Hall::has_logs(&hall::game_dir(&base, round.number, g)))
                .map(|g| (round.number, g))
        });
        let dir = game.map(|(r, g)| hall::game_dir(&base, r, g));
        let paths = dir
            .as_ref()
            .and_then(|d| hall::log_paths(d).ok())
            .unwrap_or_default();
        if game != self.game || paths.len() != self.logs.len() {
            self.game = game;
            // A log that cannot be read yet (being created) is looked at again next time.
            self.logs = paths
                .iter()
                .filter_map(|p| log::Follower::open(p).ok())
                .collect();
            // In board order ("2" before "10"), once: the clocks and the events follow it.
            self.logs.sort_by_cached_key(|f| board_order(&f.board()));
            return;
        }
        for f in &mut self.logs {
            // A log that cannot be read now keeps what was read of it.
            let _ = f.follow();
        }
    }

    /// The number of events (not heartbeats) in each log, in the order of [`Follow::clocks`].
    pub fn events(&self) -> Vec<usize> {
        self.logs.iter().map(|f| f.loaded.records.len()).collect()
    }

    /// The clocks as the logs leave them at `now`.
    pub fn clocks(&self, now: DateTime<Utc>) -> Option<Clocks> {
        let (round, game) = self.game?;
        Some(Clocks {
            round,
            game: game + 1,
            boards: self
                .logs
                .iter()
                .map(|f| line(f.board(), &f.loaded, now))
                .collect(),
        })
    }
}

/// Boards by number (read as the hall reads a log's board), then by name.
fn board_order(board: &str) -> (usize, String) {
    let number = crate::clock::BoardKey::read(board).map_or(usize::MAX, |k| k.0);
    (number, board.to_string())
}

impl ClockLine {
    /// The running side's time goes down now (a page counts it itself).
    pub fn counting(&self) -> bool {
        self.running.is_some() && !self.paused && self.flag.is_none() && !self.stale
    }
}

/// One board's clock at `now`: a running clock goes on from its last logged instant by the time
/// since that instant was written, unless the console has fallen silent.
fn line(board: String, loaded: &log::Loaded, now: DateTime<Utc>) -> ClockLine {
    let clock = &loaded.clock;
    let at_last = clock.snapshot(loaded.alive_ms);
    let running = at_last.running.is_some() && !at_last.paused;
    let since = loaded
        .alive_wall
        .map_or(i64::MAX, |w| (now - w).num_milliseconds());
    let stale = running && since > STALE_MS;
    let at = if running && !stale {
        loaded.alive_ms + since.max(0) as u64
    } else {
        loaded.alive_ms
    };
    let snap = clock.snapshot(at);
    let flag = [(Color::White, &snap.white), (Color::Black, &snap.black)]
        .into_iter()
        .find(|(_, s)| s.flag_ms.is_some())
        .map(|(c, _)| c);
    ClockLine {
        board,
        white_ms: snap.white.ms_left,
        black_ms: snap.black.ms_left,
        running: snap.running,
        paused: snap.paused,
        flag,
        stale,
    }
}
