//! The Claims screen: records checked, claims judged and recorded, moves clicked.

use super::*;

#[test]
fn an_illegal_move_in_a_typed_game_is_flagged_with_the_legal_moves() {
    let mut app = app("claims", Lang::En);
    let _ = app.update(Message::Tab(Tab::Claims));
    app.claims.sheet.record =
        iced::widget::text_editor::Content::with_text("1. cd4 fe5 2. ab4 ba5");
    click(&mut app, "Check the record");
    let flagged = text_containing(&app, "Illegal at move").expect("the illegal ply is flagged");
    assert!(flagged.contains("Illegal at move 2 (White)"), "{flagged}");
    assert!(flagged.contains("“ab4”"), "{flagged}");
    assert!(flagged.contains("a capture is compulsory"), "{flagged}");
    // After 1.cd4 fe5 White's only legal move is the capture d4:f6 (the rule of compulsory
    // capture, worked out by hand), and the screen lists just it.
    let replay = match &app.claims.sheet.checked {
        Some(Ok(r)) => r.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(replay.first_illegal().unwrap().legal, ["d4:f6"]);
    assert!(flagged.ends_with("Legal here: d4:f6"), "{flagged}");
    assert_eq!(replay.plies(), 2, "the record stops at the illegal ply");
}

#[test]
fn a_threefold_repetition_claim_is_judged_with_its_occurrences() {
    let mut app = app("repetition", Lang::En);
    let _ = app.update(Message::Tab(Tab::Claims));
    // Kings shuffle: after 3.… the position after ply 0 recurs at plies 4 and 8.
    app.claims.sheet.record = iced::widget::text_editor::Content::with_text(
        "[FEN \"W:WKa1:BKh2\"]\n1. a1b2 h2g1 2. b2a1 g1h2 3. a1b2 h2g1 4. b2a1 g1h2",
    );
    click(&mut app, "Check the record");
    assert!(
        sees(&app, "All 8 plies are legal."),
        "{:?}",
        app.claims.sheet.checked
    );
    click(&mut app, "Claim threefold repetition here");
    let verdict = text_containing(&app, "CLAIM VALID").expect("a valid claim");
    // The draw is said once (the trial read "CLAIM VALID — draw: …: draw").
    assert_eq!(
        verdict,
        "CLAIM VALID (White): the position stood after plies 0, 4, 8: draw"
    );
}

#[test]
fn a_valid_claim_is_recorded_as_a_draw_with_its_verdict() {
    let mut app = clocks_app("claim-record", Lang::En);
    a_repetition_claimed_on_board_3(&mut app);
    click(&mut app, "Record the verdict");
    let t = &app.session.event.as_ref().unwrap().tournament;
    let p = &t.rounds[5].pairings[2];
    assert_eq!(p.games[0], GameResult::Draw);
    // The verdict names the claimant: his side and who had it in that game.
    let white = t.player(p.white).unwrap().full_name();
    let note = |lang| p.notes[0].get(lang).to_string();
    assert!(
        note(Lang::En).contains(&format!(
            "threefold repetition claimed by White, {white} — "
        )),
        "{:?}",
        p.notes
    );
    assert!(note(Lang::En).contains("valid, draw"), "{:?}", p.notes);
    // Kept in both languages: the Russian chief report of an event run in English says it in
    // Russian (it printed the English verdict).
    assert!(
        note(Lang::Ru).starts_with(&format!(
            "партия 1: троекратное повторение заявили белые, {white} — верно, ничья"
        )),
        "{:?}",
        p.notes
    );
}

#[test]
fn moves_entered_by_clicking_squares_are_written_and_checked() {
    use shashki_arbiter::rules::Board;
    use shashki_arbiter::ui::screen::claims::Message as Claims;
    use shashki_arbiter::ui::screen::score_sheet::Message as Sheet;
    let mut app = app("click-moves", Lang::En);
    let _ = app.update(Message::Tab(Tab::Claims));
    let sq = |name: &str| Board::Eight.parse_square(name).unwrap().index();
    for s in ["c3", "d4", "f6", "e5"] {
        let _ = app.update(Message::Claims(Claims::Sheet(Sheet::Square(sq(s)))));
    }
    assert_eq!(app.claims.sheet.record.text().trim(), "1. c3-d4 f6-e5");
    // A capture is compulsory now: a quiet move is refused and not written.
    let _ = app.update(Message::Claims(Claims::Sheet(Sheet::Square(sq("a3")))));
    let _ = app.update(Message::Claims(Claims::Sheet(Sheet::Square(sq("b4")))));
    let refused = app.session.status.clone().unwrap();
    assert!(refused.error, "{refused:?}");
    assert!(
        refused.text.contains("a capture is compulsory: d4:f6"),
        "the refusal says which capture: {refused:?}"
    );
    let _ = app.update(Message::Claims(Claims::Sheet(Sheet::Square(sq("d4")))));
    let _ = app.update(Message::Claims(Claims::Sheet(Sheet::Square(sq("f6")))));
    assert_eq!(
        app.claims.sheet.record.text().trim(),
        "1. c3-d4 f6-e5 2. d4:f6"
    );
    assert!(sees(&app, "All 3 plies are legal."));
    // The red refusal went with the legal move that followed (it stayed, in the trial).
    assert!(
        app.session.status.as_ref().is_none_or(|s| !s.error),
        "{:?}",
        app.session.status
    );
    // And a status in one language does not stay when the console switches to the other.
    app.session.say(false, "saved");
    let _ = app.update(Message::Lang(Lang::Ru));
    assert!(app.session.status.is_none());
}

#[test]
fn the_game_typed_for_a_claim_comes_back_after_a_restart() {
    use iced::widget::text_editor::{Action as Editor, Edit};
    use shashki_arbiter::ui::screen::claims::Message as Claims;
    use shashki_arbiter::ui::screen::score_sheet::Message as Sheet;
    use std::sync::Arc;
    let mut app = app("claim-kept", Lang::En);
    let _ = app.update(Message::Tab(Tab::Claims));
    let typed = "1. cd4 ba5 2. gh4 hg5";
    let _ = app.update(Message::Claims(Claims::Sheet(Sheet::Edit(Editor::Edit(
        Edit::Paste(Arc::new(typed.to_string())),
    )))));
    let path = app.session.event.as_ref().unwrap().path().to_path_buf();
    drop(app);
    let mut back = App::with(Some(&path), None, Lang::En, Time::Manual(0));
    assert_eq!(back.claims.sheet.record.text().trim(), typed);
    let _ = back.update(Message::Tab(Tab::Claims));
    assert!(sees(&back, "All 4 plies are legal."), "checked on open");
}

/// A 4-player event of a column variant, paired, saved and opened in Russian.
fn column_event(name: &str, variant: ColumnVariant) -> App {
    let path = event_in(name, 2, variant.into());
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(
        saved.contains(&format!("variant: \"{variant}\"")),
        "{saved}"
    );
    App::with(Some(&path), None, Lang::Ru, Time::Manual(0))
}

use shashki_arbiter::rules::columns::{AnyVariant, ColumnVariant};
use shashki_arbiter::tournament::id::GameRef;

/// The codex's example game (columns.md §6), full record.
const CODEX_GAME: &str = "1. c3-b4 b6-c5 2. b4-a5 a7-b6 3. b2-c3 c5-b4 4. a3:a7 c7-b6 5. a5:e5 f6:b2 6. a1:c3 d8-c7 7. g3-f4 e5:g3 8. h2:f4 g3:e5 9. e3:g5 h6:f4 10. d2-e3 f4:b4 11. b2:d4:f6:d8:a5:d2:h6 1-0";

#[test]
fn a_towers_game_is_replayed_on_the_claims_screen_with_its_columns_and_counter() {
    let mut app = column_event("towers-claims", ColumnVariant::Towers);
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
    app.claims.sheet.record = iced::widget::text_editor::Content::with_text(CODEX_GAME);
    click(&mut app, "Проверить запись");
    assert!(
        sees(&app, "В записи 21 полуход, все допустимы."),
        "{:?}",
        app.claims
            .sheet
            .checked
            .as_ref()
            .map(|c| c.as_ref().map(|r| r.plies()))
    );
    // The final position of the codex: h6 holds a white king over a white man and six black men.
    let replay = app.claims.sheet.checked.clone().unwrap().unwrap();
    let h6 = replay.diagram(21);
    let h6 = h6.spots.iter().find(|s| s.name == "h6").unwrap();
    assert_eq!(h6.pieces.len(), 8);
    assert!(h6.pieces[0].king);
    // The 15-move counter starts again after the last capture.
    let counter =
        text_containing(&app, "без изменения соотношения сил").expect("the towers counter");
    assert!(counter.contains("0 / 15"), "{counter}");
    // The move list writes the codex's moves.
    assert!(sees(&app, "11. b2:h6"));
    click(&mut app, "Заявить троекратное повторение здесь");
    let verdict = text_containing(&app, "ЗАЯВЛЕНИЕ НЕВЕРНО").expect("no repetition in this game");
    assert!(verdict.contains("1 раз"), "{verdict}");
}

#[test]
fn towers_moves_are_clicked_and_captures_over_the_same_squares_are_told_apart() {
    use shashki_arbiter::ui::screen::claims::Message as Claims;
    use shashki_arbiter::ui::screen::score_sheet::Message as Sheet;
    let mut app = column_event("towers-click", ColumnVariant::Towers);
    let _ = app.update(Message::Tab(Tab::Claims));
    // A man with four black men around a ring: two captures go round it, one each way, and both
    // end where they started.
    app.claims.sheet.record =
        iced::widget::text_editor::Content::with_text("[FEN \"W:Wc3:Bd4,f4,d2,f2,h8\"]");
    click(&mut app, "Проверить запись");
    let square = |name: &str| {
        let d = app
            .claims
            .sheet
            .checked
            .clone()
            .unwrap()
            .unwrap()
            .diagram(0);
        d.spots.iter().find(|s| s.name == name).unwrap().id
    };
    let (c3, e5, g3, e1) = (square("c3"), square("e5"), square("g3"), square("e1"));
    let press = |app: &mut App, id| {
        let _ = app.update(Message::Claims(Claims::Sheet(Sheet::Square(id))));
    };
    press(&mut app, c3);
    press(&mut app, c3);
    let asked = app.session.status.clone().unwrap();
    assert!(
        asked.error && asked.text.contains("Несколько взятий"),
        "{asked:?}"
    );
    assert_eq!(
        app.claims.sheet.record.text().trim(),
        "[FEN \"W:Wc3:Bd4,f4,d2,f2,h8\"]"
    );
    for id in [e5, g3, e1, c3] {
        press(&mut app, id);
    }
    assert!(
        app.claims
            .sheet
            .record
            .text()
            .ends_with("1. c3:e5:g3:e1:c3"),
        "{}",
        app.claims.sheet.record.text()
    );
    assert!(sees(&app, "В записи 1 полуход, все допустимы."));
}

#[test]
fn a_laska_event_replays_and_clicks_numbered_moves() {
    use shashki_arbiter::ui::screen::claims::Message as Claims;
    use shashki_arbiter::ui::screen::score_sheet::Message as Sheet;
    let mut app = column_event("laska-click", ColumnVariant::Laska);
    let _ = app.update(Message::Tab(Tab::Claims));
    // Laska's squares are numbered from White's lower-left corner: 9 is c3, 13 is d4.
    for id in [8u8, 12] {
        let _ = app.update(Message::Claims(Claims::Sheet(Sheet::Square(id))));
    }
    assert_eq!(app.claims.sheet.record.text().trim(), "1. 9-13");
    let laska = app
        .claims
        .sheet
        .checked
        .clone()
        .unwrap()
        .unwrap()
        .diagram(1);
    assert_eq!(laska.size, 7);
    assert_eq!(laska.spot(12).unwrap().pieces.len(), 1);
}

#[test]
fn a_whole_column_lifted_off_the_board_is_named() {
    let mut app = column_event("towers-after", ColumnVariant::Towers);
    let _ = app.update(Message::Tab(Tab::Claims));
    app.claims.sheet.record =
        iced::widget::text_editor::Content::with_text("[FEN \"W:Wc3:Bd4(bww),h8\"]");
    click(&mut app, "Проверить запись");
    let _ = app.update(Message::Claims(
        shashki_arbiter::ui::screen::claims::Message::AfterFen("B:We5(wb):Bh8".into()),
    ));
    click(&mut app, "Сравнить с возможными ходами");
    let verdict = text_containing(&app, "Ход невозможен").expect("the slip is named");
    assert!(verdict.contains("c3:e5"), "{verdict}");
    assert!(verdict.contains("d4 (ww)"), "{verdict}");
}

/// Where on the console (1280x800) a click sends each square of the Claims board: a grid of
/// clicks over the window's right part, through the view as a mouse would.
fn board_points(app: &App) -> Vec<(iced::Point, u8)> {
    use shashki_arbiter::ui::screen::claims::Message as Claims;
    use shashki_arbiter::ui::screen::score_sheet::Message as Sheet;
    let mut found: Vec<(iced::Point, u8)> = Vec::new();
    for x in (760..1280).step_by(20) {
        for y in (60..800).step_by(20) {
            let point = iced::Point::new(x as f32, y as f32);
            let mut ui = simulator(app, Size::new(1280.0, 800.0));
            ui.point_at(point);
            let _ = ui.simulate(iced_test::simulator::click());
            for m in ui.into_messages() {
                if let Message::Claims(Claims::Sheet(Sheet::Square(id))) = m {
                    found.push((point, id));
                }
            }
        }
    }
    found
}

#[test]
fn the_board_on_the_claims_screen_answers_clicks_on_every_square() {
    let mut app = column_event("towers-board-clicks", ColumnVariant::Towers);
    let _ = app.update(Message::Tab(Tab::Claims));
    let points = board_points(&app);
    let mut ids: Vec<u8> = points.iter().map(|p| p.1).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 32, "every playing square answers a click");
    let square = |name: &str| {
        let d = shashki_arbiter::rules::diagram::Diagram::from(&ColumnVariant::Towers.start());
        let id = d.spots.iter().find(|s| s.name == name).unwrap().id;
        points.iter().find(|p| p.1 == id).unwrap().0
    };
    for name in ["c3", "d4"] {
        let point = square(name);
        let messages: Vec<Message> = {
            let mut ui = simulator(&app, Size::new(1280.0, 800.0));
            ui.point_at(point);
            let _ = ui.simulate(iced_test::simulator::click());
            ui.into_messages().collect()
        };
        for m in messages {
            let _ = app.update(m);
        }
    }
    assert_eq!(app.claims.sheet.record.text().trim(), "1. c3-d4");
}

#[test]
fn column_games_render_for_the_readme() {
    let console = Size::new(1280.0, 800.0);
    let mut app = column_event("towers-shot", ColumnVariant::Towers);
    let _ = app.update(Message::Tab(Tab::Claims));
    app.claims.sheet.record = iced::widget::text_editor::Content::with_text(CODEX_GAME);
    click(&mut app, "Проверить запись");
    // The mouse over h6: the column's eight pieces listed beside the board.
    let replay = app.claims.sheet.checked.clone().unwrap().unwrap();
    let h6 = replay
        .diagram(21)
        .spots
        .iter()
        .find(|s| s.name == "h6")
        .unwrap()
        .id;
    // (Without the status line, as the screenshot is taken: the board sits where it will be.)
    app.session.status = None;
    let over = board_points(&app)
        .into_iter()
        .find(|p| p.1 == h6)
        .unwrap()
        .0;
    screenshot_at(&mut app, console, "claims-towers-ru", Some(over), &[]);

    // Laska, in English: fourteen plies clicked on the board, captures first, so columns grow.
    use shashki_arbiter::ui::screen::claims::Message as Claims;
    use shashki_arbiter::ui::screen::score_sheet::Message as Sheet;
    let path = event_in("laska-shot", 2, ColumnVariant::Laska.into());
    let mut app = App::with(Some(&path), None, Lang::En, Time::Manual(0));
    let _ = app.update(Message::Tab(Tab::Claims));
    click(&mut app, "Check the record");
    for _ in 0..14 {
        let replay = app.claims.sheet.checked.clone().unwrap().unwrap();
        let entries = replay.entries();
        let pick = entries
            .iter()
            .max_by_key(|e| e.route.len())
            .expect("a move to play");
        let before = replay.plies();
        for &id in &pick.route {
            let _ = app.update(Message::Claims(Claims::Sheet(Sheet::Square(id))));
        }
        let after = app.claims.sheet.checked.clone().unwrap().unwrap().plies();
        assert_eq!(
            after,
            before + 1,
            "{} was entered by clicking",
            pick.written
        );
    }
    assert!(sees(&app, "All 14 plies are legal."));
    let tallest = app
        .claims
        .sheet
        .checked
        .clone()
        .unwrap()
        .unwrap()
        .diagram(14)
        .spots
        .iter()
        .map(|s| s.pieces.len())
        .max()
        .unwrap();
    assert!(tallest > 1, "captures built a column");
    let _ = screenshot(&mut app, console, "claims-laska-en");
}

/// Issue 26: the Claims screen works on a game's stored score sheet — opened from the game's
/// start (the ballot's position), checked, kept back as that game's record (journaled; an
/// illegal one too, as written), no retyping.
#[test]
fn a_games_score_sheet_is_opened_checked_and_kept_from_the_claims_screen() {
    use shashki_arbiter::ui::screen::claims::Message as C;
    let mut app = app("sheet-claims", Lang::Ru);
    let _ = app.update(Message::Tab(Tab::Claims));
    assert!(sees(&app, "Бланк записи"));
    let _ = app.update(Message::Claims(C::Game((1, 0))));
    click(&mut app, "Открыть");
    let opened = app.claims.sheet.record.text();
    assert!(
        opened.contains("[FEN \"") && opened.contains("[Board \"1\"]"),
        "{opened}"
    );
    // The first legal move from the ballot's position, then one nobody can make.
    let first = first_legal(&app, 1, 0);
    let sheet = opened.replace(" *", &format!(" 1. {first} a1-h8 *"));
    app.claims.sheet.record = iced::widget::text_editor::Content::with_text(&sheet);
    click(&mut app, "Проверить запись");
    click(&mut app, "Сохранить как бланк");
    let kept = app
        .session
        .tournament()
        .unwrap()
        .rounds
        .last()
        .unwrap()
        .pairings[0]
        .records
        .get(&0)
        .cloned();
    assert_eq!(kept.as_deref(), Some(format!("1. {first} a1-h8").as_str()));
    let status = app.session.status.as_ref().unwrap().text.clone();
    assert!(status.contains("бланк записи сохранён"), "{status}");
    // Opened again: the same sheet, checked, its illegal ply found.
    app.claims.sheet.record = iced::widget::text_editor::Content::new();
    click(&mut app, "Открыть");
    assert!(app.claims.sheet.record.text().contains("a1-h8"));
    let illegal = match &app.claims.sheet.checked {
        Some(Ok(replay)) => replay.first_illegal().map(|i| i.ply),
        other => panic!("{other:?}"),
    };
    assert_eq!(illegal, Some(2));
}

/// The trial (item 13): the red «Выберите доску, на часах которой шла проверка» stayed after a
/// later legal check, and a refusal on one screen followed the arbiter to the next.
#[test]
fn a_refusal_goes_with_a_later_legal_check_or_another_screen() {
    use shashki_arbiter::ui::screen::claims::Message as C;
    let mut app = app("stale-refusal", Lang::Ru);
    let _ = app.update(Message::Tab(Tab::Claims));
    let refuse = |app: &mut App| {
        let _ = app.update(Message::Claims(C::StartClaim));
        assert!(app.session.status.as_ref().unwrap().error);
    };
    refuse(&mut app);
    app.claims.sheet.record = iced::widget::text_editor::Content::with_text("1. cd4 ba5");
    click(&mut app, "Проверить запись");
    assert!(app.session.status.is_none(), "{:?}", app.session.status);
    refuse(&mut app);
    let _ = app.update(Message::Tab(Tab::Event));
    assert!(app.session.status.is_none(), "{:?}", app.session.status);
}

/// In the real window a game's sheet opened from the Claims screen took no move clicked on the
/// board: the opened game ends with its result marker (`*`) and the move went after it, into a
/// game of its own. Clicked moves go before the marker; an empty sheet is not "kept".
#[test]
fn moves_clicked_on_an_opened_sheet_go_before_its_result_and_are_kept() {
    use shashki_arbiter::rules::Board;
    use shashki_arbiter::ui::screen::claims::Message as C;
    let mut app = app("sheet-clicks", Lang::Ru);
    let _ = app.update(Message::Tab(Tab::Claims));
    // Board 2, game 1: the ballot (IDF VII/22) leaves Black to move.
    let _ = app.update(Message::Claims(C::Game((2, 0))));
    click(&mut app, "Открыть");
    click(&mut app, "Сохранить как бланк");
    let said = app.session.status.as_ref().unwrap().text.clone();
    assert_eq!(said, "В записи нет ходов: сохранять нечего");
    let sq = |name: &str| Board::Eight.parse_square(name).unwrap().index();
    for s in ["h6", "g5"] {
        let _ = app.update(Message::Claims(C::Sheet(
            shashki_arbiter::ui::screen::score_sheet::Message::Square(sq(s)),
        )));
    }
    let text = app.claims.sheet.record.text();
    assert!(text.trim_end().ends_with("1... h6-g5 *"), "{text}");
    assert!(matches!(&app.claims.sheet.checked, Some(Ok(r)) if r.plies() == 1));
    click(&mut app, "Сохранить как бланк");
    let p = &app.session.tournament().unwrap().rounds[5].pairings[1];
    assert_eq!(p.records.get(&0).map(String::as_str), Some("1... h6-g5"));
}

/// Issue 35: a verdict never replaces a result already entered without a word. Board 3's game 1
/// holds 1-0: «Record the verdict» says old → new for that game of the micromatch, changes
/// nothing, and only the same press again records the draw.
#[test]
fn a_verdict_over_an_entered_result_asks_first() {
    use shashki_arbiter::tournament::command::Command;
    let mut app = clocks_app("claim-over-result", Lang::En);
    assert!(app.session.apply(Command::SetResult {
        game: GameRef {
            round: 6,
            board: 3,
            game: 0
        },
        result: GameResult::WhiteWins
    }));
    a_repetition_claimed_on_board_3(&mut app);
    let game_1 =
        |app: &App| app.session.event.as_ref().unwrap().tournament.rounds[5].pairings[2].games[0];
    click(&mut app, "Record the verdict");
    assert_eq!(game_1(&app), GameResult::WhiteWins, "asked, not replaced");
    let status = app.session.status.clone().unwrap();
    assert!(
        status
            .text
            .contains("Board 3, game 1 of the micromatch: result 1-0 → ½-½"),
        "{status:?}"
    );
    click(&mut app, "Record the verdict");
    assert_eq!(game_1(&app), GameResult::Draw);
}

/// On the Claims screen: a record whose position stands a third time, claimed at its end by
/// White on board 3's clock (the hall's third), the verdict not yet recorded.
fn a_repetition_claimed_on_board_3(app: &mut App) {
    use shashki_arbiter::rules::Color;
    use shashki_arbiter::ui::screen::claims::Message as Claims;
    let _ = app.update(Message::Tab(Tab::Claims));
    app.claims.sheet.record = iced::widget::text_editor::Content::with_text(
        "[FEN \"W:WKa1:BKh2\"]\n1. a1b2 h2g1 2. b2a1 g1h2 3. a1b2 h2g1 4. b2a1 g1h2",
    );
    click(app, "Check the record");
    click(app, "Claim threefold repetition here");
    let _ = app.update(Message::Claims(Claims::Board(2)));
    let _ = app.update(Message::Claims(Claims::Claimant(Color::White)));
}

/// Issue 35: the claim's status line names the board and the claimant; after «Resolve» it says
/// whose clock runs now (it went on saying the claimant's clock runs).
#[test]
fn the_claim_and_its_resolution_are_said_with_the_board_and_whose_clock_runs() {
    use shashki_arbiter::ui::screen::claims::Message as Claims;
    let mut app = clocks_app("claim-resolve", Lang::En);
    app.set_time_ms(1_000);
    click(&mut app, "Start all");
    a_repetition_claimed_on_board_3(&mut app);
    let running = app.session.clocks.hall.snapshots(1_000)[2].1.running;
    let _ = app.update(Message::Claims(Claims::StartClaim));
    let status = app.session.status.clone().unwrap().text;
    assert_eq!(
        status,
        "Board 3: claim by White — their clock runs while the arbiter checks"
    );
    app.set_time_ms(9_000);
    let _ = app.update(Message::Claims(Claims::Resolve));
    let status = app.session.status.clone().unwrap().text;
    let side = match running {
        Some(shashki_arbiter::rules::Color::White) => "White",
        _ => "Black",
    };
    assert_eq!(
        status,
        format!("Board 3: the claim is decided — {side}'s clock runs again")
    );
    assert!(sees(
        &app,
        "CLAIM VALID (White): the position stood after plies 0, 4, 8: draw"
    ));
}
