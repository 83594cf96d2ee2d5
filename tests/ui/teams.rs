//! A team event in the console: the team sample opens on its team table; the Rounds screen
//! names each board's match and the matches' scores; the Event screen lists the teams.

use super::*;

fn team_app(name: &str, lang: Lang) -> App {
    let path = event_copy(name, "tournaments/shashki64-teams.ron");
    App::with(Some(&path), None, lang, Time::Manual(0))
}

#[test]
fn the_team_sample_opens_on_its_team_table_and_each_team_page() {
    use shashki_arbiter::ui::screen::standings::Page;
    let mut app = team_app("team-standings", Lang::Ru);
    let t = app.session.tournament().unwrap().clone();
    assert!(t.is_team_event());
    let _ = app.update(Message::Tab(Tab::Standings));
    assert_eq!(
        app.standings.page,
        Page::Teams,
        "a team event opens on the teams"
    );
    let lines = shashki_arbiter::tournament::team::standings::compute(&t, None);
    assert!(sees(&app, "Командная турнирная таблица"));
    assert!(sees(&app, &lines[0].name) && sees(&app, "Берг."));
    let _ = screenshot(&mut app, Size::new(1280.0, 800.0), "team-standings-ru");
    click(&mut app, "Шахматка команд");
    assert_eq!(app.standings.page, Page::TeamCrosstable);
    assert!(sees(&app, "×"));
    click(&mut app, "По доскам");
    assert_eq!(app.standings.page, Page::Boards);
    assert!(sees(&app, "Доска 3"));
    // The individual table is still a click away.
    click(&mut app, "Таблица очков");
    assert_eq!(app.standings.page, Page::Points);
}

#[test]
fn the_rounds_screen_names_each_boards_match_and_the_event_lists_the_teams() {
    let mut app = team_app("team-rounds", Lang::En);
    let _ = app.update(Message::Tab(Tab::Rounds));
    let t = app.session.tournament().unwrap().clone();
    let r = t.rounds.last().unwrap();
    let m = &r.matches[0];
    let short = |id| t.team(id).unwrap().short.clone();
    // Board 2 of the first match, and the match's running score.
    let board = format!("{} – {} · 2", short(m.home), short(m.away));
    assert!(sees(&app, &board), "{board}");
    assert!(text_containing(&app, &format!("{} – {} 0:0", short(m.home), short(m.away))).is_some());
    let _ = app.update(Message::Tab(Tab::Event));
    click(&mut app, "Teams (6)");
    assert!(sees(&app, "reserve"), "the reserves are marked");
    assert!(text_containing(&app, &format!("6. {}", t.teams[5].name)).is_some());
    assert!(text_containing(&app, "line-up: roster order").is_some());
}

#[test]
fn the_wall_shows_the_team_table_and_names_each_board_by_its_match() {
    use shashki_arbiter::ui::screen::wall;
    let mut app = team_app("team-wall", Lang::Ru);
    let t = app.session.tournament().unwrap().clone();
    let lines = shashki_arbiter::tournament::team::standings::compute(&t, None);
    let _ = app.update(Message::Wall(true));
    let _ = app.update(Message::WallPage(wall::Message::Page(
        wall::Page::Standings,
    )));
    assert!(
        sees(&app, "КО") && sees(&app, &lines[0].name),
        "the teams' table"
    );
    let _ = app.update(Message::WallPage(wall::Message::Page(wall::Page::Pairings)));
    let r = t.rounds.last().unwrap();
    let board = shashki_arbiter::ui::format::match_board(&t, r, r.pairings[4].board);
    assert!(sees(&app, &board), "{board}");
}

/// A paired team round without results offers each team's line-up board by board: a reserve
/// picked for board 3 and set is on that board (journaled, undone by Ctrl+Z); a line-up that
/// breaks roster order is refused with the rule named and the boards unchanged.
#[test]
fn a_line_up_is_picked_and_set_on_the_rounds_screen() {
    use shashki_arbiter::ui::screen::{line_up, rounds};
    let mut app = team_app("team-line-up", Lang::Ru);
    let _ = app.update(Message::Tab(Tab::Rounds));
    let t = app.session.tournament().unwrap().clone();
    let r = t.rounds.last().unwrap();
    assert!(
        r.pairings.iter().all(|p| !p.scored()),
        "the sample's last round is unplayed"
    );
    assert!(sees(&app, "Составы на матч (до первых результатов)"));
    let m = &r.matches[0];
    let team = t.team(m.home).unwrap();
    let on_board = |t: &shashki_arbiter::tournament::Tournament, board: usize| {
        let r = t.rounds.last().unwrap();
        let p = r.boards_of(&r.matches[0]).nth(board).unwrap();
        t.player_for(p, m.home)
    };
    let before = on_board(&t, 2);
    // Roster: boards 1–3, then two reserves; the last reserve to board 3 keeps roster order.
    let reserve = *team.roster.last().unwrap();
    assert_ne!(before, reserve);
    let pick = |board, player| {
        Message::Rounds(rounds::Message::LineUp(line_up::Message::Pick(
            m.home, board, player,
        )))
    };
    let _ = app.update(pick(2, reserve));
    click(&mut app, "Утвердить состав");
    let t = app.session.tournament().unwrap().clone();
    assert_eq!(on_board(&t, 2), reserve, "the reserve plays board 3");
    let reserve_name = t.player(reserve).unwrap().surname.clone();
    assert!(
        text_containing(&app, &format!("тур {}, {}:", r.number, team.name))
            .is_some_and(|line| line.contains(&reserve_name)),
        "the journal names the change"
    );
    // The reserve on board 1 above the roster's first players: refused, nothing changed.
    let _ = app.update(pick(0, reserve));
    click(&mut app, "Утвердить состав");
    let after = app.session.tournament().unwrap().clone();
    assert_eq!(on_board(&after, 0), on_board(&t, 0));
    let status = app.session.status.clone().unwrap();
    assert!(status.error, "{}", status.text);
    assert!(status.text.contains(&team.name), "{}", status.text);
    key(
        &mut app,
        Key::Character("z".into()),
        Location::Standard,
        Modifiers::CTRL,
    );
    let undone = app.session.tournament().unwrap().clone();
    assert_eq!(on_board(&undone, 2), before, "undo puts the player back");
}
