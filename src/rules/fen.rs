//! FEN as PDN 3.0 writes it: `W:W21,22,K30:B1,2`.
//!
//! Read: numeric squares and ranges (`W21-32`, `K1-K20`), algebraic squares (`c3`), kings `K`,
//! either colour first, a trailing dot, whitespace, and the `:H…`/`:F…` suffixes some programs add.
//! Written: numeric squares in order, kings marked, White first, no ranges.

use super::color::Color;
use super::position::{Piece, Position, PositionError, Setup};
use super::variant::Variant;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    #[error("FEN is empty")]
    Empty,
    #[error("FEN must start with the side to move, `W` or `B`, found `{0}`")]
    Turn(String),
    #[error("FEN section `{0}` must start with `W` or `B`")]
    Section(String),
    #[error("FEN square `{0}` is not a square of the board of {board}", board = crate::rules::columns::AnyVariant::from(*.1).said(crate::lang::Lang::En))]
    Square(String, Variant),
    #[error("FEN range `{0}` is not valid")]
    Range(String),
    #[error("FEN lists {0} pieces twice")]
    Twice(Color),
    #[error("FEN position is not legal: {0}")]
    Position(#[from] PositionError),
}

impl crate::lang::Russian for FenError {
    fn ru(&self) -> String {
        match self {
            FenError::Empty => "FEN пуст".to_string(),
            FenError::Turn(found) => {
                format!("FEN должен начинаться с очереди хода, `W` или `B`, а найдено `{found}`")
            }
            FenError::Section(section) => {
                format!("раздел FEN `{section}` должен начинаться с `W` или `B`")
            }
            FenError::Square(square, variant) => {
                format!(
                    "поле FEN `{square}` не является полем доски: {}",
                    crate::rules::columns::AnyVariant::from(*variant).said(crate::lang::Lang::Ru)
                )
            }
            FenError::Range(range) => format!("диапазон FEN `{range}` недопустим"),
            FenError::Twice(color) => {
                let side = match color {
                    Color::White => "белые",
                    Color::Black => "чёрные",
                };
                format!("в FEN дважды перечислены {side} шашки")
            }
            FenError::Position(e) => format!("позиция FEN недопустима по правилам: {e}"),
        }
    }
}

pub fn parse(variant: Variant, text: &str) -> Result<Position, FenError> {
    parse_setup(variant, text)?
        .validate()
        .map_err(FenError::from)
}

pub fn parse_setup(variant: Variant, text: &str) -> Result<Setup, FenError> {
    let board = variant.board();
    let cleaned: String = text
        .trim()
        .trim_matches('"')
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let cleaned = cleaned.trim_end_matches('.');
    if cleaned.is_empty() {
        return Err(FenError::Empty);
    }
    let mut sections = cleaned.split(':');
    let turn = match sections
        .next()
        .unwrap_or_default()
        .to_ascii_uppercase()
        .as_str()
    {
        "W" => Color::White,
        "B" => Color::Black,
        other => return Err(FenError::Turn(other.to_string())),
    };
    let mut pieces = Vec::new();
    let mut seen = [false, false];
    for section in sections {
        let mut chars = section.chars();
        let color = match chars.next().map(|c| c.to_ascii_uppercase()) {
            Some('W') => Color::White,
            Some('B') => Color::Black,
            // Half-move clock and full-move number: not part of the position.
            Some('H') | Some('F') => continue,
            None => continue,
            _ => return Err(FenError::Section(section.to_string())),
        };
        let idx = color as usize;
        if seen[idx] {
            return Err(FenError::Twice(color));
        }
        seen[idx] = true;
        let list = chars.as_str().trim_end_matches('.');
        for item in list.split(',').filter(|s| !s.is_empty()) {
            let (king, body) = strip_king(item);
            if let Some((a, b)) = body.split_once('-') {
                let (_, b) = strip_king(b);
                let (lo, hi): (u32, u32) = match (a.parse(), b.parse()) {
                    (Ok(lo), Ok(hi)) if lo <= hi => (lo, hi),
                    _ => return Err(FenError::Range(item.to_string())),
                };
                for n in lo..=hi {
                    let sq = board
                        .from_number(n)
                        .ok_or_else(|| FenError::Square(n.to_string(), variant))?;
                    pieces.push((sq, Piece { color, king }));
                }
            } else {
                let sq = board
                    .parse_square(body)
                    .ok_or_else(|| FenError::Square(body.to_string(), variant))?;
                pieces.push((sq, Piece { color, king }));
            }
        }
    }
    Ok(Setup {
        variant,
        turn,
        pieces,
    })
}

fn strip_king(s: &str) -> (bool, &str) {
    match s.strip_prefix(['K', 'k']) {
        Some(rest) => (true, rest),
        None => (false, s),
    }
}

pub fn write(pos: &Position) -> String {
    let mut out = String::new();
    out.push(pos.turn().letter());
    for color in [Color::White, Color::Black] {
        out.push(':');
        out.push(color.letter());
        let items: Vec<String> = pos
            .pieces()
            .filter(|(_, p)| p.color == color)
            .map(|(sq, p)| format!("{}{}", if p.king { "K" } else { "" }, sq.number()))
            .collect();
        out.push_str(&items.join(","));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_ranges_kings_and_either_order() {
        let p = parse(Variant::International, "W:WK31-K50:BK1-K20").unwrap();
        assert_eq!(p.count(Color::White), (0, 20));
        assert_eq!(p.count(Color::Black), (0, 20));
        let q = parse(Variant::Russian, "B:B1,2,K3:Wc3,e3.").unwrap();
        assert_eq!(q.turn(), Color::Black);
        assert_eq!(q.count(Color::White), (2, 0));
        assert_eq!(write(&q), "B:W22,23:B1,2,K3");
        assert_eq!(
            parse(Variant::Russian, "W:W21:B1:H0:F1")
                .unwrap()
                .count(Color::White),
            (1, 0)
        );
    }

    #[test]
    fn start_positions_round_trip() {
        for v in super::super::variant::ALL {
            let p = Position::start(v);
            assert_eq!(parse(v, &write(&p)).unwrap(), p);
        }
    }

    #[test]
    fn errors_name_the_fault() {
        assert_eq!(
            parse(Variant::Russian, "X:W1"),
            Err(FenError::Turn("X".into()))
        );
        assert!(matches!(
            parse(Variant::Russian, "W:W33"),
            Err(FenError::Square(..))
        ));
        assert!(matches!(
            parse(Variant::Russian, "W:W21:B21"),
            Err(FenError::Position(_))
        ));
        assert!(matches!(
            parse(Variant::Russian, "W:W9-3"),
            Err(FenError::Range(_))
        ));
    }
}
