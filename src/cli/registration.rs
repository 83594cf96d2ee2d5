//! `checkin` (who has come), `event option` (check-in required, late entries' points) and
//! `schedule` (the rounds' starts, the default time, the forfeits it proposes): each change
//! through the one `apply`, journaled and undoable like the console's.

use std::path::Path;
use std::process::ExitCode;

use serde::Serialize;
use shashki_arbiter::lang::{Lang, Russian};
use shashki_arbiter::store::event;
use shashki_arbiter::tournament::command::Command;
use shashki_arbiter::tournament::model::{Player, PlayerId, Sex, Tournament};
use shashki_arbiter::tournament::registration;
use shashki_arbiter::tournament::schedule::{self, RoundStart, Schedule, ScheduleError};

use super::{outln, print_json, CliResult};
use crate::Format;

/// A change that cannot be refused before `apply` checks it.
type Made = Result<Command, shashki_arbiter::tournament::command::CommandError>;

#[derive(Serialize)]
struct RollJson {
    round: usize,
    required: bool,
    present: Vec<PlayerId>,
    missing: Vec<PlayerId>,
    count: Counts,
    players: Vec<RollPlayer>,
}

#[derive(Serialize)]
struct Counts {
    present: usize,
    missing: usize,
}

#[derive(Serialize)]
struct RollPlayer {
    id: PlayerId,
    number: Option<usize>,
    name: String,
    present: bool,
}

/// `checkin EVENT ID…` marks players present (`--absent`: away); `--list` shows the roll.
pub fn checkin(
    file: &str,
    ids: &[PlayerId],
    absent: bool,
    list: bool,
    lang: Lang,
    format: Format,
) -> CliResult {
    if !ids.is_empty() {
        super::change(file, "checkin", lang, |t| -> Made {
            Ok(Command::SetCheckedIn {
                players: registration::marked(t, ids, !absent),
            })
        })?;
    } else if !list {
        return Err(lang
            .pick(
                "checkin: name the players (by id) or ask for --list",
                "checkin: назовите участников (номера id) или попросите --list",
            )
            .to_string());
    }
    let t = event::read(Path::new(file)).map_err(|e| e.said(lang))?;
    show_roll(&t, lang, format)
}

/// What the arbiter writes of a player entered by hand.
pub struct Entry {
    pub surname: String,
    pub name: String,
    pub sex: Option<Sex>,
    pub title: String,
    pub rating: Option<u32>,
    pub club: String,
    pub birth_year: Option<u16>,
}

#[derive(Serialize)]
struct EnteredJson {
    id: PlayerId,
    number: Option<usize>,
    name: String,
    /// The rounds he missed (late entry), and the points they gave him.
    missed_rounds: Vec<usize>,
    missed_points: f64,
    checked_in: bool,
}

/// `player add`: the next free id; after round 1, a late entry with the event's rule for the
/// rounds missed; `--checkin` marks him present as a second change (undone on its own).
pub fn add_player(file: &str, e: Entry, checkin: bool, lang: Lang, format: Format) -> CliResult {
    let mut id = None;
    super::change(file, "player add", lang, |t| -> Made {
        let new = PlayerId::after(t.players.iter().map(|p| p.id));
        id = Some(new);
        Ok(Command::AddPlayer {
            player: Player {
                surname: e.surname.trim().to_string(),
                name: e.name.trim().to_string(),
                title: e.title.trim().to_string(),
                rating: e.rating,
                club: e.club.trim().to_string(),
                birth_year: e.birth_year,
                sex: e.sex,
                ..Player::new(new, "")
            },
        })
    })?;
    let id = id.expect("made");
    if checkin {
        super::change(file, "checkin", lang, |t| -> Made {
            Ok(Command::SetCheckedIn {
                players: registration::marked(t, &[id], true),
            })
        })?;
    }
    let t = event::read(Path::new(file)).map_err(|e| e.said(lang))?;
    let p = t.player(id).expect("added");
    let missed: Vec<usize> = t
        .rounds
        .iter()
        .filter(|r| r.absent.contains(&id))
        .map(|r| r.number)
        .collect();
    // He has no games yet: his points are the missed rounds' (the standings' one reader).
    let points = shashki_arbiter::tournament::standings::compute(&t, None)
        .iter()
        .find(|l| l.id == id)
        .map_or(0.0, |l| l.points);
    match format {
        Format::Json => print_json(&EnteredJson {
            id,
            number: p.number,
            name: p.full_name(),
            missed_rounds: missed,
            missed_points: points,
            checked_in: t.checked_in.contains(&id),
        })?,
        _ => {
            outln!(
                "{} {id}: {}",
                lang.pick("player", "участник"),
                p.full_name()
            );
            if !missed.is_empty() {
                outln!(
                    "{}: {} ({} {})",
                    lang.pick(
                        "late entry, rounds missed",
                        "заявлен после начала, пропущены туры"
                    ),
                    missed
                        .iter()
                        .map(usize::to_string)
                        .collect::<Vec<_>>()
                        .join(", "),
                    points,
                    lang.pick("points", "очк.")
                );
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `player remove`: a player without games (the one `apply` refuses one who has them).
pub fn remove_player(file: &str, id: PlayerId, lang: Lang, format: Format) -> CliResult {
    let mut name = String::new();
    super::change(file, "player remove", lang, |t| -> Made {
        name = t.player(id).map(|p| p.full_name()).unwrap_or_default();
        Ok(Command::RemovePlayer { id })
    })?;
    match format {
        Format::Json => print_json(&serde_json::json!({ "removed": id, "name": name }))?,
        _ => outln!("{} {id}: {name}", lang.pick("removed", "удалён")),
    }
    Ok(ExitCode::SUCCESS)
}

/// `player expel`: the expulsion made as one change with its reason; the forfeits it gives.
pub fn expel(file: &str, id: PlayerId, reason: &str, lang: Lang, format: Format) -> CliResult {
    let now = chrono::Utc::now();
    let holder = shashki_arbiter::files::lock::Holder::this("player expel", now);
    let mut event =
        event::EventFile::open_as(Path::new(file), &holder).map_err(|e| e.said(lang))?;
    let t = &event.tournament;
    let cmd =
        registration::expulsion(t, id, reason).map_err(|e| format!("{file}: {}", e.said(lang)))?;
    let forfeits = match &cmd {
        Command::Batch { commands } => commands.len() - 1,
        _ => 0,
    };
    let name = t.player(id).map(|p| p.full_name()).unwrap_or_default();
    let because = event::Because::reason(Some(reason));
    event
        .apply_with(cmd, now, because)
        .map_err(|e| format!("{file}: {}", e.said(lang)))?;
    let after = event.tournament.rounds.len();
    match format {
        Format::Json => print_json(&serde_json::json!({
            "expelled": id,
            "name": name,
            "after_round": after,
            "forfeits": forfeits,
            "reason": reason.trim(),
        }))?,
        _ => outln!(
            "{} {id}: {name} ({}: {after}; {}: {forfeits})",
            lang.pick("expelled", "исключён(а)"),
            lang.pick("after round", "после тура"),
            lang.pick("games lost by forfeit", "поражений без игры"),
        ),
    }
    Ok(ExitCode::SUCCESS)
}

fn show_roll(t: &Tournament, lang: Lang, format: Format) -> CliResult {
    let roll = registration::roll(t);
    let name = |id: PlayerId| t.player(id).map(|p| p.full_name()).unwrap_or_default();
    match format {
        Format::Json => {
            let players = t
                .by_number()
                .into_iter()
                .filter(|p| registration::plays_in(p, roll.round))
                .map(|p| RollPlayer {
                    id: p.id,
                    number: p.number,
                    name: p.full_name(),
                    present: roll.present.contains(&p.id),
                })
                .collect();
            print_json(&RollJson {
                round: roll.round,
                required: roll.required,
                count: Counts {
                    present: roll.present.len(),
                    missing: roll.missing.len(),
                },
                present: roll.present,
                missing: roll.missing,
                players,
            })?
        }
        _ => {
            outln!("{}", roll.said(lang));
            for id in &roll.missing {
                outln!("  {} {}", lang.pick("missing:", "нет:"), name(*id));
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `event option EVENT --checkin-required yes|no --late-entry nothing|half`.
/// A value as a change left it: `old → new` when the change replaced another, else the value.
fn replaced(old: Option<String>, new: String) -> String {
    match old {
        Some(old) if old != new => format!("{old} → {new}"),
        _ => new,
    }
}

pub struct ScheduleArgs<'a> {
    pub file: &'a str,
    pub round: Option<usize>,
    pub at: Option<&'a str>,
    pub default_time: Option<&'a str>,
    /// The moment the forfeits due are asked for (`--now`), else the machine's local time.
    pub now: Option<&'a str>,
}

#[derive(Serialize)]
struct ScheduleJson {
    rounds: Vec<StartJson>,
    default_minutes: Option<u32>,
    next: Option<NextJson>,
    forfeits_due: Vec<schedule::DefaultForfeit>,
}

#[derive(Serialize)]
struct StartJson {
    round: usize,
    at: String,
}

#[derive(Serialize)]
struct NextJson {
    round: usize,
    at: String,
    countdown: String,
}

/// `schedule EVENT --round R --at "…"`, `--default-time 30m`; without a change it shows the
/// schedule, the next start and the forfeits the default time proposes now.
pub fn run(args: ScheduleArgs<'_>, lang: Lang, format: Format) -> CliResult {
    let said = |e: ScheduleError| e.said(lang);
    let start = match (args.round, args.at) {
        (Some(round), Some(at)) => {
            let moment = schedule::parse_moment(at).map_err(said)?;
            Some(RoundStart {
                round,
                date: moment.date(),
                time: Some(moment.time()),
            })
        }
        (None, None) => None,
        _ => {
            return Err(lang
                .pick(
                    "schedule: --round and --at go together",
                    "schedule: --round и --at указываются вместе",
                )
                .to_string())
        }
    };
    let default = args
        .default_time
        .map(schedule::parse_default)
        .transpose()
        .map_err(said)?;
    let now = match args.now {
        Some(text) => schedule::parse_moment(text).map_err(said)?,
        None => chrono::Local::now().naive_local(),
    };
    let mut before = None;
    if start.is_some() || default.is_some() {
        super::change(args.file, "schedule", lang, |t| -> Made {
            before = Some(t.schedule.clone());
            let mut s: Schedule = match start {
                Some(start) => t.schedule.with_start(start),
                None => t.schedule.clone(),
            };
            if default.is_some() {
                s.default_minutes = default;
            }
            Ok(Command::SetSchedule { schedule: s })
        })?;
    }
    let t = event::read(Path::new(args.file)).map_err(|e| e.said(lang))?;
    show(&t, before.as_ref(), now, lang, format)
}

/// The schedule, what a change replaced in it (`before`), the next start and the forfeits due.
fn show(
    t: &Tournament,
    before: Option<&Schedule>,
    now: chrono::NaiveDateTime,
    lang: Lang,
    format: Format,
) -> CliResult {
    let s = &t.schedule;
    let next = s.next_start(now).map(|(round, at)| NextJson {
        round,
        at: schedule::moment_text(at),
        countdown: schedule::countdown(now, at),
    });
    let due = schedule::forfeits_due(t, now);
    match format {
        Format::Json => print_json(&ScheduleJson {
            rounds: s
                .rounds
                .iter()
                .map(|r| StartJson {
                    round: r.round,
                    at: r.text(),
                })
                .collect(),
            default_minutes: s.default_minutes,
            next,
            forfeits_due: due,
        })?,
        _ => print_schedule(t, before, next, &due, lang),
    }
    Ok(ExitCode::SUCCESS)
}

/// The schedule as text: each round's start (what a change replaced, `before`), the default
/// time, the next start, the forfeits the default time proposes.
fn print_schedule(
    t: &Tournament,
    before: Option<&Schedule>,
    next: Option<NextJson>,
    due: &[schedule::DefaultForfeit],
    lang: Lang,
) {
    let s = &t.schedule;
    // An event without a schedule says so (an arbiter's trial saw nothing printed).
    if s.is_default() && before.is_none_or(|b| b.is_default()) {
        outln!(
            "{}",
            lang.pick(
                "no schedule: set the rounds' starts with --round R --at \"YYYY-MM-DD HH:MM\" and the default time with --default-time 30m",
                "расписания нет: начало тура задаётся --round R --at \"ГГГГ-ММ-ДД ЧЧ:ММ\", время опоздания — --default-time 30m"
            )
        );
    }
    for r in &s.rounds {
        let old = before.map(|b| b.start(r.round).map_or("—".to_string(), |o| o.text()));
        outln!(
            "{} {}: {}",
            lang.pick("Round", "Тур"),
            r.round,
            replaced(old, r.text())
        );
    }
    let minutes = |m: Option<u32>| m.map_or("—".to_string(), |m| schedule::minutes_said(m, lang));
    if s.default_minutes.is_some() || before.is_some_and(|b| b.default_minutes.is_some()) {
        outln!(
            "{}: {}",
            lang.pick("default time", "время опоздания"),
            replaced(
                before.map(|b| minutes(b.default_minutes)),
                minutes(s.default_minutes)
            )
        );
    }
    if let Some(n) = next {
        outln!(
            "{} {}: {} ({})",
            lang.pick("next: round", "следующий: тур"),
            n.round,
            n.at,
            n.countdown
        );
    }
    let name = |id: PlayerId| t.player(id).map(|p| p.full_name()).unwrap_or_default();
    for f in due {
        let missing: Vec<String> = f.missing.iter().map(|&id| name(id)).collect();
        outln!(
            "{} {}, {} {}: {} {} — {} {}",
            lang.pick("round", "тур"),
            f.round,
            lang.pick("board", "доска"),
            f.board,
            lang.pick("not come:", "не явились:"),
            missing.join(", "),
            lang.pick("forfeit proposed", "предлагается поражение"),
            f.result.symbol()
        );
    }
}
