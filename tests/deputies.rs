//! Results from the floor, over TCP as a phone sends them: every answer of `POST /api/result`
//! (and the login's), the lockout of an address that guesses codes, a second writer refused,
//! 20 deputies' 200 results at once (each applied once, every open page showing them), a fuzz of
//! bodies and headers that writes nothing, and `kill -9` of `serve --write` losing no result it
//! acknowledged.
#![cfg(feature = "serve")]

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use chrono::Utc;
use rand_chacha::rand_core::SeedableRng;
use shashki_arbiter::serve::desk::Desk;
use shashki_arbiter::serve::http::serve_desk;
use shashki_arbiter::store::event::{self, EventFile};
use shashki_arbiter::tournament::command::Command;
use shashki_arbiter::tournament::deputy::{self, FloorResults};
use shashki_arbiter::tournament::model::{GameResult, PlayerId};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

#[path = "common/floor_event.rs"]
mod floor_event;
use floor_event::{deputy, event};
use shashki_arbiter::tournament::id::GameRef;

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("shashki-deputies-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Serves `path` with a desk that holds it, on a loopback port; the runtime runs it.
async fn serve(path: &Path) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let desk = Desk::hold(path).unwrap();
    tokio::spawn(serve_desk(
        listener,
        path.to_path_buf(),
        Some(desk),
        std::future::pending(),
    ));
    addr
}

/// A refusal's expected status, what it is, its headers and body.
type Case<'a> = (u16, &'a str, Vec<(&'a str, &'a str)>, Vec<u8>);

struct Answer {
    status: u16,
    head: String,
    body: serde_json::Value,
}

/// One HTTP/1.1 request from `from` (another loopback address is another phone).
async fn send_from(
    from: Option<&str>,
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Answer {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    if let Some(ip) = from {
        socket
            .bind(format!("{ip}:0").parse().unwrap())
            .expect("loopback addresses bind");
    }
    let mut s = socket.connect(addr).await.unwrap();
    let mut req = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
    if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
        req.push_str(&format!("Host: {addr}\r\n"));
    }
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    if !body.is_empty() || method == "POST" {
        req.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    req.push_str("\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    s.write_all(body).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(Duration::from_secs(60), s.read_to_end(&mut raw))
        .await
        .expect("an answer")
        .unwrap();
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    Answer {
        status,
        head: head.to_string(),
        body: serde_json::from_str(body).unwrap_or(serde_json::Value::Null),
    }
}

async fn result(addr: SocketAddr, code: &str, json: &str) -> Answer {
    result_with(None, addr, code, &[], json).await
}

/// A result as a phone sends it (its code, as JSON) from `from`, with `extra` headers.
async fn result_with(
    from: Option<&str>,
    addr: SocketAddr,
    code: &str,
    extra: &[(&str, &str)],
    json: &str,
) -> Answer {
    let auth = format!("Bearer {code}");
    let mut headers = vec![
        ("Authorization", auth.as_str()),
        ("Content-Type", "application/json"),
    ];
    headers.extend_from_slice(extra);
    send_from(from, addr, "POST", "/api/result", &headers, json.as_bytes()).await
}

fn game(path: &Path, board: usize, g: usize) -> GameResult {
    let t = event::read(path).unwrap();
    t.rounds[0]
        .pairings
        .iter()
        .find(|p| p.board == board)
        .unwrap()
        .games[g]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_answer_of_a_result_and_none_writes_what_it_refuses() {
    let d = dir("answers");
    let path = event(&d, 12, 2);
    let code = deputy(&path, "Петров П.", "1-4,9", 1);
    let other = deputy(&path, "Сидорова А.", "5-8", 2);
    let revoked = deputy(&path, "Ушедший", "10-12", 3);
    {
        let mut f = EventFile::open(&path).unwrap();
        f.apply(
            Command::RevokeDeputy {
                name: "Ушедший".into(),
                at: Utc::now(),
            },
            Utc::now(),
        )
        .unwrap();
        // The arbiter's own result, typed at the console.
        f.apply(
            Command::SetResult {
                game: GameRef {
                    round: 1,
                    board: 1,
                    game: 0,
                },
                result: GameResult::Draw,
            },
            Utc::now(),
        )
        .unwrap();
    }
    let addr = serve(&path).await;
    let bytes = || std::fs::read(&path).unwrap();
    let good = r#"{"round": 1, "board": 2, "game": 1, "result": "1-0"}"#;

    // Refusals first: none of them changes the file.
    let before = bytes();
    let auth = format!("Bearer {code}");
    let rauth = format!("Bearer {revoked}");
    let cases: Vec<Case> = vec![
        (
            401,
            "no code",
            vec![("Content-Type", "application/json")],
            good.into(),
        ),
        (
            401,
            "a revoked code",
            vec![
                ("Authorization", &rauth),
                ("Content-Type", "application/json"),
            ],
            br#"{"round": 1, "board": 10, "game": 1, "result": "1-0"}"#.to_vec(),
        ),
        (
            403,
            "another deputy's board",
            vec![
                ("Authorization", &auth),
                ("Content-Type", "application/json"),
            ],
            br#"{"round": 1, "board": 5, "game": 1, "result": "1-0"}"#.to_vec(),
        ),
        (
            403,
            "a foreign Origin",
            vec![
                ("Authorization", &auth),
                ("Content-Type", "application/json"),
                ("Origin", "http://evil.example"),
            ],
            good.into(),
        ),
        (
            413,
            "a body over 1 KB",
            vec![
                ("Authorization", &auth),
                ("Content-Type", "application/json"),
            ],
            format!(
                r#"{{"round": 1, "board": 2, "game": 1, "result": "1-0", "x": "{}"}}"#,
                "a".repeat(1100)
            )
            .into_bytes(),
        ),
        (
            415,
            "not JSON",
            vec![("Authorization", &auth), ("Content-Type", "text/plain")],
            good.into(),
        ),
        (
            421,
            "another Host (DNS rebinding)",
            vec![
                ("Authorization", &auth),
                ("Content-Type", "application/json"),
                ("Host", "attacker.example"),
            ],
            good.into(),
        ),
        (
            400,
            "unreadable JSON",
            vec![
                ("Authorization", &auth),
                ("Content-Type", "application/json"),
            ],
            br#"{"round": 1, "board": "#.to_vec(),
        ),
        (
            422,
            "no such round",
            vec![
                ("Authorization", &auth),
                ("Content-Type", "application/json"),
            ],
            br#"{"round": 7, "board": 2, "game": 1, "result": "1-0"}"#.to_vec(),
        ),
        (
            422,
            "no such board",
            vec![
                ("Authorization", &auth),
                ("Content-Type", "application/json"),
            ],
            br#"{"round": 1, "board": 99, "game": 1, "result": "1-0"}"#.to_vec(),
        ),
        (
            422,
            "no such game",
            vec![
                ("Authorization", &auth),
                ("Content-Type", "application/json"),
            ],
            br#"{"round": 1, "board": 2, "game": 3, "result": "1-0"}"#.to_vec(),
        ),
        (
            422,
            "no such result",
            vec![
                ("Authorization", &auth),
                ("Content-Type", "application/json"),
            ],
            br#"{"round": 1, "board": 2, "game": 1, "result": "2-0"}"#.to_vec(),
        ),
    ];
    for (want, what, headers, body) in &cases {
        let a = send_from(None, addr, "POST", "/api/result", headers, body).await;
        assert_eq!(a.status, *want, "{what}: {}", a.head);
        assert_eq!(a.body["ok"], false, "{what}");
        assert!(
            a.body["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{what}: a message"
        );
        assert_eq!(bytes(), before, "{what} changed the file");
    }

    // Applied: on disk when the answer comes, journaled with the deputy's name and address.
    let a = result(addr, &code, good).await;
    assert_eq!(a.status, 200, "{}", a.head);
    assert_eq!(a.body["status"], "applied");
    assert_eq!(a.body["entry"]["by"], "Петров П.");
    assert_eq!(game(&path, 2, 0), GameResult::WhiteWins);
    let journal = std::fs::read_to_string(event::journal_path(&path)).unwrap();
    let last = journal.lines().last().unwrap();
    assert!(
        last.contains("\"deputy\":\"Петров П.\"") && last.contains("127.0.0.1"),
        "{last}"
    );

    // The same result again is one change; another result is the chief arbiter's (409), told
    // who set it, in Russian to a Russian phone.
    let lines = journal.lines().count();
    let again = result(addr, &code, good).await;
    assert_eq!(
        (again.status, again.body["status"].as_str()),
        (200, Some("already"))
    );
    let ru = result_with(
        None,
        addr,
        &code,
        &[("Accept-Language", "ru-RU,ru;q=0.9")],
        r#"{"round": 1, "board": 2, "game": 1, "result": "0-1"}"#,
    )
    .await;
    assert_eq!(ru.status, 409);
    assert_eq!(ru.body["by"], "Петров П.");
    assert!(
        ru.body["message"].as_str().unwrap().contains("уже записан"),
        "{}",
        ru.body
    );
    let journal = std::fs::read_to_string(event::journal_path(&path)).unwrap();
    assert_eq!(journal.lines().count(), lines, "nothing journaled twice");
    assert_eq!(game(&path, 2, 0), GameResult::WhiteWins);

    // Game 2 of a micromatch, and a deputy's other board; the other deputy on his own.
    assert_eq!(
        result(
            addr,
            &code,
            r#"{"round": 1, "board": 9, "game": 2, "result": "1/2-1/2"}"#
        )
        .await
        .status,
        200
    );
    assert_eq!(game(&path, 9, 1), GameResult::Draw);
    assert_eq!(
        result(
            addr,
            &other,
            r#"{"round": 1, "board": 5, "game": 1, "result": "0-1"}"#
        )
        .await
        .status,
        200
    );
    assert_eq!(game(&path, 5, 0), GameResult::BlackWins);

    // A result the arbiter recorded at the console is named as his.
    let a = result(
        addr,
        &code,
        r#"{"round": 1, "board": 1, "game": 1, "result": "1-0"}"#,
    )
    .await;
    assert_eq!(a.status, 409);
    assert!(a.body["by"].is_null());
    assert!(
        a.body["message"]
            .as_str()
            .unwrap()
            .contains("the chief arbiter"),
        "{}",
        a.body
    );
    assert_eq!(game(&path, 1, 0), GameResult::Draw);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_locked_round_is_the_chief_arbiters() {
    let d = dir("locked");
    let path = event(&d, 4, 1);
    let code = deputy(&path, "Петров П.", "1-4", 1);
    EventFile::open(&path)
        .unwrap()
        .apply(Command::LockRound { round: 1 }, Utc::now())
        .unwrap();
    let addr = serve(&path).await;
    let before = std::fs::read(&path).unwrap();
    let a = result(
        addr,
        &code,
        r#"{"round": 1, "board": 1, "game": 1, "result": "1-0"}"#,
    )
    .await;
    assert_eq!(a.status, 409, "{}", a.body);
    assert!(a.body["message"].as_str().unwrap().contains("locked"));
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_event_may_ask_the_arbiter_to_confirm_each_result() {
    let d = dir("confirm");
    let path = event(&d, 4, 1);
    let code = deputy(&path, "Петров П.", "1-4", 1);
    {
        let mut f = EventFile::open(&path).unwrap();
        let mut s = f.tournament.settings.clone();
        s.floor_results = FloorResults::Confirm;
        f.apply(
            Command::SetSettings {
                settings: Box::new(s),
            },
            Utc::now(),
        )
        .unwrap();
    }
    let addr = serve(&path).await;
    let a = result(
        addr,
        &code,
        r#"{"round": 1, "board": 1, "game": 1, "result": "1-0"}"#,
    )
    .await;
    assert_eq!(
        (a.status, a.body["status"].as_str()),
        (202, Some("pending"))
    );
    let t = event::read(&path).unwrap();
    assert_eq!(t.rounds[0].pairings[0].games[0], GameResult::Pending);
    assert_eq!(t.pending.len(), 1);
    assert_eq!(t.pending[0].by, "Петров П.");
    // Sent again: one pending result; another result for the same game waits behind it (409).
    let again = result(
        addr,
        &code,
        r#"{"round": 1, "board": 1, "game": 1, "result": "1-0"}"#,
    )
    .await;
    assert_eq!(again.status, 202);
    let other = result(
        addr,
        &code,
        r#"{"round": 1, "board": 1, "game": 1, "result": "0-1"}"#,
    )
    .await;
    assert_eq!(other.status, 409);
    assert_eq!(event::read(&path).unwrap().pending.len(), 1);
    // The page tells the deputy what waits.
    let auth = format!("Bearer {code}");
    let mine = send_from(
        None,
        addr,
        "GET",
        "/api/deputy",
        &[("Authorization", &auth)],
        b"",
    )
    .await;
    assert_eq!(mine.status, 200);
    assert_eq!(mine.body["deputy"]["rows"][0]["games"][0]["pending"], "1-0");
}

/// A check-in mark as a phone sends it: the deputy's code, JSON, the phone's language.
async fn checkin(addr: SocketAddr, code: &str, json: &str, lang: &str) -> Answer {
    let auth = format!("Bearer {code}");
    send_from(
        None,
        addr,
        "POST",
        "/api/checkin",
        &[
            ("Authorization", &auth),
            ("Content-Type", "application/json"),
            ("Accept-Language", lang),
        ],
        json.as_bytes(),
    )
    .await
}

/// Issue 50: a deputy at the registration desk checks players in from his phone. Each mark is
/// one journaled change with his name, answered with the check-in after it in the phone's
/// language; a mark already so writes nothing; a player not in the event, one withdrawn, a team
/// event, a revoked code and an unreadable body are refused with every byte of the file kept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deputy_checks_players_in_from_his_phone() {
    let d = dir("checkin");
    let path = event(&d, 4, 1);
    let code = deputy(&path, "Петров П.", "1-2", 1);
    {
        // Player 8 withdrew after round 1: not expected for round 2.
        let mut f = EventFile::open(&path).unwrap();
        f.apply(
            Command::Withdraw {
                id: PlayerId(8),
                after_round: Some(1),
            },
            Utc::now(),
        )
        .unwrap();
    }
    let addr = serve(&path).await;
    let bytes = || std::fs::read(&path).unwrap();
    let auth = format!("Bearer {code}");
    let mark = |json: &'static str, lang: &'static str| checkin(addr, &code, json, lang);
    // What the phone shows before: round 2's check-in, the seven still playing, nobody come.
    let mine = send_from(
        None,
        addr,
        "GET",
        "/api/deputy",
        &[("Authorization", &auth)],
        b"",
    )
    .await;
    let roll = &mine.body["deputy"]["checkin"];
    assert_eq!(roll["round"], 2);
    assert_eq!(
        (roll["present"].as_u64(), roll["missing"].as_u64()),
        (Some(0), Some(7))
    );
    assert_eq!(roll["players"].as_array().unwrap().len(), 7);

    let a = mark(r#"{"player": 3, "present": true}"#, "ru").await;
    assert_eq!(a.status, 200, "{:?}", a.body);
    assert_eq!(a.body["message"], "Игрок3 — пришёл(ла) (1 из 7)");
    assert_eq!(a.body["checkin"]["present"], 1);
    let t = event::read(&path).unwrap();
    assert_eq!(t.checked_in, [PlayerId(3)]);
    let journal = std::fs::read_to_string(event::journal_path(&path)).unwrap();
    let last = journal.lines().last().unwrap();
    assert!(
        last.contains("\"set_checked_in\"") && last.contains("\"deputy\":\"Петров П.\""),
        "{last}"
    );
    let b = mark(r#"{"player": 5}"#, "en").await;
    assert_eq!(b.body["message"], "Игрок5 — checked in (2 of 7)");
    assert_eq!(
        event::read(&path).unwrap().checked_in,
        [PlayerId(3), PlayerId(5)]
    );

    // Refusals and a mark already so: not a byte written.
    let before = bytes();
    let again = mark(r#"{"player": 3, "present": true}"#, "ru").await;
    assert_eq!(
        (again.status, again.body["checkin"]["present"].as_u64()),
        (200, Some(2))
    );
    for (json, status, says) in [
        (r#"{"player": 99}"#, 422, "нет участника 99"),
        (r#"{"player": 8}"#, 422, "выбыл"),
        (r#"{"player": 0}"#, 422, "нет участника 0"),
        (r#"{"player": -1}"#, 422, "нет участника -1"),
        (r#"{"player": "3"}"#, 400, "не число"),
        (r#"{"player": 3, "present": "no"}"#, 400, "не true"),
        (r#"{"present": true}"#, 400, "нет поля `player`"),
        (r#"[3]"#, 400, "не объект"),
    ] {
        let a = mark(json, "ru").await;
        assert_eq!(a.status, status, "{json}: {:?}", a.body);
        let message = a.body["message"].as_str().unwrap_or_default();
        assert!(message.contains(says), "{json}: {message}");
    }
    let wrong = send_from(
        None,
        addr,
        "POST",
        "/api/checkin",
        &[
            ("Authorization", "Bearer NOPE"),
            ("Content-Type", "application/json"),
        ],
        br#"{"player": 4}"#,
    )
    .await;
    assert_eq!(wrong.status, 401);
    assert_eq!(bytes(), before, "a refused or repeated mark writes nothing");

    // Marked away again: out of the list, journaled as the others.
    let away = mark(r#"{"player": 3, "present": false}"#, "ru").await;
    assert_eq!(away.status, 200);
    assert_eq!(
        away.body["message"],
        "Игрок3 — отмечен(а) отсутствующим (1 из 7)"
    );
    assert_eq!(event::read(&path).unwrap().checked_in, [PlayerId(5)]);
}

/// A team event has no check-in (its line-ups name who plays): a phone's mark is refused and the
/// deputy's page offers none.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_team_events_phones_offer_no_check_in() {
    let d = dir("checkin-teams");
    let path = d.join("teams.ron");
    std::fs::copy("tournaments/shashki64-teams.ron", &path).unwrap();
    let code = deputy(&path, "Петров П.", "1-4", 1);
    let first = event::read(&path).unwrap().players[0].id;
    let addr = serve(&path).await;
    let auth = format!("Bearer {code}");
    let before = std::fs::read(&path).unwrap();
    let body = format!(r#"{{"player": {first}}}"#);
    let a = checkin(addr, &code, &body, "ru").await;
    assert_eq!(a.status, 422);
    assert!(a.body["message"]
        .as_str()
        .unwrap()
        .contains("для личного турнира"));
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let mine = send_from(
        None,
        addr,
        "GET",
        "/api/deputy",
        &[("Authorization", &auth)],
        b"",
    )
    .await;
    assert!(mine.body["deputy"]["checkin"].is_null());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_that_guesses_codes_is_locked_out_and_others_are_not() {
    let d = dir("lockout");
    let path = event(&d, 4, 1);
    let code = deputy(&path, "Петров П.", "1-4", 1);
    let addr = serve(&path).await;
    let good = r#"{"round": 1, "board": 1, "game": 1, "result": "1-0"}"#;
    let mut statuses = Vec::new();
    for i in 0..12 {
        let guess = deputy::new_code(&mut rand_chacha::ChaCha20Rng::seed_from_u64(100 + i));
        let a = result_with(Some("127.0.0.3"), addr, &guess, &[], good).await;
        statuses.push(a.status);
    }
    let first_lock = statuses.iter().position(|&s| s == 429).expect("locked out");
    assert!(
        statuses[..first_lock].iter().all(|&s| s == 401),
        "{statuses:?}"
    );
    assert!(
        statuses[first_lock..].iter().all(|&s| s == 429),
        "{statuses:?}"
    );
    // Locked out even with the right code (a guesser learns nothing more)…
    let a = result_with(Some("127.0.0.3"), addr, &code, &[], good).await;
    assert_eq!(a.status, 429);
    assert!(a.head.to_ascii_lowercase().contains("retry-after"));
    // …the login too; another phone is not.
    let login = send_from(
        Some("127.0.0.3"),
        addr,
        "POST",
        "/deputy/login",
        &[("Content-Type", "application/json")],
        format!(r#"{{"code": "{code}"}}"#).as_bytes(),
    )
    .await;
    assert_eq!(login.status, 429);
    let a = result_with(Some("127.0.0.4"), addr, &code, &[], good).await;
    assert_eq!(a.status, 200, "{}", a.head);
    assert_eq!(game(&path, 1, 0), GameResult::WhiteWins);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_logs_in_by_the_qr_link_and_its_cookie_sends_results() {
    let d = dir("login");
    let path = event(&d, 4, 1);
    let code = deputy(&path, "Петров П.", "3", 1);
    let addr = serve(&path).await;
    // The QR code's link: a redirect that drops the code from the address, and the cookie.
    let link = format!("/deputy/login?code={code}");
    let a = send_from(None, addr, "GET", &link, &[], b"").await;
    assert_eq!(a.status, 303);
    let head = a.head.to_ascii_lowercase();
    assert!(head.contains("location: /deputy\r\n"), "{}", a.head);
    let cookie_line = a
        .head
        .lines()
        .find(|l| l.to_ascii_lowercase().starts_with("set-cookie:"))
        .expect("a cookie");
    assert!(cookie_line.contains("HttpOnly") && cookie_line.contains("SameSite=Strict"));
    let cookie = cookie_line
        .split_once(':')
        .unwrap()
        .1
        .split(';')
        .next()
        .unwrap()
        .trim()
        .to_string();
    // A wrong link goes back to the page, which says so; no cookie.
    let bad = send_from(None, addr, "GET", "/deputy/login?code=nope", &[], b"").await;
    assert_eq!(bad.status, 303);
    assert!(bad.head.contains("/deputy?login=failed"));
    assert!(!bad.head.to_ascii_lowercase().contains("set-cookie"));
    // The page, and what it shows: his board of the current round with the players' names.
    let page = send_from(None, addr, "GET", "/deputy", &[], b"").await;
    assert_eq!(page.status, 200);
    let mine = send_from(
        None,
        addr,
        "GET",
        "/api/deputy",
        &[("Cookie", &cookie)],
        b"",
    )
    .await;
    assert_eq!(mine.status, 200);
    let rows = &mine.body["deputy"]["rows"];
    assert_eq!(rows.as_array().unwrap().len(), 1);
    assert_eq!(rows[0]["board"], 3);
    assert_eq!(rows[0]["games"][0]["white"], "Игрок5");
    // The cookie sends a result, from the server's own page (its Origin).
    let origin = format!("http://{addr}");
    let a = send_from(
        None,
        addr,
        "POST",
        "/api/result",
        &[
            ("Cookie", &cookie),
            ("Content-Type", "application/json"),
            ("Origin", &origin),
        ],
        br#"{"round": 1, "board": 3, "game": 1, "result": "0-1"}"#,
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(game(&path, 3, 0), GameResult::BlackWins);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_only_server_takes_no_result_and_a_second_writer_is_refused() {
    let d = dir("second");
    let path = event(&d, 4, 1);
    let code = deputy(&path, "Петров П.", "1-4", 1);
    let _desk = Desk::hold(&path).unwrap();
    // A second desk on the same event: refused, naming the holder.
    let e = Desk::hold(&path).unwrap_err().to_string();
    assert!(e.contains("serve --write"), "{e}");
    // A read-only server beside it: no write.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(serve_desk(
        listener,
        path.clone(),
        None,
        std::future::pending(),
    ));
    let before = std::fs::read(&path).unwrap();
    let a = result(
        addr,
        &code,
        r#"{"round": 1, "board": 1, "game": 1, "result": "1-0"}"#,
    )
    .await;
    assert_eq!(a.status, 403);
    assert_eq!(a.body["status"], "read-only");
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

/// Twenty deputies, ten boards each, all 200 results at once — each sent twice, from 16
/// connections at a time — while pages follow the event: each result is applied once and every
/// page ends up showing all of them. The time it takes is printed, not asserted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_deputies_send_two_hundred_results_at_once() {
    let d = dir("load");
    let path = event(&d, 200, 1);
    let codes: Vec<String> = (0..20)
        .map(|i| {
            deputy(
                &path,
                &format!("Зам{i}"),
                &format!("{}-{}", 10 * i + 1, 10 * i + 10),
                i as u64,
            )
        })
        .collect();
    let addr = serve(&path).await;
    let mut pages = Vec::new();
    for _ in 0..5 {
        let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
        s.write_all(format!("GET /events HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes())
            .await
            .unwrap();
        pages.push(s);
    }
    let results = ["1-0", "0-1", "1/2-1/2"];
    let mut jobs = Vec::new();
    for board in 1..=200usize {
        for _ in 0..2 {
            jobs.push((board, codes[(board - 1) / 10].clone()));
        }
    }
    let started = std::time::Instant::now();
    let gate = std::sync::Arc::new(tokio::sync::Semaphore::new(16));
    let mut tasks = Vec::new();
    for (board, code) in jobs {
        let gate = gate.clone();
        tasks.push(tokio::spawn(async move {
            let _p = gate.acquire().await.unwrap();
            let body = format!(
                r#"{{"round": 1, "board": {board}, "game": 1, "result": "{}"}}"#,
                results[board % 3]
            );
            result(addr, &code, &body).await.status
        }));
    }
    let mut statuses = Vec::new();
    for t in tasks {
        statuses.push(t.await.unwrap());
    }
    let took = started.elapsed();
    assert!(statuses.iter().all(|&s| s == 200), "{statuses:?}");
    let journal = std::fs::read_to_string(event::journal_path(&path)).unwrap();
    let by_floor = journal.lines().filter(|l| l.contains("\"by\":")).count();
    assert_eq!(by_floor, 200, "each result journaled once");
    let t = event::read(&path).unwrap();
    for p in &t.rounds[0].pairings {
        let want = match results[p.board % 3] {
            "1-0" => GameResult::WhiteWins,
            "0-1" => GameResult::BlackWins,
            _ => GameResult::Draw,
        };
        assert_eq!(p.games[0], want, "board {}", p.board);
    }
    // Every page gets a state with all 200 results.
    let page_started = std::time::Instant::now();
    for (i, s) in pages.iter_mut().enumerate() {
        let mut seen = String::new();
        let mut buf = vec![0u8; 1 << 16];
        let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
        loop {
            let complete = seen
                .rsplit("event: state")
                .next()
                .is_some_and(|last| !last.contains("\"*\"") && last.contains("\"results\""));
            if complete && seen.contains("event: state") {
                break;
            }
            let n = tokio::time::timeout_at(deadline, s.read(&mut buf))
                .await
                .unwrap_or_else(|_| panic!("page {i} never showed all results"))
                .unwrap();
            assert!(n > 0, "page {i} closed");
            seen.push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    }
    eprintln!(
        "load: 400 requests (200 results, each twice) from 16 connections at a time applied in {:.2} s ({:.1} ms a request); 5 open pages showed all 200 within {:.2} s more",
        took.as_secs_f64(),
        took.as_secs_f64() * 1000.0 / 400.0,
        page_started.elapsed().as_secs_f64()
    );
}

/// Random bodies and headers (printable junk, wrong types, huge numbers, odd encodings) from a
/// live deputy: never a server error, never a change to the file unless the body was a valid
/// result for his board.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fuzz_of_bodies_and_headers_writes_nothing_and_never_fails_the_server() {
    use rand_chacha::rand_core::RngCore;
    let d = dir("fuzz");
    let path = event(&d, 4, 1);
    let code = deputy(&path, "Петров П.", "1-2", 1);
    let addr = serve(&path).await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(
        std::env::var("FUZZ_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(38),
    );
    let pieces: &[&str] = &[
        "{",
        "}",
        "[",
        "]",
        ",",
        ":",
        "\"round\"",
        "\"board\"",
        "\"game\"",
        "\"result\"",
        "1",
        "0",
        "-1",
        "1e99",
        "18446744073709551616",
        "2.5",
        "null",
        "true",
        "\"1-0\"",
        "\"0-1\"",
        "\"1/2-1/2\"",
        "\"½-½\"",
        "\"\\u0000\"",
        "\"\u{202e}\"",
        " ",
        "\"3\"",
        "{}",
        "[]",
    ];
    let headers_pool: &[(&str, &str)] = &[
        ("Content-Type", "application/json"),
        ("Content-Type", "application/json; charset=utf-8"),
        ("Content-Type", "text/plain"),
        ("Content-Type", "application/x-www-form-urlencoded"),
        ("Origin", "null"),
        ("Origin", "http://evil.example"),
        ("Sec-Fetch-Site", "cross-site"),
        ("Accept-Language", "ru"),
        ("Host", "evil.example"),
        ("Host", "127.0.0.1"),
        ("Cookie", "deputy=; deputy=x"),
        ("Authorization", "Basic Zm9vOmJhcg=="),
        ("Authorization", "Bearer"),
    ];
    let mut statuses = std::collections::BTreeMap::new();
    for round in 0..300 {
        let before = std::fs::read(&path).unwrap();
        let mut body = String::new();
        for _ in 0..(rng.next_u32() % 14) {
            body.push_str(pieces[(rng.next_u32() as usize) % pieces.len()]);
        }
        let auth = format!("Bearer {code}");
        let mut headers: Vec<(&str, &str)> = vec![("Authorization", &auth)];
        for _ in 0..(rng.next_u32() % 4) {
            headers.push(headers_pool[(rng.next_u32() as usize) % headers_pool.len()]);
        }
        if rng.next_u32() % 2 == 0 {
            headers.push(("Content-Type", "application/json"));
        }
        let a = send_from(None, addr, "POST", "/api/result", &headers, body.as_bytes()).await;
        assert!(
            a.status >= 200 && a.status < 500 && a.status != 0,
            "case {round}: {body} {headers:?} → {}",
            a.head
        );
        *statuses.entry(a.status).or_insert(0) += 1;
        if a.status != 200 {
            assert_eq!(
                std::fs::read(&path).unwrap(),
                before,
                "case {round}: {body}"
            );
        } else {
            // Only a real result for his boards gets through.
            assert!(body.contains("\"result\""), "case {round}: {body}");
        }
    }
    eprintln!("fuzz: 300 requests, statuses {statuses:?}");
    assert!(
        statuses.len() >= 4,
        "the fuzz reached several answers: {statuses:?}"
    );
}

/// `serve --write` killed (SIGKILL) while deputies send results: every result it answered
/// 200 is in the event when it is opened again, and the event's lock is free at once.
#[test]
fn kill_9_after_acknowledged_results_loses_none_and_leaves_no_lock() {
    use std::io::{BufRead, BufReader};
    let d = dir("kill");
    let path = event(&d, 40, 1);
    let code = deputy(&path, "Петров П.", "1-40", 1);
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_shashki-arbiter"))
        .args([
            "serve",
            path.to_str().unwrap(),
            "--listen",
            "127.0.0.1:0",
            "--write",
        ])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr: SocketAddr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| panic!("the address in {line}"));
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let acked = rt.block_on(async {
        let mut tasks = Vec::new();
        for board in 1..=40usize {
            let code = code.clone();
            tasks.push(tokio::spawn(async move {
                tokio::time::sleep(Duration::from_millis(board as u64 * 3)).await;
                let body =
                    format!(r#"{{"round": 1, "board": {board}, "game": 1, "result": "1-0"}}"#);
                let a =
                    tokio::time::timeout(Duration::from_secs(20), result(addr, &code, &body)).await;
                (board, a.map(|a| a.status).unwrap_or(0))
            }));
        }
        // Killed in the middle of them.
        tokio::time::sleep(Duration::from_millis(60)).await;
        let _ = std::process::Command::new("kill")
            .args(["-9", &child.id().to_string()])
            .status();
        let mut acked = Vec::new();
        for t in tasks {
            if let Ok((board, 200)) = t.await {
                acked.push(board);
            }
        }
        acked
    });
    let _ = child.wait();
    eprintln!(
        "kill -9: {} of 40 results acknowledged before the kill",
        acked.len()
    );
    // Opened again as a writer at once: no stale lock; every acknowledged result there.
    let file = EventFile::open(&path).expect("no stale lock");
    for board in &acked {
        let p = file.tournament.rounds[0]
            .pairings
            .iter()
            .find(|p| p.board == *board)
            .unwrap();
        assert_eq!(
            p.games[0],
            GameResult::WhiteWins,
            "board {board} was acknowledged"
        );
    }
}

/// `deputy add` prints the code once (JSON for scripts) and the event keeps only its hash;
/// `deputy list` shows him; `deputy revoke` ends the code for good.
#[test]
fn the_command_line_adds_lists_and_revokes_deputies() {
    let d = dir("cli");
    let path = event(&d, 4, 1);
    let bin = env!("CARGO_BIN_EXE_shashki-arbiter");
    let run = |args: &[&str]| {
        let out = std::process::Command::new(bin).args(args).output().unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).to_string(),
            String::from_utf8_lossy(&out.stderr).to_string(),
        )
    };
    let p = path.to_str().unwrap();
    let (status, out, err) = run(&[
        "deputy",
        "add",
        p,
        "--name",
        "Петров П.",
        "--boards",
        "1-2,4",
        "--format",
        "json",
    ]);
    assert_eq!(status, Some(0), "{err}");
    let added: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(added["name"], "Петров П.");
    assert_eq!(added["boards"], "1-2,4");
    let code = added["code"].as_str().unwrap().to_string();
    assert!(code.len() >= 25);
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(!saved.contains(&code) && !saved.contains(&deputy::normalise(&code)));
    let t = event::read(&path).unwrap();
    assert_eq!(
        t.deputy_by_code(&code).map(|d| d.name.as_str()),
        Some("Петров П.")
    );
    // A second deputy of the same name, bad boards: refused, nothing saved.
    let (status, _, err) = run(&["deputy", "add", p, "--name", "Петров П.", "--boards", "3"]);
    assert_eq!(status, Some(2));
    assert!(err.contains("already"), "{err}");
    let (status, _, err) = run(&["deputy", "add", p, "--name", "Х", "--boards", "0-3"]);
    assert_eq!(status, Some(2));
    assert!(err.contains("--boards"), "{err}");
    let (_, out, _) = run(&["deputy", "list", p]);
    assert!(out.contains("Петров П.") && out.contains("1-2,4"), "{out}");
    let (status, _, err) = run(&["deputy", "revoke", p, "--name", "Петров П."]);
    assert_eq!(status, Some(0), "{err}");
    let t = event::read(&path).unwrap();
    assert!(t.deputy_by_code(&code).is_none());
    let (_, out, _) = run(&["deputy", "list", p, "--format", "json"]);
    let listed: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(listed[0]["revoked"].is_string(), "{out}");
    // Revoked for good: the undo at the console keeps it revoked.
    let mut f = EventFile::open(&path).unwrap();
    f.undo(Utc::now()).unwrap();
    assert!(f.tournament.deputy_by_code(&code).is_none());
}
