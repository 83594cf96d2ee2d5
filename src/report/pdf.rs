//! PDF on A4 landscape with DejaVu Sans embedded (it covers Cyrillic), tables broken across pages
//! with their header repeated.

use printpdf::{IndirectFontRef, Line, Mm, PdfDocument, PdfLayerReference, Point};

use super::Document;

pub(super) const FONT: &[u8] = include_bytes!("../../resources/fonts/DejaVuSans.ttf");
const PAGE_W: f32 = 297.0;
const PAGE_H: f32 = 210.0;
const MARGIN: f32 = 12.0;
const SIZE: f32 = 8.5;
const ROW: f32 = 5.0;

#[derive(Debug, thiserror::Error)]
#[error("PDF: {0}")]
pub struct PdfError(pub(super) String);

/// The embedded font, read once for its advances.
fn face() -> &'static ttf_parser::Face<'static> {
    static FACE: std::sync::OnceLock<ttf_parser::Face<'static>> = std::sync::OnceLock::new();
    FACE.get_or_init(|| ttf_parser::Face::parse(FONT, 0).expect("the embedded DejaVu Sans"))
}

/// Width of a text in mm at `size` pt, from the font's own advances (a character it lacks counts
/// as a wide one, 0.7 em).
fn width(text: &str, size: f32) -> f32 {
    let face = face();
    let em = face.units_per_em() as f32;
    let units: f32 = text
        .chars()
        .map(|c| {
            face.glyph_index(c)
                .and_then(|g| face.glyph_hor_advance(g))
                .map_or(0.7 * em, f32::from)
        })
        .sum();
    units / em * size * PT_MM
}

/// A text broken at spaces into lines no wider than `room` mm at `size` pt (a word wider than
/// the line stands alone on its own).
fn wrap(text: &str, size: f32, room: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let tried = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if width(&tried, size) <= room || line.is_empty() {
            line = tried;
        } else {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        }
    }
    lines.push(line);
    lines
}

const PT_MM: f32 = 25.4 / 72.0;
/// The least space between two columns, mm.
const GAP: f32 = 2.5;
/// The smallest type a table is set in before its longest texts are shortened, pt.
const MIN_SIZE: f32 = 6.5;

/// How a table is set: its type size, where each column starts and its cells as printed (a text
/// too long for its column shortened with "…"; the HTML report has it whole).
#[derive(Debug)]
struct Layout {
    size: f32,
    xs: Vec<f32>,
    rows: Vec<Vec<String>>,
}

/// Columns as wide as their widest cell at the report's type size; a table wider than the page
/// is set smaller down to [`MIN_SIZE`], then its widest columns are narrowed to one width that
/// fits the page and the texts too long for it shortened.
fn layout(header: &[String], rows: &[Vec<String>], room: f32) -> Layout {
    let cols = header.len();
    let all: Vec<&[String]> = std::iter::once(header)
        .chain(rows.iter().map(Vec::as_slice))
        .collect();
    let natural = |size: f32| -> Vec<f32> {
        (0..cols)
            .map(|i| {
                all.iter()
                    .filter_map(|r| r.get(i))
                    .map(|c| width(c, size))
                    .fold(0.0, f32::max)
                    + GAP
            })
            .collect()
    };
    let at_size = natural(SIZE);
    let total: f32 = at_size.iter().sum();
    let size = if total > room {
        (SIZE * room / total).max(MIN_SIZE)
    } else {
        SIZE
    };
    let mut widths = natural(size);
    if widths.iter().sum::<f32>() > room {
        // One cap for the widest columns: the largest at which the table fits.
        let mut sorted = widths.clone();
        sorted.sort_by(|a, b| b.total_cmp(a));
        let mut cap = sorted[0];
        for k in 1..=sorted.len() {
            let rest: f32 = sorted[k..].iter().sum();
            let c = (room - rest) / k as f32;
            if k == sorted.len() || c >= sorted[k] {
                cap = c.max(GAP + width("…", size) * 2.0);
                break;
            }
        }
        for w in &mut widths {
            *w = w.min(cap);
        }
    }
    let xs: Vec<f32> = widths
        .iter()
        .scan(0.0, |x, wd| {
            let at = *x;
            *x += wd;
            Some(at)
        })
        .collect();
    let fit = |cell: &String, i: usize| -> String {
        let room = widths[i] - GAP;
        if width(cell, size) <= room {
            return cell.clone();
        }
        let mut s: String = cell.clone();
        while !s.is_empty() && width(&format!("{s}…"), size) > room {
            s.pop();
        }
        format!("{}…", s.trim_end())
    };
    let rows = all
        .iter()
        .map(|r| {
            r.iter()
                .take(cols)
                .enumerate()
                .map(|(i, c)| fit(c, i))
                .collect()
        })
        .collect();
    Layout { size, xs, rows }
}

struct Writer {
    doc: printpdf::PdfDocumentReference,
    font: IndirectFontRef,
    layer: PdfLayerReference,
    y: f32,
}

impl Writer {
    fn new_page(&mut self) {
        let (page, layer) = self.doc.add_page(Mm(PAGE_W), Mm(PAGE_H), "page");
        self.layer = self.doc.get_page(page).get_layer(layer);
        self.y = PAGE_H - MARGIN;
    }

    fn need(&mut self, height: f32) {
        if self.y - height < MARGIN {
            self.new_page();
        }
    }

    fn text(&self, s: &str, size: f32, x: f32) {
        self.layer.use_text(s, size, Mm(x), Mm(self.y), &self.font);
    }

    fn rule(&self, y: f32) {
        let line = Line {
            points: vec![
                (Point::new(Mm(MARGIN), Mm(y)), false),
                (Point::new(Mm(PAGE_W - MARGIN), Mm(y)), false),
            ],
            is_closed: false,
        };
        self.layer.add_line(line);
    }
}

pub fn render(doc: &Document) -> Result<Vec<u8>, PdfError> {
    let (pdf, page, layer) = PdfDocument::new(&doc.title, Mm(PAGE_W), Mm(PAGE_H), "page");
    let font = pdf
        .add_external_font(std::io::Cursor::new(FONT))
        .map_err(|e| PdfError(e.to_string()))?;
    let layer = pdf.get_page(page).get_layer(layer);
    let mut w = Writer {
        doc: pdf,
        font,
        layer,
        y: PAGE_H - MARGIN,
    };
    w.text(&doc.title, 16.0, MARGIN);
    w.y -= 7.0;
    let room = PAGE_W - 2.0 * MARGIN;
    for s in &doc.subtitle {
        for line in wrap(s, 9.0, room) {
            w.text(&line, 9.0, MARGIN);
            w.y -= 4.5;
        }
    }
    for section in &doc.sections {
        let Layout { size, xs, rows } = layout(&section.header, &section.rows, room);
        let xs: Vec<f32> = xs.iter().map(|x| x + MARGIN).collect();
        let (header_cells, body) = rows.split_first().expect("the header is the first row");
        w.y -= 4.0;
        w.need(8.0 + 2.0 * ROW);
        w.text(&section.heading, 12.0, MARGIN);
        w.y -= 6.0;
        let header = |w: &mut Writer| {
            for (cell, x) in header_cells.iter().zip(&xs) {
                w.text(cell, size, *x);
            }
            w.rule(w.y - 1.5);
            w.y -= ROW;
        };
        header(&mut w);
        for row in body {
            if w.y - ROW < MARGIN {
                w.new_page();
                header(&mut w);
            }
            for (cell, x) in row.iter().zip(&xs) {
                w.text(cell, size, *x);
            }
            w.y -= ROW;
        }
        if let Some(note) = &section.note {
            for line in wrap(note, MIN_SIZE, room) {
                w.need(ROW);
                w.text(&line, MIN_SIZE, MARGIN);
                w.y -= ROW;
            }
        }
    }
    if !doc.signatures.is_empty() {
        w.y -= 6.0;
        for line in &doc.signatures {
            w.need(10.0);
            w.y -= 6.0;
            w.text(line, 10.0, MARGIN);
        }
    }
    let bytes = w.doc.save_to_bytes().map_err(|e| PdfError(e.to_string()))?;
    with_title(&bytes, &doc.title)
}

/// The PDF with its Title as PDF text (UTF-16BE after a byte-order mark): printpdf writes the
/// title's UTF-8 bytes as they are, which readers show garbled for any Cyrillic name.
pub(super) fn with_title(bytes: &[u8], title: &str) -> Result<Vec<u8>, PdfError> {
    let err = |e: lopdf::Error| PdfError(e.to_string());
    let mut pdf = lopdf::Document::load_mem(bytes).map_err(err)?;
    let info = pdf
        .trailer
        .get(b"Info")
        .and_then(lopdf::Object::as_reference)
        .map_err(err)?;
    let mut text = vec![0xFE, 0xFF];
    for unit in title.encode_utf16() {
        text.extend(unit.to_be_bytes());
    }
    pdf.get_dictionary_mut(info).map_err(err)?.set(
        "Title",
        lopdf::Object::String(text, lopdf::StringFormat::Hexadecimal),
    );
    let mut out = Vec::new();
    pdf.save_to(&mut out).map_err(|e| PdfError(e.to_string()))?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    /// Every printed cell ends at least [`GAP`] before the next column starts, and the table
    /// within `room`.
    fn assert_no_cell_touches(l: &Layout, room: f32) {
        let cols = l.xs.len();
        let right = |i: usize| if i + 1 < cols { l.xs[i + 1] } else { room };
        for row in &l.rows {
            for (i, cell) in row.iter().enumerate() {
                let end = l.xs[i] + width(cell, l.size);
                assert!(
                    end + GAP <= right(i) + 0.01,
                    "«{cell}» ends at {end:.1} mm, column {} starts at {:.1}",
                    i + 1,
                    right(i)
                );
            }
        }
    }

    /// Issue 25, item 17: «Набережные Челны» touched the rating «2050» beside it (columns sized
    /// by an average letter; Cyrillic capitals are wider).
    #[test]
    fn a_long_line_is_broken_at_spaces_within_the_page() {
        let text = "Таблица норм: club-2018 — Российские клубные программы turnir (norms.xml, 2015) и Tavleya2 (player.cs, 2018), совпадают во всех клетках";
        let lines = super::wrap(text, 9.0, 60.0);
        assert!(lines.len() > 1);
        assert!(
            lines.iter().all(|l| super::width(l, 9.0) <= 60.0),
            "{lines:?}"
        );
        assert_eq!(lines.join(" "), text, "no word lost");
    }

    #[test]
    fn a_long_club_name_keeps_its_distance_from_the_rating() {
        let header = strings(&["Место", "№", "Участник", "Звание", "Клуб", "Рейтинг"]);
        let rows = vec![
            strings(&["1", "3", "Шарипов Ильдар", "МС", "Набережные Челны", "2050"]),
            strings(&[
                "2",
                "1",
                "ЩЕРБАКОВ ЖЁЛУДЬ",
                "КМС",
                "ЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖ",
                "1999",
            ]),
        ];
        let l = layout(&header, &rows, 273.0);
        assert_eq!(l.size, SIZE, "a narrow table keeps the report's type size");
        assert_eq!(l.rows[1], rows[0], "nothing shortened");
        assert_no_cell_touches(&l, 273.0);
    }

    /// A table wider than the page at the smallest type: its widest columns narrowed, their long
    /// texts shortened with "…", everything else whole.
    #[test]
    fn a_table_wider_than_the_page_shortens_its_longest_texts() {
        let mut header = strings(&["№", "Участник", "Клуб"]);
        header.extend((1..=30).map(|i| i.to_string()));
        let long = "Константинопольский Александр Вениаминович";
        let mut row = strings(&["1", long, "Санкт-Петербург, СДЮСШОР № 2"]);
        row.extend((1..=30).map(|_| "1,5".to_string()));
        let l = layout(&header, &[row.clone()], 273.0);
        assert_eq!(l.size, MIN_SIZE);
        assert_no_cell_touches(&l, 273.0);
        let printed = &l.rows[1];
        assert!(printed[1].ends_with('…') && long.starts_with(printed[1].trim_end_matches('…')));
        assert_eq!(printed[0], "1");
        assert!(printed[3..].iter().all(|c| c == "1,5"), "{printed:?}");
    }
}
