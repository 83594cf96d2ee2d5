//! Never lose a record (issue 11): a power cut may stop a journal or a clock log at any byte. For
//! every such cut the file opens again, every record that was complete is kept, and what is
//! appended next is read back: nothing is glued to a torn line.

use std::path::{Path, PathBuf};

use chrono::{DateTime, TimeZone, Utc};
use shashki_arbiter::clock::hall::Hall;
use shashki_arbiter::clock::log::{self, ClockLog};
use shashki_arbiter::clock::{Event, EventKind, TimeControl};
use shashki_arbiter::files::atomic;
use shashki_arbiter::rules::{Color, Variant};
use shashki_arbiter::store::event::{EventFile, Notice};
use shashki_arbiter::tournament::command::Command;
use shashki_arbiter::tournament::model::PlayerId;
use shashki_arbiter::tournament::model::{Player, System, Tournament};

fn wall() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 30, 10, 0, 0).unwrap()
}

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("sa-records-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The byte offsets just after each newline, i.e. where each complete record ends.
fn record_ends(bytes: &[u8]) -> Vec<usize> {
    bytes
        .iter()
        .enumerate()
        .filter(|(_, &b)| b == b'\n')
        .map(|(i, _)| i + 1)
        .collect()
}

fn clock_events() -> Vec<Event> {
    let mut events = vec![Event {
        at_ms: 0,
        kind: EventKind::Start,
    }];
    for i in 1..=6u64 {
        events.push(Event {
            at_ms: i * 7_000,
            kind: EventKind::Press,
        });
    }
    events
}

#[test]
fn a_clock_log_cut_at_any_byte_keeps_every_complete_event_and_the_next_ones() {
    let d = dir("clock-cut");
    let full = d.join("full.clocklog");
    let control: TimeControl = "5m".parse().unwrap();
    let mut log = ClockLog::create(&full, &control, Color::White).unwrap();
    for e in clock_events() {
        log.append(&e, wall()).unwrap();
    }
    drop(log);
    let bytes = std::fs::read(&full).unwrap();
    let ends = record_ends(&bytes);
    // From the first complete event on (before it, the clock never started).
    for cut in ends[1] - 1..=bytes.len() {
        let path = d.join(format!("cut-{cut}.clocklog"));
        std::fs::write(&path, &bytes[..cut]).unwrap();
        // Records whose text is all there (with or without the newline) count as complete.
        let complete = ends[1..].iter().filter(|&&e| e - 1 <= cut).count();
        let r = log::recover(&path, wall()).unwrap_or_else(|e| panic!("cut at {cut}: {e}"));
        assert_eq!(
            r.clock.events().len(),
            complete + usize::from(r.outage_ms.is_some()),
            "cut at {cut}"
        );
        let mut log = r.log;
        let last = r.clock.last_at();
        log.append(
            &Event {
                at_ms: last + 1_000,
                kind: EventKind::Resume,
            },
            wall(),
        )
        .unwrap();
        drop(log);
        // Read back: every complete press, the outage, and the resume appended after the cut.
        let again = log::load(&path).unwrap();
        assert!(
            again.bad_line.is_none(),
            "cut at {cut}: {:?}",
            again.bad_line
        );
        let kinds: Vec<&EventKind> = again.records.iter().map(|r| &r.event.kind).collect();
        assert_eq!(kinds.len(), complete + 2, "cut at {cut}: {kinds:?}");
        assert_eq!(kinds[complete], &EventKind::Outage, "cut at {cut}");
        let presses = kinds.iter().filter(|k| ***k == EventKind::Press).count();
        assert_eq!(presses, complete.saturating_sub(1), "cut at {cut}");
    }
}

fn tournament() -> Tournament {
    let mut t = Tournament::new(
        "Кубок",
        Variant::Russian,
        System::Swiss,
        "45m".parse().unwrap(),
        1,
    );
    for i in 1..=4 {
        t.players
            .push(Player::new(PlayerId(i), format!("Игрок{i}")));
    }
    t
}

fn note(i: usize) -> Command {
    Command::AddPlayer {
        player: Player::new(PlayerId(100 + i as u32), format!("Новый{i}")),
    }
}

#[test]
fn a_journal_cut_at_any_byte_keeps_every_complete_entry_and_the_next_ones() {
    let d = dir("journal-cut");
    let path = d.join("event.ron");
    let mut file = EventFile::create(&path, tournament()).unwrap();
    for i in 0..4 {
        file.apply(note(i), wall()).unwrap();
    }
    drop(file);
    let jpath = path.with_extension("journal");
    let journal = std::fs::read(&jpath).unwrap();
    let event = std::fs::read(&path).unwrap();
    let ends = record_ends(&journal);
    for cut in 0..=journal.len() {
        let case = d.join(format!("cut-{cut}"));
        std::fs::create_dir_all(&case).unwrap();
        let p = case.join("event.ron");
        std::fs::write(&p, &event).unwrap();
        std::fs::write(p.with_extension("journal"), &journal[..cut]).unwrap();
        let complete = ends.iter().filter(|&&e| e - 1 <= cut).count();
        let mut file = EventFile::open(&p).unwrap_or_else(|e| panic!("cut at {cut}: {e}"));
        assert_eq!(file.journal().len(), complete, "cut at {cut}");
        let torn = !ends.contains(&cut) && cut > 0 && !ends.iter().any(|&e| e - 1 == cut);
        assert_eq!(
            file.notices
                .iter()
                .any(|n| matches!(n, Notice::TornJournalLine { .. })),
            torn,
            "cut at {cut}: {:?}",
            file.notices
        );
        // Two more changes after the cut, then the whole journal reads back.
        file.apply(note(10), wall()).unwrap();
        file.apply(note(11), wall()).unwrap();
        drop(file);
        let file = EventFile::open(&p).unwrap_or_else(|e| panic!("cut at {cut}: {e}"));
        assert_eq!(file.journal().len(), complete + 2, "cut at {cut}");
        assert!(file.notices.is_empty(), "cut at {cut}: {:?}", file.notices);
        let seqs: Vec<u64> = file.journal().iter().map(|e| e.seq).collect();
        assert!(
            seqs.windows(2).all(|w| w[0] < w[1]),
            "cut at {cut}: {seqs:?}"
        );
    }
}

/// A hall of three boards, each started; board 2 pressed once.
fn three_boards(d: &Path) {
    let control: TimeControl = "10m".parse().unwrap();
    let mut hall =
        Hall::in_dir(d, &shashki_arbiter::files::lock::Holder::unlabelled("test")).unwrap();
    for i in 1..=3 {
        let b = hall.add(i, control.clone(), Color::White).unwrap();
        hall.push(b, 0, EventKind::Start, wall()).unwrap();
    }
    hall.push(1, 5_000, EventKind::Press, wall()).unwrap();
}

#[test]
fn an_empty_or_headless_board_log_is_set_aside_and_the_rest_of_the_hall_comes_back() {
    for (name, damage) in [
        ("empty", &b""[..]),
        ("torn-header", &b"{\"control\":\"10m\",\"fir"[..]),
        ("not-utf8", &b"{\"control\":\"10\xFFm\"}\n"[..]),
    ] {
        let d = dir(&format!("hall-{name}"));
        three_boards(&d);
        let broken = d.join("board-003.clocklog");
        std::fs::write(&broken, damage).unwrap();
        let (hall, report) = Hall::restore(
            &d,
            &shashki_arbiter::files::lock::Holder::unlabelled("test"),
            0,
            wall(),
        )
        .unwrap();
        assert_eq!(report.boards.len(), 2, "{name}");
        assert_eq!(hall.boards().len(), 2, "{name}");
        assert_eq!(hall.snapshots(0)[1].1.white.moves, 1, "{name}");
        assert_eq!(hall.snapshots(0)[1].1.black.moves, 0, "{name}");
        assert_eq!(
            hall.boards()[1].clock().events().len(),
            3,
            "{name}: board 2 keeps start, press and the outage"
        );
        assert_eq!(report.skipped.len(), 1, "{name}");
        let skipped = &report.skipped[0];
        let kept = skipped.set_aside.clone().expect("set aside");
        assert_eq!(
            std::fs::read(&kept).unwrap(),
            damage,
            "{name}: kept as it was"
        );
        assert!(!broken.exists(), "{name}: not read again");
        assert!(
            skipped.to_string().contains("board-003.clocklog:1"),
            "{name}: {skipped}"
        );
        drop(hall);
        // The next restore is clean.
        let (_, again) = Hall::restore(
            &d,
            &shashki_arbiter::files::lock::Holder::unlabelled("test"),
            0,
            wall(),
        )
        .unwrap();
        assert!(again.skipped.is_empty(), "{name}");
    }
}

#[test]
fn the_backup_is_renamed_into_place_and_a_leftover_temporary_is_harmless() {
    let d = dir("bak");
    let p = d.join("event.ron");
    atomic::write(&p, b"one", true).unwrap();
    // A crash while an earlier backup was being written left its temporary file behind.
    std::fs::write(atomic::sibling(&p, "bak.tmp"), b"to").unwrap();
    atomic::write(&p, b"two", true).unwrap();
    atomic::write(&p, b"three", true).unwrap();
    assert_eq!(std::fs::read(&p).unwrap(), b"three");
    assert_eq!(std::fs::read(atomic::sibling(&p, "bak")).unwrap(), b"two");
    assert!(!atomic::sibling(&p, "bak.tmp").exists());
    assert!(!atomic::sibling(&p, "tmp").exists());
}
