//! The Standings screen: the table and the crosstable.

use super::*;

#[test]
fn the_crosstable_and_the_files_page_render() {
    let mut app = app("crosstable", Lang::Ru);
    let _ = app.update(Message::Tab(Tab::Standings));
    click(&mut app, "Турнирная таблица");
    assert!(app.standings.crosstable);
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
    assert!(app.standings.crosstable);
    assert!(sees(&app, &cell), "the grid on screen shows `{cell}`");
    let legend = text_containing(&app, "св: свободный тур").expect("what a cell means");
    assert!(legend.contains("12б 1,5: с № 12"), "{legend}");
    let _ = screenshot(&mut app, Size::new(1280.0, 800.0), "round-grid-ru");
    let _ = app.update(Message::Wall(true));
    let page = shashki_arbiter::ui::screen::wall::Message::Page(
        shashki_arbiter::ui::screen::wall::Page::Standings,
    );
    let _ = app.update(Message::WallPage(page));
    assert!(sees(&app, &cell), "the wall's standings are the grid");
}
