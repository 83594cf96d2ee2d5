//! A team Swiss round as a draft: C.04.6's proposal with its reasons (the bye, each scoregroup's
//! upfloaters, each match's colour rule), which the arbiter may change match by match — each
//! rule a change breaks named at once — or pair again with teams marked away, before saving it.

use iced::widget::{checkbox, column, row, text, Column};
use iced::Element;

use super::draft::panel::{self, Sides};
use super::Action;
use crate::lang::Lang;
use crate::rules::Color;
use crate::tournament::model::Tournament;
use crate::tournament::team::swiss::propose::{
    breaches, propose, propose_accelerated, Proposal, TeamBreach,
};
use crate::tournament::team::TeamId;
use crate::ui::format::Choice;

pub struct State {
    pub proposal: Proposal,
    /// (home, away) per match, as the arbiter has them now.
    pub matches: Vec<(TeamId, TeamId)>,
    /// Round 1's colour drawn by lot (kept when the draft is made again).
    first_colour: Color,
    breaches: Vec<TeamBreach>,
}

#[derive(Clone, Debug)]
pub enum Message {
    Home(usize, TeamId),
    Away(usize, TeamId),
    /// Marks a team away for the round (or back), and pairs again.
    Absent(TeamId),
    /// Round 1 with C.04.7's Baku acceleration (or without), paired again.
    Accelerated(bool),
    Save,
    Discard,
}

impl State {
    /// The proposal for the next round; round 1's initial-colour drawn by lot with a system seed
    /// unless the event already has it.
    pub fn propose(t: &Tournament) -> Result<State, String> {
        let round = t.rounds.len() + 1;
        let first_colour = match t.initial_colour {
            Some(c) => c,
            None if round == 1 => {
                let seed = crate::tournament::ballot::os_seed().map_err(|e| e.to_string())?;
                crate::tournament::swiss::colour_by_lot(seed)
            }
            None => Color::White,
        };
        Ok(State::with(t, &[], first_colour))
    }

    fn with(t: &Tournament, absent: &[TeamId], first_colour: Color) -> State {
        let proposal = propose(t, t.rounds.len() + 1, absent, first_colour);
        State::of(t, proposal, first_colour)
    }

    fn of(t: &Tournament, proposal: Proposal, first_colour: Color) -> State {
        let mut state = State {
            matches: proposal.matches.iter().map(|m| (m.home, m.away)).collect(),
            proposal,
            first_colour,
            breaches: vec![],
        };
        state.recheck(t);
        state
    }

    fn recheck(&mut self, t: &Tournament) {
        let p = &self.proposal;
        self.breaches = breaches(t, p.round, &self.matches, p.pab, &p.absent);
    }

    /// `Some(action)` for the parent; `None` keeps the draft open.
    pub fn update(
        &mut self,
        message: Message,
        t: &Tournament,
        lang: Lang,
    ) -> Option<Action<Message>> {
        match message {
            Message::Absent(id) => {
                let mut absent = self.proposal.absent.clone();
                match absent.iter().position(|a| *a == id) {
                    Some(k) => {
                        absent.remove(k);
                    }
                    None => absent.push(id),
                }
                *self = State::with(t, &absent, self.first_colour);
            }
            Message::Accelerated(on) => {
                let absent = self.proposal.absent.clone();
                if !on {
                    *self = State::with(t, &absent, self.first_colour);
                    return None;
                }
                match propose_accelerated(t, &absent, self.first_colour) {
                    Ok(p) => *self = State::of(t, p, self.first_colour),
                    Err(e) => return Some(Action::error(e.said(lang))),
                }
            }
            Message::Home(k, id) => {
                self.matches[k].0 = id;
                self.recheck(t);
            }
            Message::Away(k, id) => {
                self.matches[k].1 = id;
                self.recheck(t);
            }
            Message::Discard => return Some(Action::None),
            Message::Save => {
                return Some(Action::Apply(
                    self.proposal.command_with(t, self.matches.clone()),
                ));
            }
        }
        None
    }

    pub fn view<'a>(&'a self, t: &'a Tournament, lang: Lang) -> Element<'a, Message> {
        let choices: Vec<Choice<TeamId>> = t
            .teams
            .iter()
            .map(|tm| Choice {
                value: tm.id,
                label: t.numbered_team_name(tm.id),
            })
            .collect();
        let sides = Sides {
            choices: &choices,
            first: Message::Home,
            second: Message::Away,
        };
        let matches = self.matches.iter().enumerate().map(|(k, &(h, a))| {
            let why = self
                .proposal
                .matches
                .get(k)
                .filter(|m| (m.home, m.away) == (h, a))
                .map(|m| {
                    let (en, ru) = m.colour_rule.says();
                    format!(
                        "{} : {} · {} ({})",
                        m.home_score,
                        m.away_score,
                        lang.pick(en, ru),
                        m.colour_rule.article()
                    )
                })
                .unwrap_or_else(|| {
                    lang.pick("changed by the arbiter", "изменено судьёй")
                        .into()
                });
            sides.line(k, (h, a), why)
        });
        let reasons = column(
            self.proposal
                .reasons(t, lang)
                .into_iter()
                .filter(|_| self.proposal.impossible.is_none())
                .map(|line| text(line).size(14).into()),
        )
        .spacing(2);
        panel::panel(column![
            panel::title(
                lang.pick(
                    "Team Swiss pairing (FIDE C.04.6) of round",
                    "Жеребьёвка команд (ФИДЕ C.04.6), тур"
                ),
                self.proposal.round,
                lang
            ),
            panel::buttons(
                lang.pick("Save the pairings", "Сохранить пары"),
                (self.proposal.impossible.is_none() && !self.matches.is_empty())
                    .then_some(Message::Save),
                Message::Discard,
                lang
            ),
            self.notes(t, lang),
            row![
                sides.absent(
                    Message::Absent,
                    lang.pick(
                        "mark a team away (or back)…",
                        "отметить неявившуюся команду (или вернуть)…"
                    )
                ),
                self.accelerate(lang),
            ]
            .spacing(12)
            .align_y(iced::Alignment::Center),
            column(matches).spacing(4),
            text(lang.pick("Why:", "Почему так:")).size(16),
            reasons,
        ])
    }

    /// The notes: the bye, the teams away, why no pairing is possible, the rules broken, or
    /// that every rule holds.
    fn notes<'a>(&self, t: &Tournament, lang: Lang) -> Column<'a, Message> {
        let name = |id: TeamId| t.numbered_team_name(id);
        let mut notes = column![].spacing(4);
        if let Some(b) = self.proposal.pab {
            notes = notes.push(panel::note(format!(
                "{}: {}",
                lang.pick("Bye", "Свободный тур"),
                name(b)
            )));
        }
        for a in &self.proposal.absent {
            notes = notes.push(panel::note(format!(
                "{}: {}",
                lang.pick("Away", "Не играет"),
                name(*a)
            )));
        }
        if self.proposal.impossible.is_some() {
            for line in self.proposal.reasons(t, lang) {
                notes = notes.push(panel::warning(line));
            }
        }
        for b in &self.breaches {
            notes = notes.push(panel::warning(format!("⚠ {}", b.said(t, lang))));
        }
        if self.breaches.is_empty() && self.proposal.impossible.is_none() {
            notes = notes.push(panel::all_hold(lang.pick(
                "Every absolute rule holds: no rematch, no second bye, every team once.",
                "Абсолютные правила соблюдены: нет повторных встреч и второго свободного тура, каждая команда один раз.",
            )));
        }
        notes
    }

    /// Round 1 only: the acceleration is set with it, or not at all.
    fn accelerate<'a>(&self, lang: Lang) -> Element<'a, Message> {
        if self.proposal.round == 1 {
            checkbox(!self.proposal.acceleration.is_empty())
                .label(lang.pick(
                    "Baku acceleration (C.04.7): virtual points for the first half",
                    "ускорение (C.04.7): виртуальные очки первой половине команд",
                ))
                .on_toggle(Message::Accelerated)
                .into()
        } else {
            text("").into()
        }
    }
}
