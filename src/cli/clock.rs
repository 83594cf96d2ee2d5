use std::process::ExitCode;

use crate::cli::outln;
use serde::Serialize;
use shashki_arbiter::clock::hall::Hall;
use shashki_arbiter::clock::BoardKey;
use shashki_arbiter::clock::{log, script, GameClock, SideView, Snapshot, TimeControl};
use shashki_arbiter::files::lock::Holder;
use shashki_arbiter::files::text;
use shashki_arbiter::limits;
use shashki_arbiter::rules::Color;

use super::{print_json, read_input, CliResult};
use crate::Format;

#[derive(Serialize)]
struct Report {
    #[serde(flatten)]
    snapshot: Snapshot,
    events: usize,
}

/// The clock and the instant to show: with `--at`, the clock as it stood then.
fn at_instant(at: Option<&str>, clock: GameClock) -> Result<(GameClock, u64), String> {
    let ms = at_ms(at, &clock)?;
    if at.is_none() {
        return Ok((clock, ms));
    }
    let then = clock.as_at(ms).map_err(|e| e.to_string())?;
    Ok((then, ms))
}

fn at_ms(at: Option<&str>, clock: &GameClock) -> Result<u64, String> {
    match at {
        Some(s) => script::seconds_to_ms(s)
            .ok_or_else(|| format!("--at `{s}`: not a number of seconds"))
            .and_then(|ms| {
                limits::at_most("--at", ms, limits::MAX_INSTANT_MS)
                    .map_err(|_| format!("--at {s}: at most {} s", limits::MAX_INSTANT_MS / 1000))
            }),
        None => Ok(clock.events().last().map_or(0, |e| e.at_ms)),
    }
}

fn clock_text(ms: u64) -> String {
    let (h, m, s, milli) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
    format!("{h}:{m:02}:{s:02}.{milli:03}")
}

fn print(clock: &GameClock, now: u64, format: Format) -> Result<(), String> {
    let snapshot = clock.snapshot(now);
    match format {
        Format::Json => print_json(&Report {
            snapshot,
            events: clock.events().len(),
        }),
        Format::Text | Format::Csv | Format::Html => {
            outln!("at {}: {}", clock_text(now), state_text(&snapshot));
            for (name, v) in [("White", &snapshot.white), ("Black", &snapshot.black)] {
                print_side(name, v);
            }
            for (i, c) in clock.claims.iter().enumerate() {
                match c.flag_ms {
                    Some(f) => outln!(
                        "claim {} by {}: the claimant's flag fell during the check at {}",
                        i + 1,
                        c.claimant,
                        clock_text(f)
                    ),
                    None => outln!(
                        "claim {} by {}: no flag during the check",
                        i + 1,
                        c.claimant
                    ),
                }
            }
            Ok(())
        }
    }
}

fn state_text(s: &Snapshot) -> String {
    match (s.running, s.paused) {
        (None, _) => "not running".to_string(),
        (Some(c), true) => format!("paused, {c} to move"),
        (Some(c), false) => format!("{c} running"),
    }
}

fn print_side(name: &str, v: &SideView) {
    let flag = match v.flag_ms {
        Some(f) => format!("  FLAG at {}", clock_text(f)),
        None => String::new(),
    };
    outln!(
        "{name}: {} left, {} moves, period {}{flag}",
        clock_text(v.ms_left),
        v.moves,
        v.period
    );
}

fn parse_first(first: &str) -> Result<Color, String> {
    match first.to_ascii_lowercase().as_str() {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        other => Err(format!("--first: `{other}` is not white or black")),
    }
}

pub fn simulate(
    control: &str,
    first: &str,
    at: Option<&str>,
    script_path: &str,
    format: Format,
) -> CliResult {
    let control: TimeControl = control.parse().map_err(|e| format!("--control: {e}"))?;
    let first = parse_first(first)?;
    let bytes = read_input(script_path)?;
    let text = text::utf8(script_path, &bytes).map_err(|e| e.to_string())?;
    let mut clock = GameClock::new(control, first);
    script::run(&mut clock, text).map_err(|e| format!("{script_path}:{e}"))?;
    let (clock, now) = at_instant(at, clock)?;
    print(&clock, now, format)?;
    Ok(ExitCode::SUCCESS)
}

pub fn replay(path: &str, at: Option<&str>, format: Format) -> CliResult {
    let loaded = log::load(std::path::Path::new(path)).map_err(|e| e.to_string())?;
    if let Some(bad) = &loaded.bad_line {
        eprintln!(
            "{path}:{}: unreadable line (cut by a crash?) ignored, with {} line(s) after it",
            bad.line, bad.ignored_after
        );
    }
    let (clock, now) = at_instant(at, loaded.clock)?;
    print(&clock, now, format)?;
    Ok(ExitCode::SUCCESS)
}

#[derive(Serialize)]
struct BoardReport {
    board: String,
    #[serde(flatten)]
    snapshot: Snapshot,
}

fn show_hall(hall: &Hall, now: u64, format: Format) -> Result<(), String> {
    let snaps = hall.snapshots(now);
    match format {
        Format::Json => {
            let boards: Vec<BoardReport> = snaps
                .into_iter()
                .map(|(key, snapshot)| BoardReport {
                    board: format!("Board {key}"),
                    snapshot,
                })
                .collect();
            print_json(&boards)
        }
        Format::Text | Format::Csv | Format::Html => {
            for (key, s) in &snaps {
                outln!("{key} Board {key}: {}", state_text(s));
                print_side("  White", &s.white);
                print_side("  Black", &s.black);
            }
            Ok(())
        }
    }
}

/// One line of `clock hall` input, applied; `Ok(false)` asks to quit.
fn hall_line(hall: &mut Hall, now: u64, line: &str, format: Format) -> Result<bool, String> {
    let wall = chrono::Utc::now();
    let mut words = line.split_whitespace();
    match words.next() {
        None => {}
        Some("quit") | Some("exit") => return Ok(false),
        Some("show") => show_hall(hall, now, format)?,
        Some("pause-all") => {
            let paused = hall.pause_all(now, wall).map_err(|e| e.to_string())?;
            eprintln!("paused: {}", paused.join(", "));
        }
        Some("start-all") => {
            let started = hall.start_all(now, wall).map_err(|e| e.to_string())?;
            eprintln!("started: {}", started.join(", "));
        }
        Some("resume-all") => {
            let resumed = hall.resume_all(now, wall).map_err(|e| e.to_string())?;
            eprintln!("resumed: {}", resumed.join(", "));
        }
        Some(board) => {
            let n = BoardKey::read(board)
                .and_then(|k| hall.index_of(k))
                .ok_or_else(|| format!("`{board}` is not a board number"))?;
            // The rest is a script action; its time is the hall's, given here.
            let rest: Vec<&str> = words.collect();
            let events = script::parse(&format!("0 {}", rest.join(" ")))
                .map_err(|e| e.to_string().replacen("line 1: ", "", 1))?;
            let (_, event) = events.into_iter().next().ok_or("the action is missing")?;
            hall.push(n, now, event.kind, wall)
                .map_err(|e| e.to_string())?;
        }
    }
    Ok(true)
}

pub fn hall(dir: &str, control: &str, boards: usize, first: &str, format: Format) -> CliResult {
    limits::at_most("--boards", boards, limits::MAX_BOARDS).map_err(|e| e.to_string())?;
    let started = std::time::Instant::now();
    let now = || started.elapsed().as_millis() as u64;
    let dir_path = std::path::Path::new(dir);
    let holder = Holder::this("clock hall", chrono::Utc::now());
    let mut hall = if Hall::has_logs(dir_path) {
        restored_hall(dir, &holder, now(), control, first)?
    } else {
        let control: TimeControl = control.parse().map_err(|e| format!("--control: {e}"))?;
        let first = parse_first(first)?;
        let mut hall = Hall::in_dir(dir_path, &holder).map_err(|e| e.to_string())?;
        for i in 1..=boards {
            hall.add(i, control.clone(), first)
                .map_err(|e| e.to_string())?;
        }
        hall
    };
    // Standard input on its own thread, so that heartbeats go on while nobody types.
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut failed = false;
    loop {
        match rx.recv_timeout(std::time::Duration::from_millis(100)) {
            Ok(line) => match hall_line(&mut hall, now(), line.trim(), format) {
                Ok(true) => {}
                Ok(false) => break,
                Err(e) => {
                    failed = true;
                    eprintln!("{line}: {e}");
                }
            },
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
        }
        if let Err(e) = hall.heartbeat(now(), chrono::Utc::now()) {
            eprintln!("{e}");
        }
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The hall its logs in `dir` leave (`now`: the hall's time, in milliseconds), each board's
/// damage and outage said on standard error.
fn restored_hall(
    dir: &str,
    holder: &Holder,
    now: u64,
    control: &str,
    first: &str,
) -> Result<Hall, String> {
    let (mut hall, report) =
        Hall::restore(std::path::Path::new(dir), holder, now, chrono::Utc::now())
            .map_err(|e| e.to_string())?;
    // A board whose log cannot be read gets a new clock, as the console gives it: of the
    // hall's control (the other boards'), not started; the arbiter sets its times by hand.
    let control: TimeControl = match hall.boards().first() {
        Some(b) => b.clock().control().clone(),
        None => control.parse().map_err(|e| format!("--control: {e}"))?,
    };
    let first = parse_first(first)?;
    for s in &report.skipped {
        let Some(key) = s.board.filter(|k| hall.index_of(*k).is_none()) else {
            eprintln!("{s}");
            continue;
        };
        hall.add_replacing(s, key, control.clone(), first)
            .map_err(|e| e.to_string())?;
        eprintln!(
            "{s}; Board {key} gets a new clock ({control}, not started): set its times by hand"
        );
    }
    hall.order_boards();
    for r in &report.boards {
        if let Some(bad) = &r.bad_line {
            eprintln!(
                "{}:{}: unreadable line cut off; the damaged log is kept as {}",
                r.path.display(),
                bad.line,
                r.damaged_copy
                    .as_deref()
                    .map_or_else(String::new, |p| p.display().to_string())
            );
        }
        if let Some(at) = r.outage_ms {
            eprintln!(
                "{}: was running; paused at {} where it stopped",
                r.board,
                clock_text(at)
            );
        }
    }
    eprintln!("restored {} board(s) from {dir}", report.boards.len());
    Ok(hall)
}
