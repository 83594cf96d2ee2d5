//! Results from the floor under load: 20 deputies, ten boards each, send all 200 results at once
//! (16 connections at a time, each result twice: a phone that retries) to a desk holding the
//! event, over loopback, while 50 pages follow the stream. Prints, for each of three runs, the
//! time until every result is on disk, each request's latency (p50, p99, max) and how long the
//! pages took to show the last result. `cargo bench --bench floor`.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use shashki_arbiter::serve::desk::Desk;
use shashki_arbiter::serve::http::serve_desk;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const DEPUTIES: usize = 20;
const BOARDS: usize = 200;
const PAGES: usize = 50;

#[path = "../tests/common/floor_event.rs"]
mod floor_event;

/// The event and one code per deputy, ten boards each.
fn event(dir: &Path) -> (PathBuf, Vec<String>) {
    let path = floor_event::event(dir, BOARDS, 1);
    let per = BOARDS / DEPUTIES;
    let codes = (0..DEPUTIES)
        .map(|i| {
            let boards = format!("{}-{}", per * i + 1, per * i + per);
            floor_event::deputy(&path, &format!("Deputy{i}"), &boards, i as u64)
        })
        .collect();
    (path, codes)
}

async fn post(addr: SocketAddr, code: &str, body: &str) -> u16 {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "POST /api/result HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {code}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    out.split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

async fn run(dir: &Path) {
    let (path, codes) = event(dir);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(serve_desk(
        listener,
        path.clone(),
        Some(Desk::hold(&path).unwrap()),
        std::future::pending(),
    ));
    let mut pages = Vec::new();
    for _ in 0..PAGES {
        let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
        s.write_all(format!("GET /events HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes())
            .await
            .unwrap();
        pages.push(s);
    }
    let gate = std::sync::Arc::new(tokio::sync::Semaphore::new(16));
    let started = Instant::now();
    let mut tasks = Vec::new();
    for board in 1..=BOARDS {
        for _ in 0..2 {
            let (gate, code) = (
                gate.clone(),
                codes[(board - 1) / (BOARDS / DEPUTIES)].clone(),
            );
            tasks.push(tokio::spawn(async move {
                let _p = gate.acquire().await.unwrap();
                let t = Instant::now();
                let body =
                    format!(r#"{{"round": 1, "board": {board}, "game": 1, "result": "1-0"}}"#);
                let status = post(addr, &code, &body).await;
                (status, t.elapsed())
            }));
        }
    }
    let mut latencies = Vec::new();
    for t in tasks {
        let (status, took) = t.await.unwrap();
        assert_eq!(status, 200);
        latencies.push(took);
    }
    let all = started.elapsed();
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize];
    // The pages: each until its last state has no game without a result.
    let mut slowest = Duration::ZERO;
    for s in &mut pages {
        let mut seen = String::new();
        let mut buf = vec![0u8; 1 << 16];
        loop {
            let done = seen.contains("event: state")
                && seen
                    .rsplit("event: state")
                    .next()
                    .is_some_and(|last| !last.contains("\"*\""));
            if done {
                break;
            }
            let n = tokio::time::timeout(Duration::from_secs(30), s.read(&mut buf))
                .await
                .expect("a page follows")
                .unwrap();
            assert!(n > 0);
            seen.push_str(&String::from_utf8_lossy(&buf[..n]));
        }
        slowest = slowest.max(started.elapsed().saturating_sub(all));
    }
    println!(
        "{} requests ({BOARDS} results, each twice) from 16 connections at a time: all on disk in {:.0} ms ({:.2} ms a result); latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms; {PAGES} pages showed the last within {:.0} ms after",
        latencies.len(),
        all.as_secs_f64() * 1e3,
        all.as_secs_f64() * 1e3 / BOARDS as f64,
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        latencies.last().unwrap().as_secs_f64() * 1e3,
        slowest.as_secs_f64() * 1e3,
    );
}

fn main() {
    // `cargo bench` passes `--bench`; a test run (`cargo test --benches`) runs nothing.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    for i in 0..3 {
        let dir =
            std::env::temp_dir().join(format!("shashki-bench-floor-{}-{i}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        rt.block_on(run(&dir));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
