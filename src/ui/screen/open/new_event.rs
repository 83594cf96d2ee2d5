//! New event: the system a regulation names with its options (a round robin's cycles, groups
//! and how they are formed, a knockout's final, third-place match, tie-break ladder, places and
//! seeding, a Scheveningen's double and Soviet schemes) and the roster. Built by the same
//! `setup` as `event new`, so the console refuses what the command line refuses, in the same
//! words.

use std::path::Path;

use iced::widget::{button, checkbox, column, pick_list, row, text, text_input, Row};
use iced::{Element, Length};

use crate::clock::TimeControl;
use crate::lang::{Lang, Russian};
use crate::rules::columns::AnyVariant;
use crate::rules::Variant;
use crate::tournament::model::{Player, PlayerId};
use crate::tournament::roster;
use crate::tournament::system::groups::Grouping;
use crate::tournament::system::knockout::{Knockout, Places, TieStage};
use crate::tournament::system::setup::{self, Entrants, Kind, Regulation, Seeding, MAX_CYCLES};
use crate::ui::format::{chosen, Choice};
use crate::ui::screen::Action;

pub struct State {
    pub name: String,
    pub variant: AnyVariant,
    pub kind: Kind,
    pub games: u32,
    pub cycles: u32,
    pub groups: usize,
    pub grouping: Grouping,
    /// The final's games when more than the others'.
    pub final_games: Option<u32>,
    pub third_place: bool,
    /// The tie-break ladder as `event new --tie-break` takes it, stages by commas.
    pub ladder: String,
    pub by_seed: bool,
    /// Seeds (or a table's numbers) by lot rather than by the initial order.
    pub lot: bool,
    pub double: bool,
    pub soviet: bool,
    /// The players' list (CSV); a Scheveningen's two sides as `A.csv, B.csv`.
    pub roster: String,
    /// The lists read so far for the Create under way.
    read: Vec<Vec<u8>>,
}

impl Default for State {
    fn default() -> State {
        State {
            name: String::new(),
            variant: AnyVariant::Plain(Variant::Russian),
            kind: Kind::RoundRobin,
            games: 2,
            cycles: 1,
            groups: 2,
            grouping: Grouping::Snake,
            final_games: None,
            third_place: false,
            ladder: String::new(),
            by_seed: false,
            lot: false,
            double: false,
            soviet: false,
            roster: String::new(),
            read: vec![],
        }
    }
}

#[derive(Clone, Debug)]
pub enum Message {
    Name(String),
    Variant(AnyVariant),
    Kind(Kind),
    Games(u32),
    Cycles(u32),
    Groups(usize),
    Grouping(Grouping),
    FinalGames(Option<u32>),
    ThirdPlace(bool),
    Ladder(String),
    BySeed(bool),
    Lot(bool),
    Double(bool),
    Soviet(bool),
    Roster(String),
    Create,
    /// One list of the roster, read.
    Read(Vec<u8>),
}

impl State {
    /// `folder`: where the new event goes.
    pub fn update(&mut self, message: Message, lang: Lang, folder: &Path) -> Action<Message> {
        match message {
            Message::Name(v) => self.name = v,
            Message::Variant(v) => self.variant = v,
            Message::Kind(v) => self.kind = v,
            Message::Games(v) => self.games = v,
            Message::Cycles(v) => self.cycles = v,
            Message::Groups(v) => self.groups = v,
            Message::Grouping(v) => self.grouping = v,
            Message::FinalGames(v) => self.final_games = v,
            Message::ThirdPlace(v) => self.third_place = v,
            Message::Ladder(v) => self.ladder = v,
            Message::BySeed(v) => self.by_seed = v,
            Message::Lot(v) => self.lot = v,
            Message::Double(v) => self.double = v,
            Message::Soviet(v) => self.soviet = v,
            Message::Roster(v) => self.roster = v,
            Message::Create => {
                if self.name.trim().is_empty() {
                    return Action::error(
                        lang.pick("The event needs a name", "Укажите название турнира"),
                    );
                }
                self.read.clear();
                return self.next_list(lang, folder);
            }
            Message::Read(bytes) => {
                self.read.push(bytes);
                return self.next_list(lang, folder);
            }
        }
        Action::None
    }

    /// The roster's lists named in the field.
    fn lists(&self) -> Vec<&str> {
        self.roster
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect()
    }

    /// Reads the next list of the roster, or, all read, builds the event.
    fn next_list(&mut self, lang: Lang, folder: &Path) -> Action<Message> {
        let lists = self.lists();
        if let Some(path) = lists.get(self.read.len()) {
            return Action::Read(path.into(), Box::new(Message::Read));
        }
        match self.build(lang) {
            Ok(t) => Action::Create(folder.join(super::file_name(&self.name)), Box::new(t)),
            Err(why) => Action::error(why),
        }
    }

    fn build(&mut self, lang: Lang) -> Result<crate::tournament::Tournament, String> {
        let reg = self.regulation(lang)?;
        let read = std::mem::take(&mut self.read);
        let lists = self.lists();
        let mut first = PlayerId(1);
        let mut players: Vec<(String, Vec<Player>)> = vec![];
        for (path, bytes) in lists.iter().zip(&read) {
            let list = roster::parse_csv(path, bytes, first).map_err(|e| e.said(lang))?;
            first = first.offset(list.len());
            let name = Path::new(path)
                .file_stem()
                .map_or(String::new(), |s| s.to_string_lossy().into_owned());
            players.push((name, list));
        }
        let entrants = match <[_; 2]>::try_from(players) {
            Ok(sides) => Entrants::Sides(sides),
            Err(players) => match players.into_iter().next() {
                Some((_, list)) => Entrants::Roster(list),
                None => Entrants::Later,
            },
        };
        setup::new_event(
            self.name.trim(),
            self.variant,
            default_control(self.variant),
            &reg,
            entrants,
        )
        .map_err(|e| e.said(lang))
    }

    /// The regulation as the form says it; only the options of the chosen system count.
    fn regulation(&self, lang: Lang) -> Result<Regulation, String> {
        let mut reg = Regulation::of(self.kind);
        reg.games = self.games;
        if self.kind.is_round_robin() {
            reg.cycles = Some(self.cycles);
        }
        if self.kind == Kind::Groups {
            reg.groups = Some((self.groups, self.grouping));
        }
        if self.kind == Kind::Knockout {
            reg.knockout = Some(Knockout {
                final_games: self.final_games,
                third_place: self.third_place,
                ladder: self.ladder(lang)?,
                places: if self.by_seed {
                    Places::BySeed
                } else {
                    Places::Shared
                },
            });
        }
        if self.kind == Kind::Scheveningen {
            reg.double = self.double;
            reg.soviet = self.soviet;
        }
        if self.lot && matches!(self.kind, Kind::Knockout | Kind::RoundRobin | Kind::Groups) {
            reg.seeding = Seeding::Lot;
        }
        Ok(reg)
    }

    fn ladder(&self, lang: Lang) -> Result<Vec<TieStage>, String> {
        self.ladder
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| {
                TieStage::parse(s).map_err(|e| {
                    format!("{} {}", lang.pick("Tie-break", "Тай-брейк"), e.said(lang))
                })
            })
            .collect()
    }
}

/// The control a new event starts with (changed on the Event screen).
fn default_control(variant: AnyVariant) -> TimeControl {
    if variant == AnyVariant::Plain(Variant::International) {
        "2h/50,1h/25*"
    } else {
        "45m/20,15m"
    }
    .parse()
    .expect("the default time controls are valid")
}

fn kinds(lang: Lang) -> Vec<Choice<Kind>> {
    Kind::ALL
        .into_iter()
        .map(|value| Choice {
            value,
            label: value.said(lang).to_string(),
        })
        .collect()
}

fn groupings(lang: Lang) -> Vec<Choice<Grouping>> {
    [
        (Grouping::Snake, lang.pick("by snake", "змейкой")),
        (Grouping::Cyclic, lang.pick("in turn", "по очереди")),
        (Grouping::Lot, lang.pick("by lot", "жребием")),
    ]
    .into_iter()
    .map(|(value, label)| Choice {
        value,
        label: label.to_string(),
    })
    .collect()
}

fn final_games(lang: Lang) -> Vec<Choice<Option<u32>>> {
    std::iter::once(Choice {
        value: None,
        label: lang
            .pick("final: as the others", "финал: как все")
            .to_string(),
    })
    .chain((1..=8).map(|g| Choice {
        value: Some(g),
        label: format!("{}: {g}", lang.pick("final", "финал")),
    }))
    .collect()
}

impl State {
    pub fn view(&self, lang: Lang) -> Element<'_, Message> {
        let variants = crate::ui::format::variants(lang);
        let kinds = kinds(lang);
        let head = row![
            text_input(
                lang.pick("name of the event", "название турнира"),
                &self.name
            )
            .on_input(Message::Name)
            .width(Length::Fill),
            pick_list(
                variants.clone(),
                chosen(&variants, Some(self.variant)),
                |c| Message::Variant(c.value)
            ),
            pick_list(kinds.clone(), chosen(&kinds, Some(self.kind)), |c| {
                Message::Kind(c.value)
            }),
            pick_list(
                (1..=setup::MAX_GAMES.min(8)).collect::<Vec<u32>>(),
                Some(self.games),
                Message::Games
            ),
            text(crate::ui::format::games_per_encounter(
                self.games, false, lang
            )),
        ]
        .spacing(8)
        .align_y(iced::Alignment::Center);
        column![
            text(lang.pick("New event", "Новый турнир")).size(28),
            head,
            self.options(lang),
            row![
                text_input(self.roster_hint(lang), &self.roster)
                    .on_input(Message::Roster)
                    .width(Length::Fill),
                button(text(lang.pick("Create", "Создать"))).on_press(Message::Create),
            ]
            .spacing(8),
            text(lang.pick(
                "Then set the time control, scoring and ballots on the Event screen.",
                "Контроль времени, очки и жеребьёвку затем задайте на экране «Турнир».",
            ))
            .size(15),
        ]
        .spacing(10)
        .into()
    }

    fn roster_hint(&self, lang: Lang) -> &'static str {
        match self.kind {
            Kind::Scheveningen => lang.pick(
                "the sides' lists: A.csv, B.csv (or one list: its halves are the sides)",
                "списки команд: A.csv, B.csv (или один список: его половины — команды)",
            ),
            Kind::Groups => lang.pick(
                "players' list (CSV), needed to form the groups",
                "список участников (CSV), нужен, чтобы составить группы",
            ),
            _ => lang.pick(
                "players' list (CSV), or add the players later on the Event screen",
                "список участников (CSV) — или добавьте их позже на экране «Турнир»",
            ),
        }
    }

    /// The chosen system's own options.
    fn options(&self, lang: Lang) -> Element<'_, Message> {
        let cycles = row![
            pick_list(
                (1..=MAX_CYCLES).collect::<Vec<u32>>(),
                Some(self.cycles),
                Message::Cycles
            ),
            text(lang.noun(
                self.cycles.into(),
                ["cycle", "cycles"],
                ["круг", "круга", "кругов"]
            )),
        ]
        .spacing(8)
        .align_y(iced::Alignment::Center);
        let lot = checkbox(self.lot)
            .label(lang.pick("numbers by lot", "номера жребием"))
            .on_toggle(Message::Lot);
        let line = match self.kind {
            Kind::RoundRobin => row![cycles, lot],
            Kind::Groups => {
                let groupings = groupings(lang);
                row![
                    cycles,
                    pick_list(
                        (2..=16).collect::<Vec<usize>>(),
                        Some(self.groups),
                        Message::Groups
                    ),
                    text(lang.noun(
                        self.groups as u64,
                        ["groups", "groups"],
                        ["группа", "группы", "групп"]
                    )),
                    pick_list(
                        groupings.clone(),
                        chosen(&groupings, Some(self.grouping)),
                        |c| { Message::Grouping(c.value) }
                    ),
                    lot,
                ]
            }
            Kind::Swiss => row![text(lang.pick(
                "numbers by the initial order (rating, rank, surname)",
                "номера по стартовому списку (рейтинг, разряд, фамилия)"
            ))],
            Kind::Knockout => self.knockout_options(lang),
            Kind::Scheveningen => row![
                checkbox(self.double)
                    .label(lang.pick("double (twice each)", "двойная (по две встречи)"))
                    .on_toggle(Message::Double),
                checkbox(self.soviet)
                    .label(lang.pick("Soviet scheme", "советская схема"))
                    .on_toggle(Message::Soviet),
            ],
        };
        line.spacing(12).align_y(iced::Alignment::Center).into()
    }

    /// A knockout's options: the final's games, the third place, places by seed, seeds by lot
    /// and the tie-break ladder.
    fn knockout_options(&self, lang: Lang) -> Row<'_, Message> {
        let finals = final_games(lang);
        row![
            pick_list(
                finals.clone(),
                chosen(&finals, Some(self.final_games)),
                |c| { Message::FinalGames(c.value) }
            ),
            checkbox(self.third_place)
                .label(lang.pick("third-place match", "матч за 3-е место"))
                .on_toggle(Message::ThirdPlace),
            checkbox(self.by_seed)
                .label(lang.pick("places by seed", "места по номеру посева"))
                .on_toggle(Message::BySeed),
            checkbox(self.lot)
                .label(lang.pick("seeds by lot", "посев жребием"))
                .on_toggle(Message::Lot),
            text_input(
                lang.pick(
                    "tie-break ladder, e.g. 2@15m+10s, win@5m+2s",
                    "тай-брейк, напр. 2@15m+10s, win@5m+2s"
                ),
                &self.ladder
            )
            .on_input(Message::Ladder)
            .width(Length::Fill),
        ]
    }
}
