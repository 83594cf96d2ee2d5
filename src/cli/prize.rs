//! `prize add | option` and `prizes`: the regulation's prizes, and who takes them.

use serde::Serialize;
use shashki_arbiter::lang::{Lang, Russian};
use shashki_arbiter::store::event;
use shashki_arbiter::tournament::command::Command;
use shashki_arbiter::tournament::model::Tournament;
use shashki_arbiter::tournament::prize::{self, Award, List, Prize, PrizeError, Prizes, Split};
use shashki_arbiter::tournament::standings;

use super::{outln, print_json, CliResult};
use crate::Format;

/// Puts the event's prizes, changed, through the one `apply`.
fn set(
    file: &str,
    verb: &str,
    lang: Lang,
    change: impl FnOnce(&Tournament) -> Result<Prizes, PrizeError>,
) -> CliResult {
    super::change(file, verb, lang, |t| {
        change(t).map(|prizes| Command::SetPrizes { prizes })
    })?;
    Ok(std::process::ExitCode::SUCCESS)
}

/// Adds a prize to a list.
pub fn add(file: &str, p: Prize, lang: Lang, format: Format) -> CliResult {
    let shown = p.clone();
    set(file, "prize add", lang, |t| Ok(prize::added(t, p)))?;
    match format {
        Format::Json => print_json(&shown)?,
        _ => outln!(
            "{} {}, {}: {}",
            lang.pick("prize", "приз"),
            shown.list.id(),
            shown.place,
            [shown.amount.map(|a| a.to_string()), shown.title.clone()]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
    Ok(std::process::ExitCode::SUCCESS)
}

/// Takes a prize off its list (a line of the regulation entered wrongly).
pub fn remove(file: &str, list: List, place: usize, lang: Lang, format: Format) -> CliResult {
    set(file, "prize remove", lang, |t| {
        prize::removed(t, &list, place)
    })?;
    match format {
        Format::Json => {
            print_json(&serde_json::json!({ "removed": { "list": list.id(), "place": place } }))?
        }
        _ => outln!(
            "{} {}, {}: {}",
            lang.pick("prize", "приз"),
            list.id(),
            place,
            lang.pick("removed", "убран")
        ),
    }
    Ok(std::process::ExitCode::SUCCESS)
}

/// Sets the rules the prizes are given by.
pub fn option(
    file: &str,
    one_per_player: Option<bool>,
    split: Option<Split>,
    lang: Lang,
    format: Format,
) -> CliResult {
    set(file, "prize option", lang, |t| {
        Ok(prize::ruled(t, one_per_player, split))
    })?;
    let t = event::read(std::path::Path::new(file)).map_err(|e| e.said(lang))?;
    match format {
        Format::Json => print_json(&rules(&t.prizes))?,
        _ => outln!("{}", shashki_arbiter::report::awards::rules_line(&t, lang)),
    }
    Ok(std::process::ExitCode::SUCCESS)
}

#[derive(Serialize)]
struct Rules {
    one_per_player: bool,
    split: Split,
}

fn rules(p: &Prizes) -> Rules {
    Rules {
        one_per_player: p.one_per_player,
        split: p.split,
    }
}

#[derive(Serialize)]
struct Given<'a> {
    awards: &'a [Award],
    rules: Rules,
}

/// Who takes each prize after `round` (every round when `None`), in the order they are taken.
pub fn list(file: &str, round: Option<usize>, lang: Lang, format: Format) -> CliResult {
    let t = event::read(std::path::Path::new(file)).map_err(|e| e.said(lang))?;
    super::event::played_round(&t, round)?;
    let lines = standings::compute(&t, round);
    let awards = prize::allocate(&t, &lines);
    match format {
        Format::Json => print_json(&Given {
            awards: &awards,
            rules: rules(&t.prizes),
        })?,
        _ => {
            if awards.is_empty() {
                outln!("{}", lang.pick("no prizes", "призов нет"));
            }
            for a in &awards {
                let who = a
                    .player
                    .and_then(|id| t.player(id))
                    .map_or_else(|| "—".to_string(), |p| p.full_name());
                let list = match List::parse(&a.list) {
                    List::Main => lang.pick("main", "основной").to_string(),
                    List::Category(id) => t
                        .categories
                        .iter()
                        .find(|c| c.id == id)
                        .map_or(id.clone(), |c| c.name_in(lang).to_string()),
                };
                let worth = [a.amount.map(|x| x.to_string()), a.title.clone()]
                    .into_iter()
                    .flatten()
                    .collect::<Vec<_>>()
                    .join(", ");
                outln!("{list}\t{}\t{worth}\t{who}", a.place);
            }
        }
    }
    Ok(std::process::ExitCode::SUCCESS)
}
