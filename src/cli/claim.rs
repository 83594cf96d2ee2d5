use std::process::ExitCode;

use crate::cli::outln;
use shashki_arbiter::rules::columns::{game as columns_game, AnyVariant};
use shashki_arbiter::rules::{any, claim_repetition, game, pdn, ClaimVerdict, Record};

use super::{print_json, read_input, CliResult};
use crate::Format;

pub fn run(
    variant: AnyVariant,
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
    let at = |e: &dyn std::fmt::Display| format!("{file}: game {index}: {e}");
    let verdict = match any::variant_of(g, variant) {
        AnyVariant::Plain(v) => judge(&game::replay(g, v).map_err(|e| at(&e))?, ply, written),
        AnyVariant::Columns(v) => judge(
            &columns_game::replay(g, v).map_err(|e| at(&e))?,
            ply,
            written,
        ),
    }
    .map_err(|e| at(&e))?;
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

/// The claim after `ply` (default: the end of the record). A record with an illegal move is not
/// complete at its end: a claim there waits for a complete record (codex), and the illegal move
/// is named, never passed over by judging the legal part as if it were the whole game.
fn judge<R: Record>(
    replay: &R,
    ply: Option<usize>,
    written: Option<&str>,
) -> Result<ClaimVerdict, String> {
    let illegal = replay.first_illegal();
    let ply = match (ply, illegal) {
        (Some(p), _) => p,
        (None, Some(i)) => i.ply,
        (None, None) => replay.positions().len() - 1,
    };
    claim_repetition(replay, ply, written).map_err(|e| match illegal {
        Some(i) if ply >= i.ply => format!(
            "{e}; ply {} ({}. {}) is illegal: {}",
            i.ply, i.number, i.text, i.detail
        ),
        _ => e.to_string(),
    })
}
