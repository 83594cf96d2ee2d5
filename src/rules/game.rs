//! Checking a recorded game: replay, the first illegal ply, repetitions, draw counters, claims.

use std::collections::HashMap;

use serde::Serialize;

use super::color::Color;
use super::draw::{rules_for, DrawCounters, DrawEvent, RunningCounter};
use super::fen;
use super::mv::Move;
use super::notation::{self, IllegalReason, NotationError};
use super::pdn::PdnGame;
use super::position::Position;
use super::variant::Variant;
use crate::lang::Lang;

/// A game replayed as far as its record is legal.
#[derive(Clone, Debug)]
pub struct Replay {
    pub variant: Variant,
    /// Position after each ply; `positions[0]` is the start.
    pub positions: Vec<Position>,
    pub moves: Vec<Move>,
    pub first_illegal: Option<IllegalPly>,
    pub draw: DrawCounters,
}

/// The first ply of a record that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct IllegalPly {
    /// From 1: White's (the first mover's) first move is ply 1.
    pub ply: usize,
    /// The move number as on the score sheet.
    pub number: usize,
    pub side: Color,
    #[serde(rename = "move")]
    pub text: String,
    pub reason: IllegalReason,
    pub detail: String,
    /// The detail in Russian, for a Russian screen.
    #[serde(skip)]
    pub detail_ru: String,
    pub legal: Vec<String>,
    /// Where the move stands in the file, when it came from one.
    pub line: usize,
    pub column: usize,
}

/// A position that occurred more than once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Repetition {
    pub fen: String,
    /// The plies after which it stood (0 = the start position).
    pub plies: Vec<usize>,
    pub to_move: Color,
    /// Three or more occurrences: a draw may be claimed.
    pub threefold: bool,
}

/// A record replayed by either engine (the plain one, or column draughts): what the game report,
/// the repetitions and a repetition claim read from it.
pub trait Record {
    type Pos: Copy + Eq + std::hash::Hash;
    /// Positions after each ply, the start first.
    fn positions(&self) -> &[Self::Pos];
    fn first_illegal(&self) -> Option<&IllegalPly>;
    fn fen(pos: &Self::Pos) -> String;
    fn turn(pos: &Self::Pos) -> Color;
    /// A written move played at `pos`: the position after it and the move as the variant
    /// writes it.
    fn play_written(pos: &Self::Pos, text: &str) -> Result<(Self::Pos, String), NotationError>;
    /// The counting draw rules reached in the record, and those still running at its end.
    fn draws(&self) -> (Vec<DrawEvent>, Vec<RunningCounter>);

    /// Every position that stood more than once, in order of first occurrence.
    fn repetitions(&self) -> Vec<Repetition> {
        let mut seen: HashMap<Self::Pos, Vec<usize>> = HashMap::new();
        for (ply, p) in self.positions().iter().enumerate() {
            seen.entry(*p).or_default().push(ply);
        }
        let mut reps: Vec<Repetition> = seen
            .into_iter()
            .filter(|(_, plies)| plies.len() > 1)
            .map(|(p, plies)| Repetition {
                fen: Self::fen(&p),
                threefold: plies.len() >= 3,
                plies,
                to_move: Self::turn(&p),
            })
            .collect();
        reps.sort_by_key(|r| r.plies[0]);
        reps
    }
}

impl IllegalPly {
    /// The first illegal ply of a record: `ply` from 1, `offset` 1 when the record starts with
    /// the side that does not move first (so move numbers follow the score sheet); on a syntax
    /// error the legal moves are `all_legal()`.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        ply: usize,
        offset: usize,
        side: Color,
        text: &str,
        e: &NotationError,
        all_legal: impl FnOnce() -> Vec<String>,
        line: usize,
        column: usize,
    ) -> IllegalPly {
        IllegalPly {
            ply,
            number: (ply - 1 + offset) / 2 + 1,
            side,
            text: text.to_string(),
            reason: e.reason(),
            detail: e.detail(crate::lang::Lang::En),
            detail_ru: e.detail(crate::lang::Lang::Ru),
            legal: match e {
                NotationError::Syntax { .. } => all_legal(),
                NotationError::Illegal { alternatives, .. } => alternatives.clone(),
            },
            line,
            column,
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct GameReport {
    pub game: usize,
    pub white: String,
    pub black: String,
    pub variant: crate::rules::columns::AnyVariant,
    pub legal: bool,
    /// Legal plies replayed.
    pub plies: usize,
    pub first_illegal: Option<IllegalPly>,
    pub repetitions: Vec<Repetition>,
    /// Counting rules that reached their limit, with the ply where each would end the game.
    pub draw_rules: Vec<DrawEvent>,
    /// Counting rules still running at the end of the record.
    pub draw_counters: Vec<RunningCounter>,
    pub start_fen: String,
    pub final_fen: String,
    /// What the arbiter should know that is not an illegal move (an empty record, say).
    pub notes: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("the FEN tag cannot be used: {0}")]
    Fen(#[from] fen::FenError),
}

impl crate::lang::Russian for GameError {
    fn ru(&self) -> String {
        match self {
            GameError::Fen(e) => format!("тег FEN нельзя использовать: {}", e.ru()),
        }
    }
}

/// The variant of a game: a `Variant` tag naming a variant of this engine, else its
/// `GameType` tag, else the default. `replay` and `check_game` resolve it here, so a variant
/// decided by [`crate::rules::any::variant_of`] is not overridden by a `GameType` beside it.
pub fn variant_of(game: &PdnGame, default: Variant) -> Variant {
    game.tag("Variant")
        .and_then(|t| t.parse().ok())
        .or_else(|| game.tag("GameType").and_then(Variant::from_game_type))
        .unwrap_or(default)
}

/// The start position of a game: its `FEN` tag, else the variant's start.
pub fn start_of(game: &PdnGame, variant: Variant) -> Result<Position, GameError> {
    match game.tag("FEN") {
        Some(f) if !f.trim().is_empty() => Ok(fen::parse(variant, f)?),
        _ => Ok(Position::start(variant)),
    }
}

impl Replay {
    pub fn new(start: Position) -> Replay {
        Replay {
            variant: start.variant(),
            draw: DrawCounters::new(rules_for(start.variant()), &start),
            positions: vec![start],
            moves: Vec::new(),
            first_illegal: None,
        }
    }

    pub fn current(&self) -> &Position {
        self.positions.last().expect("a replay holds its start")
    }

    /// The number of the next ply.
    pub fn next_ply(&self) -> usize {
        self.moves.len() + 1
    }

    /// Plays a move known to be legal here.
    pub fn push(&mut self, m: Move) {
        let before = *self.current();
        let after = before.play(&m);
        let ply = self.next_ply();
        self.draw.push(ply, &before, &m, &after);
        self.moves.push(m);
        self.positions.push(after);
    }

    /// Plays a written move, or records why it cannot be played.
    pub fn play_text(
        &mut self,
        text: &str,
        line: usize,
        column: usize,
    ) -> Result<Move, Box<IllegalPly>> {
        let pos = *self.current();
        match notation::parse_move(&pos, text) {
            Ok(m) => {
                self.push(m);
                Ok(m)
            }
            Err(e) => Err(Box::new(self.illegal(text, &e, line, column))),
        }
    }

    fn illegal(&self, text: &str, e: &NotationError, line: usize, column: usize) -> IllegalPly {
        let pos = self.current();
        let ply = self.next_ply();
        let first = self.positions[0].turn();
        // Plies before this one, counted from the first mover's first move.
        let offset = usize::from(first != self.variant.rules().first);
        IllegalPly::new(
            ply,
            offset,
            pos.turn(),
            text,
            e,
            || notation_all(pos),
            line,
            column,
        )
    }
}

impl Record for Replay {
    type Pos = Position;
    fn positions(&self) -> &[Position] {
        &self.positions
    }
    fn first_illegal(&self) -> Option<&IllegalPly> {
        self.first_illegal.as_ref()
    }
    fn fen(pos: &Position) -> String {
        fen::write(pos)
    }
    fn turn(pos: &Position) -> Color {
        pos.turn()
    }
    fn play_written(pos: &Position, text: &str) -> Result<(Position, String), NotationError> {
        let m = notation::parse_move(pos, text)?;
        Ok((pos.play(&m), notation::write(pos, &m)))
    }
    fn draws(&self) -> (Vec<DrawEvent>, Vec<RunningCounter>) {
        let last = self.current();
        (
            self.draw.events.clone(),
            self.draw.running(self.moves.len(), last.turn()),
        )
    }
}

fn notation_all(pos: &Position) -> Vec<String> {
    notation::write_all(pos, &super::movegen::legal_moves(pos))
}

/// Replays a PDN game until its end or its first illegal ply.
pub fn replay(game: &PdnGame, default: Variant) -> Result<Replay, GameError> {
    let variant = variant_of(game, default);
    let start = start_of(game, variant)?;
    let mut replay = Replay::new(start);
    for m in &game.moves {
        if let Err(illegal) = replay.play_text(&m.text, m.line, m.column) {
            replay.first_illegal = Some(*illegal);
            break;
        }
    }
    Ok(replay)
}

/// Checks one game of a PDN file (`index` from 1).
pub fn check_game(index: usize, game: &PdnGame, default: Variant) -> GameReport {
    let variant = variant_of(game, default);
    report(index, game, variant.into(), replay(game, default))
}

/// The report of one game, whichever engine replayed it (or why it could not be replayed).
pub fn report<R: Record, E: std::fmt::Display>(
    index: usize,
    game: &PdnGame,
    variant: crate::rules::columns::AnyVariant,
    replayed: Result<R, E>,
) -> GameReport {
    let name = |tag| game.tag(tag).unwrap_or("").to_string();
    let mut notes = Vec::new();
    if game.moves.is_empty() {
        notes.push("the game has no moves".to_string());
    }
    let mut report = GameReport {
        game: index,
        white: name("White"),
        black: name("Black"),
        variant,
        legal: false,
        plies: 0,
        first_illegal: None,
        repetitions: Vec::new(),
        draw_rules: Vec::new(),
        draw_counters: Vec::new(),
        start_fen: game.tag("FEN").unwrap_or("").to_string(),
        final_fen: String::new(),
        notes,
    };
    match replayed {
        Ok(r) => {
            let positions = r.positions();
            (report.draw_rules, report.draw_counters) = r.draws();
            report.legal = r.first_illegal().is_none();
            report.plies = positions.len() - 1;
            report.repetitions = r.repetitions();
            report.start_fen = R::fen(&positions[0]);
            report.final_fen = R::fen(&positions[positions.len() - 1]);
            report.first_illegal = r.first_illegal().cloned();
        }
        Err(e) => report.notes.push(e.to_string()),
    }
    report
}

/// The arbiter's answer to a threefold-repetition claim.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClaimVerdict {
    pub valid: bool,
    /// The position claimed to be repeated.
    pub fen: String,
    /// The plies after which it stood (with the written move counted as the next ply).
    pub plies: Vec<usize>,
    pub claimant: Color,
    /// The move the claimant wrote and did not play, if the claim is of that form.
    pub written_move: Option<String>,
    pub detail: String,
    /// The detail in Russian, for a Russian screen.
    #[serde(skip)]
    pub detail_ru: String,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClaimError {
    #[error("the record has {available} legal plies; ply {asked} is not in it")]
    PlyOutOfRange { asked: usize, available: usize },
    #[error("the record is not complete: ply {0} cannot be played, so the claim waits for a complete record")]
    IncompleteRecord(usize),
}

impl crate::lang::Russian for ClaimError {
    fn ru(&self) -> String {
        match self {
            ClaimError::PlyOutOfRange { asked, available } => {
                format!("полуходов по правилам в записи: {available}; полухода {asked} в ней нет")
            }
            ClaimError::IncompleteRecord(ply) => format!(
                "запись неполна: полуход {ply} сделать нельзя, поэтому заявление ждёт полной записи"
            ),
        }
    }
}

/// Plies as a Russian sentence lists them: `0, 4, 8`.
fn plies_list(plies: &[usize]) -> String {
    plies
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Checks a threefold-repetition claim after ply `ply` (0 = before any move). Without `written`,
/// the claim is that the position after `ply` stands for the third time (the claimant is the side
/// to move there). With `written`, the claimant writes that move without playing it and claims that
/// it would repeat the position a third time (000: the claim procedure).
pub fn claim_repetition<R: Record>(
    replay: &R,
    ply: usize,
    written: Option<&str>,
) -> Result<ClaimVerdict, ClaimError> {
    let positions = replay.positions();
    let available = positions.len() - 1;
    if ply > available {
        return match replay.first_illegal() {
            Some(i) => Err(ClaimError::IncompleteRecord(i.ply)),
            None => Err(ClaimError::PlyOutOfRange {
                asked: ply,
                available,
            }),
        };
    }
    Ok(match written {
        None => standing_claim::<R>(positions, ply),
        Some(text) => written_claim::<R>(positions, ply, text),
    })
}

/// The plies up to `upto` after which `target` stood.
fn stood_at<P: Eq>(positions: &[P], target: &P, upto: usize) -> Vec<usize> {
    (0..=upto).filter(|&p| positions[p] == *target).collect()
}

/// The claim that the position after `ply` stands for the third time.
fn standing_claim<R: Record>(positions: &[R::Pos], ply: usize) -> ClaimVerdict {
    let here = positions[ply];
    let plies = stood_at(positions, &here, ply);
    let valid = plies.len() >= 3;
    let list = plies_list(&plies);
    let (detail, detail_ru) = if valid {
        (
            format!("the position stood after plies {list}: draw"),
            format!("позиция стояла после полуходов {list}: ничья"),
        )
    } else {
        (
            format!(
                "the position stood {} only: the game goes on",
                times(plies.len(), Lang::En)
            ),
            format!(
                "позиция стояла только {}: партия продолжается",
                times(plies.len(), Lang::Ru)
            ),
        )
    };
    ClaimVerdict {
        valid,
        fen: R::fen(&here),
        plies,
        claimant: R::turn(&here),
        written_move: None,
        detail,
        detail_ru,
    }
}

/// The claim that the move `text`, written and not played after `ply`, would repeat the position
/// a third time.
fn written_claim<R: Record>(positions: &[R::Pos], ply: usize, text: &str) -> ClaimVerdict {
    let here = positions[ply];
    let claimant = R::turn(&here);
    let (next, as_written) = match R::play_written(&here, text) {
        Ok(played) => played,
        Err(e) => {
            return ClaimVerdict {
                valid: false,
                fen: R::fen(&here),
                plies: Vec::new(),
                claimant,
                written_move: Some(text.to_string()),
                detail: format!("the written move cannot be played: {e}"),
                detail_ru: format!(
                    "записанный ход сыграть нельзя: {}",
                    crate::lang::Russian::ru(&e)
                ),
            }
        }
    };
    let mut plies = stood_at(positions, &next, ply);
    plies.push(ply + 1);
    let valid = plies.len() >= 3;
    let before = &plies[..plies.len() - 1];
    let (detail, detail_ru) = if valid {
        (
            format!("{text} repeats the position of plies {before:?} a third time: draw"),
            format!(
                "{text} в третий раз повторяет позицию полуходов {}: ничья",
                plies_list(before)
            ),
        )
    } else {
        (
            format!(
                "{text} makes the position stand {} only: the move counts as played and the game goes on",
                times(plies.len(), Lang::En)
            ),
            format!(
                "после {text} позиция стоит только {}: ход считается сделанным, партия продолжается",
                times(plies.len(), Lang::Ru)
            ),
        )
    };
    ClaimVerdict {
        valid,
        fen: R::fen(&next),
        plies,
        claimant,
        written_move: Some(as_written),
        detail,
        detail_ru,
    }
}

/// How often a position stood: "2 times", "2 раза".
fn times(n: usize, lang: Lang) -> String {
    lang.count(n as u64, ["time", "times"], ["раз", "раза", "раз"])
}
