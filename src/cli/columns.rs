//! The command line for column draughts (`--variant towers|laska`): perft, moves, check and the
//! repetition claim, with the same JSON shapes as the other variants (columns.md §7).

use std::process::ExitCode;
use std::time::Instant;

use crate::cli::outln;
use serde::Serialize;
use shashki_arbiter::rules::columns::game::{self, check_game, ColumnGameReport};
use shashki_arbiter::rules::columns::notation::{write, write_route};
use shashki_arbiter::rules::columns::{fen, perft, ColumnPosition, ColumnVariant};
use shashki_arbiter::rules::pdn;

use super::{print_json, read_input, CliResult};
use crate::Format;

fn position(variant: ColumnVariant, fen_text: Option<&str>) -> Result<ColumnPosition, String> {
    match fen_text {
        None => Ok(variant.start()),
        Some(f) => fen::parse(variant, f).map_err(|e| format!("--fen: {e}")),
    }
}

#[derive(Serialize)]
struct Depth {
    depth: u32,
    leaves: u64,
    seconds: f64,
}

#[derive(Serialize)]
struct PerftReport {
    variant: &'static str,
    fen: String,
    depths: Vec<Depth>,
}

pub fn perft_run(
    variant: ColumnVariant,
    fen_text: Option<&str>,
    depth: u32,
    format: Format,
) -> CliResult {
    shashki_arbiter::limits::at_most("depth", depth, shashki_arbiter::limits::MAX_PERFT_DEPTH)
        .map_err(|e| e.to_string())?;
    let pos = position(variant, fen_text)?;
    let mut depths = Vec::new();
    for d in 1..=depth {
        let t = Instant::now();
        let leaves = perft(&pos, d);
        let seconds = t.elapsed().as_secs_f64();
        if format == Format::Text {
            let rate = if seconds > 0.0 {
                leaves as f64 / seconds / 1e6
            } else {
                0.0
            };
            outln!("depth {d:>2}: {leaves:>14} leaves  {seconds:>9.3} s  {rate:>8.1} M/s");
        }
        depths.push(Depth {
            depth: d,
            leaves,
            seconds,
        });
    }
    if format == Format::Json {
        print_json(&PerftReport {
            variant: variant.name(),
            fen: fen::write(&pos),
            depths,
        })?;
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Serialize)]
struct MoveOut {
    from: String,
    to: String,
    /// In capture order, one entry per piece taken (a square repeats).
    captured: Vec<String>,
    promotion: bool,
    /// The column on the landing square after the move, top first (`wWbB`).
    column: String,
    path: String,
    text: String,
}

pub fn moves_run(variant: ColumnVariant, fen_text: &str, format: Format) -> CliResult {
    let pos = position(variant, Some(fen_text))?;
    let out: Vec<MoveOut> = pos
        .legal_moves()
        .iter()
        .map(|m| MoveOut {
            from: pos.name(m.from),
            to: pos.name(m.to),
            captured: m.captured().iter().map(|&s| pos.name(s)).collect(),
            promotion: m.promotion,
            column: pos.play(m).column(m.to).letters(),
            path: write_route(&pos, m),
            text: write(&pos, m),
        })
        .collect();
    match format {
        Format::Json => print_json(&out)?,
        Format::Text | Format::Csv | Format::Html => {
            if out.is_empty() {
                outln!("{} has no legal move", pos.turn());
            }
            for m in &out {
                let mut line = format!("{:<14} {}  column {}", m.text, m.path, m.column);
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

pub fn check_run(variant: ColumnVariant, file: &str, format: Format) -> CliResult {
    let bytes = read_input(file)?;
    let games = pdn::read_bytes(&bytes).map_err(|e| format!("{file}:{e}"))?;
    let reports: Vec<ColumnGameReport> = games
        .iter()
        .enumerate()
        .map(|(i, g)| check_game(i + 1, g, variant))
        .collect();
    match format {
        Format::Json => print_json(&reports)?,
        Format::Text | Format::Csv | Format::Html => {
            for r in &reports {
                let verdict = if r.legal { "legal" } else { "NOT LEGAL" };
                outln!(
                    "Game {} ({}): {} – {}: {}, {} plies",
                    r.game,
                    r.variant,
                    r.white,
                    r.black,
                    verdict,
                    r.plies
                );
                for note in &r.notes {
                    outln!("  note: {note}");
                }
                if let Some(i) = &r.first_illegal {
                    outln!(
                        "  {file}:{}:{}: ply {} (move {}, {}) `{}`: {} — {}",
                        i.line,
                        i.column,
                        i.ply,
                        i.number,
                        i.side,
                        i.text,
                        i.reason.code(),
                        i.detail
                    );
                    if !i.legal.is_empty() {
                        outln!("  legal: {}", i.legal.join(" "));
                    }
                }
                for rep in r.repetitions.iter().filter(|rep| rep.threefold) {
                    outln!(
                        "  threefold repetition after plies {:?}: {}",
                        rep.plies,
                        rep.fen
                    );
                }
                for d in &r.draw_rules {
                    outln!(
                        "  draw rule {} (counting from ply {}) is reached at ply {}",
                        d.rule,
                        d.since_ply,
                        d.ends_at_ply
                    );
                }
                outln!("  final position: {}", r.final_fen);
            }
            let bad = reports.iter().filter(|r| !r.legal).count();
            outln!(
                "{} game(s), {} legal, {} not legal",
                reports.len(),
                reports.len() - bad,
                bad
            );
        }
    }
    Ok(if reports.iter().all(|r| r.legal) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

pub fn claim_run(
    variant: ColumnVariant,
    file: &str,
    index: usize,
    ply: Option<usize>,
    written: Option<&str>,
    format: Format,
) -> CliResult {
    let bytes = read_input(file)?;
    let games = pdn::read_bytes(&bytes).map_err(|e| format!("{file}:{e}"))?;
    let g = games.get(index.wrapping_sub(1)).ok_or_else(|| {
        format!(
            "{file}: there is no game {index} (the file has {})",
            games.len()
        )
    })?;
    let replay = game::replay(g, variant).map_err(|e| format!("{file}: game {index}: {e}"))?;
    let ply = ply.unwrap_or(replay.moves.len());
    let verdict = game::claim_repetition(&replay, ply, written)
        .map_err(|e| format!("{file}: game {index}: {e}"))?;
    match format {
        Format::Json => print_json(&verdict)?,
        Format::Text | Format::Csv | Format::Html => {
            let head = if verdict.valid {
                "CLAIM VALID"
            } else {
                "CLAIM NOT VALID"
            };
            outln!("{head} ({} claims): {}", verdict.claimant, verdict.detail);
            outln!("position: {}", verdict.fen);
            if !verdict.plies.is_empty() {
                outln!("stood after plies: {:?}", verdict.plies);
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
