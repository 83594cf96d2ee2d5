//! RON as every file of the program reads and writes it: `Option` fields written bare (no
//! `Some(…)`), and errors that name the place as `origin:line:column`.

use ron::extensions::Extensions;
use serde::{de::DeserializeOwned, Serialize};

#[derive(Debug, thiserror::Error)]
#[error("{origin}:{line}:{column}: {message}")]
pub struct RonError {
    pub origin: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl crate::lang::Russian for RonError {
    /// The place as the English names it; the parser's own message stays as RON words it.
    fn ru(&self) -> String {
        format!(
            "{}:{}:{}: {}",
            self.origin, self.line, self.column, self.message
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
