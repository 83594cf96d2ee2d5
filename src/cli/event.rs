//! `berger`, `ballot`, `standings`, `report`.

use crate::cli::{outln, outp};
use std::process::ExitCode;

use serde::Serialize;
use shashki_arbiter::lang::Lang;
use shashki_arbiter::limits;
use shashki_arbiter::report;
use shashki_arbiter::rules::{fen, Color};
use shashki_arbiter::store::event;
use shashki_arbiter::tournament::ballot::load as load_table;
use shashki_arbiter::tournament::ballot::{self, Kind};
use shashki_arbiter::tournament::model::{PlayerId, Tournament};
use shashki_arbiter::tournament::{berger, standings};

use super::{print_json, CliResult};

use crate::Format;
/// The most cycles of a round robin (a match-tournament of six).
pub use shashki_arbiter::tournament::system::setup::MAX_CYCLES;

#[derive(Serialize)]
struct BergerJson {
    players: usize,
    cycles: u32,
    rounds: Vec<berger::Round>,
}

pub fn berger(players: usize, double: bool, cycles: Option<u32>, format: Format) -> CliResult {
    if players < 2 {
        return Err("a round robin needs at least 2 players".into());
    }
    limits::at_most("players", players, limits::MAX_PLAYERS).map_err(|e| e.to_string())?;
    let cycles = match (cycles, double) {
        (Some(c), true) if c != 2 => {
            return Err(format!("--double is 2 cycles; --cycles {c} says otherwise"))
        }
        (Some(c), _) if !(1..=MAX_CYCLES).contains(&c) => {
            return Err(format!("--cycles {c}: from 1 to {MAX_CYCLES}"))
        }
        (Some(c), _) => c,
        (None, true) => 2,
        (None, false) => 1,
    };
    let rounds = berger::cycles(players, cycles);
    match format {
        Format::Json => print_json(&BergerJson {
            players,
            cycles,
            rounds,
        })?,
        _ => {
            for r in &rounds {
                let pairs: Vec<String> = r.pairs.iter().map(|[w, b]| format!("{w}-{b}")).collect();
                let bye = r.bye.map_or_else(String::new, |b| format!("  (bye: {b})"));
                outln!("Rd {}: {}{bye}", r.round, pairs.join(", "));
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Serialize)]
struct CellJson<'a> {
    table: &'a str,
    cell: &'a str,
    kind: Kind,
    text: &'a str,
    fen: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
}

fn print_cells(
    table: &ballot::Table,
    entries: &[&ballot::Entry],
    seed: Option<u64>,
    list: bool,
    format: Format,
) -> Result<(), String> {
    let json: Vec<CellJson> = entries
        .iter()
        .map(|e| CellJson {
            table: &table.id,
            cell: &e.cell,
            kind: e.kind,
            text: &e.text,
            fen: &e.fen,
            seed,
        })
        .collect();
    match format {
        Format::Json if list => print_json(&json),
        Format::Json => print_json(&json[0]),
        _ => {
            if let Some(s) = seed {
                outln!("seed {s}");
            }
            for e in entries {
                outln!("{} {}: {}  ({})", table.id, e.cell, e.text, e.fen);
                if entries.len() == 1 {
                    let pos = fen::parse(table.variant, &e.fen).map_err(|e| e.to_string())?;
                    outln!("{}", pos.diagram());
                }
            }
            Ok(())
        }
    }
}

pub fn ballot_show(table: &str, cell: &str, format: Format) -> CliResult {
    let t = load_table(table).map_err(|e| e.to_string())?;
    let e = t.entry(cell).map_err(|e| e.to_string())?;
    print_cells(&t, &[e], None, false, format)?;
    Ok(ExitCode::SUCCESS)
}

pub fn ballot_draw(table: &str, seed: Option<u64>, count: usize, format: Format) -> CliResult {
    limits::at_most("--count", count, limits::MAX_BOARDS)
        .map_err(|e| format!("{e} (one cell per board of the largest event)"))?;
    let t = load_table(table).map_err(|e| e.to_string())?;
    let seed = match seed {
        Some(s) => s,
        None => ballot::os_seed().map_err(|e| e.to_string())?,
    };
    let drawn = t.draw_many(seed, count, &Default::default());
    print_cells(&t, &drawn, Some(seed), true, format)?;
    Ok(ExitCode::SUCCESS)
}

pub fn ballot_check(file: &str, format: Format) -> CliResult {
    let t = ballot::read_file(file).map_err(|e| e.to_string())?;
    match format {
        Format::Json => print_json(&serde_json::json!({
            "table": t.id, "entries": t.entries.len(), "valid": true
        }))?,
        _ => outln!(
            "{file}: table {} with {} entries, every entry replays",
            t.id,
            t.entries.len()
        ),
    }
    Ok(ExitCode::SUCCESS)
}

/// `--round N` names a round of the event.
pub fn played_round(
    t: &shashki_arbiter::tournament::Tournament,
    round: Option<usize>,
) -> Result<(), String> {
    match round {
        Some(r) if r > t.rounds.len() => Err(format!(
            "--round {r}: the event has {} round(s)",
            t.rounds.len()
        )),
        _ => Ok(()),
    }
}

pub fn lang(text: &str) -> Result<Lang, String> {
    text.parse().map_err(|e| format!("--lang: {e}"))
}

/// A row: `number` is the pairing number as printed, `id` the file's internal key; each round
/// names its opponent both ways, so neither is mistaken for the other.
#[derive(Serialize)]
struct StandingJson<'a> {
    place: &'a str,
    number: Option<usize>,
    id: PlayerId,
    name: &'a str,
    points: f64,
    tiebreaks: serde_json::Map<String, serde_json::Value>,
    rounds: Vec<RoundJson>,
    /// A round robin in groups: the player's group (his place is within it).
    #[serde(skip_serializing_if = "Option::is_none")]
    group: Option<String>,
    /// A stage of a larger event: its number.
    #[serde(skip_serializing_if = "Option::is_none")]
    stage: Option<u32>,
    /// A knockout: the round he lost in (`null` while he is in, and for the winner).
    #[serde(skip_serializing_if = "Option::is_none")]
    eliminated_in: Option<Option<usize>>,
    /// A knockout: his seed.
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<usize>,
    /// A Scheveningen: his side, `A` or `B`.
    #[serde(skip_serializing_if = "Option::is_none")]
    side: Option<&'a str>,
    /// A late entry: the round he joined in (the printed «с тура N»).
    #[serde(skip_serializing_if = "Option::is_none")]
    joined_in: Option<usize>,
    /// The round he withdrew after (the printed «выбыл после тура N»).
    #[serde(skip_serializing_if = "Option::is_none")]
    withdrawn_after: Option<usize>,
    /// Expelled: listed last, with no place.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    expelled: bool,
}

#[derive(Serialize)]
struct RoundJson {
    round: usize,
    /// The opponent's pairing number.
    opponent: Option<usize>,
    opponent_id: Option<PlayerId>,
    colour: Option<Color>,
    /// `null` while the round's result is to come (never a 0 that reads as a loss).
    score: Option<f64>,
}

/// The CSV separator asked for, or the one the language's spreadsheets expect.
fn separator(text: Option<&str>, lang: Lang) -> Result<report::csv::Separator, String> {
    match text {
        Some(s) => s.parse().map_err(|e| format!("--separator: {e}")),
        None => Ok(report::csv::Separator::for_lang(lang)),
    }
}

/// What `standings` was asked beyond the file and the format.
pub struct StandingsAsked<'a> {
    pub round: Option<usize>,
    /// One category's standings instead of the event's.
    pub category: Option<&'a str>,
    pub lang: &'a str,
    pub separator: Option<&'a str>,
    /// Tie-break ids to compute instead of the event's (none: the event's).
    pub tiebreaks: &'a [String],
    pub in_coefficients: Option<&'a str>,
}

/// The event's tie-breaks and unplayed-round rule, or those the command line names instead.
fn asked_criteria(
    t: &mut shashki_arbiter::tournament::Tournament,
    asked: &StandingsAsked,
) -> Result<(), String> {
    use shashki_arbiter::tournament::model::{TieBreak, UnplayedInCoefficients};
    if !asked.tiebreaks.is_empty() {
        t.tiebreaks = asked
            .tiebreaks
            .iter()
            .map(|id| {
                TieBreak::ALL
                    .into_iter()
                    .find(|tb| tb.id() == id.trim())
                    .ok_or_else(|| {
                        let ids: Vec<&str> = TieBreak::ALL.iter().map(|tb| tb.id()).collect();
                        format!(
                            "--tiebreaks: no tie-break `{id}` (one of {})",
                            ids.join(", ")
                        )
                    })
            })
            .collect::<Result<_, _>>()?;
    }
    if let Some(mode) = asked.in_coefficients {
        t.settings.unplayed.in_coefficients = match mode {
            "skip" => UnplayedInCoefficients::Skip,
            "own_points" => UnplayedInCoefficients::OwnPoints,
            "fide_c07" => UnplayedInCoefficients::FideC07,
            other => {
                return Err(format!(
                    "--in-coefficients: `{other}` is none of skip, own_points, fide_c07"
                ))
            }
        };
    }
    Ok(())
}

pub fn standings(file: &str, asked: &StandingsAsked, format: Format) -> CliResult {
    let round = asked.round;
    let lang = lang(asked.lang)?;
    let separator = separator(asked.separator, lang)?;
    let mut t = event::read(std::path::Path::new(file)).map_err(|e| e.to_string())?;
    asked_criteria(&mut t, asked)?;
    played_round(&t, round)?;
    if t.is_team_event() {
        return team_standings(&t, round, lang, separator, format);
    }
    let mut lines = standings::compute(&t, round);
    if let Some(id) = asked.category {
        let c = t.categories.iter().find(|c| c.id == id).ok_or_else(|| {
            let e = shashki_arbiter::tournament::category::CategoryError::NoSuch(id.into());
            format!(
                "--category: {}",
                shashki_arbiter::lang::Russian::said(&e, lang)
            )
        })?;
        lines = shashki_arbiter::tournament::category::standings(c, &t, &lines);
        t.settings.groups = None;
    }
    match format {
        Format::Json => standings_json(&t, round, &lines)?,
        Format::Csv => outp!(
            "{}",
            report::csv::render(&report::standings_section(&t, &lines, lang), separator)
        ),
        Format::Html => {
            let doc = report::Document {
                title: t.settings.name.clone(),
                subtitle: vec![],
                sections: vec![report::standings_section(&t, &lines, lang)],
                ..report::Document::default()
            };
            outp!("{}", report::html::render(&doc, lang));
        }
        Format::Text => standings_text(&t, round, &lines, lang),
    }
    Ok(ExitCode::SUCCESS)
}

/// The standings as JSON: a line per player, with his group, stage, knockout seed and
/// elimination, Scheveningen side, and the rounds he played.
fn standings_json(
    t: &Tournament,
    round: Option<usize>,
    lines: &[standings::Line],
) -> Result<(), String> {
    let number: std::collections::BTreeMap<PlayerId, Option<usize>> =
        t.players.iter().map(|p| (p.id, p.number)).collect();
    let listed = super::system::listed(t, round, lines.to_vec());
    let knockout = shashki_arbiter::tournament::system::knockout::places(t, round);
    let is_knockout = t.settings.system == shashki_arbiter::tournament::model::System::Knockout;
    let sides = (t.settings.system == shashki_arbiter::tournament::model::System::Scheveningen)
        .then(|| shashki_arbiter::tournament::system::scheveningen::sides(t));
    let side_of = |id: PlayerId| {
        let s = sides.as_ref()?;
        Some(if s.sides[0].contains(&id) { "A" } else { "B" })
    };
    let out: Vec<StandingJson> = listed
        .iter()
        .map(|(group, l)| StandingJson {
            place: &l.place,
            number: l.number,
            id: l.id,
            name: &l.name,
            points: l.points,
            tiebreaks: l
                .tiebreaks
                .iter()
                .map(|(tb, v)| (tb.id().to_string(), serde_json::json!(v)))
                .collect(),
            rounds: l
                .rounds
                .iter()
                .map(|r| RoundJson {
                    round: r.round,
                    opponent: r.opponent.and_then(|o| number[&o]),
                    opponent_id: r.opponent,
                    colour: r.colour,
                    score: r.score_if_scored(),
                })
                .collect(),
            group: group.clone(),
            stage: t.settings.stage.as_ref().map(|s| s.number),
            eliminated_in: is_knockout.then(|| {
                knockout
                    .iter()
                    .find(|p| p.id == l.id)
                    .and_then(|p| p.eliminated_in)
            }),
            seed: is_knockout
                .then(|| knockout.iter().find(|p| p.id == l.id).map(|p| p.seed))
                .flatten(),
            side: side_of(l.id),
            joined_in: l.joined_in,
            withdrawn_after: l.withdrawn_after,
            expelled: l.expelled,
        })
        .collect();
    print_json(&out)
}

/// The standings as text: the adjourned games' line, a table per group (or one), the
/// Scheveningen sides' points.
fn standings_text(t: &Tournament, round: Option<usize>, lines: &[standings::Line], lang: Lang) {
    if let Some(line) = report::head::adjourned_line(t, round, lang) {
        outln!("{line}");
    }
    if let Some(groups) = &t.settings.groups {
        for g in &groups.groups {
            let lines = shashki_arbiter::tournament::system::groups::standings(t, g, round);
            outln!("{} {}", lang.pick("Group", "Группа"), g.name);
            print_table(&report::standings_section(t, &lines, lang));
        }
    } else {
        print_table(&report::standings_section(t, lines, lang));
    }
    if let Some(points) = shashki_arbiter::tournament::system::scheveningen::side_points(t, round) {
        let names = shashki_arbiter::tournament::system::scheveningen::sides(t).names;
        let name = |i: usize| {
            if names[i].is_empty() {
                ["A", "B"][i].to_string()
            } else {
                names[i].clone()
            }
        };
        outln!("{} {} : {} {}", name(0), points[0], points[1], name(1));
    }
}

pub fn report(
    file: &str,
    output: &str,
    round: Option<usize>,
    lang_text: &str,
    separator_text: Option<&str>,
    (kind, provisional): (report::kind::Kind, bool),
    format: Format,
) -> CliResult {
    let lang = lang(lang_text)?;
    let separator = separator(separator_text, lang)?;
    super::safe_output(file, output)?;
    let t = event::read(std::path::Path::new(file)).map_err(|e| e.to_string())?;
    played_round(&t, round)?;
    if kind.is_final() {
        super::adjourned_refused(&t, file, provisional, lang)?;
    }
    if kind == report::kind::Kind::Pairings && t.rounds.is_empty() {
        return Err("the event has no round paired yet: no pairing list to print".into());
    }
    let table = shashki_arbiter::tournament::norms::Table::for_event(
        &t.settings.norms,
        Some(std::path::Path::new(file)),
    )
    .map_err(|e| e.to_string())?;
    let bytes = kind.file(
        &t,
        round,
        &table,
        lang,
        std::path::Path::new(output),
        separator,
    )?;
    shashki_arbiter::files::atomic::write(std::path::Path::new(output), &bytes, false)
        .map_err(|e| e.to_string())?;
    super::report_written(
        format,
        output,
        bytes.len(),
        serde_json::json!({"document": kind.name()}),
        &format!("{output}: {} bytes", bytes.len()),
    )?;
    Ok(ExitCode::SUCCESS)
}

/// A team's row in `standings --format json`: `number` is its order in the event (the TRF's
/// `013` order), `tiebreaks` every team criterion the program computes under its FIDE C.07 code.
#[derive(Serialize)]
struct TeamJson<'a> {
    number: shashki_arbiter::tournament::team::TeamId,
    name: &'a str,
    place: &'a str,
    match_points: f64,
    game_points: f64,
    tiebreaks: serde_json::Map<String, serde_json::Value>,
    rounds: &'a [shashki_arbiter::tournament::team::standings::TeamRound],
}

/// The standings of a team event: the teams, then each board's players.
fn team_standings(
    t: &shashki_arbiter::tournament::Tournament,
    round: Option<usize>,
    lang: Lang,
    separator: report::csv::Separator,
    format: Format,
) -> CliResult {
    use shashki_arbiter::tournament::team::standings as team;
    let lines = team::compute(t, round);
    let boards = team::boards(t, round);
    match format {
        Format::Json => {
            let every = team::every_criterion(t, round);
            let teams: Vec<TeamJson> = lines
                .iter()
                .map(|l| TeamJson {
                    number: l.number,
                    name: &l.name,
                    place: &l.place,
                    match_points: l.match_points,
                    game_points: l.game_points,
                    tiebreaks: every[&l.number]
                        .iter()
                        .map(|(tb, v)| (tb.code().to_string(), serde_json::json!(v)))
                        .collect(),
                    rounds: &l.rounds,
                })
                .collect();
            print_json(&serde_json::json!({"teams": teams, "boards": boards}))?;
        }
        Format::Csv => outp!(
            "{}",
            report::csv::render(&report::team::standings_section(&lines, lang), separator)
        ),
        Format::Html => {
            let mut sections = vec![
                report::team::standings_section(&lines, lang),
                report::team::crosstable(t, &lines, lang),
            ];
            sections.extend(report::team::board_sections(t, &boards, lang));
            let doc = report::Document {
                title: t.settings.name.clone(),
                subtitle: vec![],
                sections,
                ..report::Document::default()
            };
            outp!("{}", report::html::render(&doc, lang));
        }
        Format::Text => {
            let mut sections = vec![report::team::standings_section(&lines, lang)];
            sections.extend(report::team::board_sections(t, &boards, lang));
            for s in sections {
                outln!("{}", s.heading);
                print_table(&s);
                outln!("");
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A table as text: columns padded to their widest cell.
fn print_table(s: &report::Section) {
    let widths: Vec<usize> = (0..s.header.len())
        .map(|i| {
            std::iter::once(&s.header)
                .chain(&s.rows)
                .map(|r| r[i].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for row in std::iter::once(&s.header).chain(&s.rows) {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect();
        outln!("{}", cells.join("  ").trim_end());
    }
}
