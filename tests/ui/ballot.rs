//! The Ballot screen: openings drawn board by board.

use super::*;
use shashki_arbiter::tournament::id::GameRef;

#[test]
fn a_ballot_drawn_with_a_fixed_seed_shows_its_cell_large() {
    let mut app = app("ballot", Lang::Ru);
    let _ = app.update(Message::Tab(Tab::Ballot));
    // Board 1 of round 6 already has its opening. An empty «Ввести» changes nothing (it once
    // erased a drawn, audited ballot) and says why.
    let ballot_of_board_1 = |app: &App| {
        app.session.event.as_ref().unwrap().tournament.rounds[5].pairings[0]
            .ballot
            .clone()
    };
    let before = ballot_of_board_1(&app);
    assert!(before.is_some());
    app.ballot.manual_cell.clear();
    click(&mut app, "Ввести");
    assert_eq!(ballot_of_board_1(&app), before);
    let status = app.session.status.clone().unwrap().text;
    assert!(status.contains("Сначала введите клетку"), "{status}");

    // The arbiter types the seed of an audited draw and draws for board 1.
    let messages: Vec<Message> = {
        let mut ui = simulator(&app, Size::new(1280.0, 800.0));
        ui.click("зерно (пусто — от системы)").unwrap();
        ui.typewrite("42");
        ui.into_messages().collect()
    };
    for m in messages {
        let _ = app.update(m);
    }
    assert_eq!(app.ballot.seed, "42");
    // A draw over the board's ballot says old → new, and the results already played from the
    // old opening, and waits for the same press again.
    assert!(app.session.apply(Command::SetResult {
        game: GameRef {
            round: 6,
            board: 1,
            game: 0
        },
        result: GameResult::WhiteWins
    }));
    let t = app.session.event.as_ref().unwrap().tournament.clone();
    click(&mut app, "Жребий для доски");
    assert_eq!(ballot_of_board_1(&app), before);
    let status = app.session.status.clone().unwrap().text;
    let old_cell = before.as_ref().unwrap().cell.clone();
    assert!(
        status.contains(&format!("{old_cell} ("))
            && status.contains("уже есть результаты: 1-0")
            && status.contains("→ новый жребий"),
        "{status}"
    );
    click(&mut app, "Жребий для доски");
    let drawn = app.session.event.as_ref().unwrap().tournament.rounds[5].pairings[0]
        .ballot
        .clone()
        .unwrap();
    assert_eq!(drawn.seed, Some(42));
    // The same draw, done by the domain on the state before: the same cell.
    let (expected, _) = command::applied(
        &t,
        &Command::DrawBallot {
            round: 6,
            board: Some(1),
            seed: 42,
            at: drawn.at,
        },
    )
    .unwrap();
    let cell = expected.rounds[5].pairings[0]
        .ballot
        .as_ref()
        .unwrap()
        .cell
        .clone();
    assert_eq!(drawn.cell, cell);
    assert!(sees(&app, &cell), "the cell {cell} is shown large");
    assert!(text_containing(&app, &format!("IDF {cell} · зерно 42")).is_some());
}

/// The trial's finding: a seed of 19 digits, repeated on every board's line, wrapped the ballot
/// list line by line. A round drawn at once names its seed once, above the list.
#[test]
fn a_round_drawn_with_one_seed_names_it_once() {
    let path = event_copy("ballot-one-seed", SAMPLE);
    let mut t = shashki_arbiter::store::event::read(&path).unwrap();
    let seed = 1_234_567_890_123_456_789u64;
    for p in &mut t.rounds[5].pairings {
        if let Some(b) = p.ballot.as_mut() {
            b.seed = Some(seed);
        }
    }
    std::fs::write(
        &path,
        ron::ser::to_string_pretty(&t, ron::ser::PrettyConfig::default()).unwrap(),
    )
    .unwrap();
    let mut app = App::with(Some(&path), None, Lang::Ru, Time::Manual(0));
    let _ = app.update(Message::Tab(Tab::Ballot));
    assert!(sees(
        &app,
        &format!("Жеребьёвка тура за один раз, зерно: {seed}")
    ));
    let line = text_containing(&app, "1. ").expect("board 1's line");
    assert!(!line.contains(&seed.to_string()), "{line}");
    let _ = screenshot(&mut app, Size::new(1280.0, 800.0), "ballot-one-seed-ru");
}

/// Issue 53, item 8: with no board chosen the screen asks for one; it does not say that the
/// board's ballot is not drawn.
#[test]
fn with_no_board_chosen_the_ballot_screen_asks_for_one() {
    let mut app = app("ballot-no-board", Lang::Ru);
    let _ = app.update(Message::Tab(Tab::Ballot));
    app.ballot.board = None;
    assert!(sees(&app, "Выберите доску, чтобы увидеть её жребий."));
    assert!(!sees(&app, "Для этой доски жребий ещё не брошен."));
}

/// Issue 53, item 7: an event without ballots says where they are turned on, in both languages,
/// in the words of the tab, the section and the field the arbiter will look for.
#[test]
fn an_event_without_ballots_says_where_they_are_turned_on() {
    for (lang, said) in [
        (
            Lang::Ru,
            "Она включается в разделе Турнир › Настройки › Жеребьёвка начал.",
        ),
        (
            Lang::En,
            "They are turned on in Event › Settings › Opening ballot.",
        ),
    ] {
        let path = event_copy(
            &format!("no-ballots-{lang:?}"),
            "tournaments/international-round-robin.ron",
        );
        let mut app = App::with(Some(&path), None, lang, Time::Manual(0));
        let _ = app.update(Message::Tab(Tab::Ballot));
        assert!(text_containing(&app, said).is_some(), "{lang:?}");
        // The words are those the arbiter finds: the tab, the section, the field.
        let _ = app.update(Message::Tab(Tab::Event));
        let (tab, section) = match lang {
            Lang::Ru => ("Турнир", "Настройки"),
            Lang::En => ("Event", "Settings"),
        };
        assert!(sees(&app, tab), "{lang:?}");
        click(&mut app, section);
        assert!(
            sees(
                &app,
                said.rsplit(" › ").next().unwrap().trim_end_matches('.')
            ),
            "{lang:?}"
        );
    }
}
