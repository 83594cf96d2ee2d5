use std::process::ExitCode;

use crate::cli::outln;
use shashki_arbiter::rules::columns::AnyVariant;
use shashki_arbiter::rules::{any, pdn, GameReport};

use super::{print_json, read_input, CliResult};
use crate::Format;

pub fn run(variant: AnyVariant, file: &str, format: Format) -> CliResult {
    let bytes = read_input(file)?;
    let games = pdn::read_bytes(&bytes).map_err(|e| format!("{file}:{e}"))?;
    let reports: Vec<GameReport> = games
        .iter()
        .enumerate()
        .map(|(i, g)| any::check_game(i + 1, g, variant))
        .collect();
    match format {
        Format::Json => print_json(&reports)?,
        Format::Text | Format::Csv | Format::Html => {
            for r in &reports {
                print_report(file, r);
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

pub fn print_report(file: &str, r: &GameReport) {
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
    for c in &r.draw_counters {
        outln!(
            "  counting {}: {} of {} moves since ply {}, ends at ply {}",
            c.rule,
            c.moves,
            c.limit,
            c.since_ply,
            c.ends_at_ply
        );
    }
    if !r.final_fen.is_empty() {
        outln!("  final position: {}", r.final_fen);
    }
}
