//! FEN with columns (columns.md §3): `B:Wc1(Wbbbb),d6(wwwwww),f4(wwww):Ba1(BBbBbBW),b2(bb)`.
//! The side to move first; a square may carry its column in parentheses, top first (`w W b B`);
//! a bare square is one piece, `K` before it a king; ranges `W1-11` for bare squares. A square's
//! list must be the colour of its top piece. Written: squares in number order, White first, bare
//! when a column is one piece.

use super::column::{Column, ColumnError};
use super::position::{ColumnPosition, ColumnVariant};
use crate::rules::Color;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ColumnFenError {
    #[error("FEN is empty")]
    Empty,
    #[error("FEN must start with the side to move, `W` or `B`, found `{0}`")]
    Turn(String),
    #[error("FEN section `{0}` must start with `W` or `B`")]
    Section(String),
    #[error("FEN square `{0}` is not a square of the board of {board}", board = crate::rules::columns::AnyVariant::from(*.1).said(crate::lang::Lang::En))]
    Square(String, ColumnVariant),
    #[error("FEN range `{0}` is not valid")]
    Range(String),
    #[error("FEN square `{0}` is listed twice")]
    Twice(String),
    #[error("FEN column on `{square}`: {source}")]
    Column { square: String, source: ColumnError },
    #[error("FEN lists `{0}` under {1}, but its top piece is the other colour's")]
    Owner(String, Color),
    #[error("FEN: a {0} man on {1}, its own crown row, where it would have been crowned")]
    ManOnCrownRow(Color, String),
    #[error("FEN has {1} {0} pieces; a side has {2} at most")]
    TooMany(Color, usize, usize),
}

impl crate::lang::Russian for ColumnFenError {
    fn ru(&self) -> String {
        match self {
            ColumnFenError::Empty => "FEN пуст".into(),
            ColumnFenError::Turn(t) => {
                format!("FEN должен начинаться с очереди хода, `W` или `B`, а не `{t}`")
            }
            ColumnFenError::Section(s) => {
                format!("раздел FEN `{s}` должен начинаться с `W` или `B`")
            }
            ColumnFenError::Square(s, v) => format!(
                "в FEN поле `{s}` — не поле доски: {}",
                crate::rules::columns::AnyVariant::from(*v).said(crate::lang::Lang::Ru)
            ),
            ColumnFenError::Range(r) => format!("в FEN неверный диапазон `{r}`"),
            ColumnFenError::Twice(s) => format!("в FEN поле `{s}` указано дважды"),
            ColumnFenError::Column { square, source } => {
                format!("в FEN столб на `{square}` неверен: {source}")
            }
            ColumnFenError::Owner(s, c) => format!(
                "в FEN `{s}` указан у стороны «{}», но верхняя шашка столба другого цвета",
                c.said(crate::lang::Lang::Ru)
            ),
            ColumnFenError::TooMany(c, n, max) => format!(
                "в FEN {n} шашек стороны «{}»; у стороны их не больше {max}",
                c.said(crate::lang::Lang::Ru)
            ),
            ColumnFenError::ManOnCrownRow(c, s) => format!(
                "в FEN простая шашка стороны «{}» на {s} — на своём поле превращения",
                c.said(crate::lang::Lang::Ru)
            ),
        }
    }
}

/// Reads a FEN of `variant`.
pub fn parse(variant: ColumnVariant, text: &str) -> Result<ColumnPosition, ColumnFenError> {
    let text = text.trim().trim_end_matches('.');
    let mut sections = text.split(':').map(str::trim);
    let turn = match sections.next().filter(|s| !s.is_empty()) {
        None => return Err(ColumnFenError::Empty),
        Some(t) if t.eq_ignore_ascii_case("w") => Color::White,
        Some(t) if t.eq_ignore_ascii_case("b") => Color::Black,
        Some(t) => return Err(ColumnFenError::Turn(t.to_string())),
    };
    let mut pos = ColumnPosition::empty(variant, turn);
    let g = variant.geometry();
    for section in sections {
        let colour = match section.chars().next() {
            Some('W') | Some('w') => Color::White,
            Some('B') | Some('b') => Color::Black,
            // Tags some programs add (`H0`, `F1`).
            Some('H') | Some('F') => continue,
            _ => return Err(ColumnFenError::Section(section.to_string())),
        };
        for item in section[1..]
            .split(',')
            .map(str::trim)
            .filter(|i| !i.is_empty())
        {
            for (name, column) in items(&pos, colour, item)? {
                let square = pos
                    .parse_square(&name)
                    .ok_or_else(|| ColumnFenError::Square(name.clone(), variant))?;
                if pos.occupied >> square & 1 != 0 {
                    return Err(ColumnFenError::Twice(name));
                }
                if column.white != (colour == Color::White) {
                    return Err(ColumnFenError::Owner(name, colour));
                }
                let crown = g.crown_rank(colour == Color::White);
                if !column.top_king() && crown >> square & 1 != 0 {
                    return Err(ColumnFenError::ManOnCrownRow(colour, name));
                }
                pos.set(square, column);
            }
        }
    }
    // Pieces are never added in a game: no side has more than it started with (which also
    // bounds a column's height).
    let max = variant.start().columns().count() / 2;
    for colour in [Color::White, Color::Black] {
        let white = colour == Color::White;
        let n: usize = pos
            .columns()
            .map(|(_, c)| {
                let (own, other) = (c.top as usize, c.bottom as usize);
                if c.white == white {
                    own
                } else {
                    other
                }
            })
            .sum();
        if n > max {
            return Err(ColumnFenError::TooMany(colour, n, max));
        }
    }
    Ok(pos)
}

/// The squares of one item with their columns: `c1(Wbbbb)`, `Kc1`, `c1`, `1-11`, `K5`.
fn items(
    pos: &ColumnPosition,
    colour: Color,
    item: &str,
) -> Result<Vec<(String, Column)>, ColumnFenError> {
    let white = colour == Color::White;
    if let Some(open) = item.find('(') {
        let name = item[..open]
            .trim()
            .trim_start_matches(['K', 'k'])
            .to_string();
        let letters = item[open + 1..].trim_end().trim_end_matches(')');
        let column = Column::from_letters(letters).map_err(|source| ColumnFenError::Column {
            square: name.clone(),
            source,
        })?;
        return Ok(vec![(name, column)]);
    }
    let (king, body) = match item.strip_prefix(['K', 'k']) {
        Some(rest) => (true, rest),
        None => (false, item),
    };
    let piece = Column::piece(white, king);
    if let Some((a, b)) = body.split_once('-') {
        let (a, b) = (a.trim(), b.trim().trim_start_matches(['K', 'k']));
        let range = || ColumnFenError::Range(item.to_string());
        let first: usize = a.parse().map_err(|_| range())?;
        let last: usize = b.parse().map_err(|_| range())?;
        if first == 0 || last < first || last > pos.variant.geometry().squares {
            return Err(range());
        }
        return Ok((first..=last).map(|n| (n.to_string(), piece)).collect());
    }
    Ok(vec![(body.trim().to_string(), piece)])
}

/// Writes the position: `W:Wa7(wbb),h6,…:Bb8,…`.
pub fn write(pos: &ColumnPosition) -> String {
    let list = |colour: Color| -> String {
        pos.columns()
            .filter(|(_, c)| c.white == (colour == Color::White))
            .map(|(s, c)| {
                let name = pos.name(s);
                if c.height() == 1 {
                    if c.top_king() {
                        format!("K{name}")
                    } else {
                        name
                    }
                } else {
                    format!("{name}({})", c.letters())
                }
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    let turn = match pos.turn {
        Color::White => 'W',
        Color::Black => 'B',
    };
    format!("{turn}:W{}:B{}", list(Color::White), list(Color::Black))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_off_the_board_names_the_variant_in_words() {
        use crate::lang::Russian;
        let e = parse(ColumnVariant::Towers, "B:Wz9").unwrap_err();
        assert!(e.ru().contains("столбовые шашки"), "{}", e.ru());
        assert!(e.to_string().contains("Russian column draughts"), "{e}");
        let plain = crate::rules::fen::parse(crate::rules::Variant::Russian, "W:W33").unwrap_err();
        assert!(plain.ru().contains("русские шашки"), "{}", plain.ru());
    }

    #[test]
    fn the_codex_diagram_reads_and_writes_back() {
        let text = "B:Wc1(Wbbbb),d6(wwwwww),f4(wwww):Ba1(BBbBbBW),b2(bb)";
        let pos = parse(ColumnVariant::Towers, text).unwrap();
        let a1 = pos.parse_square("a1").unwrap();
        assert_eq!(pos.column(a1).letters(), "BBbBbBW");
        assert_eq!(
            write(&pos),
            "B:Wd6(wwwwww),f4(wwww),c1(Wbbbb):Bb2(bb),a1(BBbBbBW)"
        );
        assert_eq!(parse(ColumnVariant::Towers, &write(&pos)).unwrap(), pos);
        assert!(matches!(
            parse(ColumnVariant::Towers, "W:Wc1(bw)"),
            Err(ColumnFenError::Owner(..))
        ));
        assert!(matches!(
            parse(ColumnVariant::Towers, "W:Wa1(wwwwwwwwwwwww)"),
            Err(ColumnFenError::TooMany(Color::White, 13, 12))
        ));
        let start = ColumnVariant::Laska.start();
        assert_eq!(
            parse(ColumnVariant::Laska, "W:W1-11:B15-25").unwrap(),
            start
        );
    }
}
