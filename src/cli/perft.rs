use crate::cli::outln;
use std::process::ExitCode;
use std::time::Instant;

use serde::Serialize;
use shashki_arbiter::rules::columns::{self, AnyVariant};
use shashki_arbiter::rules::{fen, notation, perft};

use super::{position, print_json, CliResult};
use crate::Format;

#[derive(Serialize)]
struct Depth {
    depth: u32,
    leaves: u64,
    seconds: f64,
}

#[derive(Serialize)]
struct Divided {
    #[serde(rename = "move")]
    mv: String,
    leaves: u64,
}

#[derive(Serialize)]
struct Report {
    variant: &'static str,
    fen: String,
    depths: Vec<Depth>,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<Vec<Divided>>,
}

pub fn run(
    variant: AnyVariant,
    fen_text: Option<&str>,
    divide: bool,
    depth: u32,
    format: Format,
) -> CliResult {
    shashki_arbiter::limits::at_most("depth", depth, shashki_arbiter::limits::MAX_PERFT_DEPTH)
        .map_err(|e| e.to_string())?;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let (fen_out, depths, divided) = match variant {
        AnyVariant::Plain(v) => {
            let pos = position(v, fen_text)?;
            // Deep counts use every core and the table of known subtrees (the same counts).
            let depths = measure(depth, format, |d| {
                if d >= 7 {
                    perft::perft_fast(&pos, d, threads)
                } else {
                    perft::perft(&pos, d)
                }
            });
            let divided = divide.then(|| {
                perft::divide(&pos, depth)
                    .into_iter()
                    .map(|(m, leaves)| Divided {
                        mv: notation::write(&pos, &m),
                        leaves,
                    })
                    .collect::<Vec<_>>()
            });
            (fen::write(&pos), depths, divided)
        }
        AnyVariant::Columns(_) if divide => {
            return Err("--divide is not available for column draughts".to_string())
        }
        AnyVariant::Columns(v) => {
            let pos = match fen_text {
                None => v.start(),
                Some(f) => columns::fen::parse(v, f).map_err(|e| format!("--fen: {e}"))?,
            };
            let depths = measure(depth, format, |d| {
                if d >= 7 {
                    columns::perft_parallel(&pos, d, threads)
                } else {
                    columns::perft(&pos, d)
                }
            });
            (columns::fen::write(&pos), depths, None)
        }
    };
    match format {
        Format::Text | Format::Csv | Format::Html => {
            for d in divided.iter().flatten() {
                outln!("{:<16} {}", d.mv, d.leaves);
            }
        }
        Format::Json => print_json(&Report {
            variant: variant.name(),
            fen: fen_out,
            depths,
            divide: divided,
        })?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Counts each depth from 1, timed; the text format prints each line as it comes.
fn measure(depth: u32, format: Format, count: impl Fn(u32) -> u64) -> Vec<Depth> {
    (1..=depth)
        .map(|d| {
            let t = Instant::now();
            let leaves = count(d);
            let seconds = t.elapsed().as_secs_f64();
            if format == Format::Text {
                let rate = if seconds > 0.0 {
                    leaves as f64 / seconds / 1e6
                } else {
                    0.0
                };
                outln!("depth {d:>2}: {leaves:>14} leaves  {seconds:>9.3} s  {rate:>8.1} M/s");
            }
            Depth {
                depth: d,
                leaves,
                seconds,
            }
        })
        .collect()
}
