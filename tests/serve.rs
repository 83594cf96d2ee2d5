//! The hall's web server: its JSON and PDN feed from the sample events, read-only by
//! construction, and live: a result saved and a clock pressed by the console (another writer of
//! the same files) reach an open page.
#![cfg(feature = "serve")]

use std::path::{Path, PathBuf};

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use chrono::Utc;
use http_body_util::BodyExt;
use shashki_arbiter::rules::any::variant_of;
use shashki_arbiter::rules::columns::{game as columns_game, AnyVariant};
use shashki_arbiter::rules::{check_game, pdn, Variant};
use shashki_arbiter::serve::{router, serve_on, Served};
use shashki_arbiter::store::event::{self, EventFile};
use shashki_arbiter::tournament::command::Command;
use shashki_arbiter::tournament::id::GameRef;
use shashki_arbiter::tournament::model::PlayerId;
use shashki_arbiter::tournament::model::{GameResult, Tournament};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tower::ServiceExt;

const SAMPLES: [&str; 4] = [
    "tournaments/shashki64-round-robin.ron",
    "tournaments/international-round-robin.ron",
    "tournaments/open-swiss-48.ron",
    "tournaments/towers-round-robin.ron",
];

fn copy(name: &str, sample: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shashki-serve-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let to = dir.join(Path::new(sample).file_name().unwrap());
    std::fs::copy(sample, &to).unwrap();
    to
}

fn app_for(t: &Tournament) -> axum::Router {
    let (_tx, rx) = tokio::sync::watch::channel(Served::new(
        t,
        std::path::Path::new("no-such-event.ron"),
        None,
        1,
        1,
    ));
    // The sender may go: the router keeps serving the last snapshot.
    router(rx)
}

async fn get(app: &axum::Router, method: Method, uri: &str) -> (StatusCode, String, String) {
    let response = app
        .clone()
        .oneshot(
            Request::builder()
                .method(method)
                .uri(uri)
                // A small body (no route reads one; over 1 KB is refused, see below).
                .body(Body::from(vec![b'x'; 512]))
                .unwrap(),
        )
        .await
        .unwrap();
    let status = response.status();
    let kind = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    (status, kind, String::from_utf8(body.to_vec()).unwrap())
}

#[tokio::test]
async fn the_state_and_the_relay_feed_of_every_sample_event() {
    for sample in SAMPLES {
        let t = event::read(Path::new(sample)).unwrap();
        let app = app_for(&t);
        let (status, kind, body) = get(&app, Method::GET, "/api/state").await;
        assert_eq!(status, StatusCode::OK, "{sample}");
        assert_eq!(kind, "application/json");
        let state: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(state["event"]["name"], t.settings.name.as_str());
        let round = t.rounds.last().unwrap();
        let boards = state["boards"].as_array().unwrap();
        assert_eq!(
            boards.len(),
            round.pairings.len() + usize::from(round.bye.is_some()),
            "{sample}"
        );
        let first = &round.pairings[0];
        assert_eq!(
            boards[0]["white"],
            t.player(first.white).unwrap().full_name().as_str()
        );
        // Standings with the event's tie-breaks, in both languages.
        let standings = &state["report"]["ru"]["sections"][0];
        assert_eq!(standings["heading"], "Турнирная таблица");
        assert_eq!(
            standings["rows"].as_array().unwrap().len(),
            t.players.len(),
            "{sample}"
        );
        assert_eq!(
            state["report"]["en"]["sections"][0]["header"]
                .as_array()
                .unwrap()
                .len(),
            7 + t.tiebreaks.len()
        );

        // The feed: every game of the round, game 1 of every board first, each legal by the
        // program's own check, with its players, round, ballot position and result.
        let (status, kind, feed) = get(&app, Method::GET, "/games.pdn").await;
        assert_eq!(status, StatusCode::OK);
        assert!(kind.starts_with("application/x-draughts-pdn"), "{kind}");
        let games = pdn::read(&feed).unwrap();
        let per_board = t.settings.format.games.max(1) as usize;
        let extra: usize = round.pairings.iter().map(|p| p.extra.len()).sum();
        assert_eq!(
            games.len(),
            round.pairings.len() * per_board + extra,
            "{sample}"
        );
        for (i, g) in games.iter().enumerate() {
            // Read as `check` reads it, from its tags alone (`check`'s default is Russian).
            assert_eq!(variant_of(g, Variant::Russian.into()), t.settings.variant);
            let report = match t.settings.variant {
                AnyVariant::Plain(v) => check_game(i + 1, g, v),
                AnyVariant::Columns(v) => columns_game::check_game(i + 1, g, v),
            };
            assert!(report.legal, "{sample} game {}: {report:?}", i + 1);
            let (game, board) = (i / round.pairings.len(), i % round.pairings.len());
            let p = &round.pairings[board];
            assert_eq!(
                g.tag("Round"),
                Some(format!("{}.{}", round.number, game + 1).as_str())
            );
            assert_eq!(g.tag("Board"), Some(p.board.to_string().as_str()));
            let name = |id| t.player(id).unwrap().full_name();
            assert_eq!(g.tag("White"), Some(name(p.white_of(game)).as_str()));
            assert_eq!(g.tag("Black"), Some(name(p.white_of(game + 1)).as_str()));
            let result = g.result.as_deref().unwrap();
            match p.games[game] {
                GameResult::Pending => assert_eq!(result, "*"),
                GameResult::WhiteWins => assert_eq!(result, "1-0"),
                GameResult::BlackWins => assert_eq!(result, "0-1"),
                GameResult::Draw => assert_eq!(result, "1/2-1/2"),
                _ => {}
            }
            if let Some(b) = &p.ballot {
                let entry = shashki_arbiter::tournament::ballot::load(&b.table)
                    .unwrap()
                    .entry(&b.cell)
                    .unwrap()
                    .clone();
                assert_eq!(g.tag("FEN"), Some(entry.fen.as_str()));
                assert!(g.intro[0].contains(&entry.text), "{:?}", g.intro);
            }
        }
    }
}

#[tokio::test]
async fn a_column_event_feeds_games_that_name_their_variant() {
    use shashki_arbiter::rules::columns::ColumnVariant;
    use shashki_arbiter::tournament::command;
    use shashki_arbiter::tournament::model::{Player, System};
    for variant in [ColumnVariant::Towers, ColumnVariant::Laska] {
        let mut t = Tournament::new(
            "Первенство клуба",
            AnyVariant::Columns(variant),
            System::RoundRobin,
            "45m".parse().unwrap(),
            1,
        );
        for i in 1..=4 {
            let player = Player::new(PlayerId(i), format!("Игрок{i}"));
            command::apply(&mut t, &Command::AddPlayer { player }).unwrap();
        }
        let pair = Command::PairRound {
            round: 1,
            table_round: None,
        };
        command::apply(&mut t, &pair).unwrap();
        let app = app_for(&t);
        let (_, _, feed) = get(&app, Method::GET, "/games.pdn").await;
        let games = pdn::read(&feed).unwrap();
        assert_eq!(games.len(), 2, "{variant}");
        for g in &games {
            // No GameType number exists for column draughts: a Russian one would make a
            // reader replay the towers game as Russian draughts.
            assert_eq!(g.tag("GameType"), None);
            assert_eq!(g.tag("Variant"), Some(variant.name()));
            // The program's own check, left at its Russian default, reads the tag.
            let read = variant_of(g, Variant::Russian.into());
            assert_eq!(read, AnyVariant::Columns(variant));
            assert!(columns_game::check_game(1, g, variant).legal);
        }
    }
}

#[tokio::test]
async fn no_request_changes_anything_or_reaches_a_file() {
    let t = event::read(Path::new(SAMPLES[0])).unwrap();
    let app = app_for(&t);
    for uri in [
        "/",
        "/api/state",
        "/api/clocks",
        "/api/standings",
        "/games.pdn",
        "/events",
    ] {
        for method in [Method::POST, Method::PUT, Method::DELETE, Method::PATCH] {
            let (status, _, _) = get(&app, method.clone(), uri).await;
            assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{method} {uri}");
        }
    }
    for uri in [
        "/../Cargo.toml",
        "/tournaments/shashki64-round-robin.ron",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/api/state/../../Cargo.toml",
        "/static/../../src/main.rs",
    ] {
        let (status, _, body) = get(&app, Method::GET, uri).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}: {body}");
    }
    // The page names no other host: no script, font or style from outside.
    let (_, kind, page) = get(&app, Method::GET, "/").await;
    assert_eq!(kind, "text/html; charset=utf-8");
    // The SVG namespace of the board diagrams is a name the DOM requires, never fetched.
    let page_hosts = page.replace("\"http://www.w3.org/2000/svg\"", "");
    assert!(!page_hosts.contains("http://") && !page_hosts.contains("https://"));
    assert!(
        !page.contains("innerHTML"),
        "data is put in with textContent"
    );
}

#[tokio::test]
async fn a_name_that_looks_like_markup_stays_text_in_the_page() {
    let mut t = event::read(Path::new(SAMPLES[0])).unwrap();
    t.players[0].surname = "</script><script>alert(1)</script>".into();
    let app = app_for(&t);
    let (_, _, page) = get(&app, Method::GET, "/").await;
    assert!(
        !page.contains("<script>alert(1)"),
        "the state inside the page cannot end its script"
    );
    let start = page
        .find("<script id=\"initial-state\" type=\"application/json\">")
        .unwrap();
    let json = &page[start..];
    let json = &json[json.find('>').unwrap() + 1..json.find("</script>").unwrap()];
    let state: serde_json::Value = serde_json::from_str(json).unwrap();
    let names = state["report"]["en"]["sections"][0]["rows"].to_string();
    assert!(
        names.contains("</script><script>alert(1)"),
        "the name itself is kept"
    );
}

/// Reads a chunked HTTP/1.1 response's body as it comes, until `until` holds for the text so
/// far (or the connection ends).
async fn read_until(
    stream: &mut tokio::net::TcpStream,
    seen: &mut String,
    until: impl Fn(&str) -> bool,
) -> bool {
    let mut buf = vec![0u8; 65536];
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(60);
    while !until(seen) {
        // A guard against a hang only: the time it takes is measured, not asserted.
        let Ok(read) = tokio::time::timeout_at(deadline, stream.read(&mut buf)).await else {
            return false;
        };
        let n = read.unwrap();
        if n == 0 {
            return false;
        }
        seen.push_str(&String::from_utf8_lossy(&buf[..n]));
    }
    true
}

/// The data of SSE events named `name`, in order, from the raw (chunked) text: chunk-size lines
/// are dropped, which never look like `data:` lines.
fn events_named(raw: &str, name: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    let text: String = raw.replace("\r\n", "\n");
    let mut data = String::new();
    for line in text.lines() {
        if let Some(e) = line.strip_prefix("event: ") {
            current = Some(e.to_string());
            data.clear();
        } else if let Some(d) = line.strip_prefix("data: ") {
            data.push_str(d);
        } else if line.is_empty() && current.as_deref() == Some(name) && !data.is_empty() {
            out.push(std::mem::take(&mut data));
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_result_and_a_clock_press_saved_by_the_console_reach_an_open_page() {
    use shashki_arbiter::clock::game_clock::{Event, EventKind};
    use shashki_arbiter::clock::log::ClockLog;
    let path = copy("live", SAMPLES[0]);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(serve_on(listener, path.clone()));
    let mut page = tokio::net::TcpStream::connect(addr).await.unwrap();
    page.write_all(b"GET /events HTTP/1.1\r\nHost: hall\r\nAccept: text/event-stream\r\n\r\n")
        .await
        .unwrap();
    let mut seen = String::new();
    assert!(
        read_until(&mut page, &mut seen, |s| !events_named(s, "state")
            .is_empty())
        .await
    );
    let first: serde_json::Value = serde_json::from_str(&events_named(&seen, "state")[0]).unwrap();
    assert_eq!(first["boards"][0]["results"][0], "*");
    assert!(first["clocks"].is_null(), "no clock started yet");

    // The console (its own writer of the file) records a result.
    let saved_at = std::time::Instant::now();
    let before = std::fs::read(&path).unwrap();
    {
        let mut e = EventFile::open(&path).unwrap();
        e.apply(
            Command::SetResult {
                game: GameRef {
                    round: 6,
                    board: 1,
                    game: 0,
                },
                result: GameResult::WhiteWins,
            },
            Utc::now(),
        )
        .unwrap();
    }
    assert_ne!(std::fs::read(&path).unwrap(), before);
    // Board 1 of the current round (earlier rounds, in the same state, have results of their own).
    let arrived = read_until(&mut page, &mut seen, |s| {
        events_named(s, "state").iter().any(|d| {
            serde_json::from_str::<serde_json::Value>(d)
                .is_ok_and(|v| v["boards"][0]["results"][0] == "1-0")
        })
    })
    .await;
    assert!(arrived, "the result reached the page: {seen}");
    eprintln!("result on the page after {:?}", saved_at.elapsed());

    // A board's clock is started and pressed: a small `clocks` event, not the whole state.
    let dir = shashki_arbiter::clock::hall::game_dir(
        &shashki_arbiter::clock::hall::clocks_dir(&path),
        6,
        0,
    );
    std::fs::create_dir_all(&dir).unwrap();
    let t = event::read(&path).unwrap();
    let control = t.time_control_of_game(0).clone();
    let mut log = ClockLog::create_for(
        &dir.join("board-01.clocklog"),
        &control,
        shashki_arbiter::rules::Color::White,
        Some("1"),
    )
    .unwrap();
    // The page charges Black from the press's wall time (`now`): the bound is measured from
    // before it, and a whole millisecond of rounding allowed (the run that found it: 1 ms
    // charged 0.62 ms after an Instant taken after the log was written).
    let pressed = std::time::Instant::now();
    let now = Utc::now();
    for (at_ms, kind) in [(0, EventKind::Start), (4_000, EventKind::Press)] {
        log.append(&Event { at_ms, kind }, now).unwrap();
    }
    let states_before = events_named(&seen, "state").len();
    let arrived = read_until(&mut page, &mut seen, |s| {
        events_named(s, "clocks")
            .iter()
            .any(|d| d.contains("\"running\":\"black\""))
    })
    .await;
    assert!(arrived, "the press reached the page: {seen}");
    let clocks: serde_json::Value =
        serde_json::from_str(events_named(&seen, "clocks").last().unwrap()).unwrap();
    let board = &clocks["boards"][0];
    assert_eq!(board["board"], "1");
    let full = control.periods[0].ms as i64;
    assert_eq!(board["white_ms"].as_i64().unwrap(), full - 4_000);
    // Black's clock runs from the press: what it shows is the full period less the time since
    // the press was written, no more (the page counts on from there).
    let charged = full - board["black_ms"].as_i64().unwrap();
    assert!(
        (0..=pressed.elapsed().as_millis() as i64 + 1).contains(&charged),
        "Black charged {charged} ms, {:?} after the press",
        pressed.elapsed()
    );
    assert_eq!(
        events_named(&seen, "state").len(),
        states_before,
        "a press sends the clocks only"
    );
    // A page opened later starts from the clocks of its own moment, not of the last press
    // (the console's heartbeats wake no page, but the snapshot follows them).
    log.heartbeat(4_000, now).unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(1_500)).await;
    let mut late = tokio::net::TcpStream::connect(addr).await.unwrap();
    late.write_all(b"GET /api/clocks HTTP/1.1\r\nHost: hall\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut answer = String::new();
    late.read_to_string(&mut answer).await.unwrap();
    let body = &answer[answer.find("\r\n\r\n").unwrap() + 4..];
    let later: serde_json::Value = serde_json::from_str(body).unwrap();
    let black = later["boards"][0]["black_ms"].as_i64().unwrap();
    assert!(
        black <= full - 1_200,
        "Black's clock has run since the press: {black} of {full}"
    );
    // The server wrote nothing: the log holds what the console wrote, the event its save.
    let lines = std::fs::read_to_string(dir.join("board-01.clocklog")).unwrap();
    assert_eq!(lines.lines().count(), 4);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_never_finishes_its_request_is_let_go() {
    use shashki_arbiter::serve::http::HEADER_TIMEOUT;
    let path = copy("slow", SAMPLES[0]);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(serve_on(listener, path));
    let mut slow = tokio::net::TcpStream::connect(addr).await.unwrap();
    slow.write_all(b"GET /api/state HTTP/1.1\r\nHost: hall\r\n")
        .await
        .unwrap();
    let started = std::time::Instant::now();
    let mut buf = [0u8; 256];
    // The guard against a hang is far beyond the deadline: what is checked is that the server
    // ends the connection, not how fast.
    let read = tokio::time::timeout(HEADER_TIMEOUT * 6, slow.read(&mut buf)).await;
    let n = read.expect("the server let the connection go").unwrap_or(0);
    let said = String::from_utf8_lossy(&buf[..n]);
    assert!(
        n == 0 || said.starts_with("HTTP/1.1 408"),
        "closed, or told it timed out: {said}"
    );
    assert!(started.elapsed() >= HEADER_TIMEOUT / 2);
    // Meanwhile and after, a whole request is answered.
    let mut fast = tokio::net::TcpStream::connect(addr).await.unwrap();
    fast.write_all(b"GET /api/clocks HTTP/1.1\r\nHost: hall\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut answer = String::new();
    fast.read_to_string(&mut answer).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

/// Sends `request` as it is to the server at `addr` and returns the whole answer (the server
/// closes, or 3 s pass).
async fn raw(addr: std::net::SocketAddr, request: &[u8]) -> String {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(request).await.unwrap();
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(
        std::time::Duration::from_secs(3),
        s.read_to_end(&mut answer),
    )
    .await;
    String::from_utf8_lossy(&answer).into_owned()
}

/// The promises of README's "Safety", over TCP against a real served event: bodies over 1 KB
/// refused, no path reaching the event's files beside it, the Content-Security-Policy sent, the
/// stream and connection caps.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_served_page_keeps_its_safety_promises_over_tcp() {
    use shashki_arbiter::serve::http::{accept_at_most, router_with, MAX_BODY};
    let path = copy("safety", SAMPLES[0]);
    // What must never be served: the event file itself and its journal, by any path.
    std::fs::write(path.with_extension("journal"), "SECRET-JOURNAL-LINE\n").unwrap();
    let t = event::read(&path).unwrap();
    let (_tx, rx) = tokio::sync::watch::channel(Served::new(
        &t,
        std::path::Path::new("no-such-event.ron"),
        None,
        1,
        1,
    ));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(accept_at_most(listener, router_with(rx, 2, None), 6));

    let get = |extra: &str| {
        format!("GET /api/state HTTP/1.1\r\nHost: hall\r\nConnection: close\r\n{extra}\r\n")
    };
    let ok = raw(addr, get("").as_bytes()).await;
    assert!(ok.starts_with("HTTP/1.1 200"), "{ok}");
    let at_limit = format!(
        "{}{}",
        get(&format!("Content-Length: {MAX_BODY}\r\n")),
        "x".repeat(MAX_BODY as usize)
    );
    assert!(raw(addr, at_limit.as_bytes())
        .await
        .starts_with("HTTP/1.1 200"));
    let over = format!("{}{}", get("Content-Length: 4096\r\n"), "x".repeat(4096));
    let answer = raw(addr, over.as_bytes()).await;
    assert!(answer.starts_with("HTTP/1.1 413"), "a 4 KB body: {answer}");
    let chunked = format!(
        "{}1000\r\n{}\r\n0\r\n\r\n",
        get("Transfer-Encoding: chunked\r\n"),
        "x".repeat(4096)
    );
    assert!(raw(addr, chunked.as_bytes())
        .await
        .starts_with("HTTP/1.1 413"));

    let page = raw(
        addr,
        b"GET / HTTP/1.1\r\nHost: hall\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert!(page.starts_with("HTTP/1.1 200"));
    assert!(
        page.to_ascii_lowercase().contains(
            "content-security-policy: default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:"
        ),
        "{}",
        &page[..page.len().min(600)]
    );

    let name = path.file_name().unwrap().to_str().unwrap();
    let journal = path.with_extension("journal");
    let journal = journal.file_name().unwrap().to_str().unwrap();
    for target in [
        format!("/{name}"),
        format!("/../{name}"),
        format!("/%2e%2e/{journal}"),
        format!("/{journal}"),
        format!("/api/state/../../{journal}"),
        format!("/..%2f{name}"),
        "/../../../../etc/passwd".to_string(),
    ] {
        let answer = raw(
            addr,
            format!("GET {target} HTTP/1.1\r\nHost: hall\r\nConnection: close\r\n\r\n").as_bytes(),
        )
        .await;
        assert!(
            answer.starts_with("HTTP/1.1 404") || answer.starts_with("HTTP/1.1 400"),
            "{target}: {}",
            &answer[..answer.len().min(200)]
        );
        assert!(
            !answer.contains("SECRET-JOURNAL-LINE") && !answer.contains("schema:"),
            "{target}"
        );
    }

    // Two streams (the cap here): the third page is told 503 and retries later.
    let mut streams = Vec::new();
    for _ in 0..2 {
        let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
        s.write_all(b"GET /events HTTP/1.1\r\nHost: hall\r\n\r\n")
            .await
            .unwrap();
        let mut head = [0u8; 12];
        s.read_exact(&mut head).await.unwrap();
        assert_eq!(&head, b"HTTP/1.1 200");
        streams.push(s);
    }
    let third = raw(
        addr,
        b"GET /events HTTP/1.1\r\nHost: hall\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert!(third.starts_with("HTTP/1.1 503"), "{third}");
    drop(streams.pop());
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let mut again = tokio::net::TcpStream::connect(addr).await.unwrap();
    again
        .write_all(b"GET /events HTTP/1.1\r\nHost: hall\r\n\r\n")
        .await
        .unwrap();
    let mut head = [0u8; 12];
    again.read_exact(&mut head).await.unwrap();
    assert_eq!(&head, b"HTTP/1.1 200", "a place freed is taken again");
    streams.push(again);

    // Six connections (the cap here: the two streams and four idle ones): the seventh is closed
    // at once, unanswered.
    let mut idle = Vec::new();
    for _ in 0..4 {
        idle.push(tokio::net::TcpStream::connect(addr).await.unwrap());
    }
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let refused = raw(addr, get("").as_bytes()).await;
    assert!(refused.is_empty(), "over the cap: {refused}");
    drop(idle);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(raw(addr, get("").as_bytes())
        .await
        .starts_with("HTTP/1.1 200"));
}

/// The shipped router keeps two thousand pages streaming (a hall's phones and screens) and tells
/// the next one to come back later; a page that goes frees its place.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_server_streams_to_two_thousand_pages_and_refuses_the_next() {
    let t = event::read(Path::new(SAMPLES[0])).unwrap();
    let app = app_for(&t);
    let open = |app: axum::Router| async move {
        app.oneshot(
            Request::builder()
                .uri("/events")
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap()
    };
    let mut pages = Vec::with_capacity(2_000);
    for i in 0..2_000 {
        let response = open(app.clone()).await;
        assert_eq!(response.status(), StatusCode::OK, "page {}", i + 1);
        pages.push(response);
    }
    let refused = open(app.clone()).await;
    assert_eq!(refused.status(), StatusCode::SERVICE_UNAVAILABLE);
    drop(pages.pop());
    assert_eq!(open(app.clone()).await.status(), StatusCode::OK);
}

/// Issue 49: a knockout's state carries its bracket in both languages (the page's «Сетка» tab
/// draws only from it) and round 1's list names the seeds passing it; no other system has one.
#[tokio::test]
async fn a_knockouts_state_carries_its_bracket_and_the_seeds_passing_a_round() {
    let t = event::read(Path::new("tournaments/knockout-cup.ron")).unwrap();
    let (_, _, body) = get(&app_for(&t), Method::GET, "/api/state").await;
    let state: serde_json::Value = serde_json::from_str(&body).unwrap();
    let ru = &state["bracket"]["ru"];
    assert_eq!(
        ru["headings"],
        serde_json::json!([
            "Тур 1 · 1/8 финала",
            "Тур 2 · Четвертьфинал",
            "Тур 3 · Полуфинал",
            "Тур 4 · Финал",
            "Победитель"
        ])
    );
    // 16 slots: 8, 4, 2, 1 matches; the final won by the tie-break games.
    let sizes: Vec<usize> = ru["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_array().unwrap().len())
        .collect();
    assert_eq!(sizes, [8, 4, 2, 1]);
    assert_eq!(ru["champion"], "1. Шварцман Александр");
    let final_ = &ru["rounds"][3][0];
    assert_eq!(
        (
            &final_["top_score"],
            &final_["bottom_score"],
            &final_["won"]
        ),
        (&"1 + 2".into(), &"1 + 0".into(), &"top".into())
    );
    assert_eq!(ru["rounds"][1][1]["decided"], "армагеддон");
    assert_eq!(
        state["bracket"]["en"]["headings"][1],
        "Round 2 · Quarterfinals"
    );
    // Round 1: seeds 1-4 pass without a game, listed after the boards, not as byes.
    let first = state["earlier"][0]["boards"].as_array().unwrap();
    let passing: Vec<&str> = first
        .iter()
        .filter(|b| b["passes"] == true)
        .map(|b| b["white"].as_str().unwrap())
        .collect();
    assert_eq!(passing.len(), 4, "{first:?}");
    assert!(passing.contains(&"Шварцман Александр"), "{passing:?}");
    assert!(first
        .iter()
        .filter(|b| b["passes"] == true)
        .all(|b| b["board"].is_null() && b["results"].as_array().unwrap().is_empty()));

    let swiss = event::read(Path::new(SAMPLES[2])).unwrap();
    let (_, _, body) = get(&app_for(&swiss), Method::GET, "/api/state").await;
    let state: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert!(state.get("bracket").is_none());
}

/// A team round's page lists its boards match by match, then the team with the bye and the
/// team away (each said so), as the wall does: one reading of the round's encounters.
#[tokio::test]
async fn a_team_rounds_page_lists_the_team_with_the_bye_and_the_team_away() {
    let mut t = event::read(Path::new("tournaments/team-swiss.ron")).unwrap();
    let r = t.rounds.last_mut().unwrap();
    let gone = r.matches.pop().unwrap();
    r.pairings.retain(|p| !gone.boards.contains(&p.board));
    r.team_byes = vec![gone.home];
    r.team_absent = vec![gone.away];
    let boards_left = r.pairings.len();
    let (home, away) = (t.team_name(gone.home), t.team_name(gone.away));
    let (_, _, body) = get(&app_for(&t), Method::GET, "/api/state").await;
    let state: serde_json::Value = serde_json::from_str(&body).unwrap();
    let boards = state["boards"].as_array().unwrap();
    assert_eq!(boards.len(), boards_left + 2, "{boards:?}");
    let bye = &boards[boards_left];
    assert_eq!(bye["white"], home.as_str());
    assert!(bye["board"].is_null() && bye["black"].is_null() && bye.get("away").is_none());
    let off = &boards[boards_left + 1];
    assert_eq!(
        (&off["white"], &off["away"]),
        (&away.as_str().into(), &true.into())
    );
    assert!(boards[..boards_left].iter().all(|b| b["board"].is_u64()));
}

/// Issue 50: the hall page's standings tab offers the event's list and each category's; the
/// state carries each category's table in both languages, its players placed among themselves,
/// and the page's crosstable is still found among the report's sections (it no longer comes
/// second once categories stand between).
#[tokio::test]
async fn the_state_carries_each_categorys_standings_for_the_page() {
    use shashki_arbiter::tournament::category::Category;
    let mut t = event::read(Path::new("tournaments/open-swiss-48.ron")).unwrap();
    let lines = shashki_arbiter::tournament::standings::compute(&t, None);
    t.categories = vec![Category {
        id: "juniors".into(),
        name: "Juniors".into(),
        name_ru: "Юноши".into(),
        players: vec![lines[9].id, lines[4].id],
        ..Category::default()
    }];
    let (_, _, body) = get(&app_for(&t), Method::GET, "/api/state").await;
    let state: serde_json::Value = serde_json::from_str(&body).unwrap();
    let c = &state["categories"][0];
    assert_eq!(c["id"], "juniors");
    assert_eq!(c["name"]["ru"], "Юноши");
    assert_eq!(c["ru"]["heading"], "Зачёт: Юноши");
    let rows = c["ru"]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    let fifth =
        shashki_arbiter::report::standing_name(&t, &lines[4], shashki_arbiter::lang::Lang::Ru);
    assert_eq!(rows[0][0], "1", "the event's fifth is the category's first");
    assert_eq!(rows[0][1], fifth.as_str());
    assert_eq!(
        rows[0][3],
        lines[4].place.as_str(),
        "his place in the event beside it"
    );
    let headings: Vec<&str> = state["report"]["ru"]["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["heading"].as_str().unwrap())
        .collect();
    assert!(headings.contains(&"Таблица по турам"), "{headings:?}");
    // The page looks the crosstable up by its heading, not by its place.
    let page = std::fs::read_to_string("resources/web/index.html").unwrap();
    assert!(
        !page.contains("sections()[1]"),
        "the page must not take the second section"
    );
    // An event without categories sends none.
    t.categories.clear();
    let (_, _, body) = get(&app_for(&t), Method::GET, "/api/state").await;
    let state: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert!(state.get("categories").is_none());
}

/// Issue 50: the state carries the schedule for the page's countdown: every round's start, the
/// next one ahead of the snapshot's time with the milliseconds to it, the default time in both
/// languages; none for an event without a schedule.
#[tokio::test]
async fn the_state_carries_the_schedule_and_the_time_to_the_next_start() {
    use shashki_arbiter::tournament::schedule::{RoundStart, Schedule};
    let mut t = event::read(Path::new("tournaments/open-swiss-48.ron")).unwrap();
    let (_, _, body) = get(&app_for(&t), Method::GET, "/api/state").await;
    let state: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert!(state.get("schedule").is_none());
    // Round 8 a day from now, round 1 long ago, in the hall's local time.
    let ahead = chrono::Local::now().naive_local() + chrono::Duration::days(1);
    t.schedule = Schedule {
        rounds: vec![
            RoundStart {
                round: 1,
                date: chrono::NaiveDate::from_ymd_opt(2026, 9, 19).unwrap(),
                time: chrono::NaiveTime::from_hms_opt(10, 0, 0),
            },
            RoundStart {
                round: 8,
                date: ahead.date(),
                time: Some(ahead.time()),
            },
        ],
        default_minutes: Some(60),
    };
    let (_, _, body) = get(&app_for(&t), Method::GET, "/api/state").await;
    let state: serde_json::Value = serde_json::from_str(&body).unwrap();
    let s = &state["schedule"];
    assert_eq!(s["rounds"][0]["at"], "2026-09-19 10:00");
    assert_eq!(s["next"]["round"], 8, "the start gone by is not the next");
    let left = s["next_in_ms"].as_i64().unwrap();
    let day = 24 * 3600 * 1000;
    assert!(day - 120_000 < left && left <= day, "{left}");
    assert_eq!(s["default_time"]["ru"], "1 ч");
    assert_eq!(s["default_time"]["en"], "1 h");
}
