//! The hall wall: every board of the round on the projector, white and yellow digits on black.
//! The grid is chosen for the screen so the digits are as large as they can be: with four
//! boards on a 1080p projector they are well over 1/8 of the screen height; forty still fit.

use iced::widget::text::Wrapping;
use iced::widget::{button, column, container, grid, responsive, row, text};
use iced::{Element, Length, Size};

use super::clocks::{Seat, State};
use crate::clock::game_clock::{SideView, Snapshot};
use crate::report::Lang;
use crate::rules::Color;
use crate::tournament::model::Tournament;
use crate::ui::app::Message;
use crate::ui::{format, theme};

/// Height of a digit's glyph as a share of the font size (Fira Sans, measured on the rendered
/// wall: 56 px glyphs at size 75).
pub const GLYPH: f32 = 0.72;

/// Columns and rows for `n` boards in `area`, and the digits' font size, chosen to make the
/// digits as large as they can be. A board's cell shows two clocks side by side ("44:49" is
/// 2.3 font sizes wide, with a gap) between a line of names and a line of moves (1.95 font
/// sizes tall in all).
pub fn layout(n: usize, area: Size) -> (usize, usize, f32) {
    let n = n.max(1);
    let mut best = (1, n, 0.0);
    for cols in 1..=n {
        let rows = n.div_ceil(cols);
        let (w, h) = (
            area.width / cols as f32 - 8.0,
            area.height / rows as f32 - 8.0,
        );
        let digit = ((w - 16.0) / 4.7).min((h - 12.0) / 1.95);
        if digit > best.2 {
            best = (cols, rows, digit);
        }
    }
    best
}

pub fn view<'a>(
    clocks: &'a State,
    t: Option<&'a Tournament>,
    now: u64,
    lang: Lang,
) -> Element<'a, Message> {
    let title = match (t, clocks.game) {
        (Some(t), Some((r, g))) => format!(
            "{} · {} {r} · {} {}",
            t.name,
            lang.pick("round", "тур"),
            lang.pick("game", "партия"),
            g + 1
        ),
        (Some(t), None) => t.name.clone(),
        _ => String::new(),
    };
    let header = row![
        text(title)
            .size(28)
            .color(theme::WALL_TEXT)
            .width(Length::Fill),
        button(text(lang.pick("Console (Esc)", "Пульт (Esc)")).size(16))
            .style(button::secondary)
            .on_press(Message::Wall(false)),
    ]
    .align_y(iced::Alignment::Center);
    let seats = clocks.seats(t);
    let snaps: Vec<Snapshot> = clocks
        .hall
        .snapshots(now)
        .into_iter()
        .map(|(_, s)| s)
        .collect();
    let body = responsive(move |size| {
        let n = seats.len();
        if n == 0 {
            return container(
                text(lang.pick(
                    "No clocks: set them up on the Clocks screen (F4).",
                    "Часов нет: создайте их на экране «Часы» (F4).",
                ))
                .size(40)
                .color(theme::WALL_TEXT),
            )
            .center(Length::Fill)
            .into();
        }
        let (cols, _, digit) = layout(n, size);
        let cells = seats
            .iter()
            .zip(&snaps)
            .map(|(seat, s)| face(seat, s, digit, lang));
        grid(cells)
            .columns(cols)
            .spacing(8)
            .height(grid::Sizing::EvenlyDistribute(Length::Fill))
            .into()
    });
    container(column![header, body].spacing(6).padding(6))
        .width(Length::Fill)
        .height(Length::Fill)
        .style(theme::wall)
        .into()
}

fn face<'a>(seat: &Seat, s: &Snapshot, digit: f32, lang: Lang) -> Element<'a, Message> {
    let small = (digit * 0.3).clamp(9.0, 40.0);
    let colour = |c: Color, v: &SideView| {
        if v.flag_ms.is_some() {
            theme::FLAG
        } else if s.running == Some(c) && !s.paused {
            theme::RUNNING
        } else if s.paused && s.running == Some(c) {
            theme::PAUSED
        } else {
            theme::WALL_TEXT
        }
    };
    let line = |content: String, size: f32, colour: iced::Color| {
        text(content)
            .size(size)
            .color(colour)
            .wrapping(Wrapping::None)
            .width(Length::Fill)
            .center()
    };
    let time = |c: Color, v: &SideView| {
        // "0:07.3" and "1:02:05" are longer than "44:49": shrink them to the same width.
        let t = format::clock(v.ms_left);
        let size = digit * 5.0 / t.chars().count().max(5) as f32;
        line(t, size, colour(c, v))
    };
    let info = |c: Color, v: &SideView| {
        let t = if v.flag_ms.is_some() {
            lang.pick("FLAG", "ФЛАГ").to_string()
        } else {
            format!(
                "{} {} · {} {}",
                v.moves,
                lang.pick("mv", "х."),
                lang.pick("P", "П"),
                v.period
            )
        };
        line(t, small, colour(c, v))
    };
    let gap = digit * 0.12;
    container(
        column![
            row![
                text(seat.board.clone()).size(small).color(theme::WALL_TEXT),
                line(seat.white.clone(), small, theme::WALL_TEXT),
                line(seat.black.clone(), small, theme::WALL_TEXT),
            ]
            .spacing(gap),
            row![time(Color::White, &s.white), time(Color::Black, &s.black)].spacing(gap),
            row![info(Color::White, &s.white), info(Color::Black, &s.black)].spacing(gap),
        ]
        .spacing(2),
    )
    .padding([2, 6])
    .center_y(Length::Fill)
    .width(Length::Fill)
    .style(theme::wall_cell)
    .into()
}

#[cfg(test)]
mod tests {
    use super::{layout, GLYPH};
    use iced::Size;

    #[test]
    fn four_boards_on_1080p_get_digits_over_an_eighth_of_the_height() {
        // A 1080p projector at scale 1 (the wall's title line and margins taken off) and at
        // scale 2 (what the screenshots render).
        for (area, height) in [
            (Size::new(1904.0, 1030.0), 1080.0),
            (Size::new(944.0, 495.0), 540.0),
        ] {
            let (cols, rows, digit) = layout(4, area);
            assert!(cols * rows >= 4);
            assert!(digit * GLYPH >= height / 8.0, "{digit} in {area:?}");
        }
        let (cols, rows, digit) = layout(40, Size::new(1904.0, 1030.0));
        assert!(cols * rows >= 40);
        assert!(
            digit * GLYPH >= 20.0,
            "40 boards still readable up close: {digit}"
        );
    }
}
