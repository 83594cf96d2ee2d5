use std::process::ExitCode;

use serde::Serialize;
use shashki_arbiter::clock::{log, script, GameClock, SideView, Snapshot, TimeControl};
use shashki_arbiter::rules::Color;

use super::{print_json, read_input, CliResult};
use crate::Format;

#[derive(Serialize)]
struct Report {
    #[serde(flatten)]
    snapshot: Snapshot,
    events: usize,
}

fn at_ms(at: Option<f64>, clock: &GameClock) -> u64 {
    match at {
        Some(s) => (s * 1000.0).round() as u64,
        None => clock.events().last().map_or(0, |e| e.at_ms),
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
        Format::Text => {
            let state = match (snapshot.running, snapshot.paused) {
                (None, _) => "not running".to_string(),
                (Some(c), true) => format!("paused, {c} to move"),
                (Some(c), false) => format!("{c} running"),
            };
            println!("at {}: {state}", clock_text(now));
            for (name, v) in [("White", &snapshot.white), ("Black", &snapshot.black)] {
                print_side(name, v);
            }
            for (i, c) in clock.claims.iter().enumerate() {
                match c.flag_ms {
                    Some(f) => println!(
                        "claim {} by {}: the claimant's flag fell during the check at {}",
                        i + 1,
                        c.claimant,
                        clock_text(f)
                    ),
                    None => println!(
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

fn print_side(name: &str, v: &SideView) {
    let flag = match v.flag_ms {
        Some(f) => format!("  FLAG at {}", clock_text(f)),
        None => String::new(),
    };
    println!(
        "{name}: {} left, {} moves, period {}{flag}",
        clock_text(v.ms_left),
        v.moves,
        v.period
    );
}

pub fn simulate(
    control: &str,
    first: &str,
    at: Option<f64>,
    script_path: &str,
    format: Format,
) -> CliResult {
    let control: TimeControl = control.parse().map_err(|e| format!("--control: {e}"))?;
    let first = match first.to_ascii_lowercase().as_str() {
        "white" => Color::White,
        "black" => Color::Black,
        other => return Err(format!("--first: `{other}` is not white or black")),
    };
    let bytes = read_input(script_path)?;
    let text = String::from_utf8(bytes).map_err(|_| format!("{script_path}: not UTF-8 text"))?;
    let mut clock = GameClock::new(control, first);
    script::run(&mut clock, &text).map_err(|e| format!("{script_path}:{e}"))?;
    print(&clock, at_ms(at, &clock), format)?;
    Ok(ExitCode::SUCCESS)
}

pub fn replay(path: &str, at: Option<f64>, format: Format) -> CliResult {
    let loaded = log::load(std::path::Path::new(path)).map_err(|e| e.to_string())?;
    if let Some(bad) = &loaded.bad_line {
        eprintln!(
            "{path}:{}: unreadable line (cut by a crash?) ignored, with {} line(s) after it",
            bad.line, bad.ignored_after
        );
    }
    print(&loaded.clock, at_ms(at, &loaded.clock), format)?;
    Ok(ExitCode::SUCCESS)
}
