//! The panel and what the federation's documents ask of the event: organiser, calendar-plan
//! number, age group, the chief arbiter and the chief secretary with their judge categories and
//! cities, the other arbiters. Edits go to the same draft as the settings and are saved with them.

use iced::widget::TextInput;
use iced::widget::{button, column, container, pick_list, row, text, text_input, Row, Text};
use iced::{Element, Length};

use super::settings::Edit;
use super::{Message, State};
use crate::lang::Lang;
use crate::tournament::model::{Settings, Tournament};
use crate::tournament::norms::{NormsChoice, Options, Rounding, Table};
use crate::ui::format::{self, Choice};
use crate::ui::theme;

/// A field's value as the draft has it, and the edit that its typing makes.
type Typed<'s> = (&'s str, fn(String) -> Edit);

impl State {
    pub(super) fn paperwork_form<'a>(
        &'a self,
        t: &'a Tournament,
        event: Option<&std::path::Path>,
        lang: Lang,
    ) -> Element<'a, Message> {
        let d = self.draft.clone().unwrap_or_else(|| t.settings.clone());
        let p = &d.paperwork;
        container(
            column![
                text(lang.pick("Panel and documents", "Судейская коллегия и документы")).size(22),
                text(lang.pick(
                    "Printed in the final protocol, the round protocols, the certificates and the chief arbiter's report; the panel signs at their foot.",
                    "Печатается в итоговом протоколе, протоколах туров, справках о разрядах и отчёте главного судьи; судьи подписывают их внизу."
                ))
                .size(15),
                field(lang.pick("Organiser", "Организатор"), &p.organiser, Edit::Organiser),
                field(
                    lang.pick("Calendar plan No", "№ в календарном плане"),
                    &p.calendar_number,
                    Edit::CalendarNumber
                ),
                field(lang.pick("Age group", "Возрастная группа"), &p.age_group, Edit::AgeGroup),
            ]
            .extend(panel_rows(&d, lang))
            .push(self.norms_rows(&d.norms, event, lang))
            .push(self.refused(false, lang))
            .push(
                button(text(lang.pick("Save", "Сохранить")))
                    .on_press_maybe(self.draft.is_some().then_some(Message::SaveSettings)),
            )
            .spacing(10),
        )
        .padding(8)
        .style(theme::panel)
        .into()
    }
}

/// A field's input; Enter in it saves the draft.
fn input<'a>(label: &str, value: &str, f: fn(String) -> Edit) -> TextInput<'a, Message> {
    text_input(label, value)
        .on_input(move |v| Message::Settings(f(v)))
        .on_submit(Message::SaveSettings)
}

/// A row's label, in the column of labels.
fn label<'a>(s: &str) -> Text<'a> {
    text(s.to_string()).size(17).width(Length::Fixed(220.0))
}

/// A labelled field.
fn field<'a>(name: &str, value: &str, f: fn(String) -> Edit) -> Row<'a, Message> {
    row![label(name), input(name, value, f)]
        .spacing(8)
        .align_y(iced::Alignment::Center)
}

/// The panel: the chief arbiter and the chief secretary, each with his judge category and city
/// under the columns' names, then the other arbiters.
fn panel_rows<'a>(d: &Settings, lang: Lang) -> [Element<'a, Message>; 4] {
    let p = &d.paperwork;
    let (category, city) = (
        lang.pick("judge category", "судейская категория"),
        lang.pick("city", "город"),
    );
    // A member of the panel: the name, then his category and city, on one line.
    let member = |role: &str, (name, fname): Typed, (cat, fcat): Typed, (town, ftown): Typed| {
        row![
            label(role),
            input(role, name, fname).width(Length::FillPortion(3)),
            input(category, cat, fcat).width(Length::FillPortion(2)),
            input(city, town, ftown).width(Length::FillPortion(2)),
        ]
        .spacing(8)
        .align_y(iced::Alignment::Center)
    };
    let arbiters = d.arbiters.join(";");
    [
        // The columns' names: a filled field shows no placeholder.
        row![
            label(""),
            text(lang.pick("name", "фамилия, инициалы"))
                .size(14)
                .width(Length::FillPortion(3)),
            text(category).size(14).width(Length::FillPortion(2)),
            text(city).size(14).width(Length::FillPortion(2)),
        ]
        .spacing(8)
        .into(),
        member(
            lang.pick("Chief arbiter", "Главный судья"),
            (&d.chief_arbiter, Edit::ChiefArbiter),
            (&p.chief_arbiter_category, Edit::ChiefArbiterCategory),
            (&p.chief_arbiter_city, Edit::ChiefArbiterCity),
        )
        .into(),
        member(
            lang.pick("Chief secretary", "Главный секретарь"),
            (&p.chief_secretary, Edit::ChiefSecretary),
            (&p.chief_secretary_category, Edit::ChiefSecretaryCategory),
            (&p.chief_secretary_city, Edit::ChiefSecretaryCity),
        )
        .into(),
        field(
            lang.pick("Arbiters (; between)", "Судьи (через «;»)"),
            &arbiters,
            Edit::Arbiters,
        )
        .into(),
    ]
}

impl State {
    /// The ЕВСК table the norms use and its options: what the draft names, read as the sheets
    /// will read it (a table that cannot be read is said so, and the shipped one's options
    /// shown).
    fn norms_rows<'a>(
        &'a self,
        choice: &NormsChoice,
        event: Option<&std::path::Path>,
        lang: Lang,
    ) -> Element<'a, Message> {
        let (table, problem) = match Table::for_event(choice, event) {
            Ok(table) => (table.into_owned(), None),
            Err(e) => (Table::shipped().clone(), Some(e.to_string())),
        };
        column![
            row![
                label(lang.pick("ЕВСК norms table", "Таблица норм ЕВСК")),
                text_input(
                    lang.pick(
                        "a table file (empty: the shipped one)",
                        "файл таблицы (пусто — встроенная)"
                    ),
                    &choice.table
                )
                .on_input(|v| Message::Settings(Edit::NormsTable(v)))
                .on_submit(Message::SaveSettings),
                text(format!(
                    "{}: {}",
                    lang.pick("edition", "редакция"),
                    table.edition_said(lang)
                ))
                .size(15),
            ]
            .spacing(8)
            .align_y(iced::Alignment::Center),
            norm_options_row(choice, table.options, lang),
        ]
        .push(problem.map(|p| {
            text(format!(
                "{} {p}",
                lang.pick("The table cannot be read:", "Таблица не читается:")
            ))
            .size(16)
            .color(theme::ERROR)
        }))
        .spacing(8)
        .into()
    }
}

/// The norm's options as the table read has them (`o`): its rounding, the least players and
/// games; back to the table's own.
fn norm_options_row<'a>(choice: &NormsChoice, o: Options, lang: Lang) -> Row<'a, Message> {
    let set = move |o: Options| Message::Settings(Edit::NormsOptions(Some(o)));
    let roundings: Vec<Choice<Rounding>> = Rounding::ALL
        .iter()
        .map(|&r| Choice {
            value: r,
            label: r.said(lang).to_string(),
        })
        .collect();
    let chosen = format::chosen(&roundings, Some(o.rounding));
    let caption = |s: &str| text(s.to_string()).size(17);
    row![
        label(lang.pick("Norm rounded", "Норма округляется")),
        pick_list(roundings, chosen, move |c| set(Options {
            rounding: c.value,
            ..o
        }))
        .width(Length::Fixed(330.0)),
        caption(lang.pick("players at least", "участников не менее")),
        pick_list(
            (2..=20).collect::<Vec<usize>>(),
            Some(o.min_players),
            move |n| {
                set(Options {
                    min_players: n,
                    ..o
                })
            }
        ),
        caption(lang.pick("games at least", "партий не менее")),
        pick_list(
            (1..=20).collect::<Vec<usize>>(),
            Some(o.min_games),
            move |n| { set(Options { min_games: n, ..o }) }
        ),
        button(text(lang.pick("as the table has them", "как в таблице")))
            .style(button::secondary)
            .on_press_maybe(
                choice
                    .options
                    .is_some()
                    .then_some(Message::Settings(Edit::NormsOptions(None)))
            ),
    ]
    .spacing(8)
    .align_y(iced::Alignment::Center)
}
