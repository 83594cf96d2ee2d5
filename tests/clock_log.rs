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
