//! The Games screen (issue 26): every game of a round with its score sheet, entered on screen,
//! checked from the ballot's start, kept (an illegal one as written, with the codex's
//! consequence), the times of the board's clock beside its moves.

use super::*;
use iced::widget::text_editor::{Action as EditorAction, Edit};
use shashki_arbiter::ui::screen::games::Message as G;
use shashki_arbiter::ui::screen::score_sheet::Message as Sheet;
use std::sync::Arc;

fn paste(app: &mut App, text: &str) {
    let _ = app.update(Message::Games(G::Sheet(Sheet::Edit(EditorAction::Edit(
        Edit::Paste(Arc::new(text.to_string())),
    )))));
}

fn stored(app: &App, board: usize, game: usize) -> Option<String> {
    let t = app.session.tournament().unwrap();
    let p = t
        .rounds
        .last()
        .unwrap()
        .pairings
        .iter()
        .find(|p| p.board == board);
    p.and_then(|p| p.records.get(&game).cloned())
}

#[test]
fn a_score_sheet_typed_on_the_games_screen_is_checked_from_the_ballot_and_kept_as_written() {
    let mut app = app("games-typed", Lang::Ru);
    key(
        &mut app,
        Key::Named(keyboard::key::Named::F7),
        Location::Standard,
        Modifiers::empty(),
    );
    assert_eq!(app.tab, Tab::Games, "F7 opens the Games screen");
    assert!(sees(&app, "Тур 6"), "the round being played is shown");
    // Board 1, game 1: picked in the table, its ballot said.
    let _ = app.update(Message::Games(G::Pick((1, 0))));
    assert!(
        text_containing(&app, "Начало: ").is_some(),
        "the ballot is said"
    );
    let first = first_legal(&app, 1, 0);
    paste(&mut app, &format!("1. {first} a1-h8"));
    // Checked as written, before it is kept: the illegal ply, the legal moves, the consequence.
    let flagged = text_containing(&app, "Ход невозможен").expect("the illegal ply is flagged");
    assert!(flagged.contains("«a1-h8»"), "{flagged}");
    assert!(sees(
        &app,
        "Не сохранено: бланк отличается от записи партии."
    ));
    assert!(
        text_containing(&app, "Соперник ещё не ответил").is_some(),
        "the codex's consequence of an illegal move the opponent has not replied to"
    );
    click(&mut app, "Сохранить бланк");
    assert_eq!(
        stored(&app, 1, 0).as_deref(),
        Some(format!("1. {first} a1-h8").as_str()),
        "kept as written, the illegal move included"
    );
    assert!(!sees(
        &app,
        "Не сохранено: бланк отличается от записи партии."
    ));
    // The table says it in a word, and a reply to the illegal move loses the right to correct it.
    assert!(
        text_containing(&app, "невозможен ход 1 (чёрные)").is_some()
            || text_containing(&app, "невозможен ход 2 (белые)").is_some(),
        "the table names the illegal move"
    );
    paste(&mut app, " gh4");
    assert!(text_containing(&app, "право требовать исправления утрачено").is_some());
    // Back to what is kept; and Ctrl+Z takes the record away again.
    click(&mut app, "Вернуть сохранённый");
    assert_eq!(
        app.games.sheet.record.text().trim(),
        format!("1. {first} a1-h8")
    );
    let _ = app.update(Message::Rounds(
        shashki_arbiter::ui::screen::rounds::Message::Undo,
    ));
    assert_eq!(stored(&app, 1, 0), None, "undone");
}

#[test]
fn moves_clicked_on_the_games_board_start_from_the_ballot_and_number_from_its_side() {
    use shashki_arbiter::rules::Board;
    let mut app = app("games-clicked", Lang::En);
    let _ = app.update(Message::Tab(Tab::Games));
    // Board 2, game 1: the ballot (IDF VII/22) leaves Black to move.
    let _ = app.update(Message::Games(G::Pick((2, 0))));
    let sq = |name: &str| Board::Eight.parse_square(name).unwrap().index();
    for s in ["h6", "g5"] {
        let _ = app.update(Message::Games(G::Sheet(Sheet::Square(sq(s)))));
    }
    assert_eq!(app.games.sheet.record.text().trim(), "1... h6-g5");
    assert!(sees(&app, "The 1 ply is legal."));
    click(&mut app, "Keep as the game's record");
    assert_eq!(stored(&app, 2, 0).as_deref(), Some("1... h6-g5"));
    assert!(sees(&app, "1 ply ✓"), "the table shows the kept sheet");
}

#[test]
fn the_times_of_the_boards_clock_stand_beside_its_moves() {
    use shashki_arbiter::ui::session::clocks::Request;
    let mut app = clocks_app("games-times", Lang::En);
    let board = clock_of(&app, 1);
    // 45 minutes for 20 moves, no increment: White thinks 10 s, Black 15 s, White 7 s.
    app.set_time_ms(1_000);
    app.session.clock(Request::Start(board));
    for (at, _) in [(11_000, "w"), (26_000, "b"), (33_000, "w")] {
        app.set_time_ms(at);
        app.session.clock(Request::Press { board, side: None });
    }
    let _ = app.update(Message::Tab(Tab::Games));
    let _ = app.update(Message::Games(G::Pick((1, 0))));
    let first = first_legal(&app, 1, 0);
    paste(&mut app, &format!("1. {first}"));
    // Three presses and one ply: the mismatch is said, the time goes on the ply that has it.
    let said = text_containing(&app, "The clock does not match the sheet").expect("said");
    assert!(said.contains("3 presses"), "{said}");
    assert!(said.contains("1 ply"), "{said}");
    assert!(
        text_containing(&app, &format!("{first}  44:50")).is_some(),
        "White had 44:50 left after his first move"
    );
    click(&mut app, "Keep as the game's record");
    let round = app
        .session
        .tournament()
        .unwrap()
        .rounds
        .last()
        .unwrap()
        .clone();
    let pdn = shashki_arbiter::tournament::records::round_pdn(
        app.session.tournament().unwrap(),
        &round,
        app.session.event.as_ref().map(|e| e.path()),
    );
    assert!(
        pdn.contains("{[%clock w0:44:50 b0:45:00]}"),
        "the collection carries the same time: {pdn}"
    );
}

/// The Claims screen's verdict goes on the game's score sheet, after the ply it was given on.
#[test]
fn a_claims_verdict_is_written_on_the_games_score_sheet() {
    use shashki_arbiter::rules::Color;
    use shashki_arbiter::ui::screen::claims::Message as C;
    let mut app = clocks_app("games-verdict", Lang::Ru);
    let first = first_legal(&app, 1, 0);
    let _ = app.update(Message::Tab(Tab::Games));
    let _ = app.update(Message::Games(G::Pick((1, 0))));
    paste(&mut app, &format!("1. {first}"));
    click(&mut app, "Сохранить бланк");
    let _ = app.update(Message::Tab(Tab::Claims));
    let _ = app.update(Message::Claims(C::Game((1, 0))));
    click(&mut app, "Открыть");
    click(&mut app, "Заявить троекратное повторение здесь");
    let board = clock_of(&app, 1);
    let _ = app.update(Message::Claims(C::Board(board)));
    let _ = app.update(Message::Claims(C::Claimant(Color::Black)));
    click(&mut app, "Записать решение");
    let record = stored(&app, 1, 0).expect("kept");
    assert!(record.starts_with(&format!("1. {first}")), "{record}");
    let t = &app.session.event.as_ref().unwrap().tournament;
    let p = &t.rounds.last().unwrap().pairings[0];
    let black = t.player(p.player_of(Color::Black, 0)).unwrap().full_name();
    assert!(
        record.contains(&format!(
            "{{Судья: троекратное повторение заявили чёрные, {black} — неверно"
        )),
        "{record}"
    );
    assert!(record.contains("неверно"), "{record}");
    // Recorded once: the verdict is gone, its button with it (a second press wrote it twice).
    assert!(app.claims.verdict.is_none());
    // The Games screen's field, which had no edits, follows the kept sheet: Keep there would
    // otherwise have written the verdict away.
    let _ = app.update(Message::Tab(Tab::Games));
    assert!(
        app.games.sheet.record.text().contains("{Судья:"),
        "{}",
        app.games.sheet.record.text()
    );
    assert!(!sees(
        &app,
        "Не сохранено: бланк отличается от записи партии."
    ));
    let _ = app.update(Message::Games(G::Pick((1, 0))));
    assert!(sees(&app, "В записи 1 полуход, все допустимы."));
}

#[test]
fn the_games_screen_renders() {
    use shashki_arbiter::ui::session::clocks::Request;
    let mut app = clocks_app("games-shot", Lang::Ru);
    let line = legal_line(&app, 1, 0, 7);
    let board = clock_of(&app, 1);
    app.set_time_ms(1_000);
    app.session.clock(Request::Start(board));
    for k in 1..=7u64 {
        app.set_time_ms(1_000 + k * 37_000 + k * k * 900);
        app.session.clock(Request::Press { board, side: None });
    }
    let _ = app.update(Message::Tab(Tab::Games));
    let _ = app.update(Message::Games(G::Pick((1, 0))));
    let mut sheet = String::new();
    for (i, m) in line.iter().enumerate() {
        if i % 2 == 0 {
            sheet.push_str(&format!("{}. ", i / 2 + 1));
        }
        sheet.push_str(m);
        sheet.push(' ');
    }
    paste(&mut app, sheet.trim_end());
    click(&mut app, "Сохранить бланк");
    assert!(sees(&app, "Часы: 7 нажатий, по одному на каждый полуход"));
    let _ = app.update(Message::Games(G::Sheet(Sheet::Ply(5))));
    let _ = screenshot(&mut app, Size::new(1280.0, 800.0), "games-sheet-ru");
}

/// Found in the real window: edits not kept were lost when another game (or the same one) was
/// picked in the table.
#[test]
fn edits_not_kept_stay_until_kept_or_dropped() {
    let mut app = app("games-unsaved", Lang::Ru);
    let _ = app.update(Message::Tab(Tab::Games));
    let _ = app.update(Message::Games(G::Pick((1, 0))));
    let first = first_legal(&app, 1, 0);
    paste(&mut app, &format!("1. {first}"));
    let _ = app.update(Message::Games(G::Pick((1, 0))));
    assert_eq!(app.games.sheet.record.text().trim(), format!("1. {first}"));
    let _ = app.update(Message::Games(G::Pick((2, 0))));
    assert_eq!(app.games.chosen, Some((1, 0)), "another game is refused");
    let said = app.session.status.as_ref().unwrap();
    assert!(
        said.error && said.text.contains("Бланк не сохранён"),
        "{}",
        said.text
    );
    assert_eq!(app.games.sheet.record.text().trim(), format!("1. {first}"));
    click(&mut app, "Вернуть сохранённый");
    let _ = app.update(Message::Games(G::Pick((2, 0))));
    assert_eq!(app.games.chosen, Some((2, 0)));
}

/// Found in the real window: another board's game loaded from a PDN file read legal from its own
/// FEN, then was kept as moves of this game and read from this game's ballot.
#[test]
fn a_sheet_from_another_start_is_refused() {
    let mut app = app("games-foreign", Lang::Ru);
    let t = app.session.tournament().unwrap().clone();
    let round = t.rounds.last().unwrap();
    let p1 = round.pairings.iter().find(|p| p.board == 1).unwrap();
    let mut other = shashki_arbiter::tournament::records::game_pdn(&t, round, p1, 0);
    let first = first_legal(&app, 1, 0);
    other.moves = shashki_arbiter::rules::pdn::read(&format!("1. {first}"))
        .unwrap()
        .remove(0)
        .moves;
    let text = shashki_arbiter::tournament::records::write(&t, &other);
    let _ = app.update(Message::Tab(Tab::Games));
    let _ = app.update(Message::Games(G::Pick((3, 0))));
    paste(&mut app, &text);
    click(&mut app, "Сохранить бланк");
    assert_eq!(stored(&app, 3, 0), None, "nothing kept");
    let said = app.session.status.as_ref().unwrap();
    assert!(
        said.error && said.text.contains("Бланк начинается с другой позиции"),
        "{}",
        said.text
    );
}

/// Issue 35 §7: the Games table was 230 px high whatever the screen: 7 of round 6's 10 games
/// showed over an empty half screen. With no game picked it uses the height: the last game's
/// row is on a 1280x800 screen.
#[test]
fn the_games_table_uses_the_screens_height() {
    let mut app = app("games-height", Lang::Ru);
    let _ = app.update(Message::Tab(Tab::Games));
    let mut ui = simulator(&app, Size::new(1280.0, 800.0));
    // «Петров Владимир» is White in board 5's game 1 and Black in game 2, the last row.
    let mut seen = 0;
    let last_row = ui
        .find(move |c: Candidate<'_>| match c {
            Candidate::Text {
                content: "Петров Владимир",
                visible_bounds,
                ..
            } => {
                seen += 1;
                (seen == 2).then_some(visible_bounds)
            }
            _ => None,
        })
        .expect("board 5, game 2 is in the table");
    assert!(last_row.is_some(), "the last game's row is on screen");
}
