//! Column games: a record replayed (the first illegal move named) and the towers 15-move rule (no
//! change of material: the number of columns and their composition). Repetitions, the game
//! report and repetition claims are the other variants' (`rules::game::Record`).

use super::fen::{self, ColumnFenError};
use super::movegen::ColumnMove;
use super::notation::{parse_move, write, write_all};
use super::position::{ColumnPosition, ColumnVariant};
use crate::rules::draw::{DrawEvent, RunningCounter};
use crate::rules::game::{report, GameReport, IllegalPly, Record};
use crate::rules::notation::NotationError;
use crate::rules::{Color, PdnGame};

/// The id of the towers draw rule (15 moves without a change of material; its name for the
/// arbiter is in `draw::rule_name`).
pub const QUIET_RULE: &str = "no_material_change";

/// A record played move by move from its start.
#[derive(Clone, Debug)]
pub struct ColumnReplay {
    pub variant: ColumnVariant,
    /// Positions after each ply (the start first).
    pub positions: Vec<ColumnPosition>,
    pub moves: Vec<ColumnMove>,
    pub first_illegal: Option<IllegalPly>,
}

impl ColumnReplay {
    pub fn new(start: ColumnPosition) -> ColumnReplay {
        ColumnReplay {
            variant: start.variant,
            positions: vec![start],
            moves: Vec::new(),
            first_illegal: None,
        }
    }

    pub fn current(&self) -> &ColumnPosition {
        self.positions.last().expect("a replay has its start")
    }

    /// Plays a written move, or says why it cannot be played.
    pub fn play_text(&mut self, text: &str) -> Result<(), NotationError> {
        let pos = *self.current();
        let m = parse_move(&pos, text)?;
        self.moves.push(m);
        self.positions.push(pos.play(&m));
        Ok(())
    }

    fn illegal(&self, text: &str, e: &NotationError, line: usize, column: usize) -> IllegalPly {
        let pos = self.current();
        let offset = usize::from(self.positions[0].turn() != Color::White);
        let all = || write_all(pos, &pos.legal_moves());
        IllegalPly::new(
            self.moves.len() + 1,
            offset,
            pos.turn(),
            text,
            e,
            all,
            line,
            column,
        )
    }

    /// The ply after which the material last changed (0: the start).
    fn last_change(&self, upto: usize) -> usize {
        (1..=upto)
            .rev()
            .find(|&ply| self.positions[ply].material() != self.positions[ply - 1].material())
            .unwrap_or(0)
    }

    /// The towers 15-move rule: every time it was reached, and the counter at the end.
    pub fn quiet_moves_rule(&self) -> (Vec<DrawEvent>, Vec<RunningCounter>) {
        let Some(limit) = self.variant.rules().quiet_moves_draw else {
            return (Vec::new(), Vec::new());
        };
        let plies = 2 * limit as usize;
        let mut reached = Vec::new();
        let mut since = 0;
        for ply in 1..self.positions.len() {
            if self.positions[ply].material() != self.positions[ply - 1].material() {
                since = ply;
            } else if ply - since == plies {
                reached.push(DrawEvent {
                    rule: QUIET_RULE,
                    since_ply: since,
                    ends_at_ply: ply,
                });
            }
        }
        (reached, self.running_at(self.positions.len() - 1))
    }

    /// The 15-move counter as it stood after `ply` (none once it has reached its limit, or in
    /// Laska).
    pub fn running_at(&self, ply: usize) -> Vec<RunningCounter> {
        let Some(limit) = self.variant.rules().quiet_moves_draw else {
            return Vec::new();
        };
        let plies = 2 * limit as usize;
        let since = self.last_change(ply);
        (ply - since < plies)
            .then(|| RunningCounter {
                rule: QUIET_RULE,
                since_ply: since,
                moves: ((ply - since) / 2) as u32,
                limit,
                ends_at_ply: since + plies,
            })
            .into_iter()
            .collect()
    }
}

/// Why a column game cannot be replayed at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ColumnGameError {
    #[error("the FEN tag cannot be used: {0}")]
    Fen(#[from] ColumnFenError),
}

impl crate::lang::Russian for ColumnGameError {
    fn ru(&self) -> String {
        match self {
            ColumnGameError::Fen(e) => format!("тег FEN нельзя использовать: {}", e.ru()),
        }
    }
}

/// Replays a PDN game of `variant` from its FEN tag (or the start) up to its first illegal move.
pub fn replay(game: &PdnGame, variant: ColumnVariant) -> Result<ColumnReplay, ColumnGameError> {
    let start = match game.tag("FEN") {
        Some(text) if !text.trim().is_empty() => fen::parse(variant, text)?,
        _ => variant.start(),
    };
    let mut replay = ColumnReplay::new(start);
    for m in &game.moves {
        if let Err(e) = replay.play_text(&m.text) {
            replay.first_illegal = Some(replay.illegal(&m.text, &e, m.line, m.column));
            break;
        }
    }
    Ok(replay)
}

/// Checks one game of a PDN file (`index` from 1): the same report as the other variants give.
pub fn check_game(index: usize, game: &PdnGame, variant: ColumnVariant) -> GameReport {
    report(index, game, variant.into(), replay(game, variant))
}

impl Record for ColumnReplay {
    type Pos = ColumnPosition;
    fn positions(&self) -> &[ColumnPosition] {
        &self.positions
    }
    fn first_illegal(&self) -> Option<&IllegalPly> {
        self.first_illegal.as_ref()
    }
    fn fen(pos: &ColumnPosition) -> String {
        fen::write(pos)
    }
    fn turn(pos: &ColumnPosition) -> Color {
        pos.turn()
    }
    fn play_written(
        pos: &ColumnPosition,
        text: &str,
    ) -> Result<(ColumnPosition, String), NotationError> {
        let m = parse_move(pos, text)?;
        Ok((pos.play(&m), write(pos, &m)))
    }
    fn draws(&self) -> (Vec<DrawEvent>, Vec<RunningCounter>) {
        self.quiet_moves_rule()
    }
}
