//! The knockout (олимпийская система): a bracket of 2^k slots filled by seed in the standard
//! order (size 8: 1, 8, 4, 5, 2, 7, 3, 6 — seeds 1 and 2 meet only in the final), the top seeds
//! passing round 1 when the field is not a power of two (a bye never meets a bye), each
//! encounter a match of the event's games, a tied match going down the regulation's ladder of
//! tie-break games and, past it, to the arbiter's decision. Sources: `shared/docs/systems.md`.

use serde::{Deserialize, Serialize};

use super::{check_round, name, of_games, Draft, Encounter, PairingSystem, Pass, SystemError};
use crate::clock::TimeControl;
use crate::lang::Lang;
use crate::tournament::model::{GameResult, Pairing, PlayerId, Round, Tournament};
use crate::tournament::standings::Line;

/// A knockout's regulation.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Knockout {
    /// Games of the final's match when the regulation gives it more than the others.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub final_games: Option<u32>,
    /// The semifinals' losers play for third place.
    pub third_place: bool,
    /// How a tied match is settled, stage by stage; past the last stage the arbiter decides.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ladder: Vec<TieStage>,
    /// Places of the players out in the same round: shared (5-8), or by seed.
    pub places: Places,
}

/// One stage of the tie-break ladder: its games (colours going on alternating), their clock.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TieStage {
    /// Games of the stage; with `until_win`, the most that may be played (the first win ends it).
    pub games: u32,
    #[serde(
        default,
        with = "crate::clock::control::as_text_opt",
        skip_serializing_if = "Option::is_none"
    )]
    pub control: Option<TimeControl>,
    /// «До первой победы»: the first decisive game decides.
    #[serde(default)]
    pub until_win: bool,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Places {
    #[default]
    Shared,
    BySeed,
}

/// Games of a sudden-death stage when the regulation gives no number.
pub const UNTIL_WIN_GAMES: u32 = 10;

/// Why a tie-break stage as written is not one.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TieStageError {
    #[error("`{text}`: {error}")]
    Control {
        text: String,
        error: crate::clock::control::ControlError,
    },
    #[error("`{0}`: a stage is N@CONTROL (N from 1 to {UNTIL_WIN_GAMES}) or win@CONTROL")]
    Stage(String),
}

impl crate::lang::Russian for TieStageError {
    fn ru(&self) -> String {
        match self {
            TieStageError::Control { text, error } => format!("`{text}`: {}", error.ru()),
            TieStageError::Stage(text) => format!(
                "`{text}`: этап пишется N@КОНТРОЛЬ (N от 1 до {UNTIL_WIN_GAMES}) или win@КОНТРОЛЬ"
            ),
        }
    }
}

impl TieStage {
    /// `2@15m+10s` (two games at that clock), `win@5m+2s` (until the first win), `2` (the
    /// event's clock).
    pub fn parse(text: &str) -> Result<TieStage, TieStageError> {
        let (games, control) = match text.split_once('@') {
            Some((g, c)) => (g.trim(), Some(c.trim())),
            None => (text.trim(), None),
        };
        let control = control
            .map(|c| {
                c.parse::<TimeControl>()
                    .map_err(|error| TieStageError::Control {
                        text: c.to_string(),
                        error,
                    })
            })
            .transpose()?;
        let (games, until_win) = match games {
            "win" | "sd" => (UNTIL_WIN_GAMES, true),
            g => (
                g.parse::<u32>()
                    .ok()
                    .filter(|n| (1..=UNTIL_WIN_GAMES).contains(n))
                    .ok_or_else(|| TieStageError::Stage(text.to_string()))?,
                false,
            ),
        };
        Ok(TieStage {
            games,
            control,
            until_win,
        })
    }
}

pub(crate) struct KnockoutSystem;
pub(crate) static KNOCKOUT: KnockoutSystem = KnockoutSystem;

/// The seeds in bracket order for a bracket of `size` slots (a power of two): each seed s of a
/// bracket of k becomes s and 2k + 1 − s.
pub fn bracket_order(size: usize) -> Vec<usize> {
    let mut order = vec![1];
    while order.len() < size {
        let k = order.len();
        order = order.iter().flat_map(|&s| [s, 2 * k + 1 - s]).collect();
    }
    order
}

/// Slots of the smallest bracket that holds `entrants`.
pub fn bracket_size(entrants: usize) -> usize {
    entrants.max(2).next_power_of_two()
}

/// Rounds of a knockout of `entrants`: the final is the last.
pub fn rounds(entrants: usize) -> usize {
    bracket_size(entrants).trailing_zeros() as usize
}

/// The name a round of a knockout of `rounds` rounds goes by: the final, the semifinals, the
/// quarterfinals, then «1/8 финала» (the round of 16) and so on.
pub fn stage_said(round: usize, rounds: usize, lang: Lang) -> String {
    match (rounds.saturating_sub(round), lang) {
        (0, _) => lang.pick("Final", "Финал").into(),
        (1, _) => lang.pick("Semifinals", "Полуфинал").into(),
        (2, _) => lang.pick("Quarterfinals", "Четвертьфинал").into(),
        (k, Lang::En) => format!("Round of {}", 1usize << (k + 1)),
        (k, Lang::Ru) => format!("1/{} финала", 1usize << k),
    }
}

/// Board `board` of round `round` is the match for third place: the last round's second board
/// when the regulation plays one (the final is board 1).
pub fn is_third_place(t: &Tournament, round: usize, board: usize) -> bool {
    settings(t).third_place && round == rounds_of(t.players.len()) && round >= 2 && board >= 2
}

fn settings(t: &Tournament) -> Knockout {
    t.settings.knockout.clone().unwrap_or_default()
}

/// The entrants by seed (pairing number), seed 1 first.
pub fn seeded(t: &Tournament) -> Vec<PlayerId> {
    let mut numbered = t.clone();
    crate::tournament::command::number_the_unnumbered(&mut numbered);
    numbered.by_number().iter().map(|p| p.id).collect()
}

/// An entrant's seed in `seeds` (from 1).
fn seed_in(seeds: &[PlayerId], id: PlayerId) -> usize {
    seeds.iter().position(|&p| p == id).map_or(0, |i| i + 1)
}

/// The encounter of `a` and `b` on `board`: the higher seed has White in game 1.
fn meeting(seeds: &[PlayerId], board: usize, a: PlayerId, b: PlayerId) -> Encounter {
    let (w, b) = if seed_in(seeds, a) <= seed_in(seeds, b) {
        (a, b)
    } else {
        (b, a)
    };
    Encounter {
        board,
        white: w,
        black: b,
        seeds: Some((seed_in(seeds, w), seed_in(seeds, b))),
        group: None,
        table: None,
    }
}

/// The tie-break ladder's games, every stage's most.
pub fn ladder_games(ko: &Knockout) -> usize {
    ko.ladder.iter().map(|s| s.games as usize).sum()
}

/// Who won the encounter: the match's games, then the ladder stage by stage, then the arbiter.
pub fn winner(ko: &Knockout, p: &Pairing) -> Option<PlayerId> {
    if let Some(d) = &p.decided {
        return Some(d.winner);
    }
    if !p.complete() {
        return None;
    }
    let (w, b) = p.halves();
    if w != b {
        return Some(if w > b { p.white } else { p.black });
    }
    let mut at = p.games.len();
    for stage in &ko.ladder {
        let n = stage.games as usize;
        if stage.until_win {
            for g in at..at + n {
                match p.result(g)? {
                    GameResult::Pending => return None,
                    r => {
                        if let Some(won) = decisive(p, g, r) {
                            return Some(won);
                        }
                    }
                }
            }
        } else {
            let mut halves = (0, 0);
            for g in at..at + n {
                let r = p.result(g).filter(|r| *r != GameResult::Pending)?;
                if let Some((x, y)) = r.halves() {
                    if p.white_of(g) == p.white {
                        halves = (halves.0 + x, halves.1 + y);
                    } else {
                        halves = (halves.0 + y, halves.1 + x);
                    }
                }
            }
            if halves.0 != halves.1 {
                return Some(if halves.0 > halves.1 {
                    p.white
                } else {
                    p.black
                });
            }
        }
        at += n;
    }
    None
}

/// The winner of one game of the pairing, if it was decisive.
fn decisive(p: &Pairing, game: usize, r: GameResult) -> Option<PlayerId> {
    let white = p.white_of(game);
    let black = p.opponent(white)?;
    match r.halves()? {
        (2, 0) => Some(white),
        (0, 2) => Some(black),
        _ => None,
    }
}

/// Why a tie-break game cannot be recorded. Games are numbered from 1 here, as the arbiter
/// counts them.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LadderError {
    #[error("the regulation of this knockout has no tie-break games: the arbiter decides a tied match (the row under the round at the console, `result --winner` on the command line)")]
    NoLadder,
    #[error("the tie-break ladder has {total} game(s); there is no tie-break game {game}")]
    NoSuchGame { total: usize, game: usize },
    #[error("board {board}: the match is not over and tied, so no tie-break game is due")]
    NotTied { board: usize },
    #[error("board {board}: tie-break game {game} comes after earlier ones that are unfinished or already decided the match")]
    NotItsTurn { board: usize, game: usize },
    #[error("board {board}: tie-break game {game} has no result to clear")]
    NothingToClear { board: usize, game: usize },
    #[error("board {board}: clear the later tie-break games first")]
    LaterGamesFirst { board: usize },
}

impl crate::lang::Russian for LadderError {
    fn ru(&self) -> String {
        match self {
            LadderError::NoLadder => "регламент этого турнира по олимпийской системе не предусматривает дополнительных партий: победителя ничейной встречи определяет судья (строка под таблицей тура на пульте, `result --winner` в командной строке)".into(),
            LadderError::NoSuchGame { total, game } => format!(
                "дополнительных партий по регламенту {total}; дополнительной партии {game} нет"
            ),
            LadderError::NotTied { board } => format!(
                "доска {board}: встреча не закончена вничью, дополнительная партия не нужна"
            ),
            LadderError::NotItsTurn { board, game } => format!(
                "доска {board}: дополнительная партия {game} идёт после предыдущих, а они не сыграны или уже определили победителя"
            ),
            LadderError::NothingToClear { board, game } => format!(
                "доска {board}: у дополнительной партии {game} нет результата, стирать нечего"
            ),
            LadderError::LaterGamesFirst { board } => format!(
                "доска {board}: сначала сотрите результаты следующих дополнительных партий"
            ),
        }
    }
}

/// The tie-break game `game` (from 0 across the ladder) may be recorded on this encounter: the
/// match is tied, no earlier stage decided it, and the ladder has such a game.
pub fn check_extra(ko: &Knockout, p: &Pairing, game: usize) -> Result<(), LadderError> {
    let total = ladder_games(ko);
    if total == 0 {
        return Err(LadderError::NoLadder);
    }
    if game >= total {
        return Err(LadderError::NoSuchGame {
            total,
            game: game + 1,
        });
    }
    if !p.tied() {
        return Err(LadderError::NotTied { board: p.board });
    }
    // An earlier game still to come, or one that has already decided: not this one's turn.
    let mut shadow = p.clone();
    shadow.extra.truncate(game);
    let before_all_played = shadow.extra.len() == game
        && shadow.extra.iter().all(|g| *g != GameResult::Pending)
        && shadow.decided.is_none();
    if !before_all_played || winner(ko, &shadow).is_some() {
        return Err(LadderError::NotItsTurn {
            board: p.board,
            game: game + 1,
        });
    }
    Ok(())
}

/// The clock of tie-break game `game` (from 0 across the ladder), if its stage names one.
pub fn extra_control(ko: &Knockout, game: usize) -> Option<&TimeControl> {
    let mut at = 0;
    for s in &ko.ladder {
        at += s.games as usize;
        if game < at {
            return s.control.as_ref();
        }
    }
    None
}

/// Games per encounter a round's clocks are set for, the ladder included.
pub fn clock_games(t: &Tournament) -> usize {
    let ko = settings(t);
    let main = ko
        .final_games
        .unwrap_or(0)
        .max(t.settings.format.games.max(1));
    main as usize + ladder_games(&ko)
}

/// Each slot of a round's bracket: the entrant there (none: an empty slot of round 1), slots
/// `2i` and `2i + 1` meeting.
fn field_of_round(
    t: &Tournament,
    seeds: &[PlayerId],
    round: usize,
) -> Result<Vec<Option<PlayerId>>, SystemError> {
    let ko = settings(t);
    let mut field = first_field(seeds);
    for k in 1..round {
        let r = t.rounds.iter().find(|r| r.number == k);
        let mut next = Vec::with_capacity(field.len() / 2);
        for pair in field.chunks(2) {
            next.push(match (pair[0], pair[1]) {
                (Some(a), None) | (None, Some(a)) => Some(a),
                (None, None) => None,
                (Some(a), Some(b)) => {
                    let p = r.and_then(|r| encounter_of(r, a, b)).ok_or_else(|| {
                        SystemError::Other(format!(
                            "round {k} has no encounter of {} and {}",
                            name(t, a),
                            name(t, b)
                        ))
                    })?;
                    Some(winner(&ko, p).ok_or_else(|| undecided(t, k, p))?)
                }
            });
        }
        field = next;
    }
    Ok(field)
}

/// Round 1's slots in bracket order: the seed there, or none where the bracket has more slots
/// than entrants (the seed opposite passes).
fn first_field(seeds: &[PlayerId]) -> Vec<Option<PlayerId>> {
    bracket_order(bracket_size(seeds.len()))
        .into_iter()
        .map(|s| seeds.get(s - 1).copied())
        .collect()
}

fn encounter_of(r: &Round, a: PlayerId, b: PlayerId) -> Option<&Pairing> {
    r.pairings
        .iter()
        .find(|p| (p.white, p.black) == (a, b) || (p.white, p.black) == (b, a))
}

fn undecided(t: &Tournament, round: usize, p: &Pairing) -> SystemError {
    SystemError::Undecided {
        round,
        board: p.board,
        white: name(t, p.white),
        black: name(t, p.black),
    }
}

impl PairingSystem for KnockoutSystem {
    fn propose(&self, t: &Tournament, round: usize) -> Result<Draft, SystemError> {
        if t.players.len() < 2 {
            return Err(SystemError::TooFew {
                system: "knockout",
                least: 2,
                have: t.players.len(),
            });
        }
        check_round(t, round, self.planned_rounds(t, t.players.len()))?;
        let ko = settings(t);
        let seeds = seeded(t);
        let field = field_of_round(t, &seeds, round)?;
        let mut encounters = Vec::new();
        let mut passes = Vec::new();
        for pair in field.chunks(2) {
            match (pair[0], pair[1]) {
                (Some(a), Some(b)) => {
                    encounters.push(meeting(&seeds, encounters.len() + 1, a, b));
                }
                (Some(a), None) | (None, Some(a)) => passes.push(a),
                (None, None) => {}
            }
        }
        let last = rounds(t.players.len());
        let mut third_place = None;
        if round == last && last >= 2 && ko.third_place {
            let semis = t
                .rounds
                .iter()
                .find(|r| r.number == last - 1)
                .ok_or(SystemError::Other("the semifinals are not paired".into()))?;
            let losers: Vec<PlayerId> = semis
                .pairings
                .iter()
                .filter_map(|p| {
                    let w = winner(&ko, p)?;
                    p.opponent(w)
                })
                .collect();
            if let [a, b] = losers[..] {
                third_place = Some(encounters.len() + 1);
                encounters.push(meeting(&seeds, encounters.len() + 1, a, b));
            }
        }
        Ok(Draft::laid_out(
            round,
            encounters,
            passes,
            Pass::GoesOn,
            third_place,
        ))
    }

    fn planned_rounds(&self, _t: &Tournament, entrants: usize) -> Option<usize> {
        (entrants >= 2).then(|| rounds(entrants))
    }

    /// «олимпийская система, матчи из 2 партий, финал из 4 партий, матч за 3-е место».
    fn describe(&self, t: &Tournament, lang: Lang) -> String {
        let ko = settings(t);
        let games = t.settings.format.games.max(1);
        let mut out = format!(
            "{}, {} {}",
            t.settings.system.said(lang),
            lang.pick("matches", "матчи"),
            of_games(games, lang)
        );
        if let Some(f) = ko.final_games.filter(|&f| f != games) {
            out += &format!(", {} {}", lang.pick("final", "финал"), of_games(f, lang));
        }
        if ko.third_place {
            out += lang.pick(", match for 3rd place", ", матч за 3-е место");
        }
        out
    }

    fn round_said(&self, t: &Tournament, round: usize, lang: Lang) -> Option<String> {
        let rounds = rounds_of(t.players.len());
        (round <= rounds).then(|| stage_said(round, rounds, lang))
    }

    /// In the last round with a match for third place: board 1 the final, board 2 that match.
    fn encounter_said(
        &self,
        t: &Tournament,
        round: usize,
        board: usize,
        lang: Lang,
    ) -> Option<&'static str> {
        if is_third_place(t, round, board) {
            Some(lang.pick("match for 3rd place", "матч за 3-е место"))
        } else if is_third_place(t, round, 2) {
            Some(lang.pick("final", "финал"))
        } else {
            None
        }
    }

    fn undecided(&self, t: &Tournament, round: &Round) -> Option<SystemError> {
        let ko = settings(t);
        round
            .pairings
            .iter()
            .find(|p| winner(&ko, p).is_none())
            .map(|p| undecided(t, round.number, p))
    }

    fn place(&self, t: &Tournament, up_to: Option<usize>, rows: &mut Vec<Line>) {
        let places = places(t, up_to);
        for row in rows.iter_mut() {
            if let Some(p) = places.iter().find(|p| p.id == row.id) {
                row.place = p.place.clone();
            }
        }
        let order = |id: PlayerId| places.iter().position(|p| p.id == id).unwrap_or(usize::MAX);
        rows.sort_by_key(|r| order(r.id));
    }
}

/// The bracket as drawn: a column per round, each of its matches two slots meeting, the last
/// column the winner alone. A slot not yet known (its match undecided or unplayed) is empty.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bracket {
    pub rounds: Vec<BracketRound>,
    /// The winner's slot, once the final is decided.
    pub champion: Option<Slot>,
    /// The third-place match, when the regulation has one and it is paired.
    pub third_place: Option<BracketMatch>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BracketRound {
    pub number: usize,
    pub matches: Vec<BracketMatch>,
}

/// Two slots of a column: `top` meets `bottom`; one of them empty in round 1 is a seed passing.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BracketMatch {
    pub top: Option<Slot>,
    pub bottom: Option<Slot>,
    /// The board it is played on, once paired.
    pub board: Option<usize>,
    /// The encounter's score as the round's protocol gives it (`1.5 : 0.5`, the top first).
    pub score: Option<(f64, f64)>,
    /// The tie-break games' score together, the top first, once one of them is scored.
    pub tie_break: Option<(f64, f64)>,
    /// Which slot went on: the top (`true`), the bottom, or not yet known.
    pub top_won: Option<bool>,
    /// The arbiter's decision's reason, when he named the winner.
    pub decided: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Slot {
    pub id: PlayerId,
    pub seed: usize,
    pub name: String,
}

/// The bracket of the event as it stands: every round of the knockout, played or not.
pub fn bracket(t: &Tournament) -> Bracket {
    let ko = settings(t);
    let seeds = seeded(t);
    let slot = |id: Option<PlayerId>| {
        id.map(|id| Slot {
            id,
            seed: seed_in(&seeds, id),
            // The seed stands before it; a starting number too would read as a second seed.
            name: t
                .player(id)
                .map_or_else(|| id.to_string(), |p| p.full_name()),
        })
    };
    let mut field = first_field(&seeds);
    let mut rounds = Vec::new();
    for k in 1..=rounds_of(seeds.len()) {
        let r = t.rounds.iter().find(|r| r.number == k);
        let mut matches = Vec::with_capacity(field.len() / 2);
        let mut next = Vec::with_capacity(field.len() / 2);
        for pair in field.chunks(2) {
            let (m, on) = bracket_match(t, &ko, r, pair[0], pair[1], k == 1);
            matches.push(BracketMatch {
                top: slot(pair[0]),
                bottom: slot(pair[1]),
                ..m
            });
            next.push(on);
        }
        rounds.push(BracketRound { number: k, matches });
        field = next;
    }
    let third_place = third_place_match(t, &ko).map(|(p, m)| BracketMatch {
        top: slot(Some(p.white)),
        bottom: slot(Some(p.black)),
        ..m
    });
    Bracket {
        rounds,
        champion: slot(field.first().copied().flatten()),
        third_place,
    }
}

fn rounds_of(entrants: usize) -> usize {
    if entrants < 2 {
        0
    } else {
        rounds(entrants)
    }
}

/// One match of the bracket from round `r`'s encounter of `a` and `b`, and who goes on (a lone
/// entrant of round 1 passes; later an empty slot is a match not yet decided).
fn bracket_match(
    t: &Tournament,
    ko: &Knockout,
    r: Option<&Round>,
    a: Option<PlayerId>,
    b: Option<PlayerId>,
    first: bool,
) -> (BracketMatch, Option<PlayerId>) {
    let empty = BracketMatch {
        top: None,
        bottom: None,
        board: None,
        score: None,
        tie_break: None,
        top_won: None,
        decided: None,
    };
    match (a, b) {
        (Some(a), Some(b)) => match r.and_then(|r| encounter_of(r, a, b)) {
            Some(p) => {
                let m = match_of(t, ko, p, a);
                let on = m.top_won.map(|top| if top { a } else { b });
                (m, on)
            }
            None => (empty, None),
        },
        (Some(x), None) | (None, Some(x)) if first => (
            BracketMatch {
                top_won: Some(a.is_some()),
                ..empty
            },
            Some(x),
        ),
        _ => (empty, None),
    }
}

/// The paired encounter `p` seen from `top`'s side.
fn match_of(t: &Tournament, ko: &Knockout, p: &Pairing, top: PlayerId) -> BracketMatch {
    let (_, draw) = t.game_value();
    let seen = |(w, b): (u32, u32)| {
        let (x, y) = if top == p.white { (w, b) } else { (b, w) };
        (x as f64 * draw, y as f64 * draw)
    };
    let extra_scored = p.extra.iter().any(|g| g.halves().is_some());
    BracketMatch {
        top: None,
        bottom: None,
        board: Some(p.board),
        score: p.scored().then(|| seen(p.halves())),
        tie_break: extra_scored.then(|| seen(p.extra_halves())),
        top_won: winner(ko, p).map(|w| w == top),
        decided: p.decided.as_ref().map(|d| d.reason.clone()),
    }
}

/// The last round's second board when the regulation plays for third place.
fn third_place_match<'a>(t: &'a Tournament, ko: &Knockout) -> Option<(&'a Pairing, BracketMatch)> {
    if !ko.third_place {
        return None;
    }
    let last = rounds_of(t.players.len());
    let r = t.rounds.iter().find(|r| r.number == last)?;
    let p = r
        .pairings
        .iter()
        .find(|p| is_third_place(t, last, p.board))?;
    Some((p, match_of(t, ko, p, p.white)))
}

/// One entrant's place in a knockout.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Place {
    pub id: PlayerId,
    pub seed: usize,
    /// `1`, `3-4`, `5-8`; for an entrant still in, the places still open to him (`1-4`).
    pub place: String,
    /// The round he lost in.
    pub eliminated_in: Option<usize>,
}

/// Entrants left in round `k` (a bracket of m: all N in round 1, m / 2^(k−1) after it).
fn entrants_in(n: usize, k: usize) -> usize {
    if k <= 1 {
        n
    } else {
        bracket_size(n) >> (k - 1)
    }
}

/// Places after `up_to` rounds (all when `None`): the winner 1 and the finalist 2; the
/// third-place match's winner 3 and loser 4, or the semifinals' losers 3-4; those out in an
/// earlier round share its places (5-8, 9-16), or take them by seed when the regulation says.
pub fn places(t: &Tournament, up_to: Option<usize>) -> Vec<Place> {
    let ko = settings(t);
    let n = t.players.len();
    let last = rounds(n);
    let seeds = seeded(t);
    let counted = |r: &&Round| up_to.is_none_or(|u| r.number <= u);
    let mut out: Vec<(usize, usize, Place)> = Vec::new();
    for (i, &id) in seeds.iter().enumerate() {
        let seed = i + 1;
        let mut lost = None;
        let mut third: Option<bool> = None;
        let mut won_final = false;
        // Rounds passed: won, or passed without an encounter.
        let mut survived = 0;
        for r in t.rounds.iter().filter(counted) {
            if r.advanced.contains(&id) {
                survived += 1;
            }
            for p in r.pairings.iter().filter(|p| p.opponent(id).is_some()) {
                let Some(w) = winner(&ko, p) else { continue };
                if is_third_place(t, r.number, p.board) {
                    third = Some(w == id);
                } else if w != id {
                    lost = Some(r.number);
                } else if r.number == last {
                    won_final = true;
                } else {
                    survived += 1;
                }
            }
        }
        let (from, to) = match (lost, third) {
            _ if won_final => (1, 1),
            (Some(k), _) if k == last => (2, 2),
            (_, Some(true)) => (3, 3),
            (_, Some(false)) => (4, 4),
            (Some(k), None) => (entrants_in(n, k + 1) + 1, entrants_in(n, k)),
            // Still in: the places of the round he is in.
            (None, None) => (1, entrants_in(n, survived + 1).max(1)),
        };
        out.push((
            from,
            to,
            Place {
                id,
                seed,
                place: String::new(),
                eliminated_in: lost,
            },
        ));
    }
    out.sort_by_key(|(from, _, p)| (*from, p.seed));
    let mut by_seed_next: std::collections::BTreeMap<usize, usize> = Default::default();
    out.into_iter()
        .map(|(from, to, mut p)| {
            p.place = if from == to {
                from.to_string()
            } else if ko.places == Places::BySeed && p.eliminated_in.is_some() {
                let next = by_seed_next.entry(from).or_insert(from);
                *next += 1;
                (*next - 1).to_string()
            } else {
                format!("{from}-{to}")
            };
            p
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bracket_order_keeps_the_top_two_seeds_apart_until_the_final() {
        assert_eq!(bracket_order(8), [1, 8, 4, 5, 2, 7, 3, 6]);
        assert_eq!(bracket_order(2), [1, 2]);
        let b = bracket_order(128);
        assert_eq!(&b[..4], &[1, 128, 64, 65]);
        // Every round-1 pair sums to size + 1.
        for size in [2, 4, 8, 16, 32, 64] {
            let b = bracket_order(size);
            assert!(b.chunks(2).all(|p| p[0] + p[1] == size + 1), "{size}");
            let half = size / 2;
            assert!(b[..half].contains(&1) && b[half..].contains(&2), "{size}");
        }
    }

    #[test]
    fn a_tie_stage_is_read_as_the_regulation_writes_it() {
        let s = TieStage::parse("2@15m+10s").unwrap();
        assert_eq!((s.games, s.until_win), (2, false));
        assert!(s.control.is_some());
        assert!(TieStage::parse("win@5m+2s").unwrap().until_win);
        assert!(TieStage::parse("0@5m").is_err());
        assert!(TieStage::parse("two").is_err());
    }
}
