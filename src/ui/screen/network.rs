//! The hall's network: the switch for the read-only page phones open (off by default), its
//! address and a QR code to scan. Shown over any screen, as the help is.

use iced::mouse;
use iced::widget::canvas::{self, Canvas, Geometry};
use iced::widget::{button, column, container, opaque, row, text};
use iced::{Element, Length, Point, Rectangle, Renderer, Size, Theme};

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
    .padding(24)
    .max_width(900);
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
            if let Some(first) = urls.first() {
                if let Some(qr) = Qr::new(first) {
                    body = body.push(
                        container(
                            Canvas::new(qr)
                                .width(Length::Fixed(320.0))
                                .height(Length::Fixed(320.0)),
                        )
                        .center_x(Length::Fill),
                    );
                }
            }
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
    opaque(
        container(container(body).style(theme::panel))
            .center(Length::Fill)
            .style(|_| container::Style {
                background: Some(iced::Color::from_rgba(0.0, 0.0, 0.0, 0.45).into()),
                ..container::Style::default()
            }),
    )
}

/// A QR code of the page's address, drawn dark on white with its quiet zone.
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
}

impl<M> canvas::Program<M> for Qr {
    type State = ();

    fn draw(
        &self,
        _state: &(),
        renderer: &Renderer,
        _theme: &Theme,
        bounds: Rectangle,
        _cursor: mouse::Cursor,
    ) -> Vec<Geometry> {
        let mut frame = canvas::Frame::new(renderer, bounds.size());
        let side = bounds.width.min(bounds.height);
        // Four modules of quiet zone on each side, as scanners expect.
        let cell = (side / (self.width + 8) as f32).floor().max(1.0);
        let origin = (side - cell * self.width as f32) / 2.0;
        frame.fill_rectangle(Point::ORIGIN, Size::new(side, side), iced::Color::WHITE);
        for (i, &dark) in self.dark.iter().enumerate() {
            if dark {
                let (x, y) = ((i % self.width) as f32, (i / self.width) as f32);
                frame.fill_rectangle(
                    Point::new(origin + x * cell, origin + y * cell),
                    Size::new(cell, cell),
                    iced::Color::BLACK,
                );
            }
        }
        vec![frame.into_geometry()]
    }
}
