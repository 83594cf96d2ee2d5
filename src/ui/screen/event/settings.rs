//! The event's settings form: name, dates, time control, system, scoring, ballots. Edits go to
//! a draft that is saved as one change, or kept whole when the event refuses it.

use iced::widget::{
    button, checkbox, column, container, pick_list, row, text, text_input, Row, Text,
};
use iced::{Element, Length};

use super::{Message, State};
use crate::clock::control::TimeControl;
use crate::lang::{Lang, Russian};
use crate::tournament::command::Command;
use crate::tournament::model::{
    BallotPer, BallotRule, GamePoints, MatchPoints, Settings, System, Tournament,
};
use crate::ui::format::Choice;
use crate::ui::screen::Action;
use crate::ui::theme;

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
    Organiser(String),
    CalendarNumber(String),
    AgeGroup(String),
    ChiefArbiterCategory(String),
    ChiefArbiterCity(String),
    ChiefSecretary(String),
    ChiefSecretaryCategory(String),
    ChiefSecretaryCity(String),
    /// The other arbiters, `;` between them.
    Arbiters(String),
    /// The event's ЕВСК table file (empty: the shipped one).
    NormsTable(String),
    /// The event's norm options; `None`: the table's own.
    NormsOptions(Option<crate::tournament::norms::Options>),
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
        Edit::Organiser(v) => d.paperwork.organiser = v,
        Edit::CalendarNumber(v) => d.paperwork.calendar_number = v,
        Edit::AgeGroup(v) => d.paperwork.age_group = v,
        Edit::ChiefArbiterCategory(v) => d.paperwork.chief_arbiter_category = v,
        Edit::ChiefArbiterCity(v) => d.paperwork.chief_arbiter_city = v,
        Edit::ChiefSecretary(v) => d.paperwork.chief_secretary = v,
        Edit::ChiefSecretaryCategory(v) => d.paperwork.chief_secretary_category = v,
        Edit::ChiefSecretaryCity(v) => d.paperwork.chief_secretary_city = v,
        // Kept exactly as typed (the field shows them joined by `;` again); the documents trim
        // each name and drop an empty one.
        Edit::Arbiters(v) => d.arbiters = v.split(';').map(str::to_string).collect(),
        Edit::NormsTable(v) => d.norms.table = v,
        Edit::NormsOptions(o) => d.norms.options = o,
    }
}

impl State {
    /// One edit to the draft (begun from the event's settings); the time control is kept as
    /// typed, read on saving.
    pub(super) fn edit_settings(&mut self, t: &Tournament, edit: Edit) {
        let draft = self.draft.get_or_insert_with(|| t.settings.clone());
        match &edit {
            Edit::TimeControl(v) => self.control_text = Some(v.clone()),
            Edit::Preset(c) => self.control_text = Some(c.value.clone()),
            _ => {}
        }
        apply_edit(draft, edit);
    }

    /// The draft saved as one change, or kept whole with why the event refuses it.
    pub(super) fn save_settings(&mut self, t: &Tournament, lang: Lang) -> Action<Message> {
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
            self.settings_error = Some((name, crate::lang::Said::new(e.to_string(), e.ru())));
            return Action::None;
        }
        self.draft = None;
        self.control_text = None;
        self.settings_error = None;
        Action::Apply(cmd)
    }

    /// Why the event refused the settings, when the refusal is about the name (`at_name`) or
    /// about the rest: the line both forms show.
    pub(super) fn refused<'a>(&self, at_name: bool, lang: Lang) -> Option<iced::widget::Text<'a>> {
        self.settings_error
            .as_ref()
            .filter(|(name, _)| *name == at_name)
            .map(|(_, why)| {
                text(format!(
                    "{} {}",
                    lang.pick("Not saved:", "Не сохранено:"),
                    why.get(lang)
                ))
                .size(17)
                .color(theme::ERROR)
            })
    }

    pub(super) fn settings_form<'a>(
        &'a self,
        t: &'a Tournament,
        lang: Lang,
    ) -> Element<'a, Message> {
        let d = self.draft.clone().unwrap_or_else(|| t.settings.clone());
        let control_text = self
            .control_text
            .clone()
            .unwrap_or_else(|| d.time_control.written(lang));
        // The refusal shows under the field it is about (the name), else above the button.
        let refused = |at_name: bool| self.refused(at_name, lang);
        let presets: Vec<Choice<String>> = crate::clock::presets::shipped()
            .into_iter()
            .map(|p| Choice {
                label: format!("{} ({})", lang.pick(&p.en, &p.ru), p.control.written(lang)),
                value: p.control.written(lang),
            })
            .collect();
        container(
            column![
                text(lang.pick("Event", "Турнир")).size(22),
                column![field(lang.pick("Name", "Название"), &d.name, Edit::Name)]
                    .push(refused(true))
                    .spacing(4),
                field(lang.pick("Dates", "Даты"), &d.dates, Edit::Dates),
                field(lang.pick("Venue", "Место"), &d.venue, Edit::Venue),
                column![row![
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
                .spacing(8)]
                .push(self.control_note(&d, lang))
                .spacing(4),
                system_row(&d, !t.rounds.is_empty(), lang),
                rounds_planned_row(&d, lang),
                scoring_row(&d, lang),
                ballot_row(&d, lang),
                column![]
                    .push(refused(false))
                    .push(
                        button(text(lang.pick("Save settings", "Сохранить настройки")))
                            .on_press_maybe(self.draft.is_some().then_some(Message::SaveSettings))
                    )
                    .spacing(4),
            ]
            .spacing(8),
        )
        .padding(8)
        .style(theme::panel)
        .into()
    }

    /// Under the time control's field: why what was typed is not a control, or the control in
    /// words (the field keeps the short form the arbiter types, `45m/20,15m`).
    fn control_note<'a>(&self, d: &Settings, lang: Lang) -> Text<'a> {
        match self.control_error.as_ref() {
            Some(e) => text(format!(
                "{} {e}",
                lang.pick(
                    "Not saved: not a time control:",
                    "Не сохранено: это не контроль времени:"
                )
            ))
            .size(17)
            .color(theme::ERROR),
            // What the field holds now (typed or a preset chosen), not the control saved: the
            // words followed the old control until Save.
            None => match self.control_text.as_deref().map(str::parse::<TimeControl>) {
                Some(Ok(typed)) => text(format!("= {}", typed.said(lang))).size(17),
                Some(Err(e)) => text(format!(
                    "{} {}",
                    lang.pick("not yet a time control:", "пока не контроль времени:"),
                    e.said(lang)
                ))
                .size(17),
                None => text(format!("= {}", d.time_control.said(lang))).size(17),
            },
        }
    }
}

/// A labelled field of the form; Enter in it saves the settings.
fn field<'a>(label: &str, value: &str, f: fn(String) -> Edit) -> Row<'a, Message> {
    row![
        text(label.to_string()).size(17).width(Length::Fixed(190.0)),
        text_input(label, value)
            .on_input(move |v: String| Message::Settings(f(v)))
            .on_submit(Message::SaveSettings),
    ]
    .spacing(8)
    .align_y(iced::Alignment::Center)
}

/// The variant, the system and the games per encounter: chosen until round 1 is paired, then
/// shown.
fn system_row<'a>(d: &Settings, fixed: bool, lang: Lang) -> Element<'a, Message> {
    let systems = crate::ui::format::systems(lang);
    let chosen_system = systems.iter().find(|c| c.value == d.system).cloned();
    if fixed {
        return text(format!(
            "{}: {} · {} · {} ({})",
            lang.pick("Variant and system", "Вид и система"),
            crate::ui::format::variant(d.variant, lang),
            chosen_system.map(|c| c.label).unwrap_or_default(),
            crate::ui::format::games_per_encounter(d.format.games, true, lang),
            lang.pick(
                "fixed once round 1 is paired",
                "не меняются после 1-го тура"
            )
        ))
        .size(16)
        .into();
    }
    row![
        // The variant is chosen when the event is created; it is shown, not edited.
        text(format!(
            "{}: {}",
            lang.pick("Variant", "Вид"),
            crate::ui::format::variant(d.variant, lang)
        ))
        .size(17),
        pick_list(systems.to_vec(), chosen_system, |c| Message::Settings(
            Edit::System(c)
        )),
        pick_list(vec![1u32, 2, 3, 4], Some(d.format.games), |n| {
            Message::Settings(Edit::Games(n))
        }),
        text(crate::ui::format::games_per_encounter(
            d.format.games,
            false,
            lang
        ))
        .size(16),
    ]
    .spacing(8)
    .align_y(iced::Alignment::Center)
    .into()
}

/// The rounds the regulation plans.
fn rounds_planned_row<'a>(d: &Settings, lang: Lang) -> Element<'a, Message> {
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
    .align_y(iced::Alignment::Center)
    .into()
}

/// The points for a game, the micromatch points, the extra micromatches on a tie.
fn scoring_row<'a>(d: &Settings, lang: Lang) -> Element<'a, Message> {
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
    row![
        text(lang.pick("Scoring", "Очки за партию")).size(17),
        pick_list(points.to_vec(), chosen_points, |c| Message::Settings(
            Edit::GamePoints(c)
        )),
        checkbox(d.scoring.match_points.is_some())
            .label(lang.pick("micromatch points 2-1-0", "очки за микроматч 2-1-0"))
            .on_toggle(|on| Message::Settings(Edit::MatchPoints(on))),
        text(lang.pick("extra micromatches on a tie", "доп. микроматчи при ничьей")).size(17),
        pick_list(
            vec![0u32, 1, 2, 3, 4, 5],
            Some(d.format.extra_micromatches),
            |n| { Message::Settings(Edit::Extra(n)) }
        ),
    ]
    .spacing(8)
    .align_y(iced::Alignment::Center)
    .into()
}

/// The opening ballot's table and what one ballot is drawn for.
fn ballot_row<'a>(d: &Settings, lang: Lang) -> Element<'a, Message> {
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
        (
            BallotPer::Match,
            lang.pick("per team match", "на командный матч"),
        ),
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
    row![
        text(lang.pick("Opening ballot", "Жеребьёвка начал")).size(17),
        pick_list(tables, chosen_table, |c| Message::Settings(Edit::Ballot(c))),
        pick_list(pers.to_vec(), chosen_per, |c| Message::Settings(
            Edit::BallotPer(c)
        )),
    ]
    .spacing(8)
    .align_y(iced::Alignment::Center)
    .into()
}
