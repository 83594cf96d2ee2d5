//! The Swiss pairing of the next round as a draft: the program's proposal with its reasons, which
//! the arbiter may change board by board (each absolute rule a change breaks is named at once)
//! before saving it into the event.

use iced::widget::{button, checkbox, column, container, pick_list, row, text};
use iced::{Element, Length};

use super::Action;
use crate::lang::Lang;
use crate::tournament::command::Command;
use crate::tournament::model::{PlayerId, Tournament};
use crate::tournament::swiss::{self, Options, Proposal};
use crate::ui::format::Choice;
use crate::ui::theme;

pub struct State {
    pub proposal: Proposal,
    /// (White, Black) per board, as the arbiter has them now.
    pub pairs: Vec<(PlayerId, PlayerId)>,
    /// What the proposal was made with (absent players, acceleration, round 1's colour).
    pub options: Options,
    /// The absolute rules the pairs as they stand break: checked when they change, not on
    /// every frame (a check reads the players' whole history).
    breaches: Vec<swiss::Breach>,
    /// «Сохранить» was pressed once over pairs that break a rule: the second press confirms.
    confirming: bool,
}

#[derive(Clone, Debug)]
pub enum Message {
    White(usize, PlayerId),
    Black(usize, PlayerId),
    /// Marks a player absent for the round (or back), and pairs again.
    Absent(PlayerId),
    Accelerated(bool),
    Save,
    Discard,
}

impl State {
    /// The proposal for the next round; round 1's colour is drawn by lot with a system seed,
    /// unless the event already has it (a TRF's `XXC`).
    pub fn propose(t: &Tournament) -> Result<State, String> {
        let round = t.rounds.len() + 1;
        let first_colour = if swiss::colour_lot_due(t, round) {
            let seed = crate::tournament::ballot::os_seed().map_err(|e| e.to_string())?;
            Some(swiss::colour_by_lot(seed))
        } else {
            None
        };
        Ok(State::with(
            t,
            Options {
                first_colour,
                ..Options::default()
            },
        ))
    }

    fn with(t: &Tournament, options: Options) -> State {
        let proposal = swiss::pair(t, t.rounds.len() + 1, &options);
        let mut state = State {
            pairs: proposal.pairs(),
            proposal,
            options,
            breaches: vec![],
            confirming: false,
        };
        state.recheck(t);
        state
    }

    fn recheck(&mut self, t: &Tournament) {
        let p = &self.proposal;
        self.breaches = swiss::check(t, p.round, &self.pairs, p.bye, &p.absent);
        // A confirmation is of the pairs as they were: changed, they are asked about again.
        self.confirming = false;
    }

    /// Pairs the rules refuse whatever is confirmed (a player twice, unknown, withdrawn or
    /// forgotten): the draft cannot be saved.
    fn refused(&self) -> bool {
        self.breaches
            .iter()
            .any(|b| b.level() == crate::tournament::audit::Level::Refuse)
    }

    /// `Some(action)` for the parent; `None` keeps the draft open.
    pub fn update(&mut self, message: Message, t: &Tournament) -> Option<Action<Message>> {
        match message {
            Message::Absent(id) => {
                let mut options = self.options.clone();
                match options.absent.iter().position(|a| *a == id) {
                    Some(k) => {
                        options.absent.remove(k);
                    }
                    None => options.absent.push(id),
                }
                *self = State::with(t, options);
            }
            Message::Accelerated(on) => {
                let options = Options {
                    accelerated: on,
                    ..self.options.clone()
                };
                *self = State::with(t, options);
            }
            Message::White(board, id) => {
                self.pairs[board].0 = id;
                self.recheck(t);
            }
            Message::Black(board, id) => {
                self.pairs[board].1 = id;
                self.recheck(t);
            }
            Message::Discard => return Some(Action::None),
            Message::Save if self.refused() => {}
            // Pairs that break a rule are saved on the second press, the breaches named between.
            Message::Save if !self.breaches.is_empty() && !self.confirming => {
                self.confirming = true;
            }
            Message::Save => {
                let cmd = Command::SetPairings {
                    round: self.proposal.round,
                    pairs: self.pairs.clone(),
                    bye: self.proposal.bye,
                    absent: self.proposal.absent.clone(),
                    requested_byes: self.proposal.requested_byes.clone(),
                    acceleration: self.proposal.acceleration.clone(),
                    advanced: vec![],
                };
                // Boards changed by hand go into the event's record with the rules they break
                // (named on the draft as the arbiter changed them).
                let program = (&self.proposal.pairs()[..], self.proposal.bye);
                let hand = (&self.pairs[..], self.proposal.bye);
                let confirmed: Vec<crate::lang::Said> = self
                    .breaches
                    .iter()
                    .map(|b| crate::lang::Said::new(b.to_string(), crate::lang::Russian::ru(b)))
                    .collect();
                return Some(
                    match crate::tournament::audit::hand_pairing(t, program, hand, &confirmed) {
                        Some(what) => Action::ApplyBecause(
                            cmd,
                            Box::new(crate::store::event::Because {
                                confirmed: true,
                                act: Some((crate::tournament::audit::Act::HandPairing, what)),
                                ..Default::default()
                            }),
                        ),
                        None => Action::Apply(cmd),
                    },
                );
            }
        }
        None
    }

    pub fn view<'a>(&'a self, t: &'a Tournament, lang: Lang) -> Element<'a, Message> {
        let name = |id: PlayerId| t.player(id).map(|p| p.numbered_name()).unwrap_or_default();
        let choices: Vec<Choice<PlayerId>> = t
            .by_number()
            .into_iter()
            .map(|p| Choice {
                value: p.id,
                label: name(p.id),
            })
            .collect();
        let chosen = |id: PlayerId| choices.iter().find(|c| c.value == id).cloned();
        let boards = self.pairs.iter().enumerate().map(|(k, &(w, b))| {
            let why = self
                .proposal
                .pairings
                .get(k)
                .filter(|p| (p.white, p.black) == (w, b))
                .map(|p| p.reason(name, lang))
                .unwrap_or_else(|| {
                    lang.pick("changed by the arbiter", "изменено судьёй")
                        .into()
                });
            row![
                text(format!("{}.", k + 1))
                    .size(18)
                    .width(Length::Fixed(36.0)),
                pick_list(choices.clone(), chosen(w), move |c| Message::White(
                    k, c.value
                ))
                .width(Length::Fixed(280.0)),
                pick_list(choices.clone(), chosen(b), move |c| Message::Black(
                    k, c.value
                ))
                .width(Length::Fixed(280.0)),
                text(why).size(14),
            ]
            .spacing(8)
            .align_y(iced::Alignment::Center)
            .into()
        });
        let breaches = &self.breaches;
        let mut notes = column![].spacing(4);
        if let (Some(b), Some(why)) = (self.proposal.bye, self.proposal.bye_reason_in(lang)) {
            notes = notes.push(
                text(format!(
                    "{}: {} — {why}",
                    lang.agree(
                        t.player(b).and_then(|p| p.sex),
                        "Bye",
                        ["Свободен", "Свободна", "Свободный тур"]
                    ),
                    name(b)
                ))
                .size(15),
            );
        }
        for a in &self.proposal.absent {
            notes = notes.push(
                text(format!(
                    "{}: {}",
                    lang.pick("Absent", "Отсутствует"),
                    name(*a)
                ))
                .size(15),
            );
        }
        for u in &self.proposal.unpaired {
            notes = notes.push(
                text(format!(
                    "{}: {}",
                    lang.pick(
                        "No legal opponent left, pair by hand",
                        "Нет допустимого соперника, назначьте вручную"
                    ),
                    name(*u)
                ))
                .size(15)
                .color(theme::ERROR),
            );
        }
        for b in breaches {
            let said = crate::lang::Russian::said(b, lang);
            notes = notes.push(text(format!("⚠ {said}")).size(15).color(theme::ERROR));
        }
        if self.confirming {
            notes = notes.push(
                text(lang.pick(
                    "These pairs break the rules above: press “Confirm and save” to pair so (the changes and the rules broken go into the event's record), or change them.",
                    "Эти пары нарушают правила выше: нажмите «Подтвердить и сохранить», чтобы спарить так (изменения и нарушения попадут в протокол турнира), или измените их.",
                ))
                .size(15)
                .color(theme::ERROR),
            );
        }
        if breaches.is_empty() {
            notes = notes.push(
                text(lang.pick(
                    "Every absolute rule holds: no rematch, no forbidden pair, colour limits, one bye per player.",
                    "Все абсолютные правила соблюдены: нет повторных встреч и запрещённых пар, цвета в пределах, свободный тур не дважды.",
                ))
                .size(15)
                .color(theme::OK),
            );
        }
        container(
            column![
                text(format!(
                    "{} {} — {}",
                    lang.pick(
                        "Swiss pairing of round",
                        "Жеребьёвка по швейцарской системе, тур"
                    ),
                    self.proposal.round,
                    lang.pick("draft, not saved yet", "черновик, ещё не сохранён")
                ))
                .size(22),
                row![
                    button(text(if self.confirming {
                        lang.pick("Confirm and save", "Подтвердить и сохранить")
                    } else {
                        lang.pick("Save the pairings", "Сохранить пары")
                    }))
                    .on_press_maybe((!self.refused()).then_some(Message::Save)),
                    button(text(
                        lang.pick("Discard the draft", "Отказаться от проекта")
                    ))
                    .style(button::secondary)
                    .on_press(Message::Discard),
                ]
                .spacing(8),
                notes,
                row![
                    pick_list(choices.clone(), None::<Choice<PlayerId>>, |c| {
                        Message::Absent(c.value)
                    })
                    .placeholder(lang.pick(
                        "mark a player absent (or back)…",
                        "отметить отсутствующего (или вернуть)…"
                    )),
                    checkbox(self.options.accelerated)
                        .label(lang.pick(
                            "accelerated pairings (rounds 1–2)",
                            "ускоренная жеребьёвка (туры 1–2)"
                        ))
                        .on_toggle(Message::Accelerated),
                    text(match self.proposal.stored_acceleration {
                        0 => String::new(),
                        n => match lang {
                            Lang::En => format!("the event's virtual points (XXA): {n} players"),
                            Lang::Ru => format!("виртуальные очки события (XXA): {n} уч."),
                        },
                    }),
                ]
                .spacing(12)
                .align_y(iced::Alignment::Center),
                column(boards).spacing(4),
                text(lang.pick(
                    "Criteria, in the order they decide:",
                    "Критерии в порядке старшинства:"
                ))
                .size(16),
                column(
                    swiss::pair::CRITERIA
                        .iter()
                        .zip(swiss::pair::CRITERIA_RU)
                        .enumerate()
                        .map(
                            |(k, (en, ru))| text(format!("{}. {}", k + 1, lang.pick(en, ru)))
                                .size(14)
                                .into()
                        )
                )
                .spacing(2),
            ]
            .spacing(10),
        )
        .padding(10)
        .style(theme::panel)
        .into()
    }
}
