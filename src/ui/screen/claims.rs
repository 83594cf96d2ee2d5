//! Claims: the game's record typed or pasted (moves or PDN), checked move by move; the first
//! illegal ply flagged with its legal alternatives; a threefold-repetition claim judged at any
//! ply with the occurrences listed; the draw counters. Starting a claim runs the claimant's
//! clock on the chosen board, as the codex says, until the arbiter resolves it.

use iced::widget::{button, column, container, pick_list, row, scrollable, text, text_input};
use std::path::{Path, PathBuf};

use iced::{Element, Length};

use super::score_sheet::{self, Editor, Outcome};
use super::Action;
use crate::lang::{Lang, Russian, Said};
use crate::rules::columns::after::AfterVerdict;
use crate::rules::columns::AnyVariant;
use crate::rules::{pdn, ClaimVerdict, Color};
use crate::tournament::command::Command;
use crate::tournament::id::GameRef;
use crate::tournament::model::{GameResult, Note, Tournament};
use crate::tournament::records;
use crate::ui::format::Choice;
use crate::ui::session::clocks::{Clocks, Request};
use crate::ui::theme;

#[derive(Default)]
pub struct State {
    /// The record typed, pasted or clicked, replayed as it stands.
    pub sheet: Editor,
    pub verdict: Option<Result<ClaimVerdict, Said>>,
    pub board: Option<usize>,
    pub claimant: Option<Color>,
    /// A column game: the board after a disputed move, as a FEN, and its verdict.
    pub after_fen: String,
    pub after: Option<Result<AfterVerdict, Said>>,
    /// Where the record is kept beside the event (`<event>.claim.pdn`), so a restart keeps the
    /// game the arbiter typed.
    kept_in: Option<PathBuf>,
    /// The game of the current round whose score sheet is opened or kept: (board, game).
    pub game: Option<(usize, usize)>,
    /// The arbiter was asked whether the verdict may replace the game's result: (board, game).
    asked: Option<(usize, usize)>,
}

/// The file beside an event that keeps the record typed on the Claims screen.
pub fn record_file(event: &Path) -> PathBuf {
    event.with_extension("claim.pdn")
}

#[derive(Clone, Debug)]
pub enum Message {
    /// The record: typed, checked, a ply shown, a move clicked on the board.
    Sheet(score_sheet::Message),
    ClaimRepetition,
    Board(usize),
    Claimant(Color),
    StartClaim,
    Resolve,
    /// Writes the verdict on the chosen board's pairing (and the draw on its game if it holds).
    Record,
    /// A column game: the board after the next move, typed as a FEN.
    AfterFen(String),
    /// Compares that board with the legal moves of the position shown.
    JudgeAfter,
    /// A game of the current round: (board, game).
    Game((usize, usize)),
    /// Its stored score sheet into the record field, from the game's start (the ballot's).
    OpenSheet,
    /// The record field kept as that game's score sheet (journaled; an illegal one too).
    KeepSheet,
}

impl State {
    /// The screen for an event at `path`, with the record kept from the last session (its
    /// bytes, read by the session).
    pub fn for_event(t: &Tournament, path: &Path, kept: Option<Vec<u8>>) -> State {
        let mut state = State {
            sheet: Editor::new(t.settings.variant, None),
            kept_in: Some(record_file(path)),
            ..State::default()
        };
        if let Some(bytes) = kept {
            state.sheet.set_text(&pdn::decode(&bytes));
        }
        state
    }

    /// Keeps the record as it now stands beside the event (quietly: no status line).
    fn keep(&self) -> Action<Message> {
        match &self.kept_in {
            Some(path) => Action::Write {
                path: path.clone(),
                bytes: self.sheet.record.text().into_bytes(),
                done: None,
            },
            None => Action::None,
        }
    }

    /// The stored sheet of game `game` with the verdict written after the ply shown, when the
    /// record in the field is that sheet (the same moves): else the plies could be another game's.
    fn sheet_comment(
        &self,
        t: &Tournament,
        round: &crate::tournament::model::Round,
        p: &crate::tournament::model::Pairing,
        game: usize,
        verdict: &str,
        lang: Lang,
    ) -> Option<String> {
        let stored = p.records.get(&game)?;
        let here = records::sheet_for(t, round, p, game, &self.sheet.record.text()).ok()?;
        if here.trim() != stored.trim() {
            return None;
        }
        let comment = format!("{}: {verdict}", lang.pick("Arbiter", "Судья"));
        records::annotated(t, round, p, game, self.sheet.ply, &comment)
    }

    /// Reads and replays the record as typed; a verdict on the record before goes.
    pub fn check(&mut self) {
        self.sheet.check();
        self.verdict = None;
    }

    pub fn update(
        &mut self,
        message: Message,
        clocks: &Clocks,
        t: Option<&Tournament>,
        lang: Lang,
    ) -> Action<Message> {
        match message {
            Message::Sheet(m) => self.on_sheet(m, lang),
            Message::AfterFen(f) => {
                self.after_fen = f;
                self.after = None;
                Action::None
            }
            Message::JudgeAfter => {
                if let Some(Ok(replay)) = &self.sheet.checked {
                    let ply = self.sheet.ply.min(replay.plies());
                    self.after = replay
                        .judge_after(ply, &self.after_fen)
                        .map(|r| r.map_err(|e| Said::new(e.to_string(), e.ru())));
                }
                Action::None
            }
            Message::Record => self.record(clocks, t, lang),
            Message::ClaimRepetition => {
                if let Some(Ok(replay)) = &self.sheet.checked {
                    self.verdict = Some(
                        replay
                            .claim(self.sheet.ply)
                            .map_err(|e| Said::new(e.to_string(), e.ru())),
                    );
                }
                Action::None
            }
            Message::Board(b) => {
                self.board = Some(b);
                Action::None
            }
            Message::Game(which) => {
                self.game = Some(which);
                Action::None
            }
            Message::OpenSheet => self.open_sheet(t, lang),
            Message::KeepSheet => self.keep_sheet(t, lang),
            Message::Claimant(c) => {
                self.claimant = Some(c);
                Action::None
            }
            Message::StartClaim => match (self.board, self.claimant) {
                (Some(board), Some(claimant)) if board < clocks.hall.boards().len() => {
                    Action::Clock(Request::Claim { board, claimant })
                }
                _ => Action::error(lang.pick(
                    "Choose the board and the claimant first",
                    "Сначала выберите доску и заявившего",
                )),
            },
            Message::Resolve => match self.board {
                Some(board) => Action::Clock(Request::Resolve(board)),
                None => Action::None,
            },
        }
    }

    /// The record's own message: typed, checked, a ply shown, a move clicked.
    fn on_sheet(&mut self, m: score_sheet::Message, lang: Lang) -> Action<Message> {
        // Another ply shown, or the record changed: the verdicts were on what was shown.
        if matches!(
            m,
            score_sheet::Message::Ply(_) | score_sheet::Message::Check
        ) {
            self.after = None;
            self.verdict = None;
        }
        match self.sheet.update(m, lang) {
            Outcome::None => Action::None,
            Outcome::Changed => self.keep(),
            Outcome::Refused(why) => Action::error(why),
            Outcome::Read(path) => Action::Read(
                path,
                Box::new(|b| Message::Sheet(score_sheet::Message::PdnRead(b))),
            ),
        }
    }

    /// The verdict written on the pairing of the board whose clock the claim ran on: a note,
    /// the game's score sheet annotated, and the draw when the claim holds.
    fn record(&mut self, clocks: &Clocks, t: Option<&Tournament>, lang: Lang) -> Action<Message> {
        let (Some(t), Some((round, game)), Some(board)) = (t, clocks.game, self.board) else {
            return Action::error(lang.pick(
                "Choose the board whose clock the claim ran on",
                "Выберите доску, на часах которой шла проверка",
            ));
        };
        let Some(Ok(v)) = self.verdict.clone() else {
            return Action::None;
        };
        let Some(number) = clocks.hall.boards().get(board).map(|b| b.key.0) else {
            return Action::None;
        };
        let Some(p) = t
            .rounds
            .iter()
            .find(|r| r.number == round)
            .and_then(|r| r.pairings.iter().find(|p| p.board == number))
        else {
            return Action::None;
        };
        let at = Claimed {
            round,
            board: number,
            game,
            p,
        };
        if let Some(question) = self.ask_to_replace(&at, &v, lang) {
            return Action::error(question);
        }
        self.asked = None;
        let commands = self.verdict_commands(t, &at, &v, lang);
        // Recorded once: the verdict goes, so a second press cannot write it twice.
        self.verdict = None;
        Action::Apply(Command::Batch { commands })
    }

    /// A draw by verdict replaces a result already entered only when the arbiter, told
    /// old → new for this game of the micromatch, presses again: the question, the first time.
    fn ask_to_replace(&mut self, at: &Claimed, v: &ClaimVerdict, lang: Lang) -> Option<String> {
        let (number, game) = (at.board, at.game);
        let old = at.p.result(game).unwrap_or(GameResult::Pending);
        if !v.valid
            || matches!(old, GameResult::Pending | GameResult::Draw)
            || self.asked == Some((number, game))
        {
            return None;
        }
        self.asked = Some((number, game));
        Some(format!(
            "{} {number}, {} {} {}: {} {} → {}. {}",
            lang.pick("Board", "Доска"),
            lang.pick("game", "партия"),
            game + 1,
            lang.pick("of the micromatch", "микроматча"),
            lang.pick("result", "результат"),
            old.symbol(),
            GameResult::Draw.symbol(),
            lang.pick(
                "Press «Record the verdict» again to replace it.",
                "Нажмите «Записать решение» ещё раз, чтобы заменить его."
            )
        ))
    }

    /// The changes that record the verdict: the pairing's note, the score sheet annotated
    /// (when the record here is that sheet), the draw when the claim holds.
    fn verdict_commands(
        &mut self,
        t: &Tournament,
        at: &Claimed,
        v: &ClaimVerdict,
        lang: Lang,
    ) -> Vec<Command> {
        let Claimed {
            round,
            board,
            game,
            p,
        } = *at;
        // Said in both languages: the chief report says it in its own.
        let verdict_in = |lang: Lang| {
            format!(
                "{} {} — {}: {}",
                lang.pick(
                    "threefold repetition claimed by",
                    "троекратное повторение заявили"
                ),
                claimant_named(t, p, game, v.claimant, lang),
                if v.valid {
                    lang.pick("valid, draw", "верно, ничья")
                } else {
                    lang.pick("not valid", "неверно")
                },
                lang.pick(&v.detail, &v.detail_ru)
            )
        };
        let mut notes = p.notes.clone();
        notes.push(Note::Both {
            en: format!("game {}: {}", game + 1, verdict_in(Lang::En)),
            ru: format!("партия {}: {}", game + 1, verdict_in(Lang::Ru)),
        });
        let mut cmds = vec![Command::SetNotes {
            round,
            board,
            notes,
        }];
        cmds.extend(self.annotate_sheet(t, at, &verdict_in(lang), lang));
        if v.valid {
            cmds.push(Command::SetResult {
                game: GameRef { round, board, game },
                result: GameResult::Draw,
            });
        }
        cmds
    }

    /// The verdict goes on the game's score sheet too, after the ply it was given on, when the
    /// record checked here is that sheet; the field then shows the sheet as now kept, at the
    /// same ply.
    fn annotate_sheet(
        &mut self,
        t: &Tournament,
        at: &Claimed,
        verdict: &str,
        lang: Lang,
    ) -> Option<Command> {
        let Claimed {
            round,
            board,
            game,
            p,
        } = *at;
        let r = t.rounds.iter().find(|r| r.number == round)?;
        let moves = self.sheet_comment(t, r, p, game, verdict, lang)?;
        let mut kept = p.clone();
        kept.records.insert(game, moves.clone());
        let ply = self.sheet.ply;
        self.sheet
            .set_text(&records::write(t, &records::game_pdn(t, r, &kept, game)));
        self.sheet.ply = ply;
        Some(Command::SetRecord {
            game: GameRef { round, board, game },
            moves: Some(moves),
        })
    }

    /// The chosen game's stored score sheet into the record field, from the game's start.
    fn open_sheet(&mut self, t: Option<&Tournament>, lang: Lang) -> Action<Message> {
        let found = t.zip(self.game).and_then(|(t, (board, game))| {
            let round = t.rounds.last()?;
            let p = round.pairings.iter().find(|p| p.board == board)?;
            Some(records::write(t, &records::game_pdn(t, round, p, game)))
        });
        let Some(sheet) = found else {
            return Action::error(lang.pick(
                "Choose the game whose score sheet to open",
                "Выберите партию, чей бланк открыть",
            ));
        };
        self.sheet.set_text(&sheet);
        self.verdict = None;
        self.keep()
    }

    /// The record field kept as the chosen game's score sheet (journaled; an illegal one too).
    fn keep_sheet(&self, t: Option<&Tournament>, lang: Lang) -> Action<Message> {
        let (Some(t), Some((board, game))) = (t, self.game) else {
            return Action::error(lang.pick(
                "Choose the game the score sheet belongs to",
                "Выберите партию, к которой относится бланк",
            ));
        };
        let Some(round) = t.rounds.last() else {
            return Action::None;
        };
        let Some(p) = round.pairings.iter().find(|p| p.board == board) else {
            return Action::None;
        };
        match records::sheet_for(t, round, p, game, &self.sheet.record.text()) {
            // Nothing written and nothing kept: no change to journal.
            Ok(moves) if moves.is_empty() && !p.records.contains_key(&game) => {
                Action::info(lang.pick(
                    "No moves in the record: there is no score sheet to keep",
                    "В записи нет ходов: сохранять нечего",
                ))
            }
            Ok(moves) => Action::Apply(Command::SetRecord {
                game: GameRef {
                    round: round.number,
                    board,
                    game,
                },
                moves: (!moves.is_empty()).then_some(moves),
            }),
            Err(e) => Action::error(e.get(lang).to_string()),
        }
    }

    pub fn view<'a>(
        &'a self,
        clocks: &'a Clocks,
        t: &'a Tournament,
        lang: Lang,
    ) -> Element<'a, Message> {
        let mut left = column![
            self.sheet.field(160.0, lang).map(Message::Sheet),
            self.sheet.pdn_field(lang).map(Message::Sheet),
            sheet_row(t, self.game, lang),
            row![
                button(text(lang.pick("Check the record", "Проверить запись")).size(18))
                    .on_press(Message::Sheet(score_sheet::Message::Check)),
                button(
                    text(lang.pick(
                        "Claim threefold repetition here",
                        "Заявить троекратное повторение здесь"
                    ))
                    .size(18)
                )
                .style(button::secondary)
                .on_press_maybe(
                    matches!(self.sheet.checked, Some(Ok(_))).then_some(Message::ClaimRepetition)
                ),
            ]
            .spacing(8),
        ]
        .spacing(10);
        if let Some(moves) = self.sheet.moves(lang) {
            left = left.push(moves.map(Message::Sheet));
        }
        for line in self.sheet.findings(lang) {
            left = left.push(line.map(Message::Sheet));
        }
        if matches!(self.sheet.variant, AnyVariant::Columns(_)) {
            left = left.extend(self.after_rows(lang));
        }
        left = left
            .push(self.verdict_line(t, lang))
            .push(self.clock_row(clocks, lang));
        let board = self.sheet.board().map(Message::Sheet);
        row![
            scrollable(left.padding([0, 8])).width(Length::FillPortion(3)),
            container(board)
                .width(Length::FillPortion(2))
                .height(Length::Fill),
        ]
        .spacing(12)
        .into()
    }

    /// A column game's board after a disputed move, typed as a FEN, and how it compares with
    /// the legal moves.
    fn after_rows<'a>(&'a self, lang: Lang) -> Vec<Element<'a, Message>> {
        let mut rows = vec![row![
            text_input(
                &after_placeholder(self.sheet.variant, lang),
                &self.after_fen
            )
            .on_input(Message::AfterFen)
            .on_submit(Message::JudgeAfter),
            button(text(lang.pick(
                "Compare with the legal moves",
                "Сравнить с возможными ходами"
            )))
            .style(button::secondary)
            .on_press_maybe(
                matches!(self.sheet.checked, Some(Ok(_))).then_some(Message::JudgeAfter)
            ),
        ]
        .spacing(8)
        .into()];
        if let Some(a) = &self.after {
            let (line, colour) = match a {
                Ok(v) if v.is_legal() => (v.describe(lang), theme::OK),
                Ok(v) => (v.describe(lang), theme::ERROR),
                Err(e) => (e.get(lang).to_string(), theme::ERROR),
            };
            rows.push(text(line).size(18).color(colour).into());
        }
        rows
    }

    /// The claim's verdict, once judged.
    fn verdict_line<'a>(&self, t: &Tournament, lang: Lang) -> Option<Element<'a, Message>> {
        let v = self.verdict.as_ref()?;
        // Whose claim it is: the side, and its player when the record is a game of the round.
        let by = |v: &ClaimVerdict| {
            let game = self.game.and_then(|(board, game)| {
                let p = t
                    .rounds
                    .last()?
                    .pairings
                    .iter()
                    .find(|p| p.board == board)?;
                Some(claimant_named(t, p, game, v.claimant, lang))
            });
            game.unwrap_or_else(|| v.claimant.said(lang).to_string())
        };
        let (line, colour) = match v {
            Ok(v) if v.valid => (
                format!(
                    "{} ({}): {}",
                    // The detail ends with the draw itself: said once.
                    lang.pick("CLAIM VALID", "ЗАЯВЛЕНИЕ ВЕРНО"),
                    by(v),
                    lang.pick(&v.detail, &v.detail_ru)
                ),
                theme::OK,
            ),
            Ok(v) => (
                format!(
                    "{} ({}): {}",
                    lang.pick("CLAIM NOT VALID", "ЗАЯВЛЕНИЕ НЕВЕРНО"),
                    by(v),
                    lang.pick(&v.detail, &v.detail_ru)
                ),
                theme::ERROR,
            ),
            Err(e) => (e.get(lang).to_string(), theme::ERROR),
        };
        Some(text(line).size(22).color(colour).into())
    }

    /// The clock the claim runs on: the board, the claimant, start, resolve, record.
    fn clock_row<'a>(&self, clocks: &Clocks, lang: Lang) -> Element<'a, Message> {
        let boards: Vec<Choice<usize>> = clocks
            .hall
            .boards()
            .iter()
            .enumerate()
            .map(|(i, b)| Choice {
                value: i,
                label: b.name(),
            })
            .collect();
        let chosen = self.board.and_then(|i| boards.get(i).cloned());
        let sides = crate::ui::format::sides(lang).to_vec();
        container(
            row![
                text(lang.pick("Clock of board", "Часы доски")).size(16),
                pick_list(boards, chosen, |c| Message::Board(c.value)),
                pick_list(
                    sides.clone(),
                    crate::ui::format::chosen(&sides, self.claimant),
                    |c| Message::Claimant(c.value)
                )
                .placeholder(lang.pick("claimant", "заявивший")),
                button(text(lang.pick("Start the claim", "Начать проверку")))
                    .on_press(Message::StartClaim),
                button(text(lang.pick("Resolve", "Решено")))
                    .style(button::secondary)
                    .on_press(Message::Resolve),
                button(text(lang.pick("Record the verdict", "Записать решение")))
                    .style(button::secondary)
                    .on_press_maybe(matches!(self.verdict, Some(Ok(_))).then_some(Message::Record)),
            ]
            .spacing(8)
            .align_y(iced::Alignment::Center),
        )
        .padding(8)
        .style(theme::panel)
        .into()
    }
}

/// The game a verdict is recorded on: its round, board number and game of the micromatch, and
/// its pairing.
#[derive(Clone, Copy)]
struct Claimed<'t> {
    round: usize,
    board: usize,
    game: usize,
    p: &'t crate::tournament::model::Pairing,
}

/// The claimant as the verdict names him: the side and the player who has it in that game of
/// the micromatch ("White, Ivanov Ivan").
fn claimant_named(
    t: &Tournament,
    p: &crate::tournament::model::Pairing,
    game: usize,
    side: Color,
    lang: Lang,
) -> String {
    let side_said = side.said(lang);
    match t.player(p.player_of(side, game)) {
        Some(player) => format!("{side_said}, {}", player.full_name()),
        None => side_said.to_string(),
    }
}

/// What the board-after field asks for, with an example in the variant's squares.
fn after_placeholder(variant: AnyVariant, lang: Lang) -> String {
    let example = match variant {
        AnyVariant::Columns(crate::rules::columns::ColumnVariant::Laska) => "B:W9,17(wb):B25",
        _ => "B:Wc3,e5(wb):Bh8",
    };
    format!(
        "{}: {example}",
        lang.pick(
            "The board after the next move, as a FEN",
            "Доска после следующего хода, FEN"
        )
    )
}

/// The games of the current round, to open a score sheet from or keep one as.
fn sheet_row<'a>(
    t: &'a Tournament,
    sheet: Option<(usize, usize)>,
    lang: Lang,
) -> Element<'a, Message> {
    let name = |id| t.player(id).map_or_else(String::new, |p| p.surname.clone());
    let choices: Vec<Choice<(usize, usize)>> = t
        .rounds
        .last()
        .map(|r| {
            r.pairings
                .iter()
                .flat_map(|p| {
                    (0..p.games.len() + p.extra.len()).map(move |g| Choice {
                        value: (p.board, g),
                        label: format!(
                            "{} {}, {} {}: {} – {}{}",
                            lang.pick("board", "доска"),
                            p.board,
                            lang.pick("game", "партия"),
                            g + 1,
                            name(p.white_of(g)),
                            name(p.white_of(g + 1)),
                            if p.records.contains_key(&g) {
                                " ✓"
                            } else {
                                ""
                            }
                        ),
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    let chosen = crate::ui::format::chosen(&choices, sheet);
    row![
        text(lang.pick("Score sheet", "Бланк записи")).size(16),
        // A fixed width: the tick of a kept sheet must not push the buttons onto two lines.
        pick_list(choices, chosen, |c| Message::Game(c.value))
            .placeholder(lang.pick("a game of this round", "партия этого тура"))
            .width(Length::Fixed(330.0)),
        button(text(lang.pick("Open", "Открыть")))
            .style(button::secondary)
            .on_press_maybe(sheet.map(|_| Message::OpenSheet)),
        button(text(lang.pick("Keep as its sheet", "Сохранить как бланк")))
            .style(button::secondary)
            .on_press_maybe(sheet.map(|_| Message::KeepSheet)),
    ]
    .spacing(8)
    .align_y(iced::Alignment::Center)
    .into()
}
