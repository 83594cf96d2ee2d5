//! The regulation's tie-break order: moved up and down, removed, added from the list.

use iced::widget::{button, column, container, pick_list, row, text};
use iced::{Element, Length};

use super::Message;
use crate::lang::Lang;
use crate::tournament::model::{TieBreak, Tournament};
use crate::ui::theme;

/// A tie-break as the pick list shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TieBreakChoice(pub TieBreak, pub Lang);

impl std::fmt::Display for TieBreakChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (short, full) = (self.0.short(), self.0.name());
        write!(
            f,
            "{} ({})",
            self.1.pick(short.0, short.1),
            self.1.pick(full.0, full.1)
        )
    }
}

/// The tie-breaks in order, with their buttons.
pub(super) fn panel<'a>(t: &'a Tournament, lang: Lang) -> Element<'a, Message> {
    let tiebreaks = t.tiebreaks.iter().enumerate().map(|(k, tb)| {
        let (short, full) = (tb.short(), tb.name());
        row![
            text(format!(
                "{}. {} ({})",
                k + 1,
                lang.pick(short.0, short.1),
                lang.pick(full.0, full.1)
            ))
            .size(17)
            .width(Length::Fixed(420.0)),
            button(text("↑")).on_press_maybe((k > 0).then_some(Message::TiebreakUp(k))),
            button(text("↓"))
                .on_press_maybe((k + 1 < t.tiebreaks.len()).then_some(Message::TiebreakDown(k))),
            button(text("✕"))
                .style(button::danger)
                .on_press(Message::TiebreakRemove(k)),
        ]
        .spacing(6)
        .align_y(iced::Alignment::Center)
        .into()
    });
    let missing: Vec<TieBreakChoice> = TieBreak::ALL
        .into_iter()
        .filter(|tb| !t.tiebreaks.contains(tb))
        .map(|tb| TieBreakChoice(tb, lang))
        .collect();
    let tiebreaks = container(
        column![text(lang.pick(
            "Tie-breaks, in order",
            "Дополнительные показатели по порядку"
        ))
        .size(20)]
        .extend(tiebreaks)
        .push(
            pick_list(missing, None::<TieBreakChoice>, Message::TiebreakAdd)
                .placeholder(lang.pick("add a tie-break…", "добавить показатель…")),
        )
        .spacing(6),
    )
    .padding(8)
    .style(theme::panel);

    tiebreaks.into()
}
