//! The Standings screen: the table and the crosstable.

use super::*;
use shashki_arbiter::tournament::id::GameRef;

#[test]
fn the_crosstable_and_the_files_page_render() {
    let mut app = app("crosstable", Lang::Ru);
    let _ = app.update(Message::Tab(Tab::Standings));
    click(&mut app, "Турнирная таблица");
    assert_eq!(
        app.standings.page,
        shashki_arbiter::ui::screen::standings::Page::Crosstable
    );
    // The crosstable's diagonal and its last column, which the standings table has not.
    assert!(sees(&app, "×") && sees(&app, "Место"));
    assert!(!sees(&app, "Берг."), "the tie-break columns are gone");
    let _ = screenshot(&mut app, Size::new(1280.0, 800.0), "crosstable-ru");
    let _ = app.update(Message::Files(true));
    assert!(sees(&app, "Открыть турнир") && sees(&app, "Новый турнир"));
    // The list's file column names the test's temporary copy (a process id in it): masked.
    let _ = screenshot_at(
        &mut app,
        Size::new(1280.0, 800.0),
        "files-ru",
        None,
        &[(740.0, 185.0, 1280.0, 222.0)],
    );
}

/// Issue 25, item 7: the trial found «Турнирная таблица» greyed out in a Swiss without a word.
/// A Swiss shows its round grid on the Standings screen and on the wall's standings page.
#[test]
fn a_swiss_shows_its_round_grid_on_screen_and_on_the_wall() {
    let path = event_copy("round-grid", "tournaments/open-swiss-48.ron");
    let mut app = App::with(Some(&path), None, Lang::Ru, Time::Manual(0));
    let t = app.session.tournament().unwrap().clone();
    let lines = shashki_arbiter::tournament::standings::compute(&t, None);
    let grid = shashki_arbiter::report::round_grid(&t, &lines, Lang::Ru);
    // The leader's first-round cell, as the report has it: the sample plays micromatches, so
    // the opponent's number, the colour of game 1 and the points (`26б 1,5`).
    let cell = grid.rows[0][3].clone();
    assert!(
        cell.starts_with(|c: char| c.is_ascii_digit()) && cell.contains(['б', 'ч']),
        "{cell}"
    );
    let _ = app.update(Message::Tab(Tab::Standings));
    click(&mut app, "Таблица по турам");
    assert_eq!(
        app.standings.page,
        shashki_arbiter::ui::screen::standings::Page::Crosstable
    );
    assert!(sees(&app, &cell), "the grid on screen shows `{cell}`");
    let legend = text_containing(&app, "св: свободный тур").expect("what a cell means");
    assert!(legend.contains("12б 1,5: с № 12"), "{legend}");
    let _ = screenshot(&mut app, Size::new(1280.0, 800.0), "round-grid-ru");
    let _ = app.update(Message::Wall(true));
    let page = shashki_arbiter::ui::screen::wall::Message::Page(
        shashki_arbiter::ui::screen::wall::Page::Standings,
    );
    let _ = app.update(Message::WallPage(page));
    assert!(
        !sees(&app, &cell),
        "the wall's table of places is not the grid (issue 53, item 11)"
    );
    let grid_page = shashki_arbiter::ui::screen::wall::Message::Page(
        shashki_arbiter::ui::screen::wall::Page::Crosstable,
    );
    let _ = app.update(Message::WallPage(grid_page));
    assert!(
        sees(&app, "По турам"),
        "a Swiss's crosstable page is its round grid"
    );
    assert!(sees(&app, &cell), "the wall's round grid page is the grid");
}

/// Issue 27: the Norms page answers "how many points to КМС" after any round.
#[test]
fn the_english_norms_page_writes_ranks_in_english() {
    let mut app = app("norms-page-en", Lang::En);
    let _ = app.update(Message::Tab(Tab::Standings));
    click(&mut app, "Rank norms");
    assert!(sees(&app, "confirmed CMS"));
    assert!(sees(&app, "met I"), "Фёдоров's result");
    assert!(sees(&app, "GMR"), "Смирнов's rank before");
    for russian in ["КМС", "ГР", "МС"] {
        assert!(!sees(&app, russian), "{russian} on the English page");
    }
    assert!(sees(
        &app,
        "Rank norms by the EVSK (Russian sports classification) table, edition “club programs, 2018”"
    ));
}

#[test]
fn the_norms_page_says_what_each_rank_needs_after_any_round() {
    let mut app = app("norms-page", Lang::Ru);
    let _ = app.update(Message::Tab(Tab::Standings));
    click(&mut app, "Разрядные нормы");
    // After round 6 (the sample's last, 10 games each): Фёдоров (II) met I, as computed by hand
    // in tests/norms.rs; Соколов (I) confirmed I.
    assert!(sees(&app, "выполнил I"), "Фёдоров's result");
    assert!(sees(&app, "подтвердил I"), "Соколов's result");
    assert!(sees(&app, "подтвердил КМС"));
    assert!(text_containing(
        &app,
        "Разрядные нормы по таблице ЕВСК, редакция «клубные программы, 2018»"
    )
    .is_some());
    // After round 3: 6 games each, fewer than the 7 a norm needs; what is still needed over the
    // rest of the round robin stands in the КМС column.
    let _ = app.update(Message::Standings(
        shashki_arbiter::ui::screen::standings::Message::UpTo(3),
    ));
    assert!(
        text_containing(&app, "сыграно партий 6: для нормы нужно не менее 7").is_some(),
        "too few games so far"
    );
    // Васильев (КМС), 4 points from 6 games. By hand: his 9 opponents twice each — ГМ, ГМ (20 %
    // each for КМС), МС, МС (35), КМС (50), I, I (65), II, II (80) — sum 450 % × 2 = 9 points;
    // their mean coefficient (−2 −2 −1 −1 +0 +1 +1 +2 +2) / 9 = 0 is within КМС's 1: he needs
    // 9 − 4 = 5 more from his 12 games left.
    assert!(sees(&app, "9 · ещё 5"), "Васильев's way to КМС");
    let _ = screenshot(&mut app, Size::new(1280.0, 800.0), "norms-ru");
}

/// Issue 35 §9/§10: the Standings screen and the wall read standings the session computed once
/// for the event's state (they were computed inside `view`, at every clock tick); a result
/// entered is in the next frame's table.
#[test]
fn standings_are_computed_once_per_state_and_follow_a_result() {
    let mut app = app("standings-once", Lang::Ru);
    let _ = app.update(Message::Tab(Tab::Standings));
    let first = app.session.standings(None).unwrap();
    // Frames of the same state (a tick, a hover, the wall) share one computation.
    let _ = app.update(Message::Tick);
    let _ = app.update(Message::Wall(true));
    assert!(sees(&app, "Таблица"));
    assert!(std::rc::Rc::ptr_eq(
        &first,
        &app.session.standings(None).unwrap()
    ));
    // Round 6, board 1, game 1 (Попов — Михайлов) has no result yet: 1-0 moves Popov up a point.
    let popov = |lines: &[standings::Line]| {
        lines
            .iter()
            .find(|l| l.name.starts_with("Попов"))
            .unwrap()
            .points
    };
    let before = popov(&first);
    assert!(app.session.apply(Command::SetResult {
        game: GameRef {
            round: 6,
            board: 1,
            game: 0
        },
        result: GameResult::WhiteWins
    }));
    let after = app.session.standings(None).unwrap();
    assert!(
        !std::rc::Rc::ptr_eq(&first, &after),
        "a new state, new standings"
    );
    assert_eq!(popov(&after), before + 1.0);
    assert_eq!(
        *after,
        standings::compute(app.session.tournament().unwrap(), None)
    );
}

/// The Norms page's figures are computed once per state of the event and of its table (they
/// were computed in the page's view, at every frame), and follow the event's table file when it
/// is replaced on disk while the event is open.
#[test]
fn norms_are_computed_once_per_state_and_follow_a_replaced_table_file() {
    let mut app = app("norms-once", Lang::Ru);
    let path = app.session.event.as_ref().unwrap().path().to_path_buf();
    let table = path.with_file_name("federation.ron");
    let shipped = std::fs::read_to_string("resources/evsk/club-2018.ron").unwrap();
    std::fs::write(&table, &shipped).unwrap();
    let mut settings = app.session.tournament().unwrap().settings.clone();
    settings.norms.table = "federation.ron".into();
    assert!(app.session.apply(Command::SetSettings {
        settings: Box::new(settings),
    }));
    let _ = app.update(Message::Tab(Tab::Standings));
    click(&mut app, "Разрядные нормы");
    let norms = |app: &App| app.session.norms(None).unwrap().unwrap().1;
    let first = norms(&app);
    assert!(first.eligible);
    let _ = app.update(Message::Tick);
    assert!(sees(&app, "выполнил I"));
    assert!(std::rc::Rc::ptr_eq(&first, &norms(&app)), "one computation");
    // The federation's file changes: 11 games a norm; the sample's players have played 10.
    std::thread::sleep(std::time::Duration::from_millis(20));
    std::fs::write(&table, shipped.replace("min_games: 7", "min_games: 11")).unwrap();
    let after = norms(&app);
    assert!(
        !std::rc::Rc::ptr_eq(&first, &after),
        "the new table is read"
    );
    assert!(after.players.iter().all(|p| p.result.is_none()));
    assert!(!sees(&app, "выполнил I"));
}

/// Issue 50: a category's standings on the Standings screen — its players only, placed among
/// themselves (the event's fifth is the category's first), its name and count above them.
#[test]
fn a_category_shows_its_players_placed_among_themselves() {
    use shashki_arbiter::tournament::category::Category;
    use shashki_arbiter::ui::format::Choice;
    use shashki_arbiter::ui::screen::standings::Message as S;
    let mut app = swiss_app("category-standings", Lang::Ru);
    let t = app.session.tournament().unwrap().clone();
    let lines = shashki_arbiter::tournament::standings::compute(&t, None);
    // Three players from the middle and the foot of the table, not the leaders.
    let picked: Vec<_> = [4, 9, 20].iter().map(|&k| lines[k].id).collect();
    assert!(app.session.apply(Command::SetCategories {
        categories: vec![Category {
            id: "juniors".into(),
            name: "Juniors".into(),
            name_ru: "Юноши".into(),
            players: picked.clone(),
            ..Category::default()
        }],
    }));
    let _ = app.update(Message::Tab(Tab::Standings));
    assert!(
        text_containing(&app, "Зачёт:").is_none(),
        "the event's list first"
    );
    let _ = app.update(Message::Standings(S::List(Choice {
        value: Some("juniors".into()),
        label: "Юноши".into(),
    })));
    assert!(
        sees(&app, "Зачёт: Юноши · 3 участника"),
        "{:?}",
        text_containing(&app, "Зачёт")
    );
    let name = |k: usize| shashki_arbiter::report::standing_name(&t, &lines[k], Lang::Ru);
    let first = row_texts(&app, &name(4));
    assert!(
        first.iter().any(|c| c == "1"),
        "the event's fifth is first: {first:?}"
    );
    assert!(!sees(&app, &name(0)), "the leader is not in the category");
    let _ = screenshot(&mut app, Size::new(1280.0, 800.0), "category-standings-ru");
    let _ = app.update(Message::Standings(S::List(Choice {
        value: None,
        label: "Общий зачёт".into(),
    })));
    assert!(sees(&app, &name(0)), "the event's own list is back");
    // The wall's table turns through the event's list, then the category's, sheet by sheet.
    let _ = app.update(Message::Wall(true));
    let page = shashki_arbiter::ui::screen::wall::Message::Page(
        shashki_arbiter::ui::screen::wall::Page::Standings,
    );
    let _ = app.update(Message::WallPage(page));
    assert!(
        sees(&app, "Общий зачёт"),
        "the wall opens on the event's list"
    );
    let sheet = shashki_arbiter::ui::screen::wall::SHEET_MS;
    let turn = (1..12u64)
        .find(|k| {
            app.session.set_time_ms(k * sheet + 1);
            sees(&app, "Зачёт: Юноши")
        })
        .expect("the category's list comes up on the wall");
    let row = row_texts(&app, &name(4));
    assert_eq!(row.first().map(String::as_str), Some("1"), "{row:?}");
    assert!(!sees(&app, &name(0)), "only the category's players");
    let _ = screenshot(&mut app, Size::new(1280.0, 800.0), "wall-category-ru");
    // A turn later the event's list is back (the category has one sheet).
    app.session.set_time_ms((turn + 1) * sheet + 1);
    assert!(sees(&app, "Общий зачёт"), "round and round");
}
