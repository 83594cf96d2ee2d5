//! Event: the settings, the players (add, edit, import from CSV, withdraw, numbers by lot), the
//! tie-break order and the forbidden pairs, one module each; this one holds the screen's state
//! and its `update`.

pub mod checkin;
mod forbidden;
mod paperwork;
mod players;
pub mod prizes;
pub mod schedule;
mod settings;
pub mod teams;
mod tiebreaks;

pub use checkin::{Message as CheckInMessage, CHECKIN_FIELD};

/// The event's page, scrolled back to its top when a player is taken into the form.
pub const EVENT_PAGE: &str = "event-page";
pub use players::{SEX_FIELD, SURNAME_FIELD};
use settings::apply_edit;
pub use settings::Edit;
pub use tiebreaks::TieBreakChoice;

use chrono::Datelike;
use std::path::PathBuf;

use iced::widget::{button, column, container, row, scrollable, text};
use iced::{Element, Length};

use super::Action;
use crate::lang::{Lang, Russian};
use crate::tournament::command::Command;
use crate::tournament::model::{Player, PlayerId, Settings, Tournament};

#[derive(Default)]
pub struct State {
    /// The part of the event shown.
    pub section: Section,
    pub surname: String,
    pub name: String,
    pub title: String,
    pub rating: String,
    pub club: String,
    pub birth_year: String,
    pub sex: Option<crate::tournament::model::Sex>,
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
    /// The form as it was when the arbiter was asked about it (an unknown rank, a player already
    /// on the list): saving the same form again keeps it as typed.
    pub asked: Option<String>,
    /// The list imported when the arbiter was asked about its unknown ranks (path and bytes):
    /// importing the same list again keeps them as typed.
    pub csv_asked: Option<(String, Vec<u8>)>,
    /// The team being typed on the Teams page.
    pub team: teams::Form,
    /// The check-in's search.
    pub checkin: checkin::Desk,
    /// The category and prize forms as typed.
    pub prizes: prizes::Forms,
    /// The schedule as typed.
    pub schedule: schedule::Form,
}

#[derive(Clone, Debug)]
pub enum Message {
    Surname(String),
    Name(String),
    Title(String),
    Rating(String),
    Club(String),
    BirthYear(String),
    /// The sex field's text after a key (see [`players::sex_typed`]).
    Sex(String),
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
    Section(Section),
    Team(teams::Message),
    CheckIn(checkin::Message),
    Prizes(prizes::Message),
    Schedule(schedule::Message),
}

/// The parts of the event, one page each, so that none pushes another off the screen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Section {
    #[default]
    Players,
    Settings,
    /// What the federation's documents ask: organiser, КП №, age group, the panel.
    Paperwork,
    TieBreaks,
    Forbidden,
    /// A team event's teams and rosters.
    Teams,
    /// Who has come for the next round (регистрация).
    CheckIn,
    /// The regulation's categories and prizes.
    Prizes,
    /// When each round starts, the default time.
    Schedule,
}

impl Section {
    pub const ALL: [Section; 9] = [
        Section::Players,
        Section::CheckIn,
        Section::Teams,
        Section::Prizes,
        Section::Schedule,
        Section::Settings,
        Section::Paperwork,
        Section::TieBreaks,
        Section::Forbidden,
    ];

    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            Section::Players => lang.pick("Players", "Участники"),
            Section::Settings => lang.pick("Settings", "Настройки"),
            Section::Paperwork => lang.pick("Panel and documents", "Судьи и документы"),
            Section::TieBreaks => lang.pick("Tie-breaks", "Доп. показатели"),
            Section::Forbidden => lang.pick("Forbidden pairs", "Запрещённые пары"),
            Section::Teams => lang.pick("Teams", "Команды"),
            Section::CheckIn => lang.pick("Check-in", "Регистрация"),
            Section::Prizes => lang.pick("Categories and prizes", "Зачёты и призы"),
            Section::Schedule => lang.pick("Schedule", "Расписание"),
        }
    }
}

impl State {
    /// Empties the player form: the player was saved, or the edit cancelled.
    pub fn clear_form(&mut self) {
        self.surname.clear();
        self.name.clear();
        self.title.clear();
        self.rating.clear();
        self.club.clear();
        self.birth_year.clear();
        self.sex = None;
        self.editing = None;
        self.asked = None;
    }

    /// The form's content, to know whether it changed since the arbiter was asked about it.
    fn form_key(&self) -> String {
        [
            &self.surname,
            &self.name,
            &self.title,
            &self.rating,
            &self.club,
            &self.birth_year,
        ]
        .map(|s| s.trim())
        .join("\u{1f}")
    }

    /// «Correct it, or press «Добавить» again …», naming the form's button as it reads now.
    fn save_again(&self, lang: Lang, en: &str, ru: &str) -> String {
        let button = if self.editing.is_some() {
            lang.pick("Save player", "Сохранить")
        } else {
            lang.pick("Add player", "Добавить")
        };
        match lang {
            Lang::En => format!("Correct it, or press “{button}” again {en}."),
            Lang::Ru => format!("Исправьте или нажмите «{button}» ещё раз, {ru}."),
        }
    }

    /// What the arbiter should know before the player is saved as typed: a rank the ЕВСК table
    /// does not read (it then counts as no rank everywhere), or a player already on the list.
    fn question(&self, t: &Tournament, birth_year: Option<u16>, lang: Lang) -> Option<String> {
        let table = crate::tournament::norms::Table::shipped();
        let title = self.title.trim();
        if !table.knows(title) {
            return Some(format!(
                "{} {}: {} ({}). {}",
                lang.pick("Rank", "Разряд"),
                lang.quote(title),
                lang.pick(
                    "not a rank the EVSK table knows; it would count as no rank",
                    "такого разряда нет в таблице ЕВСК, он будет считаться как «без разряда»"
                ),
                table.rank_keys(lang),
                self.save_again(lang, "to keep it as typed", "чтобы оставить как есть"),
            ));
        }
        let same = |a: &str, b: &str| a.trim().to_lowercase() == b.trim().to_lowercase();
        let twin = t.players.iter().find(|p| {
            Some(p.id) != self.editing
                && same(&p.surname, &self.surname)
                && same(&p.name, &self.name)
                && (p.birth_year == birth_year || p.birth_year.is_none() || birth_year.is_none())
        })?;
        Some(format!(
            "{} {}. {}",
            twin.full_name(),
            lang.pick("is on the list already", "уже есть в списке"),
            self.save_again(
                lang,
                "to add a second player of that name",
                "чтобы добавить второго участника с таким именем"
            )
        ))
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
            Message::BirthYear(s) => self.birth_year = s,
            Message::Sex(typed) => self.sex = players::sex_typed(&typed, self.sex),
            Message::Add => {
                // Enter in any field of an empty form: nothing to add, and it says what is missing.
                if self.surname.trim().is_empty() {
                    return Action::error(
                        lang.pick("Type the surname first", "Сначала введите фамилию"),
                    );
                }
                let rating = match self.rating.trim() {
                    "" => None,
                    r => match r.parse::<i64>() {
                        Ok(v) if v < 0 => {
                            return Action::error(format!(
                                "{} {}: {}",
                                lang.pick("rating", "рейтинг"),
                                lang.quote(r),
                                lang.pick(
                                    "a rating is not negative",
                                    "рейтинг не бывает отрицательным"
                                )
                            ))
                        }
                        Ok(v) => match u32::try_from(v) {
                            Ok(v) => Some(v),
                            Err(_) => {
                                return Action::error(format!(
                                    "{} {}: {}",
                                    lang.pick("rating", "рейтинг"),
                                    lang.quote(r),
                                    lang.pick("too large", "слишком большой")
                                ))
                            }
                        },
                        Err(_) => {
                            return Action::error(format!(
                                "{} {}: {}",
                                lang.pick("rating", "рейтинг"),
                                lang.quote(r),
                                lang.pick("a whole number", "нужно целое число")
                            ))
                        }
                    },
                };
                // A year the forms can print: four digits, not after the event's first day (or,
                // with no dates yet, this year).
                let latest = crate::tournament::model::first_day(&t.settings.dates)
                    .map_or_else(|| chrono::Local::now().year(), |d| d.year());
                let birth_year = match self.birth_year.trim() {
                    "" => None,
                    y => match y.parse::<u16>() {
                        Ok(v) if (1900..=latest).contains(&i32::from(v)) => Some(v),
                        _ => {
                            return Action::error(format!(
                                "{} {}: {}",
                                lang.pick("birth year", "год рождения"),
                                lang.quote(y),
                                if lang == Lang::En {
                                    format!("a year from 1900 to {latest}, such as 2008")
                                } else {
                                    format!("нужен год от 1900 до {latest}, например 2008")
                                }
                            ))
                        }
                    },
                };
                if let Some(question) = self.question(t, birth_year, lang) {
                    let key = self.form_key();
                    if self.asked.as_deref() != Some(key.as_str()) {
                        self.asked = Some(key);
                        return Action::error(question);
                    }
                }
                let existing = self.editing.and_then(|id| t.player(id)).cloned();
                let id = existing
                    .as_ref()
                    .map(|p| p.id)
                    .unwrap_or_else(|| PlayerId::after(t.players.iter().map(|p| p.id)));
                let base = existing.unwrap_or_else(|| Player::new(id, ""));
                let player = Player {
                    surname: self.surname.trim().to_string(),
                    name: self.name.trim().to_string(),
                    title: self.title.trim().to_string(),
                    rating,
                    club: self.club.trim().to_string(),
                    birth_year,
                    sex: self.sex,
                    ..base
                };
                let cmd = if self.editing.is_some() {
                    Command::EditPlayer { player }
                } else {
                    Command::AddPlayer { player }
                };
                // The form is cleared once the player is saved (`clear_form`, by the app): a
                // refused change leaves what the arbiter typed.
                return Action::Apply(cmd);
            }
            Message::Edit(id) => {
                if let Some(p) = t.player(id) {
                    // The form is at the page's top: a player clicked low in a long list is
                    // edited where the arbiter can see it (a trial clicked and saw nothing).
                    let top = iced::widget::operation::snap_to(
                        EVENT_PAGE,
                        iced::widget::operation::RelativeOffset::START,
                    );
                    self.editing = Some(id);
                    self.surname = p.surname.clone();
                    self.name = p.name.clone();
                    self.title = p.title.clone();
                    self.rating = p.rating.map(|r| r.to_string()).unwrap_or_default();
                    self.club = p.club.clone();
                    self.birth_year = p.birth_year.map(|y| y.to_string()).unwrap_or_default();
                    self.sex = p.sex;
                    return Action::Task(top);
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
                let first = PlayerId::after(t.players.iter().map(|p| p.id));
                // One change for the whole list: one undo takes the import back.
                return match crate::tournament::roster::parse_csv(&path, &bytes, first) {
                    Ok(players) => {
                        // Ranks the table does not read are asked about, as in the form.
                        let unknown = unknown_ranks(&players, lang);
                        let again = self.csv_asked.as_ref() == Some(&(path.clone(), bytes.clone()));
                        if !unknown.is_empty() && !again {
                            self.csv_asked = Some((path, bytes));
                            return Action::error(format!(
                                "{}: {}. {} ({}). {}",
                                lang.pick("Ranks not in the EVSK table", "Разрядов нет в таблице ЕВСК"),
                                unknown.join(", "),
                                lang.pick(
                                    "They would count as no rank",
                                    "Они будут считаться как «без разряда»"
                                ),
                                crate::tournament::norms::Table::shipped().rank_keys(lang),
                                lang.pick(
                                    "Correct the list, or press “Import CSV” again to keep them as typed.",
                                    "Исправьте список или нажмите «Импорт CSV» ещё раз, чтобы оставить как есть."
                                ),
                            ));
                        }
                        self.csv_asked = None;
                        Action::Apply(Command::Batch {
                            commands: players
                                .into_iter()
                                .map(|player| Command::AddPlayer { player })
                                .collect(),
                        })
                    }
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
                // The form does not edit the rules on coming (the check-in page does): a draft
                // begun before one was changed there must not put the old one back.
                settings.registration = t.settings.registration.clone();
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
            Message::Section(section) => self.section = section,
            Message::Team(m) => return self.team.update(m, t, lang).map(Message::Team),
            Message::CheckIn(m) => return self.checkin.update(m, t, lang).map(Message::CheckIn),
            Message::Prizes(m) => return self.prizes.update(m, t, lang).map(Message::Prizes),
            Message::Schedule(m) => return self.schedule.update(m, t, lang).map(Message::Schedule),
        }
        Action::None
    }

    /// The change `m` asked for was saved: its form is emptied for the next (a refused one
    /// keeps what the arbiter typed).
    pub fn saved(&mut self, m: &Message) {
        match m {
            Message::Add => self.clear_form(),
            Message::Team(teams::Message::Save) => self.team.saved(),
            Message::Prizes(prizes::Message::AddCategory) => self.prizes.saved_category(),
            Message::Prizes(prizes::Message::AddPrize) => self.prizes.saved_prize(),
            Message::Schedule(schedule::Message::Save) => self.schedule.saved(),
            _ => {}
        }
    }

    /// `event`: the event file's path, beside which a relative norms table file is read;
    /// `awards`: the prizes as the standings give them (the session's, asked only while the
    /// Categories and prizes page is shown).
    pub fn view<'a>(
        &'a self,
        t: &'a Tournament,
        event: Option<&std::path::Path>,
        awards: Option<&[crate::tournament::prize::Award]>,
        lang: Lang,
    ) -> Element<'a, Message> {
        // A team event has no check-in (its line-ups name who plays).
        let sections = Section::ALL
            .into_iter()
            .filter(|s| *s != Section::CheckIn || !t.is_team_event())
            .map(|section| {
                let label = match section {
                    Section::Players => format!("{} ({})", section.label(lang), t.players.len()),
                    Section::Teams if t.is_team_event() => {
                        format!("{} ({})", section.label(lang), t.teams.len())
                    }
                    Section::CheckIn => {
                        let roll = crate::tournament::registration::roll(t);
                        let expected = roll.present.len() + roll.missing.len();
                        format!(
                            "{} ({}/{expected})",
                            section.label(lang),
                            roll.present.len()
                        )
                    }
                    _ => section.label(lang).to_string(),
                };
                button(text(label).size(18))
                    .style(if section == self.section {
                        button::primary
                    } else {
                        button::secondary
                    })
                    .on_press(Message::Section(section))
                    .into()
            });
        let page: Element<'a, Message> = match self.section {
            Section::Players => column![
                self.player_form(lang),
                text(lang.pick(
                    "Click a name to edit the player.",
                    "Щёлкните по фамилии, чтобы изменить данные участника."
                ))
                .size(14),
                players::list(t, lang),
                players::numbers(t, lang),
            ]
            .spacing(12)
            .into(),
            Section::Settings => self.settings_form(t, lang),
            Section::Paperwork => self.paperwork_form(t, event, lang),
            Section::TieBreaks => column![
                teams::tiebreaks_panel(t, lang).map(|p| p.map(Message::Team)),
                tiebreaks::panel(t, lang)
            ]
            .spacing(12)
            .into(),
            Section::Forbidden => self.forbidden_panel(t, lang),
            Section::Teams => self.team.view(t, lang).map(Message::Team),
            Section::CheckIn => self.checkin.view(t, lang).map(Message::CheckIn),
            Section::Prizes => self
                .prizes
                .view(t, awards.unwrap_or_default(), lang)
                .map(Message::Prizes),
            Section::Schedule => self.schedule.view(t, lang).map(Message::Schedule),
        };
        column![
            // Nine pages: on a narrow window the buttons wrap rather than run off the edge.
            row(sections).spacing(6).wrap().vertical_spacing(6),
            // Room on the right for the scroll bar, so it never covers a button.
            scrollable(container(page).padding(iced::Padding {
                top: 0.0,
                right: 16.0,
                bottom: 0.0,
                left: 4.0,
            }))
            .id(EVENT_PAGE)
            .height(Length::Fill),
        ]
        .spacing(12)
        .into()
    }
}

/// The ranks of an imported list that the ЕВСК table does not read, each with its player
/// («чемпион двора» (Иванов Иван)).
fn unknown_ranks(players: &[crate::tournament::model::Player], lang: Lang) -> Vec<String> {
    let table = crate::tournament::norms::Table::shipped();
    players
        .iter()
        .filter(|p| !table.knows(&p.title))
        .map(|p| format!("{} ({})", lang.quote(p.title.trim()), p.full_name()))
        .collect()
}
