//! Categories and prizes (зачёты и призы) at the console: the regulation's categories, each with
//! its conditions and how many players it holds now, and its prizes, each with who takes it as
//! the standings stand — entered here as the regulation prints them. Every change is one
//! `SetCategories` or `SetPrizes` through the session's `apply` (journaled, Ctrl+Z takes it
//! back); the allocation is the domain's (`prize::allocate`), computed once per state of the
//! event by the session and handed down.

use std::str::FromStr;

use iced::widget::{button, checkbox, column, container, pick_list, row, text, text_input};
use iced::{Element, Length};

use crate::lang::{Lang, Russian};
use crate::tournament::category::{self, Category};
use crate::tournament::command::Command;
use crate::tournament::model::{PlayerId, Sex, Tournament};
use crate::tournament::prize::{self, Award, List, Prize, Split};
use crate::ui::format::{self, Choice};
use crate::ui::screen::Action;
use crate::ui::theme;

/// The category's id field (tests and the section's opening focus find it by this id).
pub const CATEGORY_ID_FIELD: &str = "category-id";

/// A field of the category form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Id,
    Name,
    NameRu,
    BornFrom,
    BornTo,
    RankFrom,
    RankTo,
    RatingFrom,
    RatingTo,
    Club,
    Players,
}

/// The two forms as typed.
#[derive(Clone, Debug, Default)]
pub struct Forms {
    category: [String; 11],
    sex: Option<Sex>,
    list: Option<List>,
    place: String,
    amount: String,
    title: String,
    /// The category with prizes the arbiter was asked about removing: «Удалить» again removes it.
    asked_remove: Option<String>,
}

#[derive(Clone, Debug)]
pub enum Message {
    Typed(Field, String),
    Sex(Option<Sex>),
    AddCategory,
    RemoveCategory(String),
    List(List),
    Place(String),
    Amount(String),
    Title(String),
    AddPrize,
    RemovePrize(List, usize),
    OnePerPlayer(bool),
    Split(Split),
}

/// A number typed in a field: empty is none; anything else must read, or the field is named.
fn number<T: FromStr>(what: &str, typed: &str, lang: Lang) -> Result<Option<T>, String> {
    // «7 000»: thousands set apart by a space (or a narrow one) as Russian writes them.
    let digits: String = typed.chars().filter(|c| !c.is_whitespace()).collect();
    match digits.as_str() {
        "" => Ok(None),
        v => v.parse().map(Some).map_err(|_| {
            format!(
                "{what} {}: {}",
                lang.quote(typed.trim()),
                lang.pick("not a whole number", "не целое число")
            )
        }),
    }
}

impl Forms {
    /// A category field as typed.
    pub fn field(&self, f: Field) -> &str {
        &self.category[f as usize]
    }

    /// The category as typed, or which field is wrong; the rest is the domain's check.
    fn category(&self, lang: Lang) -> Result<Category, String> {
        let text = |f| self.field(f).trim().to_string();
        let optional = |f| Some(text(f)).filter(|s: &String| !s.is_empty());
        let players = self
            .field(Field::Players)
            .split([',', ' ', ';'])
            .filter(|s| !s.trim().is_empty())
            .map(|s| {
                s.trim().parse::<PlayerId>().map_err(|_| {
                    format!(
                        "{} {}: {}",
                        lang.pick("players", "участники"),
                        lang.quote(s.trim()),
                        lang.pick("not a player's id", "не номер участника (id)")
                    )
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let born = lang.pick("year of birth", "год рождения");
        let rating = lang.pick("rating", "рейтинг");
        Ok(Category {
            id: text(Field::Id),
            name: text(Field::Name),
            name_ru: text(Field::NameRu),
            sex: self.sex,
            born_from: number(born, self.field(Field::BornFrom), lang)?,
            born_to: number(born, self.field(Field::BornTo), lang)?,
            rank_from: optional(Field::RankFrom),
            rank_to: optional(Field::RankTo),
            rating_from: number(rating, self.field(Field::RatingFrom), lang)?,
            rating_to: number(rating, self.field(Field::RatingTo), lang)?,
            club: optional(Field::Club),
            players,
        })
    }

    /// The prize as typed, or which field is wrong.
    fn prize(&self, lang: Lang) -> Result<Prize, String> {
        let place = number::<usize>(lang.pick("place", "место"), &self.place, lang)?
            .ok_or_else(|| lang.pick("Type the place", "Введите место").to_string())?;
        Ok(Prize {
            list: self.list.clone().unwrap_or(List::Main),
            place,
            amount: number(lang.pick("amount", "сумма"), &self.amount, lang)?,
            title: Some(self.title.trim().to_string()).filter(|s| !s.is_empty()),
        })
    }

    /// Emptied once its change is made (a refused one keeps what was typed: the app calls this
    /// only after the change was saved).
    pub fn saved_category(&mut self) {
        self.category = Default::default();
        self.sex = None;
    }

    pub fn saved_prize(&mut self) {
        self.place.clear();
        self.amount.clear();
        self.title.clear();
    }

    pub fn update(&mut self, message: Message, t: &Tournament, lang: Lang) -> Action<Message> {
        let prizes = |p| Action::Apply(Command::SetPrizes { prizes: p });
        match message {
            Message::Typed(f, v) => self.category[f as usize] = v,
            Message::Sex(s) => self.sex = s,
            Message::AddCategory => {
                return match self
                    .category(lang)
                    .and_then(|c| category::added(t, c).map_err(|e| e.said(lang)))
                {
                    Ok(categories) => Action::Apply(Command::SetCategories { categories }),
                    Err(why) => Action::error(why),
                }
            }
            Message::RemoveCategory(id) => {
                // Its prizes go with it: said first, done at the second press.
                let prizes = t
                    .prizes
                    .prizes
                    .iter()
                    .filter(|p| p.list == List::Category(id.clone()))
                    .count();
                if prizes > 0 && self.asked_remove.as_deref() != Some(id.as_str()) {
                    self.asked_remove = Some(id.clone());
                    let name = t
                        .categories
                        .iter()
                        .find(|c| c.id == id)
                        .map_or(id.as_str(), |c| c.name_in(lang));
                    let count = lang.count(
                        prizes as u64,
                        ["prize", "prizes"],
                        ["приз", "приза", "призов"],
                    );
                    return Action::error(match lang {
                        Lang::En => format!(
                            "The category {} has {count}: they go with it. Press “Remove” again to remove both.",
                            lang.quote(name)
                        ),
                        Lang::Ru => format!(
                            "У зачёта {} {count}: они будут сняты вместе с ним. Нажмите «Удалить» ещё раз, чтобы удалить.",
                            lang.quote(name)
                        ),
                    });
                }
                self.asked_remove = None;
                return match prize::without(t, &id) {
                    // The category and its prizes go together: one change, one undo.
                    Ok((categories, p)) => Action::Apply(Command::Batch {
                        commands: vec![
                            Command::SetPrizes { prizes: p },
                            Command::SetCategories { categories },
                        ],
                    }),
                    Err(e) => Action::error(e.said(lang)),
                };
            }
            Message::List(l) => self.list = Some(l),
            Message::Place(v) => self.place = v,
            Message::Amount(v) => self.amount = v,
            Message::Title(v) => self.title = v,
            Message::AddPrize => {
                return match self.prize(lang) {
                    Ok(p) => prizes(prize::added(t, p)),
                    Err(why) => Action::error(why),
                }
            }
            Message::RemovePrize(list, place) => {
                return match prize::removed(t, &list, place) {
                    Ok(p) => prizes(p),
                    Err(e) => Action::error(e.said(lang)),
                }
            }
            Message::OnePerPlayer(on) => return prizes(prize::ruled(t, Some(on), None)),
            Message::Split(s) => return prizes(prize::ruled(t, None, Some(s))),
        }
        Action::None
    }

    /// `awards`: the prizes as the standings give them now (the session's, computed once).
    pub fn view<'a>(
        &'a self,
        t: &'a Tournament,
        awards: &[Award],
        lang: Lang,
    ) -> Element<'a, Message> {
        column![
            text(lang.pick("Categories", "Зачёты")).size(22),
            self.categories(t, lang),
            self.category_form(lang),
            text(lang.pick("Prizes", "Призы")).size(22),
            self.rules(t, lang),
            self.awards(t, awards, lang),
            self.prize_form(t, lang),
        ]
        .spacing(12)
        .into()
    }

    fn categories<'a>(&self, t: &'a Tournament, lang: Lang) -> Element<'a, Message> {
        if t.categories.is_empty() {
            return text(lang.pick(
                "No categories: the event has its overall standings only.",
                "Зачётов нет: у турнира только общий зачёт.",
            ))
            .size(17)
            .into();
        }
        let lines = t.categories.iter().map(|c| {
            let members = c.members(t).count() as u64;
            row![
                text(c.id.clone()).size(16).width(Length::Fixed(90.0)),
                text(c.name_in(lang).to_string())
                    .size(18)
                    .width(Length::Fixed(260.0)),
                text(c.conditions_said(lang)).size(16).width(Length::Fill),
                text(lang.count(
                    members,
                    ["player", "players"],
                    ["участник", "участника", "участников"]
                ))
                .size(16)
                .width(Length::Fixed(130.0)),
                button(text(lang.pick("Remove", "Удалить")))
                    .style(button::danger)
                    .on_press(Message::RemoveCategory(c.id.clone())),
            ]
            .spacing(10)
            .align_y(iced::Alignment::Center)
            .into()
        });
        container(column(lines).spacing(6))
            .padding(8)
            .style(theme::panel)
            .into()
    }

    fn category_form(&self, lang: Lang) -> Element<'_, Message> {
        let input = |f: Field, hint: &str, width: f32| {
            text_input(hint, self.field(f))
                .on_input(move |v| Message::Typed(f, v))
                .on_submit(Message::AddCategory)
                .size(17)
                .width(Length::Fixed(width))
        };
        let sexes: Vec<Choice<Option<Sex>>> = [
            (None, lang.pick("either sex", "любой пол")),
            (
                Some(Sex::Male),
                lang.pick("men and boys", "мужчины и юноши"),
            ),
            (
                Some(Sex::Female),
                lang.pick("women and girls", "женщины и девушки"),
            ),
        ]
        .into_iter()
        .map(|(value, label)| Choice {
            value,
            label: label.to_string(),
        })
        .collect();
        let chosen = format::chosen(&sexes, Some(self.sex));
        let ranks = crate::tournament::norms::Table::shipped().rank_keys(lang);
        container(
            column![
                row![
                    input(Field::Id, lang.pick("short id: u12", "кратко: u12"), 150.0)
                        .id(CATEGORY_ID_FIELD),
                    input(Field::NameRu, lang.pick("name in Russian", "название по-русски"), 300.0),
                    input(Field::Name, lang.pick("name in English", "название по-английски"), 300.0),
                    pick_list(sexes, chosen, |c| Message::Sex(c.value)),
                ]
                .spacing(8),
                row![
                    input(Field::BornFrom, lang.pick("born from (year)", "родились с (год)"), 170.0),
                    input(Field::BornTo, lang.pick("born up to (year)", "родились по (год)"), 170.0),
                    input(Field::RankFrom, lang.pick("rank at least", "разряд не ниже"), 150.0),
                    input(Field::RankTo, lang.pick("rank at most", "разряд не выше"), 150.0),
                    input(Field::RatingFrom, lang.pick("rating from", "рейтинг от"), 130.0),
                    input(Field::RatingTo, lang.pick("rating up to", "рейтинг до"), 130.0),
                ]
                .spacing(8),
                row![
                    input(Field::Club, lang.pick("club or region", "клуб или регион"), 300.0),
                    input(
                        Field::Players,
                        lang.pick("or players' ids: 3, 7, 12", "или номера участников: 3, 7, 12"),
                        300.0
                    ),
                    button(text(lang.pick("Add category", "Добавить зачёт")))
                        .on_press(Message::AddCategory),
                ]
                .spacing(8)
                .align_y(iced::Alignment::Center),
                text(format!(
                    "{} {}",
                    lang.pick(
                        "Every condition typed must hold; an empty field admits everyone. Ranks:",
                        "Должны выполняться все заданные условия; пустое поле никого не отсекает. Разряды:"
                    ),
                    ranks
                ))
                .size(14),
            ]
            .spacing(8),
        )
        .padding(8)
        .style(theme::panel)
        .into()
    }

    /// The two rules of the allocation.
    fn rules<'a>(&self, t: &'a Tournament, lang: Lang) -> Element<'a, Message> {
        let splits: Vec<Choice<Split>> = [Split::Places, Split::Points]
            .into_iter()
            .map(|value| Choice {
                value,
                label: value.said(lang).to_string(),
            })
            .collect();
        let chosen = format::chosen(&splits, Some(t.prizes.split));
        row![
            checkbox(t.prizes.one_per_player)
                .label(prize::one_per_player_said(true, lang))
                .on_toggle(Message::OnePerPlayer),
            pick_list(splits, chosen, |c| Message::Split(c.value)),
        ]
        .spacing(16)
        .align_y(iced::Alignment::Center)
        .into()
    }

    /// The prizes in the order they are taken, each with who takes it now.
    fn awards<'a>(&self, t: &'a Tournament, awards: &[Award], lang: Lang) -> Element<'a, Message> {
        if t.prizes.prizes.is_empty() {
            return text(lang.pick(
                "No prizes yet: enter the regulation's list below, place by place.",
                "Призов пока нет: введите список из положения ниже, место за местом.",
            ))
            .size(17)
            .into();
        }
        let head = row![
            text(lang.pick("List", "Зачёт"))
                .size(15)
                .width(Length::Fixed(260.0)),
            text(lang.pick("Place", "Место"))
                .size(15)
                .width(Length::Fixed(70.0)),
            text(lang.pick("Amount", "Сумма"))
                .size(15)
                .width(Length::Fixed(110.0)),
            text(lang.pick("Award", "Награда"))
                .size(15)
                .width(Length::Fixed(200.0)),
            text(lang.pick("Takes it now", "Получает сейчас"))
                .size(15)
                .width(Length::Fill),
        ]
        .spacing(10);
        let lines = awards.iter().map(|a| {
            let list = List::parse(&a.list);
            let who = a
                .player
                .and_then(|id| t.player(id))
                .map_or_else(|| "—".to_string(), |p| p.full_name());
            let place = match &a.shared {
                Some(places) => format!("{} ({places})", a.place),
                None => a.place.to_string(),
            };
            // A share given to a tied player below the prizes has no line of the regulation.
            let entered = t
                .prizes
                .prizes
                .iter()
                .any(|p| p.list == list && p.place == a.place);
            let remove = button(text("✕"))
                .style(button::danger)
                .on_press_maybe(entered.then(|| Message::RemovePrize(list.clone(), a.place)));
            row![
                text(list_name(t, &list, lang))
                    .size(17)
                    .width(Length::Fixed(260.0)),
                text(place).size(17).width(Length::Fixed(70.0)),
                text(a.amount.map(|x| x.to_string()).unwrap_or_default())
                    .size(17)
                    .width(Length::Fixed(110.0)),
                text(a.title.clone().unwrap_or_default())
                    .size(17)
                    .width(Length::Fixed(200.0)),
                text(who).size(17).width(Length::Fill),
                remove,
            ]
            .spacing(10)
            .align_y(iced::Alignment::Center)
            .into()
        });
        container(column![head].extend(lines).spacing(6))
            .padding(8)
            .style(theme::panel)
            .into()
    }

    fn prize_form<'a>(&'a self, t: &'a Tournament, lang: Lang) -> Element<'a, Message> {
        let lists: Vec<Choice<List>> = std::iter::once(List::Main)
            .chain(t.categories.iter().map(|c| List::Category(c.id.clone())))
            .map(|value| Choice {
                label: list_name(t, &value, lang),
                value,
            })
            .collect();
        let chosen = format::chosen(&lists, Some(self.list.clone().unwrap_or(List::Main)));
        let input = |hint: &str, value: &'a str, on: fn(String) -> Message, width: f32| {
            text_input(hint, value)
                .on_input(on)
                .on_submit(Message::AddPrize)
                .size(17)
                .width(Length::Fixed(width))
        };
        container(
            row![
                pick_list(lists, chosen, |c| Message::List(c.value)),
                input(
                    lang.pick("place", "место"),
                    &self.place,
                    Message::Place,
                    90.0
                ),
                input(
                    lang.pick("amount", "сумма"),
                    &self.amount,
                    Message::Amount,
                    130.0
                ),
                input(
                    lang.pick("award: cup, medal", "награда: кубок, медаль"),
                    &self.title,
                    Message::Title,
                    260.0
                ),
                button(text(lang.pick("Add prize", "Добавить приз"))).on_press(Message::AddPrize),
            ]
            .spacing(8)
            .align_y(iced::Alignment::Center),
        )
        .padding(8)
        .style(theme::panel)
        .into()
    }
}

/// «Общий зачёт» or the category's name.
fn list_name(t: &Tournament, list: &List, lang: Lang) -> String {
    match list {
        List::Main => category::overall(lang).to_string(),
        List::Category(id) => t
            .categories
            .iter()
            .find(|c| &c.id == id)
            .map_or_else(|| id.clone(), |c| c.name_in(lang).to_string()),
    }
}
