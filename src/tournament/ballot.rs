//! Opening ballots for шашки-64 micromatches: the tables (IDF, FMJD, IDF basic positions, or one the
//! arbiter loads), each entry replayed by the rules engine when loaded, and reproducible draws.
//!
//! A draw takes a seed (from the OS, stored with the draw) and the cells already used in the event;
//! the same seed with the same history gives the same cell, so any draw can be re-run in an audit.

use std::collections::BTreeMap;
use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};

use rand_chacha::rand_core::{RngCore, SeedableRng, TryRngCore};
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};

use crate::rules::{fen, notation, Color, Piece, Position, Variant};

pub const SCHEMA: u32 = 1;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Opening moves played from the start position.
    Opening,
    /// Pieces moved on the start position before play; White moves first afterwards.
    Relocation,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// Roman column / Arabic row, as printed: `XII/13`.
    pub cell: String,
    pub kind: Kind,
    /// Moves (`1.ab4 ba5 2.ba3`) or relocations (`W: a1→a5; B: a7→h4`, `—` for none).
    pub text: String,
    /// The position the entry leaves, side to move first.
    pub fen: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Table {
    pub schema: u32,
    pub id: String,
    pub en: String,
    pub ru: String,
    #[serde(with = "crate::rules::variant::as_name")]
    pub variant: Variant,
    pub entries: Vec<Entry>,
}

#[derive(Debug, thiserror::Error)]
pub enum BallotError {
    #[error(transparent)]
    Syntax(#[from] crate::files::ron_text::RonError),
    #[error("{origin}: schema {found} is newer than this program reads ({SCHEMA})")]
    Schema { origin: String, found: u32 },
    #[error("{origin}: cell {cell}: {message}")]
    Entry {
        origin: String,
        cell: String,
        message: String,
    },
    #[error("{origin}: cell {cell} is listed twice")]
    Duplicate { origin: String, cell: String },
    #[error("no table `{0}` (shipped: idf, fmjd, idf-basic)")]
    NoTable(String),
    #[error("table {table} has no cell `{cell}`")]
    NoCell { table: String, cell: String },
    #[error("the operating system gave no random seed: {0}")]
    Seed(String),
    #[error(transparent)]
    NotUtf8(#[from] crate::files::text::NotUtf8),
    #[error("{path}: {message}")]
    Io { path: String, message: String },
}

const SHIPPED: [(&str, &str); 3] = [
    ("idf", include_str!("../../resources/ballots/idf.ron")),
    ("fmjd", include_str!("../../resources/ballots/fmjd.ron")),
    (
        "idf-basic",
        include_str!("../../resources/ballots/idf-basic.ron"),
    ),
];

/// A ballot table by the name an event uses: a shipped id (`idf`, `fmjd`, `idf-basic`) or the
/// path of a custom table. Each is read and replayed once per process and then shared: every
/// draw, hand-entered ballot, report and frame of the ballot screen asks for it again, and an
/// event keeps drawing from the table it started with even if a custom file is edited meanwhile.
/// A table that does not replay is an error and is not kept (for a shipped one, a build defect).
pub fn load(name: &str) -> Result<Arc<Table>, BallotError> {
    static TABLES: Mutex<BTreeMap<String, Arc<Table>>> = Mutex::new(BTreeMap::new());
    let mut tables = TABLES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(t) = tables.get(name) {
        return Ok(t.clone());
    }
    let table = match SHIPPED.iter().find(|(id, _)| *id == name) {
        Some((id, text)) => parse(&format!("resources/ballots/{id}.ron"), text)?,
        None => read_file(name)?,
    };
    let table = Arc::new(table);
    tables.insert(name.to_string(), table.clone());
    Ok(table)
}

/// One of the shipped tables, checked (`NoTable` for any other name).
pub fn shipped(id: &str) -> Result<Arc<Table>, BallotError> {
    if !SHIPPED.iter().any(|(name, _)| *name == id) {
        return Err(BallotError::NoTable(id.to_string()));
    }
    load(id)
}

pub fn shipped_ids() -> impl Iterator<Item = &'static str> {
    SHIPPED.iter().map(|(id, _)| *id)
}

/// Reads a table and replays every entry; `origin` names the file in errors.
/// A custom table from its file.
pub fn read_file(path: &str) -> Result<Table, BallotError> {
    let bytes = std::fs::read(path).map_err(|e| BallotError::Io {
        path: path.to_string(),
        message: e.to_string(),
    })?;
    parse(path, crate::files::text::utf8(path, &bytes)?)
}

pub fn parse(origin: &str, text: &str) -> Result<Table, BallotError> {
    let table: Table = crate::files::ron_text::from_str(origin, text)?;
    if table.schema > SCHEMA {
        return Err(BallotError::Schema {
            origin: origin.to_string(),
            found: table.schema,
        });
    }
    let mut seen = BTreeSet::new();
    for e in &table.entries {
        if !seen.insert(e.cell.as_str()) {
            return Err(BallotError::Duplicate {
                origin: origin.to_string(),
                cell: e.cell.clone(),
            });
        }
        check(table.variant, e).map_err(|message| BallotError::Entry {
            origin: origin.to_string(),
            cell: e.cell.clone(),
            message,
        })?;
    }
    Ok(table)
}

/// The position an entry's text leaves.
pub fn replay(variant: Variant, e: &Entry) -> Result<Position, String> {
    let start = Position::start(variant);
    match e.kind {
        Kind::Opening => {
            let mut pos = start;
            // Text in parentheses is a comment (IDF basic VII/5: "(free choice / initial position)").
            let mut moves = String::new();
            let mut depth = 0usize;
            for c in e.text.chars() {
                match c {
                    '(' => depth += 1,
                    ')' => depth = depth.saturating_sub(1),
                    _ if depth == 0 => moves.push(c),
                    _ => {}
                }
            }
            for word in moves.split_whitespace() {
                // `1.ab4` and `1.` `ab4` both occur.
                let mv = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
                if mv.is_empty() {
                    continue;
                }
                let m = notation::parse_move(&pos, mv).map_err(|err| format!("`{mv}`: {err}"))?;
                pos = pos.play(&m);
            }
            Ok(pos)
        }
        Kind::Relocation => relocate(&start, &e.text),
    }
}

fn check(variant: Variant, e: &Entry) -> Result<(), String> {
    let got = replay(variant, e)?;
    let want = fen::parse(variant, &e.fen).map_err(|err| format!("fen: {err}"))?;
    if got != want {
        return Err(format!(
            "the text `{}` leaves {}, the table says {}",
            e.text,
            fen::write(&got),
            e.fen
        ));
    }
    Ok(())
}

/// A ballot's text as a screen or report shows it: a relocation's sides named in the reader's
/// language (`Б: a1→a5; Ч: a7→h4` in Russian; the tables write `W:` and `B:`), moves as they are.
pub fn said(text: &str, lang: crate::lang::Lang) -> String {
    if lang == crate::lang::Lang::En {
        return text.to_string();
    }
    text.split("; ")
        .map(|part| {
            if let Some(rest) = part.strip_prefix("W:") {
                format!("Б:{rest}")
            } else if let Some(rest) = part.strip_prefix("B:") {
                format!("Ч:{rest}")
            } else {
                part.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// `W: a1→a5; B: a7→h4` (either side may be `—`): men moved on the start position. The moves are
/// simultaneous: a white man may go where a black one has just left (IDF VIII/22).
fn relocate(start: &Position, text: &str) -> Result<Position, String> {
    let board = start.board();
    let mut setup = start.to_setup();
    let mut moves = Vec::new();
    for part in text.split(';') {
        let (side, list) = part
            .trim()
            .split_once(':')
            .ok_or_else(|| format!("`{part}`: expected `W: from→to` or `B: from→to`"))?;
        let color = match side.trim() {
            "W" | "w" => Color::White,
            "B" | "b" => Color::Black,
            other => return Err(format!("`{other}` is not W or B")),
        };
        let list = list.trim();
        if list == "—" || list == "-" {
            continue;
        }
        for mv in list.split(',') {
            let (from, to) = mv
                .split_once('→')
                .or_else(|| mv.split_once("->"))
                .ok_or_else(|| format!("`{mv}`: expected from→to"))?;
            let sq = |t: &str| {
                board
                    .parse_square(t.trim())
                    .ok_or_else(|| format!("`{}` is not a dark square", t.trim()))
            };
            moves.push((color, sq(from)?, sq(to)?));
        }
    }
    let mut lifted = Vec::new();
    for &(color, from, to) in &moves {
        let man = Piece { color, king: false };
        let at = setup
            .pieces
            .iter()
            .position(|&(s, p)| s == from && p == man)
            .ok_or_else(|| format!("no {color} man on {}", board.algebraic(from)))?;
        setup.pieces.remove(at);
        lifted.push((to, man));
    }
    for (to, man) in lifted {
        if setup.pieces.iter().any(|&(s, _)| s == to) {
            return Err(format!("{} is not empty", board.algebraic(to)));
        }
        setup.pieces.push((to, man));
    }
    setup.turn = Color::White;
    setup.validate().map_err(|e| e.to_string())
}

impl Table {
    pub fn entry(&self, cell: &str) -> Result<&Entry, BallotError> {
        let want = cell.trim().to_ascii_uppercase();
        self.entries
            .iter()
            .find(|e| e.cell.to_ascii_uppercase() == want)
            .ok_or_else(|| BallotError::NoCell {
                table: self.id.clone(),
                cell: cell.to_string(),
            })
    }

    /// A cell drawn with `seed`, avoiding `used` cells until every cell has been used (then the
    /// whole table is in play again).
    pub fn draw(&self, seed: u64, used: &BTreeSet<String>) -> &Entry {
        let fresh: Vec<&Entry> = self
            .entries
            .iter()
            .filter(|e| !used.contains(&e.cell))
            .collect();
        let pool: Vec<&Entry> = if fresh.is_empty() {
            self.entries.iter().collect()
        } else {
            fresh
        };
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        pool[uniform(&mut rng, pool.len())]
    }

    /// `count` draws in a row from one seed (one per board), none repeated while cells last.
    pub fn draw_many(&self, seed: u64, count: usize, used: &BTreeSet<String>) -> Vec<&Entry> {
        let mut used = used.clone();
        let mut out = Vec::with_capacity(count);
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        for _ in 0..count {
            // Each draw gets its own seed from the first, so one board's draw is reproducible alone.
            let e = self.draw(rng.next_u64(), &used);
            used.insert(e.cell.clone());
            out.push(e);
        }
        out
    }
}

/// An unbiased index below `n` (rejection sampling).
fn uniform(rng: &mut ChaCha20Rng, n: usize) -> usize {
    let n = n as u64;
    let zone = u64::MAX - u64::MAX % n;
    loop {
        let x = rng.next_u64();
        if x < zone {
            return (x % n) as usize;
        }
    }
}

/// A fresh seed from the operating system, to be stored with the draw.
pub fn os_seed() -> Result<u64, BallotError> {
    rand_chacha::rand_core::OsRng
        .try_next_u64()
        .map_err(|e| BallotError::Seed(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seeds_two_example_cells_read_as_entries() {
        // Seed 000 prints I/16 of the Russian table as moves and VI/24 as relocations; they are not
        // in the IDF table, but the same texts must replay as entries of a custom table.
        let custom = r#"(schema: 1, id: "ru", en: "Russian", ru: "Русская", variant: "russian", entries: [
            (cell: "I/16", kind: opening, text: "1.ab4 bc5 2.ba5 cb4",
             fen: "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,13"),
        ])"#;
        let e = parse("ru.ron", custom).unwrap_err().to_string();
        assert!(
            e.starts_with("ru.ron: cell I/16: the text `1.ab4 bc5 2.ba5 cb4` leaves"),
            "{e}"
        );
        let start = Position::start(Variant::Russian);
        assert_eq!(
            said("W: a1→b4; B: a7→a5", crate::lang::Lang::Ru),
            "Б: a1→b4; Ч: a7→a5"
        );
        assert_eq!(
            said("1.ab4 ba5 2.ba3", crate::lang::Lang::Ru),
            "1.ab4 ba5 2.ba3"
        );
        let p = relocate(&start, "W: a1→b4; B: a7→a5").unwrap();
        assert_eq!(p.turn(), Color::White);
        assert!(relocate(&start, "W: a1→b6; B: —")
            .unwrap_err()
            .contains("b6 is not empty"));
        let e = relocate(&start, "W: a5→b4").unwrap_err();
        assert!(e.contains("man on a5"), "{e}");
    }
}
