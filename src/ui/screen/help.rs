//! The keys, shown over any screen with F1.

use iced::widget::{button, column, container, opaque, row, text};
use iced::{Element, Length};

use crate::lang::Lang;
use crate::ui::theme;

/// (key, English, Russian)
pub const KEYS: &[(&str, &str, &str)] = &[
    ("F1", "this help", "эта справка"),
    (
        "F2 … F8",
        "Event, Rounds, Clocks, Ballot, Claims, Games, Standings",
        "Турнир, Туры, Часы, Жеребьёвка, Заявления, Партии, Таблица",
    ),
    (
        "F12",
        "hall wall on/off (Esc leaves it)",
        "стена зала вкл/выкл (Esc — выход)",
    ),
    (
        "F11",
        "full screen (for the projector)",
        "полный экран (для проектора)",
    ),
    (
        "Ctrl+Z",
        "undo the last change to the event",
        "отменить последнее изменение",
    ),
    (
        "↑ ↓ ← →",
        "Rounds: move between games",
        "Туры: переход между партиями",
    ),
    (
        "1  =  0",
        "Rounds: White wins, draw, Black wins",
        "Туры: победа белых, ничья, победа чёрных",
    ),
    (
        "+  −  /",
        "Rounds: forfeit +/−, −/+, −/−",
        "Туры: неявка +/−, −/+, −/−",
    ),
    (
        "Delete",
        "Rounds: clear the result",
        "Туры: стереть результат",
    ),
    (
        "Shift ◀ / ▶",
        "Clocks: White / Black of the chosen board completes a move (not while typing in a field)",
        "Часы: белые / чёрные выбранной доски сделали ход (не при вводе в поле)",
    ),
    (
        "Space",
        "Clocks: pause / resume the chosen board",
        "Часы: пауза / продолжить выбранную доску",
    ),
    (
        "Tab / Shift+Tab",
        "Forms: the next / previous field",
        "Формы: следующее / предыдущее поле",
    ),
    (
        "Enter",
        "Forms: save (a player, the settings, open a path)",
        "Формы: сохранить (участника, настройки, открыть путь)",
    ),
    (
        "Page Up / Down",
        "Clocks: choose the board",
        "Часы: выбор доски",
    ),
    (
        "Pause",
        "Clocks: stop every clock in the hall / start them again",
        "Часы: остановить все часы зала / продолжить",
    ),
];

/// The overlay's one button.
#[derive(Clone, Debug)]
pub enum Message {
    Close,
}

pub fn view(lang: Lang) -> Element<'static, Message> {
    let lines = KEYS.iter().map(|(k, en, ru)| {
        row![
            text(*k).size(20).width(Length::Fixed(220.0)),
            text(lang.pick(en, ru)).size(20)
        ]
        .into()
    });
    let panel = container(
        column![
            text(lang.pick("Keys", "Клавиши")).size(30),
            column(lines).spacing(6),
            button(text(lang.pick("Close (Esc)", "Закрыть (Esc)"))).on_press(Message::Close),
        ]
        .spacing(14)
        .padding(24),
    )
    .style(theme::panel)
    .max_width(900);
    opaque(
        container(panel)
            .center(Length::Fill)
            .style(|_| container::Style {
                background: Some(iced::Color::from_rgba(0.0, 0.0, 0.0, 0.45).into()),
                ..container::Style::default()
            }),
    )
}
