//! Moves of column draughts as the codex writes them: towers `c3-b4`, `a3:a7`, the full route
//! `b2:d4:f6:d8:a5:d2:h6`, short `cb4`, `a:a7`, a crowning mark `d8D` tolerated; Laska `9-13`,
//! `9x17`, `9x17x25`. A written move is matched against every route of the legal moves; when
//! none fits, the reason is named in the codex's terms.

use super::movegen::ColumnMove;
use super::position::{ColumnPosition, ColumnVariant};
use crate::lang::Said;
use crate::rules::notation::{
    ambiguous, capture_goes_on, empty_square, missed_capture, not_a_move, parse_text,
    IllegalReason, MoveText, NotationError, Origin,
};
use crate::rules::{Board, Color};

/// Reads the squares of a written move (towers: as on the Russian board; Laska: numbers 1–25).
fn read(pos: &ColumnPosition, written: &str) -> Result<MoveText, NotationError> {
    let syntax = |why: String| NotationError::Syntax {
        text: written.to_string(),
        why,
    };
    if pos.variant == ColumnVariant::Laska {
        if let Some(c) = written
            .chars()
            .find(|c| c.is_ascii_alphabetic() && !matches!(c, 'x' | 'X'))
        {
            return Err(syntax(format!(
                "`{c}`: Laska squares are written by number, 1 to 25"
            )));
        }
        let text = parse_text(Board::Eight, written)?;
        let squares = std::iter::once(match text.from {
            Origin::Square(s) => s,
            Origin::File(_) => unreachable!("no letters in a Laska move"),
        })
        .chain(text.via.iter().copied())
        .chain(std::iter::once(text.to));
        if let Some(s) = squares.clone().find(|s| s.number() > 25) {
            return Err(syntax(format!(
                "{} is not a square of the Laska board",
                s.number()
            )));
        }
        return Ok(text);
    }
    parse_text(Board::Eight, written)
}

/// The written move fits this route: its start (or the start's column), its end, and the
/// landing squares written in between appear in the route in order.
fn fits(pos: &ColumnPosition, text: &MoveText, m: &ColumnMove) -> bool {
    let from_ok = match text.from {
        Origin::Square(s) => s.index() == m.from,
        Origin::File(f) => pos.variant.geometry().coords[m.from as usize].0 == f,
    };
    if !from_ok || text.to.index() != m.to {
        return false;
    }
    let route = m.route();
    let mut inner = route[..route.len() - 1].iter();
    text.via.iter().all(|v| inner.any(|&s| s == v.index()))
}

/// Parses a written move and resolves it to the legal move it stands for.
pub fn parse_move(pos: &ColumnPosition, written: &str) -> Result<ColumnMove, NotationError> {
    let text = read(pos, written)?;
    let legal = pos.legal_moves();
    let routes = if legal.first().is_some_and(ColumnMove::is_capture) {
        pos.capture_routes()
    } else {
        legal.clone()
    };
    let mut found: Vec<&ColumnMove> = Vec::new();
    for r in routes.iter().filter(|r| fits(pos, &text, r)) {
        if !found.iter().any(|f| f.key() == r.key()) {
            found.push(r);
        }
    }
    if found.len() > 1 {
        // Every landing written: that route exactly.
        let exact: Vec<&ColumnMove> = found
            .iter()
            .copied()
            .filter(|r| r.route().len() == text.via.len() + 1)
            .collect();
        if exact.len() == 1 {
            found = exact;
        }
    }
    match found.len() {
        1 => Ok(*legal
            .iter()
            .find(|m| m.key() == found[0].key())
            .expect("routes come from legal moves")),
        0 => {
            // Written out only now: a move that fits needs no names.
            let names = write_all(pos, &legal);
            let (reason, detail) = classify(pos, &text, &legal, &routes, &names);
            Err(NotationError::Illegal {
                text: written.to_string(),
                reason,
                detail: detail.en,
                detail_ru: detail.ru,
                alternatives: names,
            })
        }
        _ => Err(ambiguous(
            written,
            found.iter().map(|m| write_route(pos, m)).collect(),
        )),
    }
}

/// Why no legal move fits the written one.
fn classify(
    pos: &ColumnPosition,
    text: &MoveText,
    legal: &[ColumnMove],
    routes: &[ColumnMove],
    names: &[String],
) -> (IllegalReason, Said) {
    if let Origin::Square(s) = text.from {
        if let Some(wrong) = wrong_column(pos, s.index()) {
            return wrong;
        }
    }
    let captures = legal.first().is_some_and(ColumnMove::is_capture);
    if captures {
        if let Some(why) = capture_fault(pos, text, routes, names) {
            return why;
        }
    }
    not_a_move()
}

/// The move starts on an empty square or on a column the other side tops.
fn wrong_column(pos: &ColumnPosition, square: u8) -> Option<(IllegalReason, Said)> {
    let side = pos.turn();
    let ru = crate::lang::Lang::Ru;
    let c = pos.column(square);
    let name = pos.name(square);
    if c.is_empty() {
        return Some(empty_square(&name));
    }
    if c.white != (side == Color::White) {
        return Some((
            IllegalReason::WrongPiece,
            Said::new(
                format!(
                    "the column on {name} is topped by {} and {side} is to move: a column belongs to its top piece",
                    if c.white { "White" } else { "Black" }
                ),
                format!(
                    "столб на {name} сверху {}, а ход за стороной «{}»: столб принадлежит верхней шашке",
                    if c.white { "белый" } else { "чёрный" },
                    side.said(ru)
                ),
            ),
        ));
    }
    None
}

/// While a capture is compulsory: a quiet move written, a capture stopped short, or a route the
/// jumping rules forbid.
fn capture_fault(
    pos: &ColumnPosition,
    text: &MoveText,
    routes: &[ColumnMove],
    names: &[String],
) -> Option<(IllegalReason, Said)> {
    // A quiet move written while a capture is compulsory.
    let mut free = Vec::new();
    pos.quiet_moves_into(&mut free);
    if free.iter().any(|m| fits(pos, text, m)) {
        return Some(missed_capture(names));
    }
    // A capture stopped before its end: the written squares are a beginning of a route.
    if let Some(r) = routes.iter().find(|r| stops_short(pos, text, r)) {
        return Some((
            IllegalReason::CaptureIncomplete,
            stopped_short(pos, text, r),
        ));
    }
    // A route that turns straight back over a column (towers) or jumps one twice (Laska).
    if pos
        .routes_without_turn_rule()
        .iter()
        .any(|r| fits(pos, text, r))
    {
        return Some((
            IllegalReason::NotAMove,
            match pos.variant {
                ColumnVariant::Towers => Said::new(
                    "a capture may not turn straight back (180°) over the column it has just jumped",
                    "при взятии нельзя возвращаться назад (на 180°) через только что побитый столб",
                ),
                ColumnVariant::Laska => Said::new(
                    "a column may be jumped only once in a move",
                    "один и тот же столб можно бить только один раз за ход",
                ),
            },
        ));
    }
    None
}

/// Why the capture goes on from where the written move stops: a man crowned there captures on
/// as a king.
fn stopped_short(pos: &ColumnPosition, text: &MoveText, r: &ColumnMove) -> Said {
    let side = pos.turn();
    let stop = text.to.index();
    let crown = pos.variant.geometry().crown_rank(side == Color::White) >> stop & 1 != 0;
    let was_man = !pos.column(r.from).top_king();
    if crown && was_man {
        Said::new(
            format!(
                "a man crowned on {} during a capture goes on capturing as a king",
                pos.name(stop)
            ),
            format!(
                "шашка, ставшая дамкой на {} во время взятия, продолжает бить как дамка",
                pos.name(stop)
            ),
        )
    } else {
        capture_goes_on(&pos.name(stop))
    }
}

/// The written move ends on a landing square inside the route (and fits up to there).
fn stops_short(pos: &ColumnPosition, text: &MoveText, r: &ColumnMove) -> bool {
    let from_ok = match text.from {
        Origin::Square(s) => s.index() == r.from,
        Origin::File(f) => pos.variant.geometry().coords[r.from as usize].0 == f,
    };
    let route = r.route();
    let Some(stop) = route[..route.len() - 1]
        .iter()
        .position(|&s| s == text.to.index())
    else {
        return false;
    };
    let mut inner = route[..stop].iter();
    from_ok && text.via.iter().all(|v| inner.any(|&s| s == v.index()))
}

fn separator(variant: ColumnVariant, capture: bool) -> &'static str {
    match (variant, capture) {
        (_, false) => "-",
        (ColumnVariant::Towers, true) => ":",
        (ColumnVariant::Laska, true) => "x",
    }
}

/// A move as it is written: `c3-b4`, `a3:a7`; the full route when start and end alone would fit
/// another legal move too.
pub fn write(pos: &ColumnPosition, m: &ColumnMove) -> String {
    write_among(pos, m, &pos.legal_moves())
}

/// Every legal move of `pos` (`legal`, all of them) as written, the moves generated once.
pub fn write_all(pos: &ColumnPosition, legal: &[ColumnMove]) -> Vec<String> {
    legal.iter().map(|m| write_among(pos, m, legal)).collect()
}

fn write_among(pos: &ColumnPosition, m: &ColumnMove, legal: &[ColumnMove]) -> String {
    let sep = separator(pos.variant, m.is_capture());
    let shared = legal
        .iter()
        .filter(|o| o.from == m.from && o.to == m.to)
        .count();
    if m.is_capture() && shared > 1 {
        write_route(pos, m)
    } else {
        format!("{}{sep}{}", pos.name(m.from), pos.name(m.to))
    }
}

/// A capture with every landing square: `b2:d4:f6:d8:a5:d2:h6`.
pub fn write_route(pos: &ColumnPosition, m: &ColumnMove) -> String {
    let sep = separator(pos.variant, m.is_capture());
    std::iter::once(m.from)
        .chain(m.route().iter().copied())
        .map(|s| pos.name(s))
        .collect::<Vec<_>>()
        .join(sep)
}
