//! The hall's network: the switch for the read-only page phones open (off by default), its
//! address and a QR code to scan. Shown over any screen, as the help is.

use iced::widget::{button, column, container, opaque, row, text, Space};
use iced::{Element, Length};

use crate::lang::Lang;
use crate::ui::theme;

#[derive(Clone, Debug)]
pub enum Message {
    /// Turns the page on or off.
    Switch(bool),
    Close,
}

/// What the session says of the server: its addresses when on, or why it is off.
pub struct Shown<'a> {
    pub urls: Option<Vec<String>>,
    pub error: Option<&'a str>,
}

pub fn view<'a>(shown: Shown<'a>, lang: Lang) -> Element<'a, Message> {
    let mut body = column![
        text(lang.pick("Hall network", "Сеть зала")).size(30),
        text(lang.pick(
            "A read-only page for phones and screens on the hall's network: pairings, live clocks, results, standings. Nothing can be changed from it. Turn it on only on the hall's own Wi-Fi.",
            "Страница только для просмотра для телефонов и экранов в сети зала: пары, часы, результаты, таблица. С неё ничего нельзя изменить. Включайте только в собственной сети Wi-Fi зала."
        ))
        .size(18),
    ]
    .spacing(14)
    .width(Length::Fill);
    let mut code = None;
    match &shown.urls {
        Some(urls) => {
            body = body.push(
                button(text(lang.pick("Turn off", "Выключить")).size(20))
                    .style(button::danger)
                    .on_press(Message::Switch(false)),
            );
            body = body.push(
                text(lang.pick(
                    "On. Open on a phone in the same network:",
                    "Включено. Откройте на телефоне в той же сети:",
                ))
                .size(18)
                .color(theme::OK),
            );
            for url in urls {
                body = body.push(text(url.clone()).size(34));
            }
            code = urls.first().and_then(|first| Qr::new(first));
        }
        None => {
            body = body.push(
                button(text(lang.pick("Turn on", "Включить")).size(20))
                    .on_press(Message::Switch(true)),
            );
            body = body.push(text(lang.pick("Off.", "Выключено.")).size(18));
        }
    }
    if let Some(e) = shown.error {
        body = body.push(text(e.to_string()).size(18).color(theme::ERROR));
    }
    body = body.push(row![button(text(
        lang.pick("Close (Esc)", "Закрыть (Esc)")
    ))
    .on_press(Message::Close)]);
    // The code at the panel's top right and the panel at a whole-pixel offset from the window's
    // top: the software renderer draws boxes at fractional positions with grey seams between
    // them, which a scanner may not read.
    let mut panel = row![body].spacing(24).padding(24);
    if let Some(qr) = code {
        panel = panel.push(qr.view(360.0));
    }
    opaque(
        container(container(panel).style(theme::panel))
            .width(Length::Fill)
            .height(Length::Fill)
            .padding([96, 32])
            .style(|_| container::Style {
                background: Some(iced::Color::from_rgba(0.0, 0.0, 0.0, 0.45).into()),
                ..container::Style::default()
            }),
    )
}

/// A QR code of the page's address, dark on white with its quiet zone.
pub struct Qr {
    width: usize,
    dark: Vec<bool>,
}

impl Qr {
    pub fn new(text: &str) -> Option<Qr> {
        let code = qrcode::QrCode::new(text.as_bytes()).ok()?;
        Some(Qr {
            width: code.width(),
            dark: code
                .to_colors()
                .into_iter()
                .map(|c| c == qrcode::Color::Dark)
                .collect(),
        })
    }

    /// The code as plain boxes, a run of like modules per box, `side` pixels square. Not a
    /// canvas: under the software renderer a second canvas beside the board swapped pixels
    /// with it (the QR code stayed on the Claims screen, the board showed through this page).
    pub fn view<'a, M: 'a>(&self, side: f32) -> Element<'a, M> {
        // Four modules of quiet zone on each side, as scanners expect.
        let cell = (side / (self.width + 8) as f32).floor().max(1.0);
        let quiet = ((side - cell * self.width as f32) / 2.0).floor();
        let swatch = |dark: bool, len: usize| {
            // A space, not text: no text layout for each of the hundreds of boxes.
            container(
                Space::new()
                    .width(Length::Fixed(cell * len as f32))
                    .height(Length::Fixed(cell)),
            )
            // Light modules show the white behind the code.
            .style(move |_| container::Style {
                background: dark.then(|| iced::Color::BLACK.into()),
                ..container::Style::default()
            })
        };
        let mut rows = column![].spacing(0);
        for line in self.dark.chunks(self.width) {
            let mut runs = row![].spacing(0);
            let mut start = 0;
            while start < line.len() {
                let len = line[start..]
                    .iter()
                    .take_while(|&&d| d == line[start])
                    .count();
                runs = runs.push(swatch(line[start], len));
                start += len;
            }
            rows = rows.push(runs);
        }
        container(rows)
            .padding(quiet)
            .style(|_| container::Style {
                background: Some(iced::Color::WHITE.into()),
                ..container::Style::default()
            })
            .into()
    }
}
