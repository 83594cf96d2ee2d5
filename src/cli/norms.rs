//! `norms`: the ЕВСК rank norms of an event's participants after the games played.

use std::path::Path;

use shashki_arbiter::lang::Lang;
use shashki_arbiter::report::points;
use shashki_arbiter::store::event;
use shashki_arbiter::tournament::norms::{self, Norms, Table};

use super::{outln, CliResult};
use crate::Format;

pub fn run(file: &str, table: Option<&str>, lang_text: &str, format: Format) -> CliResult {
    let lang = super::event::lang(lang_text)?;
    let t = event::read(Path::new(file)).map_err(|e| e.to_string())?;
    let table = match table {
        Some(path) => Table::load(Path::new(path)).map_err(|e| e.to_string())?,
        // The event's own table and options (Event › «Судьи и документы»), else the shipped.
        None => Table::for_event(&t.settings.norms, Some(Path::new(file)))
            .map_err(|e| e.to_string())?
            .into_owned(),
    };
    let options = table.options;
    let n = norms::compute(&t, None, &table, &options);
    match format {
        Format::Json => outln!("{}", serde_json::to_string_pretty(&json(&n, lang)).unwrap()),
        _ => text(&n, lang),
    }
    Ok(std::process::ExitCode::SUCCESS)
}

/// The shape `docs/evsk.md` gives: ranks keyed by name, numbers as numbers.
fn json(n: &Norms, lang: Lang) -> serde_json::Value {
    let players: Vec<serde_json::Value> = n
        .players
        .iter()
        .map(|p| {
            // A participant with too few games has no norms on paper, only the reason.
            let ranks: serde_json::Map<String, serde_json::Value> = p
                .norms
                .iter()
                .filter(|_| p.reason.is_none())
                .map(|r| {
                    (
                        r.rank.clone(),
                        serde_json::json!({"required": r.required, "norm": r.norm, "met": r.met}),
                    )
                })
                .collect();
            serde_json::json!({
                "number": p.number,
                "name": p.name,
                "rank": p.rank,
                "coefficient": p.coefficient.map(|k| (k * 100.0).round() / 100.0),
                "games": p.games,
                "score": p.score,
                "norms": ranks,
                "result": p.result,
                "kind": p.kind.map(|k| k.said(Lang::Ru)),
                "reason": p.reason.as_ref().map(|r| r.get(lang).to_string()),
            })
        })
        .collect();
    serde_json::json!({
        "table": {"source": n.source.get(lang), "edition": n.edition},
        "options": n.options,
        "eligible": n.eligible,
        "reason": n.reason.as_ref().map(|r| r.get(lang).to_string()),
        "players": players,
    })
}

fn text(n: &Norms, lang: Lang) {
    outln!("{}", n.table_line(lang));
    outln!("{}", n.options_line(lang));
    if let Some(r) = &n.reason {
        outln!("{}", r.get(lang));
    }
    for p in &n.players {
        let k = p
            .coefficient
            .map_or("—".to_string(), |k| norms::coefficient_text(k, lang));
        let mut line = format!(
            "{}. {} ({}): k {k}, {} {}, {} {}",
            p.number.map_or(String::new(), |n| n.to_string()),
            p.name,
            n.rank_said(&p.rank, lang),
            lang.pick("games", "партий"),
            p.games,
            lang.pick("points", "очков"),
            points(p.score, lang)
        );
        if let Some(r) = &p.reason {
            line.push_str(&format!(" — {}", r.get(lang)));
        }
        for r in p.norms.iter().filter(|_| p.reason.is_none()) {
            line.push_str(&format!(
                "; {} ({} {}): {} {}{}",
                n.rank_said(&r.rank, lang),
                lang.pick("k at most", "k не более"),
                r.required,
                lang.pick("norm", "норма"),
                points(r.norm, lang),
                if r.met { " ✓" } else { "" }
            ));
        }
        if p.result.is_some() {
            line.push_str(&format!(" → {}", n.outcome(p, lang)));
        }
        outln!("{line}");
    }
}
