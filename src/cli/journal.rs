//! `journal EVENT`: every change made to the event, in order — its kind, its round, who made it
//! (the console's arbiter, a command, a deputy from his phone), when, why (a correction's
//! reason) and what it did in words — for an appeals committee or a rating officer.

use std::path::Path;
use std::process::ExitCode;

use serde::Serialize;
use serde_json::Value;
use shashki_arbiter::lang::{Lang, Russian};
use shashki_arbiter::store::event::{self, Entry, Made};
use shashki_arbiter::store::said;

use super::{outln, print_json, CliResult};
use crate::Format;

#[derive(Serialize)]
struct Line {
    seq: u64,
    at: chrono::DateTime<chrono::Utc>,
    /// The command's name as the file writes it (`set_result`, `set_pairings`).
    kind: String,
    /// The round it concerns, where it concerns one.
    round: Option<u64>,
    /// A deputy's name; `null`: the event's holder (the console or a command).
    who: Option<String>,
    address: Option<String>,
    /// The reason given with it (a correction's).
    reason: Option<String>,
    /// This entry took back entry N, or made it again.
    undoes: Option<u64>,
    redoes: Option<u64>,
    /// What it did, in `--lang`.
    said: String,
}

/// The round a command names: its own `round`, its game's, or its first part's.
fn round_of(v: &Value) -> Option<u64> {
    match v.get("round") {
        Some(Value::Number(n)) => return n.as_u64(),
        Some(Value::Object(r)) => return r.get("number").and_then(Value::as_u64),
        _ => {}
    }
    if let Some(n) = v
        .get("game")
        .and_then(|g| g.get("round"))
        .and_then(Value::as_u64)
    {
        return Some(n);
    }
    v.get("commands")?.as_array()?.iter().find_map(round_of)
}

fn line(
    t: &shashki_arbiter::tournament::Tournament,
    journal: &[Entry],
    e: &Entry,
    lang: Lang,
) -> Line {
    let command = serde_json::to_value(&e.command).unwrap_or(Value::Null);
    let kind = match e.made() {
        Made::Undo(_) => "undo".to_string(),
        Made::Redo(_) => "redo".to_string(),
        Made::Change if e.act.is_some() => e.act.map(|a| a.key()).unwrap_or_default().to_string(),
        Made::Change => command
            .get("command")
            .and_then(Value::as_str)
            .unwrap_or("change")
            .to_string(),
    };
    Line {
        seq: e.seq,
        at: e.at,
        kind,
        // An act's round is the record's (a late setting's: the last round paired).
        round: t
            .record
            .iter()
            .find(|r| r.entry == Some(e.seq))
            .map(|r| r.round as u64)
            .or_else(|| round_of(&command)),
        who: e.by.as_ref().map(|b| b.deputy.clone()),
        address: e.by.as_ref().map(|b| b.address.clone()),
        reason: e.why.clone(),
        undoes: e.undoes,
        redoes: e.redoes,
        said: said::entry(t, journal, e, lang),
    }
}

pub fn journal(file: &str, lang: Lang, format: Format) -> CliResult {
    let path = Path::new(file);
    let t = event::read(path).map_err(|e| e.said(lang))?;
    let journal = event::read_journal_of(path).map_err(|e| e.said(lang))?;
    let lines: Vec<Line> = journal
        .iter()
        .map(|e| line(&t, &journal, e, lang))
        .collect();
    match format {
        Format::Json => print_json(&lines)?,
        _ => {
            if lines.is_empty() {
                outln!("{}", lang.pick("the journal is empty", "журнал пуст"));
            }
            for l in &lines {
                let at =
                    l.at.with_timezone(&chrono::Local)
                        .format("%Y-%m-%d %H:%M:%S");
                let who = l
                    .who
                    .as_deref()
                    .map_or_else(String::new, |w| format!(" [{w}]"));
                outln!("{:>4}  {at}{who}  {}", l.seq, l.said);
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
