//! Rounds: the pairings of a round from the colour-order table, results typed game by game
//! (1, =, 0, +, −), extra micromatches after a tie, lock, and the journal with undo.

use iced::keyboard::{key::Named, Key};
use iced::widget::{button, column, row, text};
use iced::Element;

use super::Action;
use crate::lang::Lang;
use crate::tournament::command::Command;
use crate::tournament::id::GameRef;
use crate::tournament::model::{GameResult, Pairing, System, Tournament};

#[derive(Default)]
pub struct State {
    /// The round shown (from 1; 0 before any round is paired).
    pub round: usize,
    /// (board, slot): slot counts the micromatch's games, then its extra games.
    pub focus: Option<(usize, usize)>,
    known_rounds: usize,
    /// The next Swiss round, proposed and not saved yet.
    pub draft: Option<super::draft::State>,
    /// The next team Swiss round (C.04.6), proposed and not saved yet.
    pub team_draft: Option<super::team_draft::State>,
    /// A team round's line-ups being changed.
    line_up: super::line_up::State,
    /// The reason typed for the arbiter's decision of a tied knockout encounter.
    decide_reason: String,
    /// A result typed and not yet confirmed: (board, slot, result). A forfeit is never recorded
    /// by one key (Shift+= is a slip for `=` away from one, issue 53), nor a result typed over
    /// one recorded, or Delete on it (the focus may have moved onto a filled game without the
    /// arbiter looking): its key again records it, any other key lets it go.
    asked: Option<(usize, usize, GameResult)>,
    /// The game just typed: once the change is made, the focus goes on to the next game still
    /// without a result (a tie-break game the result made due included).
    advance_from: Option<(usize, usize)>,
}

mod default_time;
mod knockout;
mod print;
mod view;

#[derive(Clone, Debug)]
pub enum Message {
    Round(usize),
    Focus(usize, usize),
    Result(GameResult),
    PairNext,
    ProposeSwiss,
    Draft(super::draft::Message),
    TeamDraft(super::team_draft::Message),
    LineUp(super::line_up::Message),
    Lock(bool),
    Undo,
    Redo,
    /// The shown round's score sheets, to print: a PDF beside the event.
    PrintSheets,
    /// The shown round's pairing list in large type for the wall: a PDF beside the event.
    PrintPairings,
    /// A tied knockout encounter (board) goes on with this player, by the arbiter's decision.
    Decide(usize, crate::tournament::model::PlayerId),
    DecideReason(String),
    /// The forfeit asked about is not recorded.
    CancelForfeit,
    /// The forfeit the default time proposes, recorded by the arbiter's press: round, board,
    /// the result from the pairing's White.
    RecordForfeit(usize, usize, GameResult),
}

/// The question a result typed over a recorded one asks (or Delete on it): the board, the
/// game, the result that stands and the one typed, and how to replace it or let it go.
fn replace_question<'a>(
    t: &Tournament,
    (board, slot): (usize, usize),
    (recorded, typed): (GameResult, GameResult),
    lang: Lang,
) -> Element<'a, Message> {
    let key = crate::ui::result_keys::key_of(typed);
    let game = game_label(t, slot, lang);
    let (was, erase) = (recorded.symbol(), typed == GameResult::Pending);
    let question = match (lang, erase) {
        (Lang::En, false) => format!(
            "Board {board}, {game}: {was} is recorded — replace it with {}? Press {key} again to replace it; any other key cancels.",
            typed.symbol()
        ),
        (Lang::En, true) => format!(
            "Board {board}, {game}: {was} is recorded — erase it? Press {key} again to erase it; any other key cancels."
        ),
        (Lang::Ru, false) => format!(
            "Доска {board}, {game}: записано {was} — заменить на {}? Нажмите «{key}» ещё раз, чтобы заменить; любая другая клавиша — отмена.",
            typed.symbol()
        ),
        (Lang::Ru, true) => format!(
            "Доска {board}, {game}: записано {was} — стереть? Нажмите «{key}» ещё раз, чтобы стереть; любая другая клавиша — отмена."
        ),
    };
    let label = match erase {
        false => format!(
            "{} {}  [{key}]",
            lang.pick("Replace with", "Заменить на"),
            typed.symbol()
        ),
        true => format!(
            "{}  [{key}]",
            lang.pick("Erase the result", "Стереть результат")
        ),
    };
    let replace = button(text(label).size(18))
        .style(button::danger)
        .on_press(Message::Result(typed));
    let cancel =
        button(text(lang.pick("Cancel", "Отмена")).size(18)).on_press(Message::CancelForfeit);
    column![
        text(question).size(20).style(text::danger),
        row![replace, cancel].spacing(8)
    ]
    .spacing(6)
    .into()
}

/// A slot named as the arbiter counts it: «партия 2», or «доп. партия 1» after the micromatch.
fn game_label(t: &Tournament, slot: usize, lang: Lang) -> String {
    let games = t.settings.format.games.max(1) as usize;
    if slot < games {
        format!("{} {}", lang.pick("game", "партия"), slot + 1)
    } else {
        format!(
            "{} {}",
            lang.pick("extra game", "доп. партия"),
            slot - games + 1
        )
    }
}

/// Slots shown for a pairing: its games, then the extra games played or now due.
fn slots(t: &Tournament, p: &Pairing) -> usize {
    if t.settings.system == System::Knockout {
        return p.games.len() + knockout::extra_slots(t, p);
    }
    let per = t.settings.format.games.max(1) as usize;
    let mut extra = p.extra.len().div_ceil(per) * per;
    if p.extras_due(per, t.settings.format.extra_micromatches)
        && p.extra_micromatches(per).iter().all(|(_, done)| *done)
    {
        extra += per;
    }
    p.games.len() + extra
}

/// A slot's result; an extra game now due and not yet typed is pending.
fn result_at(p: &Pairing, slot: usize) -> GameResult {
    p.result(slot).unwrap_or(GameResult::Pending)
}

impl State {
    pub fn for_event(t: &Tournament) -> State {
        let mut s = State::default();
        s.follow(t);
        s
    }

    /// Keeps the shown round valid after a change; a newly paired round is shown at once.
    pub fn follow(&mut self, t: &Tournament) {
        let n = t.rounds.len();
        if n > self.known_rounds || self.round > n || self.round == 0 {
            self.round = n;
            self.focus = self.first_open(t);
            self.advance_from = None;
        }
        self.known_rounds = n;
        if let Some(from) = self.advance_from.take() {
            self.focus = self.next_open(t, from).or(self.focus);
        }
    }

    /// The first game after `from` still without a result, else the first before it; `None`
    /// when every game of the round has one.
    fn next_open(&self, t: &Tournament, from: (usize, usize)) -> Option<(usize, usize)> {
        let r = self.current(t)?;
        let all: Vec<((usize, usize), GameResult)> = r
            .pairings
            .iter()
            .flat_map(|p| (0..slots(t, p)).map(move |s| ((p.board, s), result_at(p, s))))
            .collect();
        let at = all.iter().position(|(cell, _)| *cell == from)?;
        let (before, after) = all.split_at(at + 1);
        after
            .iter()
            .chain(before)
            .find(|(_, r)| *r == GameResult::Pending)
            .map(|(cell, _)| *cell)
    }

    fn current<'a>(&self, t: &'a Tournament) -> Option<&'a crate::tournament::model::Round> {
        t.rounds.iter().find(|r| r.number == self.round)
    }

    /// The first game without a result, where the arbiter will type next.
    fn first_open(&self, t: &Tournament) -> Option<(usize, usize)> {
        let r = self.current(t)?;
        r.pairings
            .iter()
            .find_map(|p| {
                (0..slots(t, p))
                    .find(|&s| result_at(p, s) == GameResult::Pending)
                    .map(|s| (p.board, s))
            })
            .or(r.pairings.first().map(|p| (p.board, 0)))
    }

    fn set(&mut self, result: GameResult, t: &Tournament) -> Action<Message> {
        let Some((board, slot)) = self.focus else {
            return Action::None;
        };
        let Some(p) = self
            .current(t)
            .and_then(|r| r.pairings.iter().find(|p| p.board == board))
        else {
            return Action::None;
        };
        let asked = (board, slot, result);
        let forfeit = !result.over_the_board() && result != GameResult::Pending;
        let recorded = result_at(p, slot);
        let replaces = recorded != GameResult::Pending && recorded != result;
        if (forfeit || replaces) && self.asked != Some(asked) {
            self.asked = Some(asked);
            return Action::None;
        }
        self.asked = None;
        let cmd = if slot < p.games.len() {
            Command::SetResult {
                game: GameRef {
                    round: self.round,
                    board,
                    game: slot,
                },
                result,
            }
        } else {
            Command::SetExtraResult {
                round: self.round,
                board,
                game: slot - p.games.len(),
                result,
            }
        };
        // Typing goes on to the next game without a result, as on a paper sheet: found once
        // the change is made (`follow`), so that a tie-break game it made due is the next.
        if result != GameResult::Pending {
            self.advance_from = Some((board, slot));
        }
        Action::Apply(cmd)
    }

    /// What the keys do in the game being typed: who has White there and who wins on `1`/`0`
    /// (in a micromatch the second game's White is the pairing's Black).
    fn focus_hint(
        &self,
        t: &Tournament,
        r: &crate::tournament::model::Round,
        lang: Lang,
    ) -> Option<String> {
        let (board, slot) = self.focus?;
        let p = r.pairings.iter().find(|p| p.board == board)?;
        let white = p.white_of(slot);
        let black = p.player_of(crate::rules::Color::Black, slot);
        let game = game_label(t, slot, lang);
        let (w, b) = (surname(t, white), surname(t, black));
        // «1 — Петрова выиграла»; a player of unknown sex: «1 — победа: Петрова».
        let wins = |id, name: &str| {
            let sex = t.player(id).and_then(|p| p.sex);
            match (lang, sex) {
                (Lang::Ru, None) => format!("победа: {name}"),
                _ => format!(
                    "{name} {}",
                    lang.agree(sex, "wins", ["выиграл", "выиграла", ""])
                ),
            }
        };
        Some(format!(
            "{} {board}, {game}: {} — {w}, {} — {b}.  1 — {}, 0 — {}, = {}",
            lang.pick("Board", "Доска"),
            lang.pick("White", "белые"),
            lang.pick("Black", "чёрные"),
            wins(white, &w),
            wins(black, &b),
            lang.pick("draw", "ничья"),
        ))
    }

    /// The question a typed forfeit asks before it is recorded: the board, the game, who is
    /// absent, and how to record it or let it go.
    fn forfeit_question<'a>(
        &self,
        t: &Tournament,
        r: &crate::tournament::model::Round,
        lang: Lang,
    ) -> Option<Element<'a, Message>> {
        let (board, slot, result) = self.asked?;
        let p = r.pairings.iter().find(|p| p.board == board)?;
        let recorded = result_at(p, slot);
        if recorded != GameResult::Pending && recorded != result {
            return Some(replace_question(t, (board, slot), (recorded, result), lang));
        }
        let white = p.white_of(slot);
        let black = p.player_of(crate::rules::Color::Black, slot);
        // «отсутствует» agrees with no gender: one form for a man, a woman and both players.
        let absent = match result {
            GameResult::WhiteByForfeit => {
                format!(
                    "{} {}",
                    lang.pick("absent:", "отсутствует:"),
                    surname(t, black)
                )
            }
            GameResult::BlackByForfeit => {
                format!(
                    "{} {}",
                    lang.pick("absent:", "отсутствует:"),
                    surname(t, white)
                )
            }
            _ => format!(
                "{} {}, {}",
                lang.pick("absent:", "отсутствуют:"),
                surname(t, white),
                surname(t, black)
            ),
        };
        let key = crate::ui::result_keys::key_of(result);
        let game = game_label(t, slot, lang);
        let question = format!(
            "{} {board}, {game}: {} {} — {absent}?  {}",
            lang.pick("Board", "Доска"),
            lang.pick("record a forfeit", "записать неявку"),
            result.symbol(),
            match lang {
                Lang::En => format!("Press {key} again to record it; any other key cancels."),
                Lang::Ru => format!(
                    "Нажмите «{key}» ещё раз, чтобы записать; любая другая клавиша — отмена."
                ),
            }
        );
        let record = button(
            text(format!(
                "{} {}  [{key}]",
                lang.pick("Record the forfeit", "Записать неявку"),
                result.symbol()
            ))
            .size(18),
        )
        .style(button::danger)
        .on_press(Message::Result(result));
        let cancel =
            button(text(lang.pick("Cancel", "Отмена")).size(18)).on_press(Message::CancelForfeit);
        Some(
            column![
                text(question).size(20).style(text::danger),
                row![record, cancel].spacing(8)
            ]
            .spacing(6)
            .into(),
        )
    }

    /// Moves the focus by `by` games through the round (boards in order).
    fn step(&mut self, t: &Tournament, by: isize) {
        let Some(r) = self.current(t) else { return };
        let all: Vec<(usize, usize)> = r
            .pairings
            .iter()
            .flat_map(|p| (0..slots(t, p)).map(move |s| (p.board, s)))
            .collect();
        let Some(i) = self.focus.and_then(|f| all.iter().position(|x| *x == f)) else {
            self.focus = all.first().copied();
            return;
        };
        let j = (i as isize + by).clamp(0, all.len() as isize - 1) as usize;
        self.focus = Some(all[j]);
    }

    fn step_board(&mut self, t: &Tournament, by: isize) {
        let Some(r) = self.current(t) else { return };
        let Some((board, slot)) = self.focus else {
            self.focus = self.first_open(t);
            return;
        };
        let i = r
            .pairings
            .iter()
            .position(|p| p.board == board)
            .unwrap_or(0);
        let j = (i as isize + by).clamp(0, r.pairings.len() as isize - 1) as usize;
        let p = &r.pairings[j];
        self.focus = Some((p.board, slot.min(slots(t, p) - 1)));
    }

    pub fn key(&mut self, key: &Key, t: Option<&Tournament>) -> Action<Message> {
        let Some(t) = t else { return Action::None };
        // A modifier pressed on its own is part of the next key (Shift before `+`), not a key:
        // it must not let the forfeit asked about go (found in the real window, where Shift's
        // own press arrives before each `+`).
        if matches!(
            key.as_ref(),
            Key::Named(
                Named::Shift
                    | Named::Control
                    | Named::Alt
                    | Named::AltGraph
                    | Named::Super
                    | Named::Meta
                    | Named::CapsLock
                    | Named::NumLock
                    | Named::Fn
            )
        ) {
            return Action::None;
        }
        // A forfeit asked about is confirmed by its own key again; any other key lets it go.
        let asked = self.asked.take();
        match key.as_ref() {
            Key::Named(Named::ArrowRight) | Key::Named(Named::Tab) => self.step(t, 1),
            Key::Named(Named::ArrowLeft) => self.step(t, -1),
            Key::Named(Named::ArrowDown) => self.step_board(t, 1),
            Key::Named(Named::ArrowUp) => self.step_board(t, -1),
            Key::Named(Named::Delete) | Key::Named(Named::Backspace) => {
                self.asked = asked;
                return self.set(GameResult::Pending, t);
            }
            Key::Character(c) => {
                let Some(result) = crate::ui::result_keys::result_of(c) else {
                    return Action::None;
                };
                self.asked = asked;
                return self.set(result, t);
            }
            _ => {}
        }
        Action::None
    }

    /// `event`: the event file's path (the score sheets are written beside it).
    pub fn update(
        &mut self,
        message: Message,
        t: Option<&Tournament>,
        event: Option<&std::path::Path>,
        lang: Lang,
    ) -> Action<Message> {
        let Some(t) = t else { return Action::None };
        match message {
            Message::PrintSheets => match (event, self.current(t)) {
                (Some(event), Some(round)) => print::score_sheets(t, round, event, lang),
                _ => Action::None,
            },
            Message::PrintPairings => match (event, self.current(t)) {
                (Some(event), Some(round)) => print::pairing_list(t, round, event, lang),
                _ => Action::None,
            },
            Message::Round(n) => {
                self.round = n.clamp(1, t.rounds.len().max(1));
                self.focus = self.first_open(t);
                self.asked = None;
                self.line_up = Default::default();
                Action::None
            }
            Message::Focus(board, slot) => {
                self.focus = Some((board, slot));
                self.asked = None;
                Action::None
            }
            Message::CancelForfeit => {
                self.asked = None;
                Action::None
            }
            Message::Result(r) => self.set(r, t),
            Message::RecordForfeit(round, board, result) => {
                match default_time::record(t, round, board, result) {
                    Some(cmd) => Action::Apply(cmd),
                    None => Action::None,
                }
            }
            Message::ProposeSwiss => self.propose_swiss(t),
            Message::TeamDraft(m) => self.on_team_draft(m, t, lang),
            Message::Draft(m) => self.on_draft(m, t),
            Message::LineUp(m) => match self.current(t) {
                Some(r) => self.line_up.update(m, t, r).map(Message::LineUp),
                None => Action::None,
            },
            // Every system but the Swiss (whose draft is above) pairs by its own unit.
            Message::PairNext => {
                match crate::tournament::system::of(t).propose(t, t.rounds.len() + 1) {
                    Ok(draft) => Action::Apply(draft.command),
                    Err(e) => Action::error(crate::lang::Russian::said(&e, lang)),
                }
            }
            Message::DecideReason(text) => {
                self.decide_reason = text;
                Action::None
            }
            Message::Decide(board, winner) => {
                let reason = std::mem::take(&mut self.decide_reason);
                Action::Apply(Command::Decide {
                    round: self.round,
                    board,
                    decision: Some(crate::tournament::model::Decision {
                        winner,
                        reason: reason.trim().to_string(),
                    }),
                })
            }
            Message::Lock(true) => Action::Apply(Command::LockRound { round: self.round }),
            Message::Lock(false) => Action::Apply(Command::UnlockRound { round: self.round }),
            Message::Undo => Action::Undo,
            Message::Redo => Action::Redo,
        }
    }

    /// The next Swiss round proposed as a draft: of teams (C.04.6) in a team event.
    fn propose_swiss(&mut self, t: &Tournament) -> Action<Message> {
        if t.is_team_event() {
            return match super::team_draft::State::propose(t) {
                Ok(d) => {
                    self.team_draft = Some(d);
                    Action::None
                }
                Err(e) => Action::error(e),
            };
        }
        match super::draft::State::propose(t) {
            Ok(d) => {
                self.draft = Some(d);
                Action::None
            }
            Err(e) => Action::error(e),
        }
    }

    /// The team draft's own message; the draft goes once it is saved or given up.
    fn on_team_draft(
        &mut self,
        m: super::team_draft::Message,
        t: &Tournament,
        lang: Lang,
    ) -> Action<Message> {
        match self.team_draft.as_mut().and_then(|d| d.update(m, t, lang)) {
            Some(action) => {
                self.team_draft = None;
                action.map(Message::TeamDraft)
            }
            None => Action::None,
        }
    }

    /// The Swiss draft's own message; the draft goes once it is saved or given up.
    fn on_draft(&mut self, m: super::draft::Message, t: &Tournament) -> Action<Message> {
        match self.draft.as_mut().and_then(|d| d.update(m, t)) {
            Some(action) => {
                self.draft = None;
                action.map(Message::Draft)
            }
            None => Action::None,
        }
    }
}

fn surname(t: &Tournament, id: crate::tournament::model::PlayerId) -> String {
    t.player(id).map(|p| p.surname.clone()).unwrap_or_default()
}
