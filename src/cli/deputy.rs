//! `deputy add | list | revoke`: the deputy arbiters who may enter results from their phones.

use chrono::Utc;
use rand_chacha::rand_core::SeedableRng;
use serde::Serialize;
use shashki_arbiter::files::lock::Holder;
use shashki_arbiter::store::event::{self, EventFile};
use shashki_arbiter::tournament::command::Command;
use shashki_arbiter::tournament::deputy::{self, Boards, Deputy};

use super::{outln, print_json, CliResult};
use crate::Format;

#[derive(Serialize)]
struct Added<'a> {
    name: &'a str,
    boards: String,
    code: &'a str,
}

/// Adds a deputy and prints his code: the only time it is shown (the event keeps its hash).
pub fn add(file: &str, name: &str, boards: &str, format: Format) -> CliResult {
    let boards = Boards::parse(boards).map_err(|e| format!("--boards: {e}"))?;
    let path = std::path::Path::new(file);
    let mut event = EventFile::open_as(path, &Holder::this("deputy add", Utc::now()))
        .map_err(|e| e.to_string())?;
    let code = deputy::new_code(&mut rand_chacha::ChaCha20Rng::from_os_rng());
    let d = Deputy::new(name, boards, &code, Utc::now());
    let (name, boards) = (d.name.clone(), d.boards.to_string());
    event
        .apply(Command::AddDeputy { deputy: d }, Utc::now())
        .map_err(|e| format!("{file}: {e}"))?;
    match format {
        Format::Json => print_json(&Added {
            name: &name,
            boards,
            code: &code,
        })?,
        _ => {
            outln!("deputy {name}, boards {boards}");
            outln!("code: {code}");
            outln!("(shown once: the event keeps only its hash; `deputy revoke` ends it)");
        }
    }
    Ok(std::process::ExitCode::SUCCESS)
}

#[derive(Serialize)]
struct Listed<'a> {
    name: &'a str,
    boards: String,
    added: chrono::DateTime<Utc>,
    #[serde(skip_serializing_if = "Option::is_none")]
    revoked: Option<chrono::DateTime<Utc>>,
}

/// The event's deputies, revoked ones included (their codes no longer work).
pub fn list(file: &str, format: Format) -> CliResult {
    let t = event::read(std::path::Path::new(file)).map_err(|e| e.to_string())?;
    let listed: Vec<Listed> = t
        .deputies
        .iter()
        .map(|d| Listed {
            name: &d.name,
            boards: d.boards.to_string(),
            added: d.added,
            revoked: d.revoked,
        })
        .collect();
    match format {
        Format::Json => print_json(&listed)?,
        _ => {
            if listed.is_empty() {
                outln!("no deputies");
            }
            for d in &listed {
                let state = d.revoked.map_or_else(
                    || "code works".to_string(),
                    |at| format!("revoked {}", at.format("%Y-%m-%d %H:%M UTC")),
                );
                outln!(
                    "{}\tboards {}\tadded {}\t{state}",
                    d.name,
                    d.boards,
                    d.added.format("%Y-%m-%d %H:%M UTC")
                );
            }
        }
    }
    Ok(std::process::ExitCode::SUCCESS)
}

/// Revokes a deputy's code for good.
pub fn revoke(file: &str, name: &str, format: Format) -> CliResult {
    let path = std::path::Path::new(file);
    let mut event = EventFile::open_as(path, &Holder::this("deputy revoke", Utc::now()))
        .map_err(|e| e.to_string())?;
    let at = Utc::now();
    event
        .apply(
            Command::RevokeDeputy {
                name: name.trim().to_string(),
                at,
            },
            at,
        )
        .map_err(|e| format!("{file}: {e}"))?;
    match format {
        Format::Json => print_json(&serde_json::json!({"name": name.trim(), "revoked": at}))?,
        _ => outln!("the code of {} is revoked", name.trim()),
    }
    Ok(std::process::ExitCode::SUCCESS)
}
