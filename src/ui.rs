//! The arbiter's window. Until the console screens land, it shows a variant's start position on a
//! drawn board, with a picker to look at each variant's board.

pub mod widget;

use iced::widget::{column, container, pick_list, row, text};
use iced::{Element, Font, Length, Task, Theme};

use crate::rules::variant::ALL;
use crate::rules::{fen, Position, Variant};

/// The variant shown first: the sample events are шашки-64 (Russian rules).
const FIRST_VARIANT: Variant = Variant::Russian;

pub fn run() -> iced::Result {
    iced::application(App::new, App::update, App::view)
        .title("shashki-arbiter")
        .default_font(Font::with_name("Fira Sans"))
        .theme(|_: &App| Theme::Light)
        .window_size((900.0, 760.0))
        .run()
}

#[derive(Debug, Clone)]
pub enum Message {
    VariantChosen(Variant),
}

pub struct App {
    variant: Variant,
    position: Position,
    board: widget::board::Board,
}

impl App {
    pub fn new() -> (App, Task<Message>) {
        let position = Position::start(FIRST_VARIANT);
        (
            App {
                variant: FIRST_VARIANT,
                board: widget::board::Board::new(position),
                position,
            },
            Task::none(),
        )
    }

    pub fn update(&mut self, message: Message) -> Task<Message> {
        match message {
            Message::VariantChosen(v) => {
                self.variant = v;
                self.position = Position::start(v);
                self.board.set_position(self.position);
            }
        }
        Task::none()
    }

    pub fn view(&self) -> Element<'_, Message> {
        let header = row![
            text("shashki-arbiter").size(28),
            iced::widget::space::horizontal(),
            pick_list(&ALL[..], Some(self.variant), Message::VariantChosen),
        ]
        .spacing(16)
        .align_y(iced::Alignment::Center);
        let (wm, wk) = self.position.count(crate::rules::Color::White);
        let (bm, bk) = self.position.count(crate::rules::Color::Black);
        let status = text(format!(
            "{} — start position, {} to move · White {} men {} kings · Black {} men {} kings",
            self.variant,
            self.position.turn(),
            wm,
            wk,
            bm,
            bk
        ))
        .size(18);
        let fen_line = text(format!("FEN {}", fen::write(&self.position))).size(14);
        container(
            column![header, self.board.view(), status, fen_line]
                .spacing(12)
                .padding(16),
        )
        .width(Length::Fill)
        .height(Length::Fill)
        .into()
    }
}
