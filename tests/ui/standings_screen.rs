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
    let _ = screenshot(&mut app, Size::new(1280.0, 800.0), "files-ru");
}
