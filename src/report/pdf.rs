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

/// How a document's tables are set: the type size, the least size a wide table may shrink to,
/// the row's height (mm).
#[derive(Clone, Copy, Debug)]
struct Type {
    size: f32,
    min: f32,
    row: f32,
}

const NORMAL: Type = Type {
    size: SIZE,
    min: MIN_SIZE,
    row: ROW,
};
/// Read from a few metres on the hall's wall.
const WALL: Type = Type {
    size: 17.0,
    min: 12.0,
    row: 10.0,
};
/// Text lines of a section (a certificate's wording), pt and line height mm.
const TEXT: f32 = 11.0;
const TEXT_ROW: f32 = 6.0;

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

/// A line still wider than `room` (one long word) cut between letters into lines that fit.
fn split_word(line: &str, size: f32, room: f32) -> Vec<String> {
    let mut out = vec![String::new()];
    for c in line.chars() {
        let last = out.last_mut().expect("one line at least");
        last.push(c);
        if width(last, size) > room && last.chars().count() > 1 {
            last.pop();
            out.push(c.to_string());
        }
    }
    out
}

const PT_MM: f32 = 25.4 / 72.0;
/// The least space between two columns, mm.
const GAP: f32 = 2.5;
/// The smallest type a table is set in before its longest texts are shortened, pt.
const MIN_SIZE: f32 = 6.5;

/// How a table is set: its type size, where each column starts and its cells as printed, a line
/// each (a text too long for its column broken onto more lines: a protocol prints every word).
#[derive(Debug)]
struct Layout {
    size: f32,
    xs: Vec<f32>,
    rows: Vec<Vec<Vec<String>>>,
}

/// Columns as wide as their widest cell at the report's type size; a table wider than the page
/// is set smaller down to [`MIN_SIZE`], then its widest columns are narrowed to one width that
/// fits the page and the texts too long for it shortened.
fn layout(header: &[String], rows: &[Vec<String>], room: f32, set: Type) -> Layout {
    let (base, min) = (set.size, set.min);
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
    let at_size = natural(base);
    let total: f32 = at_size.iter().sum();
    let size = if total > room {
        (base * room / total).max(min)
    } else {
        base
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
                cap = c.max(GAP + width("Ш", size) * 3.0);
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
    let fit = |cell: &String, i: usize| -> Vec<String> {
        // The column is its widest cell plus the gap; a hair of slack for the float's rounding.
        let room = widths[i] - GAP + 0.01;
        wrap(cell, size, room)
            .into_iter()
            .flat_map(|line| split_word(&line, size, room))
            .collect()
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
    let room = PAGE_W - 2.0 * MARGIN;
    // Pages handed out (diplomas) are each the whole page: no title over the first.
    let hand_outs = doc.sections.first().is_some_and(|s| s.hand_out.is_some());
    if !hand_outs {
        head(&mut w, doc, room);
    }
    let set = if doc.wall { WALL } else { NORMAL };
    for (k, section) in doc.sections.iter().enumerate() {
        if section.new_page && k > 0 {
            w.new_page();
        } else {
            w.y -= 4.0;
        }
        if let Some(big) = section.hand_out {
            hand_out(&mut w, section, big, room);
            continue;
        }
        w.need(8.0 + 2.0 * set.row);
        let heading = if doc.wall { 20.0 } else { 12.0 };
        for line in wrap(&section.heading, heading, room) {
            w.text(&line, heading, MARGIN);
            w.y -= heading * 0.5;
        }
        for line in section.lines.iter().flat_map(|l| wrap(l, TEXT, room)) {
            w.need(TEXT_ROW);
            w.text(&line, TEXT, MARGIN);
            w.y -= TEXT_ROW;
        }
        if !section.header.is_empty() {
            table(&mut w, section, room, set);
        }
        if let Some(note) = &section.note {
            for line in wrap(note, MIN_SIZE, room) {
                w.need(ROW);
                w.text(&line, MIN_SIZE, MARGIN);
                w.y -= ROW;
            }
        }
        signatures(&mut w, &section.signatures);
    }
    signatures(&mut w, &doc.signatures);
    let bytes = w.doc.save_to_bytes().map_err(|e| PdfError(e.to_string()))?;
    with_title(&bytes, &doc.title)
}

/// The document's title and the lines under it.
fn head(w: &mut Writer, doc: &Document, room: f32) {
    // A long event name wraps as the subtitles do (it was cut at the page's edge).
    let title = wrap(&doc.title, 16.0, room);
    for (i, line) in title.iter().enumerate() {
        if i > 0 {
            w.y -= 7.0;
        }
        w.text(line, 16.0, MARGIN);
    }
    w.y -= 7.0;
    for s in &doc.subtitle {
        for line in wrap(s, 9.0, room) {
            w.text(&line, 9.0, MARGIN);
            w.y -= 4.5;
        }
    }
}

/// A page handed to a person (a diploma): the heading large in the middle at the top, each line
/// centred under it, the line `big` (the name) larger, the signatures at the foot.
fn hand_out(w: &mut Writer, section: &super::Section, big: usize, room: f32) {
    let centred = |w: &mut Writer, text: &str, size: f32| {
        for line in wrap(text, size, room) {
            let x = MARGIN + (room - width(&line, size)).max(0.0) / 2.0;
            w.text(&line, size, x);
            w.y -= size * PT_MM * 1.5;
        }
    };
    w.y = PAGE_H - 40.0;
    centred(w, &section.heading.to_uppercase(), 44.0);
    w.y -= 8.0;
    for (k, line) in section.lines.iter().enumerate() {
        let size = match k {
            _ if k == big => 28.0,
            _ if k <= big + 3 => 16.0,
            _ => 12.0,
        };
        if k == big || k == big + 1 {
            w.y -= 3.0;
        }
        centred(w, line, size);
    }
    w.y =
        w.y.min(MARGIN + 10.0 * section.signatures.len() as f32 + 8.0);
    signatures(w, &section.signatures);
}

/// A section's table, its header repeated on every page it runs onto.
fn table(w: &mut Writer, section: &super::Section, room: f32, set: Type) {
    let Layout { size, xs, rows } = layout(&section.header, &section.rows, room, set);
    let xs: Vec<f32> = xs.iter().map(|x| x + MARGIN).collect();
    let (header_cells, body) = rows.split_first().expect("the header is the first row");
    w.y -= 2.0;
    // A cell broken onto more lines makes its row taller by a line each.
    let line = size * PT_MM * 1.25;
    let height = |row: &[Vec<String>]| {
        set.row + line * (row.iter().map(Vec::len).max().unwrap_or(1).max(1) - 1) as f32
    };
    let print = |w: &mut Writer, row: &[Vec<String>]| {
        for (cell, x) in row.iter().zip(&xs) {
            for (k, text) in cell.iter().enumerate() {
                w.layer
                    .use_text(text, size, Mm(*x), Mm(w.y - line * k as f32), &w.font);
            }
        }
    };
    let header = |w: &mut Writer| {
        print(w, header_cells);
        let h = height(header_cells);
        w.rule(w.y - h + set.row * 0.7);
        w.y -= h;
    };
    header(w);
    for row in body {
        let h = height(row);
        if w.y - h < MARGIN {
            w.new_page();
            header(w);
        }
        print(w, row);
        w.y -= h;
    }
}

/// The lines the panel signs on, with room above each for the signature.
fn signatures(w: &mut Writer, lines: &[String]) {
    if lines.is_empty() {
        return;
    }
    w.y -= 6.0;
    for line in lines {
        w.need(10.0);
        w.y -= 6.0;
        w.text(line, 10.0, MARGIN);
    }
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
            let lines = row
                .iter()
                .enumerate()
                .flat_map(|(i, c)| c.iter().map(move |t| (i, t)));
            for (i, cell) in lines {
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
        let l = layout(&header, &rows, 273.0, NORMAL);
        assert_eq!(l.size, SIZE, "a narrow table keeps the report's type size");
        let printed: Vec<String> = l.rows[1].iter().map(|c| c.join(" ")).collect();
        assert_eq!(printed, rows[0], "nothing broken");
        assert_no_cell_touches(&l, 273.0);
    }

    /// A table wider than the page at the smallest type: its widest columns narrowed, their long
    /// texts broken onto more lines, every word printed, everything else on one line.
    #[test]
    fn a_table_wider_than_the_page_breaks_its_longest_texts() {
        let mut header = strings(&["№", "Участник", "Клуб"]);
        header.extend((1..=30).map(|i| i.to_string()));
        let long = "Константинопольский Александр Вениаминович";
        let mut row = strings(&["1", long, "Санкт-Петербург, СДЮСШОР № 2"]);
        row.extend((1..=30).map(|_| "1,5".to_string()));
        let l = layout(&header, &[row.clone()], 273.0, NORMAL);
        assert_eq!(l.size, MIN_SIZE);
        assert_no_cell_touches(&l, 273.0);
        let printed = &l.rows[1];
        assert!(printed[1].len() > 1, "{:?}", printed[1]);
        assert_eq!(printed[1].concat().replace(' ', ""), long.replace(' ', ""));
        assert_eq!(printed[0], ["1"]);
        assert!(printed[3..].iter().all(|c| c == &["1,5"]), "{printed:?}");
    }
}
