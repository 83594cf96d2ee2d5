//! Issue 27: the event's paperwork typed on the Event screen reaches the documents the Standings
//! screen writes; the Rounds screen prints the shown round's pairing list for the wall.

use super::*;
use shashki_arbiter::report::kind::Kind;
use shashki_arbiter::ui::format::Choice;
use shashki_arbiter::ui::screen::event::{Edit, Message as Ev};
use shashki_arbiter::ui::screen::standings::Message as St;

/// The PDF's text; `None` only where poppler is missing, which CI (`SHASHKI_REQUIRE_TOOLS`) does
/// not allow: the checks on the text are never skipped there.
fn pdf_text(path: &Path) -> Option<String> {
    match std::process::Command::new("pdftotext")
        .arg(path)
        .arg("-")
        .output()
    {
        Ok(out) => Some(String::from_utf8(out.stdout).unwrap()),
        Err(_) => {
            assert!(
                std::env::var_os("SHASHKI_REQUIRE_TOOLS").is_none(),
                "pdftotext is needed (poppler-utils)"
            );
            None
        }
    }
}

#[test]
fn the_panel_typed_on_the_event_screen_signs_the_final_protocol() {
    let mut app = app("paperwork", Lang::Ru);
    let path = app.session.event.as_ref().unwrap().path().to_path_buf();
    let _ = app.update(Message::Tab(Tab::Event));
    click(&mut app, "Судьи и документы");
    // The sample's panel is shown as saved.
    assert!(sees(&app, "Федерация шашек Республики Татарстан"));
    assert!(sees(&app, "Хабибуллина Р. Р."));
    let _ = screenshot(&mut app, Size::new(1280.0, 800.0), "paperwork-ru");
    for e in [
        Edit::Organiser("Федерация шашек Казани".into()),
        Edit::CalendarNumber("2207".into()),
        Edit::ChiefSecretary("Зайцева О. Л.".into()),
        Edit::Arbiters("Гусев П. А.;Орлов Д. С.".into()),
    ] {
        let _ = app.update(Message::Event(Ev::Settings(e)));
    }
    click(&mut app, "Сохранить");
    let saved = shashki_arbiter::store::event::read(&path).unwrap().settings;
    assert_eq!(saved.paperwork.organiser, "Федерация шашек Казани");
    assert_eq!(saved.paperwork.calendar_number, "2207");
    assert_eq!(saved.arbiters, ["Гусев П. А.", "Орлов Д. С."]);
    assert!(
        sees(&app, "Гусев П. А.;Орлов Д. С."),
        "the field shows them as typed"
    );

    let _ = app.update(Message::Tab(Tab::Standings));
    let _ = app.update(Message::Standings(St::Document(Choice {
        value: Kind::Protocol,
        label: String::new(),
    })));
    assert_eq!(app.standings.document, Kind::Protocol);
    click(&mut app, "PDF");
    let out = path.with_file_name("shashki64-round-robin-protocol.pdf");
    assert!(std::fs::read(&out)
        .expect("written beside the event")
        .starts_with(b"%PDF-"));
    let status = app.session.status.as_ref().unwrap().text.clone();
    assert!(status.contains("Итоговый протокол — записано"), "{status}");
    if let Some(text) = pdf_text(&out) {
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        // The sample is after round 5 of 9: a protocol, not the final one.
        assert!(flat.contains("Протокол (промежуточный)"), "{flat}");
        assert!(
            flat.contains("Организатор: Федерация шашек Казани"),
            "{flat}"
        );
        assert!(flat.contains("№ в календарном плане: 2207"));
        assert!(flat.contains("Главный секретарь: ____________________ Зайцева О. Л. (1К, Казань)"));
        assert!(flat.contains("Судья: ____________________ Орлов Д. С."));
    }
    // The same document in English is a file of its own: the Russian one is still there, as
    // written (an arbiter's trial lost three Russian documents to their English exports).
    let russian = std::fs::read(&out).unwrap();
    let _ = app.update(Message::Lang(Lang::En));
    click(&mut app, "PDF");
    let english = path.with_file_name("shashki64-round-robin-protocol-en.pdf");
    assert!(std::fs::read(&english)
        .expect("written beside the event")
        .starts_with(b"%PDF-"));
    assert_eq!(std::fs::read(&out).unwrap(), russian);
    let _ = app.update(Message::Lang(Lang::Ru));
    // A certificate is text: no CSV of it.
    let _ = app.update(Message::Standings(St::Document(Choice {
        value: Kind::Certificates,
        label: String::new(),
    })));
    let _ = app.update(Message::Standings(St::Export("csv")));
    assert!(!path
        .with_file_name("shashki64-round-robin-certificates.csv")
        .exists());
}

#[test]
fn the_rounds_screen_prints_the_pairing_list_for_the_wall() {
    let mut app = app("pairing-list", Lang::Ru);
    let _ = app.update(Message::Tab(Tab::Rounds));
    click(&mut app, "Список пар (PDF)");
    let event = app.session.event.as_ref().unwrap().path().to_path_buf();
    let out = event.with_file_name("shashki64-round-robin-pairings-6.pdf");
    let bytes = std::fs::read(&out).expect("the list is written beside the event");
    assert!(bytes.starts_with(b"%PDF-"));
    let status = app.session.status.as_ref().unwrap().text.clone();
    assert!(status.contains("Список пар записан"), "{status}");
    if let Some(text) = pdf_text(&out) {
        assert!(text.contains("Пары, тур 6"), "{text}");
    }
}

/// The final protocol asks each player's birth year: the player form takes it (a year such as
/// 2008; anything else refused with the field named), the list shows it, editing keeps it.
#[test]
fn the_player_form_takes_the_birth_year_the_protocol_prints() {
    let mut app = swiss_app("birth-year", Lang::Ru);
    let _ = app.update(Message::Tab(Tab::Event));
    let _ = app.update(Message::Event(Ev::Surname("Гайнуллина".into())));
    let _ = app.update(Message::Event(Ev::BirthYear("20О8".into())));
    let _ = app.update(Message::Event(Ev::Add));
    let status = app.session.status.as_ref().unwrap();
    assert!(
        status.error && status.text.contains("Год рождения «20О8»"),
        "{}",
        status.text
    );
    let t = app.session.tournament().unwrap();
    assert!(
        !t.players.iter().any(|p| p.surname == "Гайнуллина"),
        "nothing added"
    );
    assert_eq!(
        app.players.surname, "Гайнуллина",
        "the form keeps what was typed"
    );
    let _ = app.update(Message::Event(Ev::BirthYear("2008".into())));
    let _ = app.update(Message::Event(Ev::Add));
    let t = app.session.tournament().unwrap();
    let p = t
        .players
        .iter()
        .find(|p| p.surname == "Гайнуллина")
        .unwrap();
    assert_eq!(p.birth_year, Some(2008));
    assert!(sees(&app, "2008"), "the list shows it");
    let id = p.id;
    let _ = app.update(Message::Event(Ev::Edit(id)));
    assert_eq!(app.players.birth_year, "2008");
}

/// The event's own norm options, set on «Судьи и документы», are what the Norms page computes
/// with; «как в таблице» gives the table's back.
#[test]
fn the_norm_options_set_for_the_event_reach_the_norms_page() {
    use shashki_arbiter::tournament::norms::{Options, Rounding};
    let mut app = app("norm-options", Lang::Ru);
    let path = app.session.event.as_ref().unwrap().path().to_path_buf();
    let _ = app.update(Message::Tab(Tab::Event));
    click(&mut app, "Судьи и документы");
    assert!(sees(&app, "редакция: клубные программы, 2018"));
    let _ = app.update(Message::Event(Ev::Settings(Edit::NormsOptions(Some(
        Options {
            rounding: Rounding::HalfEven,
            min_players: 8,
            min_games: 3,
        },
    )))));
    click(&mut app, "Сохранить");
    let saved = shashki_arbiter::store::event::read(&path).unwrap().settings;
    assert_eq!(saved.norms.options.map(|o| o.min_games), Some(3));
    let _ = app.update(Message::Tab(Tab::Standings));
    click(&mut app, "Разрядные нормы");
    let line = text_containing(&app, "партий не менее").expect("the options are said");
    assert!(
        line.contains("партий не менее 3") && line.contains("к чётной половине"),
        "{line}"
    );
    let _ = app.update(Message::Tab(Tab::Event));
    click(&mut app, "как в таблице");
    click(&mut app, "Сохранить");
    let saved = shashki_arbiter::store::event::read(&path).unwrap().settings;
    assert!(saved.norms.is_default());
}
