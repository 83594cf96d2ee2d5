use std::process::ExitCode;

use crate::cli::outln;
use shashki_arbiter::rules::{claim_repetition, game, pdn, Variant};

use super::{print_json, read_input, CliResult};
use crate::Format;

pub fn run(
    variant: Variant,
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
    let verdict = claim_repetition(&replay, ply, written)
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
