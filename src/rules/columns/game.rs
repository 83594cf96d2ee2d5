//! Column games: a record replayed (the first illegal move named), threefold repetitions, the
//! towers 15-move rule (no change of material: the number of columns and their composition), and
//! a repetition claim judged — the same reports as the other variants give.

use serde::Serialize;

use super::fen::{self, ColumnFenError};
use super::movegen::ColumnMove;
use super::notation::{parse_move, write};
use super::position::{ColumnPosition, ColumnVariant};
use crate::lang::Said;
use crate::rules::draw::{DrawEvent, RunningCounter};
use crate::rules::game::{ClaimError, IllegalPly, Repetition};
use crate::rules::notation::NotationError;
use crate::rules::{ClaimVerdict, PdnGame};

/// The id of the towers draw rule (15 moves without a change of material).
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
        let ply = self.moves.len() + 1;
        let offset = usize::from(self.positions[0].turn() != crate::rules::Color::White);
        IllegalPly {
            ply,
            number: (ply - 1 + offset) / 2 + 1,
            side: pos.turn(),
            text: text.to_string(),
            reason: e.reason(),
            detail: e.detail(crate::lang::Lang::En),
            detail_ru: e.detail(crate::lang::Lang::Ru),
            legal: match e {
                NotationError::Syntax { .. } => {
                    pos.legal_moves().iter().map(|m| write(pos, m)).collect()
                }
                NotationError::Illegal { alternatives, .. } => alternatives.clone(),
            },
            line,
            column,
        }
    }

    /// Every position that stood more than once, with the plies after which it stood.
    pub fn repetitions(&self) -> Vec<Repetition> {
        let mut seen: Vec<(ColumnPosition, Vec<usize>)> = Vec::new();
        for (ply, p) in self.positions.iter().enumerate() {
            match seen.iter_mut().find(|(q, _)| q == p) {
                Some((_, plies)) => plies.push(ply),
                None => seen.push((*p, vec![ply])),
            }
        }
        seen.into_iter()
            .filter(|(_, plies)| plies.len() > 1)
            .map(|(p, plies)| Repetition {
                fen: fen::write(&p),
                threefold: plies.len() >= 3,
                to_move: p.turn(),
                plies,
            })
            .collect()
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
        let end = self.positions.len() - 1;
        let since = self.last_change(end);
        let running = (end - since < plies)
            .then(|| RunningCounter {
                rule: QUIET_RULE,
                since_ply: since,
                moves: ((end - since) / 2) as u32,
                limit,
                ends_at_ply: since + plies,
            })
            .into_iter()
            .collect();
        (reached, running)
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

/// One game's report, as `check` prints it for the other variants.
#[derive(Clone, Debug, Serialize)]
pub struct ColumnGameReport {
    pub game: usize,
    pub white: String,
    pub black: String,
    pub variant: &'static str,
    pub legal: bool,
    pub plies: usize,
    pub first_illegal: Option<IllegalPly>,
    pub repetitions: Vec<Repetition>,
    pub draw_rules: Vec<DrawEvent>,
    pub draw_counters: Vec<RunningCounter>,
    pub start_fen: String,
    pub final_fen: String,
    pub notes: Vec<String>,
}

/// Checks one game of a PDN file (`index` from 1).
pub fn check_game(index: usize, game: &PdnGame, variant: ColumnVariant) -> ColumnGameReport {
    let tag = |name: &str| game.tag(name).unwrap_or("").to_string();
    let variant_name = variant.name();
    match replay(game, variant) {
        Ok(r) => {
            let (draw_rules, draw_counters) = r.quiet_moves_rule();
            let mut notes = Vec::new();
            if game.moves.is_empty() {
                notes.push("the record has no moves".to_string());
            }
            ColumnGameReport {
                game: index,
                white: tag("White"),
                black: tag("Black"),
                variant: variant_name,
                legal: r.first_illegal.is_none(),
                plies: r.moves.len(),
                repetitions: r.repetitions(),
                draw_rules,
                draw_counters,
                start_fen: fen::write(&r.positions[0]),
                final_fen: fen::write(r.current()),
                first_illegal: r.first_illegal,
                notes,
            }
        }
        Err(e) => ColumnGameReport {
            game: index,
            white: tag("White"),
            black: tag("Black"),
            variant: variant_name,
            legal: false,
            plies: 0,
            first_illegal: None,
            repetitions: Vec::new(),
            draw_rules: Vec::new(),
            draw_counters: Vec::new(),
            start_fen: String::new(),
            final_fen: String::new(),
            notes: vec![e.to_string()],
        },
    }
}

/// A threefold-repetition claim after ply `ply` (0 = the start), or with a move the claimant
/// wrote without playing it (the claim procedure of the codex, §1.13.2).
pub fn claim_repetition(
    replay: &ColumnReplay,
    ply: usize,
    written: Option<&str>,
) -> Result<ClaimVerdict, ClaimError> {
    let available = replay.moves.len();
    if ply > available {
        return Err(match &replay.first_illegal {
            Some(i) => ClaimError::IncompleteRecord(i.ply),
            None => ClaimError::PlyOutOfRange {
                asked: ply,
                available,
            },
        });
    }
    let here = replay.positions[ply];
    let claimant = here.turn();
    let earlier = |target: &ColumnPosition, upto: usize| -> Vec<usize> {
        (0..=upto)
            .filter(|&p| replay.positions[p] == *target)
            .collect()
    };
    let list = |plies: &[usize]| {
        plies
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let verdict = |valid, fen, plies, written_move, said: Said| ClaimVerdict {
        valid,
        fen,
        plies,
        claimant,
        written_move,
        detail: said.en,
        detail_ru: said.ru,
    };
    let Some(text) = written else {
        let plies = earlier(&here, ply);
        let valid = plies.len() >= 3;
        let said = if valid {
            Said::new(
                format!("the position stood after plies {plies:?}: draw"),
                format!("позиция стояла после полуходов {}: ничья", list(&plies)),
            )
        } else {
            Said::new(
                format!(
                    "the position stood {} time(s) only: the game goes on",
                    plies.len()
                ),
                format!(
                    "позиция стояла только {} раз(а): партия продолжается",
                    plies.len()
                ),
            )
        };
        return Ok(verdict(valid, fen::write(&here), plies, None, said));
    };
    match parse_move(&here, text) {
        Err(e) => Ok(verdict(
            false,
            fen::write(&here),
            Vec::new(),
            Some(text.to_string()),
            Said::new(
                format!("the written move cannot be played: {e}"),
                format!(
                    "записанный ход сыграть нельзя: {}",
                    crate::lang::Russian::ru(&e)
                ),
            ),
        )),
        Ok(m) => {
            let next = here.play(&m);
            let mut plies = earlier(&next, ply);
            plies.push(ply + 1);
            let valid = plies.len() >= 3;
            let before = list(&plies[..plies.len() - 1]);
            let said = if valid {
                Said::new(
                    format!(
                        "{text} repeats the position of plies {:?} a third time: draw",
                        &plies[..plies.len() - 1]
                    ),
                    format!("{text} в третий раз повторяет позицию полуходов {before}: ничья"),
                )
            } else {
                Said::new(
                    format!(
                        "{text} makes the position stand {} time(s) only: the move counts as played and the game goes on",
                        plies.len()
                    ),
                    format!(
                        "после {text} позиция стоит только {} раз(а): ход считается сделанным, партия продолжается",
                        plies.len()
                    ),
                )
            };
            Ok(verdict(
                valid,
                fen::write(&next),
                plies,
                Some(write(&here, &m)),
                said,
            ))
        }
    }
}
