//! The round schedule at the console (расписание): each round's start as the regulation prints
//! it and the default time (время опоздания), typed as a form and saved as one `SetSchedule`
//! through the session's `apply` — checked there as the command line's `schedule` is (a date
//! the calendar has not, rounds out of order, a round past the planned ones), journaled, one
//! Ctrl+Z takes it back. The wall and the hall page count down to the next start from it; the
//! Rounds screen proposes the default time's forfeits.

use iced::widget::{button, column, container, row, text, text_input};
use iced::{Element, Length};

use crate::lang::{Lang, Russian};
use crate::tournament::command::Command;
use crate::tournament::model::Tournament;
use crate::tournament::schedule::{self, Schedule};
use crate::ui::screen::Action;
use crate::ui::theme;

/// The first round's start field (tests find it by this id).
pub const FIRST_START_FIELD: &str = "schedule-round-1";

/// The form as typed: `None` until the arbiter types (it shows the event's schedule).
#[derive(Clone, Debug, Default)]
pub struct Form {
    draft: Option<Draft>,
}

#[derive(Clone, Debug, Default, PartialEq)]
struct Draft {
    /// Round `k + 1`'s start as typed.
    starts: Vec<String>,
    default_time: String,
}

#[derive(Clone, Debug)]
pub enum Message {
    Start(usize, String),
    DefaultTime(String),
    Save,
    /// The typing dropped: the form shows the event's schedule again.
    Discard,
}

/// The rounds the form offers: every round planned, every round paired and every round
/// with a start already (a Swiss of unknown length: the paired ones and one more).
fn rounds(t: &Tournament) -> usize {
    let last_start = t.schedule.rounds.iter().map(|r| r.round).max().unwrap_or(0);
    t.planned_rounds()
        .unwrap_or(t.rounds.len() + 1)
        .max(t.rounds.len())
        .max(last_start)
}

impl Draft {
    /// The event's schedule as the form writes it.
    fn of(t: &Tournament) -> Draft {
        Draft {
            starts: (1..=rounds(t))
                .map(|r| t.schedule.start(r).map(|s| s.text()).unwrap_or_default())
                .collect(),
            default_time: t
                .schedule
                .default_minutes
                .map(|m| m.to_string())
                .unwrap_or_default(),
        }
    }

    /// The schedule typed, or the first field that does not read (named by its round).
    fn read(&self, lang: Lang) -> Result<Schedule, String> {
        let mut rounds = Vec::new();
        for (k, typed) in self.starts.iter().enumerate() {
            if typed.trim().is_empty() {
                continue;
            }
            let start = schedule::parse_start(k + 1, typed).map_err(|e| {
                format!("{} {}: {}", lang.pick("Round", "Тур"), k + 1, e.said(lang))
            })?;
            rounds.push(start);
        }
        let default_minutes = match self.default_time.trim() {
            "" => None,
            typed => Some(schedule::parse_default(typed).map_err(|e| e.said(lang))?),
        };
        Ok(Schedule {
            rounds,
            default_minutes,
        })
    }
}

impl Form {
    fn draft(&mut self, t: &Tournament) -> &mut Draft {
        self.draft.get_or_insert_with(|| Draft::of(t))
    }

    /// The change was saved: the form shows the event's schedule again.
    pub fn saved(&mut self) {
        self.draft = None;
    }

    pub fn update(&mut self, message: Message, t: &Tournament, lang: Lang) -> Action<Message> {
        match message {
            Message::Start(k, v) => {
                let d = self.draft(t);
                if k < d.starts.len() {
                    d.starts[k] = v;
                }
            }
            Message::DefaultTime(v) => self.draft(t).default_time = v,
            Message::Discard => self.draft = None,
            Message::Save => {
                let Some(d) = &self.draft else {
                    return Action::None;
                };
                return match d.read(lang) {
                    Ok(s) if s == t.schedule => {
                        self.draft = None;
                        Action::None
                    }
                    // Refused by the event (rounds out of order…): the form keeps the typing.
                    Ok(s) => Action::Apply(Command::SetSchedule { schedule: s }),
                    Err(why) => Action::error(why),
                };
            }
        }
        Action::None
    }

    pub fn view<'a>(&'a self, t: &'a Tournament, lang: Lang) -> Element<'a, Message> {
        let shown = match &self.draft {
            Some(d) => d.clone(),
            None => Draft::of(t),
        };
        let lines = shown.starts.iter().enumerate().map(move |(k, typed)| {
            let field = text_input(lang.pick("YYYY-MM-DD HH:MM", "ГГГГ-ММ-ДД ЧЧ:ММ"), typed)
                .on_input(move |v| Message::Start(k, v))
                .on_submit(Message::Save)
                .size(18)
                .width(Length::Fixed(240.0));
            let field = match k {
                0 => field.id(FIRST_START_FIELD),
                _ => field,
            };
            let round = t.rounds.iter().find(|r| r.number == k + 1);
            let played = round.is_some_and(|r| r.finished(&t.settings.format));
            row![
                text(format!("{} {}", lang.pick("Round", "Тур"), k + 1))
                    .size(18)
                    .width(Length::Fixed(90.0)),
                field,
                text(match (round, played) {
                    (Some(_), true) => lang.pick("played", "сыгран"),
                    (Some(_), false) => lang.pick("paired", "составлен"),
                    (None, _) => "",
                })
                .size(15),
            ]
            .spacing(12)
            .align_y(iced::Alignment::Center)
            .into()
        });
        let default_time = row![
            text(lang.pick(
                "Default time, minutes after the start:",
                "Время опоздания, минут от начала тура:"
            ))
            .size(18),
            text_input("30", &shown.default_time)
                .on_input(Message::DefaultTime)
                .on_submit(Message::Save)
                .size(18)
                .width(Length::Fixed(120.0)),
        ]
        .spacing(12)
        .align_y(iced::Alignment::Center);
        let typing = self.draft.is_some();
        let buttons = row![
            button(text(lang.pick("Save schedule", "Сохранить расписание")))
                .on_press_maybe(typing.then_some(Message::Save)),
            button(text(lang.pick("Discard", "Отменить")))
                .style(button::secondary)
                .on_press_maybe(typing.then_some(Message::Discard)),
        ]
        .spacing(12);
        column![
            text(lang.pick(
                "When each round starts (the hall's local time: YYYY-MM-DD HH:MM, or the date alone) and how late a player may come before his game is lost by default. The wall and the hall's page count down to the next start; once the default time has passed, the Rounds screen proposes the forfeit of each player not checked in.",
                "Начало каждого тура (местное время зала: ГГГГ-ММ-ДД ЧЧ:ММ или только дата) и время опоздания, после которого неявившемуся засчитывается поражение. Табло и страница зала ведут обратный отсчёт до начала; когда время опоздания прошло, экран «Туры» предлагает поражение каждому, кто не отмечен на регистрации."
            ))
            .size(15),
            container(column(lines).spacing(6)).padding(8).style(theme::panel),
            default_time,
            buttons,
        ]
        .spacing(12)
        .into()
    }
}
