//! The Event screen: players, settings, new events.

use super::*;

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
    // A list with a rank the table does not read is asked about first (the form asked; an
    // import was silent), and imported as typed when the button is pressed again.
    let odd = path.with_file_name("odd.csv");
    std::fs::write(&odd, "Фамилия;Имя;Разряд\nКим;Анна;чемпион двора\n").unwrap();
    app.players.csv_path = odd.display().to_string();
    click(&mut app, "Import CSV");
    let said = app.session.status.clone().unwrap();
    assert!(said.error, "{said:?}");
    assert!(
        said.text
            .contains("Ranks not in the EVSK table: “чемпион двора” (Ким Анна)"),
        "{}",
        said.text
    );
    assert_eq!(app.session.tournament().unwrap().players.len(), 2);
    click(&mut app, "Import CSV");
    assert_eq!(app.session.tournament().unwrap().players.len(), 3);
    let _ = app.update(Message::Rounds(
        shashki_arbiter::ui::screen::rounds::Message::Undo,
    ));
    app.players.csv_path = csv.display().to_string();
    // The import is one change: one Ctrl+Z takes the whole list back, and it comes again.
    let ctrl_z = |app: &mut App| {
        key(
            app,
            Key::Character("z".into()),
            Location::Standard,
            Modifiers::CTRL,
        )
    };
    ctrl_z(&mut app);
    assert_eq!(app.session.tournament().unwrap().players.len(), 0);
    click(&mut app, "Import CSV");
    assert_eq!(app.session.tournament().unwrap().players.len(), 2);

    // Click a name: the form takes the player; a new rating is saved on the same player.
    click(&mut app, "Белов Пётр");
    assert_eq!(app.players.surname, "Белов");
    app.players.rating = "1875".into();
    click(&mut app, "Save player");
    let t = &shashki_arbiter::store::event::read(&path).unwrap();
    assert_eq!(t.players.len(), 2);
    assert_eq!(t.players[1].rating, Some(1875));

    // Settings: a preset time control and micromatch points, saved together.
    click(&mut app, "Settings");
    let _ = app.update(Message::Event(Ev::Settings(Edit::TimeControl(
        "25m+10s".into(),
    ))));
    // Issue 35 §7: the words under the field follow what it holds, before any Save (they
    // explained the saved control while another was typed or chosen).
    assert!(
        text_containing(&app, "= 25 min").is_some_and(|t| t.contains("10 s")),
        "{:?}",
        text_containing(&app, "= ")
    );
    let _ = app.update(Message::Event(Ev::Settings(Edit::MatchPoints(true))));
    click(&mut app, "Save settings");
    let t = &shashki_arbiter::store::event::read(&path).unwrap();
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
    let t = &shashki_arbiter::store::event::read(&path).unwrap();
    assert_eq!(t.settings.time_control.to_string(), "25m+10s");
    assert!(t.settings.scoring.match_points.is_some());
    // Corrected, the whole draft is saved.
    let _ = app.update(Message::Event(Ev::Settings(Edit::TimeControl(
        "30m+15s".into(),
    ))));
    click(&mut app, "Save settings");
    assert!(text_containing(&app, "not a time control").is_none());
    let t = &shashki_arbiter::store::event::read(&path).unwrap();
    assert_eq!(t.settings.time_control.to_string(), "30m+15s");
    assert!(
        t.settings.scoring.match_points.is_none(),
        "the other edit was kept"
    );
}

#[test]
fn a_new_event_is_created_beside_the_open_one_and_never_over_a_file() {
    use shashki_arbiter::ui::screen::open::{Message as Files, NewEvent};
    let mut app = app("new", Lang::Ru);
    click(&mut app, "Файлы…");
    assert!(app.files);
    assert!(
        sees(&app, "Новый турнир"),
        "{:?}",
        text_containing(&app, "тур")
    );
    let _ = app.update(Message::Open(Files::New(NewEvent::Name(
        "Кубок клуба 2027".into(),
    ))));
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
    // The arbiter's to write (the trial found it opened read-only, held by its own creation):
    // a player typed in is saved.
    assert!(
        app.session.watched_from().is_none(),
        "a new event is this window's"
    );
    let _ = app.update(Message::Event(
        shashki_arbiter::ui::screen::event::Message::Surname("Алексеев".into()),
    ));
    let _ = app.update(Message::Event(
        shashki_arbiter::ui::screen::event::Message::Add,
    ));
    assert_eq!(app.session.tournament().unwrap().players.len(), 1);
    let saved = shashki_arbiter::store::event::read(&made).unwrap();
    assert_eq!(saved.players.len(), 1, "saved in the file");
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
    let _ = app.update(Message::Open(Files::New(NewEvent::Name(
        "Кубок клуба 2027".into(),
    ))));
    click(&mut app, "Создать");
    assert!(app.session.status.as_ref().unwrap().error);
    assert_eq!(std::fs::read(&made).unwrap(), before);
}

#[test]
fn a_refused_settings_save_keeps_every_edit_and_names_the_field() {
    use shashki_arbiter::ui::screen::event::{Edit, Message as Ev};
    let mut app = app("refused-settings", Lang::Ru);
    let path = app.session.event.as_ref().unwrap().path().to_path_buf();
    let _ = app.update(Message::Tab(Tab::Event));
    let edit = |app: &mut App, e: Edit| {
        let _ = app.update(Message::Event(Ev::Settings(e)));
    };
    click(&mut app, "Настройки");
    edit(&mut app, Edit::Dates("1–9 декабря 2026".into()));
    edit(&mut app, Edit::Venue("Казань".into()));
    edit(&mut app, Edit::Name("  ".into()));
    click(&mut app, "Сохранить настройки");
    let note = text_containing(&app, "Не сохранено:").expect("the form says why");
    assert!(!note.is_ascii() && !note.contains("name"), "{note}");
    let saved = shashki_arbiter::store::event::read(&path).unwrap().settings;
    assert!(!saved.name.trim().is_empty(), "the file keeps its settings");
    let draft = app.players.draft.clone().expect("the draft is kept");
    assert_eq!(
        (draft.dates.as_str(), draft.venue.as_str()),
        ("1–9 декабря 2026", "Казань")
    );
    // The name typed again, the whole draft is saved.
    edit(&mut app, Edit::Name("Кубок города".into()));
    click(&mut app, "Сохранить настройки");
    assert!(text_containing(&app, "Не сохранено:").is_none());
    let saved = shashki_arbiter::store::event::read(&path).unwrap().settings;
    assert_eq!(
        (saved.name.as_str(), saved.venue.as_str()),
        ("Кубок города", "Казань")
    );
}

#[test]
fn enter_in_any_field_adds_the_player_and_the_form_stays_in_place() {
    use iced::keyboard::key::Named;
    use iced_test::selector;
    use shashki_arbiter::ui::screen::event::SURNAME_FIELD;
    let path = event_with_boards("player-form", 0);
    let mut app = App::with(Some(&path), None, Lang::Ru, Time::Manual(0));
    let _ = app.update(Message::Tab(Tab::Event));
    let form_top = |app: &App| {
        let mut ui = simulator(app, Size::new(1280.0, 800.0));
        ui.find(selector::id(SURNAME_FIELD)).unwrap().bounds().y
    };
    let top = form_top(&app);
    for (k, surname) in ["Орлова", "Белов", "Жуков", "Титова", "Гусев", "Ершов"]
        .into_iter()
        .enumerate()
    {
        // The arbiter types the surname and presses Enter right there.
        let messages: Vec<Message> = {
            let mut ui = simulator(&app, Size::new(1280.0, 800.0));
            ui.click(selector::id(SURNAME_FIELD)).unwrap();
            let _ = ui.typewrite(surname);
            let _ = ui.tap_key(Key::Named(Named::Enter));
            ui.into_messages().collect()
        };
        for m in messages {
            let _ = app.update(m);
        }
        let t = app.session.tournament().unwrap();
        assert_eq!(t.players.len(), k + 1, "{:?}", app.session.status);
        assert_eq!(t.players[k].surname, surname);
        assert_eq!(form_top(&app), top, "the form does not move down");
    }
}

/// The trial's finding: after Enter in «клуб / регион» the cursor stayed there and the next
/// surname went into the club field. Adding a player now also moves the focus to the surname
/// (a focus task alongside the save).
#[test]
fn after_a_player_is_added_the_cursor_is_back_in_the_surname() {
    use shashki_arbiter::ui::screen::event::Message as Ev;
    let mut app = swiss_app("focus-surname", Lang::Ru);
    let _ = app.update(Message::Tab(Tab::Event));
    let _ = app.update(Message::Event(Ev::Surname("Гайнуллина".into())));
    let plain = app.update(Message::Event(Ev::Name("Эльмира".into())));
    assert_eq!(plain.units(), 0, "typing asks for nothing");
    let added = app.update(Message::Event(Ev::Add));
    assert!(added.units() > 0, "the add comes with the focus task");
    let t = app.session.tournament().unwrap();
    assert!(t.players.iter().any(|p| p.surname == "Гайнуллина"));
}

/// Issue 25, item 9: the trial's status read «добавлен Гайнуллина Эльмира». The form takes the
/// player's sex (М/Ж) and the Russian words agree with it; without one, a form without gender.
/// An empty surname (Enter in an empty form) says what is missing instead of «добавлен : …».
#[test]
fn the_status_agrees_with_the_players_sex() {
    use iced_test::selector;
    use shashki_arbiter::tournament::model::Sex;
    use shashki_arbiter::ui::screen::event::Message as Ev;
    let mut app = swiss_app("sex-agrees", Lang::Ru);
    let _ = app.update(Message::Tab(Tab::Event));
    let status = |app: &App| app.session.status.as_ref().unwrap().text.clone();
    let _ = app.update(Message::Event(Ev::Add));
    assert_eq!(status(&app), "Сначала введите фамилию");
    assert!(app.session.status.as_ref().unwrap().error);
    for (surname, sex, said) in [
        (
            "Гайнуллина",
            Some(Sex::Female),
            "добавлена Гайнуллина Эльмира",
        ),
        ("Шарипов", Some(Sex::Male), "добавлен Шарипов Эльмира"),
        ("Ким", None, "в списке новый участник: Ким Эльмира"),
    ] {
        let _ = app.update(Message::Event(Ev::Surname(surname.into())));
        let _ = app.update(Message::Event(Ev::Name("Эльмира".into())));
        if let Some(sex) = sex {
            // A field the arbiter types «м» or «ж» into (Tab reaches it; a pick list took no
            // focus and Tab went past it).
            let messages: Vec<Message> = {
                let mut ui = simulator(&app, Size::new(1920.0, 1080.0));
                ui.click(selector::id(shashki_arbiter::ui::screen::event::SEX_FIELD))
                    .unwrap();
                let _ = ui.typewrite(&sex.letter(Lang::Ru).to_lowercase());
                ui.into_messages().collect()
            };
            for m in messages {
                let _ = app.update(m);
            }
            assert_eq!(app.players.sex, Some(sex));
        }
        let _ = app.update(Message::Event(Ev::Add));
        assert!(
            status(&app).contains(&shashki_arbiter::lang::sentence(said)),
            "{}",
            status(&app)
        );
        let t = app.session.tournament().unwrap();
        assert_eq!(
            t.players.iter().find(|p| p.surname == surname).unwrap().sex,
            sex
        );
    }
    // The players' list shows the letter.
    let mut ui = simulator(&app, Size::new(1920.0, 1080.0));
    assert!(ui.find("Ж").is_ok(), "the list shows «Ж»");
}

/// Issue 35: a rank the ЕВСК table does not read, or a player already on the list, is said before
/// the player is saved (a second Save keeps it as typed); a birth year after the event's first
/// day and a negative rating are refused in words that say why.
#[test]
fn the_player_form_asks_about_an_unknown_rank_and_a_twin_and_refuses_impossible_numbers() {
    use shashki_arbiter::ui::screen::event::Message as Ev;
    let mut app = swiss_app("form-asks", Lang::Ru);
    let _ = app.update(Message::Tab(Tab::Event));
    let status = |app: &App| app.session.status.as_ref().unwrap().text.clone();
    let count = |app: &App| app.session.tournament().unwrap().players.len();
    let before = count(&app);
    let fill = |app: &mut App, title: &str, year: &str, rating: &str| {
        let _ = app.update(Message::Event(Ev::Surname("Орлов".into())));
        let _ = app.update(Message::Event(Ev::Name("Пётр".into())));
        let _ = app.update(Message::Event(Ev::Title(title.into())));
        let _ = app.update(Message::Event(Ev::BirthYear(year.into())));
        let _ = app.update(Message::Event(Ev::Rating(rating.into())));
    };
    fill(&mut app, "", "2031", "");
    let _ = app.update(Message::Event(Ev::Add));
    assert!(
        status(&app).contains("нужен год от 1900 до"),
        "{}",
        status(&app)
    );
    fill(&mut app, "", "2001", "-50");
    let _ = app.update(Message::Event(Ev::Add));
    assert!(
        status(&app).contains("не бывает отрицательным"),
        "{}",
        status(&app)
    );
    fill(&mut app, "2 взр", "2001", "");
    let _ = app.update(Message::Event(Ev::Add));
    assert!(status(&app).contains("«2 взр»"), "{}", status(&app));
    assert!(
        status(&app).contains("нажмите «Добавить» ещё раз"),
        "{}",
        status(&app)
    );
    assert_eq!(count(&app), before, "asked, not saved");
    // Corrected to a form the table reads: saved at once.
    let _ = app.update(Message::Event(Ev::Title("2 р".into())));
    let _ = app.update(Message::Event(Ev::Add));
    assert_eq!(count(&app), before + 1, "{}", status(&app));
    // The same player again: asked; the second Save adds him.
    fill(&mut app, "II", "2001", "");
    let _ = app.update(Message::Event(Ev::Add));
    assert!(
        status(&app).contains("уже есть в списке"),
        "{}",
        status(&app)
    );
    assert_eq!(count(&app), before + 1);
    let _ = app.update(Message::Event(Ev::Add));
    assert_eq!(count(&app), before + 2, "{}", status(&app));
}

/// Found in the real window: a player refused by the event (a late entry into a round robin
/// whose table is drawn) emptied the form all the same — what the arbiter typed was lost. The
/// form is emptied only once the player is saved.
#[test]
fn a_refused_player_leaves_the_form_as_typed() {
    use shashki_arbiter::ui::screen::event::Message as Ev;
    let mut app = app("refused-form", Lang::En);
    let _ = app.update(Message::Tab(Tab::Event));
    let _ = app.update(Message::Event(Ev::Surname("Orlova".into())));
    let _ = app.update(Message::Event(Ev::Name("Anna".into())));
    let _ = app.update(Message::Event(Ev::Title("CMS".into())));
    let _ = app.update(Message::Event(Ev::Add));
    assert!(app.session.status.as_ref().unwrap().error);
    assert_eq!(app.session.tournament().unwrap().players.len(), 10);
    assert_eq!(
        (
            app.players.surname.as_str(),
            app.players.name.as_str(),
            app.players.title.as_str()
        ),
        ("Orlova", "Anna", "CMS")
    );
}

/// Issue 50: the check-in desk. A few letters and Enter mark the first player found present and
/// empty the field for the next; the count follows; a button marks one away; Ctrl+Z takes a
/// mark back; Enter in an empty field marks nobody.
#[test]
fn the_check_in_marks_who_came_by_a_few_letters_and_enter() {
    use iced::keyboard::key::Named;
    use iced_test::selector;
    use shashki_arbiter::ui::screen::event::CHECKIN_FIELD;
    let path = event_with_boards("checkin", 3);
    let mut app = App::with(Some(&path), None, Lang::En, Time::Manual(0));
    let _ = app.update(Message::Tab(Tab::Event));
    click(&mut app, "Check-in (0/6)");
    assert!(sees(&app, "Check-in for round 2: present 0 · missing 6"));
    let type_and_enter = |app: &mut App, letters: &str| {
        let messages: Vec<Message> = {
            let mut ui = simulator(app, Size::new(1280.0, 800.0));
            ui.click(selector::id(CHECKIN_FIELD)).unwrap();
            let _ = ui.typewrite(letters);
            let _ = ui.tap_key(Key::Named(Named::Enter));
            ui.into_messages().collect()
        };
        for m in messages {
            let _ = app.update(m);
        }
    };
    let present = |app: &App| {
        let mut ids = app.session.tournament().unwrap().checked_in.clone();
        ids.sort();
        ids
    };
    // «со»: Соколов (4), whose surname begins so; «КУЗ», in capitals: Кузнецов (3).
    type_and_enter(&mut app, "со");
    assert_eq!(present(&app), vec![PlayerId(4)], "{:?}", app.session.status);
    assert_eq!(
        app.players.checkin.query, "",
        "emptied for the next surname"
    );
    type_and_enter(&mut app, "КУЗ");
    assert_eq!(present(&app), vec![PlayerId(3), PlayerId(4)]);
    let said = app.session.status.clone().unwrap();
    assert!(
        said.text.contains("Кузнецов") && said.text.contains("(2 of 6)"),
        "{said:?}"
    );
    assert!(sees(&app, "Check-in for round 2: present 2 · missing 4"));
    // Enter again on a player who came does not mark him away; an empty Enter marks nobody.
    type_and_enter(&mut app, "куз");
    assert_eq!(present(&app).len(), 2);
    type_and_enter(&mut app, "");
    assert_eq!(present(&app).len(), 2);
    // Only Кузнецов's row offers "Mark away" once the list is narrowed to him.
    app.players.checkin.query = "куз".into();
    click(&mut app, "Mark away");
    assert_eq!(present(&app), vec![PlayerId(4)]);
    app.players.checkin.query.clear();
    click(&mut app, "All present");
    assert_eq!(present(&app).len(), 6);
    key(
        &mut app,
        Key::Character("z".into()),
        Location::Standard,
        Modifiers::CTRL,
    );
    assert_eq!(present(&app), vec![PlayerId(4)], "one Ctrl+Z, one mark");
    // The desk as the arbiter sees it, «со» typed: the one Enter marks is framed.
    app.players.checkin.query = "с".into();
    let _ = screenshot(&mut app, Size::new(1280.0, 800.0), "checkin-en");
    app.players.checkin.query.clear();
    // The rule is set here and saved in the event.
    let _ = app.update(Message::Event(
        shashki_arbiter::ui::screen::event::Message::CheckIn(
            shashki_arbiter::ui::screen::event::CheckInMessage::Required(true),
        ),
    ));
    let t = shashki_arbiter::store::event::read(&path).unwrap();
    assert!(t.settings.registration.checkin_required);
    assert_eq!(t.checked_in, vec![PlayerId(4)]);
    // The status says what the rule was and is, not "settings saved".
    let said = app.session.status.clone().unwrap();
    assert!(
        said.text.contains("Pair only checked-in players: no → yes"),
        "{said:?}"
    );
}

/// Issue 50: the regulation's categories and prizes entered at the console (Турнир › Зачёты и
/// призы): a category by its conditions, its player count beside it; a prize per place, and
/// beside each prize who takes it as the standings stand; the rules of allocation; a typing slip
/// or a range upside down refused naming the field, with not a byte written; a category removed
/// with its prizes in one change that one Ctrl+Z takes back.
#[test]
fn categories_and_prizes_are_entered_at_the_console_with_who_takes_each() {
    use shashki_arbiter::tournament::model::Sex;
    use shashki_arbiter::tournament::prize::{self, List};
    use shashki_arbiter::ui::screen::event::prizes::{Field, Message as P};
    use shashki_arbiter::ui::screen::event::Message as Ev;
    let mut app = swiss_app("prizes", Lang::Ru);
    let path = app.session.event.as_ref().unwrap().path().to_path_buf();
    let _ = app.update(Message::Tab(Tab::Event));
    click(&mut app, "Зачёты и призы");
    assert!(sees(&app, "Зачётов нет: у турнира только общий зачёт."));
    let send = |app: &mut App, m: P| {
        let _ = app.update(Message::Event(Ev::Prizes(m)));
    };
    let t = app.session.tournament().unwrap().clone();
    // The youngest third of the field, by year of birth: the category's lower bound.
    let mut years: Vec<u16> = t.players.iter().filter_map(|p| p.birth_year).collect();
    years.sort();
    let from = years[years.len() * 2 / 3];
    for (f, v) in [
        (Field::Id, "young"),
        (Field::NameRu, "Юноши и девушки"),
        (Field::Name, "Juniors"),
        (Field::BornFrom, from.to_string().as_str()),
    ] {
        send(&mut app, P::Typed(f, v.to_string()));
    }
    click(&mut app, "Добавить зачёт");
    let t = shashki_arbiter::store::event::read(&path).unwrap();
    assert_eq!(t.categories.len(), 1, "{:?}", app.session.status);
    let young = t.categories[0].members(&t).count();
    assert!(young > 0 && young < t.players.len());
    assert!(
        sees(&app, &format!("год рождения: от {from}")),
        "its conditions"
    );
    assert!(
        text_containing(&app, "участник").is_some_and(|s| s.starts_with(&young.to_string())),
        "its count: {:?}",
        text_containing(&app, "участник")
    );
    assert_eq!(
        app.players.prizes.field(Field::Id),
        "",
        "the form emptied once saved"
    );

    // Slips refused, naming the field; nothing written, the typing kept.
    let before = std::fs::read(&path).unwrap();
    send(&mut app, P::Typed(Field::Id, "women".into()));
    send(&mut app, P::Typed(Field::NameRu, "Женщины".into()));
    send(&mut app, P::Sex(Some(Sex::Female)));
    send(&mut app, P::Typed(Field::BornFrom, "20x4".into()));
    click(&mut app, "Добавить зачёт");
    let said = app.session.status.clone().unwrap();
    assert!(
        said.error && said.text.contains("Год рождения «20x4»: не целое число"),
        "{said:?}"
    );
    send(&mut app, P::Typed(Field::BornFrom, "2015".into()));
    send(&mut app, P::Typed(Field::BornTo, "2010".into()));
    click(&mut app, "Добавить зачёт");
    let said = app.session.status.clone().unwrap();
    assert!(
        said.error && said.text.contains("больше, чем «до» 2010"),
        "{said:?}"
    );
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "a refused category writes nothing"
    );
    send(&mut app, P::Typed(Field::BornFrom, String::new()));
    send(&mut app, P::Typed(Field::BornTo, String::new()));
    click(&mut app, "Добавить зачёт");
    let t = shashki_arbiter::store::event::read(&path).unwrap();
    assert_eq!(t.categories.len(), 2, "{:?}", app.session.status);

    // Prizes: the overall list's first two places, the young's first.
    for (list, place, amount, title) in [
        (List::Main, "1", "5000", "Кубок"),
        (List::Main, "2", "3000", ""),
        (List::Category("young".into()), "1", "1000", "Медаль"),
    ] {
        send(&mut app, P::List(list));
        send(&mut app, P::Place(place.into()));
        send(&mut app, P::Amount(amount.into()));
        send(&mut app, P::Title(title.into()));
        click(&mut app, "Добавить приз");
    }
    let t = shashki_arbiter::store::event::read(&path).unwrap();
    assert_eq!(t.prizes.prizes.len(), 3, "{:?}", app.session.status);
    // Beside each prize, who takes it now: the allocation's, on the screen.
    let lines = standings::compute(&t, None);
    let awards = prize::allocate(&t, &lines);
    for a in &awards {
        let who = t.player(a.player.unwrap()).unwrap().full_name();
        assert!(
            sees(&app, &who),
            "{}, place {}: {who} not shown",
            a.list,
            a.place
        );
    }
    // A place 0 and a place given twice: refused, nothing written.
    let before = std::fs::read(&path).unwrap();
    send(&mut app, P::List(List::Main));
    send(&mut app, P::Place("0".into()));
    send(&mut app, P::Amount("100".into()));
    click(&mut app, "Добавить приз");
    assert!(app
        .session
        .status
        .clone()
        .unwrap()
        .text
        .contains("места считаются с 1"));
    send(&mut app, P::Place("2".into()));
    click(&mut app, "Добавить приз");
    assert!(app
        .session
        .status
        .clone()
        .unwrap()
        .text
        .contains("приз уже есть"));
    assert_eq!(std::fs::read(&path).unwrap(), before);
    send(&mut app, P::Place(String::new()));
    send(&mut app, P::Amount(String::new()));

    // A thousands space is read as Russian writes it: «7 000».
    send(&mut app, P::List(List::Main));
    send(&mut app, P::Place("3".into()));
    send(&mut app, P::Amount("1 500".into()));
    click(&mut app, "Добавить приз");
    let t = shashki_arbiter::store::event::read(&path).unwrap();
    let third = t
        .prizes
        .prizes
        .iter()
        .find(|p| p.list == List::Main && p.place == 3);
    assert_eq!(
        third.and_then(|p| p.amount),
        Some(1500),
        "{:?}",
        app.session.status
    );
    let said = app.session.status.clone().unwrap();
    assert!(
        said.text
            .starts_with("Новый приз: Общий зачёт, 3-е место — 1500"),
        "{said:?}"
    );
    send(&mut app, P::RemovePrize(List::Main, 3));
    let said = app.session.status.clone().unwrap();
    assert!(
        said.text
            .starts_with("Снятие приза: Общий зачёт, 3-е место"),
        "{said:?}"
    );
    // Ctrl+Z says what it took back, as it was done.
    key(
        &mut app,
        keyboard::Key::Character("z".into()),
        Location::Standard,
        Modifiers::CTRL,
    );
    let said = app.session.status.clone().unwrap();
    assert!(
        said.text
            .contains("Отменено: снятие приза: Общий зачёт, 3-е место"),
        "{said:?}"
    );
    send(&mut app, P::RemovePrize(List::Main, 3));
    // The rule picked again changes nothing: no step for Ctrl+Z.
    let journal = || {
        std::fs::read_to_string(shashki_arbiter::store::event::journal_path(&path))
            .unwrap()
            .lines()
            .count()
    };
    let lines = journal();
    send(&mut app, P::Split(prize::Split::Places));
    assert_eq!(journal(), lines, "a choice picked again is not journaled");
    assert!(app
        .session
        .status
        .clone()
        .unwrap()
        .text
        .contains("ничего не изменилось"));

    // The rule: several prizes a player; saved in the event.
    send(&mut app, P::OnePerPlayer(false));
    assert!(
        !shashki_arbiter::store::event::read(&path)
            .unwrap()
            .prizes
            .one_per_player
    );
    send(&mut app, P::OnePerPlayer(true));
    app.session.status = None;
    let _ = screenshot(&mut app, Size::new(1280.0, 800.0), "prizes-ru");

    // The young category goes with its prize: asked first, done at the second press; one
    // Ctrl+Z brings both back.
    let before = std::fs::read(&path).unwrap();
    click(&mut app, "Удалить");
    let said = app.session.status.clone().unwrap();
    assert!(
        said.text.contains("1 приз: они будут сняты вместе с ним"),
        "{said:?}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), before, "asked, not done");
    click(&mut app, "Удалить");
    let t = shashki_arbiter::store::event::read(&path).unwrap();
    assert_eq!((t.categories.len(), t.prizes.prizes.len()), (1, 2));
    key(
        &mut app,
        keyboard::Key::Character("z".into()),
        Location::Standard,
        Modifiers::CTRL,
    );
    let t = shashki_arbiter::store::event::read(&path).unwrap();
    assert_eq!((t.categories.len(), t.prizes.prizes.len()), (2, 3));
    // A prize taken off its list.
    send(&mut app, P::RemovePrize(List::Main, 2));
    let t = shashki_arbiter::store::event::read(&path).unwrap();
    assert!(!t
        .prizes
        .prizes
        .iter()
        .any(|p| p.list == List::Main && p.place == 2));
}

/// Issue 50: the schedule at the console (Турнир › Расписание): each round's start and the
/// default time typed and saved as one change; a date the calendar has not, or rounds out of
/// order, refused naming the round with nothing written and the typing kept; one Ctrl+Z takes
/// the schedule back.
#[test]
fn the_schedule_is_typed_at_the_console() {
    use iced_test::selector;
    use shashki_arbiter::ui::screen::event::schedule::{Message as S, FIRST_START_FIELD};
    use shashki_arbiter::ui::screen::event::Message as Ev;
    let path = event_with_boards("schedule", 3);
    let mut app = App::with(Some(&path), None, Lang::Ru, Time::Manual(0));
    let _ = app.update(Message::Tab(Tab::Event));
    click(&mut app, "Расписание");
    // Round 1's start typed as the arbiter types it.
    let messages: Vec<Message> = {
        let mut ui = simulator(&app, Size::new(1280.0, 800.0));
        ui.click(selector::id(FIRST_START_FIELD)).unwrap();
        let _ = ui.typewrite("2026-12-07 10:00");
        ui.into_messages().collect()
    };
    for m in messages {
        let _ = app.update(m);
    }
    let send = |app: &mut App, m: S| {
        let _ = app.update(Message::Event(Ev::Schedule(m)));
    };
    send(&mut app, S::Start(1, "2026-02-30 15:00".into()));
    send(&mut app, S::DefaultTime("30".into()));
    let before = std::fs::read(&path).unwrap();
    click(&mut app, "Сохранить расписание");
    let said = app.session.status.clone().unwrap();
    assert!(
        said.error && said.text.starts_with("Тур 2: «2026-02-30 15:00»"),
        "{said:?}"
    );
    // Round 2 before round 1: the event refuses it.
    send(&mut app, S::Start(1, "2026-12-06 15:00".into()));
    click(&mut app, "Сохранить расписание");
    let said = app.session.status.clone().unwrap();
    assert!(said.error, "{said:?}");
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "refused: nothing written"
    );
    assert!(sees(&app, "2026-12-06 15:00"), "the typing is kept");
    send(&mut app, S::Start(1, "2026-12-07 15:00".into()));
    click(&mut app, "Сохранить расписание");
    let t = shashki_arbiter::store::event::read(&path).unwrap();
    let starts: Vec<String> = t.schedule.rounds.iter().map(|r| r.text()).collect();
    assert_eq!(
        starts,
        ["2026-12-07 10:00", "2026-12-07 15:00"],
        "{:?}",
        app.session.status
    );
    assert_eq!(t.schedule.default_minutes, Some(30));
    // The status says what the schedule replaced, old → new.
    let said = app.session.status.clone().unwrap().text;
    assert!(
        said.contains("тур 2: — → 2026-12-07 15:00")
            && said.contains("время опоздания: — → 30 мин"),
        "{said}"
    );
    app.session.status = None;
    let _ = screenshot(&mut app, Size::new(1280.0, 800.0), "schedule-ru");
    key(
        &mut app,
        keyboard::Key::Character("z".into()),
        Location::Standard,
        Modifiers::CTRL,
    );
    assert!(shashki_arbiter::store::event::read(&path)
        .unwrap()
        .schedule
        .rounds
        .is_empty());
    assert!(
        !sees(&app, "2026-12-07 15:00"),
        "the form shows the event's schedule again"
    );
}
