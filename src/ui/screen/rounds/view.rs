//! What the Rounds screen shows: the bar (the round, the next one, lock, print, undo), the
//! round's boards with what goes above and under them, and the journal.

use iced::widget::{button, column, container, row, scrollable, table, text, Row};
use iced::{Element, Length};

use super::{default_time, knockout, result_at, slots, surname, Message, State};
use crate::lang::Lang;
use crate::store::event::EventFile;
use crate::store::said as describe;
use crate::tournament::model::{GameResult, Pairing, PlayerId, Round, System, Tournament};
use crate::tournament::system;
use crate::ui::theme;

/// A column of the round's table of boards.
type BoardColumn<'a> = table::Column<'a, 'a, &'a Pairing, Message>;

impl State {
    /// `due`: the forfeits the default time proposes now (the session knows the hall's time).
    pub fn view<'a>(
        &'a self,
        file: &'a EventFile,
        due: &[crate::tournament::schedule::DefaultForfeit],
        lang: Lang,
    ) -> Element<'a, Message> {
        let t = &file.tournament;
        let round = self.current(t);
        let bar = self.bar(file, round, lang);
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
            Some(r) => self.round_lines(t, r, due, lang),
        };
        scrollable(
            column![bar, body, journal(file, lang)]
                .spacing(16)
                .padding([0, 4]),
        )
        .height(Length::Fill)
        .into()
    }

    /// The bar above the round: ◀ the round ▶, the next round, lock, the PDFs, undo and redo.
    fn bar<'a>(
        &'a self,
        file: &'a EventFile,
        round: Option<&Round>,
        lang: Lang,
    ) -> Row<'a, Message> {
        let t = &file.tournament;
        let mut bar = row![
            button(text("◀").size(20))
                .on_press_maybe((self.round > 1).then(|| Message::Round(self.round - 1))),
            text(self.title(t, lang)).size(26),
            button(text("▶").size(20)).on_press_maybe(
                (self.round < t.rounds.len()).then(|| Message::Round(self.round + 1))
            ),
        ]
        .spacing(10)
        .align_y(iced::Alignment::Center)
        .push(self.next_round(t, lang));
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
        bar.push(
            button(text(lang.pick("Redo (Ctrl+Y)", "Вернуть (Ctrl+Y)")))
                .style(button::secondary)
                .on_press_maybe(file.redoable().map(|_| Message::Redo)),
        )
    }

    /// «Тур 3 / 7 · полуфинал»; before the first round there is no round 0 to show.
    fn title(&self, t: &Tournament, lang: Lang) -> String {
        let total = t.planned_rounds();
        if t.rounds.is_empty() {
            return match total {
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
            };
        }
        let of_total = total.map(|n| format!(" / {n}")).unwrap_or_default();
        let stage = system::of(t)
            .round_said(t, self.round, lang)
            .map(|s| format!(" · {s}"))
            .unwrap_or_default();
        format!(
            "{} {}{of_total}{stage}",
            lang.pick("Round", "Тур"),
            self.round
        )
    }

    /// The next round's button once it is due: from the table in a round robin, proposed as a
    /// draft in a Swiss.
    fn next_round<'a>(&self, t: &Tournament, lang: Lang) -> Option<Element<'a, Message>> {
        let next = t.rounds.len() + 1;
        let next_due = t
            .rounds
            .last()
            .is_none_or(|r| r.finished(&t.settings.format))
            && t.planned_rounds().is_none_or(|n| next <= n)
            && t.players.len() > 1
            && self.draft.is_none()
            && self.team_draft.is_none();
        if !next_due {
            return None;
        }
        let (label, message) = if t.settings.system == System::Swiss {
            (
                lang.pick("Swiss pairing of round", "Жеребьёвка тура"),
                Message::ProposeSwiss,
            )
        } else {
            (lang.pick("Pair round", "Составить тур"), Message::PairNext)
        };
        Some(
            button(text(format!("{label} {next}")))
                .on_press(message)
                .into(),
        )
    }

    /// The round: the match scores, the line-ups, the default time, the boards, who has the
    /// bye, the knockout's decisions, the lock, and the keys that type a result.
    fn round_lines<'a>(
        &'a self,
        t: &'a Tournament,
        r: &'a Round,
        due: &[crate::tournament::schedule::DefaultForfeit],
        lang: Lang,
    ) -> Element<'a, Message> {
        let team = t.is_team_event();
        let mut lines = column![]
            .push(team.then(|| text(crate::ui::format::match_scores(t, r, lang)).size(18)));
        // Line-ups come before the games: above the boards until the first result, under
        // them while a match is still to start.
        let line_ups = (team && super::super::line_up::State::any_open(r))
            .then(|| self.line_up.view(t, r, lang).map(Message::LineUp));
        let started = r.pairings.iter().any(|p| p.scored());
        let (above, below) = if started {
            (None, line_ups)
        } else {
            (line_ups, None)
        };
        lines = lines.push(above);
        lines = lines.push(default_time::panel(t, r.number, due, lang));
        lines = lines.push(self.boards_table(t, r, lang));
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
                    crate::ui::format::seated(t, bye)
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
        lines.push(self.result_keys(r, lang)).spacing(12).into()
    }

    /// A button for each result with its key, and one that clears the game.
    fn result_keys<'a>(&self, r: &Round, lang: Lang) -> Element<'a, Message> {
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
                .on_press_maybe((self.focus.is_some() && !r.locked).then_some(Message::Result(res)))
                .into()
        });
        row(keys).spacing(6).into()
    }

    /// The round's boards: who plays whom, each game's result, the score.
    fn boards_table<'a>(
        &'a self,
        t: &'a Tournament,
        r: &'a Round,
        lang: Lang,
    ) -> Element<'a, Message> {
        let mut columns = player_columns(t, r, lang);
        columns.extend(self.game_columns(t, r, lang));
        table(columns, r.pairings.iter())
            .padding_x(10)
            .padding_y(6)
            .into()
    }

    /// A column for each game (the micromatch's, then the extra ones), then the score.
    fn game_columns<'a>(
        &'a self,
        t: &'a Tournament,
        r: &'a Round,
        lang: Lang,
    ) -> Vec<BoardColumn<'a>> {
        let max_slots = r.pairings.iter().map(|p| slots(t, p)).max().unwrap_or(0);
        let games = t.settings.format.games.max(1) as usize;
        let team = t.is_team_event();
        let mut columns: Vec<BoardColumn<'a>> = (0..max_slots)
            .map(|slot| {
                let header = if slot < games {
                    format!("{} {}", lang.pick("Game", "Партия"), slot + 1)
                } else {
                    format!("{} {}", lang.pick("Extra", "Доп."), slot - games + 1)
                };
                let focus = self.focus;
                table::column(text(header), move |p: &Pairing| {
                    cell(t, p, slot, focus, games > 1 || team, lang)
                })
            })
            .collect();
        columns.push(table::column(
            text(lang.pick("Score", "Счёт")),
            move |p: &Pairing| {
                let mut s = crate::report::score_from(t, p, left_of(t, r, p), lang);
                if let Some(on) = knockout::goes_on(t, p, lang) {
                    s.push_str(&format!("  {on}"));
                } else if let Some(winner) = p.extra_winner(games) {
                    s.push_str(&format!(
                        " ({} {})",
                        lang.pick("extra:", "доп.:"),
                        crate::ui::format::seated(t, winner)
                    ));
                }
                text(s).size(18)
            },
        ));
        columns
    }
}

/// The columns before the games: the board, a team event's match, the two players, the ballot.
fn player_columns<'a>(t: &'a Tournament, r: &'a Round, lang: Lang) -> Vec<BoardColumn<'a>> {
    let name = |id| crate::ui::format::seated(t, id);
    let (left, right) = side_headers(t, lang);
    let mut columns = vec![table::column(
        text(lang.pick("Board", "Доска")),
        move |p: &Pairing| board_cell(t, r.number, p.board, lang),
    )];
    // A team event: each board's match and its board in the match.
    if t.is_team_event() {
        columns.push(table::column(
            text(lang.pick("Match", "Матч")),
            move |p: &Pairing| text(crate::ui::format::match_board(t, r, p.board)).size(18),
        ));
    }
    columns.push(table::column(text(left), move |p: &Pairing| {
        text(name(left_of(t, r, p))).size(18)
    }));
    columns.push(table::column(text(right), move |p: &Pairing| {
        text(name(right_of(t, r, p))).size(18)
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
    columns
}

/// The players' columns' names. In a micromatch the colours change every game: the columns
/// name game 1's, and each game's cell names its own White.
fn side_headers(t: &Tournament, lang: Lang) -> (&'static str, &'static str) {
    if t.is_team_event() {
        (
            lang.pick("First team's player", "Игрок 1-й команды"),
            lang.pick("Second team's player", "Игрок 2-й команды"),
        )
    } else if t.settings.format.games.max(1) > 1 {
        (
            lang.pick("White in game 1", "Белые в 1-й партии"),
            lang.pick("Black in game 1", "Чёрные в 1-й партии"),
        )
    } else {
        (lang.pick("White", "Белые"), lang.pick("Black", "Чёрные"))
    }
}

/// The board's player on the left. A team event reads each board as its match does (the match
/// protocol, the match's score): the first team's player on the left, the score his first;
/// each game's cell names its White (issue 53: the screen read «0 : 2» from White where the
/// protocol read «2 : 0» for the same board).
fn left_of(t: &Tournament, r: &Round, p: &Pairing) -> PlayerId {
    if !t.is_team_event() {
        return p.white;
    }
    r.match_of_board(p.board)
        .map_or(p.white, |(m, _)| t.player_for(p, m.home))
}

/// The board's player on the right: the left one's opponent.
fn right_of(t: &Tournament, r: &Round, p: &Pairing) -> PlayerId {
    p.opponent(left_of(t, r, p)).unwrap_or(p.black)
}

/// The journal's latest entries, the latest first.
fn journal<'a>(file: &'a EventFile, lang: Lang) -> Element<'a, Message> {
    let t = &file.tournament;
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
    container(
        column![text(lang.pick("Journal (latest first)", "Журнал (последние сверху)")).size(18)]
            .extend(journal)
            .spacing(4),
    )
    .padding(8)
    .width(Length::Fill)
    .style(theme::panel)
    .into()
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
