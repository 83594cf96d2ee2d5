//! The arbiter's program driven headless (iced_test, tiny-skia), one module per screen: each
//! screen's main task and the traps arbiters fell into, and the screenshots in
//! docs/screenshots/ that README shows (`screenshots`).
#![cfg(feature = "gui")]

mod ballot;
mod claims;
mod clocks;
mod documents;
mod event;
mod files;
mod floor;
mod games;
mod help;
mod language;
mod network;
mod one_writer;
mod rounds;
mod screenshots;
mod standings_screen;
mod teams;
mod wall;

use std::path::{Path, PathBuf};

use iced::keyboard::{self, Key, Location, Modifiers};
use iced::{Settings, Size};
use iced_test::selector::Candidate;
use iced_test::simulator::Simulator;
use shashki_arbiter::lang::Lang;
use shashki_arbiter::store::event::EventFile;
use shashki_arbiter::tournament::command::{self, Command};
use shashki_arbiter::tournament::model::GameResult;
use shashki_arbiter::tournament::model::PlayerId;
use shashki_arbiter::tournament::standings;
use shashki_arbiter::ui::app::{App, Message, Tab, Time};

const SAMPLE: &str = "tournaments/shashki64-round-robin.ron";

/// A copy of a sample event in its own directory, so the test can change it.
fn event_copy(name: &str, sample: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shashki-ui-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let to = dir.join(Path::new(sample).file_name().unwrap());
    std::fs::copy(sample, &to).unwrap();
    to
}

fn app(name: &str, lang: Lang) -> App {
    let path = event_copy(name, SAMPLE);
    let app = App::with(Some(&path), None, lang, Time::Manual(0));
    assert!(app.session.event.is_some(), "{:?}", app.session.status);
    app
}

/// The Swiss sample: players can still join it (a round robin's drawn table takes none).
fn swiss_app(name: &str, lang: Lang) -> App {
    let path = event_copy(name, "tournaments/open-swiss-48.ron");
    let app = App::with(Some(&path), None, lang, Time::Manual(0));
    assert!(app.session.event.is_some(), "{:?}", app.session.status);
    app
}

/// The sample event on the Clocks screen, the clocks of round 6, game 1 set up by their button.
fn clocks_app(name: &str, lang: Lang) -> App {
    let mut app = app(name, lang);
    let _ = app.update(Message::Tab(Tab::Clocks));
    click(
        &mut app,
        lang.pick("Clocks for round 6, game 1", "Часы: тур 6, партия 1"),
    );
    app
}

fn simulator(app: &App, size: Size) -> Simulator<'_, Message> {
    Simulator::with_size(Settings::default(), size, app.view())
}

/// Renders the app at `size` (logical pixels; the PNG has twice as many) and compares it with
/// the committed `docs/screenshots/NAME-tiny-skia.png` (see [`golden`]); returns the fresh
/// render's path (under `target/`).
fn screenshot(app: &mut App, size: Size, name: &str) -> PathBuf {
    screenshot_at(app, size, name, None, &[])
}

/// As [`screenshot`], with the mouse moved to `cursor` first (what the board shows on hover), and
/// `ignore`d rectangles (logical pixels: x0, y0, x1, y1) where the picture holds what differs
/// from machine to machine (an address).
fn screenshot_at(
    app: &mut App,
    size: Size,
    name: &str,
    cursor: Option<iced::Point>,
    ignore: &[(f32, f32, f32, f32)],
) -> PathBuf {
    let fresh = Path::new(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
    // iced_test names the file after the renderer and writes it only where none is.
    let rendered = fresh.join(format!("{name}-tiny-skia.png"));
    let _ = std::fs::remove_file(&rendered);
    // The status line names the temporary copy: not part of the picture.
    app.session.status = None;
    let mut ui = simulator(app, size);
    if let Some(position) = cursor {
        ui.point_at(position);
        let _ = ui.simulate([iced::Event::Mouse(iced::mouse::Event::CursorMoved {
            position,
        })]);
    }
    let snap = ui.snapshot(&app.theme()).unwrap();
    // The file was removed above, so this writes the render (and says "matches", which proves
    // nothing): the comparison that counts is `golden`'s, with the committed image.
    snap.matches_image(fresh.join(name))
        .expect("the render is written under target/");
    let scaled: Vec<(u32, u32, u32, u32)> = ignore
        .iter()
        .map(|&(a, b, c, d)| {
            (
                (a * 2.0) as u32,
                (b * 2.0) as u32,
                (c * 2.0) as u32,
                (d * 2.0) as u32,
            )
        })
        .collect();
    golden(
        &rendered,
        &Path::new("docs/screenshots").join(format!("{name}-tiny-skia.png")),
        ((size.width * 2.0) as u32, (size.height * 2.0) as u32),
        &scaled,
    );
    rendered
}

/// An RGBA picture read from a PNG.
fn pixels(path: &Path) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())),
    ));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgba, "{}", path.display());
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

/// The fresh render against the committed image (the one README shows): the same size, and at
/// most 24 pixels (outside `ignore`) off by more than 48 in a channel: the same tiny-skia renderer
/// gives the same pixels, and one letter changed in a tab's label is a few hundred. `SHASHKI_UPDATE_SCREENSHOTS=1 cargo test --test ui` writes the renders over the committed
/// images instead (then look at them before committing); a plain `cargo test` never writes into
/// the tree.
fn golden(rendered: &Path, committed: &Path, size: (u32, u32), ignore: &[(u32, u32, u32, u32)]) {
    if std::env::var_os("SHASHKI_UPDATE_SCREENSHOTS").is_some() {
        std::fs::copy(rendered, committed).unwrap();
        return;
    }
    let (w, h, new) = pixels(rendered);
    assert_eq!((w, h), size, "rendered at twice the logical size");
    let (cw, ch, old) = pixels(committed);
    assert_eq!(
        (cw, ch),
        (w, h),
        "{}: the committed image has another size",
        committed.display()
    );
    let ignored = |x: u32, y: u32| {
        ignore
            .iter()
            .any(|&(x0, y0, x1, y1)| (x0..x1).contains(&x) && (y0..y1).contains(&y))
    };
    let mut off = 0usize;
    let mut diff = vec![0u8; new.len()];
    for y in 0..h {
        for x in 0..w {
            let i = ((y * w + x) * 4) as usize;
            let far = (0..3).any(|c| new[i + c].abs_diff(old[i + c]) > 48);
            if far && !ignored(x, y) {
                off += 1;
                diff[i..i + 4].copy_from_slice(&[255, 0, 0, 255]);
            } else {
                diff[i..i + 4].copy_from_slice(&[new[i] / 3, new[i + 1] / 3, new[i + 2] / 3, 255]);
            }
        }
    }
    if off > 24 {
        let diff_path = rendered.with_extension("diff.png");
        let mut encoder = png::Encoder::new(std::fs::File::create(&diff_path).unwrap(), w, h);
        encoder.set_color(png::ColorType::Rgba);
        encoder
            .write_header()
            .unwrap()
            .write_image_data(&diff)
            .unwrap();
        panic!(
            "{} differs from {} in {off} of {} pixels (marked red in {}); if the change is meant, \
             refresh with SHASHKI_UPDATE_SCREENSHOTS=1 and look at the new image",
            rendered.display(),
            committed.display(),
            w * h,
            diff_path.display()
        );
    }
}

/// Clicks the element with this exact text and feeds the messages to the app.
fn click(app: &mut App, label: &str) {
    let messages: Vec<Message> = {
        let mut ui = simulator(app, Size::new(1280.0, 800.0));
        ui.click(label)
            .unwrap_or_else(|e| panic!("no `{label}` to click: {e:?}"));
        ui.into_messages().collect()
    };
    assert!(!messages.is_empty(), "clicking `{label}` did nothing");
    for m in messages {
        let _ = app.update(m);
    }
}

fn sees(app: &App, label: &str) -> bool {
    let mut ui = simulator(app, Size::new(1280.0, 800.0));
    ui.find(label).is_ok()
}

/// The first text on screen that contains `part`.
fn text_containing(app: &App, part: &str) -> Option<String> {
    let mut ui = simulator(app, Size::new(1280.0, 800.0));
    let part = part.to_string();
    ui.find(move |c: Candidate<'_>| match c {
        Candidate::Text { content, .. } if content.contains(&part) => Some(content.to_string()),
        _ => None,
    })
    .ok()
}

fn key(app: &mut App, key: Key, location: Location, modifiers: Modifiers) {
    let _ = app.update(Message::Key(keyboard::Event::KeyPressed {
        modified_key: key.clone(),
        key: key.clone(),
        physical_key: keyboard::key::Physical::Unidentified(
            keyboard::key::NativeCode::Unidentified,
        ),
        location,
        modifiers,
        text: None,
        repeat: false,
    }));
    // A clock key waits for the view's answer to "is a field being typed in?" (a task the
    // simulator does not run): here no field has the focus.
    let _ = app.update(Message::ClockKey {
        key,
        location,
        typing: false,
    });
}

fn char_key(app: &mut App, c: &str) {
    key(
        app,
        Key::Character(c.into()),
        Location::Standard,
        Modifiers::empty(),
    );
}

fn points_of(app: &App, surname: &str) -> f64 {
    let t = &app.session.event.as_ref().unwrap().tournament;
    standings::compute(t, None)
        .into_iter()
        .find(|l| l.name.starts_with(surname))
        .unwrap()
        .points
}

const SURNAMES: [&str; 20] = [
    "Смирнов",
    "Иванов",
    "Кузнецов",
    "Соколов",
    "Попов",
    "Лебедев",
    "Козлов",
    "Новиков",
    "Морозов",
    "Петров",
    "Волков",
    "Соловьёв",
    "Васильев",
    "Зайцев",
    "Павлов",
    "Семёнов",
    "Голубев",
    "Виноградов",
    "Богданов",
    "Воробьёв",
];

/// An event of `boards` boards, round 1 paired, saved in its own directory.
fn event_with_boards(name: &str, boards: usize) -> PathBuf {
    event_in(
        name,
        boards,
        shashki_arbiter::rules::Variant::Russian.into(),
    )
}

/// An event of `boards` boards in `variant`, round 1 paired, saved in its own directory.
fn event_in(
    name: &str,
    boards: usize,
    variant: shashki_arbiter::rules::columns::AnyVariant,
) -> PathBuf {
    use shashki_arbiter::tournament::model::{Player, System, Tournament};
    let dir = std::env::temp_dir().join(format!("shashki-ui-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    use shashki_arbiter::rules::columns::{AnyVariant, ColumnVariant};
    let title = match variant {
        AnyVariant::Columns(ColumnVariant::Towers) => "Первенство области, столбовые шашки",
        AnyVariant::Columns(ColumnVariant::Laska) => "Кубок клуба по ласке",
        AnyVariant::Plain(_) => "Первенство области, шашки-64",
    };
    let mut t = Tournament::new(
        title,
        variant,
        System::RoundRobin,
        "45m/20,15m".parse().expect("a time control"),
        2,
    );
    for i in 1..=2 * boards as u32 {
        let player = Player {
            name: format!("{}.", ["А", "Б", "В", "Г", "Д", "Е"][i as usize % 6]),
            number: Some(i as usize),
            ..Player::new(PlayerId(i), SURNAMES[(i as usize - 1) % 20])
        };
        command::apply(&mut t, &Command::AddPlayer { player }).unwrap();
    }
    if boards > 0 {
        let pair = Command::PairRound {
            round: 1,
            table_round: None,
        };
        command::apply(&mut t, &pair).unwrap();
    }
    let path = dir.join("event.ron");
    EventFile::create(&path, t).unwrap();
    path
}

/// Clocks of round 1 in every state the wall must show: running either side, paused, flagged.
fn hall_in_play(app: &mut App) {
    use shashki_arbiter::rules::Color;
    use shashki_arbiter::ui::screen::clocks::Message as Clocks;
    use shashki_arbiter::ui::session::clocks::Request;
    let request = |app: &mut App, at: u64, r: Request| {
        app.set_time_ms(at);
        let _ = app.update(Message::Clocks(Clocks::Request(r)));
    };
    request(app, 0, Request::Setup { round: 1, game: 0 });
    let n = app.session.clocks.hall.boards().len();
    for b in 0..n {
        if b == 2 {
            // Board 3: White has 50 s left and lets them run out.
            request(
                app,
                0,
                Request::Adjust {
                    board: b,
                    side: Color::White,
                    ms: -2_650_000,
                    reason: "test".into(),
                },
            );
        }
        request(app, 0, Request::Start(b));
        let step = 11_000 + 7_000 * (b as u64 % 5);
        for k in 1..=(b as u64 % 4 + 1) {
            if b != 2 {
                request(
                    app,
                    k * step,
                    Request::Press {
                        board: b,
                        side: None,
                    },
                );
            }
        }
        if b % 4 == 1 {
            request(app, 200_000, Request::Pause(b));
        }
    }
    app.set_time_ms(600_000);
}

/// "Draw for this board" with no board chosen drew an opening for every board at once, breaking
/// a board-by-board ceremony: the button does nothing until a board is chosen.
#[test]
fn draw_for_the_board_waits_until_a_board_is_chosen() {
    use shashki_arbiter::ui::screen::ballot::Message as Ballot;
    let mut app = app("ballot-none", Lang::Ru);
    // Round 6 without any opening yet.
    let boards = app.session.event.as_ref().unwrap().tournament.rounds[5]
        .pairings
        .len();
    let cleared = Command::SetBallots {
        round: 6,
        ballots: (1..=boards).map(|b| (b, None)).collect(),
    };
    app.session
        .event
        .as_mut()
        .unwrap()
        .apply(cleared, chrono::Utc::now())
        .unwrap();
    let _ = app.update(Message::Tab(Tab::Ballot));
    app.ballot.board = None;
    let before = app.session.event.as_ref().unwrap().tournament.clone();
    let messages: Vec<Message> = {
        let mut ui = simulator(&app, Size::new(1280.0, 800.0));
        ui.click("Жребий для доски").unwrap();
        ui.into_messages().collect()
    };
    for m in messages {
        let _ = app.update(m);
    }
    let _ = app.update(Message::Ballot(Ballot::Draw));
    assert_eq!(
        app.session.event.as_ref().unwrap().tournament,
        before,
        "nothing drawn"
    );
    // Board 2 chosen: only board 2 gets its opening.
    let _ = app.update(Message::Ballot(Ballot::Board(2)));
    click(&mut app, "Жребий для доски");
    let r = &app.session.event.as_ref().unwrap().tournament.rounds[5];
    let drawn: Vec<usize> = r
        .pairings
        .iter()
        .filter(|p| p.ballot.is_some())
        .map(|p| p.board)
        .collect();
    assert_eq!(drawn, [2]);
}

/// The texts on the same line as the first text containing `part` (a table's row), left to right.
fn row_texts(app: &App, part: &str) -> Vec<String> {
    let all = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let into = all.clone();
    let mut ui = simulator(app, Size::new(1280.0, 800.0));
    let _ = ui.find(move |c: Candidate<'_>| -> Option<()> {
        if let Candidate::Text {
            content, bounds, ..
        } = c
        {
            into.lock().unwrap().push((content.to_string(), bounds));
        }
        None
    });
    drop(ui);
    let all = all.lock().unwrap().clone();
    let (_, at) = all
        .iter()
        .find(|(t, _)| t.contains(part))
        .unwrap_or_else(|| panic!("no `{part}` on screen"))
        .clone();
    let middle = at.y + at.height / 2.0;
    let mut row: Vec<(String, iced::Rectangle)> = all
        .into_iter()
        .filter(|(_, b)| b.y <= middle && middle <= b.y + b.height)
        .collect();
    row.sort_by(|a, b| a.1.x.total_cmp(&b.1.x));
    row.into_iter().map(|(t, _)| t).collect()
}

/// The first legal move of game `game` of board `board` in the last round, from its ballot.
fn first_legal(app: &App, board: usize, game: usize) -> String {
    legal_line(app, board, game, 1).remove(0)
}

/// `n` legal plies from the ballot's position of game `game` of board `board` in the last
/// round (each the first the move generator gives), as written.
fn legal_line(app: &App, board: usize, game: usize, n: usize) -> Vec<String> {
    use shashki_arbiter::rules::{fen, movegen, notation};
    let t = app.session.tournament().unwrap();
    let round = t.rounds.last().unwrap();
    let p = round.pairings.iter().find(|p| p.board == board).unwrap();
    let g = shashki_arbiter::tournament::records::game_pdn(t, round, p, game);
    let variant = t.settings.variant.plain().unwrap();
    let mut pos = fen::parse(variant, g.tag("FEN").unwrap()).unwrap();
    (0..n)
        .map(|_| {
            let m = movegen::legal_moves(&pos)[0];
            let written = notation::write(&pos, &m);
            pos = pos.play(&m);
            written
        })
        .collect()
}

/// The clock hall's index of board `board`'s clock (the clocks of a round are set up).
fn clock_of(app: &App, board: usize) -> usize {
    app.session
        .clocks
        .hall
        .boards()
        .iter()
        .position(|b| b.key.0 == board)
        .unwrap_or_else(|| panic!("board {board} has a clock"))
}
