//! `in_coefficients: fide_c07`: the 2026 edition of FIDE C.07 for rounds without a game over the
//! board. Checked against the FIDE Technical Commission's checker (gacrux 1.11.65) on the 40
//! bbpPairings events, and by hand on a small event with every kind of unplayed round
//! (`tests/data/c07/`, README there).

use shashki_arbiter::tournament::model::{TieBreak, UnplayedInCoefficients};
use shashki_arbiter::tournament::standings::{self, Line};
use shashki_arbiter::tournament::swiss::trf;
use shashki_arbiter::tournament::Tournament;

/// The criteria in the reference file's column order (after PTS), by their C.07 names.
const COLUMNS: [(&str, TieBreak); 10] = [
    ("BH", TieBreak::Buchholz),
    ("BH/C1", TieBreak::BuchholzCut1),
    ("BH/C2", TieBreak::BuchholzCut2),
    ("BH/M1", TieBreak::BuchholzMedian),
    ("SB", TieBreak::SonnebornBerger),
    ("WIN", TieBreak::Wins),
    ("KS", TieBreak::Koya),
    ("PS", TieBreak::Progressive),
    ("ARO", TieBreak::AverageRatingOpponents),
    ("BWG", TieBreak::WinsBlack),
];

fn event(path: &str, mode: UnplayedInCoefficients) -> Tournament {
    let text = std::fs::read_to_string(path).unwrap();
    let mut t = trf::import(path, &text).unwrap();
    t.settings.unplayed.in_coefficients = mode;
    t.tiebreaks = COLUMNS.iter().map(|c| c.1).collect();
    t
}

fn by_number(lines: &[Line], number: usize) -> &Line {
    lines.iter().find(|l| l.number == Some(number)).unwrap()
}

fn value(line: &Line, tb: TieBreak) -> Option<f64> {
    line.tiebreaks.iter().find(|(t, _)| *t == tb).unwrap().1
}

/// Every value the reference gives, and how many differ under `mode`.
fn against_gacrux(mode: UnplayedInCoefficients) -> (usize, Vec<String>) {
    let reference = std::fs::read_to_string("tests/data/c07/gacrux-1.11.65.txt").unwrap();
    let mut current: Option<(String, Vec<Line>)> = None;
    let mut count = 0;
    let mut differ = Vec::new();
    for row in reference.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = row.split_whitespace().collect();
        if current.as_ref().is_none_or(|(ev, _)| ev != f[0]) {
            let t = event(&format!("tests/data/swiss/events/{}.trf", f[0]), mode);
            current = Some((f[0].to_string(), standings::compute(&t, None)));
        }
        let (ev, lines) = current.as_ref().unwrap();
        let line = by_number(lines, f[1].parse().unwrap());
        let mut check = |name: &str, ours: Option<f64>, theirs: &str| {
            count += 1;
            let theirs: Option<f64> = theirs.parse().ok();
            let same = match (ours, theirs) {
                (Some(a), Some(b)) => (a - b).abs() < 1e-9,
                (a, b) => a.is_none() && b.is_none(),
            };
            if !same {
                differ.push(format!(
                    "{ev} #{} {name}: ours {ours:?}, gacrux {theirs:?}",
                    f[1]
                ));
            }
        };
        check("PTS", Some(line.points), f[2]);
        for (k, (name, tb)) in COLUMNS.iter().enumerate() {
            check(name, value(line, *tb), f[3 + k]);
        }
    }
    (count, differ)
}

#[test]
fn forty_events_give_gacrux_values_for_points_and_ten_criteria() {
    let (count, differ) = against_gacrux(UnplayedInCoefficients::FideC07);
    assert_eq!(count, 2165 * 11);
    assert!(
        differ.is_empty(),
        "{} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}

/// The reference tells the rules apart: the older "own points" reading differs from it.
#[test]
fn the_older_readings_are_not_c07() {
    for mode in [
        UnplayedInCoefficients::OwnPoints,
        UnplayedInCoefficients::Skip,
    ] {
        let (count, differ) = against_gacrux(mode);
        assert!(differ.len() * 20 > count, "{mode:?}: {}", differ.len());
    }
}

/// Six players, three rounds: 6 loses to 2 then withdraws (zero-point byes); 2 takes a
/// half-point bye in round 2; 4 loses round 2 by forfeit to 5 and gets the pairing-allocated
/// bye in round 3. Points: 1 → 2, 2 → 2.5, 3 → 2, 4 → 1, 5 → 1, 6 → 0.
#[test]
fn each_kind_of_unplayed_round_counts_as_the_2026_rules_say() {
    let t = event(
        "tests/data/c07/unplayed.trf",
        UnplayedInCoefficients::FideC07,
    );
    let s = standings::compute(&t, None);
    let v = |n, tb| value(by_number(&s, n), tb).unwrap();
    // 6's rounds after his last game count as draws for those he met: 0 + ½ + ½ = 1. Player 2
    // met him (1), had a half-point bye — a dummy opponent with 2's own 2.5, capped at a draw
    // in each round, 1.5 — and met 1 (2): 1 + 1.5 + 2.
    assert_eq!(v(2, TieBreak::Buchholz), 4.5);
    // The bye was 2's choice, so the cut takes it before his weakest opponent (1): 4.5 − 1.5.
    assert_eq!(v(2, TieBreak::BuchholzCut1), 3.0);
    assert_eq!(
        v(2, TieBreak::BuchholzMedian),
        1.0,
        "the bye and the highest (2) go"
    );
    // 1×1 + 1.5×½ + 2×1.
    assert_eq!(v(2, TieBreak::SonnebornBerger), 3.75);
    // 5's forfeit win: against 4's 1 point (less than 5's own 1 and than 1.5): 2 + 1 + 2.
    assert_eq!(v(5, TieBreak::Buchholz), 5.0);
    assert_eq!(
        v(5, TieBreak::SonnebornBerger),
        1.0,
        "the forfeit win: 1 × 1"
    );
    // 4: 3's 2, the forfeit lost (his choice: cut first) against min(1, 5's 1), the bye
    // against min(1, 1.5).
    assert_eq!(v(4, TieBreak::Buchholz), 4.0);
    assert_eq!(v(4, TieBreak::BuchholzCut1), 3.0);
    // Unplayed wins are wins: 4's bye, 5's forfeit.
    assert_eq!(v(4, TieBreak::Wins), 1.0);
    assert_eq!(v(5, TieBreak::Wins), 1.0);
    // 1 met 5 (1), 3 (2), 2 (2.5).
    assert_eq!(v(1, TieBreak::Buchholz), 5.5);
    // A missed round still has a score after it: 6's 0, 0, 0; 4's 0, 0, 1.
    assert_eq!(v(4, TieBreak::Progressive), 1.0);

    // The draughts default skips every round without a game: 2 met 6 (0 points) and 1 (2).
    let mut skip = t.clone();
    skip.settings.unplayed.in_coefficients = UnplayedInCoefficients::Skip;
    let s = standings::compute(&skip, None);
    assert_eq!(value(by_number(&s, 2), TieBreak::Buchholz), Some(2.0));
    assert_eq!(value(by_number(&s, 4), TieBreak::Wins), Some(0.0));
}

/// The setting is read from files by its name, and an older file without it keeps the default.
#[test]
fn the_setting_is_named_fide_c07_in_files() {
    let mut t = event(
        "tests/data/c07/unplayed.trf",
        UnplayedInCoefficients::FideC07,
    );
    let text = ron::ser::to_string(&t.settings.unplayed).unwrap();
    assert!(text.contains("fide_c07"), "{text}");
    t.settings.unplayed = ron::from_str("(bye: win)").unwrap();
    assert_eq!(
        t.settings.unplayed.in_coefficients,
        UnplayedInCoefficients::Skip
    );
}
