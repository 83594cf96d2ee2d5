//! The subcommands' input and output; the work itself is in the library.

pub mod check;
pub mod claim;
pub mod clock;
pub mod event;
pub mod moves;
pub mod perft;
pub mod swiss;

use std::io::Read;

use shashki_arbiter::rules::{fen, Position, Variant};

pub type CliResult = Result<std::process::ExitCode, String>;

pub fn position(variant: Variant, fen_text: Option<&str>) -> Result<Position, String> {
    match fen_text {
        None => Ok(Position::start(variant)),
        Some(f) => fen::parse(variant, f).map_err(|e| format!("--fen: {e}")),
    }
}

/// The bytes of a file, or of standard input for `-`.
pub fn read_input(path: &str) -> Result<Vec<u8>, String> {
    if path == "-" {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .map_err(|e| format!("standard input: {e}"))?;
        Ok(buf)
    } else {
        std::fs::read(path).map_err(|e| format!("{path}: {e}"))
    }
}

pub fn print_json<T: serde::Serialize>(value: &T) -> Result<(), String> {
    let text = serde_json::to_string_pretty(value).map_err(|e| e.to_string())?;
    println!("{text}");
    Ok(())
}
