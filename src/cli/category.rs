//! `category add | list | remove`: the event's categories (зачёты), journaled like the
//! console's changes; `standings --category ID` reads them.

use chrono::Utc;
use serde::Serialize;
use shashki_arbiter::files::lock::Holder;
use shashki_arbiter::lang::{Lang, Russian};
use shashki_arbiter::store::event::{self, EventFile};
use shashki_arbiter::tournament::category::{self, Category, CategoryError};
use shashki_arbiter::tournament::command::Command;
use shashki_arbiter::tournament::model::Tournament;

use super::{outln, print_json, CliResult};
use crate::Format;

/// A refusal in the language asked for, naming the file.
fn refused(file: &str, e: &impl Russian, lang: Lang) -> String {
    format!("{file}: {}", e.said(lang))
}

/// Puts the event's new list of categories through the one `apply`.
fn set(
    file: &str,
    verb: &str,
    lang: Lang,
    change: impl FnOnce(&Tournament) -> Result<Vec<Category>, CategoryError>,
) -> CliResult {
    super::change(file, verb, lang, |t| {
        change(t).map(|categories| Command::SetCategories { categories })
    })?;
    Ok(std::process::ExitCode::SUCCESS)
}

/// Adds a category after the event's others (the regulation's order is the order added).
pub fn add(file: &str, c: Category, lang: Lang, format: Format) -> CliResult {
    let shown = c.clone();
    set(file, "category add", lang, |t| category::added(t, c))?;
    let t = event::read(std::path::Path::new(file)).map_err(|e| e.to_string())?;
    match format {
        Format::Json => print_json(&listed(&t, &shown, lang))?,
        _ => outln!(
            "{} «{}»: {}",
            lang.pick("category", "зачёт"),
            shown.name_in(lang),
            shown.members(&t).count()
        ),
    }
    Ok(std::process::ExitCode::SUCCESS)
}

/// Removes a category and its prizes.
pub fn remove(file: &str, id: &str, lang: Lang, format: Format) -> CliResult {
    let path = std::path::Path::new(file);
    let mut event = EventFile::open_as(path, &Holder::this("category remove", Utc::now()))
        .map_err(|e| e.said(lang))?;
    let (categories, prizes) = shashki_arbiter::tournament::prize::without(&event.tournament, id)
        .map_err(|e| refused(file, &e, lang))?;
    // One change: the category and its prizes go together (one journal line, one undo).
    let change = Command::Batch {
        commands: vec![
            Command::SetPrizes { prizes },
            Command::SetCategories { categories },
        ],
    };
    event
        .apply(change, Utc::now())
        .map_err(|e| refused(file, &e, lang))?;
    match format {
        Format::Json => print_json(&serde_json::json!({ "removed": id }))?,
        _ => outln!(
            "{} `{id}` {}",
            lang.pick("category", "зачёт"),
            lang.pick("removed", "удалён")
        ),
    }
    Ok(std::process::ExitCode::SUCCESS)
}

#[derive(Serialize)]
struct Listed<'a> {
    #[serde(flatten)]
    category: &'a Category,
    /// The name in the language asked for.
    said: &'a str,
    /// The players in it now, by id, in the event's order.
    members: Vec<u32>,
}

fn listed<'a>(t: &'a Tournament, c: &'a Category, lang: Lang) -> Listed<'a> {
    Listed {
        category: c,
        said: c.name_in(lang),
        members: c.members(t).map(|p| p.id.0).collect(),
    }
}

/// The event's categories with who is in each now.
pub fn list(file: &str, lang: Lang, format: Format) -> CliResult {
    let t = event::read(std::path::Path::new(file)).map_err(|e| e.said(lang))?;
    match format {
        Format::Json => {
            let all: Vec<Listed> = t.categories.iter().map(|c| listed(&t, c, lang)).collect();
            print_json(&all)?
        }
        _ => {
            if t.categories.is_empty() {
                outln!("{}", lang.pick("no categories", "зачётов нет"));
            }
            for c in &t.categories {
                outln!("{}\t{}\t{}", c.id, c.name_in(lang), c.members(&t).count());
            }
        }
    }
    Ok(std::process::ExitCode::SUCCESS)
}
