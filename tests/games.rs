//! Every recorded game in tests/data/games replays as legal, except the records that are known to
//! be faulty, which the checker must catch at the right ply for the right reason.

use shashki_arbiter::rules::columns::game as columns_game;
use shashki_arbiter::rules::columns::ColumnVariant;
use std::path::Path;

use shashki_arbiter::rules::{check_game, pdn, IllegalReason, Variant};

/// (file, game number, ply, reason) of each known faulty record.
const KNOWN_FAULTS: &[(&str, usize, usize, IllegalReason)] = &[
    ("russian/abatsiev.pdn", 36, 1, IllegalReason::Syntax),
    (
        "international/schildpad.pdn",
        3,
        69,
        IllegalReason::Ambiguous,
    ),
    (
        "international/schildpad.pdn",
        7,
        111,
        IllegalReason::Ambiguous,
    ),
    (
        "international/problems/Cat.C1.pdn",
        46,
        1,
        IllegalReason::NotAMove,
    ),
    // The codex's example game with a 180° return over g3 put in on purpose.
    (
        "towers/ivanov-petrov-codex.pdn",
        3,
        15,
        IllegalReason::NotAMove,
    ),
];

fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "pdn") {
            out.push(path);
        }
    }
}

#[test]
fn every_recorded_game_replays_or_its_fault_is_found() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games");
    let mut paths = Vec::new();
    files(&root, &mut paths);
    paths.sort();
    let mut games = 0;
    let mut plies = 0;
    let mut faults = Vec::new();
    for path in &paths {
        let rel = path
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let default = if rel.starts_with("russian") {
            Variant::Russian
        } else {
            Variant::International
        };
        // Column games carry no GameType: their folder names the variant.
        let columns: Option<ColumnVariant> = rel.split('/').next().and_then(|d| d.parse().ok());
        let bytes = std::fs::read(path).unwrap();
        let parsed = pdn::read_bytes(&bytes).unwrap_or_else(|e| panic!("{rel}:{e}"));
        for (i, g) in parsed.iter().enumerate() {
            let (n, first_illegal) = match columns {
                Some(v) => {
                    let report = columns_game::check_game(i + 1, g, v);
                    (report.plies, report.first_illegal)
                }
                None => {
                    let report = check_game(i + 1, g, default);
                    (report.plies, report.first_illegal)
                }
            };
            games += 1;
            plies += n;
            if let Some(f) = &first_illegal {
                faults.push((rel.clone(), i + 1, f.ply, f.reason));
            }
        }
    }
    faults.sort_by(|a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
    let mut expected: Vec<_> = KNOWN_FAULTS
        .iter()
        .map(|(f, g, p, r)| (f.to_string(), *g, *p, *r))
        .collect();
    expected.sort_by(|a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
    assert_eq!(faults, expected);
    assert!(games > 600, "only {games} games read");
    println!(
        "{games} games, {plies} plies replayed from {} files",
        paths.len()
    );
}

#[test]
fn the_empty_game_is_reported_not_failed() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/games/international/nk2003-amsterdam.pdn");
    let games = pdn::read_bytes(&std::fs::read(path).unwrap()).unwrap();
    let reports: Vec<_> = games
        .iter()
        .enumerate()
        .map(|(i, g)| check_game(i + 1, g, Variant::International))
        .collect();
    let empty: Vec<_> = reports.iter().filter(|r| r.plies == 0).collect();
    assert_eq!(empty.len(), 1);
    assert!(empty[0].legal);
    assert_eq!(empty[0].notes, ["the game has no moves"]);
}

#[test]
fn ambiguous_capture_lists_both_routes() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games/international/schildpad.pdn");
    let games = pdn::read_bytes(&std::fs::read(path).unwrap()).unwrap();
    let r = check_game(3, &games[2], Variant::International);
    let f = r.first_illegal.unwrap();
    assert_eq!(f.text, "36x16");
    assert_eq!(f.side, shashki_arbiter::rules::Color::White);
    assert_eq!(f.number, 35);
    let mut legal = f.legal.clone();
    legal.sort();
    assert_eq!(legal, ["36x13x16", "36x18x16"]);
}
