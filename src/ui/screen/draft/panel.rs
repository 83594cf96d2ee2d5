//! The pieces the Swiss draft and the team Swiss draft both show: the title, the save and
//! discard buttons, a board (match) line with its two pickers and its reason, and the notes.

use iced::widget::text::IntoFragment;
use iced::widget::{button, container, pick_list, row, text, Column, Row, Text};
use iced::{Element, Length};

use crate::lang::Lang;
use crate::ui::format::{self, Choice};
use crate::ui::theme;

/// The draft's title: what is paired, the round, and that it is not saved yet.
pub fn title<'a>(what: &str, round: usize, lang: Lang) -> Text<'a> {
    text(format!(
        "{} {} — {}",
        what,
        round,
        lang.pick("draft, not saved yet", "черновик, ещё не сохранён")
    ))
    .size(22)
}

/// Save (`None`: cannot be saved now) and discard.
pub fn buttons<'a, M: Clone + 'a>(
    save: &'a str,
    on_save: Option<M>,
    discard: M,
    lang: Lang,
) -> Row<'a, M> {
    row![
        button(text(save)).on_press_maybe(on_save),
        button(text(
            lang.pick("Discard the draft", "Отказаться от проекта")
        ))
        .style(button::secondary)
        .on_press(discard),
    ]
    .spacing(8)
}

/// The pickers of the two sides of a board (match) as the arbiter has them now.
pub struct Sides<'c, Id, M> {
    pub choices: &'c [Choice<Id>],
    pub first: fn(usize, Id) -> M,
    pub second: fn(usize, Id) -> M,
}

impl<Id: Copy + PartialEq + 'static, M: Clone + 'static> Sides<'_, Id, M> {
    /// Board (match) `k`: its number, its sides `pair`, and `why` they are paired so.
    pub fn line<'a>(&self, k: usize, pair: (Id, Id), why: String) -> Element<'a, M> {
        let (first, second) = (self.first, self.second);
        row![
            text(format!("{}.", k + 1))
                .size(18)
                .width(Length::Fixed(36.0)),
            pick_list(
                self.choices.to_vec(),
                format::chosen(self.choices, Some(pair.0)),
                move |c| first(k, c.value)
            )
            .width(Length::Fixed(280.0)),
            pick_list(
                self.choices.to_vec(),
                format::chosen(self.choices, Some(pair.1)),
                move |c| second(k, c.value)
            )
            .width(Length::Fixed(280.0)),
            text(why).size(14),
        ]
        .spacing(8)
        .align_y(iced::Alignment::Center)
        .into()
    }

    /// The picker that marks a player (team) absent for the round, or back.
    pub fn absent<'a>(&self, absent: fn(Id) -> M, placeholder: &'a str) -> Element<'a, M> {
        pick_list(self.choices.to_vec(), None::<Choice<Id>>, move |c| {
            absent(c.value)
        })
        .placeholder(placeholder)
        .into()
    }
}

/// A note under the buttons.
pub fn note<'a>(line: impl IntoFragment<'a>) -> Text<'a> {
    text(line).size(15)
}

/// A note of what must be seen to: a rule broken, a pairing impossible.
pub fn warning<'a>(line: impl IntoFragment<'a>) -> Text<'a> {
    note(line).color(theme::ERROR)
}

/// The note that every absolute rule holds.
pub fn all_hold<'a>(line: impl IntoFragment<'a>) -> Text<'a> {
    note(line).color(theme::OK)
}

/// The draft's panel around its lines.
pub fn panel<'a, M: 'a>(lines: Column<'a, M>) -> Element<'a, M> {
    container(lines.spacing(10))
        .padding(10)
        .style(theme::panel)
        .into()
}
