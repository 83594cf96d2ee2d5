//! `game set` / `game show`: one game's score sheet stored in the event and checked; `games`:
//! the event's games as one PDN file.

use std::process::ExitCode;

use chrono::Utc;
use serde::Serialize;
use shashki_arbiter::files::lock::Holder;
use shashki_arbiter::rules::pdn;
use shashki_arbiter::rules::IllegalPly;
use shashki_arbiter::store::event::{self, EventFile};
use shashki_arbiter::tournament::command::Command;
use shashki_arbiter::tournament::model::{Pairing, Round, Tournament};
use shashki_arbiter::tournament::records;

use super::{outln, outp, print_json, read_input, CliResult};
use crate::Format;
use shashki_arbiter::tournament::id::GameRef;

/// Which game: its round, board and game (from 1, extra games after the micromatch's).
pub struct Which<'a> {
    pub file: &'a str,
    pub round: usize,
    pub board: usize,
    pub game: usize,
}

fn find<'t>(t: &'t Tournament, w: &Which) -> Result<(&'t Round, &'t Pairing), String> {
    let round = t
        .rounds
        .iter()
        .find(|r| r.number == w.round)
        .ok_or_else(|| format!("{}: round {} does not exist", w.file, w.round))?;
    let p = round
        .pairings
        .iter()
        .find(|p| p.board == w.board)
        .ok_or_else(|| format!("{}: round {} has no board {}", w.file, w.round, w.board))?;
    if w.game == 0 || p.result(w.game - 1).is_none() {
        return Err(format!(
            "{}: round {}, board {} has no game {}",
            w.file, w.round, w.board, w.game
        ));
    }
    Ok((round, p))
}

/// Stores the record and prints its check: exit 0 legal, 1 stored with an illegal ply, 2 not
/// stored.
pub fn set(w: Which, record: Option<&str>, moves: Option<&str>, format: Format) -> CliResult {
    let path = std::path::Path::new(w.file);
    let mut file = EventFile::open_as(path, &Holder::this("game set", Utc::now()))
        .map_err(|e| e.to_string())?;
    let (round, p) = find(&file.tournament, &w)?;
    let text = match (record, moves) {
        (_, Some(m)) => m.to_string(),
        (Some(from), None) => {
            let text = pdn::decode(&read_input(from)?);
            if pdn::read(&text).is_ok_and(|g| g.is_empty()) {
                return Err(format!("{from}: no game in it"));
            }
            records::sheet_for(&file.tournament, round, p, w.game - 1, &text)
                .map_err(|e| format!("{from}: {}", e.en))?
        }
        (None, None) => return Err("give the record: a PDN file or --moves".into()),
    };
    file.apply(
        Command::SetRecord {
            game: GameRef {
                round: w.round,
                board: w.board,
                game: w.game - 1,
            },
            moves: Some(text),
        },
        Utc::now(),
    )
    .map_err(|e| format!("{}: {e}", w.file))?;
    show_checked(&file.tournament, &w, format)
}

/// Prints the stored record with its check.
pub fn show(w: Which, format: Format) -> CliResult {
    let t = event::read(std::path::Path::new(w.file)).map_err(|e| e.to_string())?;
    show_checked(&t, &w, format)
}

#[derive(Serialize)]
struct Shown<'a> {
    round: usize,
    board: usize,
    game: usize,
    white: &'a str,
    black: &'a str,
    plies: usize,
    moves: Vec<&'a str>,
    first_illegal: Option<&'a IllegalPly>,
    consequence: Option<&'a str>,
    /// Per ply the two times after it (`[white, black]` in ms), or null where the clock log has
    /// no press for it.
    clocks: Vec<Option<[u64; 2]>>,
    /// Presses and plies, when they differ.
    presses: Option<usize>,
}

fn show_checked(t: &Tournament, w: &Which, format: Format) -> CliResult {
    let (round, p) = find(t, w)?;
    let checked = records::check(t, round, p, w.game - 1);
    let times = records::clock_times(std::path::Path::new(w.file), w.round, w.board, w.game - 1)
        .unwrap_or_default();
    let plies = checked.pdn.moves.len();
    let clocks: Vec<Option<[u64; 2]>> = (0..plies)
        .map(|k| times.get(k).map(|t| [t.white_ms, t.black_ms]))
        .collect();
    let shown = Shown {
        round: w.round,
        board: w.board,
        game: w.game,
        white: checked.pdn.tag("White").unwrap_or(""),
        black: checked.pdn.tag("Black").unwrap_or(""),
        plies,
        moves: checked.pdn.moves.iter().map(|m| m.text.as_str()).collect(),
        first_illegal: checked.report.first_illegal.as_ref(),
        consequence: checked.consequence.as_ref().map(|c| c.en.as_str()),
        clocks,
        presses: (!times.is_empty() && times.len() != plies).then_some(times.len()),
    };
    match format {
        Format::Json => print_json(&shown)?,
        Format::Text | Format::Csv | Format::Html => {
            let with_times = records::with_clocks(checked.pdn.clone(), &times);
            outp!("{}", records::write(t, &with_times));
            // The place of an illegal move is in the score sheet, not in the event file.
            let sheet = format!(
                "round {} board {} game {} score sheet",
                w.round, w.board, w.game
            );
            super::check::print_report(&sheet, &checked.report);
            if let Some(c) = &checked.consequence {
                outln!("  {}", c.en);
            }
            if let Some(presses) = shown.presses {
                outln!(
                    "  the clock log has {presses} press(es) for {plies} plies: times are given for the plies that have them"
                );
            }
        }
    }
    Ok(if checked.report.legal {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The games collection as PDN 3.0, to standard output or `output`; with `--format json` each
/// game as `{round, board, game, white, black, result, pdn}` (or, written to a file, what was
/// written).
pub fn games(file: &str, round: Option<usize>, output: Option<&str>, format: Format) -> CliResult {
    let path = std::path::Path::new(file);
    let t = event::read(path).map_err(|e| e.to_string())?;
    if let Some(r) = round {
        if !t.rounds.iter().any(|x| x.number == r) {
            return Err(format!("{file}: round {r} does not exist"));
        }
    }
    let text = records::games_pdn(&t, round, Some(path));
    let games = shashki_arbiter::rules::pdn::read(&text).map_err(|e| e.to_string())?;
    match output {
        Some(out) => {
            super::safe_output(file, out)?;
            shashki_arbiter::files::atomic::write(
                std::path::Path::new(out),
                text.as_bytes(),
                false,
            )
            .map_err(|e| format!("{out}: {e}"))?;
            super::report_written(
                format,
                out,
                text.len(),
                serde_json::json!({"games": games.len()}),
                &format!("{out}: {} games", games.len()),
            )?;
        }
        None if format == Format::Json => {
            let tag = |g: &shashki_arbiter::rules::pdn::PdnGame, name: &str| {
                g.tag(name).unwrap_or_default().to_string()
            };
            let list: Vec<serde_json::Value> = games
                .iter()
                .map(|g| {
                    serde_json::json!({
                        "round": tag(g, "Round"),
                        "white": tag(g, "White"),
                        "black": tag(g, "Black"),
                        "result": tag(g, "Result"),
                        "pdn": records::write(&t, g),
                    })
                })
                .collect();
            print_json(&list)?;
        }
        None => outp!("{text}"),
    }
    Ok(ExitCode::SUCCESS)
}

/// The score sheets of a round as a PDF.
pub fn scoresheets(
    file: &str,
    round: usize,
    output: &str,
    lang: &str,
    format: Format,
) -> CliResult {
    let lang: shashki_arbiter::lang::Lang = lang.parse()?;
    super::safe_output(file, output)?;
    // The sheets are a printed form: PDF only, never a PDF under another name.
    if !std::path::Path::new(output)
        .extension()
        .is_some_and(|x| x.eq_ignore_ascii_case("pdf"))
    {
        return Err(format!(
            "{output}: score sheets are written as PDF; name the file .pdf"
        ));
    }
    let t = event::read(std::path::Path::new(file)).map_err(|e| e.to_string())?;
    let r = t
        .rounds
        .iter()
        .find(|r| r.number == round)
        .ok_or_else(|| format!("{file}: round {round} does not exist"))?;
    let sheets = shashki_arbiter::report::scoresheet::sheets(&t, r, lang);
    let title = format!(
        "{} — {} {round}",
        t.settings.name,
        lang.pick("round", "тур")
    );
    let bytes =
        shashki_arbiter::report::scoresheet::render(&title, &sheets).map_err(|e| e.to_string())?;
    shashki_arbiter::files::atomic::write(std::path::Path::new(output), &bytes, false)
        .map_err(|e| format!("{output}: {e}"))?;
    super::report_written(
        format,
        output,
        bytes.len(),
        serde_json::json!({"sheets": sheets.len()}),
        &format!("{output}: {} sheets, {} bytes", sheets.len(), bytes.len()),
    )?;
    Ok(ExitCode::SUCCESS)
}
