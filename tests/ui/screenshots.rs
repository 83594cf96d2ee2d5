//! Every screen rendered, in both languages, for the README.

use super::*;

#[test]
fn every_screen_renders_for_the_readme() {
    let console = Size::new(1280.0, 800.0);
    for (lang, suffix) in [(Lang::En, "en"), (Lang::Ru, "ru")] {
        let mut app = app(&format!("shots-{suffix}"), lang);
        for tab in Tab::ALL {
            let _ = app.update(Message::Tab(tab));
            // Each screen shows the sample's content, in the language asked for.
            let expected = match tab {
                Tab::Event => lang.pick("Players (10)", "Участники (10)"),
                Tab::Rounds => lang.pick("Round 6 / 9", "Тур 6 / 9"),
                Tab::Clocks => lang.pick("Clocks for round 6, game 1", "Часы: тур 6, партия 1"),
                Tab::Ballot => "IX/10",
                Tab::Claims => lang.pick("Check the record", "Проверить запись"),
                Tab::Games => lang.pick(
                    "Pick a game in the table to open its score sheet.",
                    "Выберите партию в таблице, чтобы открыть её бланк записи.",
                ),
                Tab::Standings => lang.pick("21.125", "21,125"),
            };
            assert!(sees(&app, expected), "{tab:?} in {suffix}: no `{expected}`");
            let _ = screenshot(
                &mut app,
                console,
                &format!("{tab:?}-{suffix}").to_lowercase(),
            );
        }
    }
}
