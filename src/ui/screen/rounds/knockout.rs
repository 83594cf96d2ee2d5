//! What the Rounds screen adds for a knockout: who goes on from each encounter, who passes the
//! round, and the arbiter's decision of an encounter the games left tied (with its reason).

use iced::widget::{button, column, row, text, text_input};
use iced::Element;

use super::Message;
use crate::lang::Lang;
use crate::tournament::model::{Pairing, Round, System, Tournament};
use crate::tournament::system::knockout;

/// Tie-break slots for an encounter: those played, and the next one while the ladder goes on.
pub fn extra_slots(t: &Tournament, p: &Pairing) -> usize {
    let ko = t.settings.knockout.clone().unwrap_or_default();
    let open = p.tied()
        && p.decided.is_none()
        && knockout::winner(&ko, p).is_none()
        && p.extra
            .iter()
            .all(|g| !matches!(g, crate::tournament::GameResult::Pending))
        && p.extra.len() < knockout::ladder_games(&ko);
    p.extra.len() + usize::from(open)
}

/// `→ Name` after an encounter's score once someone goes on.
pub fn goes_on(t: &Tournament, p: &Pairing, lang: Lang) -> Option<String> {
    if t.settings.system != System::Knockout {
        return None;
    }
    let ko = t.settings.knockout.clone().unwrap_or_default();
    let w = knockout::winner(&ko, p)?;
    let how = match &p.decided {
        Some(d) => format!(" ({}: {})", lang.pick("arbiter", "решение судьи"), d.reason),
        None => String::new(),
    };
    Some(format!("→ {}{how}", crate::ui::format::seated(t, w)))
}

/// Under the round's table: those passing it, and a decision row for each tied encounter.
pub fn below<'a>(
    t: &'a Tournament,
    r: &'a Round,
    reason: &'a str,
    lang: Lang,
) -> Element<'a, Message> {
    let mut lines = column![].spacing(8);
    if t.settings.system != System::Knockout {
        return lines.into();
    }
    if !r.advanced.is_empty() {
        let names: Vec<String> = r
            .advanced
            .iter()
            .map(|&id| crate::ui::format::seated(t, id))
            .collect();
        lines = lines.push(
            text(format!(
                "{} {}: {}",
                lang.pick("Pass to round", "Проходят в тур"),
                r.number + 1,
                names.join(", ")
            ))
            .size(18),
        );
    }
    let ko = t.settings.knockout.clone().unwrap_or_default();
    for p in r
        .pairings
        .iter()
        .filter(|p| p.complete() && knockout::winner(&ko, p).is_none())
    {
        let pick = |id| {
            button(text(crate::ui::format::seated(t, id)).size(18)).on_press_maybe(
                (!reason.trim().is_empty() && !r.locked).then_some(Message::Decide(p.board, id)),
            )
        };
        lines = lines.push(
            row![
                text(format!(
                    "{} {}: {}",
                    lang.pick("Board", "Доска"),
                    p.board,
                    lang.pick(
                        "tied — who goes on, by the arbiter's decision?",
                        "ничья — кто проходит дальше по решению судьи?"
                    )
                ))
                .size(18),
                text_input(
                    lang.pick("reason (lot, Armageddon)", "основание (жребий, армагеддон)"),
                    reason
                )
                .on_input(Message::DecideReason)
                .width(320),
                pick(p.white),
                pick(p.black),
            ]
            .spacing(8)
            .align_y(iced::Alignment::Center),
        );
    }
    lines.into()
}
