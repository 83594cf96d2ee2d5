//! Claims: the game's record typed or pasted (moves or PDN), checked move by move; the first
//! illegal ply flagged with its legal alternatives; a threefold-repetition claim judged at any
//! ply with the occurrences listed; the draw counters. Starting a claim runs the claimant's
//! clock on the chosen board, as the codex says, until the arbiter resolves it.

use iced::widget::{
    button, column, container, pick_list, row, scrollable, text, text_editor, text_input,
};
use std::path::{Path, PathBuf};

use iced::{Element, Length};

use super::Action;
use crate::lang::{Lang, Russian, Said};
use crate::rules::any::{fitting, AnyReplay};
use crate::rules::columns::after::AfterVerdict;
use crate::rules::columns::AnyVariant;
use crate::rules::{pdn, ClaimVerdict, Color, Variant};
use crate::tournament::command::Command;
use crate::tournament::model::{GameResult, Tournament};
use crate::tournament::records;
use crate::ui::format::Choice;
use crate::ui::session::clocks::{Clocks, Request};
use crate::ui::{theme, widget};

pub struct State {
    pub record: text_editor::Content,
    /// The event's variant, of either engine: the record is replayed by its engine.
    variant: AnyVariant,
    /// The record as checked: its replay, or why it could not be read.
    pub checked: Option<Result<AnyReplay, Said>>,
    /// The ply whose position is shown (0: the start).
    pub ply: usize,
    pub verdict: Option<Result<ClaimVerdict, Said>>,
    pub board: Option<usize>,
    pub claimant: Option<Color>,
    pub pdn_path: String,
    /// A column game: the board after a disputed move, as a FEN, and its verdict.
    pub after_fen: String,
    pub after: Option<Result<AfterVerdict, Said>>,
    /// Squares clicked so far for a move being entered on the board: the piece, then landings.
    pub clicks: Vec<u8>,
    /// Where the record is kept beside the event (`<event>.claim.pdn`), so a restart keeps the
    /// game the arbiter typed.
    kept_in: Option<PathBuf>,
    /// The game of the current round whose score sheet is opened or kept: (board, game).
    pub sheet: Option<(usize, usize)>,
}

/// The file beside an event that keeps the record typed on the Claims screen.
pub fn record_file(event: &Path) -> PathBuf {
    event.with_extension("claim.pdn")
}

impl Default for State {
    fn default() -> State {
        State {
            record: text_editor::Content::new(),
            variant: AnyVariant::Plain(Variant::Russian),
            checked: None,
            ply: 0,
            verdict: None,
            board: None,
            claimant: None,
            pdn_path: String::new(),
            clicks: Vec::new(),
            after_fen: String::new(),
            after: None,
            kept_in: None,
            sheet: None,
        }
    }
}

#[derive(Clone, Debug)]
pub enum Message {
    Edit(text_editor::Action),
    Check,
    Ply(usize),
    ClaimRepetition,
    Board(usize),
    Claimant(Color),
    StartClaim,
    Resolve,
    /// Writes the verdict on the chosen board's pairing (and the draw on its game if it holds).
    Record,
    PdnPath(String),
    LoadPdn,
    /// The PDN file's bytes, read by the session.
    PdnRead(Vec<u8>),
    /// A column game: the board after the next move, typed as a FEN.
    AfterFen(String),
    /// Compares that board with the legal moves of the position shown.
    JudgeAfter,
    /// A game of the current round: (board, game).
    Sheet((usize, usize)),
    /// Its stored score sheet into the record field, from the game's start (the ballot's).
    OpenSheet,
    /// The record field kept as that game's score sheet (journaled; an illegal one too).
    KeepSheet,
    /// A square clicked on the board (the engine's number of it): the first picks the piece, the
    /// next ones are its landings.
    Square(u8),
}

impl State {
    /// The screen for an event at `path`, with the record kept from the last session (its
    /// bytes, read by the session).
    pub fn for_event(t: &Tournament, path: &Path, kept: Option<Vec<u8>>) -> State {
        let mut state = State {
            variant: t.settings.variant,
            kept_in: Some(record_file(path)),
            ..State::default()
        };
        if let Some(bytes) = kept {
            state.record = text_editor::Content::with_text(&pdn::decode(&bytes));
            state.check();
        }
        state
    }

    /// Keeps the record as it now stands beside the event (quietly: no status line).
    fn keep(&self) -> Action<Message> {
        match &self.kept_in {
            Some(path) => Action::Write {
                path: path.clone(),
                bytes: self.record.text().into_bytes(),
                done: None,
            },
            None => Action::None,
        }
    }

    /// Reads and replays the record as typed.
    pub fn check(&mut self) {
        let text = self.record.text();
        if text.trim().is_empty() {
            // Nothing written yet: the game from its start, ready for moves clicked on the board.
            self.checked = Some(Ok(AnyReplay::start(self.variant)));
            self.ply = 0;
            self.verdict = None;
            return;
        }
        let result = pdn::read(&text)
            .map_err(|e| Said::new(format!("record: {e}"), format!("запись: {}", e.ru())))
            .and_then(|games| {
                let g = games
                    .first()
                    .ok_or_else(|| Said::new("the record has no moves", "в записи нет ходов"))?;
                AnyReplay::read(g, self.variant).map_err(|e| Said::new(e.to_string(), e.ru()))
            });
        self.clicks.clear();
        self.ply = match &result {
            Ok(r) => r.plies(),
            Err(_) => 0,
        };
        self.checked = Some(result);
        self.verdict = None;
    }

    /// A square clicked on the board. The first click picks a piece (a column's top) of the side
    /// to move; the next ones are where it lands. A move is played when the squares clicked fit
    /// exactly one legal move ending on the last of them; where several captures end there, the
    /// landings on the way tell them apart. Moves are added only at the end of a legal record.
    fn click(&mut self, id: u8, lang: Lang) -> Action<Message> {
        if self.checked.is_none() {
            self.check();
        }
        let Some(Ok(replay)) = &self.checked else {
            return Action::None;
        };
        if replay.first_illegal().is_some() || self.ply != replay.plies() {
            self.clicks.clear();
            return Action::error(lang.pick(
                "Moves are added by clicking at the end of a legal record",
                "Ходы щелчком добавляются в конец записи без невозможных ходов",
            ));
        }
        if self.clicks.is_empty() {
            if replay.own(id) {
                self.clicks.push(id);
            }
            return Action::None;
        }
        let entries = replay.entries();
        let mut clicks = self.clicks.clone();
        clicks.push(id);
        let fits = fitting(&entries, &clicks);
        let mut ending: Vec<&str> = fits
            .iter()
            .filter(|e| e.route.len() > 1 && e.route.last() == Some(&id))
            .map(|e| e.written.as_str())
            .collect();
        ending.dedup();
        // Squares are named only in a refusal.
        let ply = self.ply;
        let name = |id: u8| {
            replay
                .diagram(ply)
                .spot(id)
                .map(|s| s.name.clone())
                .unwrap_or_default()
        };
        match ending.as_slice() {
            [written] => {
                let written = written.to_string();
                self.clicks.clear();
                self.append(&written);
                self.check();
                self.keep()
            }
            [_, _, ..] => {
                // Keep the piece: the landings on the way, then this square again, decide.
                self.clicks.truncate(1);
                Action::error(format!(
                    "{} {} → {}: {}",
                    lang.pick("Several captures", "Несколько взятий"),
                    name(clicks[0]),
                    name(id),
                    lang.pick(
                        "click the squares the piece lands on, in order, then the last one",
                        "щёлкните поля, на которые шашка встаёт по пути, по порядку, затем последнее"
                    )
                ))
            }
            [] if !fits.is_empty() => {
                // A landing on the way of a capture: wait for the rest.
                self.clicks = clicks;
                Action::None
            }
            [] if replay.own(id) => {
                // Another piece of the side to move: pick it instead.
                self.clicks = vec![id];
                Action::None
            }
            [] => {
                self.clicks.clear();
                // When a capture is compulsory, say so and which: the usual reason a move is
                // refused.
                let captures: Vec<&str> = entries
                    .iter()
                    .filter(|e| e.capture)
                    .map(|e| e.written.as_str())
                    .collect();
                let compulsory = if captures.is_empty() {
                    String::new()
                } else {
                    format!(
                        " — {}: {}",
                        lang.pick("a capture is compulsory", "взятие обязательно"),
                        captures.join(", ")
                    )
                };
                Action::error(format!(
                    "{} {}{compulsory}",
                    lang.pick("No legal move", "Нет возможного хода"),
                    clicks
                        .iter()
                        .map(|&s| name(s))
                        .collect::<Vec<_>>()
                        .join(" → ")
                ))
            }
        }
    }

    /// Writes a move at the end of the record, numbered as the score sheet numbers it.
    fn append(&mut self, written: &str) {
        let Some(Ok(replay)) = &self.checked else {
            return;
        };
        let offset = replay.offset();
        let ply = replay.plies();
        // Before the result marker a loaded or opened game ends with (`*` while it is played):
        // after it, the move would start a game of its own and be lost to the check.
        let whole = self.record.text();
        let (before, result) = pdn::without_result(&whole);
        let mut text = before.to_string();
        if (ply + offset) % 2 == 0 {
            text.push_str(&format!(" {}. {written}", (ply + offset) / 2 + 1));
        } else if ply == 0 {
            text.push_str(&format!(" 1... {written}"));
        } else {
            text.push_str(&format!(" {written}"));
        }
        if let Some(r) = result {
            text.push_str(&format!(" {r}"));
        }
        self.record = text_editor::Content::with_text(text.trim_start());
    }

    pub fn update(
        &mut self,
        message: Message,
        clocks: &Clocks,
        t: Option<&Tournament>,
        lang: Lang,
    ) -> Action<Message> {
        match message {
            Message::Square(sq) => self.click(sq, lang),
            Message::AfterFen(f) => {
                self.after_fen = f;
                self.after = None;
                Action::None
            }
            Message::JudgeAfter => {
                if let Some(Ok(replay)) = &self.checked {
                    let ply = self.ply.min(replay.plies());
                    self.after = replay
                        .judge_after(ply, &self.after_fen)
                        .map(|r| r.map_err(|e| Said::new(e.to_string(), e.ru())));
                }
                Action::None
            }
            Message::PdnPath(p) => {
                self.pdn_path = p;
                Action::None
            }
            Message::LoadPdn => {
                let path = PathBuf::from(self.pdn_path.trim());
                Action::Read(path, Box::new(Message::PdnRead))
            }
            Message::PdnRead(bytes) => {
                self.record = text_editor::Content::with_text(&pdn::decode(&bytes));
                self.check();
                self.keep()
            }
            Message::Record => {
                let (Some(t), Some((round, game)), Some(board)) = (t, clocks.game, self.board)
                else {
                    return Action::error(lang.pick(
                        "Choose the board whose clock the claim ran on",
                        "Выберите доску, на часах которой шла проверка",
                    ));
                };
                let Some(Ok(v)) = &self.verdict else {
                    return Action::None;
                };
                let Some(number) = clocks
                    .hall
                    .boards()
                    .get(board)
                    .and_then(|b| b.name.parse::<usize>().ok())
                else {
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
                let mut notes = p.notes.clone();
                notes.push(format!(
                    "{} {}: {} ({}) — {}",
                    lang.pick("game", "партия"),
                    game + 1,
                    lang.pick(
                        "threefold repetition claimed by",
                        "троекратное повторение заявили"
                    ),
                    v.claimant.said(lang),
                    if v.valid {
                        format!(
                            "{}: {}",
                            lang.pick("valid, draw", "верно, ничья"),
                            lang.pick(&v.detail, &v.detail_ru)
                        )
                    } else {
                        format!(
                            "{}: {}",
                            lang.pick("not valid", "неверно"),
                            lang.pick(&v.detail, &v.detail_ru)
                        )
                    }
                ));
                let mut cmds = vec![Command::SetNotes {
                    round,
                    board: number,
                    notes,
                }];
                if v.valid {
                    cmds.push(Command::SetResult {
                        round,
                        board: number,
                        game,
                        result: GameResult::Draw,
                    });
                }
                Action::Apply(Command::Batch { commands: cmds })
            }
            Message::Edit(action) => {
                let edit = action.is_edit();
                self.record.perform(action);
                if edit {
                    self.keep()
                } else {
                    Action::None
                }
            }
            Message::Check => {
                self.check();
                Action::None
            }
            Message::Ply(p) => {
                self.ply = p;
                self.clicks.clear();
                self.after = None;
                self.verdict = None;
                Action::None
            }
            Message::ClaimRepetition => {
                if let Some(Ok(replay)) = &self.checked {
                    self.verdict = Some(
                        replay
                            .claim(self.ply)
                            .map_err(|e| Said::new(e.to_string(), e.ru())),
                    );
                }
                Action::None
            }
            Message::Board(b) => {
                self.board = Some(b);
                Action::None
            }
            Message::Sheet(which) => {
                self.sheet = Some(which);
                Action::None
            }
            Message::OpenSheet => {
                let found = t.zip(self.sheet).and_then(|(t, (board, game))| {
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
                self.record = text_editor::Content::with_text(&sheet);
                self.check();
                self.keep()
            }
            Message::KeepSheet => {
                let (Some(t), Some((board, game))) = (t, self.sheet) else {
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
                match records::sheet_for(t, round, p, game, &self.record.text()) {
                    // Nothing written and nothing kept: no change to journal.
                    Ok(moves) if moves.is_empty() && !p.records.contains_key(&game) => {
                        Action::info(lang.pick(
                            "No moves in the record: there is no score sheet to keep",
                            "В записи нет ходов: сохранять нечего",
                        ))
                    }
                    Ok(moves) => Action::Apply(Command::SetRecord {
                        round: round.number,
                        board,
                        game,
                        moves: (!moves.is_empty()).then_some(moves),
                    }),
                    Err(e) => Action::error(e.get(lang).to_string()),
                }
            }
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

    pub fn view<'a>(
        &'a self,
        clocks: &'a Clocks,
        t: &'a Tournament,
        lang: Lang,
    ) -> Element<'a, Message> {
        let editor = text_editor(&self.record)
            .placeholder(placeholder(self.variant, lang))
            .on_action(Message::Edit)
            .height(Length::Fixed(160.0))
            .size(18);
        let mut left = column![
            editor,
            row![
                text_input(
                    lang.pick("or a PDN file to load", "или файл PDN"),
                    &self.pdn_path
                )
                .on_input(Message::PdnPath)
                .on_submit(Message::LoadPdn),
                button(text(lang.pick("Load", "Загрузить")))
                    .style(button::secondary)
                    .on_press(Message::LoadPdn),
            ]
            .spacing(8),
            sheet_row(t, self.sheet, lang),
            row![
                button(text(lang.pick("Check the record", "Проверить запись")).size(18))
                    .on_press(Message::Check),
                button(
                    text(lang.pick(
                        "Claim threefold repetition here",
                        "Заявить троекратное повторение здесь"
                    ))
                    .size(18)
                )
                .style(button::secondary)
                .on_press_maybe(
                    matches!(self.checked, Some(Ok(_))).then_some(Message::ClaimRepetition)
                ),
            ]
            .spacing(8),
        ]
        .spacing(10);
        // Before any record, the start position: moves can be entered by clicking from there.
        let mut diagram = AnyReplay::start(self.variant).diagram(0);
        let mut marks = Vec::new();
        match &self.checked {
            None => {}
            Some(Err(e)) => {
                left = left.push(text(e.get(lang).to_string()).size(18).color(theme::ERROR))
            }
            Some(Ok(replay)) => {
                let ply = self.ply.min(replay.plies());
                diagram = replay.diagram(ply);
                marks = replay.last_move(ply);
                left = left.push(moves(replay, ply, lang));
                match replay.first_illegal() {
                    Some(i) => {
                        left = left.push(
                            text(format!(
                                "{} {} ({}), {} «{}»: {}. {}: {}",
                                lang.pick("Illegal at move", "Ход невозможен: ход"),
                                i.number,
                                i.side.said(lang),
                                lang.pick("written", "записано"),
                                i.text,
                                lang.pick(&i.detail, &i.detail_ru),
                                lang.pick("Legal here", "Возможные ходы"),
                                i.legal.join(", ")
                            ))
                            .size(18)
                            .color(theme::ERROR),
                        );
                    }
                    None if replay.plies() == 0 => {
                        left = left.push(
                            text(lang.pick(
                                "No moves yet: type them, or click them on the board.",
                                "Ходов пока нет: введите их или сделайте щелчками по доске.",
                            ))
                            .size(18),
                        );
                    }
                    None => {
                        left = left.push(
                            text(match (lang, replay.plies()) {
                                (Lang::En, 1) => "The 1 ply is legal.".to_string(),
                                (Lang::En, n) => format!("All {n} plies are legal."),
                                (Lang::Ru, n) => format!(
                                    "В записи {}, все допустимы.",
                                    lang.count(
                                        n as u64,
                                        ["ply", "plies"],
                                        ["полуход", "полухода", "полуходов"]
                                    )
                                ),
                            })
                            .size(18)
                            .color(theme::OK),
                        );
                    }
                }
                for c in replay.running(ply) {
                    left = left.push(
                        text(format!(
                            "{}: {} / {} {} ({} {}), {} {}",
                            crate::rules::draw::rule_name(c.rule, lang),
                            c.moves,
                            c.limit,
                            lang.noun(
                                c.limit as u64,
                                ["move", "moves"],
                                ["хода", "ходов", "ходов"]
                            ),
                            lang.pick("since ply", "с полухода"),
                            c.since_ply,
                            lang.pick("draw at ply", "ничья на полуходе"),
                            c.ends_at_ply
                        ))
                        .size(16),
                    );
                }
            }
        }
        if matches!(self.variant, AnyVariant::Columns(_)) {
            left = left.push(
                row![
                    text_input(&after_placeholder(self.variant, lang), &self.after_fen)
                        .on_input(Message::AfterFen)
                        .on_submit(Message::JudgeAfter),
                    button(text(lang.pick(
                        "Compare with the legal moves",
                        "Сравнить с возможными ходами"
                    )))
                    .style(button::secondary)
                    .on_press_maybe(
                        matches!(self.checked, Some(Ok(_))).then_some(Message::JudgeAfter)
                    ),
                ]
                .spacing(8),
            );
            if let Some(a) = &self.after {
                let (line, colour) = match a {
                    Ok(v) if v.is_legal() => (v.describe(lang), theme::OK),
                    Ok(v) => (v.describe(lang), theme::ERROR),
                    Err(e) => (e.get(lang).to_string(), theme::ERROR),
                };
                left = left.push(text(line).size(18).color(colour));
            }
        }
        if let Some(v) = &self.verdict {
            let (line, colour) = match v {
                Ok(v) if v.valid => (
                    format!(
                        "{}: {}",
                        // The detail ends with the draw itself: said once.
                        lang.pick("CLAIM VALID", "ЗАЯВЛЕНИЕ ВЕРНО"),
                        lang.pick(&v.detail, &v.detail_ru)
                    ),
                    theme::OK,
                ),
                Ok(v) => (
                    format!(
                        "{}: {}",
                        lang.pick("CLAIM NOT VALID", "ЗАЯВЛЕНИЕ НЕВЕРНО"),
                        lang.pick(&v.detail, &v.detail_ru)
                    ),
                    theme::ERROR,
                ),
                Err(e) => (e.get(lang).to_string(), theme::ERROR),
            };
            left = left.push(text(line).size(22).color(colour));
        }
        let boards: Vec<Choice<usize>> = clocks
            .hall
            .boards()
            .iter()
            .enumerate()
            .map(|(i, b)| Choice {
                value: i,
                label: b.name.clone(),
            })
            .collect();
        let chosen = self.board.and_then(|i| boards.get(i).cloned());
        let sides = crate::ui::format::sides(lang).to_vec();
        left = left.push(
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
                        .on_press_maybe(
                            matches!(self.verdict, Some(Ok(_))).then_some(Message::Record)
                        ),
                ]
                .spacing(8)
                .align_y(iced::Alignment::Center),
            )
            .padding(8)
            .style(theme::panel),
        );
        let board = widget::board::Clickable {
            board: widget::board::Board::new(diagram)
                .with_highlight(marks)
                .with_selected(self.clicks.clone()),
            on_square: Message::Square,
        }
        .view();
        row![
            scrollable(left.padding([0, 8])).width(Length::FillPortion(3)),
            container(board)
                .width(Length::FillPortion(2))
                .height(Length::Fill),
        ]
        .spacing(12)
        .into()
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

/// What the empty record asks for, in the variant's own notation.
fn placeholder(variant: AnyVariant, lang: Lang) -> &'static str {
    use crate::rules::columns::ColumnVariant;
    match variant {
        AnyVariant::Columns(ColumnVariant::Towers) => lang.pick(
            "Type or paste the game: 1. c3-b4 b6-c5 2. b4-a5 … or a PDN game; or click the moves on the board",
            "Введите или вставьте партию: 1. c3-b4 b6-c5 2. b4-a5 … или партию PDN; или ходите щелчками по доске",
        ),
        AnyVariant::Columns(ColumnVariant::Laska) => lang.pick(
            "Type or paste the game: 1. 9-13 17-14 … or a PDN game; or click the moves on the board",
            "Введите или вставьте партию: 1. 9-13 17-14 … или партию PDN; или ходите щелчками по доске",
        ),
        AnyVariant::Plain(_) => lang.pick(
            "Type or paste the game: 1. cd4 fe5 2. dc5 bd4 … or a PDN game; or click the moves on the board",
            "Введите или вставьте партию: 1. cd4 fe5 2. dc5 bd4 … или партию PDN; или ходите щелчками по доске",
        ),
    }
}

/// The moves as numbered buttons; the one shown is highlighted.
fn moves<'a>(replay: &AnyReplay, shown: usize, lang: Lang) -> Element<'a, Message> {
    let offset = replay.offset();
    let mut items: Vec<Element<'a, Message>> =
        vec![button(text(lang.pick("start", "начало")).size(15))
            .style(if shown == 0 {
                button::primary
            } else {
                button::text
            })
            .on_press(Message::Ply(0))
            .into()];
    for i in 0..replay.plies() {
        let ply = i + 1;
        let written = replay.written(i);
        let number = (i + offset) / 2 + 1;
        let label = if (i + offset).is_multiple_of(2) {
            format!("{number}. {written}")
        } else {
            written
        };
        items.push(
            button(text(label).size(15))
                .style(if shown == ply {
                    button::primary
                } else {
                    button::text
                })
                .on_press(Message::Ply(ply))
                .into(),
        );
    }
    iced::widget::row(items).spacing(2).wrap().into()
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
        pick_list(choices, chosen, |c| Message::Sheet(c.value))
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
