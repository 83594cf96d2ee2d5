//! Games: every game of a round with its score sheet. A game picked from the table opens its
//! sheet (typed, pasted, loaded from a PDN file or clicked on the board), checked ply by ply from
//! the game's real start (the ballot's position); kept as the game's record, an illegal one too
//! (it is evidence), with the codex's consequence said. Beside each move, the time its player had
//! left after pressing the clock, from the board's clock log; presses and plies that do not match
//! are said, never guessed.

use std::collections::BTreeMap;

use iced::widget::{button, column, container, row, scrollable, text};
use iced::{Element, Length};

use super::score_sheet::{self, Editor, Outcome};
use super::Action;
use crate::clock::game_clock::PressTimes;
use crate::lang::{Lang, Said};
use crate::rules::Color;
use crate::tournament::command::Command;
use crate::tournament::id::GameRef;
use crate::tournament::model::{GameResult, Pairing, Round, Tournament};
use crate::tournament::records::{self, RoundTimes};
use crate::ui::session::clocks::Clocks;
use crate::ui::theme;

#[derive(Default)]
pub struct State {
    /// The round shown (from 1; 0 before any round is paired).
    pub round: usize,
    known_rounds: usize,
    /// The game whose sheet is open: (board, game index).
    pub chosen: Option<(usize, usize)>,
    pub sheet: Editor,
    /// The chosen game's record as the field was last given it: when the stored record changes
    /// elsewhere (a verdict written from Claims, an undo) a field without edits follows it.
    kept: String,
    /// Each game's stored record as checked, for the table: the round they were checked on
    /// (rechecked when it changes) and the findings by (board, game).
    checked_on: Option<Round>,
    findings: BTreeMap<(usize, usize), Finding>,
    /// The round's clock logs, as read when the round or a game was picked.
    times: RoundTimes,
}

/// A stored record's check, as the table says it.
#[derive(Clone, Debug, PartialEq)]
struct Finding {
    plies: usize,
    /// The first illegal ply: its number on the sheet and its side.
    illegal: Option<(usize, Color)>,
}

#[derive(Clone, Debug)]
pub enum Message {
    Round(usize),
    /// A game of the round: (board, game index).
    Pick((usize, usize)),
    Sheet(score_sheet::Message),
    /// The sheet as it stands kept as the game's record (journaled).
    Keep,
    /// The sheet back to the game's stored record.
    Revert,
    /// The round's clock logs, read by the session.
    Times(RoundTimes),
    /// The round's games as a PDN file beside the event, with the clock times.
    Export,
    Exported(RoundTimes),
}

impl State {
    /// Keeps the shown round valid after a change (a newly paired round is shown at once) and
    /// the table's checks up to date with the stored records.
    pub fn follow(&mut self, t: &Tournament) {
        let n = t.rounds.len();
        if n > self.known_rounds || self.round > n || self.round == 0 {
            self.round = n;
            self.chosen = None;
        }
        self.known_rounds = n;
        let Some(round) = current(t, self.round) else {
            self.findings.clear();
            self.checked_on = None;
            return;
        };
        if self.checked_on.as_ref() != Some(round) {
            self.findings = check_round(t, round);
            self.checked_on = Some(round.clone());
            self.follow_record(t);
        }
    }

    /// The chosen game's stored record changed under the field: a field without edits shows the
    /// new one (edits stay, marked not kept).
    fn follow_record(&mut self, t: &Tournament) {
        let Some((board, game)) = self.chosen else {
            return;
        };
        let stored = stored_record(t, self.round, board, game);
        if stored != self.kept && self.sheet.record.text().trim() == self.kept.trim() {
            let ply = self.sheet.ply;
            self.sheet.set_text(&stored);
            self.kept = stored;
            if let Some(Ok(r)) = &self.sheet.checked {
                self.sheet.ply = ply.min(r.plies());
            }
        }
    }

    /// The screen opened: the round's clock logs are read afresh.
    pub fn entered(&mut self, t: Option<&Tournament>) -> Action<Message> {
        if let Some(t) = t {
            self.follow(t);
        }
        self.read_times()
    }

    fn read_times(&self) -> Action<Message> {
        if self.round == 0 {
            return Action::None;
        }
        Action::ClockTimes(self.round, Box::new(Message::Times))
    }

    /// Opens game `game` of board `board`: its stored sheet, from its start.
    fn pick(&mut self, t: &Tournament, board: usize, game: usize) {
        self.chosen = Some((board, game));
        let Some((round, p)) = pairing(t, self.round, board) else {
            return;
        };
        let start = records::game_pdn(t, round, p, game)
            .tag("FEN")
            .map(str::to_string);
        self.sheet = Editor::new(t.settings.variant, start);
        self.kept = stored_record(t, self.round, board, game);
        self.sheet.set_text(&self.kept);
    }

    /// Edits not kept go only when the arbiter says so (Keep or Back): another game or round
    /// is refused meanwhile, and the same game picked again keeps the field as it is.
    fn leaving(
        &self,
        t: &Tournament,
        to: Option<(usize, usize)>,
        lang: Lang,
    ) -> Option<Action<Message>> {
        if !self.unsaved(t) {
            return None;
        }
        if to.is_some() && to == self.chosen {
            return Some(Action::None);
        }
        Some(Action::error(lang.pick(
            "The score sheet is not kept: keep it, or go back to the kept record, first",
            "Бланк не сохранён: сначала сохраните его или верните сохранённый",
        )))
    }

    pub fn update(
        &mut self,
        message: Message,
        t: Option<&Tournament>,
        event: Option<&std::path::Path>,
        lang: Lang,
    ) -> Action<Message> {
        let Some(t) = t else {
            return Action::None;
        };
        match message {
            Message::Round(n) => {
                if let Some(refused) = self.leaving(t, None, lang) {
                    return refused;
                }
                self.round = n.clamp(1, t.rounds.len().max(1));
                self.chosen = None;
                self.follow(t);
                self.read_times()
            }
            Message::Pick((board, game)) => {
                if let Some(refused) = self.leaving(t, Some((board, game)), lang) {
                    return refused;
                }
                self.pick(t, board, game);
                self.read_times()
            }
            Message::Sheet(m) => {
                let typed = matches!(m, score_sheet::Message::Edit(_));
                match self.sheet.update(m, lang) {
                    Outcome::Refused(why) => Action::error(why),
                    // Each ply is checked as it is written.
                    Outcome::Changed if typed => {
                        self.sheet.check();
                        Action::None
                    }
                    Outcome::Read(path) => Action::Read(
                        path,
                        Box::new(|b| Message::Sheet(score_sheet::Message::PdnRead(b))),
                    ),
                    Outcome::Changed | Outcome::None => Action::None,
                }
            }
            Message::Keep => self.keep(t, lang),
            Message::Revert => {
                if let Some((board, game)) = self.chosen {
                    self.pick(t, board, game);
                }
                Action::None
            }
            Message::Times(times) => {
                self.times = times;
                Action::None
            }
            Message::Export => Action::ClockTimes(self.round, Box::new(Message::Exported)),
            Message::Exported(times) => self.export(t, event, &times, lang),
        }
    }

    /// The sheet as the chosen game's record: its moves from the game's start, kept as
    /// written (an illegal move too), or the record removed when the sheet is empty.
    fn keep(&mut self, t: &Tournament, lang: Lang) -> Action<Message> {
        let Some((board, game)) = self.chosen else {
            return Action::None;
        };
        let Some((round, p)) = pairing(t, self.round, board) else {
            return Action::None;
        };
        match records::sheet_for(t, round, p, game, &self.sheet.record.text()) {
            Ok(moves) if moves.is_empty() && !p.records.contains_key(&game) => {
                Action::info(lang.pick(
                    "No moves on the sheet: there is nothing to keep",
                    "На бланке нет ходов: сохранять нечего",
                ))
            }
            Ok(moves) => {
                self.sheet.set_text(&moves);
                self.kept = moves.clone();
                Action::Apply(Command::SetRecord {
                    game: GameRef {
                        round: round.number,
                        board,
                        game,
                    },
                    moves: (!moves.is_empty()).then_some(moves),
                })
            }
            Err(e) => Action::error(e.get(lang).to_string()),
        }
    }

    /// The round's games as PDN beside the event (`<event>-round-R.pdn`).
    fn export(
        &self,
        t: &Tournament,
        event: Option<&std::path::Path>,
        times: &RoundTimes,
        lang: Lang,
    ) -> Action<Message> {
        let (Some(round), Some(event)) = (current(t, self.round), event) else {
            return Action::None;
        };
        let path = crate::store::beside(event, &format!("round-{}.pdn", round.number));
        Action::Write {
            done: Some(format!(
                "{} {}",
                lang.pick("Games of the round written:", "Партии тура записаны:"),
                path.display()
            )),
            bytes: records::round_pdn_with(t, round, times).into_bytes(),
            path,
        }
    }

    /// Whether the sheet differs from the chosen game's stored record.
    fn unsaved(&self, t: &Tournament) -> bool {
        let Some((board, game)) = self.chosen else {
            return false;
        };
        self.sheet.record.text().trim() != stored_record(t, self.round, board, game).trim()
    }

    /// The times after each press of a game's clock: the running hall's for the game on the
    /// clocks now, else its log's as read.
    fn times_of(&self, clocks: &Clocks, board: usize, game: usize) -> Option<Vec<PressTimes>> {
        let key = crate::clock::BoardKey(board);
        if clocks.game == Some((self.round, game)) {
            if let Some(i) = clocks.hall.index_of(key) {
                return clocks.hall.boards()[i].clock().after_each_press().ok();
            }
        }
        self.times.get(&game)?.get(&key).cloned()
    }

    pub fn view<'a>(
        &'a self,
        clocks: &'a Clocks,
        t: &'a Tournament,
        lang: Lang,
    ) -> Element<'a, Message> {
        let Some(round) = current(t, self.round) else {
            return text(lang.pick("No round is paired yet.", "Ни один тур ещё не составлен."))
                .size(20)
                .into();
        };
        let bar = row![
            button(text("◀").size(20))
                .on_press_maybe((self.round > 1).then(|| Message::Round(self.round - 1))),
            text(format!("{} {}", lang.pick("Round", "Тур"), self.round)).size(26),
            button(text("▶").size(20)).on_press_maybe(
                (self.round < t.rounds.len()).then(|| Message::Round(self.round + 1))
            ),
            button(text(
                lang.pick("Games of the round (PDN)", "Партии тура (PDN)")
            ))
            .style(button::secondary)
            .on_press(Message::Export),
        ]
        .spacing(10)
        .align_y(iced::Alignment::Center);
        // The table takes the screen's height until a game is picked; then its score sheet
        // needs the room below (the trial saw 7 of 10 games over an empty half screen).
        let games = scrollable(self.table(clocks, t, round, lang))
            .height(if self.chosen.is_some() {
                Length::Fixed(230.0)
            } else {
                Length::Fill
            })
            .width(Length::Fill);
        let detail: Element<'a, Message> = match self.chosen {
            None => text(lang.pick(
                "Pick a game in the table to open its score sheet.",
                "Выберите партию в таблице, чтобы открыть её бланк записи.",
            ))
            .size(18)
            .into(),
            Some((board, game)) => match pairing(t, self.round, board) {
                Some((_, p)) => self.detail(clocks, t, p, game, lang),
                None => text("").into(),
            },
        };
        column![bar, games, detail]
            .spacing(12)
            .height(Length::Fill)
            .into()
    }

    /// Every game of the round: names, result, what its sheet holds, how many presses its
    /// clock logged. A row is one button: the game picked is lit whole.
    fn table<'a>(
        &'a self,
        clocks: &Clocks,
        t: &'a Tournament,
        round: &'a Round,
        lang: Lang,
    ) -> Element<'a, Message> {
        const WIDTHS: [f32; 7] = [70.0, 80.0, 250.0, 250.0, 100.0, 230.0, 140.0];
        let line = |cells: [String; 7], size: f32| {
            row(cells
                .into_iter()
                .zip(WIDTHS)
                .map(|(c, w)| text(c).size(size).width(Length::Fixed(w)).into()))
            .spacing(6)
        };
        let head = line(
            [
                lang.pick("Board", "Доска"),
                lang.pick("Game", "Партия"),
                lang.pick("White", "Белые"),
                lang.pick("Black", "Чёрные"),
                lang.pick("Result", "Результат"),
                lang.pick("Score sheet", "Бланк записи"),
                lang.pick("Clock presses", "Нажатия часов"),
            ]
            .map(str::to_string),
            15.0,
        );
        let name = |id| t.player(id).map_or_else(String::new, |p| p.full_name());
        let mut lines = column![container(head).padding([2, 8])].spacing(2);
        for p in &round.pairings {
            for g in 0..p.games.len() + p.extra.len() {
                let result = match p.result(g).unwrap_or(GameResult::Pending) {
                    GameResult::Pending => "·".to_string(),
                    r => r.symbol().to_string(),
                };
                let presses = self
                    .times_of(clocks, p.board, g)
                    .map_or("—".to_string(), |v| v.len().to_string());
                let cells = [
                    p.board.to_string(),
                    game_label(p, g, lang),
                    name(p.white_of(g)),
                    name(p.white_of(g + 1)),
                    result,
                    self.sheet_state(p.board, g, lang),
                    presses,
                ];
                lines = lines.push(
                    button(line(cells, 17.0))
                        .style(if self.chosen == Some((p.board, g)) {
                            button::primary
                        } else {
                            button::text
                        })
                        .padding([2, 8])
                        .on_press(Message::Pick((p.board, g))),
                );
            }
        }
        lines.into()
    }

    /// A stored sheet in a word: none, its plies all legal, or its first illegal move.
    fn sheet_state(&self, board: usize, game: usize, lang: Lang) -> String {
        match self.findings.get(&(board, game)) {
            None => "—".to_string(),
            Some(Finding {
                illegal: Some((number, side)),
                ..
            }) => format!(
                "{} {number} ({})",
                lang.pick("illegal: move", "невозможен ход"),
                side.said(lang)
            ),
            Some(f) => format!(
                "{} ✓",
                lang.count(
                    f.plies as u64,
                    ["ply", "plies"],
                    ["полуход", "полухода", "полуходов"]
                )
            ),
        }
    }

    /// The chosen game: its sheet with the moves and times, the check, the board.
    fn detail<'a>(
        &'a self,
        clocks: &'a Clocks,
        t: &'a Tournament,
        p: &'a Pairing,
        game: usize,
        lang: Lang,
    ) -> Element<'a, Message> {
        let name = |id| t.player(id).map_or_else(String::new, |p| p.full_name());
        let mut left = column![text(format!(
            "{} {}, {} {}: {} – {}",
            lang.pick("Board", "Доска"),
            p.board,
            lang.pick("game", "партия"),
            game_label(p, game, lang),
            name(p.white_of(game)),
            name(p.white_of(game + 1)),
        ))
        .size(20)]
        .spacing(8);
        if let Some(ballot) = records::ballot_said(p) {
            left = left.push(text(format!("{}: {ballot}", lang.pick("Ballot", "Начало"))).size(16));
        }
        left = left.push(self.sheet.field(110.0, lang).map(Message::Sheet));
        let unsaved = self.unsaved(t);
        left = left.push(
            row![
                button(text(
                    lang.pick("Keep as the game's record", "Сохранить бланк")
                ))
                .on_press_maybe(unsaved.then_some(Message::Keep)),
                button(text(
                    lang.pick("Back to the kept record", "Вернуть сохранённый")
                ))
                .style(button::secondary)
                .on_press_maybe(unsaved.then_some(Message::Revert)),
                self.sheet.pdn_field(lang).map(Message::Sheet),
            ]
            .spacing(8)
            .align_y(iced::Alignment::Center),
        );
        if unsaved {
            left = left.push(
                text(lang.pick(
                    "Not kept yet: the sheet differs from the game's record.",
                    "Не сохранено: бланк отличается от записи партии.",
                ))
                .size(16)
                .color(theme::ERROR),
            );
        }
        for line in self.sheet.findings(lang) {
            left = left.push(line.map(Message::Sheet));
        }
        if let Some(c) = self.consequence() {
            left = left.push(text(c.get(lang).to_string()).size(18).color(theme::ERROR));
        }
        let times = self.chosen.and_then(|(b, g)| self.times_of(clocks, b, g));
        if let Some(line) = self.presses_line(times.as_deref(), lang) {
            left = left.push(text(line).size(16));
        }
        left = left.push(self.moves(times.as_deref(), lang));
        row![
            // Room on the right for the scroll bar, off the text field's edge.
            scrollable(left.padding(iced::Padding::ZERO.left(8).right(20)))
                .width(Length::FillPortion(3)),
            container(self.sheet.board().map(Message::Sheet))
                .width(Length::FillPortion(2))
                .height(Length::Fill),
        ]
        .spacing(12)
        .height(Length::Fill)
        .into()
    }

    /// The codex's consequence of the sheet's first illegal move: whether the opponent replied.
    fn consequence(&self) -> Option<Said> {
        let Some(Ok(replay)) = &self.sheet.checked else {
            return None;
        };
        let illegal = replay.first_illegal()?;
        Some(records::consequence(illegal.ply, self.sheet.written))
    }

    /// Presses of the board's clock against plies on the sheet, said when they differ.
    fn presses_line(&self, times: Option<&[PressTimes]>, lang: Lang) -> Option<String> {
        // An unreadable sheet has no plies to count.
        let Some(Ok(_)) = &self.sheet.checked else {
            return None;
        };
        let plies = self.sheet.written;
        let presses = times?.len();
        let count = |n: usize| {
            lang.count(
                n as u64,
                ["press", "presses"],
                ["нажатие", "нажатия", "нажатий"],
            )
        };
        if presses == plies {
            return Some(format!(
                "{}: {}, {}",
                lang.pick("The clock", "Часы"),
                count(presses),
                lang.pick("one for each ply", "по одному на каждый полуход")
            ));
        }
        let (left_over, n) = if presses > plies {
            (
                lang.pick("presses without a move:", "нажатий без хода:"),
                presses - plies,
            )
        } else {
            (
                lang.pick("plies without a time:", "полуходов без времени:"),
                plies - presses,
            )
        };
        Some(format!(
            "{}: {}, {} {}; {left_over} {n}",
            lang.pick(
                "The clock does not match the sheet",
                "Часы не сходятся с бланком"
            ),
            count(presses),
            lang.pick("on the sheet", "на бланке"),
            lang.count(
                plies as u64,
                ["ply", "plies"],
                ["полуход", "полухода", "полуходов"]
            ),
        ))
    }

    /// The sheet as the codex lays it out, a move a line (number, White's move, Black's), each
    /// ply with the time its player had left after it; a ply clicked shows its position.
    fn moves<'a>(&'a self, times: Option<&[PressTimes]>, lang: Lang) -> Element<'a, Message> {
        let Some(Ok(replay)) = &self.sheet.checked else {
            return column![].into();
        };
        let shown = self.sheet.ply.min(replay.plies());
        let offset = replay.offset();
        let ply_button = |i: usize| -> Element<'a, Message> {
            let ply = i + 1;
            let left = times.and_then(|t| t.get(i)).map(|t| {
                crate::ui::format::clock(match replay.turn(i) {
                    Color::White => t.white_ms,
                    Color::Black => t.black_ms,
                })
            });
            let label = match left {
                Some(left) => format!("{}  {left}", replay.written(i)),
                None => replay.written(i),
            };
            button(text(label).size(16))
                .style(if shown == ply {
                    button::primary
                } else {
                    button::text
                })
                .width(Length::Fixed(190.0))
                .on_press(Message::Sheet(score_sheet::Message::Ply(ply)))
                .into()
        };
        let mut lines = column![row![button(text(lang.pick("start", "начало")).size(15))
            .style(if shown == 0 {
                button::primary
            } else {
                button::text
            })
            .on_press(Message::Sheet(score_sheet::Message::Ply(0))),]]
        .spacing(0);
        // Line k holds plies 2k and 2k+1 counted from the first mover's first move; a game that
        // starts with the second mover leaves the first cell of its first line empty.
        let total = replay.plies() + offset;
        for line in 0..total.div_ceil(2) {
            let cell = |slot: usize| -> Element<'a, Message> {
                match slot.checked_sub(offset) {
                    Some(i) if i < replay.plies() => ply_button(i),
                    _ => text("").width(Length::Fixed(190.0)).into(),
                }
            };
            lines = lines.push(
                row![
                    text(format!("{}.", line + 1))
                        .size(16)
                        .width(Length::Fixed(44.0)),
                    cell(2 * line),
                    cell(2 * line + 1),
                ]
                .align_y(iced::Alignment::Center),
            );
        }
        lines.into()
    }
}

/// Game `game` of board `board` in round `round` as its record is stored ("" without one).
fn stored_record(t: &Tournament, round: usize, board: usize, game: usize) -> String {
    pairing(t, round, board)
        .and_then(|(_, p)| p.records.get(&game).cloned())
        .unwrap_or_default()
}

/// The round numbered `number`.
fn current(t: &Tournament, number: usize) -> Option<&Round> {
    t.rounds.iter().find(|r| r.number == number)
}

/// Board `board`'s pairing of round `round`, with the round.
fn pairing(t: &Tournament, round: usize, board: usize) -> Option<(&Round, &Pairing)> {
    let r = current(t, round)?;
    Some((r, r.pairings.iter().find(|p| p.board == board)?))
}

/// A game's number as the arbiter says it: `1`, `2`, or an extra game `доп. 1`.
fn game_label(p: &Pairing, game: usize, lang: Lang) -> String {
    match game.checked_sub(p.games.len()) {
        None => (game + 1).to_string(),
        Some(extra) => format!("{} {}", lang.pick("extra", "доп."), extra + 1),
    }
}

/// Every stored record of the round checked against the rules.
fn check_round(t: &Tournament, round: &Round) -> BTreeMap<(usize, usize), Finding> {
    round
        .pairings
        .iter()
        .flat_map(|p| p.records.keys().map(move |&g| (p, g)))
        .map(|(p, g)| {
            let checked = records::check(t, round, p, g);
            let finding = Finding {
                plies: checked.pdn.moves.len(),
                illegal: checked
                    .report
                    .first_illegal
                    .as_ref()
                    .map(|i| (i.number, i.side)),
            };
            ((p.board, g), finding)
        })
        .collect()
}
