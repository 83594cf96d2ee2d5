//! Move notation. Parsing is two steps, as an arbiter reads a score sheet: first the text is read
//! as squares and separators ([`parse_text`], a syntax error names what is wrong with the text),
//! then it is found among the legal moves of the position ([`resolve`], an illegal or ambiguous
//! move says why in arbiter terms and lists the legal alternatives).
//!
//! Accepted: `c3-d4`, `c3:e5:g3`, `c3xe5`, short `cd4` and `c:e5`, start and end only for long
//! captures, numeric `22-18`, `34x23`, space-padded `47x 9`, annotations `!?`.

use serde::Serialize;

use super::movegen::{capture_routes, legal_moves, quiet_moves, relaxed_captures};
use super::mv::Move;
use super::position::Position;
use super::square::{Board, Square};
use super::variant::Variant;
use crate::lang::Said;

/// Where a written move starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    Square(Square),
    /// The short form names only the column of the moving piece (`cd4`, `c:e5`).
    File(u8),
}

/// A move as written, before it is looked up in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    pub from: Origin,
    /// Landing squares written between start and end.
    pub via: Vec<Square>,
    pub to: Square,
    /// Written with `:` or `x`.
    pub capture: bool,
}

/// Why a move on a score sheet cannot be played, in the terms of the codex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum IllegalReason {
    /// No legal move goes like that.
    NotAMove,
    /// A quiet move was written while a capture was compulsory.
    MissedCapture,
    /// A capture stopped before its end, or took fewer pieces than the rule demands.
    CaptureIncomplete,
    /// The start square holds no piece of the side to move.
    WrongPiece,
    /// Several legal moves fit the text.
    Ambiguous,
    /// The text is not a move at all.
    Syntax,
}

impl IllegalReason {
    pub fn code(self) -> &'static str {
        match self {
            IllegalReason::NotAMove => "not_a_move",
            IllegalReason::MissedCapture => "missed_capture",
            IllegalReason::CaptureIncomplete => "capture_incomplete",
            IllegalReason::WrongPiece => "wrong_piece",
            IllegalReason::Ambiguous => "ambiguous",
            IllegalReason::Syntax => "syntax",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    #[error("`{text}` is not a move: {why}")]
    Syntax { text: String, why: String },
    #[error("`{text}` cannot be played: {detail}")]
    Illegal {
        text: String,
        reason: IllegalReason,
        detail: String,
        /// The detail in Russian, for a Russian screen (the English one is what prints).
        detail_ru: String,
        /// The legal moves that fit best: the candidates when ambiguous, else every legal move.
        alternatives: Vec<String>,
    },
}

impl crate::lang::Russian for NotationError {
    fn ru(&self) -> String {
        match self {
            NotationError::Syntax { text, .. } => format!("«{text}» — это не запись хода"),
            NotationError::Illegal {
                text, detail_ru, ..
            } => format!("«{text}» сыграть нельзя: {detail_ru}"),
        }
    }
}

impl NotationError {
    /// Why the move cannot be played, in `lang` (a syntax error's details are the parser's, in
    /// English: a Russian screen says only that the text is not a move).
    pub fn detail(&self, lang: crate::lang::Lang) -> String {
        match (self, lang) {
            (NotationError::Syntax { why, .. }, crate::lang::Lang::En) => why.clone(),
            (NotationError::Syntax { .. }, crate::lang::Lang::Ru) => {
                "это не запись хода".to_string()
            }
            (
                NotationError::Illegal {
                    detail, detail_ru, ..
                },
                lang,
            ) => lang.pick(detail, detail_ru).to_string(),
        }
    }

    pub fn reason(&self) -> IllegalReason {
        match self {
            NotationError::Syntax { .. } => IllegalReason::Syntax,
            NotationError::Illegal { reason, .. } => *reason,
        }
    }
    pub fn alternatives(&self) -> &[String] {
        match self {
            NotationError::Syntax { .. } => &[],
            NotationError::Illegal { alternatives, .. } => alternatives,
        }
    }
}

/// How squares are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// `c3-d4`, `c3:e5`.
    Algebraic,
    /// `22-18`, `34x23`.
    Numeric,
}

impl Style {
    pub fn of(variant: Variant) -> Style {
        match variant {
            Variant::International | Variant::English => Style::Numeric,
            _ => Style::Algebraic,
        }
    }
    fn square(self, board: Board, s: Square) -> String {
        match self {
            Style::Algebraic => board.algebraic(s),
            Style::Numeric => s.number().to_string(),
        }
    }
    fn separator(self, capture: bool) -> char {
        match (self, capture) {
            (_, false) => '-',
            (Style::Algebraic, true) => ':',
            (Style::Numeric, true) => 'x',
        }
    }
}

#[derive(Debug, PartialEq)]
enum Token {
    Square(Square),
    File(u8),
    Sep(bool),
}

fn syntax(text: &str, why: impl Into<String>) -> NotationError {
    NotationError::Syntax {
        text: text.to_string(),
        why: why.into(),
    }
}

/// Step one: reads the squares and separators of a move.
pub fn parse_text(board: Board, text: &str) -> Result<MoveText, NotationError> {
    let body: String = text
        .trim()
        .trim_end_matches(['!', '?', '+', '#', '*'])
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    if body.is_empty() {
        return Err(syntax(text, "it is empty"));
    }
    let tokens = tokens(board, text, &body)?;
    assemble(text, &tokens)
}

/// Step one's first stage: the move's characters as squares, columns and separators; `text` is
/// the move as written, for the errors.
fn tokens(board: Board, text: &str, body: &str) -> Result<Vec<Token>, NotationError> {
    let chars: Vec<char> = body.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '-' | '—' | '–' => {
                tokens.push(Token::Sep(false));
                i += 1;
            }
            ':' | 'x' | 'X' | '×' => {
                tokens.push(Token::Sep(true));
                i += 1;
            }
            // A promotion mark after a square (`d8D`) says nothing the position does not.
            'D' | 'K' if i > 0 && chars[i - 1].is_ascii_digit() => i += 1,
            c if c.is_ascii_digit() => {
                let start = i;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                let number: String = chars[start..i].iter().collect();
                let sq = number
                    .parse::<u32>()
                    .ok()
                    .and_then(|n| board.from_number(n))
                    .ok_or_else(|| {
                        syntax(text, format!("{number} is not a square of this board"))
                    })?;
                tokens.push(Token::Square(sq));
            }
            c if c.is_ascii_alphabetic() => {
                let file = c.to_ascii_lowercase() as u8 - b'a';
                if file >= board.size() {
                    return Err(syntax(text, format!("`{c}` is not a column of this board")));
                }
                let start = i + 1;
                let mut end = start;
                while end < chars.len() && chars[end].is_ascii_digit() {
                    end += 1;
                }
                if end == start {
                    tokens.push(Token::File(file));
                } else {
                    let name: String = chars[i..end].iter().collect();
                    let sq = board
                        .parse_square(&name)
                        .ok_or_else(|| syntax(text, format!("{name} is not a dark square")))?;
                    tokens.push(Token::Square(sq));
                }
                i = end;
            }
            other => return Err(syntax(text, format!("unexpected `{other}`"))),
        }
    }
    Ok(tokens)
}

/// Step one's second stage: the tokens in order as a move — where from, through which
/// landings, where to, whether it says it captures.
fn assemble(text: &str, tokens: &[Token]) -> Result<MoveText, NotationError> {
    let mut capture = false;
    let mut squares = Vec::new();
    let mut from = None;
    let mut expect_square = true;
    for (k, t) in tokens.iter().enumerate() {
        match *t {
            Token::File(f) if k == 0 => {
                from = Some(Origin::File(f));
                // `cd4` has no separator after the column.
                expect_square = true;
            }
            Token::File(_) => return Err(syntax(text, "a lone column stands only at the start")),
            Token::Sep(c) => {
                if expect_square && !(k == 1 && from.is_some()) {
                    return Err(syntax(text, "a separator must stand between two squares"));
                }
                capture |= c;
                expect_square = true;
            }
            Token::Square(s) => {
                // Two squares side by side (`c3d4`) read as if a separator stood between them.
                squares.push(s);
                expect_square = false;
            }
        }
    }
    if expect_square {
        return Err(syntax(text, "it ends without a destination square"));
    }
    let (from, rest) = match from {
        Some(f) => (f, &squares[..]),
        None => {
            if squares.len() < 2 {
                return Err(syntax(text, "a move needs a start and an end square"));
            }
            (Origin::Square(squares[0]), &squares[1..])
        }
    };
    let (to, via) = rest
        .split_last()
        .expect("at least one square after the start");
    Ok(MoveText {
        from,
        via: via.to_vec(),
        to: *to,
        capture,
    })
}

fn fits(board: Board, text: &MoveText, m: &Move) -> bool {
    let from_ok = match text.from {
        Origin::Square(s) => m.from == s,
        Origin::File(f) => board.col(m.from) == f,
    };
    if !from_ok || m.to != text.to {
        return false;
    }
    // The written landings appear in the route, in order.
    let n = m.route_len();
    let mut inner = m.route().skip(1).take(n.saturating_sub(2));
    text.via.iter().all(|v| inner.any(|s| s == *v))
}

/// Step two: the legal move a written move stands for.
pub fn resolve(pos: &Position, written: &str, text: &MoveText) -> Result<Move, NotationError> {
    let board = pos.board();
    let legal = legal_moves(pos);
    // Captures are matched route by route, so written landing squares can tell them apart.
    let capture_routes = if legal.first().is_some_and(Move::is_capture) {
        capture_routes(pos)
    } else {
        Vec::new()
    };
    let routes: &[Move] = if capture_routes.is_empty() {
        &legal
    } else {
        &capture_routes
    };
    let mut found = distinct(routes.iter().filter(|r| fits(board, text, r)));
    if found.len() > 1 {
        // Every landing square written: that route exactly, even when its landings are also a
        // subsequence of a longer capture's (PDN 3.0: the full route is never ambiguous).
        let exact = distinct(
            routes
                .iter()
                .filter(|r| fits(board, text, r) && r.route_len() == text.via.len() + 2),
        );
        if exact.len() == 1 {
            found = exact;
        }
    }
    let illegal = |reason, detail: Said, alternatives: Vec<String>| NotationError::Illegal {
        text: written.to_string(),
        reason,
        detail: detail.en,
        detail_ru: detail.ru,
        alternatives,
    };
    let style = Style::of(pos.variant());
    match found.len() {
        1 => {
            let key = found[0].key();
            Ok(*legal
                .iter()
                .find(|m| m.key() == key)
                .expect("routes come from legal moves"))
        }
        0 => {
            let names = write_with_routes(pos, &legal, style, &capture_routes);
            let (reason, detail) = classify(pos, text, &legal, &names);
            Err(illegal(reason, detail, names))
        }
        _ => {
            let candidates = write_with_routes(pos, &found, style, &capture_routes);
            Err(ambiguous(written, candidates))
        }
    }
}

/// A written move that fits several legal moves, named with them (either engine).
pub(crate) fn ambiguous(written: &str, candidates: Vec<String>) -> NotationError {
    let (n, list) = (candidates.len(), candidates.join(", "));
    NotationError::Illegal {
        text: written.to_string(),
        reason: IllegalReason::Ambiguous,
        detail: format!("it fits {n} legal moves: {list}"),
        detail_ru: format!("подходит к {n} возможным ходам: {list}"),
        alternatives: candidates,
    }
}

/// One move per key, in order of first appearance.
fn distinct<'a>(routes: impl Iterator<Item = &'a Move>) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::new();
    for r in routes {
        if !out.iter().any(|f| f.key() == r.key()) {
            out.push(*r);
        }
    }
    out
}

/// Parses and resolves in one call.
pub fn parse_move(pos: &Position, written: &str) -> Result<Move, NotationError> {
    let text = parse_text(pos.board(), written)?;
    resolve(pos, written, &text)
}

/// Why no legal move fits; `names` are the legal moves as written, for the details.
fn classify(
    pos: &Position,
    text: &MoveText,
    legal: &[Move],
    names: &[String],
) -> (IllegalReason, Said) {
    let board = pos.board();
    if let Some(wrong) = wrong_piece(pos, text.from) {
        return wrong;
    }
    let must_capture = legal.first().is_some_and(Move::is_capture);
    if must_capture && quiet_moves(pos).iter().any(|m| fits(board, text, m)) {
        return missed_capture(names);
    }
    if let Some(partial) = relaxed_captures(pos).iter().find(|m| fits(board, text, m)) {
        return (
            IllegalReason::CaptureIncomplete,
            incomplete(pos, partial, legal),
        );
    }
    not_a_move()
}

/// The move starts where the side to move has no piece: an empty square, the other side's
/// piece, or a column without one of its pieces.
fn wrong_piece(pos: &Position, from: Origin) -> Option<(IllegalReason, Said)> {
    let board = pos.board();
    let side = pos.turn();
    let ru = crate::lang::Lang::Ru;
    match from {
        Origin::Square(s) => match pos.piece_at(s) {
            None => Some(empty_square(&board.name(s))),
            Some(p) if p.color != side => Some((
                IllegalReason::WrongPiece,
                Said::new(
                    format!(
                        "{} holds a {} piece and {} is to move",
                        board.name(s),
                        p.color,
                        side
                    ),
                    format!(
                        "на {} стоит шашка стороны «{}», а ход за стороной «{}»",
                        board.name(s),
                        p.color.said(ru),
                        side.said(ru)
                    ),
                ),
            )),
            Some(_) => None,
        },
        Origin::File(f) => {
            let any = pos
                .pieces()
                .any(|(sq, p)| p.color == side && board.col(sq) == f);
            if any {
                return None;
            }
            let file = (b'a' + f) as char;
            Some((
                IllegalReason::WrongPiece,
                Said::new(
                    format!("no {} piece stands on column {file}", side),
                    format!("на вертикали {file} нет шашки стороны «{}»", side.said(ru)),
                ),
            ))
        }
    }
}

/// Why a capture that fits the written move as far as it goes is not a legal one: it takes
/// fewer pieces than the majority rule demands, or it stops before its end.
fn incomplete(pos: &Position, partial: &Move, legal: &[Move]) -> Said {
    let most = legal.iter().map(Move::capture_count).max().unwrap_or(0);
    if partial.capture_count() < most
        && pos.variant().rules().capture_choice == super::variant::CaptureChoice::Majority
    {
        Said::new(
            format!(
                "it takes {} piece(s) where the rule demands the most, {}",
                partial.capture_count(),
                most
            ),
            format!(
                "берёт шашек: {}, а правило требует бить наибольшее число: {}",
                partial.capture_count(),
                most
            ),
        )
    } else {
        capture_goes_on(&pos.board().name(partial.to))
    }
}

/// The move starts on an empty square (`square` as the board names it).
pub(crate) fn empty_square(square: &str) -> (IllegalReason, Said) {
    (
        IllegalReason::WrongPiece,
        Said::new(format!("{square} is empty"), format!("поле {square} пусто")),
    )
}

/// A quiet move written while a capture is compulsory; `names`, the legal moves as written.
pub(crate) fn missed_capture(names: &[String]) -> (IllegalReason, Said) {
    let list = names.join(", ");
    (
        IllegalReason::MissedCapture,
        Said::new(
            format!("a capture is compulsory: {list}"),
            format!("бить обязательно: {list}"),
        ),
    )
}

/// A capture written as stopping on `square`, where it must go on.
pub(crate) fn capture_goes_on(square: &str) -> Said {
    Said::new(
        format!("the capture must go on from {square}"),
        format!("взятие должно продолжаться с поля {square}"),
    )
}

/// No legal move fits, and no nearer reason is known.
pub(crate) fn not_a_move() -> (IllegalReason, Said) {
    (
        IllegalReason::NotAMove,
        Said::new("no legal move goes like that", "такого возможного хода нет"),
    )
}

fn join(style: Style, board: Board, squares: &[Square], capture: bool) -> String {
    let sep = style.separator(capture).to_string();
    squares
        .iter()
        .map(|s| style.square(board, *s))
        .collect::<Vec<_>>()
        .join(&sep)
}

/// The shortest unambiguous text of a legal move: start and end, with as few landing squares
/// as tell it apart from another capture between the same squares (PDN 3.0).
pub fn write(pos: &Position, m: &Move) -> String {
    write_styled(pos, m, Style::of(pos.variant()))
}

pub fn write_styled(pos: &Position, m: &Move, style: Style) -> String {
    let routes = if m.is_capture() {
        capture_routes(pos)
    } else {
        Vec::new()
    };
    write_route_aware(pos, m, style, &routes)
}

/// [`write`] for many moves of one position, finding the capture routes once.
pub fn write_all(pos: &Position, moves: &[Move]) -> Vec<String> {
    let routes = if moves.iter().any(Move::is_capture) {
        capture_routes(pos)
    } else {
        Vec::new()
    };
    write_with_routes(pos, moves, Style::of(pos.variant()), &routes)
}

fn write_with_routes(pos: &Position, moves: &[Move], style: Style, routes: &[Move]) -> Vec<String> {
    moves
        .iter()
        .map(|m| write_route_aware(pos, m, style, routes))
        .collect()
}

/// `routes` holds every route of every legal capture of `pos` (empty for a quiet move).
fn write_route_aware(pos: &Position, m: &Move, style: Style, routes: &[Move]) -> String {
    let board = pos.board();
    if !m.is_capture() {
        return join(style, board, &[m.from, m.to], false);
    }
    let routes: Vec<&Move> = routes
        .iter()
        .filter(|r| r.from == m.from && r.to == m.to)
        .collect();
    let unique = |via: &[Square]| {
        let text = MoveText {
            from: Origin::Square(m.from),
            via: via.to_vec(),
            to: m.to,
            capture: true,
        };
        routes
            .iter()
            .filter(|r| fits(board, &text, r))
            .all(|r| r.key() == m.key())
    };
    if unique(&[]) {
        return join(style, board, &[m.from, m.to], true);
    }
    let own_routes: Vec<Vec<Square>> = routes
        .iter()
        .filter(|r| r.key() == m.key())
        .map(|r| r.route().collect())
        .collect();
    for size in 1..=2 {
        for route in &own_routes {
            let inner = &route[1..route.len() - 1];
            for via in subsets(inner, size) {
                if unique(&via) {
                    let mut all = vec![m.from];
                    all.extend(via);
                    all.push(m.to);
                    return join(style, board, &all, true);
                }
            }
        }
    }
    let full: Vec<Square> = m.route().collect();
    join(style, board, &full, true)
}

fn subsets(items: &[Square], size: usize) -> Vec<Vec<Square>> {
    match size {
        1 => items.iter().map(|s| vec![*s]).collect(),
        _ => {
            let mut out = Vec::new();
            for i in 0..items.len() {
                for j in i + 1..items.len() {
                    out.push(vec![items[i], items[j]]);
                }
            }
            out
        }
    }
}

/// A square as the position's variant writes it (`c3`; `22` on 10x10 and in English checkers).
pub fn square(pos: &Position, s: Square) -> String {
    Style::of(pos.variant()).square(pos.board(), s)
}

/// Every square the piece lands on, joined with `x` for a capture (`c3xe5xg3`) or `-`.
pub fn path(pos: &Position, m: &Move) -> String {
    let full: Vec<Square> = m.route().collect();
    let style = Style::of(pos.variant());
    let sep = if m.is_capture() { "x" } else { "-" };
    full.iter()
        .map(|s| style.square(pos.board(), *s))
        .collect::<Vec<_>>()
        .join(sep)
}
