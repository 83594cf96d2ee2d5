use std::process::ExitCode;

use crate::cli::outln;
use serde::Serialize;
use shashki_arbiter::rules::columns::{fen as column_fen, notation as column_notation, AnyVariant};
use shashki_arbiter::rules::{movegen, notation, Color};

use super::{position, print_json, CliResult};
use crate::Format;

#[derive(Serialize)]
struct MoveOut {
    from: String,
    to: String,
    /// Square order; for column variants capture order, one entry per piece taken.
    captured: Vec<String>,
    promotion: bool,
    /// Column variants: the column on the landing square after the move, top first (`wWbB`).
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<String>,
    path: String,
    text: String,
}

pub fn run(variant: AnyVariant, fen_text: &str, format: Format) -> CliResult {
    let (turn, out) = match variant {
        AnyVariant::Plain(v) => {
            let pos = position(v, Some(fen_text))?;
            let board = pos.board();
            let moves = movegen::legal_moves(&pos);
            let texts = notation::write_all(&pos, &moves);
            let out: Vec<MoveOut> = moves
                .iter()
                .zip(texts)
                .map(|(m, text)| MoveOut {
                    // Squares as the variant writes them: numbers in English checkers too.
                    from: notation::square(&pos, m.from),
                    to: notation::square(&pos, m.to),
                    captured: m
                        .captured(board)
                        .into_iter()
                        .map(|s| notation::square(&pos, s))
                        .collect(),
                    promotion: m.promotion,
                    column: None,
                    path: notation::path(&pos, m),
                    text,
                })
                .collect();
            (pos.turn(), out)
        }
        AnyVariant::Columns(v) => {
            let pos = column_fen::parse(v, fen_text).map_err(|e| format!("--fen: {e}"))?;
            let moves = pos.legal_moves();
            let texts = column_notation::write_all(&pos, &moves);
            let out: Vec<MoveOut> = moves
                .iter()
                .zip(texts)
                .map(|(m, text)| MoveOut {
                    from: pos.name(m.from),
                    to: pos.name(m.to),
                    captured: m.captured().iter().map(|&s| pos.name(s)).collect(),
                    promotion: m.promotion,
                    column: Some(pos.play(m).column(m.to).letters()),
                    path: column_notation::write_route(&pos, m),
                    text,
                })
                .collect();
            (pos.turn(), out)
        }
    };
    print(turn, &out, format)
}

fn print(turn: Color, out: &[MoveOut], format: Format) -> CliResult {
    match format {
        Format::Json => print_json(&out)?,
        Format::Text | Format::Csv | Format::Html => {
            if out.is_empty() {
                outln!("{turn} has no legal move");
            }
            for m in out {
                let mut line = format!("{:<14} {}", m.text, m.path);
                if let Some(c) = &m.column {
                    line.push_str(&format!("  column {c}"));
                }
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
