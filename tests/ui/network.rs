//! The hall-network page's switch: off by default, turned on from the console it serves the open
//! event read-only to the hall's network, with its address and a QR code; off again, it serves
//! nothing; opening another event stops it.

use super::*;

fn get_state(url: &str) -> Option<String> {
    use std::io::{Read, Write};
    let rest = url.strip_prefix("http://")?;
    let host = rest.trim_end_matches('/');
    let port = host.rsplit_once(':')?.1;
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port.parse::<u16>().ok()?)).ok()?;
    s.write_all(b"GET /api/state HTTP/1.1\r\nHost: hall\r\nConnection: close\r\n\r\n")
        .ok()?;
    let mut body = String::new();
    s.read_to_string(&mut body).ok()?;
    Some(body)
}

#[test]
fn the_hall_network_page_is_switched_on_and_off_from_the_console() {
    let mut app = app("network", Lang::Ru);
    assert!(app.session.web.is_none(), "off by default");
    click(&mut app, "Сеть зала");
    assert!(app.network);
    assert!(sees(&app, "Выключено."));
    click(&mut app, "Включить");
    let running = app.session.web.as_ref().expect("switched on");
    let url = running.urls()[0].clone();
    assert!(sees(&app, &url), "the address is shown: {url}");
    assert!(sees(&app, "Сеть зала: вкл."), "the header says it is on");
    screenshot(&mut app, Size::new(1280.0, 800.0), "network-ru");
    let body = get_state(&url).expect("the page answers");
    let t = app.session.tournament().unwrap();
    assert!(body.contains(&t.settings.name), "the open event is served");

    click(&mut app, "Выключить");
    assert!(app.session.web.is_none());
    assert!(
        get_state(&url).is_none_or(|b| b.is_empty()),
        "nothing listens any more"
    );
    key(
        &mut app,
        Key::Named(keyboard::key::Named::Escape),
        Location::Standard,
        Modifiers::empty(),
    );
    assert!(!app.network);
}
