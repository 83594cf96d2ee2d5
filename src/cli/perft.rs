use crate::cli::outln;
use std::process::ExitCode;
use std::time::Instant;

use serde::Serialize;
use shashki_arbiter::rules::{fen, notation, perft, Variant};

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
    variant: Variant,
    fen: String,
    depths: Vec<Depth>,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<Vec<Divided>>,
}

pub fn run(
    variant: Variant,
    fen_text: Option<&str>,
    divide: bool,
    depth: u32,
    format: Format,
) -> CliResult {
    shashki_arbiter::limits::at_most("depth", depth, shashki_arbiter::limits::MAX_PERFT_DEPTH)
        .map_err(|e| e.to_string())?;
    let pos = position(variant, fen_text)?;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut depths = Vec::new();
    for d in 1..=depth {
        let t = Instant::now();
        // Deep counts use every core and the table of known subtrees (the same counts).
        let leaves = if d >= 7 {
            perft::perft_fast(&pos, d, threads)
        } else {
            perft::perft(&pos, d)
        };
        let seconds = t.elapsed().as_secs_f64();
        if format == Format::Text {
            let rate = if seconds > 0.0 {
                leaves as f64 / seconds / 1e6
            } else {
                0.0
            };
            outln!("depth {d:>2}: {leaves:>14} leaves  {seconds:>9.3} s  {rate:>8.1} M/s");
        }
        depths.push(Depth {
            depth: d,
            leaves,
            seconds,
        });
    }
    let divided = divide.then(|| {
        perft::divide(&pos, depth)
            .into_iter()
            .map(|(m, leaves)| Divided {
                mv: notation::write(&pos, &m),
                leaves,
            })
            .collect::<Vec<_>>()
    });
    match format {
        Format::Text | Format::Csv | Format::Html => {
            for d in divided.iter().flatten() {
                outln!("{:<16} {}", d.mv, d.leaves);
            }
        }
        Format::Json => print_json(&Report {
            variant,
            fen: fen::write(&pos),
            depths,
            divide: divided,
        })?,
    }
    Ok(ExitCode::SUCCESS)
}
