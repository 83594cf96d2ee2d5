//! One event, one writer, as the console meets it (issue 23): a second window on the same event
//! only watches, under a banner naming the holder, until the first lets go; a full disk shows
//! "not saved" on the console and the wall and keeps the change; the hall network comes back on
//! after a restart.

use super::*;
use shashki_arbiter::files::fault;
use shashki_arbiter::tournament::id::GameRef;

/// How many messages a click on `label` gives (0: the control did not answer).
fn answers(app: &App, label: &str) -> usize {
    let mut ui = simulator(app, Size::new(1280.0, 800.0));
    ui.click(label)
        .unwrap_or_else(|e| panic!("no `{label}` on screen: {e:?}"));
    ui.into_messages().count()
}

/// How many messages typing into the field with this placeholder gives.
fn typed(app: &App, placeholder: &str, what: &str) -> usize {
    let mut ui = simulator(app, Size::new(1280.0, 800.0));
    ui.click(placeholder)
        .unwrap_or_else(|e| panic!("no `{placeholder}` on screen: {e:?}"));
    let _ = ui.typewrite(what);
    ui.into_messages().count()
}

fn tick(app: &mut App) {
    let _ = app.update(Message::Tick);
}

/// The finding: two consoles on one event, a draw typed in the second, a win in the first: the
/// first window's save wrote its own event over the file and the draw was gone.
#[test]
fn a_second_window_watches_read_only_and_takes_over_when_the_first_closes() {
    let path = event_copy("two-windows", SAMPLE);
    let mut first = App::with(Some(&path), None, Lang::Ru, Time::Manual(0));
    let mut second = App::with(Some(&path), None, Lang::Ru, Time::Manual(0));
    assert!(first.session.watched_from().is_none(), "the first writes");
    let holder = second
        .session
        .watched_from()
        .expect("the second watches")
        .holder
        .as_ref()
        .expect("named");
    assert_eq!(holder.pid, std::process::id());
    let banner = text_containing(&second, "Только просмотр").expect("a banner");
    assert!(
        banner.contains(&format!(
            "(окно судьи), процесс {} на компьютере",
            std::process::id()
        )),
        "{banner}"
    );
    for app in [&mut first, &mut second] {
        let _ = app.update(Message::Tab(Tab::Rounds));
    }
    // Every control of the screens is dead in the watching window: the result buttons, the
    // Event page's fields; the tabs and the language still work.
    assert!(
        answers(&first, "½-½  [=]") > 0,
        "live in the writing window"
    );
    assert_eq!(answers(&second, "½-½  [=]"), 0, "a result cannot be typed");
    char_key(&mut second, "1");
    assert_eq!(
        second.session.event.as_ref().unwrap().tournament.rounds[5].pairings[0].games[0],
        GameResult::Pending,
        "nor by key"
    );
    assert!(answers(&second, "Турнир") > 0, "tabs still switch");
    // The window's keys (F2…F7, F12, F1) reach the app: the veil keeps keys from the controls
    // without taking them (in the real window no function key worked under it).
    let mut ui = simulator(&second, Size::new(1280.0, 800.0));
    let f2 = Key::Named(keyboard::key::Named::F2);
    assert_eq!(
        ui.simulate([iced_test::simulator::press_key(f2, None)]),
        vec![iced::event::Status::Ignored],
        "F2 is left to the app's keys"
    );
    drop(ui);
    for app in [&mut first, &mut second] {
        let _ = app.update(Message::Tab(Tab::Event));
    }
    assert!(typed(&first, "фамилия", "Иванов") > 0);
    assert_eq!(
        typed(&second, "фамилия", "Иванов"),
        0,
        "no field takes typing"
    );
    for app in [&mut first, &mut second] {
        let _ = app.update(Message::Tab(Tab::Rounds));
    }

    // The first types a win; the second follows within a tick.
    char_key(&mut first, "1");
    tick(&mut second);
    assert_eq!(
        second.session.event.as_ref().unwrap().tournament.rounds[5].pairings[0].games[0],
        GameResult::WhiteWins
    );
    assert!(sees(&second, "Ещё занят другим окном"));
    assert_eq!(answers(&second, "Ещё занят другим окном"), 0);

    drop(first);
    tick(&mut second);
    click(&mut second, "Взять турнир");
    assert!(
        second.session.watched_from().is_none(),
        "{:?}",
        second.session.status
    );
    assert!(text_containing(&second, "Только просмотр").is_none());
    // Game 2 of board 1 (the refused key left the focus on game 1).
    key(
        &mut second,
        Key::Named(keyboard::key::Named::ArrowRight),
        Location::Standard,
        Modifiers::empty(),
    );
    click(&mut second, "½-½  [=]");
    let saved = shashki_arbiter::store::event::read(&path).unwrap();
    assert_eq!(
        saved.rounds[5].pairings[0].games,
        [GameResult::WhiteWins, GameResult::Draw],
        "both windows' results are on disk"
    );
}

/// A full disk: the change stays on screen, marked NOT SAVED on the console and on the wall,
/// and is written on a tick once the disk takes it.
#[test]
fn a_change_the_disk_refuses_is_kept_marked_and_written_later() {
    let path = event_copy("full-disk", SAMPLE);
    let folder = path.parent().unwrap().to_path_buf();
    let mut app = App::with(Some(&path), None, Lang::En, Time::Manual(0));
    let _ = app.update(Message::Tab(Tab::Rounds));
    fault::fail_under(&folder);
    char_key(&mut app, "1");
    assert_eq!(
        app.session.event.as_ref().unwrap().tournament.rounds[5].pairings[0].games[0],
        GameResult::WhiteWins,
        "kept in the window"
    );
    let status = app.session.status.clone().unwrap();
    assert!(
        status.error && status.text.contains("NOT SAVED"),
        "{status:?}"
    );
    assert!(text_containing(&app, "NOT SAVED — the changes are kept").is_some());
    assert!(
        std::fs::read_dir(&folder).unwrap().all(|e| !e
            .unwrap()
            .file_name()
            .to_string_lossy()
            .ends_with(".tmp")),
        "no temporary file"
    );
    let _ = app.update(Message::Wall(true));
    assert!(sees(&app, "NOT SAVED"), "the wall shows it too");
    let _ = app.update(Message::Wall(false));
    assert!(app.session.next_tick_ms().is_some(), "it keeps trying");
    tick(&mut app);
    assert!(app.session.unsaved().is_some(), "still full");

    fault::heal(&folder);
    tick(&mut app);
    assert!(app.session.unsaved().is_none());
    assert!(text_containing(&app, "NOT SAVED").is_none());
    let saved = shashki_arbiter::store::event::read(&path).unwrap();
    assert_eq!(saved.rounds[5].pairings[0].games[0], GameResult::WhiteWins);
}

/// The finding: after a crash restart the hall network page was off although it was on.
#[test]
fn the_hall_network_is_on_again_after_a_restart() {
    let path = event_copy("network-restart", SAMPLE);
    let config = path.parent().unwrap().join("config").join("last-event");
    let mut app = App::with(Some(&path), Some(config.clone()), Lang::Ru, Time::Manual(0));
    let _ = app.update(Message::NetworkPage(
        shashki_arbiter::ui::screen::network::Message::Switch(true),
    ));
    assert!(app.session.web.is_some());
    drop(app); // the program stops with the page on
    let again = App::with(Some(&path), Some(config.clone()), Lang::Ru, Time::Manual(0));
    let web = again
        .session
        .web
        .as_ref()
        .expect("on again after the restart");
    let status = again.session.status.clone().unwrap();
    assert!(
        status
            .text
            .contains("Снова после перезапуска: Страница для сети зала включена"),
        "{status:?}"
    );
    assert!(status.text.contains(&web.urls()[0]), "{status:?}");
    // Switched off, it stays off at the next start.
    let mut again = again;
    let _ = again.update(Message::NetworkPage(
        shashki_arbiter::ui::screen::network::Message::Switch(false),
    ));
    drop(again);
    let third = App::with(Some(&path), Some(config), Lang::Ru, Time::Manual(0));
    assert!(third.session.web.is_none());
}

/// A full disk under running clocks: the press counts, the board says NOT LOGGED, the clock
/// keeps time, and the log gets every record once the disk takes them.
#[test]
fn clocks_run_on_and_say_not_logged_while_the_disk_refuses() {
    use shashki_arbiter::ui::screen::clocks::Message as Clocks;
    use shashki_arbiter::ui::session::clocks::Request;
    let mut app = clocks_app("clocks-full", Lang::En);
    let folder = app
        .session
        .event
        .as_ref()
        .unwrap()
        .path()
        .parent()
        .unwrap()
        .to_path_buf();
    app.set_time_ms(1_000);
    let _ = app.update(Message::Clocks(Clocks::Request(Request::Start(0))));
    fault::fail_under(&folder);
    app.set_time_ms(6_000);
    let _ = app.update(Message::Clocks(Clocks::Request(Request::Press {
        board: 0,
        side: None,
    })));
    let s = &app.session.clocks.hall.snapshots(9_000)[0].1;
    assert_eq!(
        s.running,
        Some(shashki_arbiter::rules::Color::Black),
        "the press counted"
    );
    assert_eq!(app.session.unlogged_boards(), ["1"]);
    assert!(sees(
        &app,
        "NOT LOGGED: the clock runs on; its records are written when the disk takes them"
    ));
    assert!(
        text_containing(&app, "Clocks not logged").is_some(),
        "the banner"
    );
    fault::heal(&folder);
    app.set_time_ms(9_000);
    tick(&mut app);
    assert!(app.session.unlogged_boards().is_empty());
    let log = shashki_arbiter::clock::log::load(
        &app.session
            .clocks
            .hall
            .dir()
            .unwrap()
            .join("board-001.clocklog"),
    )
    .unwrap();
    assert_eq!(
        log.clock.events(),
        app.session.clocks.hall.boards()[0].clock().events(),
        "every record is on disk"
    );
}

/// Another program wrote the event file under the console (no lock: a copy put in by hand): the
/// console's next change writes nothing over it, reads it again, and says what changed and what
/// to enter again.
#[test]
fn a_file_written_under_the_console_is_read_again_and_the_change_asked_again() {
    let path = event_copy("changed-under", SAMPLE);
    let mut app = App::with(Some(&path), None, Lang::Ru, Time::Manual(0));
    let _ = app.update(Message::Tab(Tab::Rounds));
    let mut other = shashki_arbiter::store::event::read(&path).unwrap();
    let draw = Command::SetResult {
        game: GameRef {
            round: 6,
            board: 2,
            game: 0,
        },
        result: GameResult::Draw,
    };
    command::apply(&mut other, &draw).unwrap();
    let text = shashki_arbiter::files::ron_text::to_string(&other);
    std::fs::write(&path, &text).unwrap();
    char_key(&mut app, "1");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        text,
        "not written over"
    );
    let status = app.session.status.clone().unwrap();
    assert!(status.error, "{status:?}");
    assert!(
        status
            .text
            .contains("Файл турнира изменила другая программа")
            && status.text.contains("тур 6, доска 2, партия 1: * → ½-½")
            && status
                .text
                .contains("Не сохранено, введите снова: тур 6, доска 1, партия 1: 1-0"),
        "{}",
        status.text
    );
    let t = &app.session.event.as_ref().unwrap().tournament;
    assert_eq!(
        t.rounds[5].pairings[1].games[0],
        GameResult::Draw,
        "the file's version"
    );
    assert_eq!(t.rounds[5].pairings[0].games[0], GameResult::Pending);
    char_key(&mut app, "1");
    let saved = shashki_arbiter::store::event::read(&path).unwrap();
    assert_eq!(
        saved.rounds[5].pairings[0].games[0],
        GameResult::WhiteWins,
        "{:?}",
        app.session.status
    );
    assert_eq!(saved.rounds[5].pairings[1].games[0], GameResult::Draw);
}
