//! CSV of one table (RFC 4180: CRLF, fields quoted when they need it), UTF-8 with a BOM so that
//! spreadsheet programs read Cyrillic names right. The separator is a choice: a Russian
//! spreadsheet (decimal comma) splits columns at `;`, an English one at `,`.

use super::{Lang, Section};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Separator {
    Comma,
    Semicolon,
}

impl Separator {
    /// What a spreadsheet in that language expects.
    pub fn for_lang(lang: Lang) -> Separator {
        match lang {
            Lang::En => Separator::Comma,
            Lang::Ru => Separator::Semicolon,
        }
    }

    fn char(self) -> char {
        match self {
            Separator::Comma => ',',
            Separator::Semicolon => ';',
        }
    }
}

impl std::str::FromStr for Separator {
    type Err = String;
    fn from_str(s: &str) -> Result<Separator, String> {
        match s {
            "," | "comma" => Ok(Separator::Comma),
            ";" | "semicolon" => Ok(Separator::Semicolon),
            other => Err(format!(
                "separator `{other}`: `,` (comma) or `;` (semicolon)"
            )),
        }
    }
}

fn field(s: &str, sep: char) -> String {
    // A field that starts or ends with a space is quoted too: some spreadsheets trim it.
    if s.contains([sep, '"', '\n', '\r']) || s.starts_with(' ') || s.ends_with(' ') {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

pub fn render(section: &Section, separator: Separator) -> String {
    let sep = separator.char();
    let mut out = String::from("\u{FEFF}");
    for row in std::iter::once(&section.header).chain(&section.rows) {
        let fields: Vec<String> = row.iter().map(|s| field(s, sep)).collect();
        out.push_str(&fields.join(&sep.to_string()));
        out.push_str("\r\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn section(rows: &[&[&str]]) -> Section {
        Section {
            heading: String::new(),
            header: vec!["a".into(), "b".into()],
            rows: rows
                .iter()
                .map(|r| r.iter().map(|s| s.to_string()).collect())
                .collect(),
            note: None,
            ..Section::default()
        }
    }

    #[test]
    fn fields_holding_the_separator_or_quotes_are_quoted() {
        let s = section(&[&["Иванов, И.", "2,5"], &["x;y", "say \"hi\""]]);
        assert_eq!(
            render(&s, Separator::Semicolon),
            "\u{FEFF}a;b\r\nИванов, И.;2,5\r\n\"x;y\";\"say \"\"hi\"\"\"\r\n"
        );
        assert_eq!(
            render(&s, Separator::Comma),
            "\u{FEFF}a,b\r\n\"Иванов, И.\",\"2,5\"\r\nx;y,\"say \"\"hi\"\"\"\r\n"
        );
    }
}
