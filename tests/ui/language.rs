//! Russian screens in Russian only: no English word and no program identifier (`kings_only`,
//! `head_to_head`, `russian`) reaches a Russian arbiter's screen.

use std::sync::{Arc, Mutex};

use super::*;
use shashki_arbiter::tournament::id::GameRef;
use shashki_arbiter::tournament::model::PlayerId;

/// Latin words a Russian screen may show: key names, file formats, the federations' tables.
const ALLOWED: &[&str] = &[
    "PDN",
    "FEN",
    "CSV",
    "HTML",
    "PDF",
    "RON",
    "TRF",
    "IDF",
    "FMJD",
    "Esc",
    "Shift",
    "Space",
    "Page",
    "Up",
    "Down",
    "Pause",
    "Ctrl",
    "Del",
    "Tab",
    "Enter",
    "Home",
    "End",
    "Backspace",
    "shashki",
    "arbiter",
    "English",
    "Delete",
];

/// Every Latin word of three letters or more in `text` that a Russian screen must not show.
fn foreign_words(text: &str) -> Vec<String> {
    // A path or file name is the user's own, shown as it is.
    text.split_whitespace()
        .filter(|w| !w.contains('/') && !w.contains('\\') && !w.contains(".ron"))
        .flat_map(|w| {
            w.split(|c: char| !(c.is_ascii_alphabetic() || c == '_'))
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .filter(|w| w.len() >= 3)
        .filter(|w| !ALLOWED.contains(&w.as_str()))
        // Roman numerals name ballot tables (IX/10, XIV/3).
        .filter(|w| !w.chars().all(|c| "IVXLC".contains(c)))
        .collect()
}

/// Every text on screen, and whether it is what a field holds (typed, not shown by the program).
fn texts(app: &App) -> Vec<(String, bool)> {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let into = seen.clone();
    let mut ui = simulator(app, Size::new(1920.0, 1080.0));
    let _ = ui.find(move |c: Candidate<'_>| -> Option<()> {
        match c {
            Candidate::Text { content, .. } => {
                into.lock().unwrap().push((content.to_string(), false))
            }
            Candidate::TextInput { state, .. } => {
                into.lock().unwrap().push((state.text().into(), true))
            }
            _ => {}
        }
        None
    });
    drop(ui);
    let seen = seen.lock().unwrap().clone();
    seen
}

/// What a Russian screen must not show besides English words: a relocation's `W:` / `B:`, a
/// number with a Latin unit (`15m`, `30s`, `2h`: the short form of a time control) and a number
/// with a decimal point (`1.5`: Russian writes `1,5`; a clock's tenths `0:07.3` and a date
/// `10.04.2026` are not such numbers).
fn latin_marks(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for w in text.split(|c: char| c.is_whitespace() || c == ';' || c == '·') {
        if w == "W:" || w == "B:" {
            found.push(w.to_string());
        }
        let w = w.trim_matches(|c: char| !c.is_ascii_digit());
        let decimal = w.split_once('.').is_some_and(|(a, b)| {
            !a.is_empty()
                && !b.is_empty()
                && a.chars().all(|c| c.is_ascii_digit())
                && b.chars().all(|c| c.is_ascii_digit())
        });
        if decimal {
            found.push(w.to_string());
        }
    }
    let chars: Vec<char> = text.chars().collect();
    for i in 1..chars.len() {
        let unit = matches!(chars[i], 'h' | 'm' | 's');
        let after = chars.get(i + 1).is_none_or(|c| !c.is_alphabetic());
        if chars[i - 1].is_ascii_digit() && unit && after {
            found.push(format!("{}{}", chars[i - 1], chars[i]));
        }
    }
    found
}

fn english_on(app: &App, place: &str, found: &mut Vec<String>) {
    let texts = texts(app);
    // A screen that shows nothing would pass the scan: each must show Russian words.
    let russian = texts
        .iter()
        .filter(|(t, _)| {
            t.chars()
                .any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap_or(c)))
        })
        .count();
    if russian < 3 {
        found.push(format!("{place}: only {russian} Russian texts on screen"));
    }
    for (t, typed) in texts {
        let marks = latin_marks(&t);
        if !typed && !marks.is_empty() {
            found.push(format!("{place}: «{t}» ({})", marks.join(", ")));
        }
        let words = foreign_words(&t);
        if !words.is_empty() {
            found.push(format!("{place}: «{t}» ({})", words.join(", ")));
        }
    }
}

#[test]
fn russian_screens_show_no_english_word_or_identifier() {
    use shashki_arbiter::ui::screen::clocks::Message as Clocks;
    use shashki_arbiter::ui::session::clocks::Request;
    let mut app = app("russian-only", Lang::Ru);
    let mut found = Vec::new();
    for tab in Tab::ALL {
        let _ = app.update(Message::Tab(tab));
        english_on(&app, &format!("{tab:?}"), &mut found);
    }
    use shashki_arbiter::ui::screen::event::{Message as Ev, Section};
    let _ = app.update(Message::Tab(Tab::Event));
    for section in Section::ALL {
        let _ = app.update(Message::Event(Ev::Section(section)));
        english_on(&app, &format!("Event {section:?}"), &mut found);
    }
    // The Claims screen with an illegal move, then with a repetition verdict.
    let _ = app.update(Message::Tab(Tab::Claims));
    app.claims.sheet.record =
        iced::widget::text_editor::Content::with_text("1. cd4 fe5 2. ab4 ba5");
    click(&mut app, "Проверить запись");
    english_on(&app, "Claims, illegal move", &mut found);
    app.claims.sheet.record = iced::widget::text_editor::Content::with_text(
        "[FEN \"W:WKa1:BKh2\"]\n1. a1b2 h2g1 2. b2a1 g1h2 3. a1b2 h2g1 4. b2a1 g1h2",
    );
    click(&mut app, "Проверить запись");
    click(&mut app, "Заявить троекратное повторение здесь");
    english_on(&app, "Claims, verdict", &mut found);
    // A refused clock action says why in Russian.
    let _ = app.update(Message::Tab(Tab::Clocks));
    click(&mut app, "Часы: тур 6, партия 1");
    for _ in 0..2 {
        let _ = app.update(Message::Clocks(Clocks::Request(Request::Start(0))));
    }
    assert!(app.session.status.as_ref().unwrap().error);
    english_on(&app, "Clocks, refused start", &mut found);
    // The wall's pages and the help.
    let _ = app.update(Message::Wall(true));
    for page in shashki_arbiter::ui::screen::wall::Page::ALL {
        let m = shashki_arbiter::ui::screen::wall::Message::Page(page);
        let _ = app.update(Message::WallPage(m));
        english_on(&app, &format!("wall {page:?}"), &mut found);
    }
    let _ = app.update(Message::Wall(false));
    let _ = app.update(Message::Help(true));
    english_on(&app, "help", &mut found);
    let _ = app.update(Message::Help(false));
    let _ = app.update(Message::Files(true));
    english_on(&app, "files", &mut found);
    assert!(
        found.is_empty(),
        "English on Russian screens:\n{}",
        found.join("\n")
    );
}

#[test]
fn russian_pick_lists_and_the_swiss_draft_are_russian() {
    use shashki_arbiter::tournament::model::TieBreak;
    use shashki_arbiter::ui::format;
    use shashki_arbiter::ui::screen::event::TieBreakChoice;
    let mut labels: Vec<String> = Vec::new();
    labels.extend(format::variants(Lang::Ru).into_iter().map(|c| c.label));
    labels.extend(format::sides(Lang::Ru).into_iter().map(|c| c.label));
    labels.extend(format::systems(Lang::Ru).into_iter().map(|c| c.label));
    labels.extend(TieBreak::ALL.map(|tb| TieBreakChoice(tb, Lang::Ru).to_string()));
    let mut found: Vec<String> = labels
        .iter()
        .filter(|l| !foreign_words(l).is_empty())
        .cloned()
        .collect();
    // A Swiss round proposed, with its warnings and its pick lists of players.
    let path = event_copy("russian-swiss", "tournaments/open-swiss-48.ron");
    let mut app = App::with(Some(&path), None, Lang::Ru, Time::Manual(0));
    let _ = app.update(Message::Tab(Tab::Rounds));
    let next = app.session.tournament().unwrap().rounds.len() + 1;
    english_on(&app, "Swiss rounds", &mut found);
    click(&mut app, &format!("Жеребьёвка тура {next}"));
    assert!(app.rounds.draft.is_some());
    english_on(&app, "Swiss draft", &mut found);
    assert!(
        found.is_empty(),
        "English in Russian:\n{}",
        found.join("\n")
    );
}

/// Issue 35 §7: a 68-character event name pushed the header's buttons off a 1280x800 screen
/// (the language button could not be reached). The name wraps; every button stays on screen.
#[test]
fn a_long_event_name_leaves_every_header_button_on_a_1280_screen() {
    let mut app = app("long-name", Lang::Ru);
    app.session.event.as_mut().unwrap().tournament.settings.name =
        "Первенство Республики Татарстан по русским шашкам среди юношей и девушек".into();
    for label in ["Файлы…", "Стена зала (F12)", "Сеть зала", "Справка (F1)"]
    {
        let mut ui = simulator(&app, Size::new(1280.0, 800.0));
        ui.click(label)
            .unwrap_or_else(|e| panic!("`{label}` is off the screen: {e:?}"));
    }
    click(&mut app, "English");
    assert_eq!(app.session.lang, Lang::En);
}

/// Every kind of change the console makes, with its texts in `lang` (a note, a venue, a name).
fn every_kind_of_change(
    t: &shashki_arbiter::tournament::model::Tournament,
    lang: Lang,
) -> Vec<Command> {
    use shashki_arbiter::tournament::model::{Player, Sex, TieBreak};
    let mut settings = t.settings.clone();
    settings.venue = lang
        .pick("Kazan, club Debut", "Казань, клуб «Дебют»")
        .into();
    let first = t.players[0].id;
    let mut edited = t.players[1].clone();
    edited.club = lang.pick("Ufa", "Уфа").into();
    vec![
        Command::SetResult {
            game: GameRef {
                round: 6,
                board: 1,
                game: 0,
            },
            result: GameResult::WhiteWins,
        },
        Command::SetResult {
            game: GameRef {
                round: 6,
                board: 1,
                game: 1,
            },
            result: GameResult::Draw,
        },
        Command::SetResult {
            game: GameRef {
                round: 6,
                board: 2,
                game: 0,
            },
            result: GameResult::WhiteByForfeit,
        },
        Command::SetNotes {
            round: 6,
            board: 3,
            notes: vec![lang
                .pick(
                    "threefold repetition claim rejected",
                    "заявление о троекратном повторении отклонено",
                )
                .into()],
        },
        Command::SetTiebreaks {
            tiebreaks: vec![TieBreak::Wins, TieBreak::HeadToHead, TieBreak::Buchholz],
        },
        Command::SetSettings {
            settings: Box::new(settings),
        },
        Command::EditPlayer { player: edited },
        Command::Withdraw {
            id: first,
            after_round: Some(6),
        },
        Command::AddPlayer {
            player: Player {
                sex: Some(Sex::Female),
                ..Player::new(PlayerId(999), lang.pick("Orlova", "Орлова"))
            },
        },
    ]
}

/// The status line and every journal note as the console in `lang` says them.
fn status_and_journal(app: &App, lang: Lang) -> Vec<String> {
    let said = app
        .session
        .status
        .clone()
        .map(|s| s.text)
        .unwrap_or_default();
    let file = app.session.event.as_ref().unwrap();
    std::iter::once(said)
        .chain(file.journal().iter().map(|e| {
            shashki_arbiter::store::said::entry(&file.tournament, file.journal(), e, lang)
        }))
        .collect()
}

/// Issue 35 §6: the status line and the journal's notes of an English console are English —
/// every kind of change, its undo and its redo; only the event's own words (names, clubs, the
/// event's name, as typed) may be Russian.
#[test]
fn english_status_lines_and_journal_notes_are_english() {
    let mut app = app("english-journal", Lang::En);
    let t = app.session.tournament().unwrap().clone();
    let mut own: Vec<String> = t
        .players
        .iter()
        .flat_map(|p| {
            [
                p.full_name(),
                p.surname.clone(),
                p.name.clone(),
                p.club.clone(),
            ]
        })
        .chain([t.settings.name.clone(), t.settings.venue.clone()])
        .filter(|w| !w.is_empty())
        .collect();
    own.sort_by_key(|w| std::cmp::Reverse(w.chars().count()));
    let mut found = Vec::new();
    let mut scan = |app: &App, place: &str| {
        for text in status_and_journal(app, Lang::En) {
            let mut rest = text.clone();
            for w in &own {
                rest = rest.replace(w.as_str(), " ");
            }
            if rest.chars().any(|c| matches!(c, 'А'..='я' | 'Ё' | 'ё')) {
                found.push(format!("{place}: «{text}»"));
            }
        }
    };
    for (k, cmd) in every_kind_of_change(&t, Lang::En).into_iter().enumerate() {
        let _ = app.session.apply(cmd);
        scan(&app, &format!("change {k}"));
    }
    for k in 0..3 {
        app.session.undo();
        scan(&app, &format!("undo {k}"));
    }
    for k in 0..3 {
        app.session.redo();
        scan(&app, &format!("redo {k}"));
    }
    assert!(
        found.is_empty(),
        "Russian in English status lines or journal notes:\n{}",
        found.join("\n")
    );
}

/// Issue 35 §6: the status line and the journal's notes of a Russian console are Russian too —
/// for every kind of change the console makes, its undo and its redo (the scan above covered
/// the screens only; identifiers and "45m" reached the status line and the journal).
#[test]
fn russian_status_lines_and_journal_notes_are_russian() {
    let mut app = app("russian-journal", Lang::Ru);
    let t = app.session.tournament().unwrap().clone();
    let changes = every_kind_of_change(&t, Lang::Ru);
    let mut found = Vec::new();
    let scan = |app: &App, place: &str, found: &mut Vec<String>| {
        for text in status_and_journal(app, Lang::Ru) {
            let mut bad = foreign_words(&text);
            bad.extend(latin_marks(&text));
            if !bad.is_empty() {
                found.push(format!("{place}: «{text}» ({})", bad.join(", ")));
            }
        }
    };
    for (k, cmd) in changes.into_iter().enumerate() {
        // The round robin takes no late entry: refused, in Russian.
        let _ = app.session.apply(cmd);
        scan(&app, &format!("change {k}"), &mut found);
    }
    for k in 0..3 {
        app.session.undo();
        scan(&app, &format!("undo {k}"), &mut found);
    }
    for k in 0..3 {
        app.session.redo();
        scan(&app, &format!("redo {k}"), &mut found);
    }
    // The Rounds screen shows the journal as the arbiter reads it.
    let _ = app.update(Message::Tab(Tab::Rounds));
    english_on(&app, "Rounds with a journal", &mut found);
    assert!(
        found.is_empty(),
        "English in Russian status lines or journal notes:\n{}",
        found.join("\n")
    );
}
