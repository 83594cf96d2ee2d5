use std::process::ExitCode;

use crate::cli::outln;
use serde::Serialize;
use shashki_arbiter::rules::{movegen, notation, Variant};

use super::{position, print_json, CliResult};
use crate::Format;

#[derive(Serialize)]
struct MoveOut {
    from: String,
    to: String,
    captured: Vec<String>,
    promotion: bool,
    path: String,
    text: String,
}

pub fn run(variant: Variant, fen_text: &str, format: Format) -> CliResult {
    let pos = position(variant, Some(fen_text))?;
    let board = pos.board();
    let moves = movegen::legal_moves(&pos);
    let texts = notation::write_all(&pos, &moves);
    let out: Vec<MoveOut> = moves
        .iter()
        .zip(texts)
        .map(|(m, text)| MoveOut {
            from: board.name(m.from),
            to: board.name(m.to),
            captured: m
                .captured(board)
                .into_iter()
                .map(|s| board.name(s))
                .collect(),
            promotion: m.promotion,
            path: notation::path(&pos, m),
            text,
        })
        .collect();
    match format {
        Format::Json => print_json(&out)?,
        Format::Text | Format::Csv | Format::Html => {
            if out.is_empty() {
                outln!("{} has no legal move", pos.turn());
            }
            for m in &out {
                let mut line = format!("{:<14} {}", m.text, m.path);
                if !m.captured.is_empty() {
                    line.push_str(&format!("  takes {}", m.captured.join(" ")));
                }
                if m.promotion {
                    line.push_str("  crowns");
                }
                outln!("{line}");
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
