//! The Clocks screen: presses by mouse and keys, restarts, typing never pressing.

use super::*;
use shashki_arbiter::tournament::id::GameRef;

#[test]
fn pressing_a_clock_runs_the_other_side_and_a_restart_brings_it_back_paused() {
    let mut app = clocks_app("clocks", Lang::En);
    assert_eq!(app.session.clocks.hall.boards().len(), 5);
    let shift = |app: &mut App, side: Location| {
        key(
            app,
            Key::Named(keyboard::key::Named::Shift),
            side,
            Modifiers::SHIFT,
        )
    };
    app.set_time_ms(1_000);
    shift(&mut app, Location::Left); // starts White's clock on board 1
    app.set_time_ms(11_000);
    shift(&mut app, Location::Right); // Black's button: not Black's move, nothing happens
    shift(&mut app, Location::Left); // White completes move 1
    app.set_time_ms(26_000);
    assert!(sees(&app, "44:50"), "White used 10 s");
    assert!(sees(&app, "44:45"), "Black's clock runs: 15 s");
    assert!(sees(&app, "Black to move"));
    assert!(app.session.clocks.any_running());
    // A running clock: the hall is redrawn on its next whole second, not five times a second.
    assert_eq!(app.session.clocks.next_tick_ms(26_000), Some(1000));
    assert_eq!(app.session.clocks.next_tick_ms(26_300), Some(700));
    let path = app.session.event.as_ref().unwrap().path().to_path_buf();
    drop(app);

    // The program dies and comes back: the clock stands paused at its last known instant.
    let back = App::with(Some(&path), None, Lang::En, Time::Manual(0));
    let status = back.session.status.clone().unwrap().text;
    assert!(
        status.contains("Restored 5 clocks after a restart: they stand paused"),
        "{status}"
    );
    let mut back = back;
    let _ = back.update(Message::Tab(Tab::Clocks));
    assert!(sees(&back, "44:50"));
    assert!(sees(&back, "paused"));
    assert!(!back.session.clocks.any_running());
}

/// A running board's Start button is disabled (it looked like any live button and said only
/// "already started" when pressed); a board not yet started can be started.
#[test]
fn only_a_board_not_yet_started_offers_start() {
    let mut app = clocks_app("clocks-start", Lang::En);
    app.set_time_ms(1_000);
    click(&mut app, "Start"); // board 1's
    assert!(app.session.clocks.any_running());
    // Before Start all, board 2's Start answers; after it, no board's does.
    let starts = |app: &App| -> Vec<usize> {
        let size = Size::new(1280.0, 2400.0);
        let found = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let into = found.clone();
        let mut ui = Simulator::with_size(Settings::default(), size, app.view());
        let _ = ui.find(move |c: Candidate<'_>| -> Option<()> {
            if let Candidate::Text {
                content: "Start",
                bounds,
                ..
            } = c
            {
                into.lock().unwrap().push(bounds.center());
            }
            None
        });
        drop(ui);
        let found = found.lock().unwrap().clone();
        found
            .into_iter()
            .map(|at| {
                let mut ui = Simulator::with_size(Settings::default(), size, app.view());
                ui.point_at(at);
                let _ = ui.simulate([
                    iced::Event::Mouse(iced::mouse::Event::CursorMoved { position: at }),
                    iced::Event::Mouse(iced::mouse::Event::ButtonPressed(
                        iced::mouse::Button::Left,
                    )),
                    iced::Event::Mouse(iced::mouse::Event::ButtonReleased(
                        iced::mouse::Button::Left,
                    )),
                ]);
                ui.into_messages().count()
            })
            .collect()
    };
    let boards = app.session.clocks.hall.boards().len();
    let before = starts(&app);
    assert_eq!(before.len(), boards, "a Start button per board");
    assert_eq!(before[0], 0, "board 1 runs");
    assert!(before[1..].iter().all(|&n| n > 0), "{before:?}");
    click(&mut app, "Start all");
    assert_eq!(
        starts(&app),
        vec![0; boards],
        "every board runs: no Start to press"
    );
}

#[test]
fn shift_typed_for_a_capital_in_the_correction_reason_presses_no_clock() {
    use iced_test::selector;
    use shashki_arbiter::ui::screen::clocks::{Message as Clocks, REASON_FIELD};
    use shashki_arbiter::ui::session::clocks::Request;
    let mut app = clocks_app("typing", Lang::Ru);
    app.set_time_ms(1_000);
    let _ = app.update(Message::Clocks(Clocks::Request(Request::Start(0))));
    let running = |app: &App| app.session.clocks.hall.snapshots(5_000)[0].1.running;
    let white = running(&app);
    // The arbiter clicks the reason field and holds Shift for a capital «П».
    let mut ui = simulator(&app, Size::new(1280.0, 800.0));
    ui.click(selector::id(REASON_FIELD)).unwrap();
    let shift = Key::Named(keyboard::key::Named::Shift);
    let status = ui.simulate([iced_test::simulator::press_key(shift.clone(), None)]);
    assert_eq!(
        status,
        vec![iced::event::Status::Ignored],
        "a text field lets Shift through to the app's keys"
    );
    let typing = ui.find(selector::is_focused()).is_ok();
    assert!(typing, "the reason field has the focus");
    drop(ui);
    app.set_time_ms(5_000);
    let pressed = app.update(Message::Key(keyboard::Event::KeyPressed {
        modified_key: shift.clone(),
        key: shift.clone(),
        physical_key: keyboard::key::Physical::Unidentified(
            keyboard::key::NativeCode::Unidentified,
        ),
        location: Location::Left,
        modifiers: Modifiers::SHIFT,
        text: None,
        repeat: false,
    }));
    drop(pressed);
    assert_eq!(running(&app), white, "the key alone presses nothing");
    let _ = app.update(Message::ClockKey {
        key: shift.clone(),
        location: Location::Left,
        typing,
    });
    assert_eq!(
        running(&app),
        white,
        "Shift typed in a field is not a press"
    );
    // Out of the field, the same Shift is White's button.
    let _ = app.update(Message::ClockKey {
        key: shift,
        location: Location::Left,
        typing: false,
    });
    assert_ne!(running(&app), white);
}

#[test]
fn each_board_answers_to_the_two_keys_the_arbiter_set() {
    use shashki_arbiter::rules::Color;
    use shashki_arbiter::ui::screen::clocks::Message as Clocks;
    let mut app = clocks_app("clock-keys", Lang::En);
    let _ = app.update(Message::Clocks(Clocks::Keys(1, "q a".into())));
    let _ = app.update(Message::Clocks(Clocks::Keys(2, "ws".into())));
    assert_eq!(app.session.clocks.keys_of(1), "qa");
    // Board 2's ballot (IDF VII/22) leaves Black to move: its clock starts with Black.
    app.set_time_ms(1_000);
    char_key(&mut app, "a"); // board 2 starts (Black to move)
    app.set_time_ms(4_000);
    char_key(&mut app, "q"); // White's key while Black thinks: nothing
    char_key(&mut app, "a"); // Black moves
    let snap = |app: &App, b: usize, at: u64| app.session.clocks.hall.snapshots(at)[b].1.clone();
    let s = snap(&app, 1, 4_000);
    assert_eq!(s.running, Some(Color::White));
    assert_eq!((s.black.moves, s.black.ms_left), (1, 2_697_000));
    assert_eq!(snap(&app, 2, 4_000).running, None, "board 3 untouched");
    assert_eq!(snap(&app, 0, 4_000).running, None, "board 1 untouched");
    // The keys come back with the event after a restart.
    let path = app.session.event.as_ref().unwrap().path().to_path_buf();
    drop(app);
    let back = App::with(Some(&path), None, Lang::En, Time::Manual(0));
    assert_eq!(
        (0..3)
            .map(|i| back.session.clocks.keys_of(i))
            .collect::<Vec<_>>(),
        ["", "qa", "ws"]
    );
}

#[test]
fn the_hall_redraws_once_a_second_and_a_fallen_flag_costs_nothing() {
    use shashki_arbiter::ui::screen::clocks::Message as Clocks;
    use shashki_arbiter::ui::session::clocks::Request;
    let path = event_with_boards("ticks", 8);
    let mut app = App::with(Some(&path), None, Lang::En, Time::Manual(0));
    // Boards started and pressed at different instants: their seconds change at different
    // moments, and still one frame a second draws them all.
    hall_in_play(&mut app);
    let clocks = &app.session.clocks;
    assert!(clocks.any_running());
    assert_eq!(clocks.next_tick_ms(600_000), Some(1000));
    assert_eq!(clocks.next_tick_ms(600_250), Some(750));
    // Every board paused but board 3, whose flag fell: nothing left to redraw.
    for b in 0..8 {
        let s = &app.session.clocks.hall.snapshots(600_000)[b].1;
        if b != 2 && s.running.is_some() && !s.paused {
            let _ = app.update(Message::Clocks(Clocks::Request(Request::Pause(b))));
        }
    }
    let flagged = &app.session.clocks.hall.snapshots(600_000)[2].1;
    assert!(flagged.white.flag_ms.is_some(), "board 3's flag fell");
    assert_eq!(app.session.clocks.next_tick_ms(600_000), None);
}

#[test]
fn a_fallen_flag_shows_the_time_of_day_it_fell() {
    let path = event_with_boards("flag-time", 4);
    let before = chrono::Local::now();
    let mut app = App::with(Some(&path), None, Lang::En, Time::Manual(0));
    hall_in_play(&mut app);
    let after = chrono::Local::now();
    let _ = app.update(Message::Tab(Tab::Clocks));
    let flag_ms = app.session.clocks.hall.snapshots(600_000)[2]
        .1
        .white
        .flag_ms;
    let board = &app.session.clocks.hall.boards()[2];
    let fell = board
        .wall_at(flag_ms.unwrap())
        .unwrap()
        .with_timezone(&chrono::Local);
    // Board 3 started at the hall's 0 and its flag fell 50 s later, by the hall's time.
    let fifty = chrono::Duration::seconds(50);
    assert!(before + fifty <= fell && fell <= after + fifty, "{fell}");
    let line = text_containing(&app, "FLAG at").expect("board 3's flag is shown");
    assert!(
        line.contains(&format!("FLAG at {}", fell.format("%H:%M:%S"))),
        "{line}"
    );
}

/// Before the first round (the trial's finding): the Rounds screen said "Тур 0 / 5" and "Старт
/// всех" answered "Запущены: 0" in green. Now the round line says there is none yet, the
/// hall-wide buttons are not offered without clocks, and a hall-wide key says what to do first.
#[test]
fn before_the_first_round_the_screens_say_what_to_do() {
    let path = event_with_boards("no-rounds", 3);
    let mut app = App::with(Some(&path), None, Lang::Ru, Time::Manual(0));
    assert!(app.session.apply(Command::UnpairRound { round: 1 }));
    let _ = app.update(Message::Tab(Tab::Rounds));
    assert!(text_containing(&app, "Тур 0").is_none());
    assert_eq!(
        text_containing(&app, "Туров ещё нет").as_deref(),
        Some("Туров ещё нет; запланировано: 5")
    );
    let _ = app.update(Message::Tab(Tab::Clocks));
    assert_eq!(answers_to(&app, "Старт всех"), 0, "no clocks: not offered");
    use shashki_arbiter::ui::session::clocks::Request;
    app.session.clock(Request::StartAll);
    let status = app.session.status.clone().unwrap();
    assert!(status.error, "{status:?}");
    assert_eq!(status.text, "Часов ещё нет: сначала составьте пары тура 1");
}

/// How many messages a click on `label` gives.
fn answers_to(app: &App, label: &str) -> usize {
    let mut ui = simulator(app, Size::new(1280.0, 800.0));
    ui.click(label)
        .unwrap_or_else(|e| panic!("no `{label}` on screen: {e:?}"));
    ui.into_messages().count()
}

/// Issue 26's convention: a game's clock starts with the side to move in its start position. A
/// ballot that leaves Black to move (IDF I/1: "1.ab4") starts Black's clock on that board.
#[test]
fn a_ballot_that_leaves_black_to_move_starts_blacks_clock() {
    use shashki_arbiter::tournament::model::Ballot;
    let mut app = app("black-first", Lang::En);
    let ballot = Ballot {
        table: "idf".into(),
        cell: "I/1".into(),
        seed: None,
        at: chrono::Utc::now(),
    };
    let mut t = app.session.tournament().unwrap().clone();
    let round = t.rounds.last().unwrap().number;
    let cmd = Command::SetBallot {
        round,
        board: 1,
        ballot: Some(ballot),
    };
    assert!(app.session.apply(cmd.clone()), "{:?}", app.session.status);
    command::apply(&mut t, &cmd).unwrap();
    let _ = app.update(Message::Tab(Tab::Clocks));
    click(&mut app, "Clocks for round 6, game 1");
    app.session
        .clock(shashki_arbiter::ui::session::clocks::Request::StartAll);
    let snaps = app.session.clocks.hall.snapshots(app.now_ms());
    let running = |board: &str| {
        let key = shashki_arbiter::clock::BoardKey::read(board).unwrap();
        snaps.iter().find(|(b, _)| *b == key).unwrap().1.running
    };
    assert_eq!(running("1"), Some(shashki_arbiter::rules::Color::Black));
    // Every board as its own ballot leaves it (both sides occur in the sample's round 6).
    let r = t.rounds.last().unwrap();
    let mut seen = std::collections::BTreeSet::new();
    for p in &r.pairings {
        let first = shashki_arbiter::tournament::records::first_to_move(&t, r, p, 0);
        assert_eq!(
            running(&p.board.to_string()),
            Some(first),
            "board {}",
            p.board
        );
        seen.insert(format!("{first:?}"));
    }
    assert_eq!(seen.len(), 2, "{seen:?}");
}

/// The trial: a new event's Clocks screen offered «Добавить время» with no clock (a red error on
/// press) and did not say what had to come first.
#[test]
fn before_round_one_the_clocks_screen_says_what_comes_first_and_offers_no_correction() {
    use shashki_arbiter::ui::screen::open::{Message as Files, NewEvent};
    let mut app = app("clocks-before-round-1", Lang::Ru);
    click(&mut app, "Файлы…");
    let _ = app.update(Message::Open(Files::New(NewEvent::Name(
        "Пустой турнир".into(),
    ))));
    click(&mut app, "Создать");
    let _ = app.update(Message::Tab(Tab::Clocks));
    assert!(text_containing(&app, "сначала внесите участников").is_some());
    assert!(!sees(&app, "Добавить время"));
    // With clocks, the correction is there.
    let mut app = clocks_app("clocks-correction", Lang::Ru);
    let _ = app.update(Message::Tab(Tab::Clocks));
    assert!(sees(&app, "Добавить время"));
}

/// In an extra micromatch only the tied boards get clocks: board 2's clock is logged as board 2
/// (`board-002.clocklog`, not the hall's first file) and answers the keys set for board 2 only.
#[test]
fn an_extra_games_clock_is_named_after_its_board_and_keeps_its_keys() {
    use shashki_arbiter::tournament::command::Command;
    use shashki_arbiter::tournament::model::GameResult;
    use shashki_arbiter::ui::screen::clocks::Message as Clocks;
    use shashki_arbiter::ui::session::clocks::Request;
    let mut app = app("clock-extra", Lang::En);
    let round = app
        .session
        .event
        .as_ref()
        .unwrap()
        .tournament
        .rounds
        .last()
        .unwrap()
        .clone();
    for p in &round.pairings {
        // Board 2 ends 1–1 (each wins with White); every other board 2–0.
        let second = if p.board == 2 {
            GameResult::WhiteWins
        } else {
            GameResult::BlackWins
        };
        for (game, result) in [(0, GameResult::WhiteWins), (1, second)] {
            let cmd = Command::SetResult {
                game: GameRef {
                    round: round.number,
                    board: p.board,
                    game,
                },
                result,
            };
            assert!(app.session.apply(cmd), "{:?}", app.session.status);
        }
    }
    app.session.clock(Request::Setup {
        round: round.number,
        game: 2,
    });
    let hall = &app.session.clocks.hall;
    assert_eq!(hall.boards().len(), 1, "{:?}", app.session.status);
    assert_eq!(hall.boards()[0].key.0, 2);
    let path = app.session.event.as_ref().unwrap().path().to_path_buf();
    let dir = shashki_arbiter::clock::hall::game_dir(
        &shashki_arbiter::clock::hall::clocks_dir(&path),
        round.number,
        2,
    );
    assert!(dir.join("board-002.clocklog").exists());
    assert!(!dir.join("board-001.clocklog").exists());
    let _ = app.update(Message::Tab(Tab::Clocks));
    let _ = app.update(Message::Clocks(Clocks::Keys(0, "zx".into())));
    drop(app);
    // Back in game 1's clocks of the same round, the keys "zx" are board 2's, not board 1's.
    let mut back = App::with(Some(&path), None, Lang::En, Time::Manual(0));
    back.session.clock(Request::Setup {
        round: round.number,
        game: 0,
    });
    let keys: Vec<String> = (0..back.session.clocks.hall.boards().len())
        .map(|i| back.session.clocks.keys_of(i))
        .collect();
    assert_eq!(keys[1], "zx", "{keys:?}");
    assert_eq!(keys[0], "", "{keys:?}");
}

/// Issue 35: clocks follow results. A result typed for a game whose clock runs is asked about
/// (nothing saved); typed again it is saved and the clock stops. The wall and the Clocks screen
/// show only the current round's clocks.
#[test]
fn a_result_stops_its_clock_and_a_running_clock_is_asked_about_first() {
    let mut app = clocks_app("clock-result", Lang::En);
    app.set_time_ms(1_000);
    click(&mut app, "Start all");
    app.set_time_ms(5_000);
    let _ = app.update(Message::Tab(Tab::Rounds));
    let games = |app: &App| {
        app.session.event.as_ref().unwrap().tournament.rounds[5].pairings[0]
            .games
            .clone()
    };
    char_key(&mut app, "1");
    assert_eq!(games(&app)[0], GameResult::Pending, "asked, not saved");
    let status = app.session.status.clone().unwrap().text;
    assert!(
        status.contains("the clock of board 1 is still running"),
        "{status}"
    );
    // A question left behind on another screen is not answered by the next key: asked again.
    let _ = app.update(Message::Tab(Tab::Clocks));
    let _ = app.update(Message::Tab(Tab::Rounds));
    char_key(&mut app, "1");
    assert_eq!(games(&app)[0], GameResult::Pending, "asked again");
    char_key(&mut app, "1");
    assert_eq!(games(&app)[0], GameResult::WhiteWins);
    let board_1 = app.session.clocks.hall.snapshots(6_000)[0].1.clone();
    assert_eq!(board_1.running, None, "the clock stopped with the result");
    let _ = app.update(Message::Tab(Tab::Clocks));
    assert!(
        sees(&app, "stopped: game over"),
        "told apart from a clock not started"
    );
    // Its buttons take nothing (board 1's «Press» and «Pause» come first on the screen).
    for label in ["Press", "Pause"] {
        let mut ui = simulator(&app, Size::new(1280.0, 800.0));
        let _ = ui.click(label);
        assert_eq!(ui.into_messages().count(), 0, "{label} on a stopped clock");
    }
    // The hall's wall says so too (its stopped times looked like a pause from the hall).
    let _ = app.update(Message::Wall(true));
    assert!(
        sees(&app, "game over"),
        "the wall's board 1 says the game is over"
    );
    let _ = app.update(Message::Wall(false));
    assert!(app.session.clocks.hall.snapshots(6_000)[1]
        .1
        .running
        .is_some());
    // A hall left from an earlier round is not shown as the hall's now (the wall showed
    // «тур 1 · партия 1» in round 4), and its keys press nothing.
    app.session.clocks.game = Some((1, 0));
    let _ = app.update(Message::Tab(Tab::Clocks));
    assert!(sees(
        &app,
        "The clocks set up are round 1, game 1: an earlier round; set up the clocks of round 6."
    ));
    let _ = app.update(Message::Wall(true));
    assert!(sees(
        &app,
        "No clocks: set them up on the Clocks screen (F4)."
    ));
}

/// Issue 35: a result typed on the wrong board stopped its running clock; the arbiter's Ctrl+Z
/// takes the result back and the clock stands again as it was (the same side thinking, the time
/// it stood stopped charged to nobody); Ctrl+Y makes the result again and stops the clock again.
#[test]
fn undoing_a_result_restarts_the_clock_it_stopped_and_redo_stops_it_again() {
    use shashki_arbiter::ui::screen::rounds::Message as R;
    let mut app = clocks_app("clock-undo-result", Lang::En);
    app.set_time_ms(1_000);
    click(&mut app, "Start all");
    app.set_time_ms(5_000);
    let _ = app.update(Message::Tab(Tab::Rounds));
    char_key(&mut app, "1");
    char_key(&mut app, "1");
    let board_1 = |app: &App, at: u64| app.session.clocks.hall.snapshots(at)[0].1.clone();
    let stopped = board_1(&app, 5_000);
    assert_eq!(stopped.running, None, "the result stopped the clock");
    // Ten minutes later the mistake is seen and taken back.
    app.set_time_ms(605_000);
    let _ = app.update(Message::Rounds(R::Undo));
    let back = board_1(&app, 615_000);
    assert!(!back.over, "the clock is back");
    assert_eq!(
        back.running,
        Some(shashki_arbiter::rules::Color::White),
        "White thinks on"
    );
    // 4 s before the result and 10 s after the undo: the ten minutes are not charged.
    assert_eq!(
        back.white.ms_left,
        stopped.white.ms_left - 10_000,
        "{back:?}"
    );
    let status = app.session.status.clone().unwrap().text;
    assert!(
        status.contains("the clock of board 1 is back as it stood before the result"),
        "{status}"
    );
    let _ = app.update(Message::Tab(Tab::Clocks));
    assert!(!sees(&app, "stopped: game over"));
    let _ = app.update(Message::Tab(Tab::Rounds));
    app.set_time_ms(620_000);
    let _ = app.update(Message::Rounds(R::Redo));
    assert_eq!(board_1(&app, 630_000).running, None, "redo stops it again");
    assert_eq!(
        board_1(&app, 630_000).white.ms_left,
        back.white.ms_left - 5_000
    );
    // Both steps are in the board's log: a restart reads the same clock.
    let path = app.session.event.as_ref().unwrap().path().to_path_buf();
    drop(app);
    let again = App::with(Some(&path), None, Lang::En, Time::Manual(0));
    let restored = again.session.clocks.hall.snapshots(700_000);
    assert!(restored[0].1.over, "{restored:?}");
    assert_eq!(restored[0].1.white.ms_left, back.white.ms_left - 5_000);
}

/// Issue 35: closing the window while clocks run says so first (their logs are kept, they come
/// back paused); nothing is said when no clock runs.
#[test]
fn closing_with_clocks_running_is_asked_about_first() {
    let mut app = clocks_app("close-running", Lang::Ru);
    app.session.status = None;
    let _ = app.update(Message::CloseRequested);
    assert!(
        app.session.status.is_none(),
        "no clock runs: nothing to ask"
    );
    app.set_time_ms(1_000);
    click(&mut app, "Старт всех");
    let _ = app.update(Message::CloseRequested);
    let status = app.session.status.clone().unwrap();
    assert!(
        status.error && status.text.starts_with("Часы ещё идут (5)"),
        "{status:?}"
    );
}
