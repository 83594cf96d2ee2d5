//! Clocks screen: the hall's clocks board by board, started by the arbiter, pressed by mouse or
//! keys, paused one by one or all at once, corrected with a reason. The clocks themselves live in
//! the session ([`Clocks`]); this screen holds only what is being typed.

use iced::widget::{
    button, column, container, pick_list, row, scrollable, text, text_input, Column,
};
use iced::{Element, Length};

use super::Action;
use crate::clock::game_clock::Snapshot;
use crate::lang::Lang;
use crate::rules::Color;
use crate::tournament::model::Tournament;
use crate::ui::session::clocks::{Clocks, Request, Seat};
use crate::ui::session::Session;
use crate::ui::{format, theme};

/// The list of boards, scrolled to the board chosen with Page Up / Down.
pub const BOARD_LIST: &str = "clock-boards";

/// Scrolls the list of boards so that board `i` of `n` is in sight: at the list's same fraction
/// the board always lies inside the window.
pub fn scroll_to_board<T>(i: usize, n: usize) -> iced::Task<T> {
    let y = if n > 1 {
        i as f32 / (n - 1) as f32
    } else {
        0.0
    };
    iced::widget::operation::snap_to(
        BOARD_LIST,
        iced::widget::operation::RelativeOffset { x: 0.0, y },
    )
}

/// The correction reason's field (tests find it by this id).
pub const REASON_FIELD: &str = "clock-reason";

/// What the arbiter is typing for a correction.
#[derive(Default)]
pub struct State {
    side: Option<Color>,
    seconds: String,
    reason: String,
}

#[derive(Clone, Debug)]
pub enum Message {
    Request(Request),
    Side(Color),
    Seconds(String),
    Reason(String),
    Correct,
    UndoPress,
    /// The keys of board `0`'s buttons, typed as two characters.
    Keys(usize, String),
}

impl State {
    pub fn update(&mut self, message: Message, clocks: &Clocks, lang: Lang) -> Action<Message> {
        match message {
            Message::Request(r) => Action::Clock(r),
            Message::Side(c) => {
                self.side = Some(c);
                Action::None
            }
            Message::Seconds(s) => {
                self.seconds = s;
                Action::None
            }
            Message::Reason(s) => {
                self.reason = s;
                Action::None
            }
            Message::Keys(board, text) => Action::Keys(board, text),
            Message::Correct => {
                let (Some(side), Ok(secs)) = (self.side, self.seconds.trim().parse::<f64>()) else {
                    return Action::error(lang.pick(
                        "Choose the side and type the seconds (e.g. 120 or -60)",
                        "Выберите сторону и введите секунды (например, 120 или -60)",
                    ));
                };
                if self.reason.trim().is_empty() {
                    return Action::error(
                        lang.pick("A correction needs a reason", "Для поправки нужна причина"),
                    );
                }
                // The form is emptied for the next correction: a side and seconds left standing
                // were applied to the next board chosen.
                self.side = None;
                self.seconds.clear();
                Action::Clock(Request::Adjust {
                    board: clocks.selected,
                    side,
                    ms: (secs * 1000.0).round() as i64,
                    reason: std::mem::take(&mut self.reason),
                })
            }
            Message::UndoPress => {
                if self.reason.trim().is_empty() {
                    return Action::error(
                        lang.pick("A correction needs a reason", "Для поправки нужна причина"),
                    );
                }
                Action::Clock(Request::Undo {
                    board: clocks.selected,
                    reason: std::mem::take(&mut self.reason),
                })
            }
        }
    }

    pub fn view<'a>(&'a self, session: &'a Session, t: &'a Tournament) -> Element<'a, Message> {
        let (clocks, lang) = (&session.clocks, session.lang);
        // Only the current round's clocks are driven here; a hall left from an earlier round is
        // named in the title and its boards are not shown.
        let current = clocks.of_current_round(Some(t));
        // The hall-wide buttons act on clocks: with none set up they are not offered.
        let any = current && !clocks.hall.boards().is_empty();
        column![
            setup(clocks, t, any, lang),
            text(title(clocks, t, current, lang)).size(20),
            scrollable(column(board_rows(session, t, current)).spacing(6))
                .id(BOARD_LIST)
                .height(Length::Fill),
        ]
        // A correction needs a clock to correct.
        .push(any.then(|| {
            container(self.correction(clocks, lang))
                .padding(8)
                .style(theme::panel)
        }))
        .push(
            text(lang.pick(
                "Keys: Shift left / right — White / Black of the chosen board completes a move; Space — pause / resume it; Page Up / Down — choose the board; Pause — the whole hall.",
                "Клавиши: левый / правый Shift — ход белых / чёрных на выбранной доске; пробел — пауза / пуск; Page Up / Down — выбор доски; Pause — весь зал."
            ))
            .size(15),
        )
        .spacing(10)
        .into()
    }

    /// A correction of the chosen board's clock: the side, the seconds, the reason, and the
    /// press taken back.
    fn correction<'a>(&'a self, clocks: &Clocks, lang: Lang) -> Element<'a, Message> {
        let sides = format::sides(lang).to_vec();
        row![
            text(format!(
                "{} {}:",
                lang.pick("Board", "Доска"),
                clocks
                    .hall
                    .boards()
                    .get(clocks.selected)
                    .map_or_else(|| "—".to_string(), |b| b.name())
            ))
            .size(18),
            pick_list(sides.clone(), format::chosen(&sides, self.side), |c| {
                Message::Side(c.value)
            })
            .placeholder(lang.pick("side", "сторона")),
            text_input(lang.pick("± seconds", "± секунды"), &self.seconds)
                .on_input(Message::Seconds)
                .width(Length::Fixed(110.0)),
            text_input(lang.pick("reason", "причина"), &self.reason)
                .id(REASON_FIELD)
                .on_input(Message::Reason)
                .width(Length::Fill),
            button(text(lang.pick("Add time", "Добавить время"))).on_press(Message::Correct),
            button(text(lang.pick("Undo last press", "Отменить нажатие")))
                .style(button::secondary)
                .on_press(Message::UndoPress),
        ]
        .spacing(8)
        .align_y(iced::Alignment::Center)
        .into()
    }
}

/// The clocks to set up, one button per game of the last round; the hall-wide buttons (offered
/// with `any` clock).
fn setup<'a>(clocks: &Clocks, t: &Tournament, any: bool, lang: Lang) -> Element<'a, Message> {
    let req = Message::Request;
    let mut setup = row![].spacing(8).align_y(iced::Alignment::Center);
    if let Some(r) = t.rounds.last() {
        let games = t.settings.format.games.max(1) as usize;
        for g in 0..t.clock_games() {
            let label = if g < games {
                format!(
                    "{} {}, {} {}",
                    lang.pick("Clocks for round", "Часы: тур"),
                    r.number,
                    lang.pick("game", "партия"),
                    g + 1
                )
            } else {
                format!(
                    "{} {} ({})",
                    lang.pick("extra game", "доп. партия"),
                    g + 1 - games,
                    t.time_control_of_game(g).said(lang)
                )
            };
            setup = setup.push(
                button(text(label))
                    .style(if clocks.game == Some((r.number, g)) {
                        button::primary
                    } else {
                        button::secondary
                    })
                    .on_press(req(Request::Setup {
                        round: r.number,
                        game: g,
                    })),
            );
        }
    }
    setup
        .push(iced::widget::space::horizontal())
        .push(
            button(text(lang.pick("Start all", "Старт всех")))
                .style(button::success)
                .on_press_maybe(any.then(|| req(Request::StartAll))),
        )
        .push(
            button(text(lang.pick("Pause all", "Стоп все")))
                .style(button::danger)
                .on_press_maybe(any.then(|| req(Request::PauseAll))),
        )
        .push(
            button(text(lang.pick("Resume all", "Пуск все")))
                .on_press_maybe(any.then(|| req(Request::ResumeAll))),
        )
        .into()
}

/// The boards of the `current` round's hall (none from an earlier round's).
fn board_rows<'a>(
    session: &'a Session,
    t: &Tournament,
    current: bool,
) -> impl Iterator<Item = Element<'a, Message>> {
    let (clocks, now, lang) = (&session.clocks, session.now, session.lang);
    let seats = if current {
        clocks.seats(Some(t))
    } else {
        Vec::new()
    };
    let snaps = clocks.hall.snapshots(now);
    seats
        .into_iter()
        .zip(snaps)
        .enumerate()
        .map(move |(i, (seat, (_, s)))| {
            let keys = clocks.keys_of(i);
            board_row(
                i,
                seat,
                s,
                i == clocks.selected,
                keys,
                clocks.hall.boards().get(i),
                lang,
            )
        })
}

/// What the hall's clocks are: the round and game, an earlier round's, or none yet.
fn title(clocks: &Clocks, t: &Tournament, current: bool, lang: Lang) -> String {
    match clocks.game {
        Some((r, g)) if !current => format!(
            "{} {r}, {} {}: {} {}.",
            lang.pick("The clocks set up are round", "Созданы часы тура"),
            lang.pick("game", "партия"),
            g + 1,
            lang.pick(
                "an earlier round; set up the clocks of round",
                "это прошлый тур; создайте часы тура"
            ),
            t.rounds.last().map_or(0, |r| r.number)
        ),
        Some((r, g)) => format!(
            "{} {r}, {} {} · {}",
            lang.pick("Round", "Тур"),
            lang.pick("game", "партия"),
            g + 1,
            t.settings.time_control.said(lang)
        ),
        // Before the first round there is nothing to set up: say what comes first.
        None if t.rounds.is_empty() => lang
            .pick(
                "No clocks yet: add the players (Event) and pair round 1 (Rounds) first.",
                "Часов ещё нет: сначала внесите участников («Турнир») и составьте 1-й тур («Туры»).",
            )
            .to_string(),
        None => lang
            .pick(
                "No clocks yet: set them up for the round's game.",
                "Часов ещё нет: создайте их для партии тура.",
            )
            .to_string(),
    }
}

fn side_text(
    v: &crate::clock::game_clock::SideView,
    board: Option<&crate::clock::hall::Board>,
    lang: Lang,
) -> String {
    let mut s = lang.count(v.moves as u64, ["move", "moves"], ["ход", "хода", "ходов"]);
    // A period is named only where the control counts periods (not for an increment alone).
    if board.is_some_and(|b| b.clock().snapshot(0).staged) {
        s.push_str(&format!(
            " · {} {}",
            lang.pick("period", "период"),
            v.period
        ));
    }
    if let Some(f) = v.flag_ms {
        // The time of day the arbiter writes down, from the clock's own log (right after a
        // restart too).
        s.push_str(&format!(" · {}", lang.pick("FLAG", "ФЛАГ")));
        if let Some(at) = board.and_then(|b| b.wall_at(f)) {
            let at = at.with_timezone(&chrono::Local);
            s.push_str(&format!(
                " {} {}",
                lang.pick("at", "в"),
                at.format("%H:%M:%S")
            ));
        }
    }
    s
}

fn board_row<'a>(
    i: usize,
    seat: Seat,
    s: Snapshot,
    selected: bool,
    keys: String,
    board: Option<&crate::clock::hall::Board>,
    lang: Lang,
) -> Element<'a, Message> {
    // A clock that has events and runs no side was stopped (its game's result is in, or a
    // flag fell): it is told apart from one not started, and cannot be started again.
    let started = board.is_some_and(|b| b.clock().started());
    let state = match (s.running, s.paused) {
        (None, _) if s.over => lang.pick("stopped: game over", "остановлены: партия окончена"),
        (None, _) if !started => lang.pick("not started", "не пущены"),
        (None, _) => lang.pick("stopped", "остановлены"),
        (Some(_), true) => lang.pick("paused", "пауза"),
        (Some(Color::White), false) => lang.pick("White to move", "ход белых"),
        (Some(Color::Black), false) => lang.pick("Black to move", "ход чёрных"),
    };
    let content = row![
        button(text(seat.board.clone()).size(26))
            .style(button::text)
            .on_press(Message::Request(Request::Select(i))),
        face(Color::White, seat.white, &s, board, lang),
        face(Color::Black, seat.black, &s, board, lang),
        column![
            text(state).size(16),
            unlogged(board, lang),
            controls(i, &s, started, keys, lang)
        ]
        .spacing(6)
        .width(Length::FillPortion(3)),
    ]
    .spacing(16)
    .align_y(iced::Alignment::Center);
    let c = container(content).padding(8).width(Length::Fill);
    if selected {
        c.style(theme::focused).into()
    } else {
        c.style(theme::panel).into()
    }
}

/// A side's clock: the player, the time left (flagged, running or standing), the moves.
fn face<'a>(
    side: Color,
    name: String,
    s: &Snapshot,
    board: Option<&crate::clock::hall::Board>,
    lang: Lang,
) -> Column<'a, Message> {
    let v = match side {
        Color::White => &s.white,
        Color::Black => &s.black,
    };
    let colour = if v.flag_ms.is_some() {
        theme::FLAG
    } else if s.running == Some(side) && !s.paused {
        theme::OK
    } else {
        iced::Color::BLACK
    };
    column![
        text(name).size(18),
        text(format::clock(v.ms_left)).size(40).color(colour),
        text(side_text(v, board, lang)).size(14),
    ]
    .width(Length::FillPortion(3))
}

/// A board's buttons (start, press, pause or resume) and its keys.
fn controls<'a>(
    i: usize,
    s: &Snapshot,
    started: bool,
    keys: String,
    lang: Lang,
) -> Element<'a, Message> {
    let req = Message::Request;
    row![
        // Only a clock not yet running can be started: the clock refuses it otherwise.
        button(text(lang.pick("Start", "Пуск")))
            .on_press_maybe((s.running.is_none() && !started).then(|| req(Request::Start(i)))),
        // A clock stopped for its result takes no press and no pause (the result taken back
        // restarts it).
        button(text(lang.pick("Press", "Ход"))).on_press_maybe((!s.over).then(|| {
            req(Request::Press {
                board: i,
                side: None,
            })
        })),
        if s.paused {
            button(text(lang.pick("Resume", "Продолжить")))
                .on_press_maybe((!s.over).then(|| req(Request::Resume(i))))
        } else {
            button(text(lang.pick("Pause", "Пауза")))
                .style(button::secondary)
                .on_press_maybe((!s.over).then(|| req(Request::Pause(i))))
        },
        text_input(lang.pick("keys", "клавиши"), &keys)
            .on_input(move |k| Message::Keys(i, k))
            .width(Length::Fixed(92.0)),
    ]
    .spacing(6)
    .into()
}

/// "Not logged": the clock runs on in memory, its records wait for the disk.
fn unlogged<'a>(board: Option<&crate::clock::hall::Board>, lang: Lang) -> Element<'a, Message> {
    match board.map_or(0, |b| b.unlogged()) {
        0 => iced::widget::space().into(),
        _ => text(lang.pick(
            "NOT LOGGED: the clock runs on; its records are written when the disk takes them",
            "НЕ ЗАПИСАНО: часы идут; их записи попадут на диск, как только он их примет",
        ))
        .size(16)
        .color(theme::ERROR)
        .into(),
    }
}
