//! Rounds: the pairings of a round from the colour-order table, results typed game by game
//! (1, =, 0, +, −), extra micromatches after a tie, lock, and the journal with undo.

use iced::keyboard::{key::Named, Key};
use iced::widget::{button, column, container, row, scrollable, table, text};
use iced::{Element, Length};

use super::Action;
use crate::lang::Lang;
use crate::store::event::EventFile;
use crate::store::said as describe;
use crate::tournament::command::Command;
use crate::tournament::id::GameRef;
use crate::tournament::model::{GameResult, Pairing, System, Tournament};
use crate::tournament::system;
use crate::ui::theme;

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
    /// A forfeit typed and not yet confirmed: (board, slot, result). A forfeit is never
    /// recorded by one key (Shift+= is a slip for `=` away from one): its key again records it,
    /// any other key lets it go (issue 53).
    forfeit_asked: Option<(usize, usize, GameResult)>,
}

mod default_time;
mod knockout;

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
        }
        self.known_rounds = n;
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
        if !result.over_the_board()
            && result != GameResult::Pending
            && self.forfeit_asked != Some(asked)
        {
            self.forfeit_asked = Some(asked);
            return Action::None;
        }
        self.forfeit_asked = None;
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
        // Typing goes on to the next game, as on a paper sheet.
        if result != GameResult::Pending {
            self.step(t, 1);
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
        let (board, slot, result) = self.forfeit_asked?;
        let p = r.pairings.iter().find(|p| p.board == board)?;
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
        let asked = self.forfeit_asked.take();
        match key.as_ref() {
            Key::Named(Named::ArrowRight) | Key::Named(Named::Tab) => self.step(t, 1),
            Key::Named(Named::ArrowLeft) => self.step(t, -1),
            Key::Named(Named::ArrowDown) => self.step_board(t, 1),
            Key::Named(Named::ArrowUp) => self.step_board(t, -1),
            Key::Named(Named::Delete) | Key::Named(Named::Backspace) => {
                return self.set(GameResult::Pending, t)
            }
            Key::Character(c) => {
                let Some(result) = crate::ui::result_keys::result_of(c) else {
                    return Action::None;
                };
                self.forfeit_asked = asked;
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
            Message::PrintSheets => {
                let (Some(event), Some(round)) = (event, self.current(t)) else {
                    return Action::None;
                };
                let sheets = crate::report::scoresheet::sheets(t, round, lang);
                let title = format!(
                    "{} — {} {}",
                    t.settings.name,
                    lang.pick("round", "тур"),
                    round.number
                );
                let out =
                    crate::store::beside(event, &format!("round-{}-sheets.pdf", round.number));
                match crate::report::scoresheet::render(&title, &sheets) {
                    Ok(bytes) => Action::Write {
                        done: Some(format!(
                            "{} {}",
                            lang.pick("Score sheets written:", "Бланки записи записаны:"),
                            out.display()
                        )),
                        path: out,
                        bytes,
                    },
                    Err(e) => Action::error(e.to_string()),
                }
            }
            Message::PrintPairings => {
                let (Some(event), Some(round)) = (event, self.current(t)) else {
                    return Action::None;
                };
                let kind = crate::report::kind::Kind::Pairings;
                let out =
                    crate::store::beside(event, &kind.file_name(Some(round.number), "pdf", lang));
                let doc = kind.make(
                    t,
                    Some(round.number),
                    crate::tournament::norms::Table::shipped(),
                    lang,
                );
                match crate::report::pdf::render(&doc) {
                    Ok(bytes) => Action::Write {
                        done: Some(format!(
                            "{} {}",
                            lang.pick("Pairing list written:", "Список пар записан:"),
                            out.display()
                        )),
                        path: out,
                        bytes,
                    },
                    Err(e) => Action::error(e.to_string()),
                }
            }
            Message::Round(n) => {
                self.round = n.clamp(1, t.rounds.len().max(1));
                self.focus = self.first_open(t);
                self.forfeit_asked = None;
                self.line_up = Default::default();
                Action::None
            }
            Message::Focus(board, slot) => {
                self.focus = Some((board, slot));
                self.forfeit_asked = None;
                Action::None
            }
            Message::CancelForfeit => {
                self.forfeit_asked = None;
                Action::None
            }
            Message::Result(r) => self.set(r, t),
            Message::RecordForfeit(round, board, result) => {
                match default_time::record(t, round, board, result) {
                    Some(cmd) => Action::Apply(cmd),
                    None => Action::None,
                }
            }
            Message::ProposeSwiss if t.is_team_event() => {
                match super::team_draft::State::propose(t) {
                    Ok(d) => {
                        self.team_draft = Some(d);
                        Action::None
                    }
                    Err(e) => Action::error(e),
                }
            }
            Message::TeamDraft(m) => {
                match self.team_draft.as_mut().and_then(|d| d.update(m, t, lang)) {
                    Some(action) => {
                        self.team_draft = None;
                        action.map(Message::TeamDraft)
                    }
                    None => Action::None,
                }
            }
            Message::ProposeSwiss => match super::draft::State::propose(t) {
                Ok(d) => {
                    self.draft = Some(d);
                    Action::None
                }
                Err(e) => Action::error(e),
            },
            Message::LineUp(m) => match self.current(t) {
                Some(r) => self.line_up.update(m, t, r).map(Message::LineUp),
                None => Action::None,
            },
            Message::Draft(m) => match self.draft.as_mut().and_then(|d| d.update(m, t)) {
                Some(action) => {
                    self.draft = None;
                    action.map(Message::Draft)
                }
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

    /// `due`: the forfeits the default time proposes now (the session knows the hall's time).
    pub fn view<'a>(
        &'a self,
        file: &'a EventFile,
        due: &[crate::tournament::schedule::DefaultForfeit],
        lang: Lang,
    ) -> Element<'a, Message> {
        let t = &file.tournament;
        let total = t.planned_rounds();
        let of_total = total.map(|n| format!(" / {n}")).unwrap_or_default();
        let round = self.current(t);
        let mut bar = row![
            button(text("◀").size(20))
                .on_press_maybe((self.round > 1).then(|| Message::Round(self.round - 1))),
            // Before the first round there is no round 0 to show.
            text(if t.rounds.is_empty() {
                match total {
                    Some(n) => format!(
                        "{} {n}",
                        lang.pick(
                            "No round paired yet; rounds planned:",
                            "Туров ещё нет; запланировано:"
                        )
                    ),
                    None => lang
                        .pick("No round paired yet", "Туров ещё нет")
                        .to_string(),
                }
            } else {
                let stage = system::of(t)
                    .round_said(t, self.round, lang)
                    .map(|s| format!(" · {s}"))
                    .unwrap_or_default();
                format!(
                    "{} {}{of_total}{stage}",
                    lang.pick("Round", "Тур"),
                    self.round
                )
            })
            .size(26),
            button(text("▶").size(20)).on_press_maybe(
                (self.round < t.rounds.len()).then(|| Message::Round(self.round + 1))
            ),
        ]
        .spacing(10)
        .align_y(iced::Alignment::Center);
        // The next round: from the table in a round robin, proposed as a draft in a Swiss.
        let next = t.rounds.len() + 1;
        let next_due = t
            .rounds
            .last()
            .is_none_or(|r| r.finished(&t.settings.format))
            && total.is_none_or(|n| next <= n)
            && t.players.len() > 1
            && self.draft.is_none()
            && self.team_draft.is_none();
        if next_due {
            let (label, message) = if t.settings.system == System::Swiss {
                (
                    lang.pick("Swiss pairing of round", "Жеребьёвка тура"),
                    Message::ProposeSwiss,
                )
            } else {
                (lang.pick("Pair round", "Составить тур"), Message::PairNext)
            };
            bar = bar.push(button(text(format!("{label} {next}"))).on_press(message));
        }
        if let Some(r) = round {
            bar = bar.push(if r.locked {
                button(text(lang.pick("Unlock round", "Открыть тур")))
                    .style(button::secondary)
                    .on_press(Message::Lock(false))
            } else {
                button(text(lang.pick("Lock round", "Закрыть тур")))
                    .style(button::secondary)
                    .on_press(Message::Lock(true))
            });
        }
        bar = bar.push(
            button(text(lang.pick("Pairing list (PDF)", "Список пар (PDF)")))
                .style(button::secondary)
                .on_press_maybe(round.map(|_| Message::PrintPairings)),
        );
        bar = bar.push(
            button(text(lang.pick("Score sheets (PDF)", "Бланки записи (PDF)")))
                .style(button::secondary)
                .on_press_maybe(round.map(|_| Message::PrintSheets)),
        );
        bar = bar.push(
            button(text(lang.pick("Undo (Ctrl+Z)", "Отменить (Ctrl+Z)")))
                .style(button::danger)
                .on_press_maybe((!file.journal().is_empty()).then_some(Message::Undo)),
        );
        bar = bar.push(
            button(text(lang.pick("Redo (Ctrl+Y)", "Вернуть (Ctrl+Y)")))
                .style(button::secondary)
                .on_press_maybe(file.redoable().map(|_| Message::Redo)),
        );

        if let Some(d) = &self.team_draft {
            return scrollable(
                column![bar, d.view(t, lang).map(Message::TeamDraft)]
                    .spacing(16)
                    .padding([0, 4]),
            )
            .height(Length::Fill)
            .into();
        }
        if let Some(d) = &self.draft {
            return scrollable(
                column![bar, d.view(t, lang).map(Message::Draft)]
                    .spacing(16)
                    .padding([0, 4]),
            )
            .height(Length::Fill)
            .into();
        }
        let body: Element<'a, Message> = match round {
            None => text(lang.pick("No round is paired yet.", "Ни один тур ещё не составлен."))
                .size(20)
                .into(),
            Some(r) => {
                let name = |id| crate::ui::format::seated(t, id);
                let max_slots = r.pairings.iter().map(|p| slots(t, p)).max().unwrap_or(0);
                let games = t.settings.format.games.max(1) as usize;
                // In a micromatch the colours change every game: the columns name game 1's,
                // and each game's cell names its own White.
                let team = t.is_team_event();
                // A team event reads each board as its match does (the match protocol, the
                // match's score): the first team's player on the left, the score his first;
                // each game's cell names its White (issue 53: the screen read «0 : 2» from
                // White where the protocol read «2 : 0» for the same board).
                let left_of = move |p: &Pairing| {
                    if !team {
                        return p.white;
                    }
                    r.match_of_board(p.board)
                        .map_or(p.white, |(m, _)| t.player_for(p, m.home))
                };
                let right_of = move |p: &Pairing| p.opponent(left_of(p)).unwrap_or(p.black);
                let (left, right) = if team {
                    (
                        lang.pick("First team's player", "Игрок 1-й команды"),
                        lang.pick("Second team's player", "Игрок 2-й команды"),
                    )
                } else if games > 1 {
                    (
                        lang.pick("White in game 1", "Белые в 1-й партии"),
                        lang.pick("Black in game 1", "Чёрные в 1-й партии"),
                    )
                } else {
                    (lang.pick("White", "Белые"), lang.pick("Black", "Чёрные"))
                };
                let mut columns = vec![table::column(
                    text(lang.pick("Board", "Доска")),
                    move |p: &Pairing| board_cell(t, r.number, p.board, lang),
                )];
                // A team event: each board's match and its board in the match.
                if t.is_team_event() {
                    columns.push(table::column(
                        text(lang.pick("Match", "Матч")),
                        move |p: &Pairing| {
                            text(crate::ui::format::match_board(t, r, p.board)).size(18)
                        },
                    ));
                }
                columns.push(table::column(text(left), move |p: &Pairing| {
                    text(name(left_of(p))).size(18)
                }));
                columns.push(table::column(text(right), move |p: &Pairing| {
                    text(name(right_of(p))).size(18)
                }));
                if t.settings.format.ballot.is_some() {
                    columns.push(table::column(
                        text(lang.pick("Ballot", "Начало")),
                        |p: &Pairing| {
                            text(
                                p.ballot
                                    .as_ref()
                                    .map(|b| format!("{} {}", b.table.to_uppercase(), b.cell))
                                    .unwrap_or_else(|| "—".into()),
                            )
                            .size(18)
                        },
                    ));
                }
                for slot in 0..max_slots {
                    let header = if slot < games {
                        format!("{} {}", lang.pick("Game", "Партия"), slot + 1)
                    } else {
                        format!("{} {}", lang.pick("Extra", "Доп."), slot - games + 1)
                    };
                    let focus = self.focus;
                    columns.push(table::column(text(header), move |p: &Pairing| {
                        cell(t, p, slot, focus, games > 1 || team, lang)
                    }));
                }
                columns.push(table::column(
                    text(lang.pick("Score", "Счёт")),
                    move |p: &Pairing| {
                        let mut s = crate::report::score_from(t, p, left_of(p), lang);
                        if let Some(on) = knockout::goes_on(t, p, lang) {
                            s.push_str(&format!("  {on}"));
                        } else if let Some(winner) = p.extra_winner(games) {
                            s.push_str(&format!(
                                " ({} {})",
                                lang.pick("extra:", "доп.:"),
                                name(winner)
                            ));
                        }
                        text(s).size(18)
                    },
                ));
                let mut lines = column![].push(
                    t.is_team_event()
                        .then(|| text(crate::ui::format::match_scores(t, r, lang)).size(18)),
                );
                // Line-ups come before the games: above the boards until the first result, under
                // them while a match is still to start.
                let line_ups = (t.is_team_event() && super::line_up::State::any_open(r))
                    .then(|| self.line_up.view(t, r, lang).map(Message::LineUp));
                let started = r.pairings.iter().any(|p| p.scored());
                let (above, below) = if started {
                    (None, line_ups)
                } else {
                    (line_ups, None)
                };
                lines = lines.push(above);
                lines = lines.push(default_time::panel(t, r.number, due, lang));
                lines = lines.push(table(columns, r.pairings.iter()).padding_x(10).padding_y(6));
                lines = lines.push(team.then(|| {
                    text(lang.pick(
                        "A board's score: the first team's player's points first, as in the match protocol.",
                        "Счёт доски — первыми очки игрока 1-й команды, как в протоколе матча.",
                    ))
                    .size(15)
                }));
                lines = lines.push(below);
                if let Some(bye) = r.bye {
                    lines = lines.push(
                        text(format!(
                            "{}: {}",
                            lang.agree(
                                t.player(bye).and_then(|p| p.sex),
                                "Bye",
                                ["Свободен", "Свободна", "Свободный тур"]
                            ),
                            name(bye)
                        ))
                        .size(18),
                    );
                }
                // Only a knockout has a row here (an empty one would still take its spacing).
                lines = lines.push(
                    (t.settings.system == System::Knockout)
                        .then(|| knockout::below(t, r, &self.decide_reason, lang)),
                );
                if r.locked {
                    lines = lines.push(
                        text(lang.pick(
                            "The round is locked: unlock it to correct a result (journaled).",
                            "Тур закрыт: чтобы исправить результат, откройте его (записывается в журнал).",
                        ))
                        .size(16),
                    );
                }
                if let Some(asked) = self.forfeit_question(t, r, lang) {
                    lines = lines.push(asked);
                } else if let Some(hint) = self.focus_hint(t, r, lang) {
                    lines = lines.push(text(hint).size(18));
                }
                let results = crate::ui::result_keys::RESULT_KEYS
                    .iter()
                    .map(|(res, _)| *res)
                    .chain([GameResult::Pending]);
                let keys = results.map(|res| {
                    let (label, key) = match res {
                        GameResult::Pending => (lang.pick("clear", "стереть").to_string(), "Del"),
                        r => (r.symbol().to_string(), crate::ui::result_keys::key_of(r)),
                    };
                    button(text(format!("{label}  [{key}]")).size(18))
                        .on_press_maybe(
                            (self.focus.is_some() && !r.locked).then_some(Message::Result(res)),
                        )
                        .into()
                });
                lines = lines.push(row(keys).spacing(6));
                lines.spacing(12).into()
            }
        };

        let journal = file.journal().iter().rev().take(8).map(|e| {
            text(format!(
                "{}  {}  {}",
                e.seq,
                e.at.format("%H:%M:%S"),
                describe::entry(t, file.journal(), e, lang)
            ))
            .size(15)
            .into()
        });
        let journal = container(
            column![
                text(lang.pick("Journal (latest first)", "Журнал (последние сверху)")).size(18)
            ]
            .extend(journal)
            .spacing(4),
        )
        .padding(8)
        .width(Length::Fill)
        .style(theme::panel);
        scrollable(column![bar, body, journal].spacing(16).padding([0, 4]))
            .height(Length::Fill)
            .into()
    }
}

fn surname(t: &Tournament, id: crate::tournament::model::PlayerId) -> String {
    t.player(id).map(|p| p.surname.clone()).unwrap_or_default()
}

/// A game's cell: its result, and in a micromatch the surname of the game's White above it.
fn cell<'a>(
    t: &Tournament,
    p: &Pairing,
    slot: usize,
    focus: Option<(usize, usize)>,
    colours: bool,
    lang: Lang,
) -> Element<'a, Message> {
    if slot >= slots(t, p) {
        return text("").into();
    }
    let result = result_at(p, slot);
    let label = match result {
        GameResult::Pending => "·".to_string(),
        r => r.symbol().to_string(),
    };
    let focused = focus == Some((p.board, slot));
    let content: Element<'a, Message> = if colours {
        column![
            text(format!(
                "{} {}",
                lang.pick("W:", "Б:"),
                surname(t, p.white_of(slot))
            ))
            .size(13),
            text(label).size(20),
        ]
        .align_x(iced::Alignment::Center)
        .width(Length::Fixed(120.0))
        .into()
    } else {
        text(label)
            .size(20)
            .width(Length::Fixed(56.0))
            .center()
            .into()
    };
    button(content)
        .style(if focused {
            button::primary
        } else {
            button::secondary
        })
        .on_press(Message::Focus(p.board, slot))
        .into()
}

/// A board's number, with what sets its encounter apart beneath it (a knockout's final and its
/// match for third place are played side by side in the last round).
fn board_cell<'a>(t: &Tournament, round: usize, board: usize, lang: Lang) -> Element<'a, Message> {
    let said = system::of(t).encounter_said(t, round, board, lang);
    column![text(board).size(18)]
        .push(said.map(|s| text(s).size(13)))
        .into()
}
