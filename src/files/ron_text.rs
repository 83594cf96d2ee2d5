//! RON as every file of the program reads and writes it: `Option` fields written bare (no
//! `Some(…)`), and errors that name the place as `origin:line:column`.

use ron::extensions::Extensions;
use serde::{de::DeserializeOwned, Serialize};

#[derive(Debug, thiserror::Error)]
#[error("{origin}:{line}:{column}: the file is damaged or cut off here ({message})")]
pub struct RonError {
    pub origin: String,
    pub line: usize,
    pub column: usize,
    /// The parser's own words (English), for the English text and the log.
    pub message: String,
}

impl crate::lang::Russian for RonError {
    /// In words, with the place; the parser's English detail stays in the English text.
    fn ru(&self) -> String {
        let cut = matches!(
            self.message.as_str(),
            m if m.contains("Unexpected end") || m.contains("end of")
        );
        format!(
            "{}, строка {}, позиция {}: файл {} в этом месте",
            self.origin,
            self.line,
            self.column,
            if cut {
                "обрезан"
            } else {
                "повреждён или обрезан"
            }
        )
    }
}

fn options() -> ron::Options {
    ron::Options::default().with_default_extension(Extensions::IMPLICIT_SOME)
}

pub fn from_str<T: DeserializeOwned>(origin: &str, text: &str) -> Result<T, RonError> {
    options().from_str(text).map_err(|e| RonError {
        origin: origin.to_string(),
        line: e.position.line,
        column: e.position.col,
        message: e.code.to_string(),
    })
}

/// Pretty RON; the implicit-some extension is declared in the text so that other RON readers
/// accept it too.
pub fn to_string<T: Serialize>(value: &T) -> String {
    let pretty = ron::ser::PrettyConfig::new()
        .struct_names(false)
        .extensions(Extensions::IMPLICIT_SOME);
    options()
        .to_string_pretty(value, pretty)
        .expect("the program's own types serialise")
}
