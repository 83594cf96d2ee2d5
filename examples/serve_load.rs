//! A bounded load test of `shashki-arbiter serve` on loopback: the server runs as its own process
//! (built by `cargo build --release`), 300 pages keep the event stream open, 50 API requests a
//! second for 30 s, and a "console" presses a clock once a second. Prints the request latency,
//! how long a press takes to reach all 300 pages, and the server's memory.
//!
//! `cargo build --release && cargo run --release --example serve_load [pages] [seconds]`

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chrono::Utc;
use shashki_arbiter::clock::game_clock::{Event, EventKind};
use shashki_arbiter::clock::hall::{clocks_dir, game_dir};
use shashki_arbiter::clock::log::ClockLog;
use shashki_arbiter::rules::Color;

struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
    }
}

fn rss_kb(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p) as usize]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let pages: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(300);
    let seconds: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(30);
    let dir = std::env::temp_dir().join(format!("shashki-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let event = dir.join("cup.ron");
    std::fs::copy("tournaments/shashki64-round-robin.ron", &event).unwrap();
    let binary: PathBuf = std::env::current_exe()
        .unwrap()
        .parent()
        .unwrap()
        .parent()
        .unwrap()
        .join("shashki-arbiter");
    let port = 18_000 + (std::process::id() % 1000) as u16;
    let addr = format!("127.0.0.1:{port}");
    let server = Server(
        Command::new(&binary)
            .args(["serve", event.to_str().unwrap(), "--listen", &addr])
            .spawn()
            .expect("the release binary: cargo build --release first"),
    );
    std::thread::sleep(Duration::from_millis(500));
    let idle_kb = rss_kb(server.0.id());

    // The pages: each reads its stream and notes when it saw each press (by its count).
    let seen: Arc<Mutex<Vec<Vec<Instant>>>> = Arc::new(Mutex::new(vec![Vec::new(); pages]));
    let open = Arc::new(AtomicUsize::new(0));
    for i in 0..pages {
        let (seen, open, addr) = (seen.clone(), open.clone(), addr.clone());
        std::thread::Builder::new()
            .stack_size(64 * 1024)
            .spawn(move || {
                let mut s = TcpStream::connect(&addr).unwrap();
                s.write_all(b"GET /events HTTP/1.1\r\nHost: hall\r\n\r\n")
                    .unwrap();
                open.fetch_add(1, Ordering::Relaxed);
                let mut buf = vec![0u8; 16 * 1024];
                loop {
                    let n = match s.read(&mut buf) {
                        Ok(0) | Err(_) => return,
                        Ok(n) => n,
                    };
                    let text = String::from_utf8_lossy(&buf[..n]);
                    let events = text.matches("event: clocks").count();
                    if events > 0 {
                        let mut seen = seen.lock().unwrap();
                        for _ in 0..events {
                            seen[i].push(Instant::now());
                        }
                    }
                }
            })
            .unwrap();
    }
    while open.load(Ordering::Relaxed) < pages {
        std::thread::sleep(Duration::from_millis(10));
    }
    std::thread::sleep(Duration::from_millis(500));

    // The console: one board's clock, pressed once a second.
    let logs = game_dir(&clocks_dir(&event), 6, 0);
    std::fs::create_dir_all(&logs).unwrap();
    let t = shashki_arbiter::store::event::read(&event).unwrap();
    let mut log = ClockLog::create_for(
        &logs.join("board-01.clocklog"),
        t.time_control_of_game(0),
        Color::White,
        Some("1"),
    )
    .unwrap();
    let presses: Arc<Mutex<Vec<Instant>>> = Arc::new(Mutex::new(Vec::new()));
    let console = {
        let presses = presses.clone();
        std::thread::spawn(move || {
            let start = Instant::now();
            let mut at = 0;
            let mut first = true;
            while start.elapsed() < Duration::from_secs(seconds) {
                let kind = if first {
                    EventKind::Start
                } else {
                    EventKind::Press
                };
                first = false;
                log.append(&Event { at_ms: at, kind }, Utc::now()).unwrap();
                presses.lock().unwrap().push(Instant::now());
                at += 1_000;
                std::thread::sleep(Duration::from_secs(1));
            }
        })
    };

    // 50 requests a second of the whole state.
    let mut latencies = Vec::new();
    let mut bytes = 0;
    let start = Instant::now();
    let mut next = start;
    let mut peak_kb = 0;
    while start.elapsed() < Duration::from_secs(seconds) {
        next += Duration::from_millis(20);
        let t0 = Instant::now();
        let mut s = TcpStream::connect(&addr).unwrap();
        s.write_all(b"GET /api/state HTTP/1.1\r\nHost: hall\r\nConnection: close\r\n\r\n")
            .unwrap();
        let mut body = Vec::new();
        s.read_to_end(&mut body).unwrap();
        latencies.push(t0.elapsed());
        bytes += body.len();
        if latencies.len() % 50 == 0 {
            peak_kb = peak_kb.max(rss_kb(server.0.id()));
        }
        if let Some(wait) = next.checked_duration_since(Instant::now()) {
            std::thread::sleep(wait);
        }
    }
    console.join().unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    latencies.sort();
    let presses = presses.lock().unwrap().clone();
    let seen = seen.lock().unwrap();
    // For each press: when the last page saw it (pages see presses in order; the first event a
    // page gets after it connected is its whole state, not counted here).
    let mut delivery = Vec::new();
    let mut missed = 0;
    for (k, &pressed) in presses.iter().enumerate() {
        let mut last = Duration::ZERO;
        for page in seen.iter() {
            match page.get(k) {
                Some(&at) => last = last.max(at.saturating_duration_since(pressed)),
                None => missed += 1,
            }
        }
        delivery.push(last);
    }
    delivery.sort();
    println!(
        "{pages} pages, {} requests in {seconds} s ({:.0}/s), {} KB each",
        latencies.len(),
        latencies.len() as f64 / seconds as f64,
        bytes / latencies.len().max(1) / 1024
    );
    println!(
        "GET /api/state: p50 {:?}, p95 {:?}, p99 {:?}, max {:?}",
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.95),
        percentile(&latencies, 0.99),
        latencies[latencies.len() - 1]
    );
    println!(
        "a press on all {pages} pages after: p50 {:?}, max {:?} ({} presses, {missed} page-events missed)",
        percentile(&delivery, 0.5),
        delivery[delivery.len() - 1],
        presses.len()
    );
    println!(
        "server memory: {} MB idle, {} MB peak under load",
        idle_kb / 1024,
        peak_kb.max(rss_kb(server.0.id())) / 1024
    );
}
