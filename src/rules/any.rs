//! A game of either engine, as the console shows it: the record replayed, each position as a
//! diagram, the moves as written, the counters, a repetition claim, and the moves that can be
//! entered on the board. The claims screen holds one of these and does not ask which engine.

use super::columns::after::{self, AfterVerdict};
use super::columns::fen::{self, ColumnFenError};
use super::columns::game::ColumnReplay;
use super::columns::{AnyVariant, ColumnPosition};
use super::diagram::Diagram;
use super::draw::{rules_for, DrawCounters, RunningCounter};
use super::game::{claim_repetition, ClaimError, ClaimVerdict, IllegalPly, Replay};
use super::{notation, Color, PdnGame, Position};

#[derive(Clone, Debug)]
pub enum AnyReplay {
    Plain(Replay),
    Columns(ColumnReplay),
}

/// Why a record cannot be replayed at all (its FEN tag).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error(transparent)]
    Plain(#[from] super::game::GameError),
    #[error(transparent)]
    Columns(#[from] super::columns::game::ColumnGameError),
}

impl crate::lang::Russian for ReplayError {
    fn ru(&self) -> String {
        match self {
            ReplayError::Plain(e) => e.ru(),
            ReplayError::Columns(e) => e.ru(),
        }
    }
}

/// A legal move as it can be entered on the board: the squares the piece stands on (start, each
/// landing) and the move as the record writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub route: Vec<u8>,
    pub written: String,
    /// The move takes (so every legal move does: capturing is compulsory).
    pub capture: bool,
}

/// The variant of a game: its `Variant` tag where that names one (`towers`, `laska`, any
/// plain variant's name; no PDN `GameType` number exists for column draughts), else, for a
/// plain default, [`super::game::variant_of`] (its `GameType`), else `default`. A tag that
/// names nothing known is ignored, as an unknown `GameType` is.
pub fn variant_of(game: &PdnGame, default: AnyVariant) -> AnyVariant {
    if let Some(v) = game
        .tag("Variant")
        .and_then(|t| t.parse::<AnyVariant>().ok())
    {
        return v;
    }
    match default {
        AnyVariant::Plain(v) => AnyVariant::Plain(super::game::variant_of(game, v)),
        columns => columns,
    }
}

/// Checks one game (`index` from 1) by the engine of its variant ([`variant_of`]).
pub fn check_game(index: usize, game: &PdnGame, default: AnyVariant) -> super::GameReport {
    match variant_of(game, default) {
        AnyVariant::Plain(v) => super::game::check_game(index, game, v),
        AnyVariant::Columns(v) => super::columns::game::check_game(index, game, v),
    }
}

impl AnyReplay {
    /// The game from the variant's start, before any move.
    pub fn start(variant: AnyVariant) -> AnyReplay {
        match variant {
            AnyVariant::Plain(v) => AnyReplay::Plain(Replay::new(Position::start(v))),
            AnyVariant::Columns(v) => AnyReplay::Columns(ColumnReplay::new(v.start())),
        }
    }

    /// Replays a PDN game up to its first illegal ply, in the variant its tags name
    /// ([`variant_of`]), else `variant`.
    pub fn read(game: &PdnGame, variant: AnyVariant) -> Result<AnyReplay, ReplayError> {
        Ok(match variant_of(game, variant) {
            AnyVariant::Plain(v) => AnyReplay::Plain(super::game::replay(game, v)?),
            AnyVariant::Columns(v) => AnyReplay::Columns(super::columns::game::replay(game, v)?),
        })
    }

    /// Legal plies in the record.
    pub fn plies(&self) -> usize {
        match self {
            AnyReplay::Plain(r) => r.moves.len(),
            AnyReplay::Columns(r) => r.moves.len(),
        }
    }

    pub fn first_illegal(&self) -> Option<&IllegalPly> {
        match self {
            AnyReplay::Plain(r) => r.first_illegal.as_ref(),
            AnyReplay::Columns(r) => r.first_illegal.as_ref(),
        }
    }

    /// The side to move after `ply`.
    pub fn turn(&self, ply: usize) -> Color {
        match self {
            AnyReplay::Plain(r) => r.positions[ply].turn(),
            AnyReplay::Columns(r) => r.positions[ply].turn(),
        }
    }

    /// 1 when the record starts with the side that does not move first (its first move is
    /// numbered `1...`).
    pub fn offset(&self) -> usize {
        let first = match self {
            AnyReplay::Plain(r) => r.variant.rules().first,
            AnyReplay::Columns(_) => Color::White,
        };
        usize::from(self.turn(0) != first)
    }

    /// The legal plies as a score sheet writes them, numbered from the side to move at the
    /// start (`1... ` first when the second mover starts).
    pub fn numbered(&self) -> String {
        let offset = self.offset();
        let mut out = String::new();
        for i in 0..self.plies() {
            if !out.is_empty() {
                out.push(' ');
            }
            if (i + offset).is_multiple_of(2) {
                out.push_str(&format!("{}. ", (i + offset) / 2 + 1));
            } else if i == 0 {
                out.push_str("1... ");
            }
            out.push_str(&self.written(i));
        }
        out
    }

    /// The `i`-th move (from 0) as written.
    pub fn written(&self, i: usize) -> String {
        match self {
            AnyReplay::Plain(r) => notation::write(&r.positions[i], &r.moves[i]),
            AnyReplay::Columns(r) => super::columns::notation::write(&r.positions[i], &r.moves[i]),
        }
    }

    /// The position after `ply`.
    pub fn diagram(&self, ply: usize) -> Diagram {
        match self {
            AnyReplay::Plain(r) => Diagram::from(&r.positions[ply]),
            AnyReplay::Columns(r) => Diagram::from(&r.positions[ply]),
        }
    }

    /// The squares of the move that led to `ply`: its start, landings and end.
    pub fn last_move(&self, ply: usize) -> Vec<u8> {
        if ply == 0 {
            return Vec::new();
        }
        match self {
            AnyReplay::Plain(r) => r.moves[ply - 1].route().map(|s| s.index()).collect(),
            AnyReplay::Columns(r) => {
                let m = &r.moves[ply - 1];
                std::iter::once(m.from)
                    .chain(m.route().iter().copied())
                    .collect()
            }
        }
    }

    /// The counting draw rules running after `ply`, as they stood then.
    pub fn running(&self, ply: usize) -> Vec<RunningCounter> {
        match self {
            AnyReplay::Plain(r) => {
                let mut draw = DrawCounters::new(rules_for(r.variant), &r.positions[0]);
                for (i, m) in r.moves[..ply].iter().enumerate() {
                    draw.push(i + 1, &r.positions[i], m, &r.positions[i + 1]);
                }
                draw.running(ply, r.positions[ply].turn())
            }
            AnyReplay::Columns(r) => r.running_at(ply),
        }
    }

    /// A threefold-repetition claim after `ply` by the side to move there.
    pub fn claim(&self, ply: usize) -> Result<ClaimVerdict, ClaimError> {
        match self {
            AnyReplay::Plain(r) => claim_repetition(r, ply, None),
            AnyReplay::Columns(r) => claim_repetition(r, ply, None),
        }
    }

    /// Whether the side to move at the end of the record may move the piece (the column's top)
    /// on square `id`.
    pub fn own(&self, id: u8) -> bool {
        match self {
            AnyReplay::Plain(r) => {
                let p = r.current();
                id < p.board().squares()
                    && p.piece_at(super::Square::new(id))
                        .is_some_and(|piece| piece.color == p.turn())
            }
            AnyReplay::Columns(r) => {
                let p: &ColumnPosition = r.current();
                id < 32 && p.own(p.turn()) >> id & 1 != 0
            }
        }
    }

    /// Every legal move at the end of the record, as it can be entered on the board.
    pub fn entries(&self) -> Vec<Entry> {
        match self {
            AnyReplay::Plain(r) => {
                let pos = r.current();
                let legal = super::movegen::legal_moves(pos);
                let written = notation::write_all(pos, &legal);
                legal
                    .iter()
                    .zip(written)
                    .map(|(m, written)| Entry {
                        route: m.route().map(|s| s.index()).collect(),
                        written,
                        capture: m.is_capture(),
                    })
                    .collect()
            }
            AnyReplay::Columns(r) => {
                let pos = r.current();
                let legal = pos.legal_moves();
                let written = super::columns::notation::write_all(pos, &legal);
                legal
                    .iter()
                    .zip(written)
                    .map(|(m, written)| Entry {
                        route: std::iter::once(m.from)
                            .chain(m.route().iter().copied())
                            .collect(),
                        written,
                        capture: m.is_capture(),
                    })
                    .collect()
            }
        }
    }
}

impl AnyReplay {
    /// For a column game: the board a player left after moving from the position after `ply`
    /// (written as a FEN), judged against the legal moves there. `None` for the other variants,
    /// whose slips a written move shows.
    pub fn judge_after(
        &self,
        ply: usize,
        board: &str,
    ) -> Option<Result<AfterVerdict, ColumnFenError>> {
        match self {
            AnyReplay::Plain(_) => None,
            AnyReplay::Columns(r) => {
                let before = &r.positions[ply];
                Some(fen::parse(r.variant, board).map(|after| after::judge(before, &after)))
            }
        }
    }
}

/// The moves that fit squares clicked on the board: the first is the piece, the last where it
/// ends, those between landings on its way, in order.
pub fn fitting<'a>(entries: &'a [Entry], clicks: &[u8]) -> Vec<&'a Entry> {
    entries
        .iter()
        .filter(|e| {
            let Some((&first, rest)) = clicks.split_first() else {
                return false;
            };
            if e.route[0] != first {
                return false;
            }
            // Each clicked landing appears on the route after the one before.
            let mut at = 1;
            rest.iter()
                .all(|c| match e.route[at..].iter().position(|s| s == c) {
                    Some(i) => {
                        at += i + 1;
                        true
                    }
                    None => false,
                })
        })
        .collect()
}
