//! Event: the details, the players (add, withdraw, numbers by lot) and the tie-break order.

use iced::widget::{
    button, column, container, pick_list, row, scrollable, table, text, text_input,
};
use iced::{Element, Length};

use super::Action;
use crate::report::Lang;
use crate::tournament::command::Command;
use crate::tournament::model::{Player, PlayerId, System, TieBreak, Tournament};
use crate::ui::theme;

#[derive(Default)]
pub struct State {
    pub surname: String,
    pub name: String,
    pub title: String,
    pub rating: String,
    pub club: String,
}

#[derive(Clone, Debug)]
pub enum Message {
    Surname(String),
    Name(String),
    Title(String),
    Rating(String),
    Club(String),
    Add,
    Withdraw(PlayerId),
    Return(PlayerId),
    DrawNumbers,
    TiebreakUp(usize),
    TiebreakDown(usize),
    TiebreakRemove(usize),
    TiebreakAdd(TieBreakChoice),
}

/// A tie-break as the pick list shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TieBreakChoice(pub TieBreak, pub Lang);

impl std::fmt::Display for TieBreakChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (en, ru) = self.0.short();
        write!(f, "{} ({})", self.1.pick(en, ru), self.0.id())
    }
}

impl State {
    pub fn update(&mut self, message: Message, t: Option<&Tournament>) -> Action {
        let Some(t) = t else { return Action::None };
        let mut order = t.tiebreaks.clone();
        match message {
            Message::Surname(s) => self.surname = s,
            Message::Name(s) => self.name = s,
            Message::Title(s) => self.title = s,
            Message::Rating(s) => self.rating = s,
            Message::Club(s) => self.club = s,
            Message::Add => {
                let rating = match self.rating.trim() {
                    "" => None,
                    r => match r.parse() {
                        Ok(v) => Some(v),
                        Err(_) => return Action::error(format!("rating `{r}`: a whole number")),
                    },
                };
                let id = t.players.iter().map(|p| p.id).max().unwrap_or(0) + 1;
                let player = Player {
                    name: self.name.trim().to_string(),
                    title: self.title.trim().to_string(),
                    rating,
                    club: self.club.trim().to_string(),
                    ..Player::new(id, self.surname.trim())
                };
                *self = State::default();
                return Action::Apply(Command::AddPlayer { player });
            }
            Message::Withdraw(id) => {
                return Action::Apply(Command::Withdraw {
                    id,
                    after_round: Some(t.rounds.len()),
                })
            }
            Message::Return(id) => {
                return Action::Apply(Command::Withdraw {
                    id,
                    after_round: None,
                })
            }
            Message::DrawNumbers => {
                return match crate::tournament::ballot::os_seed() {
                    Ok(seed) => Action::Apply(Command::DrawNumbers { seed }),
                    Err(e) => Action::error(e.to_string()),
                }
            }
            Message::TiebreakUp(k) if k > 0 => {
                order.swap(k, k - 1);
                return Action::Apply(Command::SetTiebreaks { tiebreaks: order });
            }
            Message::TiebreakDown(k) if k + 1 < order.len() => {
                order.swap(k, k + 1);
                return Action::Apply(Command::SetTiebreaks { tiebreaks: order });
            }
            Message::TiebreakRemove(k) if k < order.len() => {
                order.remove(k);
                return Action::Apply(Command::SetTiebreaks { tiebreaks: order });
            }
            Message::TiebreakAdd(TieBreakChoice(tb, _)) => {
                order.push(tb);
                return Action::Apply(Command::SetTiebreaks { tiebreaks: order });
            }
            Message::TiebreakUp(_) | Message::TiebreakDown(_) | Message::TiebreakRemove(_) => {}
        }
        Action::None
    }

    pub fn view<'a>(&'a self, t: &'a Tournament, lang: Lang) -> Element<'a, Message> {
        let system = match t.system {
            System::RoundRobin => lang.pick("round robin", "круговая система"),
            System::DoubleRoundRobin => lang.pick("double round robin", "двухкруговая система"),
            System::Swiss => lang.pick("Swiss", "швейцарская система"),
        };
        let format = if t.format.games > 1 {
            format!(
                "{} {} {}",
                lang.pick("micromatches of", "микроматчи из"),
                t.format.games,
                lang.pick("games", "партий")
            )
        } else {
            lang.pick("single games", "по одной партии").to_string()
        };
        let mut details = vec![
            format!(
                "{}: {}",
                lang.pick("Variant", "Вид"),
                crate::ui::format::variant(t.variant, lang)
            ),
            format!("{}: {system}, {format}", lang.pick("System", "Система")),
            format!(
                "{}: {}",
                lang.pick("Time control", "Контроль времени"),
                t.time_control
            ),
        ];
        for (label, value) in [
            (lang.pick("Dates", "Даты"), &t.dates),
            (lang.pick("Venue", "Место"), &t.venue),
            (
                lang.pick("Chief arbiter", "Главный судья"),
                &t.chief_arbiter,
            ),
        ] {
            if !value.is_empty() {
                details.push(format!("{label}: {value}"));
            }
        }
        if let Some(b) = &t.format.ballot {
            details.push(format!(
                "{}: {}",
                lang.pick("Ballot table", "Таблица жеребьёвки"),
                b.table
            ));
        }
        let details = column(details.into_iter().map(|d| text(d).size(17).into())).spacing(4);

        let players = table(
            [
                table::column(text("№"), |p: &Player| {
                    text(p.number.map(|n| n.to_string()).unwrap_or_default()).size(17)
                }),
                table::column(text(lang.pick("Name", "Участник")), |p: &Player| {
                    text(p.full_name()).size(17)
                }),
                table::column(text(lang.pick("Title", "Звание")), |p: &Player| {
                    text(p.title.clone()).size(17)
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
                        Some(r) => row![
                            text(format!(
                                "{} {r}",
                                lang.pick("withdrew after round", "выбыл после тура")
                            ))
                            .size(15),
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

        let add = row![
            text_input(lang.pick("surname", "фамилия"), &self.surname).on_input(Message::Surname),
            text_input(lang.pick("name", "имя"), &self.name).on_input(Message::Name),
            text_input(lang.pick("title / rank", "звание / разряд"), &self.title)
                .on_input(Message::Title),
            text_input(lang.pick("rating", "рейтинг"), &self.rating).on_input(Message::Rating),
            text_input(lang.pick("club / region", "клуб / регион"), &self.club)
                .on_input(Message::Club)
                .on_submit(Message::Add),
            button(text(lang.pick("Add player", "Добавить"))).on_press(Message::Add),
        ]
        .spacing(6);
        let numbers = button(text(
            lang.pick("Draw pairing numbers by lot", "Жеребьёвка номеров"),
        ))
        .style(button::secondary)
        .on_press_maybe(t.rounds.is_empty().then_some(Message::DrawNumbers));

        let tiebreaks = t.tiebreaks.iter().enumerate().map(|(k, tb)| {
            let (en, ru) = tb.short();
            row![
                text(format!("{}. {} ({})", k + 1, lang.pick(en, ru), tb.id()))
                    .size(17)
                    .width(Length::Fixed(300.0)),
                button(text("↑")).on_press_maybe((k > 0).then_some(Message::TiebreakUp(k))),
                button(text("↓")).on_press_maybe(
                    (k + 1 < t.tiebreaks.len()).then_some(Message::TiebreakDown(k))
                ),
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

        scrollable(
            column![
                details,
                text(format!(
                    "{} ({})",
                    lang.pick("Players", "Участники"),
                    t.players.len()
                ))
                .size(22),
                players,
                add,
                numbers,
                tiebreaks,
            ]
            .spacing(12)
            .padding([0, 4]),
        )
        .height(Length::Fill)
        .into()
    }
}
