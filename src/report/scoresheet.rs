//! Score sheets (бланки записи) to be filled in by the players: one A4 page per game of a round,
//! laid out as the codex lays out a record — the move number, White's column, Black's column —
//! headed with the event, the date, the round, board and game, both names with their colours,
//! the time control and, for a balloted game, the ballot's cell with its moves already written
//! in; lines for the result and the signatures at the foot.

use printpdf::{IndirectFontRef, Line, Mm, PdfDocument, PdfLayerReference, Point};

use super::pdf::{PdfError, FONT};
use crate::lang::Lang;
use crate::tournament::ballot;
use crate::tournament::model::{Round, Tournament};

/// One sheet's words, in the language it is printed in.
#[derive(Clone, Debug, PartialEq)]
pub struct Sheet {
    pub heading: String,
    /// Lines under the heading: the event, its dates and venue, round · board · game.
    pub lines: Vec<String>,
    pub white: String,
    pub black: String,
    pub control: String,
    /// The ballot's cell and moves, for a balloted game.
    pub ballot: Option<String>,
    /// Column headings: number, White, Black.
    pub columns: [String; 3],
    /// The foot: result, then the signatures (White, Black, the arbiter).
    pub result: String,
    pub signatures: [String; 3],
}

/// Moves a sheet has room for: two blocks of this many rows.
pub const ROWS: usize = 40;

/// The sheets of every game of `round` (the micromatch's games; extra games get theirs when they
/// are played), board by board.
pub fn sheets(t: &Tournament, round: &Round, lang: Lang) -> Vec<Sheet> {
    let name = |id| t.player(id).map_or_else(String::new, |p| p.full_name());
    let pick = |en: &str, ru: &str| lang.pick(en, ru).to_string();
    let mut out = Vec::new();
    for p in &round.pairings {
        for g in 0..p.games.len() {
            let mut lines = vec![t.settings.name.clone()];
            let place: Vec<&str> = [t.settings.dates.as_str(), t.settings.venue.as_str()]
                .into_iter()
                .filter(|s| !s.is_empty())
                .collect();
            if !place.is_empty() {
                lines.push(place.join(", "));
            }
            lines.push(format!(
                "{} {} · {} {} · {} {}",
                pick("Round", "Тур"),
                round.number,
                pick("board", "доска"),
                p.board,
                pick("game", "партия"),
                g + 1
            ));
            let ballot = p.ballot.as_ref().and_then(|b| {
                let table = ballot::load(&b.table).ok()?;
                let entry = table.entry(&b.cell).ok()?;
                Some(format!(
                    "{}: {} {} — {}",
                    pick("Opening (ballot)", "Начало (жребий)"),
                    b.table.to_uppercase(),
                    b.cell,
                    ballot::said(&entry.text, lang)
                ))
            });
            out.push(Sheet {
                heading: pick("SCORE SHEET", "БЛАНК ЗАПИСИ ПАРТИИ"),
                lines,
                white: format!("{}: {}", pick("White", "Белые"), name(p.white_of(g))),
                black: format!("{}: {}", pick("Black", "Чёрные"), name(p.white_of(g + 1))),
                control: format!(
                    "{}: {}",
                    pick("Time control", "Контроль времени"),
                    t.time_control_of_game(g).said(lang)
                ),
                ballot,
                columns: [
                    pick("No", "№"),
                    pick("White", "Белые"),
                    pick("Black", "Чёрные"),
                ],
                result: format!("{}: ____________", pick("Result", "Результат")),
                signatures: [
                    pick("White's signature", "Подпись белых"),
                    pick("Black's signature", "Подпись чёрных"),
                    pick("Arbiter", "Судья"),
                ],
            });
        }
    }
    out
}

const W: f32 = 210.0;
const H: f32 = 297.0;
const M: f32 = 15.0;

/// The sheets as one PDF, a page each.
pub fn render(title: &str, sheets: &[Sheet]) -> Result<Vec<u8>, PdfError> {
    let (pdf, page, layer) = PdfDocument::new(title, Mm(W), Mm(H), "sheet");
    let font = pdf
        .add_external_font(std::io::Cursor::new(FONT))
        .map_err(|e| PdfError(e.to_string()))?;
    let mut layer = pdf.get_page(page).get_layer(layer);
    for (k, s) in sheets.iter().enumerate() {
        if k > 0 {
            let (page, l) = pdf.add_page(Mm(W), Mm(H), "sheet");
            layer = pdf.get_page(page).get_layer(l);
        }
        let page = Page {
            layer: &layer,
            font: &font,
        };
        let y = page.head(s);
        let foot = page.move_rows(s, y);
        page.foot(s, foot);
    }
    let bytes = pdf.save_to_bytes().map_err(|e| PdfError(e.to_string()))?;
    super::pdf::with_title(&bytes, title)
}

/// One sheet's page: where its words and lines are drawn, in which font.
struct Page<'a> {
    layer: &'a PdfLayerReference,
    font: &'a IndirectFontRef,
}

impl Page<'_> {
    fn text(&self, t: &str, size: f32, x: f32, y: f32) {
        self.layer.use_text(t, size, Mm(x), Mm(y), self.font);
    }

    fn line(&self, x0: f32, y0: f32, x1: f32, y1: f32) {
        self.layer.add_line(Line {
            points: vec![
                (Point::new(Mm(x0), Mm(y0)), false),
                (Point::new(Mm(x1), Mm(y1)), false),
            ],
            is_closed: false,
        });
    }

    /// The heading, the event's lines, both players, the control and the ballot; the height
    /// left for the moves' table below them.
    fn head(&self, s: &Sheet) -> f32 {
        let mut y = H - M - 4.0;
        self.text(&s.heading, 15.0, M, y);
        y -= 7.0;
        for l in &s.lines {
            self.text(l, 10.0, M, y);
            y -= 5.0;
        }
        y -= 1.0;
        self.text(&s.white, 12.0, M, y);
        y -= 6.0;
        self.text(&s.black, 12.0, M, y);
        y -= 6.0;
        self.text(&s.control, 9.5, M, y);
        y -= 5.0;
        if let Some(b) = &s.ballot {
            self.text(b, 9.5, M, y);
            y -= 5.0;
        }
        y -= 2.0;
        y
    }

    /// The move rows from `y` down; the height of the foot under them.
    fn move_rows(&self, s: &Sheet, y: f32) -> f32 {
        // Two blocks of move rows side by side: 1–40, 41–80.
        let row = ((y - M - 30.0) / (ROWS as f32 + 1.0)).min(5.5);
        let block = (W - 2.0 * M - 6.0) / 2.0;
        let widths = [12.0, (block - 12.0) / 2.0, (block - 12.0) / 2.0];
        for b in 0..2 {
            let x0 = M + b as f32 * (block + 6.0);
            let top = y;
            let xs = [x0, x0 + widths[0], x0 + widths[0] + widths[1], x0 + block];
            for (c, head) in s.columns.iter().enumerate() {
                self.text(head, 9.0, xs[c] + 1.5, top - row + 1.5);
            }
            for r in 0..=ROWS + 1 {
                let yy = top - r as f32 * row;
                self.line(x0, yy, x0 + block, yy);
            }
            let bottom = top - (ROWS as f32 + 1.0) * row;
            for x in xs {
                self.line(x, top, x, bottom);
            }
            for r in 0..ROWS {
                let n = b * ROWS + r + 1;
                self.text(
                    &n.to_string(),
                    8.5,
                    x0 + 2.0,
                    top - (r as f32 + 2.0) * row + 1.5,
                );
            }
        }
        y - (ROWS as f32 + 1.0) * row - 9.0
    }

    /// The result's line and the three signatures.
    fn foot(&self, s: &Sheet, foot: f32) {
        self.text(&s.result, 11.0, M, foot);
        let third = (W - 2.0 * M) / 3.0;
        for (i, sig) in s.signatures.iter().enumerate() {
            let x = M + i as f32 * third;
            self.line(x, foot - 12.0, x + third - 6.0, foot - 12.0);
            self.text(sig, 8.5, x, foot - 16.0);
        }
    }
}
