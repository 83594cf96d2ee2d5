//! The regulation's tie-break order: moved up and down, removed, added from the list.

use iced::widget::{button, column, container, pick_list, row, text};
use iced::{Element, Length};

use super::Message;
use crate::lang::Lang;
use crate::tournament::command::Command;
use crate::tournament::model::{TieBreak, Tournament};
use crate::ui::screen::Action;
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
    let n = t.tiebreaks.len();
    let tiebreaks = t.tiebreaks.iter().enumerate().map(|(k, tb)| {
        let (short, full) = (tb.short(), tb.name());
        let label = format!(
            "{} ({})",
            lang.pick(short.0, short.1),
            lang.pick(full.0, full.1)
        );
        ordered_row(
            k,
            n,
            label,
            [
                Message::TiebreakUp(k),
                Message::TiebreakDown(k),
                Message::TiebreakRemove(k),
            ],
        )
    });
    let missing: Vec<TieBreakChoice> = TieBreak::ALL
        .into_iter()
        .filter(|tb| !t.tiebreaks.contains(tb))
        .map(|tb| TieBreakChoice(tb, lang))
        .collect();
    let tiebreaks = container(
        // Beside the team criteria, these are the players' (seen in the real window: two lists
        // both called tie-breaks).
        column![text(if t.is_team_event() {
            lang.pick(
                "Players' tie-breaks, in order",
                "Показатели игроков по порядку",
            )
        } else {
            lang.pick(
                "Tie-breaks, in order",
                "Дополнительные показатели по порядку",
            )
        })
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

/// The `k`-th of `n` criteria in order, with its up, down and remove buttons (`moves` the three
/// messages): the team criteria's list is the same.
pub(super) fn ordered_row<'a, M: Clone + 'a>(
    k: usize,
    n: usize,
    label: String,
    moves: [M; 3],
) -> Element<'a, M> {
    let [up, down, remove] = moves;
    row![
        text(format!("{}. {label}", k + 1))
            .size(17)
            .width(Length::Fixed(420.0)),
        button(text("↑")).on_press_maybe((k > 0).then_some(up)),
        button(text("↓")).on_press_maybe((k + 1 < n).then_some(down)),
        button(text("✕")).style(button::danger).on_press(remove),
    ]
    .spacing(6)
    .align_y(iced::Alignment::Center)
    .into()
}

/// The order after a tie-break moved up or down, removed or added; a move past either end
/// changes nothing.
pub(super) fn reorder(t: &Tournament, message: Message) -> Action<Message> {
    let mut order = t.tiebreaks.clone();
    match message {
        Message::TiebreakUp(k) if k > 0 => order.swap(k, k - 1),
        Message::TiebreakDown(k) if k + 1 < order.len() => order.swap(k, k + 1),
        Message::TiebreakRemove(k) if k < order.len() => {
            order.remove(k);
        }
        Message::TiebreakAdd(TieBreakChoice(tb, _)) => order.push(tb),
        _ => return Action::None,
    }
    Action::Apply(Command::SetTiebreaks { tiebreaks: order })
}
