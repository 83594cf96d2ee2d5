//! Deputies' results reaching the console: its hall network takes them while the console holds
//! the event, and the window applies each one as one more change (journaled with the deputy's
//! name, its clock stopped, undoable), or keeps it for the arbiter to confirm.

use super::*;
use shashki_arbiter::ui::screen::network::Message as Net;
use shashki_arbiter::ui::session::floor::Delivered;

/// Sends one result as a phone does, while the window answers the desk's jobs; the status and
/// the answer's JSON.
fn send(app: &mut App, url: &str, code: &str, body: &str) -> (u16, String) {
    use std::io::{Read, Write};
    let host = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let request = format!(
        "POST /api/result HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {code}\r\nContent-Type: application/json\r\nAccept-Language: ru\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let phone = std::thread::spawn(move || {
        let mut s = std::net::TcpStream::connect(&host).unwrap();
        s.write_all(request.as_bytes()).unwrap();
        let mut answer = String::new();
        s.read_to_string(&mut answer).unwrap();
        answer
    });
    let inbox = app.session.inbox.clone().expect("the window takes results");
    let mut rx = inbox.take().expect("the jobs' receiver");
    // The subscription's part: each job handed to the window as a message.
    while !phone.is_finished() {
        match rx.try_recv() {
            Ok(job) => {
                let _ = app.update(Message::Floor(Delivered::new(job)));
            }
            Err(_) => std::thread::sleep(std::time::Duration::from_millis(2)),
        }
    }
    // Given back for the next request (the window's own subscription reads it otherwise).
    inbox.give_back(rx);
    let answer = phone.join().unwrap();
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = answer
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_string();
    (status, body)
}

#[test]
fn deputies_results_reach_the_console_through_its_hall_network() {
    use shashki_arbiter::ui::screen::clocks::Message as Clocks;
    use shashki_arbiter::ui::session::clocks::Request;
    let path = event_with_boards("floor", 4);
    let mut app = App::with(Some(&path), None, Lang::Ru, Time::Manual(0));
    // Board 1's clock runs: a result from the floor stops it, as one typed at the console does.
    let _ = app.update(Message::Clocks(Clocks::Request(Request::Setup {
        round: 1,
        game: 0,
    })));
    let _ = app.update(Message::Clocks(Clocks::Request(Request::Start(0))));
    app.set_time_ms(30_000);
    let _ = app.update(Message::Network(true));
    click(&mut app, "Включить");
    let url = app.session.web.as_ref().expect("on").urls()[0].clone();
    let _ = app.update(Message::NetworkPage(Net::Name("Петров П.".into())));
    let _ = app.update(Message::NetworkPage(Net::Boards("1-2".into())));
    click(&mut app, "Добавить, выдать код");
    let code = app.network_page.new_code().expect("a code").to_string();
    assert!(sees(&app, &code), "the code is shown once");
    assert!(
        sees(&app, "Вход с телефона по коду: Петров П."),
        "with its QR code"
    );
    let t = app.session.tournament().unwrap();
    assert!(t.deputy_by_code(&code).is_some());
    assert!(!std::fs::read_to_string(&path).unwrap().contains(&code));
    click(&mut app, "Передан");
    assert!(!sees(&app, &code), "handed over: no longer shown");

    let (status, body) = send(
        &mut app,
        &url,
        &code,
        r#"{"round": 1, "board": 1, "game": 1, "result": "1-0"}"#,
    );
    assert_eq!(status, 200, "{body}");
    let saved = shashki_arbiter::store::event::read(&path).unwrap();
    assert_eq!(saved.rounds[0].pairings[0].games[0], GameResult::WhiteWins);
    let status_line = app.session.status.as_ref().unwrap().text.clone();
    assert!(
        status_line.contains("Петров П.") && status_line.contains("с площадки"),
        "{status_line}"
    );
    let clock = app.session.clocks.hall.boards()[0].clock();
    assert!(
        clock.snapshot(clock.last_at()).running.is_none(),
        "the board's clock stopped"
    );
    assert!(sees(&app, "Последние с площадки"));
    // A board not his, a result already set: refused, in Russian.
    let (status, body) = send(
        &mut app,
        &url,
        &code,
        r#"{"round": 1, "board": 3, "game": 1, "result": "1-0"}"#,
    );
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("не ваша"), "{body}");
    // The arbiter takes it back at the console (Ctrl+Z), as any change.
    key(
        &mut app,
        Key::Character("z".into()),
        Location::Standard,
        Modifiers::CTRL,
    );
    let t = app.session.tournament().unwrap();
    assert_eq!(t.rounds[0].pairings[0].games[0], GameResult::Pending);

    // Results wait for the arbiter when he says so.
    // (A radio button's label is not a text the simulator can find: its message, as a click
    // sends it.)
    let _ = app.update(Message::NetworkPage(Net::Mode(
        shashki_arbiter::tournament::deputy::FloorResults::Confirm,
    )));
    let (status, body) = send(
        &mut app,
        &url,
        &code,
        r#"{"round": 1, "board": 2, "game": 2, "result": "1/2-1/2"}"#,
    );
    assert_eq!(status, 202, "{body}");
    assert!(sees(&app, "Сеть зала · ждут: 1"), "the header counts them");
    let t = app.session.tournament().unwrap();
    assert_eq!(t.rounds[0].pairings[1].games[1], GameResult::Pending);
    click(&mut app, "Подтвердить");
    let t = app.session.tournament().unwrap();
    assert_eq!(t.rounds[0].pairings[1].games[1], GameResult::Draw);
    assert!(t.pending.is_empty());

    // Revoked (asked once more: it is for good): the code never works again.
    click(&mut app, "Отозвать код");
    assert!(
        app.session
            .tournament()
            .unwrap()
            .deputy_by_code(&code)
            .is_some(),
        "not before the arbiter says so"
    );
    click(&mut app, "Оставить");
    click(&mut app, "Отозвать код");
    click(&mut app, "Отозвать");
    let (status, _) = send(
        &mut app,
        &url,
        &code,
        r#"{"round": 1, "board": 2, "game": 1, "result": "1-0"}"#,
    );
    assert_eq!(status, 401);
    assert!(
        text_containing(&app, "код отозван").is_some(),
        "the list says so"
    );
}

/// A digit typed while the network page is open (beside its fields, say) is not a result for the
/// Rounds screen underneath: it recorded 1-0 on board 1 in the real window.
#[test]
fn a_result_key_under_the_network_page_records_nothing() {
    let mut app = app("floor-keys", Lang::Ru);
    let before = app.session.tournament().unwrap().clone();
    let _ = app.update(Message::Network(true));
    char_key(&mut app, "1");
    let _ = app.update(Message::Help(true));
    char_key(&mut app, "=");
    assert_eq!(
        app.session.tournament().unwrap(),
        &before,
        "nothing recorded"
    );
    let _ = app.update(Message::Help(false));
    let _ = app.update(Message::Network(false));
    char_key(&mut app, "1");
    assert_ne!(
        app.session.tournament().unwrap(),
        &before,
        "on the Rounds screen itself the key records"
    );
}

/// A window that only watches an event serves it read-only (another program writes it); once it
/// takes the event over, its page takes deputies' results too.
#[test]
fn a_watching_window_takes_no_results_until_it_takes_the_event_over() {
    let path = event_with_boards("floor-watch", 2);
    let holder = EventFile::open(&path).unwrap();
    let mut app = App::with(Some(&path), None, Lang::En, Time::Manual(0));
    assert!(app.session.event.as_ref().unwrap().watching().is_some());
    let _ = app.update(Message::NetworkPage(Net::Switch(true)));
    assert!(app.session.web.is_some(), "the page is on");
    assert!(
        app.session.inbox.is_none(),
        "read-only while another writes"
    );
    let _ = app.update(Message::Network(true));
    assert!(
        text_containing(&app, "This window only watches the event").is_some(),
        "the network page says so"
    );
    drop(holder);
    let _ = app.update(Message::TakeOver);
    assert!(app.session.event.as_ref().unwrap().watching().is_none());
    assert!(app.session.web.is_some(), "still on");
    assert!(app.session.inbox.is_some(), "now it takes results");
}

/// The disk refuses a deputy's result: the phone is told so (503) and nothing is kept in the
/// console's memory to be written later (the console's own changes are kept; a phone told
/// "applied" must find it on disk). Healed, the same result goes through.
#[test]
fn a_result_the_disk_refuses_is_not_kept_and_the_phone_is_told() {
    use shashki_arbiter::files::fault;
    let path = event_with_boards("floor-full", 2);
    let mut app = App::with(Some(&path), None, Lang::En, Time::Manual(0));
    let _ = app.update(Message::NetworkPage(Net::Switch(true)));
    let url = app.session.web.as_ref().expect("on").urls()[0].clone();
    let _ = app.update(Message::NetworkPage(Net::Name("Petrov".into())));
    let _ = app.update(Message::NetworkPage(Net::Boards("1-2".into())));
    let _ = app.update(Message::NetworkPage(Net::Add));
    let code = app.network_page.new_code().expect("a code").to_string();
    let folder = path.parent().unwrap().to_path_buf();
    fault::fail_under(&folder);
    let body = r#"{"round": 1, "board": 1, "game": 1, "result": "1-0"}"#;
    let (status, answer) = send(&mut app, &url, &code, body);
    assert_eq!(status, 503, "{answer}");
    let t = app.session.tournament().unwrap();
    assert_eq!(t.rounds[0].pairings[0].games[0], GameResult::Pending);
    assert!(
        app.session.unsaved().is_none(),
        "nothing waits for the disk"
    );
    fault::heal(&folder);
    let (status, answer) = send(&mut app, &url, &code, body);
    assert_eq!(status, 200, "{answer}");
    let saved = shashki_arbiter::store::event::read(&path).unwrap();
    assert_eq!(saved.rounds[0].pairings[0].games[0], GameResult::WhiteWins);
}
