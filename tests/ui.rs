//! The arbiter's program driven headless (iced_test, tiny-skia): each screen's main task, and
//! the screenshots in docs/screenshots/ that README shows.
#![cfg(feature = "gui")]

use std::path::{Path, PathBuf};

use iced::keyboard::{self, Key, Location, Modifiers};
use iced::{Settings, Size};
use iced_test::selector::Candidate;
use iced_test::simulator::Simulator;
use shashki_arbiter::lang::Lang;
use shashki_arbiter::store::event::EventFile;
use shashki_arbiter::tournament::command::{self, Command};
use shashki_arbiter::tournament::model::GameResult;
use shashki_arbiter::tournament::standings;
use shashki_arbiter::ui::app::{App, Message, Tab, Time};

const SAMPLE: &str = "tournaments/shashki64-round-robin.ron";

/// A copy of a sample event in its own directory, so the test can change it.
fn event_copy(name: &str, sample: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shashki-ui-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let to = dir.join(Path::new(sample).file_name().unwrap());
    std::fs::copy(sample, &to).unwrap();
    to
}

fn app(name: &str, lang: Lang) -> App {
    let path = event_copy(name, SAMPLE);
    let app = App::with(Some(&path), None, lang, Time::Manual(0));
    assert!(app.session.event.is_some(), "{:?}", app.session.status);
    app
}

fn simulator(app: &App, size: Size) -> Simulator<'_, Message> {
    Simulator::with_size(Settings::default(), size, app.view())
}

/// Renders the app at `size` (logical pixels; the PNG has twice as many) into docs/screenshots.
fn screenshot(app: &mut App, size: Size, name: &str) {
    let path = Path::new("docs/screenshots").join(format!("{name}.png"));
    // iced_test names the file after the renderer; a fresh render replaces the old one.
    let _ =
        std::fs::remove_file(Path::new("docs/screenshots").join(format!("{name}-tiny-skia.png")));
    // The status line names the temporary copy: not part of the picture.
    app.session.status = None;
    let mut ui = simulator(app, size);
    let snap = ui.snapshot(&app.theme()).unwrap();
    assert!(snap.matches_image(&path).unwrap());
    // (That holds for any freshly written file: what is checked is that it was written whole,
    // at twice the logical size, as iced_test renders.)
    let written = Path::new("docs/screenshots").join(format!("{name}-tiny-skia.png"));
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(&written).unwrap(),
    ));
    let info = decoder.read_info().unwrap().info().clone();
    assert_eq!(
        (info.width, info.height),
        ((size.width * 2.0) as u32, (size.height * 2.0) as u32)
    );
}

/// Clicks the element with this exact text and feeds the messages to the app.
fn click(app: &mut App, label: &str) {
    let messages: Vec<Message> = {
        let mut ui = simulator(app, Size::new(1280.0, 800.0));
        ui.click(label)
            .unwrap_or_else(|e| panic!("no `{label}` to click: {e:?}"));
        ui.into_messages().collect()
    };
    assert!(!messages.is_empty(), "clicking `{label}` did nothing");
    for m in messages {
        let _ = app.update(m);
    }
}

fn sees(app: &App, label: &str) -> bool {
    let mut ui = simulator(app, Size::new(1280.0, 800.0));
    ui.find(label).is_ok()
}

/// The first text on screen that contains `part`.
fn text_containing(app: &App, part: &str) -> Option<String> {
    let mut ui = simulator(app, Size::new(1280.0, 800.0));
    let part = part.to_string();
    ui.find(move |c: Candidate<'_>| match c {
        Candidate::Text { content, .. } if content.contains(&part) => Some(content.to_string()),
        _ => None,
    })
    .ok()
}

fn key(app: &mut App, key: Key, location: Location, modifiers: Modifiers) {
    let _ = app.update(Message::Key(keyboard::Event::KeyPressed {
        modified_key: key.clone(),
        key: key.clone(),
        physical_key: keyboard::key::Physical::Unidentified(
            keyboard::key::NativeCode::Unidentified,
        ),
        location,
        modifiers,
        text: None,
        repeat: false,
    }));
    // A clock key waits for the view's answer to "is a field being typed in?" (a task the
    // simulator does not run): here no field has the focus.
    let _ = app.update(Message::ClockKey {
        key,
        location,
        typing: false,
    });
}

fn char_key(app: &mut App, c: &str) {
    key(
        app,
        Key::Character(c.into()),
        Location::Standard,
        Modifiers::empty(),
    );
}

fn points_of(app: &App, surname: &str) -> f64 {
    let t = &app.session.event.as_ref().unwrap().tournament;
    standings::compute(t, None)
        .into_iter()
        .find(|l| l.name.starts_with(surname))
        .unwrap()
        .points
}

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
                Tab::Standings => "21.125",
            };
            assert!(sees(&app, expected), "{tab:?} in {suffix}: no `{expected}`");
            screenshot(
                &mut app,
                console,
                &format!("{tab:?}-{suffix}").to_lowercase(),
            );
        }
    }
}

#[test]
fn a_result_typed_on_the_rounds_screen_is_saved_and_moves_the_standings() {
    let mut app = app("results", Lang::En);
    let _ = app.update(Message::Tab(Tab::Rounds));
    let path = app.session.event.as_ref().unwrap().path().to_path_buf();
    // Round 6, board 1: Попов (White in game 1) – Михайлов; the focus starts on game 1.
    let before = points_of(&app, "Попов");
    char_key(&mut app, "1");
    click(&mut app, "½-½  [=]");
    assert_eq!(points_of(&app, "Попов"), before + 1.5);
    assert!(
        sees(&app, "1-0") && sees(&app, "½-½"),
        "the results show in the table"
    );
    assert!(sees(&app, "1.5 : 0.5"), "the micromatch score shows");
    // Saved at once: a fresh open of the file sees both games.
    let games = |p: &Path| {
        EventFile::open(p).unwrap().tournament.rounds[5].pairings[0]
            .games
            .clone()
    };
    assert_eq!(games(&path), vec![GameResult::WhiteWins, GameResult::Draw]);

    let _ = app.update(Message::Tab(Tab::Standings));
    let row = text_containing(&app, "Попов").unwrap();
    assert!(row.starts_with("Попов"), "{row}");
    assert!(sees(&app, "7"), "Попов's 5.5 + 1.5 is on the table");

    // Ctrl+Z takes the draw back, on screen and on disk.
    let _ = app.update(Message::Tab(Tab::Rounds));
    key(
        &mut app,
        Key::Character("z".into()),
        Location::Standard,
        Modifiers::CTRL,
    );
    assert_eq!(points_of(&app, "Попов"), before + 1.0);
    assert_eq!(
        games(&path),
        vec![GameResult::WhiteWins, GameResult::Pending]
    );
    assert!(
        text_containing(&app, "undone").is_some(),
        "{:?}",
        app.session.status
    );
}

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
    assert!(text_containing(&app, &format!("IDF {cell} · seed 42")).is_some());
}

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
fn pressing_a_clock_runs_the_other_side_and_a_restart_brings_it_back_paused() {
    let mut app = app("clocks", Lang::En);
    let _ = app.update(Message::Tab(Tab::Clocks));
    click(&mut app, "Clocks for round 6, game 1");
    assert_eq!(app.session.clocks.hall.boards().len(), 5);
    let shift = |app: &mut App, side: Location| {
        key(
            app,
            Key::Named(keyboard::key::Named::Shift),
            side,
            Modifiers::SHIFT,
        )
    };
    app.set_time_ms(1_000);
    shift(&mut app, Location::Left); // starts White's clock on board 1
    app.set_time_ms(11_000);
    shift(&mut app, Location::Right); // Black's button: not Black's move, nothing happens
    shift(&mut app, Location::Left); // White completes move 1
    app.set_time_ms(26_000);
    assert!(sees(&app, "44:50"), "White used 10 s");
    assert!(sees(&app, "44:45"), "Black's clock runs: 15 s");
    assert!(sees(&app, "Black to move"));
    assert!(app.session.clocks.any_running());
    // One running clock: the next redraw comes when its second changes, not five times a
    // second (Black has 44:45.000 left at 26 s, 44:44.700 at 26.3 s).
    assert_eq!(app.session.clocks.next_tick_ms(26_000), Some(200));
    assert_eq!(app.session.clocks.next_tick_ms(26_300), Some(705));
    let path = app.session.event.as_ref().unwrap().path().to_path_buf();
    drop(app);

    // The program dies and comes back: the clock stands paused at its last known instant.
    let back = App::with(Some(&path), None, Lang::En, Time::Manual(0));
    let status = back.session.status.clone().unwrap().text;
    assert!(status.contains("Restored 5 clock(s)"), "{status}");
    let mut back = back;
    let _ = back.update(Message::Tab(Tab::Clocks));
    assert!(sees(&back, "44:50"));
    assert!(sees(&back, "paused"));
    assert!(!back.session.clocks.any_running());
}

const SURNAMES: [&str; 20] = [
    "Смирнов",
    "Иванов",
    "Кузнецов",
    "Соколов",
    "Попов",
    "Лебедев",
    "Козлов",
    "Новиков",
    "Морозов",
    "Петров",
    "Волков",
    "Соловьёв",
    "Васильев",
    "Зайцев",
    "Павлов",
    "Семёнов",
    "Голубев",
    "Виноградов",
    "Богданов",
    "Воробьёв",
];

/// An event of `boards` boards, round 1 paired, saved in its own directory.
fn event_with_boards(name: &str, boards: usize) -> PathBuf {
    use shashki_arbiter::tournament::model::{Player, System, Tournament};
    let dir = std::env::temp_dir().join(format!("shashki-ui-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut t = Tournament::new(
        "Первенство области, шашки-64",
        shashki_arbiter::rules::Variant::Russian,
        System::RoundRobin,
        "45m/20,15m".parse().expect("a time control"),
        2,
    );
    for i in 1..=2 * boards as u32 {
        let player = Player {
            name: format!("{}.", ["А", "Б", "В", "Г", "Д", "Е"][i as usize % 6]),
            number: Some(i as usize),
            ..Player::new(i, SURNAMES[(i as usize - 1) % 20])
        };
        command::apply(&mut t, &Command::AddPlayer { player }).unwrap();
    }
    if boards > 0 {
        let pair = Command::PairRound {
            round: 1,
            table_round: None,
        };
        command::apply(&mut t, &pair).unwrap();
    }
    let path = dir.join("event.ron");
    EventFile::create(&path, t).unwrap();
    path
}

/// Clocks of round 1 in every state the wall must show: running either side, paused, flagged.
fn hall_in_play(app: &mut App) {
    use shashki_arbiter::rules::Color;
    use shashki_arbiter::ui::screen::clocks::Message as Clocks;
    use shashki_arbiter::ui::session::clocks::Request;
    let request = |app: &mut App, at: u64, r: Request| {
        app.set_time_ms(at);
        let _ = app.update(Message::Clocks(Clocks::Request(r)));
    };
    request(app, 0, Request::Setup { round: 1, game: 0 });
    let n = app.session.clocks.hall.boards().len();
    for b in 0..n {
        if b == 2 {
            // Board 3: White has 50 s left and lets them run out.
            request(
                app,
                0,
                Request::Adjust {
                    board: b,
                    side: Color::White,
                    ms: -2_650_000,
                    reason: "test".into(),
                },
            );
        }
        request(app, 0, Request::Start(b));
        let step = 11_000 + 7_000 * (b as u64 % 5);
        for k in 1..=(b as u64 % 4 + 1) {
            if b != 2 {
                request(
                    app,
                    k * step,
                    Request::Press {
                        board: b,
                        side: None,
                    },
                );
            }
        }
        if b % 4 == 1 {
            request(app, 200_000, Request::Pause(b));
        }
    }
    app.set_time_ms(600_000);
}

#[test]
fn the_hall_wall_shows_4_and_40_boards_on_a_projector() {
    for (boards, lang) in [(4, Lang::Ru), (40, Lang::En)] {
        let path = event_with_boards(&format!("wall-{boards}"), boards);
        let mut app = App::with(Some(&path), None, lang, Time::Manual(0));
        hall_in_play(&mut app);
        assert_eq!(app.session.clocks.hall.boards().len(), boards);
        let _ = app.update(Message::Wall(true));
        // Board 3's White flag fell; board 1 shows White's time after one move of 11 s.
        assert!(sees(
            &app,
            match lang {
                Lang::Ru => "ФЛАГ",
                Lang::En => "FLAG",
            }
        ));
        assert!(sees(&app, "44:49"), "board 1: 45:00 − 11 s");
        // A 1080p projector at scale 1 (the PNG has twice the pixels each way).
        screenshot(
            &mut app,
            Size::new(1920.0, 1080.0),
            &format!("wall-{boards}"),
        );
        if boards == 4 {
            let png = Path::new("docs/screenshots/wall-4-tiny-skia.png");
            let (height, digits) = tallest_white_glyphs(png);
            assert!(
                digits * 8 >= height,
                "digits {digits} px of {height}: under 1/8"
            );
        }
    }
}

/// The screen height and the tallest run of rows holding pure white pixels in the left clock
/// of board 1 (its digits), in pixels of the rendered PNG.
fn tallest_white_glyphs(path: &Path) -> (u32, u32) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let (w, h) = (info.width as usize, info.height as usize);
    let white_row = |y: usize| {
        (w / 50..w / 4).any(|x| {
            let i = (y * w + x) * 4;
            buf[i] == 255 && buf[i + 1] == 255 && buf[i + 2] == 255
        })
    };
    let (mut best, mut run) = (0, 0);
    for y in h / 10..h / 2 {
        run = if white_row(y) { run + 1 } else { 0 };
        best = best.max(run);
    }
    (h as u32, best)
}

#[test]
fn the_help_overlay_lists_the_keys() {
    let mut app = app("help", Lang::Ru);
    key(
        &mut app,
        Key::Named(keyboard::key::Named::F1),
        Location::Standard,
        Modifiers::empty(),
    );
    assert!(app.help);
    assert!(sees(&app, "Клавиши"));
    assert!(sees(&app, "стена зала вкл/выкл (Esc — выход)"));
    screenshot(&mut app, Size::new(1280.0, 800.0), "help-ru");
    key(
        &mut app,
        Key::Named(keyboard::key::Named::Escape),
        Location::Standard,
        Modifiers::empty(),
    );
    assert!(!app.help);
}

#[test]
fn the_wall_pages_show_pairings_standings_and_the_ballot() {
    let mut app = app("wall-pages", Lang::Ru);
    let _ = app.update(Message::Wall(true));
    assert!(sees(&app, "Часов нет: создайте их на экране «Часы» (F4)."));
    let right = |app: &mut App| {
        key(
            app,
            Key::Named(keyboard::key::Named::ArrowRight),
            Location::Standard,
            Modifiers::empty(),
        )
    };
    right(&mut app);
    assert!(
        sees(&app, "Попов Артём") && sees(&app, "IX/10"),
        "pairings with ballots"
    );
    screenshot(&mut app, Size::new(1280.0, 720.0), "wall-pairings-ru");
    right(&mut app);
    assert!(
        sees(&app, "Смирнов Иван") && sees(&app, "1.5"),
        "standings with head-to-head"
    );
    screenshot(&mut app, Size::new(1280.0, 720.0), "wall-standings-ru");
    right(&mut app);
    assert!(
        sees(&app, "IX/10") && sees(&app, "1.cb4 fg5 2.ed4 ef6"),
        "board 1's ballot"
    );
    screenshot(&mut app, Size::new(1280.0, 720.0), "wall-ballot-ru");
    right(&mut app);
    assert_eq!(
        app.wall_page,
        shashki_arbiter::ui::screen::wall::Page::Clocks
    );
}

#[test]
fn players_are_imported_from_csv_edited_and_the_settings_saved() {
    use shashki_arbiter::ui::screen::event::{Edit, Message as Ev};
    let path = event_with_boards("players", 0);
    let mut app = App::with(Some(&path), None, Lang::En, Time::Manual(0));
    let _ = app.update(Message::Tab(Tab::Event));
    let csv = path.with_file_name("list.csv");
    std::fs::write(
        &csv,
        "Фамилия;Имя;Разряд;Рейтинг;Клуб\nОрлова;Мария;КМС;2210;Казань\nБелов;Пётр;1 разряд;;Уфа\n",
    )
    .unwrap();
    app.players.csv_path = csv.display().to_string();
    click(&mut app, "Import CSV");
    let t = &app.session.event.as_ref().unwrap().tournament;
    assert_eq!(t.players.len(), 2, "{:?}", app.session.status);
    assert!(sees(&app, "Орлова Мария") && sees(&app, "2210"));

    // Click a name: the form takes the player; a new rating is saved on the same player.
    click(&mut app, "Белов Пётр");
    assert_eq!(app.players.surname, "Белов");
    app.players.rating = "1875".into();
    click(&mut app, "Save player");
    let t = &EventFile::open(&path).unwrap().tournament;
    assert_eq!(t.players.len(), 2);
    assert_eq!(t.players[1].rating, Some(1875));

    // Settings: a preset time control and micromatch points, saved together.
    let _ = app.update(Message::Event(Ev::Settings(Edit::TimeControl(
        "25m+10s".into(),
    ))));
    let _ = app.update(Message::Event(Ev::Settings(Edit::MatchPoints(true))));
    click(&mut app, "Save settings");
    let t = &EventFile::open(&path).unwrap().tournament;
    assert_eq!(t.settings.time_control.to_string(), "25m+10s");
    assert!(t.settings.scoring.match_points.is_some());
    // A time control the clock cannot read is not saved and the field says why; the other
    // edits of the draft stay, and the file keeps the old settings.
    let _ = app.update(Message::Event(Ev::Settings(Edit::MatchPoints(false))));
    let _ = app.update(Message::Event(Ev::Settings(Edit::TimeControl(
        "forty-five".into(),
    ))));
    click(&mut app, "Save settings");
    let note = text_containing(&app, "not a time control").expect("the field says why");
    assert!(note.contains("forty-five"), "{note}");
    let t = &EventFile::open(&path).unwrap().tournament;
    assert_eq!(t.settings.time_control.to_string(), "25m+10s");
    assert!(t.settings.scoring.match_points.is_some());
    // Corrected, the whole draft is saved.
    let _ = app.update(Message::Event(Ev::Settings(Edit::TimeControl(
        "30m+15s".into(),
    ))));
    click(&mut app, "Save settings");
    assert!(text_containing(&app, "not a time control").is_none());
    let t = &EventFile::open(&path).unwrap().tournament;
    assert_eq!(t.settings.time_control.to_string(), "30m+15s");
    assert!(
        t.settings.scoring.match_points.is_none(),
        "the other edit was kept"
    );
}

#[test]
fn a_new_event_is_created_beside_the_open_one_and_never_over_a_file() {
    use shashki_arbiter::ui::screen::open::Message as Files;
    let mut app = app("new", Lang::Ru);
    click(&mut app, "Файлы…");
    assert!(app.files);
    assert!(
        sees(&app, "Новый турнир"),
        "{:?}",
        text_containing(&app, "тур")
    );
    let _ = app.update(Message::Open(Files::NewName("Кубок клуба 2027".into())));
    click(&mut app, "Создать");
    let made = app.session.event.as_ref().unwrap().path().to_path_buf();
    assert_eq!(made.file_name().unwrap(), "кубок-клуба-2027.ron");
    assert_eq!(
        app.session.event.as_ref().unwrap().tournament.settings.name,
        "Кубок клуба 2027"
    );
    // It starts with the default tie-breaks of its system, not an empty list.
    let t = &app.session.event.as_ref().unwrap().tournament;
    assert_eq!(
        t.tiebreaks,
        shashki_arbiter::tournament::TieBreak::defaults(t.settings.system)
    );
    assert!(!t.tiebreaks.is_empty());
    assert_eq!(app.tab, Tab::Event);
    // An event without players yet: every screen opens.
    for tab in Tab::ALL {
        let _ = app.update(Message::Tab(tab));
        let _ = simulator(&app, Size::new(1280.0, 800.0));
    }
    let _ = app.update(Message::Tab(Tab::Rounds));
    assert!(sees(&app, "Ни один тур ещё не составлен."));
    let _ = app.update(Message::Tab(Tab::Event));
    // The same name again: refused, the existing file untouched.
    let before = std::fs::read(&made).unwrap();
    click(&mut app, "Файлы…");
    let _ = app.update(Message::Open(Files::NewName("Кубок клуба 2027".into())));
    click(&mut app, "Создать");
    assert!(app.session.status.as_ref().unwrap().error);
    assert_eq!(std::fs::read(&made).unwrap(), before);
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
fn the_crosstable_and_the_files_page_render() {
    let mut app = app("crosstable", Lang::Ru);
    let _ = app.update(Message::Tab(Tab::Standings));
    click(&mut app, "Турнирная таблица");
    assert!(app.standings.crosstable);
    // The crosstable's diagonal and its last column, which the standings table has not.
    assert!(sees(&app, "×") && sees(&app, "Место"));
    assert!(!sees(&app, "Берг."), "the tie-break columns are gone");
    screenshot(&mut app, Size::new(1280.0, 800.0), "crosstable-ru");
    let _ = app.update(Message::Files(true));
    assert!(sees(&app, "Открыть турнир") && sees(&app, "Новый турнир"));
    screenshot(&mut app, Size::new(1280.0, 800.0), "files-ru");
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
fn shift_typed_for_a_capital_in_the_correction_reason_presses_no_clock() {
    use iced_test::selector;
    use shashki_arbiter::ui::screen::clocks::{Message as Clocks, REASON_FIELD};
    use shashki_arbiter::ui::session::clocks::Request;
    let mut app = app("typing", Lang::Ru);
    let _ = app.update(Message::Tab(Tab::Clocks));
    click(&mut app, "Часы: тур 6, партия 1");
    app.set_time_ms(1_000);
    let _ = app.update(Message::Clocks(Clocks::Request(Request::Start(0))));
    let running = |app: &App| app.session.clocks.hall.snapshots(5_000)[0].1.running;
    let white = running(&app);
    // The arbiter clicks the reason field and holds Shift for a capital «П».
    let mut ui = simulator(&app, Size::new(1280.0, 800.0));
    ui.click(selector::id(REASON_FIELD)).unwrap();
    let shift = Key::Named(keyboard::key::Named::Shift);
    let status = ui.simulate([iced_test::simulator::press_key(shift.clone(), None)]);
    assert_eq!(
        status,
        vec![iced::event::Status::Ignored],
        "a text field lets Shift through to the app's keys"
    );
    let typing = ui.find(selector::is_focused()).is_ok();
    assert!(typing, "the reason field has the focus");
    drop(ui);
    app.set_time_ms(5_000);
    let pressed = app.update(Message::Key(keyboard::Event::KeyPressed {
        modified_key: shift.clone(),
        key: shift.clone(),
        physical_key: keyboard::key::Physical::Unidentified(
            keyboard::key::NativeCode::Unidentified,
        ),
        location: Location::Left,
        modifiers: Modifiers::SHIFT,
        text: None,
        repeat: false,
    }));
    drop(pressed);
    assert_eq!(running(&app), white, "the key alone presses nothing");
    let _ = app.update(Message::ClockKey {
        key: shift.clone(),
        location: Location::Left,
        typing,
    });
    assert_eq!(
        running(&app),
        white,
        "Shift typed in a field is not a press"
    );
    // Out of the field, the same Shift is White's button.
    let _ = app.update(Message::ClockKey {
        key: shift,
        location: Location::Left,
        typing: false,
    });
    assert_ne!(running(&app), white);
}

#[test]
fn each_board_answers_to_the_two_keys_the_arbiter_set() {
    use shashki_arbiter::rules::Color;
    use shashki_arbiter::ui::screen::clocks::Message as Clocks;
    let mut app = app("clock-keys", Lang::En);
    let _ = app.update(Message::Tab(Tab::Clocks));
    click(&mut app, "Clocks for round 6, game 1");
    let _ = app.update(Message::Clocks(Clocks::Keys(1, "q a".into())));
    let _ = app.update(Message::Clocks(Clocks::Keys(2, "ws".into())));
    assert_eq!(app.session.clocks.keys[1], "qa");
    app.set_time_ms(1_000);
    char_key(&mut app, "q"); // board 2 starts (White to move)
    app.set_time_ms(4_000);
    char_key(&mut app, "a"); // Black's key while White thinks: nothing
    char_key(&mut app, "q"); // White moves
    let snap = |app: &App, b: usize, at: u64| app.session.clocks.hall.snapshots(at)[b].1.clone();
    let s = snap(&app, 1, 4_000);
    assert_eq!(s.running, Some(Color::Black));
    assert_eq!((s.white.moves, s.white.ms_left), (1, 2_697_000));
    assert_eq!(snap(&app, 2, 4_000).running, None, "board 3 untouched");
    assert_eq!(snap(&app, 0, 4_000).running, None, "board 1 untouched");
    // The keys come back with the event after a restart.
    let path = app.session.event.as_ref().unwrap().path().to_path_buf();
    drop(app);
    let back = App::with(Some(&path), None, Lang::En, Time::Manual(0));
    assert_eq!(
        back.session.clocks.keys,
        vec!["".to_string(), "qa".into(), "ws".into()]
    );
}

#[test]
fn the_swiss_round_is_proposed_changed_by_hand_with_warnings_and_saved() {
    use shashki_arbiter::ui::screen::draft::Message as Draft;
    use shashki_arbiter::ui::screen::rounds::Message as Rounds;
    let path = event_copy("swiss-draft", "tournaments/open-swiss-48.ron");
    let mut app = App::with(Some(&path), None, Lang::En, Time::Manual(0));
    let _ = app.update(Message::Tab(Tab::Rounds));
    click(&mut app, "Pair round (Swiss) 8");
    assert!(sees(
        &app,
        "Swiss pairing of round 8 — draft, not saved yet"
    ));
    assert!(text_containing(&app, "Every absolute rule holds").is_some());
    screenshot(&mut app, Size::new(1280.0, 800.0), "swiss-draft-en");
    // The arbiter puts board 1's White against someone he met in round 1.
    let t = app.session.event.as_ref().unwrap().tournament.clone();
    let (w, b) = app.rounds.draft.as_ref().unwrap().pairs[0];
    let earlier = t.rounds[0]
        .pairings
        .iter()
        .find_map(|p| p.opponent(w))
        .unwrap();
    let _ = app.update(Message::Rounds(Rounds::Draft(Draft::Black(0, earlier))));
    let warning = text_containing(&app, "have already met").expect("the rematch is named");
    assert!(
        warning.contains(&format!("players {w} and {earlier}")),
        "{warning}"
    );
    // Back to the proposal, saved.
    let _ = app.update(Message::Rounds(Rounds::Draft(Draft::Black(0, b))));
    click(&mut app, "Save the pairings");
    let saved = EventFile::open(&path).unwrap().tournament;
    assert_eq!(saved.rounds.len(), 8);
    assert_eq!(
        (
            saved.rounds[7].pairings[0].white,
            saved.rounds[7].pairings[0].black
        ),
        (w, b)
    );
    assert!(app.rounds.draft.is_none());
}

#[test]
fn forbidden_pairs_and_absent_players_shape_the_swiss_draft() {
    use shashki_arbiter::ui::screen::draft::Message as Draft;
    use shashki_arbiter::ui::screen::event::Message as Ev;
    use shashki_arbiter::ui::screen::rounds::Message as Rounds;
    let path = event_copy("swiss-forbid", "tournaments/open-swiss-48.ron");
    let mut app = App::with(Some(&path), None, Lang::En, Time::Manual(0));
    let _ = app.update(Message::Tab(Tab::Rounds));
    click(&mut app, "Pair round (Swiss) 8");
    let (w, b) = app.rounds.draft.as_ref().unwrap().pairs[0];
    let _ = app.update(Message::Rounds(Rounds::Draft(Draft::Discard)));
    // The arbiter forbids board 1's pair (same club) on the Event screen.
    let _ = app.update(Message::Tab(Tab::Event));
    let _ = app.update(Message::Event(Ev::ForbidA(w)));
    let _ = app.update(Message::Event(Ev::ForbidB(b)));
    // (The button is at the foot of a 48-player list, below the window.)
    let _ = app.update(Message::Event(Ev::AddForbidden));
    assert_eq!(
        EventFile::open(&path).unwrap().tournament.forbidden,
        vec![(w, b)]
    );
    let _ = app.update(Message::Tab(Tab::Rounds));
    click(&mut app, "Pair round (Swiss) 8");
    let d = app.rounds.draft.as_ref().unwrap();
    assert!(!d
        .pairs
        .iter()
        .any(|&(x, y)| (x, y) == (w, b) || (x, y) == (b, w)));
    // A player marked absent is left out; 47 players: someone gets the bye.
    let _ = app.update(Message::Rounds(Rounds::Draft(Draft::Absent(w))));
    let d = app.rounds.draft.as_ref().unwrap();
    assert_eq!(d.proposal.absent, vec![w]);
    assert!(d.pairs.iter().all(|&(x, y)| x != w && y != w));
    assert!(d.proposal.bye.is_some());
    click(&mut app, "Save the pairings");
    let t = EventFile::open(&path).unwrap().tournament;
    assert_eq!(t.rounds[7].absent, vec![w]);
    assert!(t.rounds[7].bye.is_some());
}

#[test]
fn a_corrupt_event_opens_the_files_page_with_the_place_and_is_not_touched() {
    let path = event_copy("corrupt", SAMPLE);
    let text = std::fs::read_to_string(&path).unwrap();
    let cut = &text[..text.len() / 2];
    std::fs::write(&path, cut).unwrap();
    let app = App::with(Some(&path), None, Lang::En, Time::Manual(0));
    assert!(app.session.event.is_none());
    let error = app.open.error.clone().unwrap();
    let place = format!("{}:", path.display());
    assert!(error.starts_with(&place), "{error}");
    assert!(
        text_containing(&app, &place).is_some(),
        "the error is on screen"
    );
    assert!(sees(&app, "Open an event"));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        cut,
        "never overwritten"
    );
}

#[test]
fn undoing_a_paired_round_shows_the_round_before() {
    let path = event_copy("undo-round", "tournaments/open-swiss-48.ron");
    let mut app = App::with(Some(&path), None, Lang::En, Time::Manual(0));
    let _ = app.update(Message::Tab(Tab::Rounds));
    click(&mut app, "Pair round (Swiss) 8");
    click(&mut app, "Save the pairings");
    assert_eq!(app.rounds.round, 8, "the new round is shown");
    key(
        &mut app,
        Key::Character("z".into()),
        Location::Standard,
        Modifiers::CTRL,
    );
    assert_eq!(
        app.session.event.as_ref().unwrap().tournament.rounds.len(),
        7
    );
    assert_eq!(app.rounds.round, 7);
    assert!(sees(&app, "Round 7 / 9"));
    assert!(
        sees(&app, "Pair round (Swiss) 8"),
        "the round can be paired again"
    );
}

/// "Draw for this board" with no board chosen drew an opening for every board at once, breaking
/// a board-by-board ceremony: the button does nothing until a board is chosen.
#[test]
fn draw_for_the_board_waits_until_a_board_is_chosen() {
    use shashki_arbiter::ui::screen::ballot::Message as Ballot;
    let mut app = app("ballot-none", Lang::Ru);
    // Round 6 without any opening yet.
    let boards = app.session.event.as_ref().unwrap().tournament.rounds[5]
        .pairings
        .len();
    let cleared = Command::SetBallots {
        round: 6,
        ballots: (1..=boards).map(|b| (b, None)).collect(),
    };
    app.session
        .event
        .as_mut()
        .unwrap()
        .apply(cleared, chrono::Utc::now())
        .unwrap();
    let _ = app.update(Message::Tab(Tab::Ballot));
    app.ballot.board = None;
    let before = app.session.event.as_ref().unwrap().tournament.clone();
    let messages: Vec<Message> = {
        let mut ui = simulator(&app, Size::new(1280.0, 800.0));
        ui.click("Жребий для доски").unwrap();
        ui.into_messages().collect()
    };
    for m in messages {
        let _ = app.update(m);
    }
    let _ = app.update(Message::Ballot(Ballot::Draw));
    assert_eq!(
        app.session.event.as_ref().unwrap().tournament,
        before,
        "nothing drawn"
    );
    // Board 2 chosen: only board 2 gets its opening.
    let _ = app.update(Message::Ballot(Ballot::Board(2)));
    click(&mut app, "Жребий для доски");
    let r = &app.session.event.as_ref().unwrap().tournament.rounds[5];
    let drawn: Vec<usize> = r
        .pairings
        .iter()
        .filter(|p| p.ballot.is_some())
        .map(|p| p.board)
        .collect();
    assert_eq!(drawn, [2]);
}
