//! CSV of one table (RFC 4180: comma, CRLF, fields quoted when they need it), UTF-8 with a BOM so
//! that spreadsheet programs read Cyrillic names right.

use super::Section;

fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

pub fn render(section: &Section) -> String {
    let mut out = String::from("\u{FEFF}");
    for row in std::iter::once(&section.header).chain(&section.rows) {
        let fields: Vec<String> = row.iter().map(|s| field(s)).collect();
        out.push_str(&fields.join(","));
        out.push_str("\r\n");
    }
    out
}
