//! Event: the settings, the players (add, edit, import from CSV, withdraw, numbers by lot) and the
//! tie-break order.

use std::path::PathBuf;

use iced::widget::{
    button, checkbox, column, container, pick_list, row, scrollable, table, text, text_input,
};
use iced::{Element, Length};

use super::Action;
use crate::lang::{Lang, Russian};
use crate::tournament::command::Command;
use crate::tournament::model::{
    BallotPer, BallotRule, GamePoints, MatchPoints, Player, PlayerId, Settings, System, TieBreak,
    Tournament,
};
use crate::ui::format::Choice;
use crate::ui::theme;

#[derive(Default)]
pub struct State {
    pub surname: String,
    pub name: String,
    pub title: String,
    pub rating: String,
    pub club: String,
    /// The player being edited (the form holds their details), or a new one.
    pub editing: Option<PlayerId>,
    pub csv_path: String,
    /// The settings as being edited; taken from the event when editing starts.
    pub draft: Option<Settings>,
    /// The time control as typed, read when the settings are saved.
    pub control_text: Option<String>,
    /// Why the typed time control was not taken (the draft is kept).
    pub control_error: Option<String>,
    /// Why the event refused the settings (the draft is kept), and whether it was the name.
    pub settings_error: Option<(bool, crate::lang::Said)>,
    /// A forbidden pair being chosen.
    pub forbid: (Option<PlayerId>, Option<PlayerId>),
}

/// One change to the settings being edited.
#[derive(Clone, Debug)]
pub enum Edit {
    Name(String),
    Dates(String),
    Venue(String),
    ChiefArbiter(String),
    TimeControl(String),
    Preset(Choice<String>),
    GamePoints(Choice<GamePoints>),
    MatchPoints(bool),
    Games(u32),
    System(Choice<System>),
    Ballot(Choice<Option<String>>),
    BallotPer(Choice<BallotPer>),
    Extra(u32),
    RoundsPlanned(Choice<Option<usize>>),
}

#[derive(Clone, Debug)]
pub enum Message {
    Surname(String),
    Name(String),
    Title(String),
    Rating(String),
    Club(String),
    Add,
    Edit(PlayerId),
    CancelEdit,
    CsvPath(String),
    ImportCsv,
    /// The CSV file's bytes, read by the session (its path, for the errors).
    CsvRead(String, Vec<u8>),
    Settings(Edit),
    SaveSettings,
    ForbidA(PlayerId),
    ForbidB(PlayerId),
    AddForbidden,
    RemoveForbidden(usize),
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
        let (short, full) = (self.0.short(), self.0.name());
        write!(
            f,
            "{} ({})",
            self.1.pick(short.0, short.1),
            self.1.pick(full.0, full.1)
        )
    }
}

fn apply_edit(d: &mut Settings, edit: Edit) {
    match edit {
        Edit::Name(v) => d.name = v,
        Edit::Dates(v) => d.dates = v,
        Edit::Venue(v) => d.venue = v,
        Edit::ChiefArbiter(v) => d.chief_arbiter = v,
        // Typed text: kept apart and read on saving (`State::control_text`).
        Edit::TimeControl(_) | Edit::Preset(_) => {}
        Edit::GamePoints(c) => d.scoring.game = c.value,
        Edit::MatchPoints(on) => {
            d.scoring.match_points = on.then_some(MatchPoints {
                win: 2.0,
                draw: 1.0,
                loss: 0.0,
            })
        }
        Edit::Games(n) => d.format.games = n,
        Edit::System(c) => d.system = c.value,
        Edit::Ballot(c) => {
            d.format.ballot = c.value.map(|table| BallotRule {
                table,
                per: d
                    .format
                    .ballot
                    .as_ref()
                    .map_or(BallotPer::Micromatch, |b| b.per),
            })
        }
        Edit::BallotPer(c) => {
            if let Some(b) = d.format.ballot.as_mut() {
                b.per = c.value;
            }
        }
        Edit::Extra(n) => d.format.extra_micromatches = n,
        Edit::RoundsPlanned(c) => d.rounds_planned = c.value,
    }
}

impl State {
    fn clear_form(&mut self) {
        self.surname.clear();
        self.name.clear();
        self.title.clear();
        self.rating.clear();
        self.club.clear();
        self.editing = None;
    }

    pub fn update(
        &mut self,
        message: Message,
        t: Option<&Tournament>,
        lang: Lang,
    ) -> Action<Message> {
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
                let existing = self.editing.and_then(|id| t.player(id)).cloned();
                let id = existing
                    .as_ref()
                    .map(|p| p.id)
                    .unwrap_or_else(|| t.players.iter().map(|p| p.id).max().unwrap_or(0) + 1);
                let base = existing.unwrap_or_else(|| Player::new(id, ""));
                let player = Player {
                    surname: self.surname.trim().to_string(),
                    name: self.name.trim().to_string(),
                    title: self.title.trim().to_string(),
                    rating,
                    club: self.club.trim().to_string(),
                    ..base
                };
                let cmd = if self.editing.is_some() {
                    Command::EditPlayer { player }
                } else {
                    Command::AddPlayer { player }
                };
                self.clear_form();
                return Action::Apply(cmd);
            }
            Message::Edit(id) => {
                if let Some(p) = t.player(id) {
                    self.editing = Some(id);
                    self.surname = p.surname.clone();
                    self.name = p.name.clone();
                    self.title = p.title.clone();
                    self.rating = p.rating.map(|r| r.to_string()).unwrap_or_default();
                    self.club = p.club.clone();
                }
            }
            Message::CancelEdit => self.clear_form(),
            Message::ForbidA(id) => self.forbid.0 = Some(id),
            Message::ForbidB(id) => self.forbid.1 = Some(id),
            Message::AddForbidden => {
                if let (Some(a), Some(b)) = self.forbid {
                    if a != b {
                        let mut pairs = t.forbidden.clone();
                        pairs.push((a, b));
                        self.forbid = (None, None);
                        return Action::Apply(Command::SetForbidden { pairs });
                    }
                }
            }
            Message::RemoveForbidden(k) if k < t.forbidden.len() => {
                let mut pairs = t.forbidden.clone();
                pairs.remove(k);
                return Action::Apply(Command::SetForbidden { pairs });
            }
            Message::RemoveForbidden(_) => {}
            Message::CsvPath(p) => self.csv_path = p,
            Message::ImportCsv => {
                let path = self.csv_path.trim().to_string();
                return Action::Read(
                    PathBuf::from(&path),
                    Box::new(move |bytes| Message::CsvRead(path, bytes)),
                );
            }
            Message::CsvRead(path, bytes) => {
                let first = t.players.iter().map(|p| p.id).max().unwrap_or(0) + 1;
                // One change for the whole list: one undo takes the import back.
                return match crate::tournament::roster::parse_csv(&path, &bytes, first) {
                    Ok(players) => Action::Apply(Command::Batch {
                        commands: players
                            .into_iter()
                            .map(|player| Command::AddPlayer { player })
                            .collect(),
                    }),
                    Err(e) => Action::error(e.said(lang)),
                };
            }
            Message::Settings(edit) => {
                let draft = self.draft.get_or_insert_with(|| t.settings.clone());
                match &edit {
                    Edit::TimeControl(v) => self.control_text = Some(v.clone()),
                    Edit::Preset(c) => self.control_text = Some(c.value.clone()),
                    _ => {}
                }
                apply_edit(draft, edit);
            }
            Message::SaveSettings => {
                let Some(mut settings) = self.draft.clone() else {
                    return Action::None;
                };
                if let Some(text) = &self.control_text {
                    match text.parse() {
                        Ok(c) => settings.time_control = c,
                        // The draft stays as typed; the field says why.
                        Err(e) => {
                            self.control_error = Some(format!("`{text}`: {}", e.said(lang)));
                            return Action::None;
                        }
                    }
                }
                self.control_error = None;
                let cmd = Command::SetSettings {
                    settings: Box::new(settings),
                };
                // Asked before it is sent, so that a refusal keeps every pending edit and the
                // form says which field and why.
                if let Err(e) = crate::tournament::command::applied(t, &cmd) {
                    let name = matches!(e, crate::tournament::command::CommandError::NoName);
                    self.settings_error =
                        Some((name, crate::lang::Said::new(e.to_string(), e.ru())));
                    return Action::None;
                }
                self.draft = None;
                self.control_text = None;
                self.settings_error = None;
                return Action::Apply(cmd);
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

    fn settings_form<'a>(&'a self, t: &'a Tournament, lang: Lang) -> Element<'a, Message> {
        let d = self.draft.clone().unwrap_or_else(|| t.settings.clone());
        let control_note: Element<'a, Message> = match &self.control_error {
            Some(e) => text(format!(
                "{} {e}",
                lang.pick(
                    "Not saved: not a time control:",
                    "Не сохранено: это не контроль времени:"
                )
            ))
            .size(17)
            .color(theme::ERROR)
            .into(),
            None => column![].into(),
        };
        let control_text = self
            .control_text
            .clone()
            .unwrap_or_else(|| d.time_control.to_string());
        let fixed = !t.rounds.is_empty();
        // The refusal shows under the field it is about (the name), else above the button.
        let refused = |at_name: bool| -> Element<'a, Message> {
            match &self.settings_error {
                Some((name, why)) if *name == at_name => text(format!(
                    "{} {}",
                    lang.pick("Not saved:", "Не сохранено:"),
                    why.get(lang)
                ))
                .size(17)
                .color(theme::ERROR)
                .into(),
                _ => column![].into(),
            }
        };
        let edit = |f: fn(String) -> Edit| move |v: String| Message::Settings(f(v));
        let field = |label: &str, value: &str, f: fn(String) -> Edit| {
            row![
                text(label.to_string()).size(17).width(Length::Fixed(190.0)),
                text_input(label, value).on_input(edit(f)),
            ]
            .spacing(8)
            .align_y(iced::Alignment::Center)
        };
        let presets: Vec<Choice<String>> = crate::clock::presets::shipped()
            .into_iter()
            .map(|p| Choice {
                label: format!("{} ({})", lang.pick(&p.en, &p.ru), p.control),
                value: p.control.to_string(),
            })
            .collect();
        let points = [
            Choice {
                value: GamePoints::OneHalfZero,
                label: "1 - ½ - 0".to_string(),
            },
            Choice {
                value: GamePoints::TwoOneZero,
                label: "2 - 1 - 0".to_string(),
            },
        ];
        let chosen_points = points.iter().find(|c| c.value == d.scoring.game).cloned();
        let systems = crate::ui::format::systems(lang);
        let chosen_system = systems.iter().find(|c| c.value == d.system).cloned();
        let mut tables = vec![Choice {
            value: None,
            label: lang.pick("no ballot", "без жеребьёвки").to_string(),
        }];
        tables.extend(crate::tournament::ballot::shipped_ids().map(|id| Choice {
            value: Some(id.to_string()),
            label: id.to_uppercase(),
        }));
        let current_table = d.format.ballot.as_ref().map(|b| b.table.clone());
        let chosen_table = tables
            .iter()
            .find(|c| c.value == current_table)
            .cloned()
            .or_else(|| {
                current_table.clone().map(|t| Choice {
                    label: t.clone(),
                    value: Some(t),
                })
            });
        let pers = [
            (
                BallotPer::Micromatch,
                lang.pick("per micromatch", "на микроматч"),
            ),
            (BallotPer::Round, lang.pick("per round", "на тур")),
        ]
        .map(|(value, label)| Choice {
            value,
            label: label.to_string(),
        });
        let chosen_per = d
            .format
            .ballot
            .as_ref()
            .and_then(|b| pers.iter().find(|c| c.value == b.per).cloned());
        let mut planned = vec![Choice {
            value: None,
            label: lang.pick("not set", "не задано").to_string(),
        }];
        planned.extend((1..=15).map(|n| Choice {
            value: Some(n),
            label: n.to_string(),
        }));
        let chosen_planned = planned
            .iter()
            .find(|c| c.value == d.rounds_planned)
            .cloned();
        let system_row: Element<'a, Message> = if fixed {
            text(format!(
                "{}: {} · {} · {} {} ({})",
                lang.pick("Variant and system", "Вид и система"),
                crate::ui::format::variant(d.variant, lang),
                chosen_system.map(|c| c.label).unwrap_or_default(),
                d.format.games,
                lang.pick("game(s) per pairing", "партии во встрече"),
                lang.pick(
                    "fixed once round 1 is paired",
                    "не меняются после 1-го тура"
                )
            ))
            .size(16)
            .into()
        } else {
            row![
                pick_list(systems.to_vec(), chosen_system, |c| Message::Settings(
                    Edit::System(c)
                )),
                pick_list(vec![1u32, 2, 3, 4], Some(d.format.games), |n| {
                    Message::Settings(Edit::Games(n))
                }),
                text(lang.pick("game(s) per pairing", "партии во встрече")).size(16),
            ]
            .spacing(8)
            .align_y(iced::Alignment::Center)
            .into()
        };
        container(
            column![
                text(lang.pick("Event", "Турнир")).size(22),
                field(lang.pick("Name", "Название"), &d.name, Edit::Name),
                refused(true),
                field(lang.pick("Dates", "Даты"), &d.dates, Edit::Dates),
                field(lang.pick("Venue", "Место"), &d.venue, Edit::Venue),
                field(
                    lang.pick("Chief arbiter", "Главный судья"),
                    &d.chief_arbiter,
                    Edit::ChiefArbiter
                ),
                row![
                    field(
                        lang.pick("Time control", "Контроль времени"),
                        &control_text,
                        Edit::TimeControl
                    )
                    .width(Length::FillPortion(1)),
                    pick_list(presets, None::<Choice<String>>, |c| Message::Settings(
                        Edit::Preset(c)
                    ))
                    .placeholder(lang.pick("or a preset…", "или из списка…")),
                ]
                .spacing(8),
                control_note,
                system_row,
                row![
                    text(lang.pick("Rounds planned", "Туров по положению")).size(17),
                    pick_list(planned.clone(), chosen_planned, |c| {
                        Message::Settings(Edit::RoundsPlanned(c))
                    }),
                    text(lang.pick(
                        "(a Swiss: the last round frees the topscorers from the colour limits)",
                        "(швейцарская система: в последнем туре лидеры свободны от ограничений цвета)"
                    ))
                    .size(14),
                ]
                .spacing(8)
                .align_y(iced::Alignment::Center),
                row![
                    text(lang.pick("Scoring", "Очки за партию")).size(17),
                    pick_list(points.to_vec(), chosen_points, |c| Message::Settings(
                        Edit::GamePoints(c)
                    )),
                    checkbox(d.scoring.match_points.is_some())
                        .label(lang.pick("micromatch points 2-1-0", "очки за микроматч 2-1-0"))
                        .on_toggle(|on| Message::Settings(Edit::MatchPoints(on))),
                    text(lang.pick("extra micromatches on a tie", "доп. микроматчи при ничьей"))
                        .size(17),
                    pick_list(
                        vec![0u32, 1, 2, 3, 4, 5],
                        Some(d.format.extra_micromatches),
                        |n| { Message::Settings(Edit::Extra(n)) }
                    ),
                ]
                .spacing(8)
                .align_y(iced::Alignment::Center),
                row![
                    text(lang.pick("Opening ballot", "Жеребьёвка начал")).size(17),
                    pick_list(tables, chosen_table, |c| Message::Settings(Edit::Ballot(c))),
                    pick_list(pers.to_vec(), chosen_per, |c| Message::Settings(
                        Edit::BallotPer(c)
                    )),
                ]
                .spacing(8)
                .align_y(iced::Alignment::Center),
                refused(false),
                button(text(lang.pick("Save settings", "Сохранить настройки")))
                    .on_press_maybe(self.draft.is_some().then_some(Message::SaveSettings)),
            ]
            .spacing(8),
        )
        .padding(8)
        .style(theme::panel)
        .into()
    }

    pub fn view<'a>(&'a self, t: &'a Tournament, lang: Lang) -> Element<'a, Message> {
        let details = self.settings_form(t, lang);
        let players = table(
            [
                table::column(text("№"), |p: &Player| {
                    text(p.number.map(|n| n.to_string()).unwrap_or_default()).size(17)
                }),
                table::column(text(lang.pick("Name", "Участник")), |p: &Player| {
                    button(text(p.full_name()).size(17))
                        .style(button::text)
                        .padding(0)
                        .on_press(Message::Edit(p.id))
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
            button(text(if self.editing.is_some() {
                lang.pick("Save player", "Сохранить")
            } else {
                lang.pick("Add player", "Добавить")
            }))
            .on_press(Message::Add),
        ]
        .push(self.editing.map(|_| {
            button(text(lang.pick("Cancel", "Отмена")))
                .style(button::secondary)
                .on_press(Message::CancelEdit)
        }))
        .spacing(6);
        let import = row![
            text_input(
                lang.pick(
                    "CSV list to import (surname, name, title, rating, club, birth year)",
                    "список CSV (фамилия, имя, разряд, рейтинг, клуб, год рождения)"
                ),
                &self.csv_path
            )
            .on_input(Message::CsvPath)
            .on_submit(Message::ImportCsv),
            button(text(lang.pick("Import CSV", "Импорт CSV")))
                .style(button::secondary)
                .on_press(Message::ImportCsv),
        ]
        .spacing(6);
        let numbers: Element<'a, Message> = if t.settings.system == System::Swiss {
            text(lang.pick(
                "Swiss: pairing numbers follow the initial ranking (rating, title, name) when round 1 is saved.",
                "Швейцарская система: номера присваиваются по начальному рейтингу (рейтинг, звание, фамилия) при сохранении 1-го тура.",
            ))
            .size(15)
            .into()
        } else {
            button(text(
                lang.pick("Draw pairing numbers by lot", "Жеребьёвка номеров"),
            ))
            .style(button::secondary)
            .on_press_maybe(t.rounds.is_empty().then_some(Message::DrawNumbers))
            .into()
        };

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
                text(lang.pick(
                    "Click a name to edit the player.",
                    "Щёлкните по фамилии, чтобы изменить данные участника."
                ))
                .size(14),
                add,
                import,
                numbers,
                tiebreaks,
                forbidden,
            ]
            .spacing(12)
            .padding([0, 4]),
        )
        .height(Length::Fill)
        .into()
    }
}
