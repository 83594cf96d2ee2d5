//! The players: the list by pairing number (a name clicked is edited), the form that adds or
//! edits one (Enter in any field saves it), the CSV import, numbers by lot, withdrawals.

use chrono::Datelike;
use iced::widget::{button, column, row, table, text, text_input};
use iced::Element;

use super::{Message, State};
use crate::lang::{Lang, Russian};
use crate::tournament::command::Command;
use crate::tournament::model::{Player, PlayerId, Sex, System, Tournament};
use crate::ui::screen::Action;

/// The new player's surname field (tests find it by this id).
pub const SURNAME_FIELD: &str = "player-surname";
/// The player form's sex field.
pub const SEX_FIELD: &str = "player-sex";

/// The players by pairing number, each with its withdrawal button.
pub(super) fn list<'a>(t: &'a Tournament, lang: Lang) -> Element<'a, Message> {
    let players = table(
        [
            table::column(text("№"), |p: &Player| {
                text(p.number.map(|n| n.to_string()).unwrap_or_default()).size(17)
            }),
            table::column(text(lang.pick("Name", "Участник")), |p: &Player| {
                button(text(p.full_name()).size(17))
                    .style(button::text)
                    .padding(0)
                    .on_press(Message::Edit(p.id))
            }),
            table::column(text(lang.pick("Title", "Звание")), |p: &Player| {
                text(p.title.clone()).size(17)
            }),
            table::column(text(lang.pick("Sex", "Пол")), move |p: &Player| {
                text(p.sex.map(|s| s.letter(lang)).unwrap_or_default()).size(17)
            }),
            table::column(text(lang.pick("Born", "Г. р.")), |p: &Player| {
                text(p.birth_year.map(|y| y.to_string()).unwrap_or_default()).size(17)
            }),
            table::column(text(lang.pick("Rating", "Рейтинг")), |p: &Player| {
                text(p.rating.map(|r| r.to_string()).unwrap_or_default()).size(17)
            }),
            table::column(
                text(lang.pick("Club / region", "Клуб / регион")),
                |p: &Player| text(p.club.clone()).size(17),
            ),
            table::column(text(""), move |p: &Player| -> Element<'a, Message> {
                match p.withdrawn_after {
                    // An expulsion is taken back by Ctrl+Z, not by a return.
                    Some(r) if p.expelled.is_some() => {
                        text(crate::report::withdrawn(p, r, lang)).size(15).into()
                    }
                    Some(r) => row![
                        text(crate::report::withdrawn(p, r, lang)).size(15),
                        button(text(lang.pick("return", "вернуть")).size(15))
                            .style(button::text)
                            .on_press(Message::Return(p.id)),
                    ]
                    .spacing(6)
                    .into(),
                    None => button(text(lang.pick("withdraw", "снять")).size(15))
                        .style(button::secondary)
                        .on_press(Message::Withdraw(p.id))
                        .into(),
                }
            }),
        ],
        t.by_number(),
    )
    .padding_x(10)
    .padding_y(4);

    players.into()
}

/// The sex of a player as the form offers it: not given, М, Ж.
/// What the sex field reads from what it holds after a key: the last letter typed decides (a
/// field, not a pick list, so that Tab reaches it: iced's pick list takes no focus); an empty
/// field is no sex given; a letter that names none leaves the sex as it was.
pub(super) fn sex_typed(typed: &str, was: Option<Sex>) -> Option<Sex> {
    match typed.trim().chars().last() {
        None => None,
        Some(c) => Sex::parse(&c.to_string()).or(was),
    }
}

/// Pairing numbers drawn by lot (a round robin) or how a Swiss gives them.
pub(super) fn numbers<'a>(t: &'a Tournament, lang: Lang) -> Element<'a, Message> {
    let numbers: Element<'a, Message> = if t.settings.system == System::Swiss {
        text(lang.pick(
                "Swiss: pairing numbers follow the initial ranking (rating, title, name) when round 1 is saved.",
                "Швейцарская система: номера присваиваются по начальному рейтингу (рейтинг, звание, фамилия) при сохранении 1-го тура.",
            ))
            .size(15)
            .into()
    } else {
        button(text(
            lang.pick("Draw pairing numbers by lot", "Жеребьёвка номеров"),
        ))
        .style(button::secondary)
        .on_press_maybe(t.rounds.is_empty().then_some(Message::DrawNumbers))
        .into()
    };

    numbers
}

impl State {
    /// The form for a new player (or the one being edited) and the CSV import: above the list,
    /// so it stays where it is however many players there are.
    pub(super) fn player_form<'a>(&'a self, lang: Lang) -> Element<'a, Message> {
        let add = row![
            text_input(lang.pick("surname", "фамилия"), &self.surname)
                .id(SURNAME_FIELD)
                .on_input(Message::Surname)
                .on_submit(Message::Add),
            text_input(lang.pick("name", "имя"), &self.name)
                .on_input(Message::Name)
                .on_submit(Message::Add),
            text_input(
                lang.pick("sex M/F", "пол М/Ж"),
                self.sex.map_or("", |s| s.letter(lang))
            )
            .id(SEX_FIELD)
            .on_input(Message::Sex)
            .on_submit(Message::Add)
            .width(90),
            text_input(lang.pick("title / rank", "звание / разряд"), &self.title)
                .on_input(Message::Title)
                .on_submit(Message::Add),
            text_input(lang.pick("birth year", "год рождения"), &self.birth_year)
                .on_input(Message::BirthYear)
                .on_submit(Message::Add)
                .width(130),
            text_input(lang.pick("rating", "рейтинг"), &self.rating)
                .on_input(Message::Rating)
                .on_submit(Message::Add),
            text_input(lang.pick("club / region", "клуб / регион"), &self.club)
                .on_input(Message::Club)
                .on_submit(Message::Add),
            button(text(if self.editing.is_some() {
                lang.pick("Save player", "Сохранить")
            } else {
                lang.pick("Add player", "Добавить")
            }))
            .on_press(Message::Add),
        ]
        .push(self.editing.map(|_| {
            button(text(lang.pick("Cancel", "Отмена")))
                .style(button::secondary)
                .on_press(Message::CancelEdit)
        }))
        .spacing(6);
        let import = row![
            text_input(
                lang.pick(
                    "CSV list to import (surname, name, sex, title, rating, club, birth year)",
                    "список CSV (фамилия, имя, пол, разряд, рейтинг, клуб, год рождения)"
                ),
                &self.csv_path
            )
            .on_input(Message::CsvPath)
            .on_submit(Message::ImportCsv),
            button(text(lang.pick("Import CSV", "Импорт CSV")))
                .style(button::secondary)
                .on_press(Message::ImportCsv),
        ]
        .spacing(6);
        column![add, import].spacing(8).into()
    }
}

impl State {
    /// The player as typed, added or saved; a field that cannot be read says why, and a rank
    /// the table does not read or a player already on the list is asked about first.
    pub(super) fn add_player(&mut self, t: &Tournament, lang: Lang) -> Action<Message> {
        // Enter in any field of an empty form: nothing to add, and it says what is missing.
        if self.surname.trim().is_empty() {
            return Action::error(lang.pick("Type the surname first", "Сначала введите фамилию"));
        }
        let rating = match self.typed_rating(lang) {
            Ok(rating) => rating,
            Err(why) => return Action::error(why),
        };
        let birth_year = match self.typed_birth_year(t, lang) {
            Ok(year) => year,
            Err(why) => return Action::error(why),
        };
        if let Some(question) = self.question(t, birth_year, lang) {
            let key = self.form_key();
            if self.asked.as_deref() != Some(key.as_str()) {
                self.asked = Some(key);
                return Action::error(question);
            }
        }
        let existing = self.editing.and_then(|id| t.player(id)).cloned();
        let id = existing
            .as_ref()
            .map(|p| p.id)
            .unwrap_or_else(|| PlayerId::after(t.players.iter().map(|p| p.id)));
        let base = existing.unwrap_or_else(|| Player::new(id, ""));
        let player = Player {
            surname: self.surname.trim().to_string(),
            name: self.name.trim().to_string(),
            title: self.title.trim().to_string(),
            rating,
            club: self.club.trim().to_string(),
            birth_year,
            sex: self.sex,
            ..base
        };
        let cmd = if self.editing.is_some() {
            Command::EditPlayer { player }
        } else {
            Command::AddPlayer { player }
        };
        // The form is cleared once the player is saved (`clear_form`, by the app): a
        // refused change leaves what the arbiter typed.
        Action::Apply(cmd)
    }

    /// The rating typed: none, or a whole number not negative; else why not.
    fn typed_rating(&self, lang: Lang) -> Result<Option<u32>, String> {
        let r = match self.rating.trim() {
            "" => return Ok(None),
            r => r,
        };
        let refused = |why: &str| {
            format!(
                "{} {}: {}",
                lang.pick("rating", "рейтинг"),
                lang.quote(r),
                why
            )
        };
        match r.parse::<i64>() {
            Ok(v) if v < 0 => Err(refused(lang.pick(
                "a rating is not negative",
                "рейтинг не бывает отрицательным",
            ))),
            Ok(v) => match u32::try_from(v) {
                Ok(v) => Ok(Some(v)),
                Err(_) => Err(refused(lang.pick("too large", "слишком большой"))),
            },
            Err(_) => Err(refused(lang.pick("a whole number", "нужно целое число"))),
        }
    }

    /// The birth year typed: none, or a year the forms can print: four digits, not after the
    /// event's first day (or, with no dates yet, this year); else why not.
    fn typed_birth_year(&self, t: &Tournament, lang: Lang) -> Result<Option<u16>, String> {
        let latest = crate::tournament::model::first_day(&t.settings.dates)
            .map_or_else(|| chrono::Local::now().year(), |d| d.year());
        match self.birth_year.trim() {
            "" => Ok(None),
            y => match y.parse::<u16>() {
                Ok(v) if (1900..=latest).contains(&i32::from(v)) => Ok(Some(v)),
                _ => Err(format!(
                    "{} {}: {}",
                    lang.pick("birth year", "год рождения"),
                    lang.quote(y),
                    if lang == Lang::En {
                        format!("a year from 1900 to {latest}, such as 2008")
                    } else {
                        format!("нужен год от 1900 до {latest}, например 2008")
                    }
                )),
            },
        }
    }

    /// The player `id` taken into the form.
    pub(super) fn edit_player(&mut self, t: &Tournament, id: PlayerId) -> Action<Message> {
        let Some(p) = t.player(id) else {
            return Action::None;
        };
        // The form is at the page's top: a player clicked low in a long list is
        // edited where the arbiter can see it (a trial clicked and saw nothing).
        let top = iced::widget::operation::snap_to(
            super::EVENT_PAGE,
            iced::widget::operation::RelativeOffset::START,
        );
        self.editing = Some(id);
        self.surname = p.surname.clone();
        self.name = p.name.clone();
        self.title = p.title.clone();
        self.rating = p.rating.map(|r| r.to_string()).unwrap_or_default();
        self.club = p.club.clone();
        self.birth_year = p.birth_year.map(|y| y.to_string()).unwrap_or_default();
        self.sex = p.sex;
        Action::Task(top)
    }

    /// The CSV list read (its path, for the errors), added as one change: one undo takes the
    /// import back.
    pub(super) fn import_csv(
        &mut self,
        t: &Tournament,
        path: String,
        bytes: Vec<u8>,
        lang: Lang,
    ) -> Action<Message> {
        let first = PlayerId::after(t.players.iter().map(|p| p.id));
        let players = match crate::tournament::roster::parse_csv(&path, &bytes, first) {
            Ok(players) => players,
            Err(e) => return Action::error(e.said(lang)),
        };
        // Ranks the table does not read are asked about, as in the form.
        let unknown = super::unknown_ranks(&players, lang);
        let again = self.csv_asked.as_ref() == Some(&(path.clone(), bytes.clone()));
        if !unknown.is_empty() && !again {
            self.csv_asked = Some((path, bytes));
            return Action::error(format!(
                "{}: {}. {} ({}). {}",
                lang.pick("Ranks not in the EVSK table", "Разрядов нет в таблице ЕВСК"),
                unknown.join(", "),
                lang.pick(
                    "They would count as no rank",
                    "Они будут считаться как «без разряда»"
                ),
                crate::tournament::norms::Table::shipped().rank_keys(lang),
                lang.pick(
                    "Correct the list, or press “Import CSV” again to keep them as typed.",
                    "Исправьте список или нажмите «Импорт CSV» ещё раз, чтобы оставить как есть."
                ),
            ));
        }
        self.csv_asked = None;
        Action::Apply(Command::Batch {
            commands: players
                .into_iter()
                .map(|player| Command::AddPlayer { player })
                .collect(),
        })
    }
}
