//! The Swiss pairing of the next round as a draft: the program's proposal with its reasons, which
//! the arbiter may change board by board (each absolute rule a change breaks is named at once)
//! before saving it into the event.

use iced::widget::{checkbox, column, row, text, Column, Row};
use iced::Element;

pub(super) mod panel;

use super::Action;
use crate::lang::Lang;
use crate::tournament::command::Command;
use crate::tournament::model::{PlayerId, Tournament};
use crate::tournament::registration;
use crate::tournament::swiss::{self, Options, Proposal};
use crate::ui::format::Choice;
use panel::Sides;

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
        // Where the event pairs only who has checked in, the others start out absent, as
        // `pair` leaves them (the draft paired everyone: the fifth trial).
        let absent = registration::left_out(t, round);
        Ok(State::with(
            t,
            Options {
                first_colour,
                absent,
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
        let choices: Vec<Choice<PlayerId>> = t
            .by_number()
            .into_iter()
            .map(|p| Choice {
                value: p.id,
                label: numbered(t, p.id),
            })
            .collect();
        let sides = Sides {
            choices: &choices,
            first: Message::White,
            second: Message::Black,
        };
        let boards = self.pairs.iter().enumerate().map(|(k, &(w, b))| {
            let why = self
                .proposal
                .pairings
                .get(k)
                .filter(|p| (p.white, p.black) == (w, b))
                .map(|p| p.reason(|id| numbered(t, id), lang))
                .unwrap_or_else(|| {
                    lang.pick("changed by the arbiter", "изменено судьёй")
                        .into()
                });
            sides.line(k, (w, b), why)
        });
        let save = if self.confirming {
            lang.pick("Confirm and save", "Подтвердить и сохранить")
        } else {
            lang.pick("Save the pairings", "Сохранить пары")
        };
        panel::panel(column![
            panel::title(
                lang.pick(
                    "Swiss pairing of round",
                    "Жеребьёвка по швейцарской системе, тур"
                ),
                self.proposal.round,
                lang
            ),
            panel::buttons(
                save,
                (!self.refused()).then_some(Message::Save),
                Message::Discard,
                lang
            ),
            self.notes(t, lang),
            self.options_line(&sides, lang),
            column(boards).spacing(4),
            text(lang.pick(
                "Criteria, in the order they decide:",
                "Критерии в порядке старшинства:"
            ))
            .size(16),
            criteria(lang),
        ])
    }

    /// The notes: the bye and why, the absent, the unpaired, the rules broken (and the
    /// confirmation they ask for), or that every rule holds.
    fn notes<'a>(&self, t: &Tournament, lang: Lang) -> Column<'a, Message> {
        let breaches = &self.breaches;
        let mut notes = column![].spacing(4);
        if let (Some(b), Some(why)) = (self.proposal.bye, self.proposal.bye_reason_in(lang)) {
            notes = notes.push(panel::note(format!(
                "{}: {} — {why}",
                lang.agree(
                    t.player(b).and_then(|p| p.sex),
                    "Bye",
                    ["Свободен", "Свободна", "Свободный тур"]
                ),
                numbered(t, b)
            )));
        }
        let unchecked = registration::left_out(t, self.proposal.round);
        for a in &self.proposal.absent {
            let why = match unchecked.contains(a) {
                true => format!(
                    " ({})",
                    lang.agree(
                        t.player(*a).and_then(|p| p.sex),
                        "not checked in",
                        [
                            "не отмечен на регистрации",
                            "не отмечена на регистрации",
                            "не отмечен(а) на регистрации"
                        ]
                    )
                ),
                false => String::new(),
            };
            notes = notes.push(panel::note(format!(
                "{}: {}{why}",
                lang.pick("Absent", "Отсутствует"),
                numbered(t, *a)
            )));
        }
        for u in &self.proposal.unpaired {
            notes = notes.push(panel::warning(format!(
                "{}: {}",
                lang.pick(
                    "No legal opponent left, pair by hand",
                    "Нет допустимого соперника, назначьте вручную"
                ),
                numbered(t, *u)
            )));
        }
        for b in breaches {
            let said = crate::lang::Russian::said(b, lang);
            notes = notes.push(panel::warning(format!("⚠ {said}")));
        }
        if self.confirming {
            notes = notes.push(panel::warning(lang.pick(
                "These pairs break the rules above: press “Confirm and save” to pair so (the changes and the rules broken go into the event's record), or change them.",
                "Эти пары нарушают правила выше: нажмите «Подтвердить и сохранить», чтобы спарить так (изменения и нарушения попадут в протокол турнира), или измените их.",
            )));
        }
        if breaches.is_empty() {
            notes = notes.push(panel::all_hold(lang.pick(
                "Every absolute rule holds: no rematch, no forbidden pair, colour limits, one bye per player.",
                "Все абсолютные правила соблюдены: нет повторных встреч и запрещённых пар, цвета в пределах, свободный тур не дважды.",
            )));
        }
        notes
    }

    /// What the proposal is made with: the absent players, the acceleration (and the event's
    /// own virtual points).
    fn options_line<'a>(&self, sides: &Sides<PlayerId, Message>, lang: Lang) -> Row<'a, Message> {
        row![
            sides.absent(
                Message::Absent,
                lang.pick(
                    "mark a player absent (or back)…",
                    "отметить отсутствующего (или вернуть)…"
                )
            ),
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
        .align_y(iced::Alignment::Center)
    }
}

/// A player by his number and name.
fn numbered(t: &Tournament, id: PlayerId) -> String {
    t.player(id).map(|p| p.numbered_name()).unwrap_or_default()
}

/// The pairing criteria, in the order they decide.
fn criteria<'a>(lang: Lang) -> Column<'a, Message> {
    column(
        swiss::pair::CRITERIA
            .iter()
            .zip(swiss::pair::CRITERIA_RU)
            .enumerate()
            .map(|(k, (en, ru))| {
                text(format!("{}. {}", k + 1, lang.pick(en, ru)))
                    .size(14)
                    .into()
            }),
    )
    .spacing(2)
}
