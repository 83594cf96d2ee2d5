//! The ballot ceremony: draw the opening for a micromatch (or for the whole round) in front of
//! the players, show the cell large with its position, list the round's ballots, and enter a
//! ballot drawn by hand. Every draw is journaled with its seed and time.

use chrono::Utc;
use iced::widget::{
    button, column, container, pick_list, row, scrollable, text, text_input, Column, Row,
};
use iced::{Element, Length};

use super::Action;
use crate::lang::Lang;
use crate::rules::{fen, Position};
use crate::tournament::ballot;
use crate::tournament::ballot::load as load_table;
use crate::tournament::command::Command;
use crate::tournament::model::{Ballot, BallotPer, BallotRule, Round, Tournament};
use crate::ui::{theme, widget};

#[derive(Default)]
pub struct State {
    /// The board whose ballot is shown large.
    pub board: Option<usize>,
    /// A seed typed by the arbiter (to re-run an audited draw); empty: from the system.
    pub seed: String,
    pub manual_cell: String,
    /// The replacement the arbiter was asked about (board, what would replace it): the same
    /// press again replaces the board's ballot.
    pub asked: Option<(usize, String)>,
}

#[derive(Clone, Debug)]
pub enum Message {
    Board(usize),
    Seed(String),
    Draw,
    DrawRound,
    ManualCell(String),
    EnterManual,
}

impl State {
    pub fn for_event(t: &Tournament) -> State {
        State {
            board: t
                .rounds
                .last()
                .and_then(|r| r.pairings.first())
                .map(|p| p.board),
            ..State::default()
        }
    }

    fn seed(&self, lang: Lang) -> Result<u64, String> {
        if self.seed.trim().is_empty() {
            ballot::os_seed().map_err(|e| e.to_string())
        } else {
            self.seed.trim().parse().map_err(|_| {
                format!(
                    "{} `{}`: {}",
                    lang.pick("seed", "зерно"),
                    self.seed.trim(),
                    lang.pick("a whole number", "целое число")
                )
            })
        }
    }

    pub fn update(
        &mut self,
        message: Message,
        t: Option<&Tournament>,
        round: usize,
        lang: Lang,
    ) -> Action<Message> {
        let Some(t) = t else { return Action::None };
        let Some(rule) = &t.settings.format.ballot else {
            return Action::error(lang.pick(
                "The event draws no opening ballots",
                "В этом турнире жеребьёвка начал не проводится",
            ));
        };
        match message {
            Message::Board(b) => {
                self.board = Some(b);
                Action::None
            }
            Message::Seed(s) => {
                self.seed = s;
                Action::None
            }
            Message::ManualCell(s) => {
                self.manual_cell = s;
                Action::None
            }
            // "For this board" with no board chosen draws nothing (it drew every board).
            Message::Draw if self.board.is_none() => Action::None,
            Message::Draw if rule.per != BallotPer::Round => {
                self.draw_board(t, round, self.board.unwrap_or(0), lang)
            }
            // A round drawn at once draws "for this board" as for every board.
            Message::Draw | Message::DrawRound => self.draw_round(t, round, lang),
            Message::EnterManual => self.enter_manual(t, rule, round, lang),
        }
    }

    /// Draws the opening of one board (asked first when it has one).
    fn draw_board(
        &mut self,
        t: &Tournament,
        round: usize,
        board: usize,
        lang: Lang,
    ) -> Action<Message> {
        if let Some(asked) = self.ask(t, round, board, "draw".to_string(), lang) {
            return asked;
        }
        let seed = match self.seed(lang) {
            Ok(s) => s,
            Err(e) => return Action::error(e),
        };
        Action::Apply(Command::DrawBallot {
            round,
            board: Some(board),
            seed,
            at: Utc::now(),
        })
    }

    /// Draws the openings of every board without one; the round's first board is shown.
    fn draw_round(&mut self, t: &Tournament, round: usize, lang: Lang) -> Action<Message> {
        let seed = match self.seed(lang) {
            Ok(s) => s,
            Err(e) => return Action::error(e),
        };
        self.board = t
            .rounds
            .iter()
            .find(|r| r.number == round)
            .and_then(|r| r.pairings.first())
            .map(|p| p.board);
        Action::Apply(Command::DrawBallot {
            round,
            board: None,
            seed,
            at: Utc::now(),
        })
    }

    /// Enters the cell drawn by hand for the chosen board (asked first when it has one).
    fn enter_manual(
        &mut self,
        t: &Tournament,
        rule: &BallotRule,
        round: usize,
        lang: Lang,
    ) -> Action<Message> {
        let Some(board) = self.board else {
            return Action::None;
        };
        let cell = self.manual_cell.trim().to_uppercase();
        // An empty entry changes nothing: a drawn, audited ballot is never erased by it.
        if cell.is_empty() {
            return Action::error(lang.pick(
                "Type the cell first (such as VII/22): nothing was changed",
                "Сначала введите клетку (например, VII/22): ничего не изменено",
            ));
        }
        if let Some(asked) = self.ask(t, round, board, cell.clone(), lang) {
            return asked;
        }
        Action::Apply(Command::SetBallot {
            round,
            board,
            ballot: Some(Ballot {
                table: rule.table.clone(),
                cell,
                seed: None,
                at: Utc::now(),
            }),
        })
    }

    /// Asks before a board's ballot is replaced (`new`: the cell typed, or "draw"): old → new,
    /// and the same press again replaces it. `None`: nothing to ask, go on.
    fn ask(
        &mut self,
        t: &Tournament,
        round: usize,
        board: usize,
        new: String,
        lang: Lang,
    ) -> Option<Action<Message>> {
        let old = ballot_of(t, round, board)?;
        let key = (board, new.clone());
        if self.asked.as_ref() == Some(&key) {
            self.asked = None;
            return None;
        }
        self.asked = Some(key);
        let how = match old.seed {
            Some(seed) => format!(
                "{}, {} {seed}",
                lang.pick("drawn", "по жребию"),
                lang.pick("seed", "зерно")
            ),
            None => lang.pick("entered by hand", "введено вручную").to_string(),
        };
        let new = if new == "draw" {
            lang.pick("a new draw", "новый жребий").to_string()
        } else {
            new
        };
        // Games already played from the old opening are named: a new one does not fit them.
        let played: Vec<&str> = t
            .pairing(round, board)
            .map(|p| {
                p.games
                    .iter()
                    .filter(|g| **g != crate::tournament::model::GameResult::Pending)
                    .map(|g| g.symbol())
                    .collect()
            })
            .unwrap_or_default();
        let how = if played.is_empty() {
            how
        } else {
            format!(
                "{how}; {} {}",
                lang.pick("results entered:", "уже есть результаты:"),
                played.join(", ")
            )
        };
        Some(Action::error(format!(
            "{} {board}: {} ({how}) → {new}. {}",
            lang.pick("Board", "Доска"),
            old.cell,
            lang.pick(
                "Press again to replace it (journaled).",
                "Нажмите ещё раз, чтобы заменить (записывается в журнал)."
            )
        )))
    }

    /// The ballot of the chosen board, as the hall wall shows it.
    pub fn drawn(&self, t: &Tournament, round: usize) -> Option<crate::ui::screen::wall::Drawn> {
        let board = self.board?;
        let b = ballot_of(t, round, board)?;
        let table = load_table(&b.table).ok()?;
        let entry = table.entry(&b.cell).ok()?;
        Some(crate::ui::screen::wall::Drawn {
            board,
            cell: b.cell.clone(),
            text: entry.text.clone(),
            position: fen::parse(table.variant, &entry.fen).ok()?,
        })
    }

    pub fn view<'a>(&'a self, t: &'a Tournament, round: usize, lang: Lang) -> Element<'a, Message> {
        let Some(rule) = &t.settings.format.ballot else {
            // Says where to turn them on, in the words of the tab, the section and the field.
            return text(lang.pick(
                "The event draws no opening ballots. They are turned on in Event › Settings › Opening ballot.",
                "В этом турнире жеребьёвка начал не проводится. Она включается в разделе Турнир › Настройки › Жеребьёвка начал.",
            ))
            .size(20)
            .into();
        };
        let table = load_table(&rule.table);
        let Some(r) = t.rounds.iter().find(|r| r.number == round) else {
            return text(lang.pick("Pair a round first.", "Сначала составьте тур.")).into();
        };
        let controls = self
            .choice(r, rule, &table, lang)
            .push(self.draw_buttons(rule, lang))
            .push(self.manual_entry(lang))
            .push(history(t, r, lang));
        row![
            scrollable(controls).width(Length::FillPortion(1)),
            container(self.big(r, &table, lang))
                .width(Length::FillPortion(1))
                .height(Length::Fill),
        ]
        .spacing(16)
        .into()
    }

    /// The round, its table and how often it is drawn; the board chosen and the seed.
    fn choice<'a>(
        &'a self,
        r: &Round,
        rule: &BallotRule,
        table: &Result<std::sync::Arc<ballot::Table>, ballot::BallotError>,
        lang: Lang,
    ) -> Column<'a, Message> {
        let table_name = match table {
            Ok(tb) => lang.pick(&tb.en, &tb.ru).to_string(),
            Err(e) => e.to_string(),
        };
        let boards: Vec<usize> = r.pairings.iter().map(|p| p.board).collect();
        let per = match rule.per {
            BallotPer::Micromatch => lang.pick("one per micromatch", "на каждый микроматч"),
            BallotPer::Round => lang.pick("one for the whole round", "одно на весь тур"),
            BallotPer::Match => lang.pick("one per team match", "одно на командный матч"),
        };
        column![
            text(format!(
                "{} {} · {table_name} · {per}",
                lang.pick("Round", "Тур"),
                r.number
            ))
            .size(20),
            row![
                text(lang.pick("Board", "Доска")).size(18),
                pick_list(boards, self.board, Message::Board),
                text_input(
                    lang.pick(
                        "seed (empty: from the system)",
                        "зерно (пусто — от системы)"
                    ),
                    &self.seed
                )
                .on_input(Message::Seed)
                .width(Length::Fixed(260.0)),
            ]
            .spacing(8)
            .align_y(iced::Alignment::Center),
        ]
        .spacing(10)
    }

    /// The draw for the chosen board (unless the round is drawn at once) and for every board.
    fn draw_buttons<'a>(&self, rule: &BallotRule, lang: Lang) -> Row<'a, Message> {
        let mut draw_buttons = row![].spacing(8);
        if rule.per != BallotPer::Round {
            let label = match rule.per {
                BallotPer::Match => {
                    lang.pick("Draw for this board's match", "Жребий для матча доски")
                }
                _ => lang.pick("Draw for this board", "Жребий для доски"),
            };
            draw_buttons = draw_buttons.push(
                button(text(label).size(20)).on_press_maybe(self.board.map(|_| Message::Draw)),
            );
        }
        draw_buttons.push(
            button(
                text(lang.pick(
                    "Draw for every board without one",
                    "Жребий для всех досок без начала",
                ))
                .size(20),
            )
            .on_press(Message::DrawRound),
        )
    }

    /// The cell drawn by hand, typed and entered.
    fn manual_entry<'a>(&'a self, lang: Lang) -> Row<'a, Message> {
        row![
            text_input(
                lang.pick(
                    "cell drawn by hand, e.g. XII/13",
                    "клетка, вынутая вручную, напр. XII/13"
                ),
                &self.manual_cell
            )
            .on_input(Message::ManualCell)
            .on_submit(Message::EnterManual)
            .width(Length::Fixed(320.0)),
            button(text(lang.pick("Enter", "Ввести")))
                .style(button::secondary)
                .on_press(Message::EnterManual),
        ]
        .spacing(8)
    }

    /// The chosen board's ballot, large: its cell, its words and its position.
    fn big<'a>(
        &self,
        r: &Round,
        table: &Result<std::sync::Arc<ballot::Table>, ballot::BallotError>,
        lang: Lang,
    ) -> Element<'a, Message> {
        let shown = self
            .board
            .and_then(|b| r.pairings.iter().find(|p| p.board == b))
            .and_then(|p| p.ballot.as_ref());
        match (shown, table) {
            (Some(b), Ok(tb)) => {
                let entry = tb.entry(&b.cell).ok();
                let position = entry
                    .and_then(|e| fen::parse(tb.variant, &e.fen).ok())
                    .unwrap_or_else(|| Position::start(tb.variant));
                column![
                    text(b.cell.clone()).size(96),
                    text(
                        entry
                            .map(|e| crate::tournament::ballot::said(&e.text, lang))
                            .unwrap_or_default()
                    )
                    .size(26),
                    widget::board::Board::new((&position).into()).into_view(),
                ]
                .spacing(8)
                .align_x(iced::Alignment::Center)
                .into()
            }
            // Nothing chosen is not "nothing drawn" (issue 53, item 8).
            _ if self.board.is_none() => text(lang.pick(
                "Choose a board to see its ballot.",
                "Выберите доску, чтобы увидеть её жребий.",
            ))
            .size(22)
            .into(),
            _ => text(lang.pick(
                "No ballot drawn for this board yet.",
                "Для этой доски жребий ещё не брошен.",
            ))
            .size(22)
            .into(),
        }
    }
}

/// The round's ballots, board by board, in a panel.
fn history<'a>(t: &Tournament, r: &Round, lang: Lang) -> Element<'a, Message> {
    let name = |id| t.player(id).map(|p| p.full_name()).unwrap_or_default();
    // A round drawn at once has one seed: said once above the list, so that a seed of 19
    // digits does not wrap every line.
    let seeds: Vec<Option<u64>> = r
        .pairings
        .iter()
        .map(|p| p.ballot.as_ref().and_then(|b| b.seed))
        .collect();
    let common = seeds
        .first()
        .copied()
        .flatten()
        .filter(|s| seeds.len() > 1 && seeds.iter().all(|x| *x == Some(*s)));
    let history = r.pairings.iter().map(|p| {
        let b = match &p.ballot {
            Some(b) => {
                let seed = match b.seed {
                    Some(_) if common.is_some() => String::new(),
                    Some(s) => format!(" · {} {s}", lang.pick("seed", "зерно")),
                    None => format!(" · {}", lang.pick("by hand", "вручную")),
                };
                format!(
                    "{} {}{seed} · {}",
                    b.table.to_uppercase(),
                    b.cell,
                    b.at.format("%H:%M:%S")
                )
            }
            None => "—".to_string(),
        };
        text(format!(
            "{}. {} – {}: {b}",
            p.board,
            name(p.white),
            name(p.black)
        ))
        .size(16)
        .into()
    });
    let seed_line = common.map(|s| {
        text(format!(
            "{}: {s}",
            lang.pick(
                "The round drawn at once, seed",
                "Жеребьёвка тура за один раз, зерно"
            )
        ))
        .size(16)
    });
    container(column![].push(seed_line).extend(history).spacing(4))
        .padding(8)
        .width(Length::Fill)
        .style(theme::panel)
        .into()
}

/// Board `board`'s ballot in round `round`, if it has one.
fn ballot_of(t: &Tournament, round: usize, board: usize) -> Option<&Ballot> {
    t.pairing(round, board)?.ballot.as_ref()
}
