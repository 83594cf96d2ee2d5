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
    // The result it replaced is named (the fifth trial: the journal gave only the new one).
    let corrected = text
        .lines()
        .find(|l| l.contains("исправление"))
        .unwrap_or_default();
    assert!(corrected.contains("(было "), "{corrected}");
    // Shown on its round's protocol, and in the TRF-26 record.
    let protocol = d.join("round5.html");
    let out = run(&[
        "report",
        &file,
        "--document",
        "rounds",
        "--round",
        "5",
        "-o",
        protocol.to_str().unwrap(),
        "--lang",
        "ru",
    ]);
    assert!(out.status.success(), "{out:?}");
    let html = std::fs::read_to_string(&protocol).unwrap();
    assert!(html.contains("Исправление, тур 5: "), "{html}");
    let trf = d.join("cup.trf");
    let out = run(&[
        "trf",
        "export",
        &file,
        "-o",
        trf.to_str().unwrap(),
        "--trf26",
    ]);
    assert!(out.status.success(), "{out:?}");
    let text = std::fs::read_to_string(&trf).unwrap();
    assert!(
        text.lines()
            .any(|l| l.starts_with("### Correction @ Round 5: ")
                && l.ends_with("(reason: бланк: перепутаны цвета)")),
        "{text}"
    );
    // Taken back like any change: the undo needs no reason; the record keeps both.
    let mut f = EventFile::open(&path).unwrap();
    f.undo(Utc::now()).unwrap();
    drop(f);
    assert_eq!(result_of(&path, 5, 1), old);
    let t = event::read(&path).unwrap();
    let last = t.record.last().unwrap();
    assert!(
        last.undone && last.what.en.starts_with("undone: "),
        "{last:?}"
    );
    assert_eq!(t.record.len(), 2);
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
        f.apply_with(
            correct,
            Utc::now(),
            shashki_arbiter::store::event::Because::reason(Some("  ")),
        )
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

/// A Swiss of `players` with `rounds` played, made by the program's own generator and read in
/// (ids are the pairing numbers); its directory holds nothing else.
fn swiss(name: &str, players: usize, rounds: usize, seed: u64) -> (PathBuf, String) {
    let d = dir(name);
    let trf = d.join("gen.trf");
    let out = run(&[
        "trf",
        "generate",
        "--players",
        &players.to_string(),
        "--rounds",
        &rounds.to_string(),
        "--seed",
        &seed.to_string(),
        "-o",
        trf.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{out:?}");
    let path = d.join("event.ron");
    let out = run(&[
        "trf",
        "import",
        trf.to_str().unwrap(),
        "-o",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{out:?}");
    std::fs::remove_file(&trf).unwrap();
    let file = path.to_string_lossy().into_owned();
    (d, file)
}

/// `trf check` finds every round the Dutch pairing and every line's standing the games'.
fn checks_clean(trf: &Path) {
    let out = run(&["trf", "check", trf.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

fn journal(file: &str) -> Vec<Value> {
    let out = run(&["journal", file, "--format", "json"]);
    assert!(out.status.success(), "{out:?}");
    serde_json::from_slice::<Vec<Value>>(&out.stdout).unwrap()
}

fn trf26(d: &Path, file: &str, name: &str, extra: &[&str]) -> (Output, String) {
    let out_path = d.join(name);
    let mut args = vec![
        "trf",
        "export",
        file,
        "-o",
        out_path.to_str().unwrap(),
        "--trf26",
    ];
    args.extend_from_slice(extra);
    let out = run(&args);
    let text = std::fs::read_to_string(&out_path).unwrap_or_default();
    (out, text)
}

#[test]
fn a_setting_changed_after_the_start_is_made_only_when_confirmed_and_is_recorded() {
    let (d, file) = swiss("late-setting", 10, 3, 5);
    let before = files(&d);
    let out = run(&[
        "event",
        "option",
        &file,
        "--tiebreaks",
        "BH,SB",
        "--lang",
        "ru",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("положение после туров 1–3 пересчитывается") && said.contains("--yes"),
        "{said}"
    );
    assert_eq!(files(&d), before, "a refused change writes nothing");
    let out = run(&["event", "option", &file, "--scoring", "3,1,0"]);
    assert_eq!(out.status.code(), Some(2), "the scoring too");
    assert_eq!(files(&d), before);

    let out = run(&[
        "event",
        "option",
        &file,
        "--tiebreaks",
        "BH,SB",
        "--scoring",
        "3,1,0",
        "--yes",
        "--reason",
        "the regulation's 3-1-0",
    ]);
    assert!(out.status.success(), "{out:?}");
    let t = event::read(Path::new(&file)).unwrap();
    assert_eq!(t.settings.scoring.match_points.map(|m| m.win), Some(3.0));
    let j = journal(&file);
    let last = j.last().unwrap();
    assert_eq!(last["kind"], "configuration");
    assert_eq!(last["reason"], "the regulation's 3-1-0");
    let (out, text) = trf26(&d, &file, "late.trf", &[]);
    assert!(out.status.success(), "{out:?}");
    assert!(text.contains("\n212 PTS,BH,SB\n"), "{text}");
    assert!(text.contains("\n162  W 3.0    D 1.0    L 0.0"), "{text}");
    let line = text
        .lines()
        .find(|l| l.starts_with("### Configuration @ Round 3: "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        line.contains("scoring 1-0.5-0 → 3-1-0")
            && line.contains("(reason: the regulation's 3-1-0)"),
        "{line}"
    );
    // The points in the file are the new scoring's, and a checker agrees with them.
    checks_clean(&d.join("late.trf"));
    // The rounds planned changed: the journal says from what to what, not only «settings».
    let out = run(&["event", "option", &file, "--rounds", "7", "--yes"]);
    assert!(out.status.success(), "{out:?}");
    let out = run(&["journal", &file, "--lang", "ru"]);
    let text = String::from_utf8_lossy(&out.stdout);
    let last = text.lines().rev().find(|l| !l.trim().is_empty()).unwrap();
    assert!(last.contains("число туров 3 → 7"), "{last}");
}

#[test]
fn a_round_paired_by_hand_names_each_breach_and_is_recorded_with_the_programs_pairing() {
    let (d, file) = swiss("by-hand", 8, 2, 11);
    let t = event::read(Path::new(&file)).unwrap();
    // Two pairs that met in round 1, the rest as they come.
    let r1 = &t.rounds[0].pairings;
    let met: Vec<(u32, u32)> = r1.iter().map(|p| (p.white.0, p.black.0)).collect();
    let hand: Vec<String> = met.iter().map(|(w, b)| format!("{b}-{w}")).collect();
    let hand = hand.join(",");
    let before = files(&d);
    let out = run(&["pair", &file, "--by-hand", &hand, "--save"]);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("have already met") && said.contains("--yes"),
        "{said}"
    );
    assert_eq!(files(&d), before);
    // A player left out is refused even when confirmed.
    let short: Vec<&str> = hand.split(',').take(3).collect();
    let out = run(&[
        "pair",
        &file,
        "--by-hand",
        &short.join(","),
        "--save",
        "--yes",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("neither paired nor absent"));
    assert_eq!(files(&d), before);

    let out = run(&[
        "pair",
        &file,
        "--by-hand",
        &hand,
        "--save",
        "--yes",
        "--reason",
        "a replay ordered",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{out:?}");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["by_hand"], true);
    assert!(v["breaches"].as_array().unwrap().len() >= met.len());
    let t = event::read(Path::new(&file)).unwrap();
    assert_eq!(t.rounds.len(), 3);
    assert_eq!(t.rounds[2].pairings[0].white.0, met[0].1);
    let j = journal(&file);
    assert_eq!(j.last().unwrap()["kind"], "hand_pairing");
    let (_, text) = trf26(&d, &file, "hand.trf", &[]);
    let line = text
        .lines()
        .find(|l| l.starts_with("### MPA @ Round 3: "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        line.contains("board 1: ")
            && line.contains("(the program: ")
            && line.contains("have already met")
            && line.ends_with("(reason: a replay ordered)"),
        "{line}"
    );
    // The chief arbiter's report lists it.
    let report = d.join("report.html");
    let out = run(&[
        "report",
        &file,
        "--document",
        "chief-report",
        "-o",
        report.to_str().unwrap(),
        "--lang",
        "ru",
    ]);
    assert!(out.status.success(), "{out:?}");
    let html = std::fs::read_to_string(&report).unwrap();
    assert!(
        html.contains("Ручная жеребьёвка, тур 3: доска 1:"),
        "{html}"
    );
}

#[test]
fn an_adjourned_game_makes_the_standings_provisional_and_pairs_as_a_draw() {
    let (d, file) = swiss("adjourned", 8, 2, 3);
    let out = run(&["pair", &file, "--save"]);
    assert!(out.status.success(), "{out:?}");
    let t = event::read(Path::new(&file)).unwrap();
    let p = &t.rounds[2].pairings[0];
    let (white, black) = (p.white, p.black);
    let out = run(&[
        "result",
        &file,
        "--round",
        "3",
        "--board",
        "1",
        "--adjourned",
    ]);
    assert!(out.status.success(), "{out:?}");
    for b in 2..=4 {
        let out = run(&[
            "result",
            &file,
            "--round",
            "3",
            "--board",
            &b.to_string(),
            "1-0",
        ]);
        assert!(out.status.success(), "{out:?}");
    }
    let j = journal(&file);
    assert!(j.iter().any(|e| e["kind"] == "adjournment"), "{j:?}");
    let out = run(&["standings", &file]);
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("Provisional: 1 adjourned game"));
    // The final documents and the TRF wait for it.
    let before = files(&d);
    let protocol = d.join("protocol.html");
    let out = run(&[
        "report",
        &file,
        "--document",
        "protocol",
        "-o",
        protocol.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("round 3, board 1"));
    let (out, _) = trf26(&d, &file, "adj.trf", &[]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(files(&d), before);
    let (out, text) = trf26(&d, &file, "adj.trf", &["--provisional"]);
    assert!(out.status.success(), "{out:?}");
    let cell = text
        .lines()
        .find(|l| l.starts_with(&format!("001 {:>4}", white.0)))
        .unwrap();
    assert!(cell.ends_with(&format!("{:>4} w X", black.0)), "{cell}");
    // The next round counts it as a draw: each has half a point more than the standings give.
    let points = |id: u32| -> f64 {
        let out = run(&["standings", &file, "--format", "json"]);
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        v.as_array()
            .unwrap()
            .iter()
            .find(|l| l["id"] == id)
            .unwrap()["points"]
            .as_f64()
            .unwrap()
    };
    let out = run(&["pair", &file, "--format", "json"]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let score_of = |id: u32| -> f64 {
        for b in v["pairings"].as_array().unwrap() {
            if b["white"] == id {
                return b["white_score"].as_f64().unwrap();
            }
            if b["black"] == id {
                return b["black_score"].as_f64().unwrap();
            }
        }
        panic!("{id} unpaired: {v}");
    };
    assert_eq!(score_of(white.0), points(white.0) + 0.5);
    assert_eq!(score_of(black.0), points(black.0) + 0.5);
    // Paired on it, the game is finished without a correction: nothing was recorded yet.
    let out = run(&["pair", &file, "--save"]);
    assert!(out.status.success(), "{out:?}");
    let out = run(&["result", &file, "--round", "3", "--board", "1", "0-1"]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(result_of(Path::new(&file), 3, 1), GameResult::BlackWins);
}

#[test]
fn an_expelled_player_has_no_place_loses_his_games_left_and_is_paired_no_more() {
    let (d, file) = swiss("expelled", 10, 2, 9);
    let out = run(&["pair", &file, "--save"]);
    assert!(out.status.success(), "{out:?}");
    let t = event::read(Path::new(&file)).unwrap();
    let p = &t.rounds[2].pairings[1];
    let (who, opponent) = (p.white, p.black);
    let before = files(&d);
    let out = run(&[
        "player",
        "expel",
        &file,
        &who.0.to_string(),
        "--reason",
        " ",
    ]);
    assert_eq!(out.status.code(), Some(2), "a reason is needed");
    assert_eq!(files(&d), before);
    let out = run(&[
        "player",
        "expel",
        &file,
        &who.0.to_string(),
        "--reason",
        "insulted the arbiter",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{out:?}");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["forfeits"], 1);
    // Expelled again with another reason: refused, naming the one that stands.
    let before = files(&d);
    let out = run(&[
        "player",
        "expel",
        &file,
        &who.0.to_string(),
        "--reason",
        "late",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("insulted the arbiter"));
    assert_eq!(files(&d), before);
    // His game of round 3 is lost by forfeit: his opponent wins it.
    assert_eq!(
        result_of(Path::new(&file), 3, 2),
        GameResult::BlackByForfeit
    );
    let out = run(&["standings", &file, "--format", "json"]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let lines = v.as_array().unwrap();
    let last = lines.last().unwrap();
    assert_eq!(last["id"], who.0);
    assert_eq!(last["expelled"], true);
    assert_eq!(last["place"], "");
    assert!(lines[..lines.len() - 1].iter().all(|l| l["place"] != ""));
    let out = run(&["standings", &file, "--lang", "ru"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("исключение после тура 3"));
    for b in 1..=5 {
        if b != 2 {
            let _ = run(&[
                "result",
                &file,
                "--round",
                "3",
                "--board",
                &b.to_string(),
                "1-0",
            ]);
        }
    }
    let out = run(&["pair", &file, "--format", "json"]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let paired = v["pairings"].as_array().unwrap();
    assert!(
        paired
            .iter()
            .all(|b| b["white"] != who.0 && b["black"] != who.0),
        "{v}"
    );
    assert!(paired
        .iter()
        .any(|b| b["white"] == opponent.0 || b["black"] == opponent.0 || v["bye"] == opponent.0));
    assert!(journal(&file)
        .iter()
        .any(|e| e["kind"] == "expulsion" && e["reason"] == "insulted the arbiter"));
}

#[test]
fn a_trf26_export_reads_back_as_the_same_file_and_its_standings_check() {
    let (d, file) = swiss("trf26", 12, 4, 21);
    let out = run(&[
        "event",
        "option",
        &file,
        "--tiebreaks",
        "BH/C1,BH,SB,WIN",
        "--yes",
    ]);
    assert!(out.status.success(), "{out:?}");
    let (out, text) = trf26(&d, &file, "a.trf", &[]);
    assert!(out.status.success(), "{out:?}");
    for record in [
        "012 ",
        "062 12",
        "092 ",
        "142 4",
        "152 ",
        "162  W 1.0",
        "182 shashki-arbiter",
        "192 FIDE_DUTCH_2025",
        "202 BH/C1,BH,SB,",
        "212 PTS,BH/C1,BH,SB,",
        "222 ",
    ] {
        assert!(
            text.contains(&format!("\n{record}")) || text.starts_with(record),
            "{record}: {text}"
        );
    }
    let again = d.join("again.ron");
    let out = run(&[
        "trf",
        "import",
        d.join("a.trf").to_str().unwrap(),
        "-o",
        again.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{out:?}");
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("warning"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (_, back) = trf26(&d, again.to_str().unwrap(), "b.trf", &[]);
    assert_eq!(
        back, text,
        "the export of the imported event is the same file"
    );
    checks_clean(&d.join("a.trf"));

    // Points altered on one line: named, exit 1.
    let alter = |from: usize, to: usize, with: &str, name: &str| -> (PathBuf, usize) {
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let k = lines
            .iter()
            .position(|l| l.starts_with("001    5"))
            .unwrap();
        lines[k].replace_range(from..to, with);
        let p = d.join(name);
        std::fs::write(&p, lines.join("\n") + "\n").unwrap();
        (p, k + 1)
    };
    let (bad, line) = alter(80, 84, " 9.5", "points.trf");
    let out = run(&["trf", "check", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains(&format!("line {line}: player 5: points 9.5 in the file")),
        "{said}"
    );
    let (bad, line) = alter(85, 89, "  99", "rank.trf");
    let out = run(&["trf", "check", bad.to_str().unwrap(), "--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let standings = v.as_array().unwrap().last().unwrap();
    assert_eq!(standings["agrees"], false);
    assert_eq!(standings["differs"][0]["line"], line);
    assert_eq!(standings["differs"][0]["field"], "rank");

    // A record this program does not read is named, not dropped silently.
    let odd = d.join("odd.trf");
    std::fs::write(&odd, format!("{text}999 something new\n")).unwrap();
    let out = run(&[
        "trf",
        "import",
        odd.to_str().unwrap(),
        "-o",
        d.join("odd.ron").to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{out:?}");
    let warned = String::from_utf8_lossy(&out.stderr);
    let n = text.lines().count() + 1;
    assert!(
        warned.contains(&format!("odd.trf:{n}: record `999`")),
        "{warned}"
    );
}

/// A slice of the sweep (`.ci/trf-sweep` runs the full one): TRF-2026 events made by the
/// generator with byes and forfeits of every kind and a tie-break list pass `trf check` — each
/// round the Dutch pairing, each line's points and rank those of the games.
#[test]
fn generated_trf26_events_check_in_pairings_and_standings() {
    use shashki_arbiter::tournament::swiss::{audit, trf26};
    for seed in 0..24u64 {
        let g = audit::Generate {
            players: 6 + (seed as usize * 5) % 23,
            rounds: 3 + (seed as usize) % 6,
            seed,
            draws: 25,
            forfeits: (seed % 3 * 6) as u32,
            half_byes: (seed % 4 * 4) as u32,
            every_kind: true,
        };
        let text = audit::generate_trf26(&g).unwrap();
        assert!(text.contains("\n212 PTS,"), "{text}");
        let rounds = audit::check("generated", &text).unwrap();
        assert!(
            rounds.iter().all(|r| r.difference.is_none()),
            "seed {seed}: {text}"
        );
        let differs = trf26::check_standings("generated", &text).unwrap();
        assert!(differs.is_empty(), "seed {seed}: {differs:?}\n{text}");
    }
}

/// Issue 51: the lot that decides places still tied after every criterion is drawn from a
/// printed seed — the same seed, the same places — journaled and written into the record.
#[test]
fn a_lot_decides_the_places_still_tied_from_a_printed_seed() {
    let (d, file) = swiss("lot", 12, 3, 5);
    let places = |file: &str| -> Vec<(u64, String)> {
        let out = run(&["standings", file, "--format", "json"]);
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        v.as_array()
            .unwrap()
            .iter()
            .map(|l| {
                (
                    l["id"].as_u64().unwrap(),
                    l["place"].as_str().unwrap().to_string(),
                )
            })
            .collect()
    };
    let before = places(&file);
    let tied: Vec<&(u64, String)> = before.iter().filter(|(_, p)| p.contains('-')).collect();
    assert!(!tied.is_empty(), "the sample has a tie: {before:?}");
    let copy = d.join("copy.ron");
    std::fs::copy(&file, &copy).unwrap();
    let out = run(&["event", "lot", &file, "--format", "json"]);
    assert!(out.status.success(), "{out:?}");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let seed = v["seed"].as_u64().unwrap();
    let after = places(&file);
    assert!(after.iter().all(|(_, p)| !p.contains('-')), "{after:?}");
    // Untied players keep their places; the tied share theirs out among themselves.
    for ((id, was), (id2, now)) in before.iter().zip(&after) {
        if !was.contains('-') {
            assert_eq!((id, was), (id2, now));
        }
    }
    // The same seed on the copy: the same places.
    let out = run(&[
        "event",
        "lot",
        copy.to_str().unwrap(),
        "--seed",
        &seed.to_string(),
    ]);
    assert!(String::from_utf8_lossy(&out.stdout).contains(&seed.to_string()));
    assert_eq!(places(copy.to_str().unwrap()), after);
    assert_eq!(journal(&file).last().unwrap()["kind"], "lot");
    let (_, text) = trf26(&d, &file, "lot.trf", &[]);
    assert!(
        text.lines()
            .any(|l| l.starts_with(&format!("### Lot @ Round 3: seed {seed}: "))),
        "{text}"
    );
    // Its ranks are the lot's, and the checker reads them back so.
    checks_clean(&d.join("lot.trf"));
}
