//! The pairs the Swiss pairing must not make (same club, family).

use iced::widget::{button, column, container, pick_list, row, text};
use iced::Element;

use super::{Message, State};
use crate::lang::Lang;
use crate::tournament::command::Command;
use crate::tournament::model::{PlayerId, Tournament};
use crate::ui::format::Choice;
use crate::ui::screen::Action;
use crate::ui::theme;

impl State {
    pub(super) fn forbidden_panel<'a>(
        &'a self,
        t: &'a Tournament,
        lang: Lang,
    ) -> Element<'a, Message> {
        let name = |id: PlayerId| t.player(id).map(|p| p.full_name()).unwrap_or_default();
        let people: Vec<Choice<PlayerId>> = t
            .by_number()
            .into_iter()
            .map(|p| Choice {
                value: p.id,
                label: p.full_name(),
            })
            .collect();
        let pick =
            |id: Option<PlayerId>| id.and_then(|id| people.iter().find(|c| c.value == id).cloned());
        let forbidden = container(
                column![text(lang.pick(
                    "Forbidden pairs (the Swiss pairing will not make them: same club, family)",
                    "Запрещённые пары (жеребьёвка по швейцарской системе их не составит: один клуб, родственники)"
                ))
                .size(20)]
                .extend(t.forbidden.iter().enumerate().map(|(k, &(a, b))| {
                    row![
                        text(format!("{} — {}", name(a), name(b))).size(17),
                        button(text("✕")).style(button::danger).on_press(Message::RemoveForbidden(k)),
                    ]
                    .spacing(8)
                    .align_y(iced::Alignment::Center)
                    .into()
                }))
                .push(
                    row![
                        pick_list(people.clone(), pick(self.forbid.0), |c| Message::ForbidA(c.value)),
                        pick_list(people.clone(), pick(self.forbid.1), |c| Message::ForbidB(c.value)),
                        button(text(lang.pick("Add the pair", "Добавить пару"))).on_press(Message::AddForbidden),
                    ]
                    .spacing(8),
                )
                .spacing(6),
            )
            .padding(8)
            .style(theme::panel);

        forbidden.into()
    }
}

impl State {
    /// The pair chosen added to the forbidden pairs (a player is not paired with himself).
    pub(super) fn add_forbidden(&mut self, t: &Tournament) -> Action<Message> {
        if let (Some(a), Some(b)) = self.forbid {
            if a != b {
                let mut pairs = t.forbidden.clone();
                pairs.push((a, b));
                self.forbid = (None, None);
                return Action::Apply(Command::SetForbidden { pairs });
            }
        }
        Action::None
    }
}

/// The forbidden pair `k` removed.
pub(super) fn remove(t: &Tournament, k: usize) -> Action<Message> {
    if k >= t.forbidden.len() {
        return Action::None;
    }
    let mut pairs = t.forbidden.clone();
    pairs.remove(k);
    Action::Apply(Command::SetForbidden { pairs })
}
