//! One event, one writer (issue 23): two windows, the command line beside the console, a second
//! clock hall on one folder and a full disk never cost a saved result or a clock second.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command as Process, Stdio};

use chrono::{DateTime, Utc};
use shashki_arbiter::clock::game_clock::EventKind;
use shashki_arbiter::clock::hall::Hall;
use shashki_arbiter::clock::{log, TimeControl};
use shashki_arbiter::files::{fault, lock::Holder};
use shashki_arbiter::rules::Color;
use shashki_arbiter::store::event::{self, EventError, EventFile, Notice};
use shashki_arbiter::tournament::command::Command;
use shashki_arbiter::tournament::id::GameRef;
use shashki_arbiter::tournament::model::GameResult;

const BIN: &str = env!("CARGO_BIN_EXE_shashki-arbiter");
const SWISS: &str = "tournaments/open-swiss-48.ron";
const ROUND_ROBIN: &str = "tournaments/shashki64-round-robin.ron";

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("sa-one-writer-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn copy(name: &str, sample: &str) -> PathBuf {
    let to = dir(name).join(Path::new(sample).file_name().unwrap());
    std::fs::copy(sample, &to).unwrap();
    to
}

fn at() -> DateTime<Utc> {
    DateTime::from_timestamp(1_800_000_000, 0).unwrap()
}

/// Round 6 of the round-robin sample has games without a result.
fn result(board: usize, result: GameResult) -> Command {
    Command::SetResult {
        game: GameRef {
            round: 6,
            board,
            game: 0,
        },
        result,
    }
}

fn result_of(path: &Path, board: usize) -> GameResult {
    let t = event::read(path).unwrap();
    let r = t.rounds.iter().find(|r| r.number == 6).unwrap();
    r.pairings.iter().find(|p| p.board == board).unwrap().games[0]
}

fn seqs(file: &EventFile) -> Vec<u64> {
    file.journal().iter().map(|e| e.seq).collect()
}

/// The finding: a draw typed in the second window, then a win in the first; the first wrote its
/// own event over the file and the draw was gone, and the journal held two `seq 1`.
#[test]
fn a_second_window_only_watches_until_the_first_lets_go() {
    let path = copy("two-windows", ROUND_ROBIN);
    let mut first = EventFile::open_as(&path, &Holder::this("console", at())).unwrap();
    let mut second = EventFile::open_or_watch(&path, &Holder::this("console", at())).unwrap();
    let holder = second
        .watching()
        .expect("the second window watches")
        .holder
        .clone()
        .expect("it names the holder");
    assert_eq!(
        (holder.pid, holder.role.as_str()),
        (std::process::id(), "console")
    );
    let refused = second.apply(result(1, GameResult::Draw), at()).unwrap_err();
    assert!(matches!(refused, EventError::ReadOnly { .. }), "{refused}");
    assert!(!second.free_to_take());

    first.apply(result(1, GameResult::WhiteWins), at()).unwrap();
    assert!(second.follow().unwrap(), "the watcher sees the change");
    assert_eq!(
        second.tournament.rounds[5].pairings[0].games[0],
        GameResult::WhiteWins
    );
    assert!(second.take_over(&Holder::unlabelled("console")).is_err());

    drop(first);
    assert!(second.free_to_take());
    second
        .take_over(&Holder::this("console", at()))
        .expect("taken over once the first let go");
    second.apply(result(2, GameResult::Draw), at()).unwrap();
    assert_eq!(result_of(&path, 1), GameResult::WhiteWins, "nothing lost");
    assert_eq!(result_of(&path, 2), GameResult::Draw);
    assert_eq!(seqs(&second), [1, 2], "one journal, numbered once");
}

/// Belt and braces behind the lock: a file written by something that takes no lock (copied in
/// by hand, a network drive) is never written over; the console reads it again and is handed the
/// change to enter again.
#[test]
fn a_file_changed_behind_the_writer_is_read_again_never_written_over() {
    let path = copy("changed", ROUND_ROBIN);
    let mut file = EventFile::open(&path).unwrap();
    file.apply(result(1, GameResult::Draw), at()).unwrap();
    // Another copy of the event, with board 3's win, copied over the file by hand.
    let mut other = event::read(&path).unwrap();
    shashki_arbiter::tournament::command::apply(&mut other, &result(3, GameResult::BlackWins))
        .unwrap();
    let text = shashki_arbiter::files::ron_text::to_string(&other);
    std::fs::write(&path, &text).unwrap();

    let refused = file.apply(result(2, GameResult::WhiteWins), at());
    assert!(
        matches!(refused, Err(EventError::ChangedOnDisk { .. })),
        "{:?}",
        refused.err()
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "not touched");
    let reloaded = file.reload().unwrap();
    assert!(
        reloaded.lost.is_empty(),
        "the refused change was never kept"
    );
    assert_eq!(
        reloaded.before.rounds[5].pairings[0].games[0],
        GameResult::Draw
    );
    assert_eq!(
        file.tournament.rounds[5].pairings[2].games[0],
        GameResult::BlackWins
    );
    file.apply(result(2, GameResult::WhiteWins), at()).unwrap();
    assert_eq!(result_of(&path, 3), GameResult::BlackWins);
    assert_eq!(result_of(&path, 2), GameResult::WhiteWins);
}

/// A journal two programs wrote at once opens with a notice naming its lines; new entries are
/// numbered after the highest number, never twice.
#[test]
fn a_journal_numbered_twice_is_named_and_never_numbered_twice_again() {
    let path = copy("journal", ROUND_ROBIN);
    let mut file = EventFile::open(&path).unwrap();
    file.apply(result(1, GameResult::Draw), at()).unwrap();
    file.apply(result(2, GameResult::Draw), at()).unwrap();
    drop(file);
    let journal = event::journal_path(&path);
    let lines = std::fs::read_to_string(&journal).unwrap();
    let first = lines.lines().next().unwrap().to_string();
    std::fs::write(&journal, format!("{lines}{first}\n")).unwrap();

    let mut file = EventFile::open(&path).unwrap();
    let notice = file
        .notices
        .iter()
        .find_map(|n| match n {
            Notice::JournalSequence { lines, .. } => Some(lines.clone()),
            _ => None,
        })
        .expect("a notice");
    assert_eq!(notice, [(3, 1, 3)], "line 3 holds number 1 where 3 belongs");
    assert!(file.notices[0]
        .to_string()
        .contains("line 3: 1 (expected 3)"));
    assert!(file.notices[0].ru().contains("строка 3: 1 (ожидался 3)"));
    file.apply(result(3, GameResult::Draw), at()).unwrap();
    assert_eq!(seqs(&file), [1, 2, 1, 3]);
}

/// A full disk: the command line's save is refused and leaves no temporary file; the console's
/// change is kept in memory as not saved and written when the disk takes it, in order.
#[test]
fn a_full_disk_leaves_no_temporary_file_and_the_console_writes_later() {
    let path = copy("full", ROUND_ROBIN);
    let folder = path.parent().unwrap().to_path_buf();
    let before = std::fs::read(&path).unwrap();
    let tmp = shashki_arbiter::files::atomic::sibling(&path, "tmp");

    let mut cli = EventFile::open(&path).unwrap();
    fault::fail_under(&folder);
    let refused = cli.apply(result(1, GameResult::Draw), at());
    assert!(matches!(refused, Err(EventError::Save(_))), "{refused:?}");
    assert!(!tmp.exists(), "no temporary file left behind");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    assert_eq!(
        cli.tournament.rounds[5].pairings[0].games[0],
        GameResult::Pending
    );
    assert!(cli.unsaved().is_none());
    drop(cli);

    let mut console = EventFile::open(&path).unwrap();
    console.keep_unsaved(true);
    console.apply(result(1, GameResult::Draw), at()).unwrap();
    console
        .apply(result(2, GameResult::WhiteWins), at())
        .unwrap();
    let (en, ru) = console.unsaved().expect("said not saved").clone();
    assert!(en.contains("no space left on device"), "{en}");
    assert!(ru.contains("на диске нет места"), "{ru}");
    assert!(!tmp.exists());
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "the disk has nothing"
    );
    assert!(console.retry().unwrap().is_err(), "still full");

    fault::heal(&folder);
    console.retry().unwrap().unwrap();
    assert!(console.unsaved().is_none());
    assert!(console.retry().is_none(), "nothing left to write");
    assert_eq!(result_of(&path, 1), GameResult::Draw);
    assert_eq!(result_of(&path, 2), GameResult::WhiteWins);
    drop(console);
    let again = EventFile::open(&path).unwrap();
    assert_eq!(seqs(&again), [1, 2]);
    assert!(again.notices.is_empty(), "{:?}", again.notices);
}

/// A full disk under a running hall: every clock goes on in memory, the board says its records
/// wait, and the log gets them all, in order, once the disk takes them.
#[test]
fn clocks_never_stop_for_a_log_the_disk_refuses() {
    let d = dir("full-clocks");
    let control: TimeControl = "10m".parse().unwrap();
    let mut hall = Hall::in_dir(&d, &Holder::unlabelled("test")).unwrap();
    let b = hall.add(1, control, Color::White).unwrap();
    hall.push(b, 0, EventKind::Start, at()).unwrap();
    fault::fail_under(&d);
    let failed = hall.push(b, 5_000, EventKind::Press, at());
    assert!(failed.is_err(), "the arbiter is told");
    hall.push(b, 9_000, EventKind::Press, at()).unwrap_err();
    assert!(hall.heartbeat(10_000, at()).is_err());
    assert_eq!(
        hall.boards()[0].unlogged(),
        3,
        "two presses and the latest beat"
    );
    let s = &hall.snapshots(12_000)[0].1;
    assert_eq!(
        s.white.ms_left,
        600_000 - 5_000 - 3_000,
        "the clock went on"
    );
    assert_eq!(s.black.ms_left, 600_000 - 4_000);
    fault::heal(&d);
    hall.heartbeat(12_000, at()).unwrap();
    assert_eq!(hall.boards()[0].unlogged(), 0);
    let loaded = log::load(&d.join("board-001.clocklog")).unwrap();
    assert_eq!(loaded.clock.events(), hall.boards()[0].clock().events());
}

/// A second hall on the folder a hall logs is refused, naming the first; the console's halls and
/// the command line's take the same lock.
#[test]
fn a_second_hall_on_one_folder_is_refused() {
    let d = dir("two-halls");
    let first = Hall::in_dir(&d, &Holder::this("console", at())).unwrap();
    let refused = Hall::restore(&d, &Holder::unlabelled("clock hall"), 0, at()).unwrap_err();
    assert!(
        refused.to_string().contains("(console), process"),
        "{refused}"
    );
    drop(first);
    Hall::restore(&d, &Holder::unlabelled("clock hall"), 0, at()).unwrap();
}

/// `pair --save` on `path`, run to its end.
fn pair_save(path: &Path) -> std::process::Output {
    Process::new(BIN)
        .args(["pair", "--save"])
        .arg(path)
        .output()
        .unwrap()
}

/// `clock hall DIR ARGS…` started, its standard input open for lines.
fn spawn_hall(dir: &Path, args: &[&str]) -> Child {
    Process::new(BIN)
        .args(["clock", "hall"])
        .arg(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// `clock hall DIR` given `input` as its standard input, run to its end, with JSON output.
fn hall_with_input(dir: &Path, input: &[u8]) -> std::process::Output {
    let mut c = Process::new(BIN)
        .args(["--format", "json", "clock", "hall"])
        .arg(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    c.stdin.take().unwrap().write_all(input).unwrap();
    c.wait_with_output().unwrap()
}

/// A process that holds an event as the console does, until it is killed.
fn holder_process(path: &Path) -> Child {
    let mut child = Process::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "hold_an_event_until_killed",
            "--ignored",
            "--nocapture",
        ])
        .env("SA_HOLD_EVENT", path)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let holding = lines.find(|l| l.as_ref().is_ok_and(|l| l.contains("HOLDING")));
    assert!(holding.is_some(), "the holder process took the event");
    child
}

#[test]
#[ignore = "a helper process for the lock tests, started by them"]
fn hold_an_event_until_killed() {
    let Some(path) = std::env::var_os("SA_HOLD_EVENT") else {
        return;
    };
    let _file = EventFile::open_as(Path::new(&path), &Holder::this("console", Utc::now())).unwrap();
    println!("HOLDING");
    std::io::stdout().flush().unwrap();
    std::thread::sleep(std::time::Duration::from_secs(120));
}

/// The finding: `pair --save` added round 8 while the console had the event, and the console's
/// next result wrote the file back to 7 rounds. Now it is refused naming the holder, and goes
/// through once the holder is killed with SIGKILL (the OS lets the lock go with the process).
#[test]
fn the_command_line_is_refused_while_the_console_holds_the_event() {
    let path = copy("cli-held", SWISS);
    let before = std::fs::read(&path).unwrap();
    let mut console = holder_process(&path);
    let out = pair_save(&path);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!("(console), process {} on", console.id())),
        "{stderr}"
    );
    assert!(stderr.contains("nothing was changed"), "{stderr}");
    assert_eq!(std::fs::read(&path).unwrap(), before);

    console.kill().unwrap(); // SIGKILL
    console.wait().unwrap();
    let out = pair_save(&path);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(event::read(&path).unwrap().rounds.len(), 8);
}

/// `clock hall` on a folder a running `clock hall` logs: refused, naming it; free after a kill.
#[test]
fn a_second_clock_hall_on_one_folder_is_refused() {
    let d = dir("cli-halls");
    let mut first = spawn_hall(&d, &["--boards", "2"]);
    let lock = d.join("hall.lock");
    let began = std::time::Instant::now();
    // The hall takes its lock, then makes its boards' logs one by one: wait for both (killed
    // between the two, it left one board, and the check below failed on a loaded machine).
    let logs = |d: &std::path::Path| {
        std::fs::read_dir(d)
            .map(|r| {
                r.filter_map(Result::ok)
                    .filter(|e| e.file_name().to_string_lossy().starts_with("board-"))
                    .count()
            })
            .unwrap_or(0)
    };
    while shashki_arbiter::files::lock::held_by(&lock).is_none() || logs(&d) < 2 {
        assert!(
            began.elapsed().as_secs() < 30,
            "the first hall never started"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = Process::new(BIN)
        .args(["clock", "hall"])
        .arg(&d)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!("(clock hall), process {} on", first.id())),
        "{stderr}"
    );
    first.kill().unwrap();
    first.wait().unwrap();
    let out = hall_with_input(&d, b"show\nquit\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let boards: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(boards.as_array().unwrap().len(), 2);
}

/// The finding: a board whose log header a power cut tore was set aside and `clock hall` then
/// had one board fewer. It gets a new clock, as the console gives it, and the file stays aside.
#[test]
fn clock_hall_gives_a_board_with_an_unreadable_log_a_new_clock() {
    let d = dir("cli-torn");
    let mut first = spawn_hall(&d, &["--boards", "3", "--control", "15m"]);
    first
        .stdin
        .take()
        .unwrap()
        .write_all(b"1 start\n3 start\nquit\n")
        .unwrap();
    assert!(first.wait().unwrap().success());
    let torn = d.join("board-002.clocklog");
    std::fs::write(&torn, b"{\"control\":\"15").unwrap();
    let out = hall_with_input(&d, b"show\nquit\n");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("Board 2 gets a new clock (15m, not started)"),
        "{stderr}"
    );
    let boards: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let names: Vec<&str> = boards
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["board"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Board 1", "Board 2", "Board 3"]);
    assert_eq!(boards[1]["white"]["ms_left"], 900_000);
    assert_eq!(boards[1]["running"], serde_json::Value::Null);
    assert_eq!(
        std::fs::read(d.join("board-002.clocklog.unreadable-1")).unwrap(),
        b"{\"control\":\"15",
        "the set-aside file stays as it is"
    );
}

/// A real full disk (a 64 KB tmpfs, where the test may mount one: it needs root): `pair --save`
/// refuses, the event is intact and no temporary file holds the last free space.
#[test]
fn pair_save_on_a_full_disk_leaves_the_event_and_no_temporary_file() {
    let mount = dir("tmpfs");
    let mounted = Process::new("mount")
        .args(["-t", "tmpfs", "-o", "size=160k", "tmpfs"])
        .arg(&mount)
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        eprintln!("no tmpfs can be mounted here (not root): the injected failures above cover it");
        return;
    }
    let path = mount.join("open.ron");
    std::fs::copy(SWISS, &path).unwrap();
    let before = std::fs::read(&path).unwrap();
    // Fill the rest of the disk.
    let mut filler = std::fs::File::create(mount.join("filler")).unwrap();
    while filler.write_all(&[0u8; 4096]).is_ok() {}
    let _ = filler.sync_all();
    drop(filler);
    let out = Process::new(BIN)
        .args(["pair", "--save"])
        .arg(&path)
        .output()
        .unwrap();
    let entries: Vec<String> = std::fs::read_dir(&mount)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let intact = std::fs::read(&path).unwrap() == before;
    let _ = Process::new("umount").arg(&mount).status();
    assert_eq!(out.status.code(), Some(2));
    assert!(intact, "the event is as it was");
    assert!(
        !entries.iter().any(|e| e.ends_with(".tmp")),
        "left behind: {entries:?}"
    );
}
