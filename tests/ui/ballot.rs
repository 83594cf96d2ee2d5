//! The Ballot screen: openings drawn board by board.

use super::*;

#[test]
fn a_ballot_drawn_with_a_fixed_seed_shows_its_cell_large() {
    let mut app = app("ballot", Lang::Ru);
    let _ = app.update(Message::Tab(Tab::Ballot));
    // Board 1 of round 6 already has its opening: take it back as a hand entry would.
    app.ballot.manual_cell.clear();
    click(&mut app, "Ввести");
    assert!(
        app.session.event.as_ref().unwrap().tournament.rounds[5].pairings[0]
            .ballot
            .is_none()
    );

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
    let t = app.session.event.as_ref().unwrap().tournament.clone();
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
