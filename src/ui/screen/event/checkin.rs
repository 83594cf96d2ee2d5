//! The check-in before a round (регистрация): the arbiter types a few letters of a surname and
//! Enter marks the first player found present; the counts of present and missing stay in sight.
//! Each mark is one `SetCheckedIn` through the session's `apply` (journaled, Ctrl+Z takes it
//! back). The event's two rules on coming — pair only who has checked in, what a late entry gets
//! — are set here too, where the arbiter needs them.

use iced::widget::{button, checkbox, column, container, pick_list, row, text, text_input};
use iced::{Element, Length};

use crate::lang::Lang;
use crate::tournament::command::Command;
use crate::tournament::model::{Player, PlayerId, Tournament};
use crate::tournament::registration::{self, LateEntry};
use crate::ui::format::Choice;
use crate::ui::screen::Action;
use crate::ui::theme;

/// The check-in's search field (tests and the section's opening focus find it by this id).
pub const CHECKIN_FIELD: &str = "checkin-search";

/// The letters typed to find a player.
#[derive(Clone, Debug, Default)]
pub struct Desk {
    pub query: String,
}

#[derive(Clone, Debug)]
pub enum Message {
    Query(String),
    /// Enter in the search: the first player found is marked present.
    MarkFirst,
    /// A player marked present (`true`) or away.
    Mark(PlayerId, bool),
    /// Everyone expected marked present (the hall has filled).
    AllPresent,
    Required(bool),
    LateEntry(LateEntry),
}

/// Letters compared as a hall reads them: case and «ё»/«е» alike.
fn folded(s: &str) -> String {
    s.trim().to_lowercase().replace('ё', "е")
}

/// The players of the next round that `query` finds, in the event's order: surnames beginning
/// with it first, then names containing it anywhere (a double surname, a typo's tail); everyone
/// when nothing is typed.
pub fn found<'a>(t: &'a Tournament, query: &str) -> Vec<&'a Player> {
    let round = registration::next_round(t);
    let expected: Vec<&Player> = t
        .by_number()
        .into_iter()
        .filter(|p| registration::plays_in(p, round))
        .collect();
    let q = folded(query);
    if q.is_empty() {
        return expected;
    }
    let (starts, rest): (Vec<&Player>, Vec<&Player>) = expected
        .into_iter()
        .partition(|p| folded(&p.surname).starts_with(&q));
    starts
        .into_iter()
        .chain(
            rest.into_iter()
                .filter(|p| folded(&p.full_name()).contains(&q)),
        )
        .collect()
}

impl Desk {
    pub fn update(&mut self, message: Message, t: &Tournament, lang: Lang) -> Action<Message> {
        let present = |ids: Vec<PlayerId>| Action::Apply(Command::SetCheckedIn { players: ids });
        match message {
            Message::Query(q) => {
                self.query = q;
                Action::None
            }
            // Enter in an empty field marks nobody (the first of the list by a slip).
            Message::MarkFirst if self.query.trim().is_empty() => Action::None,
            Message::MarkFirst => {
                let Some(p) = found(t, &self.query).into_iter().next() else {
                    return Action::error(format!(
                        "{}: {}",
                        lang.quote(self.query.trim()),
                        lang.pick("no such player", "такого участника нет")
                    ));
                };
                if t.checked_in.contains(&p.id) {
                    // Enter never marks a player away: that is a button, pressed on purpose.
                    return Action::info(format!(
                        "{} — {}",
                        p.full_name(),
                        lang.pick("already checked in", "уже отмечен(а)")
                    ));
                }
                // The field is emptied for the next surname (the status line names who came).
                self.query.clear();
                present(registration::marked(t, &[p.id], true))
            }
            Message::Mark(id, on) => present(registration::marked(t, &[id], on)),
            Message::AllPresent => {
                let all: Vec<PlayerId> = found(t, "").into_iter().map(|p| p.id).collect();
                present(registration::marked(t, &all, true))
            }
            Message::Required(on) => {
                let mut settings = t.settings.clone();
                settings.registration.checkin_required = on;
                Action::Apply(Command::SetSettings {
                    settings: Box::new(settings),
                })
            }
            Message::LateEntry(rule) => {
                let mut settings = t.settings.clone();
                settings.registration.late_entry = rule;
                Action::Apply(Command::SetSettings {
                    settings: Box::new(settings),
                })
            }
        }
    }

    pub fn view<'a>(&'a self, t: &'a Tournament, lang: Lang) -> Element<'a, Message> {
        if t.is_team_event() {
            return text(lang.pick(
                "A team event has no check-in: each round's line-up names who plays.",
                "В командном турнире регистрации нет: состав на тур называет, кто играет.",
            ))
            .size(18)
            .into();
        }
        let roll = registration::roll(t);
        let counts = text(roll.said(lang)).size(26);
        let search = text_input(
            lang.pick(
                "A few letters of the surname; Enter marks the first found present",
                "Несколько букв фамилии; Enter отмечает первого найденного",
            ),
            &self.query,
        )
        .id(CHECKIN_FIELD)
        .on_input(Message::Query)
        .on_submit(Message::MarkFirst)
        .size(20)
        .width(Length::Fixed(620.0));
        column![
            counts,
            self.rules(t, lang),
            row![
                search,
                button(text(lang.pick("All present", "Все пришли")))
                    .style(button::secondary)
                    .on_press_maybe((!roll.missing.is_empty()).then_some(Message::AllPresent)),
            ]
            .spacing(12)
            .align_y(iced::Alignment::Center),
            self.list(t, lang),
        ]
        .spacing(12)
        .into()
    }

    /// The two rules: pair only those checked in; a late entry's points.
    fn rules<'a>(&self, t: &'a Tournament, lang: Lang) -> Element<'a, Message> {
        let r = &t.settings.registration;
        let choices: Vec<Choice<LateEntry>> = [LateEntry::Nothing, LateEntry::HalfPoint]
            .into_iter()
            .map(|rule| Choice {
                value: rule,
                label: rule.said(lang).to_string(),
            })
            .collect();
        let chosen = choices.iter().find(|c| c.value == r.late_entry).cloned();
        let [(required, _), (late, _)] = r.rules_said(lang);
        let mut out = row![checkbox(r.checkin_required)
            .label(required)
            .on_toggle(Message::Required),]
        .spacing(16)
        .align_y(iced::Alignment::Center);
        // A late entry misses rounds only where the pairing goes around the absent.
        if registration::pairs_around_absent(t) {
            out = out.push(text(format!("{late}:")).size(17));
            out = out.push(pick_list(choices, chosen, |c| Message::LateEntry(c.value)));
        }
        out.into()
    }

    /// The players found, each with his state and the button that changes it.
    fn list<'a>(&self, t: &'a Tournament, lang: Lang) -> Element<'a, Message> {
        let mut rows = column![].spacing(4);
        let shown = found(t, &self.query);
        if shown.is_empty() {
            return text(lang.pick("Nobody found.", "Никто не найден."))
                .size(18)
                .into();
        }
        for (k, p) in shown.into_iter().enumerate() {
            let here = t.checked_in.contains(&p.id);
            let state = text(match here {
                true => lang.agree(p.sex, "present", ["пришёл", "пришла", "пришёл(ла)"]),
                false => lang.pick("not yet", "нет"),
            })
            .size(18)
            .color(if here { theme::OK } else { theme::ERROR })
            .width(Length::Fixed(110.0));
            let number = p.number.map(|n| n.to_string()).unwrap_or_default();
            let line = row![
                text(number).size(18).width(Length::Fixed(44.0)),
                text(p.full_name()).size(18).width(Length::Fixed(320.0)),
                text(p.club.clone()).size(16).width(Length::Fixed(220.0)),
                state,
                button(text(match here {
                    true => lang.pick("Mark away", "Отметить отсутствие"),
                    false => lang.agree(p.sex, "Present", ["Пришёл", "Пришла", "Пришёл(ла)"]),
                }))
                .style(if here {
                    button::secondary
                } else {
                    button::primary
                })
                .on_press(Message::Mark(p.id, !here)),
            ]
            .spacing(12)
            .align_y(iced::Alignment::Center);
            // The one Enter marks is framed, so the arbiter sees whom it will mark.
            rows = rows.push(match k == 0 && !self.query.trim().is_empty() {
                true => container(line).padding(4).style(theme::focused),
                false => container(line).padding(4),
            });
        }
        rows.into()
    }
}
