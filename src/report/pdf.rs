//! PDF on A4 landscape with DejaVu Sans embedded (it covers Cyrillic), tables broken across pages
//! with their header repeated.

use printpdf::{IndirectFontRef, Line, Mm, PdfDocument, PdfLayerReference, Point};

use super::Document;

const FONT: &[u8] = include_bytes!("../../resources/fonts/DejaVuSans.ttf");
const PAGE_W: f32 = 297.0;
const PAGE_H: f32 = 210.0;
const MARGIN: f32 = 12.0;
const SIZE: f32 = 8.5;
const ROW: f32 = 5.0;

#[derive(Debug, thiserror::Error)]
#[error("PDF: {0}")]
pub struct PdfError(String);

/// Width of a text in mm at `size` pt, by a generous average DejaVu Sans advance (0.62 em; Cyrillic
/// letters are wider than Latin ones).
fn width(text: &str, size: f32) -> f32 {
    text.chars().count() as f32 * size * 0.62 * 0.3528
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
    for s in &doc.subtitle {
        w.text(s, 9.0, MARGIN);
        w.y -= 4.5;
    }
    for section in &doc.sections {
        // Column widths from the widest cell, shrunk to the page if needed.
        let cols = section.header.len();
        let mut widths = vec![0f32; cols];
        for row in std::iter::once(&section.header).chain(&section.rows) {
            for (i, cell) in row.iter().enumerate().take(cols) {
                widths[i] = widths[i].max(width(cell, SIZE) + 3.0);
            }
        }
        let total: f32 = widths.iter().sum();
        let room = PAGE_W - 2.0 * MARGIN;
        let size = if total > room {
            SIZE * room / total
        } else {
            SIZE
        };
        let scale = size / SIZE;
        let xs: Vec<f32> = widths
            .iter()
            .scan(MARGIN, |x, wd| {
                let at = *x;
                *x += wd * scale;
                Some(at)
            })
            .collect();
        w.y -= 4.0;
        w.need(8.0 + 2.0 * ROW);
        w.text(&section.heading, 12.0, MARGIN);
        w.y -= 6.0;
        let header = |w: &mut Writer| {
            for (cell, x) in section.header.iter().zip(&xs) {
                w.text(cell, size, *x);
            }
            w.rule(w.y - 1.5);
            w.y -= ROW;
        };
        header(&mut w);
        for row in &section.rows {
            if w.y - ROW < MARGIN {
                w.new_page();
                header(&mut w);
            }
            for (cell, x) in row.iter().zip(&xs) {
                w.text(cell, size, *x);
            }
            w.y -= ROW;
        }
    }
    let bytes = w.doc.save_to_bytes().map_err(|e| PdfError(e.to_string()))?;
    with_title(&bytes, &doc.title)
}

/// The PDF with its Title as PDF text (UTF-16BE after a byte-order mark): printpdf writes the
/// title's UTF-8 bytes as they are, which readers show garbled for any Cyrillic name.
fn with_title(bytes: &[u8], title: &str) -> Result<Vec<u8>, PdfError> {
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
