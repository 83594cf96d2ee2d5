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
pub use settings::Edit;
pub use tiebreaks::TieBreakChoice;

use std::path::PathBuf;

use iced::widget::{button, column, container, row, scrollable, text};
use iced::{Element, Length};

use super::Action;
use crate::lang::Lang;
use crate::tournament::command::Command;
use crate::tournament::model::{PlayerId, Settings, Tournament};

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

    /// The section's button: its label, with how many there are of what it lists.
    fn counted(self, t: &Tournament, lang: Lang) -> String {
        match self {
            Section::Players => format!("{} ({})", self.label(lang), t.players.len()),
            Section::Teams if t.is_team_event() => {
                format!("{} ({})", self.label(lang), t.teams.len())
            }
            Section::CheckIn => {
                let roll = crate::tournament::registration::roll(t);
                let expected = roll.present.len() + roll.missing.len();
                format!("{} ({}/{expected})", self.label(lang), roll.present.len())
            }
            _ => self.label(lang).to_string(),
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
        match message {
            Message::Surname(s) => self.surname = s,
            Message::Name(s) => self.name = s,
            Message::Title(s) => self.title = s,
            Message::Rating(s) => self.rating = s,
            Message::Club(s) => self.club = s,
            Message::BirthYear(s) => self.birth_year = s,
            Message::Sex(typed) => self.sex = players::sex_typed(&typed, self.sex),
            Message::Add => return self.add_player(t, lang),
            Message::Edit(id) => return self.edit_player(t, id),
            Message::CancelEdit => self.clear_form(),
            Message::ForbidA(id) => self.forbid.0 = Some(id),
            Message::ForbidB(id) => self.forbid.1 = Some(id),
            Message::AddForbidden => return self.add_forbidden(t),
            Message::RemoveForbidden(k) => return forbidden::remove(t, k),
            Message::CsvPath(p) => self.csv_path = p,
            Message::ImportCsv => {
                let path = self.csv_path.trim().to_string();
                return Action::Read(
                    PathBuf::from(&path),
                    Box::new(move |bytes| Message::CsvRead(path, bytes)),
                );
            }
            Message::CsvRead(path, bytes) => return self.import_csv(t, path, bytes, lang),
            Message::Settings(edit) => self.edit_settings(t, edit),
            Message::SaveSettings => return self.save_settings(t, lang),
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
            m @ (Message::TiebreakUp(_)
            | Message::TiebreakDown(_)
            | Message::TiebreakRemove(_)
            | Message::TiebreakAdd(_)) => return tiebreaks::reorder(t, m),
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
                button(text(section.counted(t, lang)).size(18))
                    .style(if section == self.section {
                        button::primary
                    } else {
                        button::secondary
                    })
                    .on_press(Message::Section(section))
                    .into()
            });
        column![
            // Nine pages: on a narrow window the buttons wrap rather than run off the edge.
            row(sections).spacing(6).wrap().vertical_spacing(6),
            // Room on the right for the scroll bar, so it never covers a button.
            scrollable(
                container(self.page(t, event, awards, lang)).padding(iced::Padding {
                    top: 0.0,
                    right: 16.0,
                    bottom: 0.0,
                    left: 4.0,
                })
            )
            .id(EVENT_PAGE)
            .height(Length::Fill),
        ]
        .spacing(12)
        .into()
    }

    /// The page of the section shown.
    fn page<'a>(
        &'a self,
        t: &'a Tournament,
        event: Option<&std::path::Path>,
        awards: Option<&[crate::tournament::prize::Award]>,
        lang: Lang,
    ) -> Element<'a, Message> {
        match self.section {
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
        }
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
