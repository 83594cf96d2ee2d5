//! The command line as scripts use it: JSON shapes and exit codes.

use shashki_arbiter::tournament::model::PlayerId;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shashki-arbiter"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(text) = stdin {
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
    }
    drop(child.stdin.take());
    child.wait_with_output().unwrap()
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)))
}

#[test]
fn perft_json_lists_each_depth() {
    let out = run(
        &["perft", "--variant", "russian", "3", "--format", "json"],
        None,
    );
    assert!(out.status.success());
    let v = json(&out);
    assert_eq!(v["variant"], "russian");
    let leaves: Vec<u64> = v["depths"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["leaves"].as_u64().unwrap())
        .collect();
    assert_eq!(leaves, [7, 49, 302]);
    assert_eq!(
        v["fen"],
        "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    );
}

#[test]
fn moves_json_names_squares_as_the_variant_writes_them() {
    let out = run(&["moves", "--fen", "W:W22:B18", "--format", "json"], None);
    let v = json(&out);
    assert_eq!(
        v,
        serde_json::json!([{"from":"c3","to":"e5","captured":["d4"],"promotion":false,"path":"c3xe5","text":"c3:e5"}])
    );
    let out = run(
        &[
            "moves",
            "--variant",
            "international",
            "--fen",
            "W:W28:B23,K22",
            "--format",
            "json",
        ],
        None,
    );
    let v = json(&out);
    let mut texts: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    texts.sort();
    // Equal captures (a king counts as one piece): both are legal, squares written as numbers.
    assert_eq!(texts, ["28x17", "28x19"]);
    assert_eq!(v[0]["from"], "28");
    // English checkers writes numbers too: every square of the answer, not the path alone
    // (`from` was "d4" beside `"path":"18x25"`).
    let out = run(
        &[
            "moves",
            "--variant",
            "english",
            "--fen",
            "B:W22:B18",
            "--format",
            "json",
        ],
        None,
    );
    let v = json(&out);
    assert_eq!(
        (&v[0]["from"], &v[0]["to"], &v[0]["captured"], &v[0]["path"]),
        (
            &serde_json::json!("18"),
            &serde_json::json!("25"),
            &serde_json::json!(["22"]),
            &serde_json::json!("18x25")
        )
    );
}

#[test]
fn check_exit_codes_and_first_illegal() {
    let good = "[Event \"t\"]\n1. c3-d4 f6-g5 2. d4-e5 *";
    let out = run(&["check", "-"], Some(good));
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );

    let bad = "[White \"Иванов\"]\n[Black \"Петров\"]\n1. c3-d4 f6-e5 2. d4-c5 *";
    let out = run(&["check", "-", "--format", "json"], Some(bad));
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v[0]["white"], "Иванов");
    assert_eq!(v[0]["legal"], false);
    assert_eq!(v[0]["plies"], 2);
    let f = &v[0]["first_illegal"];
    assert_eq!(f["ply"], 3);
    assert_eq!(f["move"], "d4-c5");
    assert_eq!(f["reason"], "missed_capture");
    assert_eq!(f["legal"], serde_json::json!(["d4:f6"]));

    let out = run(&["check", "-"], Some("[Event \"never closed\n1. c3-d4"));
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("-:1:1:"));
}

#[test]
fn game_type_tag_wins_over_the_default_variant() {
    let intl = "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *";
    let out = run(
        &["check", "-", "--variant", "russian", "--format", "json"],
        Some(intl),
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(json(&out)[0]["variant"], "international");
}

#[test]
fn claim_repetition_json() {
    let dir = std::env::temp_dir().join(format!("sa-claim-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("g.pdn");
    std::fs::write(
        &file,
        "[FEN \"W:WK29:BK5\"]\n1. a1-b2 a7-b8 2. b2-a1 b8-a7 3. a1-b2 a7-b8 4. b2-a1 *",
    )
    .unwrap();
    let f = file.to_str().unwrap();
    let out = run(
        &[
            "claim",
            "repetition",
            f,
            "--move",
            "b8-a7",
            "--format",
            "json",
        ],
        None,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    assert_eq!(v["valid"], true);
    assert_eq!(v["plies"], serde_json::json!([0, 4, 8]));
    let out = run(
        &["claim", "repetition", f, "--ply", "4", "--format", "json"],
        None,
    );
    assert_eq!(json(&out)["valid"], false);
    let out = run(&["claim", "repetition", f, "--game", "3"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn bad_fen_is_a_clear_error() {
    let out = run(&["moves", "--fen", "W:W21:B99"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("99"));
}

#[test]
fn clock_simulate_json_and_bad_lines() {
    let script = "0 start\n12.5 press\n300 pause\n330 resume\n400 add black 60 penalty\n401 claim white\n460 resolve\n";
    let out = run(
        &[
            "clock",
            "simulate",
            "--control",
            "45m/20,15m",
            "-",
            "--format",
            "json",
            "--at",
            "500",
        ],
        Some(script),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    assert_eq!(v["running"], "black");
    assert_eq!(v["white"]["ms_left"], 2_700_000 - 12_500 - 59_000);
    assert_eq!(
        v["black"]["ms_left"],
        2_700_000 - 287_500 - 71_000 + 60_000 - 40_000
    );
    assert_eq!(v["white"]["moves"], 1);
    assert_eq!(v["events"], 7);
    let out = run(
        &["clock", "simulate", "--control", "5m", "-"],
        Some("0 start\n1 bogus\n"),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 2"));
}

/// `--at T` answers with the events up to T only: "what did the clocks show when the claim was
/// made" must not see the presses after it (here the state at 230 s, not at 300 s).
#[test]
fn clock_at_shows_the_clock_as_it_stood_then() {
    let script = "0 start\n100 press\n200 pause\n260 resume\n300 press\n";
    let args = ["clock", "simulate", "--control", "45m", "-", "--at", "230"];
    let out = run(&args, Some(script));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("at 0:03:50.000: paused, Black to move"),
        "{text}"
    );
    assert!(text.contains("White: 0:43:20.000 left, 1 moves"), "{text}");
    assert!(text.contains("Black: 0:43:20.000 left, 0 moves"), "{text}");
    let out = run(&[&args[..], &["--format", "json"]].concat(), Some(script));
    let v = json(&out);
    assert_eq!(v["paused"], true);
    assert_eq!(v["black"]["ms_left"], 2_700_000 - 100_000);
    assert_eq!(v["events"], 3);

    // The same question of a board's log.
    use shashki_arbiter::clock::game_clock::{Event, EventKind};
    use shashki_arbiter::clock::log::ClockLog;
    let dir = std::env::temp_dir().join(format!("sa-at-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("board.clocklog");
    let _ = std::fs::remove_file(&path);
    let mut log = ClockLog::create(
        &path,
        &"45m".parse().unwrap(),
        shashki_arbiter::rules::Color::White,
    )
    .unwrap();
    let wall = chrono::Utc::now();
    for (at, kind) in [
        (0, EventKind::Start),
        (100_000, EventKind::Press),
        (200_000, EventKind::Pause),
        (260_000, EventKind::Resume),
        (300_000, EventKind::Press),
    ] {
        log.append(&Event { at_ms: at, kind }, wall).unwrap();
    }
    let out = run(
        &[
            "clock",
            "replay",
            path.to_str().unwrap(),
            "--at",
            "230",
            "--format",
            "json",
        ],
        None,
    );
    let v = json(&out);
    assert_eq!(v["paused"], true, "{v}");
    assert_eq!(v["running"], "black");
    assert_eq!(v["black"]["ms_left"], 2_700_000 - 100_000);
    assert_eq!(v["white"]["moves"], 1);
    assert_eq!(v["events"], 3);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The program is killed mid-game (as a crash or a pulled plug would): on the next start the hall
/// comes back with every running clock paused, charged up to the crash to within a heartbeat.
#[cfg(unix)]
#[test]
fn a_killed_hall_comes_back_paused_with_its_times() {
    let dir = std::env::temp_dir().join(format!("sa-cli-hall-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_shashki-arbiter"))
        .args(["clock", "hall", d, "--control", "10m", "--boards", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let began = std::time::Instant::now();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"1 start\n1 press\n2 start\n").unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(3000));
    child.kill().unwrap();
    let lived = began.elapsed().as_millis() as u64;
    child.wait().unwrap();

    // What board 1's log says the kill left: Black ran from the press to the last sign of life.
    let left = shashki_arbiter::clock::log::load(&dir.join("board-001.clocklog")).unwrap();
    let press = left
        .clock
        .events()
        .iter()
        .find(|e| e.kind == shashki_arbiter::clock::EventKind::Press)
        .expect("the press is logged")
        .at_ms;
    let expected = left.alive_ms - press;
    let out = run(
        &["clock", "hall", d, "--format", "json"],
        Some("show\nquit\n"),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let boards = json(&out);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("restored 2 board(s)"), "{stderr}");
    let b1 = &boards[0];
    assert_eq!(b1["board"], "Board 1");
    assert_eq!(b1["paused"], true);
    assert_eq!(b1["running"], "black");
    assert_eq!(b1["white"]["moves"], 1);
    let charged = 600_000 - b1["black"]["ms_left"].as_u64().unwrap();
    assert_eq!(
        charged, expected,
        "Black is charged from the press to the log's last heartbeat, exactly"
    );
    assert!(
        (1_000..=lived).contains(&charged),
        "Black thought from the press until the kill ({lived} ms at most), charged {charged}"
    );
    let b2 = &boards[1];
    assert_eq!(
        (b2["paused"].as_bool(), b2["running"].as_str()),
        (Some(true), Some("white"))
    );
    // The time during which the program was down is charged to nobody: a second restart shows
    // the same times.
    std::thread::sleep(std::time::Duration::from_millis(500));
    let again = json(&run(
        &["clock", "hall", d, "--format", "json"],
        Some("show\nquit\n"),
    ));
    assert_eq!(again[0]["black"]["ms_left"], b1["black"]["ms_left"]);
    assert_eq!(again[1]["white"]["ms_left"], b2["white"]["ms_left"]);
}

#[test]
fn berger_json_lists_pairs_white_first_and_the_bye() {
    let out = run(&["berger", "5", "--format", "json"], None);
    assert!(out.status.success());
    let v = json(&out);
    assert_eq!(v["players"], 5);
    assert_eq!(v["rounds"][0]["pairs"], serde_json::json!([[2, 5], [3, 4]]));
    assert_eq!(v["rounds"][0]["bye"], 1);
    assert_eq!(v["rounds"].as_array().unwrap().len(), 5);
    let double = json(&run(&["berger", "4", "--double", "--format", "json"], None));
    assert_eq!(double["rounds"].as_array().unwrap().len(), 6);
}

#[test]
fn ballot_show_and_draw_json() {
    let v = json(&run(
        &[
            "ballot", "show", "--table", "idf", "--cell", "XII/13", "--format", "json",
        ],
        None,
    ));
    assert_eq!(v["table"], "idf");
    assert_eq!(v["cell"], "XII/13");
    assert_eq!(v["kind"], "relocation");
    // The position as the shared reference transcription of the IDF table gives it.
    let cells = std::fs::read_to_string("tests/data/ballots/ballot_cells.tsv").unwrap();
    let reference = cells
        .lines()
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .find(|f| f.len() > 3 && f[0] == "idf" && f[1] == "XII/13")
        .expect("XII/13 in the reference")[3]
        .to_string();
    assert_eq!(v["fen"], reference.as_str());
    let a = json(&run(
        &[
            "ballot", "draw", "--table", "fmjd", "--seed", "5", "--count", "3", "--format", "json",
        ],
        None,
    ));
    let b = json(&run(
        &[
            "ballot", "draw", "--table", "fmjd", "--seed", "5", "--count", "3", "--format", "json",
        ],
        None,
    ));
    assert_eq!(a, b);
    assert_eq!(a.as_array().unwrap().len(), 3);
    let out = run(
        &["ballot", "show", "--table", "idf", "--cell", "XL/1"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no cell `XL/1`"));
}

#[test]
fn standings_json_gives_places_tiebreaks_and_rounds() {
    let v = json(&run(
        &[
            "standings",
            "tournaments/shashki64-round-robin.ron",
            "--format",
            "json",
        ],
        None,
    ));
    let rows = v.as_array().unwrap();
    assert_eq!(rows.len(), 10);
    let first = &rows[0];
    assert_eq!(first["place"], "1");
    let keys: Vec<&String> = first["tiebreaks"].as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        ["head_to_head", "wins", "sonneborn_berger", "shmulyan"],
        "in the tournament's order"
    );
    // Round 1's score as the event file has it, added up here from its games.
    let t = shashki_arbiter::store::event::read(std::path::Path::new(
        "tournaments/shashki64-round-robin.ron",
    ))
    .unwrap();
    let id = first["id"].as_u64().unwrap() as u32;
    let p = t.rounds[0]
        .pairings
        .iter()
        .find(|p| p.white == PlayerId(id) || p.black == PlayerId(id))
        .unwrap();
    let by_hand: f64 = p
        .games
        .iter()
        .enumerate()
        .map(|(g, r)| {
            let white = if g % 2 == 0 { p.white } else { p.black };
            use shashki_arbiter::tournament::model::GameResult as R;
            let white_scored = match r {
                R::WhiteWins => 1.0,
                R::Draw => 0.5,
                R::BlackWins => 0.0,
                other => panic!("round 1 holds {other:?}"),
            };
            if white == PlayerId(id) {
                white_scored
            } else {
                1.0 - white_scored
            }
        })
        .sum();
    assert_eq!(first["rounds"][0]["score"].as_f64(), Some(by_hand));
    let after1 = json(&run(
        &[
            "standings",
            "tournaments/shashki64-round-robin.ron",
            "--round",
            "1",
            "--format",
            "json",
        ],
        None,
    ));
    let total: f64 = after1
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["points"].as_f64().unwrap())
        .sum();
    assert_eq!(total, 10.0, "five micromatches of two games after round 1");
    let out = run(&["standings", "Cargo.toml"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Cargo.toml:1:"));
}

#[test]
fn pair_prints_the_next_swiss_round_and_saves_it_only_when_asked() {
    let dir = std::env::temp_dir().join(format!("shashki-pair-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("open.ron");
    std::fs::copy("tournaments/open-swiss-48.ron", &file).unwrap();
    let before = std::fs::read(&file).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_shashki-arbiter"))
        .args(["--format", "json", "pair"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["round"], 8);
    assert_eq!(v["pairings"].as_array().unwrap().len(), 24);
    assert_eq!(v["saved"], false);
    assert!(v["breaches"].as_array().unwrap().is_empty());
    assert!(v["unpaired"].as_array().unwrap().is_empty());
    assert_eq!(
        std::fs::read(&file).unwrap(),
        before,
        "not saved without --save"
    );

    // In Russian (issue 50): every line the arbiter reads out, the absent and the requested
    // bye said why, points with a comma; a refusal in Russian too, nothing written.
    let out = Command::new(env!("CARGO_BIN_EXE_shashki-arbiter"))
        .args(["pair", "--lang", "ru", "--absent", "3", "--half-bye", "5"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let ru = String::from_utf8_lossy(&out.stdout);
    for line in [
        "Тур 8 — ",
        "цвета: ",
        "— переход вниз; соперник: ",
        "отсутствует: ",
        "пол-очка без игры (по заявлению): ",
        "критерии в порядке старшинства:",
        "абсолютно: сыгравшие между собой не встречаются снова",
        "не сохранено (сохраните с --save)",
    ] {
        assert!(ru.contains(line), "no `{line}` in:\n{ru}");
    }
    assert!(ru.contains(",5]"), "points with a decimal comma: {ru}");
    assert!(
        !ru.contains("colours") && !ru.contains("floats"),
        "no English left: {ru}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_shashki-arbiter"))
        .args(["pair", "--lang", "ru", "--round", "3", "--save"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("следующий тур для жеребьёвки — 8"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        std::fs::read(&file).unwrap(),
        before,
        "a refused pair writes nothing"
    );

    let out = Command::new(env!("CARGO_BIN_EXE_shashki-arbiter"))
        .args(["pair", "--save"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Round 8 of") && text.contains("saved to the event"),
        "{text}"
    );
    let t = shashki_arbiter::store::event::read(&file).unwrap();
    assert_eq!(t.rounds.len(), 8);

    // TRF out and back in: a new event file, never over an existing one.
    let trf = dir.join("open.trf");
    let status = Command::new(env!("CARGO_BIN_EXE_shashki-arbiter"))
        .args(["trf", "export"])
        .arg(&file)
        .arg("-o")
        .arg(&trf)
        .status()
        .unwrap();
    assert!(status.success());
    let text = std::fs::read_to_string(&trf).unwrap();
    assert!(text.starts_with("012 Открытый турнир"), "{text}");
    assert_eq!(text.lines().filter(|l| l.starts_with("001")).count(), 48);
    let imported = dir.join("imported.ron");
    let run = |out: &std::path::Path| {
        Command::new(env!("CARGO_BIN_EXE_shashki-arbiter"))
            .args(["trf", "import"])
            .arg(&trf)
            .arg("-o")
            .arg(out)
            .output()
            .unwrap()
    };
    assert!(run(&imported).status.success());
    let back = shashki_arbiter::store::event::read(&imported).unwrap();
    assert_eq!(back.players.len(), 48);
    assert_eq!(back.rounds.len(), 8);
    let again = run(&file);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("exists"));
}

/// Each standings row and each of its rounds name players by the same key, the pairing number
/// as printed: the opponent's row has this row as its opponent in that round, and nobody meets
/// themselves (in the sample round robin player 7 "met" opponent 7 when rounds gave the
/// internal id).
#[test]
fn standings_json_names_opponents_by_pairing_number() {
    for file in [
        "tournaments/international-round-robin.ron",
        "tournaments/open-swiss-48.ron",
        "tournaments/shashki64-round-robin.ron",
        "tournaments/towers-round-robin.ron",
    ] {
        let out = run(&["standings", file, "--format", "json"], None);
        assert!(out.status.success(), "{file}");
        let rows = json(&out);
        let rows = rows.as_array().unwrap();
        let by_number: std::collections::BTreeMap<u64, &serde_json::Value> = rows
            .iter()
            .map(|r| (r["number"].as_u64().unwrap(), r))
            .collect();
        let mut checked = 0;
        for row in rows {
            let me = row["number"].as_u64().unwrap();
            for r in row["rounds"].as_array().unwrap() {
                let Some(opp) = r["opponent"].as_u64() else {
                    continue;
                };
                assert_ne!(opp, me, "{file}: {me} meets themselves in {r}");
                let theirs = by_number[&opp]["rounds"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|x| x["round"] == r["round"])
                    .unwrap();
                assert_eq!(theirs["opponent"].as_u64(), Some(me), "{file} {r}");
                assert_eq!(theirs["opponent_id"], row["id"], "{file} {r}");
                checked += 1;
            }
        }
        assert!(checked > 10, "{file}: {checked}");
    }
}

#[test]
fn column_draughts_on_the_command_line_follow_the_contract() {
    // perft of both variants from the start (columns.md §4).
    for (variant, depth, leaves) in [("towers", 5, 7482u64), ("laska", 6, 324)] {
        let out = run(
            &[
                "perft",
                "--variant",
                variant,
                &depth.to_string(),
                "--format",
                "json",
            ],
            None,
        );
        assert!(out.status.success());
        let v = json(&out);
        assert_eq!(v["variant"], variant);
        assert_eq!(v["depths"][depth - 1]["leaves"], leaves);
    }
    // The codex's diagram 4, White to move: c1:a3 only, taking b2's top.
    let out = run(
        &[
            "moves",
            "--variant",
            "towers",
            "--fen",
            "W:Wc1(Wbbbb),d6(wwwwww),f4(wwww):Ba1(BBbBbBW),b2(bb)",
            "--format",
            "json",
        ],
        None,
    );
    let v = json(&out);
    assert_eq!(v.as_array().unwrap().len(), 1);
    assert_eq!(v[0]["text"], "c1:a3");
    assert_eq!(v[0]["captured"], serde_json::json!(["b2"]));
    assert_eq!(v[0]["column"], "Wbbbbb");
    // The example game, full and short, replays to the codex's final position; the return
    // over g3 is named.
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/games/towers/ivanov-petrov-codex.pdn"
    );
    let out = run(
        &["check", "--variant", "towers", file, "--format", "json"],
        None,
    );
    assert_eq!(out.status.code(), Some(1), "the third game is not legal");
    let v = json(&out);
    let last = "B:Wa7(wbb),h6(Wwbbbbbb),e5(ww),b4(www),f2,c1,e1,g1:Bb8,f8,h8,g7";
    for g in 0..2 {
        assert_eq!(v[g]["legal"], true);
        assert_eq!(v[g]["plies"], 21);
        assert_eq!(v[g]["final_fen"], last);
    }
    assert_eq!(v[2]["first_illegal"]["ply"], 15);
    assert_eq!(v[2]["first_illegal"]["reason"], "not_a_move");
    assert!(v[2]["first_illegal"]["detail"]
        .as_str()
        .unwrap()
        .contains("180°"));
    // A `Variant` tag names the variant where no GameType number can: the same game checked
    // without `--variant` (whose default is Russian) is a towers game; the untagged copy is
    // read as Russian draughts, where 5. a5:e5 takes nothing that exists.
    let text = std::fs::read_to_string(file).unwrap();
    let game = &text[..text.find("\n\n[Event").unwrap()];
    let tagged = game.replacen("[Result", "[Variant \"towers\"]\n[Result", 1);
    let out = run(&["check", "-", "--format", "json"], Some(&tagged));
    assert_eq!(out.status.code(), Some(0));
    let v = json(&out);
    assert_eq!(v[0]["variant"], "towers");
    assert_eq!(v[0]["final_fen"], last);
    let out = run(&["check", "-", "--format", "json"], Some(game));
    assert_eq!(out.status.code(), Some(1), "a towers game is not Russian");
    assert_eq!(json(&out)[0]["variant"], "russian");
    // The tag decides once: a GameType beside it does not take the game back to Russian.
    let giveaway = "[Variant \"russian-giveaway\"]\n[GameType \"25\"]\n\n1. c3-d4 *\n";
    let out = run(&["check", "-", "--format", "json"], Some(giveaway));
    assert_eq!(json(&out)[0]["variant"], "russian-giveaway");
}

/// Issue 25, item 5: the program is found and started like any desktop program — the shipped
/// `.desktop` entry passes the freedesktop validator, starts `shashki-arbiter %f` (so a file
/// manager's "Open with" opens that event), has its icon beside it, and its MIME type is the one
/// the shipped MIME file declares, whose magic the event files match.
#[test]
fn the_desktop_entry_opens_an_event_file_with_its_icon() {
    let dir = std::path::Path::new("resources/desktop");
    let entry = std::fs::read_to_string(dir.join("shashki-arbiter.desktop")).unwrap();
    let key = |k: &str| {
        entry
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{k}=")))
            .unwrap_or_else(|| panic!("no {k}= in the .desktop file"))
            .to_string()
    };
    assert_eq!(key("Exec"), "shashki-arbiter %f");
    assert!(key("Name[ru]").chars().any(|c| ('а'..='я').contains(&c)));
    let icon = key("Icon");
    for ext in ["svg", "png"] {
        assert!(dir.join(format!("{icon}.{ext}")).exists(), "{icon}.{ext}");
    }
    let mime = std::fs::read_to_string(dir.join("shashki-arbiter-mime.xml")).unwrap();
    let kind = key("MimeType");
    assert!(mime.contains(&format!("type=\"{}\"", kind.trim_end_matches(';'))));
    // The magic: `schema:` in the first 64 bytes of every sample event.
    for sample in std::fs::read_dir("tournaments").unwrap().flatten() {
        let bytes = std::fs::read(sample.path()).unwrap();
        let head = String::from_utf8_lossy(&bytes[..bytes.len().min(64 + 7)]).into_owned();
        assert!(head.contains("schema:"), "{}", sample.path().display());
    }
    let validate = Command::new("desktop-file-validate")
        .arg(dir.join("shashki-arbiter.desktop"))
        .output();
    match validate {
        Ok(out) => assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stdout)
        ),
        Err(_) => assert!(
            std::env::var_os("SHASHKI_REQUIRE_TOOLS").is_none(),
            "desktop-file-validate is needed (desktop-file-utils)"
        ),
    }
}

/// A mistyped subcommand is said (exit 2), never a window opened (which, without a display,
/// ended in a panic).
#[test]
fn an_unknown_subcommand_is_said_and_opens_no_window() {
    let out = run(&["standigns", "cup.ron"], None);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["standigns"], None);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("`standigns` is neither a command nor an event file"),
        "{stderr}"
    );
}

/// A round whose results are still to come gives `"score": null` in the standings JSON, never
/// a 0 that reads as a loss.
#[test]
fn standings_json_gives_a_pending_round_no_score() {
    let v = json(&run(
        &[
            "standings",
            "tournaments/shashki64-round-robin.ron",
            "--format",
            "json",
        ],
        None,
    ));
    let rounds = v[0]["rounds"].as_array().unwrap();
    let last = rounds.iter().find(|r| r["round"] == 6).expect("round 6");
    assert!(last["score"].is_null(), "{last}");
    let first = rounds.iter().find(|r| r["round"] == 1).unwrap();
    assert!(first["score"].is_f64(), "{first}");
}

/// A record with an illegal move is not complete at its end: a claim there is refused naming the
/// illegal move (it was judged on the legal part with exit 0, the illegal move unmentioned); a
/// claim at a ply before it is judged as usual.
#[test]
fn a_claim_on_a_record_with_an_illegal_move_names_it() {
    let dir = std::env::temp_dir().join(format!("sa-claim-illegal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("g.pdn");
    std::fs::write(
        &file,
        "[FEN \"W:WK29:BK5\"]\n1. a1-b2 a7-b8 2. b2-a1 b8-a7 3. a1-b2 a7-b8 4. b2-b4 *",
    )
    .unwrap();
    let f = file.to_str().unwrap();
    let out = run(&["claim", "repetition", f], None);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("ply 7 (4. b2-b4) is illegal"), "{stderr}");
    let out = run(&["claim", "repetition", f, "--ply", "4"], None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `--format json` is honoured by the commands that write files (it was ignored): each prints
/// what it wrote as JSON, and `games` to standard output prints the games as JSON.
#[test]
fn the_writing_commands_answer_in_json_when_asked() {
    let dir = std::env::temp_dir().join(format!("sa-json-writes-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let event = "tournaments/shashki64-round-robin.ron";
    let out = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let ok = |args: &[&str]| {
        let o = run(args, None);
        assert!(
            o.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        json(&o)
    };
    let v = ok(&["report", event, "-o", &out("r.html"), "--format", "json"]);
    assert_eq!(v["written"], out("r.html"));
    assert!(v["bytes"].as_u64().unwrap() > 0);
    let v = ok(&[
        "scoresheets",
        event,
        "--round",
        "6",
        "-o",
        &out("s.pdf"),
        "--format",
        "json",
    ]);
    assert!(v["sheets"].as_u64().unwrap() > 0, "{v}");
    let v = ok(&[
        "trf",
        "export",
        event,
        "-o",
        &out("e.trf"),
        "--format",
        "json",
    ]);
    assert_eq!(v["players"], 10);
    let v = ok(&[
        "trf",
        "import",
        &out("e.trf"),
        "-o",
        &out("back.ron"),
        "--format",
        "json",
    ]);
    assert_eq!(v["players"], 10);
    let v = ok(&["games", event, "--round", "1", "--format", "json"]);
    let games = v.as_array().unwrap();
    assert!(!games.is_empty());
    assert!(
        games[0]["pdn"].as_str().unwrap().contains("[White"),
        "{}",
        games[0]
    );
    let v = ok(&[
        "trf",
        "generate",
        "--players",
        "6",
        "--rounds",
        "2",
        "--seed",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(v["players"], 6);
}
