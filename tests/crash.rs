//! kill -9 in the middle of saves, clock presses and hall restores, many times at seeded random
//! instants (issue 11). A child process (this test binary again, running the ignored `child`
//! test) works on the files and acknowledges each change on standard output only after the call
//! that made it has returned; the parent kills it, opens what is left as the program would after
//! a restart, and checks that every acknowledged change is there and every file still opens.
//!
//! `CRASH_TRIALS=N` runs N kills of each kind instead of the default; `CRASH_SEED` another seed.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use chrono::Utc;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shashki_arbiter::clock::game_clock::Event;
use shashki_arbiter::clock::hall::Hall;
use shashki_arbiter::clock::{EventKind, TimeControl};
use shashki_arbiter::files::atomic;
use shashki_arbiter::rules::Color;
use shashki_arbiter::store::event::{self, EventFile};
use shashki_arbiter::tournament::command::Command as Change;

const CHILD_ENV: &str = "SA_CRASH_CHILD";
const BOARDS: usize = 4;

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("sa-crash-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The child half: does what `SA_CRASH_CHILD=kind:dir` says until it is killed (or, if nobody
/// kills it, stops after a while by itself).
#[test]
#[ignore = "run by the crash tests as their child process"]
fn child() {
    let Ok(spec) = std::env::var(CHILD_ENV) else {
        return;
    };
    let (kind, dir) = spec.split_once(':').unwrap();
    match kind {
        "saves" => child_saves(Path::new(dir)),
        "presses" => child_presses(Path::new(dir)),
        other => panic!("unknown child {other}"),
    }
}

/// The club of player 1 as a change number, so the state says which change it holds.
fn club(n: u64) -> Change {
    static FIRST: std::sync::OnceLock<shashki_arbiter::tournament::Player> =
        std::sync::OnceLock::new();
    let mut player = FIRST
        .get_or_init(|| {
            event::read(Path::new("tournaments/shashki64-round-robin.ron"))
                .unwrap()
                .players[0]
                .clone()
        })
        .clone();
    player.club = format!("c{n}");
    Change::EditPlayer { player }
}

fn club_number(club: &str) -> u64 {
    club.strip_prefix('c')
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

fn child_saves(dir: &Path) {
    let path = dir.join("event.ron");
    let mut file = EventFile::open(&path).unwrap();
    let start = file.journal().last().map_or(1, |e| e.seq + 1);
    for n in start..start + 2_000 {
        let entry = if n % 5 == 0 {
            file.undo(Utc::now()).unwrap()
        } else {
            file.apply(club(n), Utc::now()).unwrap()
        };
        println!("ACK {}", entry.seq);
    }
}

fn child_presses(dir: &Path) {
    let started = Instant::now();
    let now = || started.elapsed().as_millis() as u64;
    let mut hall = if Hall::has_logs(dir) {
        Hall::restore(
            dir,
            &shashki_arbiter::files::lock::Holder::unlabelled("test"),
            now(),
            Utc::now(),
        )
        .unwrap()
        .0
    } else {
        Hall::in_dir(
            dir,
            &shashki_arbiter::files::lock::Holder::unlabelled("test"),
        )
        .unwrap()
    };
    // Boards whose log a kill caught before its header are added again, as the console does.
    let control: TimeControl = "45m+5s".parse().unwrap();
    for b in 1..=BOARDS {
        if hall.index_of(b.into()).is_none() {
            hall.add(b, control.clone(), Color::White).unwrap();
        }
    }
    for i in 0..20_000 {
        let b = i % hall.boards().len();
        let snap = hall.boards()[b]
            .clock()
            .snapshot(hall.boards()[b].clock().last_at());
        let kind = match (snap.running, snap.paused) {
            (None, _) => EventKind::Start,
            (Some(_), true) => EventKind::Resume,
            (Some(_), false) => EventKind::Press,
        };
        hall.push(b, now(), kind, Utc::now()).unwrap();
        hall.heartbeat(now(), Utc::now()).unwrap();
        // The event itself, with its place in the clock's list: the parent finds it there.
        let events = hall.boards()[b].clock().events();
        let event = serde_json::to_string(events.last().unwrap()).unwrap();
        println!(
            "ACK {} {} {event}",
            hall.boards()[b].name(),
            events.len() - 1
        );
    }
}

/// Runs the child until a random instant, kills it (SIGKILL), and returns what it acknowledged.
fn run_and_kill(kind: &str, dir: &Path, rng: &mut ChaCha8Rng) -> Vec<String> {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "child",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD_ENV, format!("{kind}:{}", dir.display()))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let out = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        BufReader::new(out)
            .lines()
            .map_while(Result::ok)
            .filter_map(|l| l.strip_prefix("ACK ").map(str::to_string))
            .collect::<Vec<_>>()
    });
    // Some kills land in the start-up (open, repair, restore), most in the middle of the work
    // (a save syncs three files, so saves are given longer).
    let span = if kind == "saves" { 300_000 } else { 60_000 };
    let delay = rng.next_u64() % span;
    std::thread::sleep(Duration::from_micros(delay));
    let _ = child.kill();
    let status = child.wait().unwrap();
    let acks = reader.join().unwrap();
    assert!(
        status.code() != Some(101),
        "the child failed by itself (a panic) after {} acknowledgements",
        acks.len()
    );
    acks
}

#[test]
fn killed_during_saves_no_acknowledged_change_is_lost() {
    let d = dir("saves");
    let path = d.join("event.ron");
    std::fs::copy("tournaments/shashki64-round-robin.ron", &path).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(env_number("CRASH_SEED", 11));
    let trials = env_number("CRASH_TRIALS", 60);
    let mut acked_total = 0;
    for trial in 0..trials {
        let acks = run_and_kill("saves", &d, &mut rng);
        acked_total += acks.len();
        // The event opens as the program would open it after the crash.
        let file = EventFile::open(&path)
            .unwrap_or_else(|e| panic!("trial {trial}: the event does not open: {e}"));
        let seqs: Vec<u64> = file.journal().iter().map(|e| e.seq).collect();
        assert!(
            seqs.windows(2).all(|w| w[0] < w[1]),
            "trial {trial}: {seqs:?}"
        );
        for a in &acks {
            let seq: u64 = a.parse().unwrap();
            assert!(
                seqs.contains(&seq),
                "trial {trial}: acknowledged change {seq} is not in the journal"
            );
        }
        // The state holds the last journaled change (or one saved after it, whose journal line
        // the kill cut off).
        if let Some(last) = file.journal().last().filter(|e| e.undoes.is_none()) {
            if let (Change::EditPlayer { player }, Change::EditPlayer { player: before }) =
                (&last.command, &last.undo)
            {
                let state = club_number(&file.tournament.players[0].club);
                // A later change, or the undo of this one, may have been saved unjournaled.
                assert!(
                    state >= club_number(&player.club) || state == club_number(&before.club),
                    "trial {trial}: the event lost change {}",
                    last.seq
                );
            }
        }
        // The backup is a whole event, never a torn one.
        let bak = atomic::sibling(&path, "bak");
        if bak.exists() {
            event::read(&bak).unwrap_or_else(|e| panic!("trial {trial}: torn backup: {e}"));
        }
    }
    eprintln!("{trials} kills during saves, {acked_total} saves acknowledged");
    assert!(acked_total > 0, "no kill landed after a save");
}

#[test]
fn killed_during_presses_and_restores_no_acknowledged_event_is_lost() {
    let d = dir("presses");
    let mut rng = ChaCha8Rng::seed_from_u64(env_number("CRASH_SEED", 7));
    let trials = env_number("CRASH_TRIALS", 60);
    let mut acked_total = 0;
    for trial in 0..trials {
        let acks = run_and_kill("presses", &d, &mut rng);
        acked_total += acks.len();
        let mut acked: BTreeMap<String, BTreeMap<usize, Event>> = BTreeMap::new();
        for a in &acks {
            let mut words = a.splitn(3, ' ');
            let (board, index, event) = (
                words.next().unwrap(),
                words.next().unwrap(),
                words.next().unwrap(),
            );
            let event: Event = serde_json::from_str(event).unwrap();
            acked
                .entry(board.to_string())
                .or_default()
                .insert(index.parse().unwrap(), event);
        }
        if !Hall::has_logs(&d) {
            assert!(acks.is_empty(), "trial {trial}");
            continue;
        }
        // Each acknowledged event, one by one, in its board's log as the kill left it: before
        // any restore, which would append an outage where a lost last press should be.
        let mut logged: BTreeMap<String, Vec<Event>> = BTreeMap::new();
        for path in shashki_arbiter::clock::hall::log_paths(&d).unwrap() {
            if let Ok(loaded) = shashki_arbiter::clock::log::load(&path) {
                let name = shashki_arbiter::clock::log::board_name(loaded.board.as_deref(), &path);
                logged.insert(name, loaded.clock.events().to_vec());
            }
        }
        for (board, events) in &acked {
            let on_disk = logged
                .get(board)
                .unwrap_or_else(|| panic!("trial {trial}: no readable log of board {board}"));
            for (index, event) in events {
                assert_eq!(
                    on_disk.get(*index),
                    Some(event),
                    "trial {trial}: board {board}: acknowledged event {index} is not in the log"
                );
            }
        }
        // Restored as the program restores it after a restart.
        let (hall, report) = Hall::restore(
            &d,
            &shashki_arbiter::files::lock::Holder::unlabelled("test"),
            0,
            Utc::now(),
        )
        .unwrap_or_else(|e| panic!("trial {trial}: the hall does not restore: {e}"));
        for s in &report.skipped {
            // Only a log the kill caught before its header was written may be skipped.
            assert!(
                s.set_aside.is_some(),
                "trial {trial}: a board log was skipped: {s}"
            );
        }
        for (board, events) in &acked {
            let b = hall
                .boards()
                .iter()
                .find(|b| &b.name() == board)
                .unwrap_or_else(|| panic!("trial {trial}: board {board} did not come back"));
            for (index, event) in events {
                assert_eq!(
                    b.clock().events().get(*index),
                    Some(event),
                    "trial {trial}: board {board}: acknowledged event {index} lost in the restore"
                );
            }
        }
        for b in hall.boards() {
            let s = b.clock().snapshot(b.clock().last_at());
            assert!(
                s.running.is_none() || s.paused,
                "trial {trial}: board {} came back running",
                b.name()
            );
        }
    }
    eprintln!("{trials} kills during presses and restores, {acked_total} events acknowledged");
    assert!(acked_total > 0, "no kill landed after a press");
}
