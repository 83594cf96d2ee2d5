//! The record a federation audits (issue 51): a result changed after the next round was paired
//! is a correction, made only with its reason, journaled with it, and listed by `journal`.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use chrono::Utc;
use shashki_arbiter::store::event::{self, EventFile};
use shashki_arbiter::tournament::command::Command as Change;
use shashki_arbiter::tournament::id::GameRef;
use shashki_arbiter::tournament::model::GameResult;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shashki-arbiter"))
        .args(args)
        .output()
        .unwrap()
}

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("shashki-audit-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Every file of the directory, byte for byte.
fn files(d: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut all: Vec<_> = std::fs::read_dir(d)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| {
            let bytes = std::fs::read(&p).unwrap();
            (p, bytes)
        })
        .collect();
    all.sort();
    all
}

fn result_of(path: &Path, round: usize, board: usize) -> GameResult {
    let t = event::read(path).unwrap();
    let r = t.rounds.iter().find(|r| r.number == round).unwrap();
    r.pairings.iter().find(|p| p.board == board).unwrap().games[0]
}

/// The round-robin sample: round 5 played and locked, round 6 paired after it.
#[test]
fn a_result_changed_after_the_next_round_is_paired_needs_its_reason() {
    let d = dir("correction");
    let path = d.join("cup.ron");
    std::fs::copy("tournaments/shashki64-round-robin.ron", &path).unwrap();
    let file = path.to_string_lossy().into_owned();
    let old = result_of(&path, 5, 1);
    let new = match old {
        GameResult::WhiteWins => "0-1",
        _ => "1-0",
    };
    // Without a reason: refused, saying what it is and how to give one; not a byte written.
    let before = files(&d);
    let out = run(&[
        "result",
        &file,
        "--round",
        "5",
        "--board",
        "1",
        new,
        "--correct",
        "--lang",
        "ru",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("после тура 5 уже составлен следующий")
            && said.contains("--correction ТЕКСТ"),
        "{said}"
    );
    assert_eq!(files(&d), before, "a refused correction writes nothing");
    // With it: made, the round locked as it was, the reason in the journal.
    let out = run(&[
        "result",
        &file,
        "--round",
        "5",
        "--board",
        "1",
        new,
        "--correction",
        "бланк: перепутаны цвета",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_ne!(result_of(&path, 5, 1), old);
    let t = event::read(&path).unwrap();
    assert!(t.rounds.iter().find(|r| r.number == 5).unwrap().locked);
    let out = run(&["journal", &file, "--format", "json"]);
    assert!(out.status.success());
    let lines: Value = serde_json::from_slice(&out.stdout).unwrap();
    let last = lines.as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["kind"], "correction");
    assert_eq!(last["round"], 5);
    assert_eq!(last["reason"], "бланк: перепутаны цвета");
    assert_eq!(last["who"], Value::Null);
    let out = run(&["journal", &file, "--lang", "ru"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("исправление, причина: бланк: перепутаны цвета"),
        "{text}"
    );
    // Taken back like any change: the undo needs no reason.
    let mut f = EventFile::open(&path).unwrap();
    f.undo(Utc::now()).unwrap();
    drop(f);
    assert_eq!(result_of(&path, 5, 1), old);
    let _ = std::fs::remove_dir_all(&d);
}

/// Not corrections: a result typed where there was none (a round robin pairs on without it), the
/// same result again, a result of the last round paired.
#[test]
fn typing_a_missing_result_or_the_last_rounds_is_no_correction() {
    let d = dir("no-correction");
    let path = d.join("cup.ron");
    std::fs::copy("tournaments/shashki64-round-robin.ron", &path).unwrap();
    let t = event::read(&path).unwrap();
    let last = t.rounds.last().unwrap();
    let (round, open) = (
        last.number,
        last.pairings
            .iter()
            .find(|p| p.games[0] == GameResult::Pending)
            .map(|p| p.board)
            .unwrap(),
    );
    let mut f = EventFile::open(&path).unwrap();
    let game = GameRef {
        round,
        board: open,
        game: 0,
    };
    f.apply(
        Change::SetResult {
            game,
            result: GameResult::Draw,
        },
        Utc::now(),
    )
    .unwrap();
    // The last round's result changed: no round after it, no correction.
    f.apply(
        Change::SetResult {
            game,
            result: GameResult::WhiteWins,
        },
        Utc::now(),
    )
    .unwrap();
    assert!(f.journal().iter().all(|e| e.why.is_none()));
    // Round 5's result as it is: no change, no correction asked.
    let same = result_of(&path, 5, 2);
    f.apply(Change::UnlockRound { round: 5 }, Utc::now())
        .unwrap();
    f.apply(
        Change::SetResult {
            game: GameRef {
                round: 5,
                board: 2,
                game: 0,
            },
            result: same,
        },
        Utc::now(),
    )
    .unwrap();
    // Another: refused without a reason, made with one.
    let other = match same {
        GameResult::Draw => GameResult::WhiteWins,
        _ => GameResult::Draw,
    };
    let correct = Change::SetResult {
        game: GameRef {
            round: 5,
            board: 2,
            game: 0,
        },
        result: other,
    };
    let refused = f.apply(correct.clone(), Utc::now()).unwrap_err();
    assert!(matches!(
        refused,
        event::EventError::CorrectionWithoutReason { round: 5 }
    ));
    assert_eq!(
        f.apply_because(correct, Utc::now(), "  ")
            .map(|_| ())
            .unwrap_err()
            .to_string(),
        refused.to_string(),
        "a blank reason is none"
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// The scoring guard (issue 51): match points that would reward drawing or losing are refused
/// with the reason, the file untouched.
#[test]
fn match_points_that_reward_drawing_are_refused() {
    use shashki_arbiter::lang::Russian;
    use shashki_arbiter::tournament::model::MatchPoints;
    let d = dir("scoring");
    let path = d.join("cup.ron");
    std::fs::copy("tournaments/shashki64-round-robin.ron", &path).unwrap();
    let mut f = EventFile::open(&path).unwrap();
    let before = files(&d);
    for (win, draw, loss, said) in [
        (1.0, 2.0, 0.0, "победа стоит меньше ничьей"),
        (3.0, 2.0, 0.0, "две ничьи стоят больше победы и поражения"),
    ] {
        let mut s = f.tournament.settings.clone();
        s.scoring.match_points = Some(MatchPoints { win, draw, loss });
        let e = f
            .apply(
                Change::SetSettings {
                    settings: Box::new(s),
                },
                Utc::now(),
            )
            .unwrap_err();
        assert!(e.ru().contains(said), "{}", e.ru());
    }
    assert_eq!(files(&d), before, "refused: nothing written");
    let _ = std::fs::remove_dir_all(&d);
}
