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

/// The modules of the QR code in a screenshot: the pure white box is its quiet zone, the black
/// pixels inside it its dark modules, sampled at each module's centre.
fn qr_modules(png_path: &str) -> Vec<Vec<bool>> {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(png_path).unwrap(),
    ));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let (w, h) = (info.width as usize, info.height as usize);
    let channels = info.line_size / w;
    let px = |x: usize, y: usize| {
        let i = y * info.line_size + x * channels;
        (buf[i], buf[i + 1], buf[i + 2])
    };
    let bbox = |want: (u8, u8, u8), within: (usize, usize, usize, usize)| {
        let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
        for y in within.1..within.3 {
            for x in within.0..within.2 {
                if px(x, y) == want {
                    (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
                }
            }
        }
        (x0, y0, x1 + 1, y1 + 1)
    };
    // The code is at the panel's top right (the text fields at the left are white too).
    let white = bbox((255, 255, 255), (w * 2 / 3, 0, w, h));
    let (x0, y0, x1, y1) = bbox((0, 0, 0), white);
    // Whole pixels only: boxes at fractional positions leave grey seams between rows, and a
    // scanner (zbar) then reads nothing.
    for y in y0..y1 {
        for x in x0..x1 {
            let p = px(x, y);
            assert!(
                p == (0, 0, 0) || p == (255, 255, 255),
                "grey {p:?} at ({x}, {y}) inside the code"
            );
        }
    }
    // The finder pattern's top row: dark from the left edge for seven modules.
    let run = (x0..x1).take_while(|&x| px(x, y0) == (0, 0, 0)).count();
    let module = run as f64 / 7.0;
    let n = ((x1 - x0) as f64 / module).round() as usize;
    assert_eq!(((y1 - y0) as f64 / module).round() as usize, n, "square");
    (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    let x = x0 + ((c as f64 + 0.5) * module) as usize;
                    let y = y0 + ((r as f64 + 0.5) * module) as usize;
                    px(x, y).0 < 128
                })
                .collect()
        })
        .collect()
}

fn expected_modules(url: &str) -> Vec<Vec<bool>> {
    let code = qrcode::QrCode::new(url.as_bytes()).unwrap();
    code.to_colors()
        .chunks(code.width())
        .map(|row| row.iter().map(|&c| c == qrcode::Color::Dark).collect())
        .collect()
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
    // The address and its code differ from machine to machine (and by the port free).
    let rendered = screenshot_at(
        &mut app,
        Size::new(1280.0, 800.0),
        "network-ru",
        None,
        &[(40.0, 330.0, 700.0, 400.0), (850.0, 110.0, 1240.0, 490.0)],
    );
    assert_eq!(
        qr_modules(rendered.to_str().unwrap()),
        expected_modules(&url),
        "the QR code on the page is the address's, module by module"
    );
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

/// Opening another event stops the page (it would serve the wrong event): nothing listens on its
/// address, the network page says why, and the next start does not bring it back for the new one.
#[test]
fn the_page_stops_when_another_event_is_opened() {
    let mut app = app("network-other", Lang::En);
    let _ = app.update(Message::NetworkPage(
        shashki_arbiter::ui::screen::network::Message::Switch(true),
    ));
    let url = app.session.web.as_ref().expect("on").urls()[0].clone();
    let body = get_state(&url).expect("the page answers");
    let first = app.session.tournament().unwrap().settings.name.clone();
    assert!(body.contains(&first));
    let other = event_copy("network-other-2", "tournaments/open-swiss-48.ron");
    let _ = app.update(Message::Open(
        shashki_arbiter::ui::screen::open::Message::Path(other.display().to_string()),
    ));
    let _ = app.update(Message::Open(
        shashki_arbiter::ui::screen::open::Message::Open,
    ));
    assert_ne!(
        app.session.tournament().unwrap().settings.name,
        first,
        "opened"
    );
    assert!(app.session.web.is_none(), "stopped");
    assert!(
        get_state(&url).is_none_or(|b| !b.contains(&first)),
        "the first event is no longer served"
    );
    assert_eq!(
        app.session.web_error.as_ref().map(|e| e.get(Lang::En)),
        Some("The hall's network page stopped: another event was opened. Turn it on again for this one.")
    );
    // Said in both languages: the network dialog of a Russian screen shows it in Russian.
    let _ = app.update(Message::Lang(Lang::Ru));
    let _ = app.update(Message::Network(true));
    assert!(
        text_containing(
            &app,
            "Страница для сети зала выключена: открыт другой турнир"
        )
        .is_some(),
        "the Russian dialog says it in Russian"
    );
}
