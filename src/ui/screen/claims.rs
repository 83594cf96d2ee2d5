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
use crate::rules::movegen::legal_moves;
use crate::rules::{
    claim_repetition, game, notation, pdn, ClaimVerdict, Color, Replay, Square, Variant,
};
use crate::tournament::command::Command;
use crate::tournament::model::{GameResult, Tournament};
use crate::ui::format::Choice;
use crate::ui::session::clocks::{Clocks, Request};
use crate::ui::{theme, widget};

pub struct State {
    pub record: text_editor::Content,
    variant: Variant,
    /// The record as checked: its replay, or why it could not be read.
    pub checked: Option<Result<Replay, Said>>,
    /// The ply whose position is shown (0: the start).
    pub ply: usize,
    pub verdict: Option<Result<ClaimVerdict, Said>>,
    pub board: Option<usize>,
    pub claimant: Option<Color>,
    pub pdn_path: String,
    /// The square clicked first when entering a move on the board.
    pub from: Option<Square>,
    /// The event plays a column variant: its games are checked on the command line for now
    /// (`check --variant towers|laska`); this screen replays the other variants.
    pub columns: Option<crate::rules::columns::ColumnVariant>,
    /// Where the record is kept beside the event (`<event>.claim.pdn`), so a restart keeps the
    /// game the arbiter typed.
    kept_in: Option<PathBuf>,
}

/// The file beside an event that keeps the record typed on the Claims screen.
pub fn record_file(event: &Path) -> PathBuf {
    event.with_extension("claim.pdn")
}

impl Default for State {
    fn default() -> State {
        State {
            record: text_editor::Content::new(),
            variant: Variant::Russian,
            checked: None,
            ply: 0,
            verdict: None,
            board: None,
            claimant: None,
            pdn_path: String::new(),
            from: None,
            columns: None,
            kept_in: None,
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
    /// A square clicked on the board: the first picks the piece, the second plays the move.
    Square(Square),
}

impl State {
    /// The screen for an event at `path`, with the record kept from the last session (its
    /// bytes, read by the session).
    pub fn for_event(t: &Tournament, path: &Path, kept: Option<Vec<u8>>) -> State {
        let mut state = State {
            variant: t.settings.variant.plain().unwrap_or(Variant::Russian),
            columns: match t.settings.variant {
                crate::rules::columns::AnyVariant::Columns(v) => Some(v),
                crate::rules::columns::AnyVariant::Plain(_) => None,
            },
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
            self.checked = Some(Ok(Replay::new(crate::rules::Position::start(self.variant))));
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
                game::replay(g, self.variant).map_err(|e| Said::new(e.to_string(), e.ru()))
            });
        self.ply = match &result {
            Ok(r) => r.moves.len(),
            Err(_) => 0,
        };
        self.checked = Some(result);
        self.verdict = None;
    }

    /// A move entered by clicking: from a piece of the side to move to its destination, added to
    /// the record (only at the end of a record with no illegal ply, where the game goes on).
    fn click(&mut self, sq: Square, lang: Lang) -> Action<Message> {
        if self.checked.is_none() {
            self.check();
        }
        let Some(Ok(replay)) = &self.checked else {
            return Action::None;
        };
        if replay.first_illegal.is_some() || self.ply != replay.moves.len() {
            return Action::error(lang.pick(
                "Moves are added by clicking at the end of a legal record",
                "Ходы щелчком добавляются в конец записи без невозможных ходов",
            ));
        }
        let pos = *replay.current();
        let own = pos.piece_at(sq).is_some_and(|p| p.color == pos.turn());
        let Some(from) = self.from.filter(|_| !own) else {
            self.from = own.then_some(sq);
            return Action::None;
        };
        self.from = None;
        let Some(m) = legal_moves(&pos)
            .into_iter()
            .find(|m| m.from == from && m.to == sq)
        else {
            return Action::error(format!(
                "{} {} → {}",
                lang.pick("No legal move", "Нет возможного хода"),
                pos.board().name(from),
                pos.board().name(sq)
            ));
        };
        let first = replay.positions[0].turn();
        let offset = usize::from(first != replay.variant.rules().first);
        let ply = replay.moves.len();
        let written = notation::write(&pos, &m);
        let mut text = self.record.text().trim_end().to_string();
        if (ply + offset) % 2 == 0 {
            text.push_str(&format!(" {}. {written}", (ply + offset) / 2 + 1));
        } else if ply == 0 {
            text.push_str(&format!(" 1... {written}"));
        } else {
            text.push_str(&format!(" {written}"));
        }
        self.record = text_editor::Content::with_text(text.trim_start());
        self.check();
        self.keep()
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
                self.verdict = None;
                Action::None
            }
            Message::ClaimRepetition => {
                if let Some(Ok(replay)) = &self.checked {
                    self.verdict = Some(
                        claim_repetition(replay, self.ply, None)
                            .map_err(|e| Said::new(e.to_string(), e.ru())),
                    );
                }
                Action::None
            }
            Message::Board(b) => {
                self.board = Some(b);
                Action::None
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

    pub fn view<'a>(&'a self, clocks: &'a Clocks, lang: Lang) -> Element<'a, Message> {
        if let Some(v) = self.columns {
            // Not this screen's engine yet: say where column games are checked, exactly.
            let name = crate::ui::format::variant(v, lang);
            let mut chars = name.chars();
            let title: String = chars
                .next()
                .into_iter()
                .flat_map(char::to_uppercase)
                .chain(chars)
                .collect();
            return text(format!(
                "{title}: {}\n\nshashki-arbiter check --variant {v} FILE.pdn\nshashki-arbiter claim repetition --variant {v} FILE.pdn --ply N",
                lang.pick(
                    "this screen does not replay column games yet; check the record and judge a repetition claim on the command line",
                    "этот экран пока не проверяет партии со столбами; проверьте запись и заявление о повторении в командной строке"
                )
            ))
            .size(18)
            .into();
        }
        let editor = text_editor(&self.record)
            .placeholder(lang.pick(
                "Type or paste the game: 1. cd4 fe5 2. dc5 bd4 … or a PDN game",
                "Введите или вставьте партию: 1. cd4 fe5 2. dc5 bd4 … или партию PDN",
            ))
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
        let mut position = Some(crate::rules::Position::start(self.variant));
        let mut marks = Vec::new();
        match &self.checked {
            None => {}
            Some(Err(e)) => {
                left = left.push(text(e.get(lang).to_string()).size(18).color(theme::ERROR))
            }
            Some(Ok(replay)) => {
                let ply = self.ply.min(replay.moves.len());
                position = Some(replay.positions[ply]);
                if ply > 0 {
                    let m = &replay.moves[ply - 1];
                    marks = vec![m.from, m.to];
                }
                left = left.push(moves(replay, ply, lang));
                match &replay.first_illegal {
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
                    None => {
                        left = left.push(
                            text(format!(
                                "{} {} {}",
                                lang.pick("All", "Все"),
                                replay.moves.len(),
                                lang.pick("plies are legal.", "полуходов возможны.")
                            ))
                            .size(18)
                            .color(theme::OK),
                        );
                    }
                }
                let turn = replay.positions[ply].turn();
                for c in replay.draw.running(ply, turn) {
                    left = left.push(
                        text(format!(
                            "{}: {} / {} {} ({} {}), {} {}",
                            crate::rules::draw::rule_name(c.rule, lang),
                            c.moves,
                            c.limit,
                            lang.pick("moves", "ходов"),
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
        if let Some(v) = &self.verdict {
            let (line, colour) = match v {
                Ok(v) if v.valid => (
                    format!(
                        "{}: {}",
                        lang.pick("CLAIM VALID — draw", "ЗАЯВЛЕНИЕ ВЕРНО — ничья"),
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
        let board: Element<'a, Message> = match position {
            Some(p) => widget::board::Board::new(p)
                .with_highlight(marks)
                .into_view(),
            None => text("").into(),
        };
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

/// The moves as numbered buttons; the one shown is highlighted.
fn moves<'a>(replay: &Replay, shown: usize, lang: Lang) -> Element<'a, Message> {
    let first_black = replay.positions[0].turn() == Color::Black;
    let mut items: Vec<Element<'a, Message>> =
        vec![button(text(lang.pick("start", "начало")).size(15))
            .style(if shown == 0 {
                button::primary
            } else {
                button::text
            })
            .on_press(Message::Ply(0))
            .into()];
    for (i, m) in replay.moves.iter().enumerate() {
        let ply = i + 1;
        let written = notation::write(&replay.positions[i], m);
        let number = (i + usize::from(first_black)) / 2 + 1;
        let label = if (i + usize::from(first_black)) % 2 == 0 {
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
