//! The clock log survives a cut: complete events are kept, the torn line is reported.

use chrono::{TimeZone, Utc};
use shashki_arbiter::clock::log::{load, ClockLog};
use shashki_arbiter::clock::{Event, EventKind, TimeControl};
use shashki_arbiter::rules::Color;

fn dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("sa-clocklog-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn write_log(path: &std::path::Path) {
    let control: TimeControl = "45m/20,15m".parse().unwrap();
    let mut log = ClockLog::create(path, &control, Color::White).unwrap();
    let wall = Utc.with_ymd_and_hms(2026, 11, 30, 10, 0, 0).unwrap();
    for (at, kind) in [
        (0, EventKind::Start),
        (12_500, EventKind::Press),
        (30_000, EventKind::Press),
        (
            45_000,
            EventKind::Adjust {
                side: Color::Black,
                ms: 60_000,
                reason: "penalty".into(),
            },
        ),
    ] {
        log.append(&Event { at_ms: at, kind }, wall).unwrap();
    }
}

#[test]
fn a_log_read_back_gives_the_same_clock() {
    let d = dir("roundtrip");
    let path = d.join("board1.clock");
    write_log(&path);
    let loaded = load(&path).unwrap();
    assert_eq!(loaded.records.len(), 4);
    assert!(loaded.bad_line.is_none());
    let snap = loaded.clock.snapshot(50_000);
    assert_eq!(snap.white.ms_left, 45 * 60_000 - 12_500 - 20_000);
    assert_eq!(snap.black.ms_left, 45 * 60_000 - 17_500 + 60_000);
    // Creating a log over an existing file is refused: nothing saved is overwritten.
    assert!(ClockLog::create(&path, &"5m".parse().unwrap(), Color::White).is_err());
}

#[test]
fn a_line_cut_by_a_power_failure_is_reported_not_fatal() {
    let d = dir("torn");
    let path = d.join("board1.clock");
    write_log(&path);
    let mut bytes = std::fs::read(&path).unwrap();
    // Cut the last line in the middle, as a power cut would.
    let cut = bytes.len() - 20;
    bytes.truncate(cut);
    std::fs::write(&path, &bytes).unwrap();
    let loaded = load(&path).unwrap();
    assert_eq!(loaded.records.len(), 3);
    let bad = loaded.bad_line.unwrap();
    assert_eq!((bad.line, bad.ignored_after), (5, 0));
    // The adjustment was lost with the torn line; White has run since 30 s.
    let snap = loaded.clock.snapshot(50_000);
    assert_eq!(snap.black.ms_left, 45 * 60_000 - 17_500);
    assert_eq!(snap.white.ms_left, 45 * 60_000 - 12_500 - 20_000);
}

#[test]
fn a_file_that_is_not_a_log_names_itself() {
    let d = dir("bad");
    let path = d.join("x.clock");
    std::fs::write(&path, "hello\n").unwrap();
    let e = load(&path).unwrap_err().to_string();
    assert!(e.contains("x.clock:1: not a clock log header"), "{e}");
}

mod hall {
    use super::*;
    use shashki_arbiter::clock::hall::Hall;

    fn wall() -> chrono::DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 30, 10, 0, 0).unwrap()
    }

    /// Two boards; board 1 runs for Black from 10 s with heartbeats to 13.5 s, board 2 is paused.
    fn hall_until_crash(d: &std::path::Path) {
        let control: TimeControl = "10m".parse().unwrap();
        let mut hall =
            Hall::in_dir(d, &shashki_arbiter::files::lock::Holder::unlabelled("test")).unwrap();
        let b1 = hall.add(1, control.clone(), Color::White).unwrap();
        let b2 = hall.add(2, control, Color::White).unwrap();
        hall.push(b1, 0, EventKind::Start, wall()).unwrap();
        hall.push(b2, 0, EventKind::Start, wall()).unwrap();
        hall.push(b1, 10_000, EventKind::Press, wall()).unwrap();
        hall.push(b2, 12_000, EventKind::Pause, wall()).unwrap();
        let mut beats = 0;
        for now in (10_000..=13_500).step_by(250) {
            beats += hall.heartbeat(now, wall()).unwrap();
        }
        // One a second, for board 1 only (board 2 is paused): 10, 11, 12, 13 s.
        assert_eq!(beats, 4);
        // The program dies here: nothing is closed or flushed beyond what was written.
        // The lock goes with the process, as the OS lets it go when a program dies.
        drop(hall.take_lock());
        std::mem::forget(hall);
    }

    #[test]
    fn a_hall_comes_back_paused_with_the_running_stretch_charged() {
        let d = dir("hall-restore");
        hall_until_crash(&d);
        // The restart happens much later; the hall's instants start again from 0.
        let (mut hall, report) = Hall::restore(
            &d,
            &shashki_arbiter::files::lock::Holder::unlabelled("test"),
            0,
            wall(),
        )
        .unwrap();
        assert_eq!(report.boards.len(), 2);
        assert_eq!(report.boards[0].board, "1");
        assert_eq!(report.boards[0].outage_ms, Some(13_000));
        assert_eq!(report.boards[1].board, "2");
        assert_eq!(
            report.boards[1].outage_ms, None,
            "a paused clock stays as it was"
        );
        let snaps = hall.snapshots(60_000);
        let (_, s1) = &snaps[0];
        assert!(s1.paused);
        assert_eq!(
            s1.black.ms_left,
            600_000 - 3_000,
            "charged to the last heartbeat"
        );
        assert_eq!(s1.white.ms_left, 600_000 - 10_000);
        assert_eq!(snaps[1].1.white.ms_left, 600_000 - 12_000);
        // The arbiter resumes the hall 20 s after the restart; Black runs from there. Board 2,
        // paused by the arbiter before the crash, waits for its own resume.
        assert_eq!(hall.resume_all(20_000, wall()).unwrap(), ["1"]);
        assert_eq!(hall.snapshots(25_000)[0].1.black.ms_left, 600_000 - 8_000);
        hall.push(0, 30_000, EventKind::Press, wall()).unwrap();
        drop(hall);
        // The log on disk says the same after a second restore.
        let (hall, report) = Hall::restore(
            &d,
            &shashki_arbiter::files::lock::Holder::unlabelled("test"),
            0,
            wall(),
        )
        .unwrap();
        // Clock instants go on from 13 s: resumed at 33 s, pressed at 43 s, stopped there.
        assert_eq!(report.boards[0].outage_ms, Some(43_000));
        let s = &hall.snapshots(0)[0].1;
        assert_eq!((s.black.ms_left, s.black.moves), (600_000 - 13_000, 1));
        assert_eq!(s.running, Some(Color::White));
    }

    #[test]
    fn a_torn_log_is_repaired_and_the_damaged_file_kept() {
        let d = dir("hall-torn");
        hall_until_crash(&d);
        let path = d.join("board-001.clocklog");
        let mut bytes = std::fs::read(&path).unwrap();
        let cut = bytes.len() - 10;
        bytes.truncate(cut);
        std::fs::write(&path, &bytes).unwrap();
        let (hall, report) = Hall::restore(
            &d,
            &shashki_arbiter::files::lock::Holder::unlabelled("test"),
            0,
            wall(),
        )
        .unwrap();
        let r = &report.boards[0];
        assert!(r.bad_line.is_some());
        let copy = r.damaged_copy.clone().unwrap();
        assert_eq!(
            std::fs::read(&copy).unwrap(),
            bytes,
            "the original is kept as it was"
        );
        // The torn heartbeat (13 s) is lost: the clock stops at 12 s.
        assert_eq!(r.outage_ms, Some(12_000));
        assert_eq!(hall.snapshots(0)[0].1.black.ms_left, 600_000 - 2_000);
        drop(hall);
        // The repaired log reads clean and still has the outage.
        let loaded = load(&path).unwrap();
        assert!(loaded.bad_line.is_none());
        assert_eq!(loaded.records.last().unwrap().event.kind, EventKind::Outage);
    }
}

/// The round starts with one action for every board; "resume all" after a pause never sets
/// going a game whose flag has already fallen (it did: the loser's clock ran on with the rest).
#[test]
fn start_all_starts_the_round_and_resume_all_leaves_a_fallen_flag_alone() {
    use shashki_arbiter::clock::hall::Hall;
    let wall = Utc.with_ymd_and_hms(2026, 12, 1, 10, 0, 0).unwrap();
    let mut hall = Hall::new();
    for (b, control) in [(1, "1m"), (2, "5m"), (3, "5m")] {
        let control: TimeControl = control.parse().unwrap();
        hall.add(b, control, Color::White).unwrap();
    }
    assert_eq!(hall.start_all(0, wall).unwrap(), ["1", "2", "3"]);
    // Boards 2 and 3 move on; board 1's White lets the flag fall at 60 s.
    hall.push(1, 5_000, EventKind::Press, wall).unwrap();
    hall.push(2, 5_000, EventKind::Press, wall).unwrap();
    assert_eq!(hall.pause_all(70_000, wall).unwrap().len(), 3);
    assert_eq!(hall.snapshots(70_000)[0].1.white.flag_ms, Some(60_000));
    assert_eq!(hall.resume_all(80_000, wall).unwrap(), ["2", "3"]);
    let snaps = hall.snapshots(90_000);
    assert!(snaps[0].1.paused, "the fallen flag waits for the arbiter");
    assert!(!snaps[1].1.paused && !snaps[2].1.paused);
    // Started clocks are not started again.
    assert!(hall.start_all(95_000, wall).unwrap().is_empty());
}

#[test]
fn a_flag_that_fell_before_a_crash_is_down_after_the_restart() {
    use shashki_arbiter::clock::hall::Hall;
    let d = dir("flag-crash");
    let wall = Utc.with_ymd_and_hms(2026, 11, 30, 10, 0, 0).unwrap();
    let control: TimeControl = "1m".parse().unwrap();
    let mut hall = Hall::in_dir(
        &d,
        &shashki_arbiter::files::lock::Holder::unlabelled("test"),
    )
    .unwrap();
    let b = hall.add(1, control, Color::White).unwrap();
    hall.push(b, 0, EventKind::Start, wall).unwrap();
    // The console beats on its ticks: one a second, then one just after the flag (60 s);
    // after that a fallen flag is not drawn, so no tick comes.
    for now in [1_000, 59_500, 60_005] {
        hall.heartbeat(now, wall).unwrap();
    }
    // The lock goes with the process, as the OS lets it go when a program dies.
    drop(hall.take_lock());
    std::mem::forget(hall);
    let (hall, _) = Hall::restore(
        &d,
        &shashki_arbiter::files::lock::Holder::unlabelled("test"),
        0,
        wall,
    )
    .unwrap();
    let s = &hall.snapshots(0)[0].1;
    assert_eq!(s.white.ms_left, 0, "{s:?}");
    assert_eq!(s.white.flag_ms, Some(60_000), "{s:?}");
    // Its time of day comes from the log: the beat 5 ms after it was written at `wall`.
    assert_eq!(
        hall.boards()[0].wall_at(60_000),
        Some(wall - chrono::Duration::milliseconds(5))
    );
}

/// The live page's follower reads what was appended, and says so only then (a mutation run
/// found "nothing new" held by no test: the page would be sent the same state again).
#[test]
fn a_follower_says_new_records_only_when_there_are() {
    use shashki_arbiter::clock::log::{ClockLog, Follower};
    let d = std::env::temp_dir().join(format!("sa-follow-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    let path = d.join("board-001.clocklog");
    let wall = Utc.with_ymd_and_hms(2026, 11, 30, 10, 0, 0).unwrap();
    let control: TimeControl = "10m".parse().unwrap();
    let mut log = ClockLog::create(&path, &control, Color::White).unwrap();
    let mut follower = Follower::open(&path).unwrap();
    assert!(!follower.follow().unwrap(), "nothing appended yet");
    log.append(
        &shashki_arbiter::clock::Event {
            at_ms: 0,
            kind: EventKind::Start,
        },
        wall,
    )
    .unwrap();
    assert!(follower.follow().unwrap(), "the start was appended");
    assert!(!follower.follow().unwrap(), "and nothing since");
}

/// A board log that cannot be brought back is named in Russian for the console.
#[test]
fn a_skipped_log_is_said_in_russian() {
    use shashki_arbiter::clock::hall::{Hall, SkippedLog};
    let d = std::env::temp_dir().join(format!("sa-skipped-ru-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    std::fs::write(d.join("board-001.clocklog"), b"{\"control\":").unwrap();
    let (_, report) = Hall::restore(
        &d,
        &shashki_arbiter::files::lock::Holder::unlabelled("test"),
        0,
        Utc.with_ymd_and_hms(2026, 11, 30, 10, 0, 0).unwrap(),
    )
    .unwrap();
    let s: &SkippedLog = &report.skipped[0];
    assert_eq!(
        s.ru(),
        format!(
            "{}: журнал часов не читается; часы этой доски не восстановлены (файл сохранён как {})",
            d.join("board-001.clocklog").display(),
            d.join("board-001.clocklog.unreadable-1").display()
        )
    );
}
