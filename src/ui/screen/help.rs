//! The keys, shown over any screen with F1.

use iced::widget::{button, column, container, opaque, row, text};
use iced::{Element, Length};

use crate::lang::Lang;
use crate::ui::theme;

/// (key, English, Russian); the result keys come from [`crate::ui::result_keys`], after the
/// arrows.
pub const KEYS: &[(&str, &str, &str)] = &[
    ("F1", "this help", "эта справка"),
    (
        "F2 … F8",
        "Event, Rounds, Clocks, Ballot, Claims, Games, Standings",
        "Турнир, Туры, Часы, Жеребьёвка, Заявления, Партии, Таблица",
    ),
    (
        "F12",
        "hall wall on/off (Esc leaves it; ← → its pages)",
        "стена зала вкл/выкл (Esc — выход; ← → её страницы)",
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
        "Ctrl+Y, Ctrl+Shift+Z",
        "redo the change last undone",
        "вернуть последнее отменённое изменение",
    ),
    (
        "↑ ↓ ← →",
        "Rounds: move between games",
        "Туры: переход между партиями",
    ),
    (
        "Shift",
        "Clocks: the chosen board's move is made — left Shift White's, right Shift Black's (not while typing in a field)",
        "Часы: ход на выбранной доске сделан — левый Shift у белых, правый у чёрных (не при вводе в поле)",
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
        "Clocks: stop every clock in the hall / start them again (not while typing in a field)",
        "Часы: остановить все часы зала / продолжить (не при вводе в поле)",
    ),
];

/// The overlay's one button.
#[derive(Clone, Debug)]
pub enum Message {
    Close,
}

/// Every line of the help, in order: (keys, what they do).
pub fn lines(lang: Lang) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = KEYS
        .iter()
        .map(|(k, en, ru)| (k.to_string(), lang.pick(en, ru).to_string()))
        .collect();
    let after = KEYS
        .iter()
        .position(|(k, ..)| *k == "↑ ↓ ← →")
        .map_or(0, |i| i + 1);
    out.splice(after..after, crate::ui::result_keys::help_lines(lang));
    out
}

pub fn view(lang: Lang) -> Element<'static, Message> {
    let lines = lines(lang).into_iter().map(|(k, said)| {
        row![
            text(k).size(20).width(Length::Fixed(220.0)),
            text(said).size(20)
        ]
        .into()
    });
    let panel = container(
        column![
            text(lang.pick("Keys", "Клавиши")).size(30),
            column(lines).spacing(6),
            // The language has no key: its button is named here, where a newcomer looks.
            text(lang.pick(
                "Language: the «Русский» button at the top right — every screen and document in Russian.",
                "Язык: кнопка «English» справа вверху — все экраны и документы по-английски."
            ))
            .size(18),
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
