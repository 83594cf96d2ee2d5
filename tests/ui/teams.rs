//! A team event in the console: the team sample opens on its team table; the Rounds screen
//! names each board's match and the matches' scores; the Event screen lists the teams.

use super::*;
use shashki_arbiter::tournament::team::TeamId;

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
    // Each player with his team: on board 2 the away team has White, and the row says so.
    let p = r.pairings.iter().find(|p| p.board == m.boards[1]).unwrap();
    let white = format!(
        "{} ({})",
        t.player(p.white).unwrap().full_name(),
        short(m.away)
    );
    assert!(sees(&app, &white), "{white}");
    let _ = app.update(Message::Tab(Tab::Event));
    click(&mut app, "Teams (6)");
    assert!(sees(&app, "reserve"), "the reserves are marked");
    assert!(text_containing(&app, &format!("6. {}", t.teams[5].name)).is_some());
    assert!(sees(&app, "Add team"), "teams are added here");
    let _ = screenshot(&mut app, Size::new(1280.0, 800.0), "teams-en");
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
    // The team crosstable: each team's game points against each other, its place.
    let _ = app.update(Message::WallPage(wall::Message::Page(
        wall::Page::Crosstable,
    )));
    assert!(
        sees(&app, "×") && sees(&app, "Шахматка"),
        "the team crosstable"
    );
    let other = lines[0]
        .rounds
        .iter()
        .find(|r| r.opponent.is_some())
        .unwrap();
    assert!(sees(
        &app,
        &shashki_arbiter::ui::format::points(other.game_points, Lang::Ru)
    ));
    let _ = screenshot(
        &mut app,
        Size::new(1280.0, 720.0),
        "wall-team-crosstable-ru",
    );
    let _ = app.update(Message::WallPage(wall::Message::Page(wall::Page::Pairings)));
    let r = t.rounds.last().unwrap();
    let board = shashki_arbiter::ui::format::match_board(&t, r, r.pairings[4].board);
    assert!(sees(&app, &board), "{board}");
}

/// Issue 53, item 3: a team board reads as its match protocol reads it — the first team's
/// player on the left, the score his first — and the screen says so; the protocol's score for
/// the same board is the screen's.
#[test]
fn a_team_boards_score_reads_from_the_first_team_as_in_its_protocol() {
    use shashki_arbiter::tournament::id::GameRef;
    let mut app = team_app("team-board-score", Lang::En);
    let _ = app.update(Message::Tab(Tab::Rounds));
    let t = app.session.tournament().unwrap().clone();
    let r = t.rounds.last().unwrap();
    let m = &r.matches[0];
    // Board 2: the first team's player has Black in game 1 and wins both games.
    let p = r.pairings.iter().find(|p| p.board == m.boards[1]).unwrap();
    assert!(!t.has_white(p, m.home));
    for (game, result) in [(0, GameResult::BlackWins), (1, GameResult::WhiteWins)] {
        assert!(app.session.apply(Command::SetResult {
            game: GameRef {
                round: r.number,
                board: p.board,
                game
            },
            result,
        }));
    }
    let home = t.player(p.black).unwrap().full_name();
    let row = row_texts(&app, &home);
    assert!(row.iter().any(|c| c == "2 : 0"), "{row:?}");
    assert!(!row.iter().any(|c| c == "0 : 2"), "{row:?}");
    // The first team's player stands left of the second's.
    let away = t.player(p.white).unwrap().full_name();
    let at = |name: &str| row.iter().position(|c| c.contains(name)).unwrap();
    assert!(at(&home) < at(&away), "{row:?}");
    assert!(sees(&app, "First team's player"));
    assert!(text_containing(&app, "the first team's player's points first").is_some());
    // The match protocol says the same for the same board.
    let t = app.session.tournament().unwrap();
    let doc = shashki_arbiter::report::match_protocol::protocols(t, Some(r.number), Lang::En);
    let s = &doc.sections[0];
    assert_eq!(s.rows[1].last().unwrap(), "2 : 0");
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
    let _ = screenshot(&mut app, Size::new(1280.0, 800.0), "team-line-ups-ru");
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

/// An individual event becomes a team event on the Event screen's Teams page: boards chosen,
/// two teams typed (Enter adds one, the form empties), players joined to the rosters and moved,
/// a team renamed; every change journaled, one undo taking back the last.
#[test]
fn an_individual_event_is_made_a_team_event_and_its_teams_built_on_the_teams_page() {
    use iced::keyboard::key::Named;
    use iced_test::selector;
    use shashki_arbiter::ui::screen::event::{self, teams, Section};
    // The international sample's players, no round paired yet.
    let path = event_copy("team-build", "tournaments/international-round-robin.ron");
    let refused = {
        let mut app = App::with(Some(&path), None, Lang::Ru, Time::Manual(0));
        let _ = app.update(Message::Event(event::Message::Team(
            teams::Message::MakeTeamEvent,
        )));
        app.session.status.clone().unwrap()
    };
    assert!(
        refused.error && refused.text.contains("до первого тура"),
        "{}",
        refused.text
    );
    let mut t = shashki_arbiter::store::event::read(&path).unwrap();
    t.rounds.clear();
    std::fs::remove_file(&path).unwrap();
    shashki_arbiter::store::event::EventFile::create(&path, t).unwrap();
    let mut app = App::with(Some(&path), None, Lang::Ru, Time::Manual(0));
    let _ = app.update(Message::Tab(Tab::Event));
    let _ = app.update(Message::Event(event::Message::Section(Section::Teams)));
    assert!(text_containing(&app, "Это личный турнир.").is_some());
    let team = |m| Message::Event(event::Message::Team(m));
    let _ = app.update(team(teams::Message::Boards(3)));
    click(&mut app, "Сделать командным");
    let t = app.session.tournament().unwrap().clone();
    assert!(t.settings.teams.is_some(), "{:?}", app.session.status);
    assert_eq!(t.settings.teams.as_ref().unwrap().boards, 3);
    for name in ["Рига", "Таллин"] {
        let messages: Vec<Message> = {
            let mut ui = simulator(&app, Size::new(1280.0, 800.0));
            ui.click(selector::id(teams::TEAM_NAME_FIELD)).unwrap();
            let _ = ui.typewrite(name);
            let _ = ui.tap_key(Key::Named(Named::Enter));
            ui.into_messages().collect()
        };
        for m in messages {
            let _ = app.update(m);
        }
        assert!(
            app.players.team.name.is_empty(),
            "the form empties once saved"
        );
    }
    let t = app.session.tournament().unwrap().clone();
    let names: Vec<&str> = t.teams.iter().map(|tm| tm.name.as_str()).collect();
    assert_eq!(names, ["Рига", "Таллин"]);
    // Four players to Riga, then the fourth moved up to board 3.
    let ids: Vec<_> = t.by_number().iter().map(|p| p.id).take(4).collect();
    for &id in &ids {
        let _ = app.update(team(teams::Message::Join(TeamId(1), id)));
    }
    let _ = app.update(team(teams::Message::Move(TeamId(1), 3, -1)));
    let t = app.session.tournament().unwrap().clone();
    assert_eq!(t.teams[0].roster, vec![ids[0], ids[1], ids[3], ids[2]]);
    assert!(sees(&app, "запасной"), "the fourth is a reserve");
    assert!(sees(&app, "Рига (1)") || sees(&app, "1. Рига"));
    // A team clicked is edited in the form.
    click(&mut app, "2. Таллин");
    assert_eq!(app.players.team.name, "Таллин");
    let _ = app.update(team(teams::Message::Club("Эстония".into())));
    let _ = app.update(team(teams::Message::Save));
    let t = app.session.tournament().unwrap().clone();
    assert_eq!(t.teams[1].club, "Эстония");
    assert_eq!(t.teams[1].name, "Таллин");
    // A nameless team is refused, and the form keeps what was typed.
    let _ = app.update(team(teams::Message::Captain("Сидоров".into())));
    let _ = app.update(team(teams::Message::Save));
    assert!(app.session.status.as_ref().is_some_and(|s| s.error));
    assert_eq!(app.players.team.captain, "Сидоров");
    assert_eq!(app.session.tournament().unwrap().teams.len(), 2);
    key(
        &mut app,
        Key::Character("z".into()),
        Location::Standard,
        Modifiers::CTRL,
    );
    assert_eq!(app.session.tournament().unwrap().teams[1].club, "");
}

/// The board rules are set on the Teams page: a junior board needs a year typed (a word is
/// refused, saying so), a least rank on the top boards starts at КМС and is changed by its list.
#[test]
fn the_board_rules_are_set_on_the_teams_page() {
    use shashki_arbiter::tournament::team::{JuniorBoard, LeastRank};
    use shashki_arbiter::ui::screen::event::{self, teams, Section};
    let mut app = team_app("team-rules", Lang::En);
    let _ = app.update(Message::Tab(Tab::Event));
    let _ = app.update(Message::Event(event::Message::Section(Section::Teams)));
    let team = |m| Message::Event(event::Message::Team(m));
    let rules = |app: &App| {
        app.session
            .tournament()
            .unwrap()
            .settings
            .teams
            .as_ref()
            .unwrap()
            .rules
            .clone()
    };
    let _ = app.update(team(teams::Message::JuniorYear("soon".into())));
    let _ = app.update(team(teams::Message::Junior(Some(3))));
    let status = app.session.status.clone().unwrap();
    assert!(
        status.error && status.text.contains("year of birth"),
        "{}",
        status.text
    );
    assert_eq!(rules(&app).junior, None);
    let _ = app.update(team(teams::Message::JuniorYear("2010".into())));
    let _ = app.update(team(teams::Message::Junior(Some(3))));
    assert_eq!(
        rules(&app).junior,
        Some(JuniorBoard {
            board: 3,
            born_from: 2010
        })
    );
    let _ = app.update(team(teams::Message::LeastBoard(Some(2))));
    let _ = app.update(team(teams::Message::LeastRank("МС".into())));
    assert_eq!(
        rules(&app).least_rank,
        Some(LeastRank {
            board: 2,
            rank: "МС".into()
        })
    );
    let _ = app.update(team(teams::Message::Junior(None)));
    assert_eq!(rules(&app).junior, None, "— takes the rule off");
    // Board 3 without a ballot (its first move free), then back to the event's table.
    let tables = |app: &App| {
        app.session
            .tournament()
            .unwrap()
            .settings
            .teams
            .as_ref()
            .unwrap()
            .ballot_tables
            .clone()
    };
    assert!(sees(&app, "Ballot per board:"));
    let _ = app.update(team(teams::Message::BoardTable(3, Some(String::new()))));
    assert_eq!(tables(&app).get(&3).map(String::as_str), Some(""));
    let _ = app.update(team(teams::Message::BoardTable(3, None)));
    assert!(tables(&app).is_empty());
    // The team criteria on the Tie-breaks page: board 1's points added, moved up one place.
    use shashki_arbiter::tournament::team::standings::TeamTieBreak;
    let _ = app.update(Message::Event(event::Message::Section(Section::TieBreaks)));
    assert!(sees(&app, "Team criteria, in order"));
    assert!(
        sees(&app, "Players' tie-breaks, in order"),
        "the other list named as the players'"
    );
    let order = |app: &App| {
        app.session
            .tournament()
            .unwrap()
            .settings
            .teams
            .as_ref()
            .unwrap()
            .tiebreaks
            .clone()
    };
    let before = order(&app);
    let _ = app.update(team(teams::Message::TiebreakAdd(TeamTieBreak::Board(1))));
    let n = before.len();
    let _ = app.update(team(teams::Message::TiebreakUp(n)));
    let after = order(&app);
    assert_eq!(after[n - 1], TeamTieBreak::Board(1));
    assert_eq!(after[n], before[n - 1]);
    assert!(text_containing(&app, "points on board 1").is_some());
    // Ranked by game points now: match points take game points' place, the rest of the
    // arbiter's order stays as it was.
    use shashki_arbiter::tournament::team::Primary;
    let _ = app.update(team(teams::Message::Primary(Primary::GamePoints)));
    let swapped: Vec<_> = after
        .iter()
        .map(|&tb| match tb {
            TeamTieBreak::GamePoints => TeamTieBreak::MatchPoints,
            other => other,
        })
        .collect();
    assert_eq!(order(&app), swapped);
}

/// A team Swiss (the sample `team-swiss.ron`, three rounds of seven played): the Rounds screen
/// proposes round 4 by FIDE C.04.6 as a draft with its reasons; a hand change that brings back a
/// match already played is named; the proposal saved pairs the teams and seats their players.
#[test]
fn the_team_swiss_round_is_proposed_with_reasons_changed_by_hand_and_saved() {
    use shashki_arbiter::ui::screen::rounds::Message as Rounds;
    use shashki_arbiter::ui::screen::team_draft::Message as Draft;
    let path = event_copy("team-swiss-draft", "tournaments/team-swiss.ron");
    let mut app = App::with(Some(&path), None, Lang::Ru, Time::Manual(0));
    let _ = app.update(Message::Tab(Tab::Rounds));
    click(&mut app, "Жеребьёвка тура 4");
    assert!(sees(
        &app,
        "Жеребьёвка команд (ФИДЕ C.04.6), тур 4 — черновик, ещё не сохранён"
    ));
    // FIDE's checker pairs this event's round 4 so (gacrux 1.11.65: 9–8, 5–2, 6–7, 1–4, 12–11,
    // 10–3): the draft shows the same, the reasons under it.
    let draft = app.rounds.team_draft.as_ref().expect("the team draft");
    assert_eq!(
        draft.matches,
        [(9, 8), (5, 2), (6, 7), (1, 4), (12, 11), (10, 3)].map(|(h, a)| (TeamId(h), TeamId(a)))
    );
    assert!(text_containing(&app, "Группа с 6 оч.: Омск (9); поднимаются Пермь (8)").is_some());
    assert!(text_containing(&app, "противоположные предпочтения (4.3.3)").is_some());
    // Омск away: eleven teams, the bye to the lowest score with the most matches (Казань).
    let _ = app.update(Message::Rounds(Rounds::TeamDraft(Draft::Absent(TeamId(9)))));
    assert!(sees(&app, "Не играет: Омск (9)"));
    assert!(sees(&app, "Свободный тур: Казань (3)"));
    let _ = app.update(Message::Rounds(Rounds::TeamDraft(Draft::Absent(TeamId(9)))));
    assert!(!sees(&app, "Свободный тур: Казань (3)"));
    // Омск against a team it has met: named at once.
    let t = app.session.tournament().unwrap().clone();
    let met = t.rounds[0]
        .matches
        .iter()
        .find_map(|m| match (m.home, m.away) {
            (TeamId(9), o) | (o, TeamId(9)) => Some(o),
            _ => None,
        })
        .expect("Омск played round 1");
    let _ = app.update(Message::Rounds(Rounds::TeamDraft(Draft::Away(0, met))));
    assert!(text_containing(&app, "уже встречались").is_some());
    assert!(text_containing(&app, "в туре дважды").is_some());
    // Back to the proposal, saved: six matches of four boards.
    let _ = app.update(Message::Rounds(Rounds::TeamDraft(Draft::Away(
        0,
        TeamId(8),
    ))));
    assert!(text_containing(&app, "уже встречались").is_none());
    click(&mut app, "Сохранить пары");
    assert!(app.rounds.team_draft.is_none());
    let saved = shashki_arbiter::store::event::read(&path).unwrap();
    let r = &saved.rounds[3];
    assert_eq!(
        r.matches
            .iter()
            .map(|m| (m.home, m.away))
            .collect::<Vec<_>>(),
        [(9, 8), (5, 2), (6, 7), (1, 4), (12, 11), (10, 3)].map(|(h, a)| (TeamId(h), TeamId(a)))
    );
    assert_eq!(r.pairings.len(), 24);
    // Board 1 of the first match: Омск's first player White.
    let omsk = saved.team(TeamId(9)).unwrap();
    assert_eq!(r.pairings[0].white, omsk.roster[0]);
}

/// Before round 1 of a team Swiss the Teams page numbers the teams by the average rating of their
/// best players (the list was typed in another order) and sets the colour preferences.
#[test]
fn a_team_swiss_is_numbered_by_rating_and_its_colours_chosen_on_the_teams_page() {
    use shashki_arbiter::tournament::team::swiss::{input, ColourType};
    use shashki_arbiter::ui::screen::event::{self, Section};
    // The sample before its first round, its teams listed weakest first.
    let path = event_copy("team-swiss-order", "tournaments/team-swiss.ron");
    let mut t = shashki_arbiter::store::event::read(&path).unwrap();
    t.rounds.clear();
    t.teams.reverse();
    // Typed weakest first, numbered as typed.
    for (k, tm) in t.teams.iter_mut().enumerate() {
        tm.id = TeamId(k as u32 + 1);
    }
    std::fs::write(
        &path,
        ron::ser::to_string_pretty(&t, Default::default()).unwrap(),
    )
    .unwrap();
    let mut app = App::with(Some(&path), None, Lang::Ru, Time::Manual(0));
    let _ = app.update(Message::Tab(Tab::Event));
    let _ = app.update(Message::Event(event::Message::Section(Section::Teams)));
    assert!(sees(&app, "номера команд: порядок списка (не по рейтингу)"));
    click(&mut app, "Номера по рейтингу");
    let saved = shashki_arbiter::store::event::read(&path).unwrap();
    let order: Vec<_> = saved.teams.iter().map(|tm| tm.id).collect();
    assert_eq!(order, input::initial_order(&saved));
    assert_eq!(
        saved.teams[0].name, "Москва",
        "the strongest is number 1 again"
    );
    // The ids follow the new order: the standings' team number is the pairing's.
    assert_eq!(order, (1..=12).map(TeamId).collect::<Vec<_>>());
    assert!(sees(
        &app,
        "номера команд: по среднему рейтингу лучших игроков"
    ));
    let team = |m| Message::Event(event::Message::Team(m));
    let _ = app.update(team(
        shashki_arbiter::ui::screen::event::teams::Message::Colours(ColourType::TypeB),
    ));
    let saved = shashki_arbiter::store::event::read(&path).unwrap();
    assert_eq!(
        saved.settings.teams.as_ref().unwrap().colours,
        ColourType::TypeB
    );
    // Round 1's draft says how the teams are numbered.
    let _ = app.update(Message::Tab(Tab::Rounds));
    click(&mut app, "Жеребьёвка тура 1");
    assert!(text_containing(
        &app,
        "Номера команд (C.04.6, 1.1): порядок списка — по среднему"
    )
    .is_some());
}

/// A team round's bye and the teams away are named on the wall's pairings, after the boards
/// (they were left off: the hall could not see who had the bye).
#[test]
fn the_wall_names_a_team_rounds_bye_and_the_teams_away() {
    use shashki_arbiter::ui::screen::rounds::Message as Rounds;
    use shashki_arbiter::ui::screen::team_draft::Message as Draft;
    use shashki_arbiter::ui::screen::wall;
    let path = event_copy("team-swiss-wall-bye", "tournaments/team-swiss.ron");
    let mut app = App::with(Some(&path), None, Lang::Ru, Time::Manual(0));
    let _ = app.update(Message::Tab(Tab::Rounds));
    click(&mut app, "Жеребьёвка тура 4");
    let _ = app.update(Message::Rounds(Rounds::TeamDraft(Draft::Absent(TeamId(9)))));
    click(&mut app, "Сохранить пары");
    let _ = app.update(Message::Wall(true));
    let _ = app.update(Message::WallPage(wall::Message::Page(wall::Page::Pairings)));
    // The rows at the foot are on the last sheet when the boards do not fit one.
    let seen = |app: &App| sees(app, "свободный тур") && sees(app, "не играет");
    let mut found = seen(&app);
    for k in 1..4 {
        app.set_time_ms(k * wall::SHEET_MS + 1);
        found |= seen(&app) && sees(&app, "Казань") && sees(&app, "Омск");
    }
    assert!(
        found,
        "the bye (Казань) and the team away (Омск) on the wall"
    );
    // The sample's regulation set no value for a bye: C.04.6's drawn match came with the round
    // (1 match point, 2 game points on 4 boards), and goes with it when the round is undone.
    let pab = |path: &std::path::Path| {
        shashki_arbiter::store::event::read(path)
            .unwrap()
            .settings
            .teams
            .unwrap()
            .pab
            .map(|p| (p.match_points, p.game_points))
    };
    assert_eq!(pab(&path), Some((1.0, 2.0)));
    let _ = app.update(Message::Wall(false));
    let _ = app.update(Message::Tab(Tab::Rounds));
    let _ = app.update(Message::Rounds(Rounds::Undo));
    assert_eq!(pab(&path), None);
    assert_eq!(
        shashki_arbiter::store::event::read(&path)
            .unwrap()
            .rounds
            .len(),
        3
    );
}
