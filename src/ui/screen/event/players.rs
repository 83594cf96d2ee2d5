//! The players: the list by pairing number (a name clicked is edited), the form that adds or
//! edits one (Enter in any field saves it), the CSV import, numbers by lot, withdrawals.

use iced::widget::{button, column, row, table, text, text_input};
use iced::Element;

use super::{Message, State};
use crate::lang::Lang;
use crate::tournament::model::{Player, Sex, System, Tournament};

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
