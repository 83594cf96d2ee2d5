//! The Claims screen: records checked, claims judged and recorded, moves clicked.

use super::*;

#[test]
fn an_illegal_move_in_a_typed_game_is_flagged_with_the_legal_moves() {
    let mut app = app("claims", Lang::En);
    let _ = app.update(Message::Tab(Tab::Claims));
    app.claims.record = iced::widget::text_editor::Content::with_text("1. cd4 fe5 2. ab4 ba5");
    click(&mut app, "Check the record");
    let flagged = text_containing(&app, "Illegal at move").expect("the illegal ply is flagged");
    assert!(flagged.contains("Illegal at move 2 (White)"), "{flagged}");
    assert!(flagged.contains("«ab4»"), "{flagged}");
    assert!(flagged.contains("a capture is compulsory"), "{flagged}");
    // The legal alternatives are the engine's: the capture that was compulsory.
    let replay = match &app.claims.checked {
        Some(Ok(r)) => r.clone(),
        other => panic!("{other:?}"),
    };
    let legal = replay.first_illegal.as_ref().unwrap().legal.join(", ");
    assert!(flagged.ends_with(&legal), "{flagged} / {legal}");
    assert_eq!(replay.moves.len(), 2, "the record stops at the illegal ply");
}

#[test]
fn a_threefold_repetition_claim_is_judged_with_its_occurrences() {
    let mut app = app("repetition", Lang::En);
    let _ = app.update(Message::Tab(Tab::Claims));
    // Kings shuffle: after 3.… the position after ply 0 recurs at plies 4 and 8.
    app.claims.record = iced::widget::text_editor::Content::with_text(
        "[FEN \"W:WKa1:BKh2\"]\n1. a1b2 h2g1 2. b2a1 g1h2 3. a1b2 h2g1 4. b2a1 g1h2",
    );
    click(&mut app, "Check the record");
    assert!(
        sees(&app, "All 8 plies are legal."),
        "{:?}",
        app.claims.checked
    );
    click(&mut app, "Claim threefold repetition here");
    let verdict = text_containing(&app, "CLAIM VALID").expect("a valid claim");
    assert!(verdict.contains("[0, 4, 8]"), "{verdict}");
}

#[test]
fn a_valid_claim_is_recorded_as_a_draw_with_its_verdict() {
    use shashki_arbiter::rules::Color;
    use shashki_arbiter::ui::screen::claims::Message as Claims;
    let mut app = app("claim-record", Lang::En);
    let _ = app.update(Message::Tab(Tab::Clocks));
    click(&mut app, "Clocks for round 6, game 1");
    let _ = app.update(Message::Tab(Tab::Claims));
    app.claims.record = iced::widget::text_editor::Content::with_text(
        "[FEN \"W:WKa1:BKh2\"]\n1. a1b2 h2g1 2. b2a1 g1h2 3. a1b2 h2g1 4. b2a1 g1h2",
    );
    click(&mut app, "Check the record");
    click(&mut app, "Claim threefold repetition here");
    let _ = app.update(Message::Claims(Claims::Board(2)));
    let _ = app.update(Message::Claims(Claims::Claimant(Color::White)));
    click(&mut app, "Record the verdict");
    let p = &app.session.event.as_ref().unwrap().tournament.rounds[5].pairings[2];
    assert_eq!(p.games[0], GameResult::Draw);
    assert!(
        p.notes[0].contains("threefold repetition claimed by"),
        "{:?}",
        p.notes
    );
    assert!(p.notes[0].contains("valid, draw"), "{:?}", p.notes);
}

#[test]
fn moves_entered_by_clicking_squares_are_written_and_checked() {
    use shashki_arbiter::rules::Board;
    use shashki_arbiter::ui::screen::claims::Message as Claims;
    let mut app = app("click-moves", Lang::En);
    let _ = app.update(Message::Tab(Tab::Claims));
    let sq = |name: &str| Board::Eight.parse_square(name).unwrap();
    for s in ["c3", "d4", "f6", "e5"] {
        let _ = app.update(Message::Claims(Claims::Square(sq(s))));
    }
    assert_eq!(app.claims.record.text().trim(), "1. c3-d4 f6-e5");
    // A capture is compulsory now: a quiet move is refused and not written.
    let _ = app.update(Message::Claims(Claims::Square(sq("a3"))));
    let _ = app.update(Message::Claims(Claims::Square(sq("b4"))));
    assert!(
        app.session.status.as_ref().unwrap().error,
        "{:?}",
        app.session.status
    );
    let _ = app.update(Message::Claims(Claims::Square(sq("d4"))));
    let _ = app.update(Message::Claims(Claims::Square(sq("f6"))));
    assert_eq!(app.claims.record.text().trim(), "1. c3-d4 f6-e5 2. d4:f6");
    assert!(sees(&app, "All 3 plies are legal."));
}

#[test]
fn the_game_typed_for_a_claim_comes_back_after_a_restart() {
    use iced::widget::text_editor::{Action as Editor, Edit};
    use shashki_arbiter::ui::screen::claims::Message as Claims;
    use std::sync::Arc;
    let mut app = app("claim-kept", Lang::En);
    let _ = app.update(Message::Tab(Tab::Claims));
    let typed = "1. cd4 ba5 2. gh4 hg5";
    let _ = app.update(Message::Claims(Claims::Edit(Editor::Edit(Edit::Paste(
        Arc::new(typed.to_string()),
    )))));
    let path = app.session.event.as_ref().unwrap().path().to_path_buf();
    drop(app);
    let mut back = App::with(Some(&path), None, Lang::En, Time::Manual(0));
    assert_eq!(back.claims.record.text().trim(), typed);
    let _ = back.update(Message::Tab(Tab::Claims));
    assert!(sees(&back, "All 4 plies are legal."), "checked on open");
}

#[test]
fn a_towers_event_is_saved_with_its_variant_and_its_claims_screen_says_where_games_are_checked() {
    use shashki_arbiter::rules::columns::{AnyVariant, ColumnVariant};
    use shashki_arbiter::tournament::model::{Player, System, Tournament};
    let dir = std::env::temp_dir().join(format!("shashki-ui-{}-towers", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut t = Tournament::new(
        "Кубок по столбовым шашкам",
        ColumnVariant::Towers,
        System::RoundRobin,
        "25m+10s".parse().unwrap(),
        1,
    );
    for i in 1..=4u32 {
        let player = Player::new(i, ["Орлова", "Белов", "Жуков", "Титова"][i as usize - 1]);
        command::apply(&mut t, &Command::AddPlayer { player }).unwrap();
    }
    command::apply(
        &mut t,
        &Command::PairRound {
            round: 1,
            table_round: None,
        },
    )
    .unwrap();
    let path = dir.join("towers.ron");
    EventFile::create(&path, t).unwrap();
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(saved.contains("variant: \"towers\""), "{saved}");
    let mut app = App::with(Some(&path), None, Lang::Ru, Time::Manual(0));
    let t = app.session.tournament().unwrap();
    assert_eq!(
        t.settings.variant,
        AnyVariant::Columns(ColumnVariant::Towers)
    );
    // A result is entered as in any event.
    let _ = app.update(Message::Tab(Tab::Rounds));
    char_key(&mut app, "1");
    assert!(
        !app.session.status.as_ref().unwrap().error,
        "{:?}",
        app.session.status
    );
    let _ = app.update(Message::Tab(Tab::Claims));
    let note = text_containing(&app, "Столбовые шашки").expect("the screen says what it does");
    assert!(note.contains("check --variant towers"), "{note}");
}
