//! Every game on record (issue 26): a score sheet stored in the event from the command line,
//! checked from the ballot's start, kept as written when illegal with the codex's consequence,
//! undone like any change; the clock's times after each move from the board's log (compared with
//! `clock replay --at` at each press); the games collection read back legal by `check`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use chrono::Utc;
use shashki_arbiter::clock::game_clock::{Event, EventKind};
use shashki_arbiter::clock::hall::{clocks_dir, game_dir};
use shashki_arbiter::clock::log::ClockLog;
use shashki_arbiter::rules::{fen, movegen, notation, Color};
use shashki_arbiter::store::event::{self, EventFile};
use shashki_arbiter::tournament::records;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shashki-arbiter"))
        .args(args)
        .output()
        .unwrap()
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

fn copy(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sa-games-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("cup.ron");
    std::fs::copy("tournaments/shashki64-round-robin.ron", &path).unwrap();
    path
}

/// `plies` legal moves from the start of round 1, board 1, game 1 (the ballot's position),
/// each the first legal move as the engine lists it, written as the score sheet has them.
fn legal_moves(path: &Path, plies: usize) -> Vec<String> {
    legal_moves_at(path, 1, 1, plies)
}

/// [`legal_moves`] of game 1 on `board` of `round`.
fn legal_moves_at(path: &Path, round: usize, board: usize, plies: usize) -> Vec<String> {
    let t = event::read(path).unwrap();
    let round = t.rounds.iter().find(|r| r.number == round).unwrap();
    let p = round.pairings.iter().find(|p| p.board == board).unwrap();
    let g = records::game_pdn(&t, round, p, 0);
    let variant = t.settings.variant.plain().unwrap();
    let mut pos = fen::parse(variant, g.tag("FEN").unwrap()).unwrap();
    (0..plies)
        .map(|_| {
            let m = movegen::legal_moves(&pos)[0];
            let text = notation::write(&pos, &m);
            pos = pos.play(&m);
            text
        })
        .collect()
}

#[test]
fn a_legal_score_sheet_is_stored_shown_and_taken_back() {
    let path = copy("legal");
    let file = path.to_str().unwrap();
    let moves = legal_moves(&path, 6).join(" ");
    let where_ = ["--round", "1", "--board", "1", "--game", "1"];
    let mut args = vec!["game", "set", file];
    args.extend(where_);
    args.extend(["--moves", &moves]);
    let out = run(&args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let mut args = vec!["game", "show", file];
    args.extend(where_);
    args.extend(["--format", "json"]);
    let shown = json(&run(&args));
    assert_eq!(shown["plies"], 6);
    assert_eq!(shown["moves"].as_array().unwrap().len(), 6);
    assert!(shown["first_illegal"].is_null());
    // Kept in the event as written, journaled: one undo takes it back.
    let mut e = EventFile::open(&path).unwrap();
    assert_eq!(e.tournament.rounds[0].pairings[0].records[&0], moves);
    e.undo(Utc::now()).unwrap();
    assert!(e.tournament.rounds[0].pairings[0].records.is_empty());
}

#[test]
fn an_illegal_sheet_is_kept_as_written_with_the_codex_consequence() {
    let path = copy("illegal");
    let file = path.to_str().unwrap();
    let mut moves = legal_moves(&path, 3);
    // Ply 4 is a move nobody can make; in the first case the opponent replies after it.
    moves.push("a1-h8".into());
    let replied = format!("{} {}", moves.join(" "), "h6-g5");
    for (text, code, words) in [
        (
            replied.as_str(),
            1,
            "the right to have it corrected is lost",
        ),
        (
            &moves.join(" ") as &str,
            1,
            "he alone decides whether it is corrected",
        ),
    ] {
        let out = run(&[
            "game", "set", file, "--round", "1", "--board", "1", "--moves", text,
        ]);
        let printed = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(code), "{printed}");
        assert!(printed.contains("ply 4"), "{printed}");
        assert!(printed.contains(words), "{printed}");
        let shown = json(&run(&[
            "game", "show", file, "--round", "1", "--board", "1", "--format", "json",
        ]));
        assert_eq!(shown["first_illegal"]["ply"], 4);
        assert_eq!(shown["first_illegal"]["move"], "a1-h8");
        assert!(!shown["first_illegal"]["legal"]
            .as_array()
            .unwrap()
            .is_empty());
        let t = event::read(&path).unwrap();
        assert_eq!(t.rounds[0].pairings[0].records[&0], text, "kept as written");
    }
    // Not stored: an unreadable sheet, a pairing that does not exist.
    let before = std::fs::read(&path).unwrap();
    for args in [
        vec![
            "game",
            "set",
            file,
            "--round",
            "1",
            "--board",
            "1",
            "--moves",
            "1. {unclosed",
        ],
        vec![
            "game", "set", file, "--round", "1", "--board", "77", "--moves", "1. cd4",
        ],
        vec![
            "game", "set", file, "--round", "99", "--board", "1", "--moves", "1. cd4",
        ],
    ] {
        assert_eq!(run(&args).status.code(), Some(2), "{args:?}");
        // A refused command leaves the folder as it was: no lock file stays behind.
        let lock = shashki_arbiter::files::lock::event_lock_path(&path);
        assert!(!lock.exists(), "{args:?} left {}", lock.display());
    }
    assert_eq!(std::fs::read(&path).unwrap(), before, "nothing written");
}

/// The k-th press of the board's clock is the k-th ply: the times after each move are the ones
/// `clock replay --at` gives at that press's instant (a press undone is not a move).
#[test]
fn each_move_carries_the_times_its_press_left_on_the_clock() {
    let path = copy("clocks");
    let file = path.to_str().unwrap();
    let moves = legal_moves(&path, 4);
    let out = run(&[
        "game",
        "set",
        file,
        "--round",
        "1",
        "--board",
        "1",
        "--moves",
        &moves.join(" "),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let t = event::read(&path).unwrap();
    let dir = game_dir(&clocks_dir(&path), 1, 0);
    std::fs::create_dir_all(&dir).unwrap();
    let log_path = dir.join("board-001.clocklog");
    let mut log = ClockLog::create_for(
        &log_path,
        t.time_control_of_game(0),
        Color::White,
        Some("1"),
    )
    .unwrap();
    let events = [
        (0, EventKind::Start),
        (12_345, EventKind::Press),
        (20_000, EventKind::Press),
        (
            21_000,
            EventKind::Undo {
                reason: "pressed by mistake".into(),
            },
        ),
        (47_500, EventKind::Press),
        (61_999, EventKind::Press),
        (90_100, EventKind::Press),
    ];
    for (at_ms, kind) in events {
        log.append(&Event { at_ms, kind }, Utc::now()).unwrap();
    }
    drop(log);
    let shown = json(&run(&[
        "game", "show", file, "--round", "1", "--board", "1", "--format", "json",
    ]));
    let clocks = shown["clocks"].as_array().unwrap();
    assert_eq!(clocks.len(), 4);
    for (k, at) in [12_345u64, 47_500, 61_999, 90_100].into_iter().enumerate() {
        let replay = json(&run(&[
            "clock",
            "replay",
            log_path.to_str().unwrap(),
            "--at",
            &format!("{}.{:03}", at / 1000, at % 1000),
            "--format",
            "json",
        ]));
        let (w, b) = (
            replay["white"]["ms_left"].as_u64().unwrap(),
            replay["black"]["ms_left"].as_u64().unwrap(),
        );
        // The undone press at 20 s is in the log before 47.5 s: replay's `--at` sees the undo
        // only from 21 s on, the same moment the move list drops it.
        assert_eq!(clocks[k], serde_json::json!([w, b]), "ply {}", k + 1);
    }
    // In the PDN, rounded down to whole seconds as the display shows them.
    let pdn = String::from_utf8(run(&["games", file, "--round", "1"]).stdout).unwrap();
    let w1 = clocks[0][0].as_u64().unwrap() / 1000;
    let clock = format!(
        "[%clock w{}:{:02}:{:02} b",
        w1 / 3600,
        w1 / 60 % 60,
        w1 % 60
    );
    assert!(pdn.contains(&clock), "{clock} in {pdn}");
    // Four moves, four presses: nothing to report. A sheet one move short of the clock: the
    // times go on the plies there are, and the difference is shown, never guessed.
    assert!(shown["presses"].is_null());
    let out = run(&[
        "game",
        "set",
        file,
        "--round",
        "1",
        "--board",
        "1",
        "--moves",
        &moves[..3].join(" "),
    ]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("4 press(es) for 3 plies"));
    let shown = json(&run(&[
        "game", "show", file, "--round", "1", "--board", "1", "--format", "json",
    ]));
    assert_eq!(shown["presses"], 4);
    assert_eq!(shown["clocks"].as_array().unwrap().len(), 3);
}

#[test]
fn the_games_collection_reads_back_legal_with_check() {
    let path = copy("collection");
    let file = path.to_str().unwrap();
    let moves = legal_moves(&path, 8).join(" ");
    assert_eq!(
        run(&["game", "set", file, "--round", "1", "--board", "1", "--moves", &moves])
            .status
            .code(),
        Some(0)
    );
    let out_path = path.with_file_name("games.pdn");
    let out = run(&["games", file, "-o", out_path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let text = std::fs::read_to_string(&out_path).unwrap();
    let t = event::read(&path).unwrap();
    let games: usize = t
        .rounds
        .iter()
        .map(|r| {
            r.pairings
                .iter()
                .map(|p| p.games.len() + p.extra.len())
                .sum::<usize>()
        })
        .sum();
    assert_eq!(text.matches("[Event ").count(), games, "every game listed");
    assert!(text.contains("[Round \"1.1\"]") && text.contains("[Board \"1\"]"));
    assert!(text.contains("[Date \"2026.11.28\"]"));
    let check = run(&["check", out_path.to_str().unwrap(), "--format", "json"]);
    assert_eq!(
        check.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
    let reports = json(&check);
    assert_eq!(reports[0]["plies"], 8);
}

/// The score sheets of a round print a page per game with both names, the colours, the time
/// control and the ballot's moves (issue 26), read back from the PDF's text.
#[test]
fn the_score_sheets_of_a_round_print_names_colours_and_the_ballot() {
    let path = copy("sheets");
    // A PDF is never written under another name: `-o sheets.html` is refused, nothing written.
    let html = path.with_file_name("sheets.html");
    let out = run(&[
        "scoresheets",
        path.to_str().unwrap(),
        "--round",
        "6",
        "-o",
        html.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("name the file .pdf"));
    assert!(!html.exists());
    let pdf = path.with_file_name("sheets.pdf");
    let out = run(&[
        "scoresheets",
        path.to_str().unwrap(),
        "--round",
        "6",
        "-o",
        pdf.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let Ok(text) = Command::new("pdftotext").arg(&pdf).arg("-").output() else {
        assert!(
            std::env::var_os("SHASHKI_REQUIRE_TOOLS").is_none(),
            "pdftotext is needed (poppler-utils)"
        );
        return;
    };
    let text = String::from_utf8(text.stdout).unwrap();
    let pages: Vec<&str> = text
        .split('\u{c}')
        .filter(|p| !p.trim().is_empty())
        .collect();
    let t = event::read(&path).unwrap();
    let round = t.rounds.iter().find(|r| r.number == 6).unwrap();
    let games: usize = round.pairings.iter().map(|p| p.games.len()).sum();
    assert_eq!(pages.len(), games, "a page per game");
    let name = |id| t.player(id).unwrap().full_name();
    for (k, (p, g)) in round
        .pairings
        .iter()
        .flat_map(|p| (0..p.games.len()).map(move |g| (p, g)))
        .enumerate()
    {
        let page = pages[k];
        assert!(page.contains("БЛАНК ЗАПИСИ ПАРТИИ"), "{page}");
        assert!(
            page.contains(&format!("Белые: {}", name(p.white_of(g)))),
            "{page}"
        );
        assert!(
            page.contains(&format!("Чёрные: {}", name(p.white_of(g + 1)))),
            "{page}"
        );
        assert!(
            page.contains(&format!("доска {} · партия {}", p.board, g + 1)),
            "{page}"
        );
        let b = p.ballot.as_ref().unwrap();
        assert!(
            page.contains(&format!("{} {}", b.table.to_uppercase(), b.cell)),
            "{page}"
        );
        assert!(page.contains("45 мин на 20 ходов, затем 15 мин"), "{page}");
        assert!(
            page.contains("80") && page.contains("Подпись чёрных"),
            "{page}"
        );
    }
}

/// A ballot that leaves Black to move (round 6, board 2: IDF VII/22): the sheet's first ply is
/// Black's, numbered `1...` wherever the game is written — `game show` as `games`.
#[test]
fn a_game_that_starts_with_black_to_move_is_numbered_from_black() {
    let path = copy("black-first");
    let file = path.to_str().unwrap();
    let t = event::read(&path).unwrap();
    let round = t.rounds.iter().find(|r| r.number == 6).unwrap();
    let p = round.pairings.iter().find(|p| p.board == 2).unwrap();
    assert_eq!(records::first_to_move(&t, round, p, 0), Color::Black);
    let moves = legal_moves_at(&path, 6, 2, 2);
    let typed = moves.join(" ");
    let where_ = ["--round", "6", "--board", "2"];
    let mut args = vec!["game", "set", file];
    args.extend(where_);
    args.extend(["--moves", &typed]);
    assert_eq!(run(&args).status.code(), Some(0));
    let expected = format!("1... {} 2. {}", moves[0], moves[1]);
    let mut args = vec!["game", "show", file];
    args.extend(where_);
    let shown = String::from_utf8(run(&args).stdout).unwrap();
    assert!(shown.contains(&expected), "{expected} in {shown}");
    let all = String::from_utf8(run(&["games", file, "--round", "6"]).stdout).unwrap();
    assert!(all.contains(&expected), "{expected} in the collection");
}

/// The command line's `clock hall` and the console name a board the same way: the times of a
/// hall the arbiter ran from the command line (its logs say `"board":"Board N"` in older
/// versions) reach `game show`, `games` and the boards' records as the console's do.
#[test]
fn the_command_lines_clock_hall_logs_give_the_games_their_times() {
    use std::io::Write;
    let path = copy("cli-hall");
    let file = path.to_str().unwrap();
    let moves = legal_moves_at(&path, 1, 2, 2);
    assert_eq!(
        run(&[
            "game",
            "set",
            file,
            "--round",
            "1",
            "--board",
            "2",
            "--moves",
            &moves.join(" ")
        ])
        .status
        .code(),
        Some(0)
    );
    let t = event::read(&path).unwrap();
    let dir = game_dir(&clocks_dir(&path), 1, 0);
    let mut child = Command::new(env!("CARGO_BIN_EXE_shashki-arbiter"))
        .args(["clock", "hall", dir.to_str().unwrap(), "--boards", "3"])
        .args(["--control", &t.time_control_of_game(0).to_string()])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"2 start\n").unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1100));
    stdin.write_all(b"2 press\n2 press\nquit\n").unwrap();
    drop(stdin);
    assert!(child.wait().unwrap().success());
    assert!(dir.join("board-002.clocklog").exists());
    let shown = json(&run(&[
        "game", "show", file, "--round", "1", "--board", "2", "--format", "json",
    ]));
    let clocks = shown["clocks"].as_array().expect("the board's times");
    assert_eq!(clocks.len(), 2, "{shown}");
    let pdn = String::from_utf8(run(&["games", file, "--round", "1"]).stdout).unwrap();
    assert_eq!(pdn.matches("[%clock").count(), 2, "{pdn}");

    // A log an older `clock hall` wrote names its board "Board 2" in its header: still board 2.
    let log = dir.join("board-002.clocklog");
    let text = std::fs::read_to_string(&log).unwrap();
    let first = text.lines().next().unwrap();
    let old = first.replace("\"board\":\"2\"", "\"board\":\"Board 2\"");
    assert_ne!(
        old, first,
        "the header names the board by its number: {first}"
    );
    std::fs::write(&log, text.replacen(first, &old, 1)).unwrap();
    let pdn = String::from_utf8(run(&["games", file, "--round", "1"]).stdout).unwrap();
    assert_eq!(pdn.matches("[%clock").count(), 2, "{pdn}");
}
