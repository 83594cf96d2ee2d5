//! A knockout's bracket on the wall: the last rounds (from the round of 16 on) as columns, each
//! match a box of its two slots, each column's boxes spread evenly over the height so that a
//! winner's box stands half-way between the two he came from; the champion last, the match for
//! third place under him.

use iced::widget::text::Wrapping;
use iced::widget::{column, container, responsive, row, text};
use iced::{Element, Length};
use std::rc::Rc;

use super::Message;
use crate::lang::Lang;
use crate::report::bracket::{round_said, side, slot_said, third_place_said};
use crate::tournament::system::knockout::{Bracket, BracketMatch, Slot};
use crate::ui::theme;

/// Rounds drawn at most: a first column of 8 matches (16 names) is what the back of a hall
/// reads on a projector; earlier rounds are on the Pairings page and in the printed bracket.
pub const SHOWN_ROUNDS: usize = 4;

/// A loser's line: readable, but behind the one who went on.
const OUT: iced::Color = iced::Color::from_rgb(0.6, 0.6, 0.6);

pub fn view<'a>(b: Rc<Bracket>, lang: Lang) -> Element<'a, Message> {
    if b.rounds.is_empty() {
        return text("").into();
    }
    responsive(move |size| {
        let first = b.rounds.len().saturating_sub(SHOWN_ROUNDS);
        let shown = &b.rounds[first..];
        let names = 2 * shown[0].matches.len();
        // Each name a line of 1.45 font sizes, a box's two lines with its padding about 3.6;
        // across, every column holds the longest slot (a character is 0.55 of the size wide).
        let longest = shown
            .iter()
            .flat_map(|r| &r.matches)
            .flat_map(|m| [&m.top, &m.bottom])
            .flatten()
            .map(|s| s.name.chars().count() + 10)
            .max()
            .unwrap_or(20);
        let by_height = (size.height - 60.0) / (names as f32 * 1.8 + 1.5);
        let by_width = size.width / (shown.len() + 1) as f32 / (0.55 * longest as f32 + 2.0);
        let px = by_height.min(by_width).clamp(12.0, 48.0);
        let columns = shown
            .iter()
            .map(|r| {
                let heading = round_said(r.number, b.rounds.len(), lang);
                let first = r.number == 1;
                round_column(
                    heading,
                    r.matches.iter().map(|m| match_box(m, first, px, lang)),
                    px,
                )
            })
            .chain(std::iter::once(round_column(
                lang.pick("Winner", "Победитель").to_string(),
                last_column(&b, px, lang).into_iter(),
                px,
            )));
        row(columns).spacing(px).padding([0, 12]).into()
    })
    .into()
}

/// A column: its heading, then its boxes each in an equal share of the height, centred in it.
fn round_column<'a>(
    heading: String,
    boxes: impl Iterator<Item = Element<'a, Message>>,
    px: f32,
) -> Element<'a, Message> {
    let cells = boxes.map(|b| {
        container(b)
            .width(Length::Fill)
            .height(Length::FillPortion(1))
            .align_y(iced::Alignment::Center)
            .into()
    });
    column![
        text(heading)
            .size(px * 0.8)
            .color(theme::RUNNING)
            .wrapping(Wrapping::None),
        column(cells).height(Length::Fill)
    ]
    .spacing(px * 0.4)
    .width(Length::FillPortion(1))
    .height(Length::Fill)
    .into()
}

/// A match: the top slot over the bottom one, each with its score; the one who went on in
/// white, the other grey; a slot still to be decided empty, an empty slot of round 1 a dash
/// (the seed opposite passes, as the printed bracket has it).
fn match_box<'a>(m: &BracketMatch, first: bool, px: f32, lang: Lang) -> Element<'a, Message> {
    let line = |s: &Option<Slot>, top: bool| -> Element<'a, Message> {
        let name = match s {
            Some(s) => slot_said(s),
            None if first => "—".to_string(),
            None => String::new(),
        };
        let score = side(m, top, lang);
        let colour = match m.top_won {
            Some(won) if won != top => OUT,
            _ => theme::WALL_TEXT,
        };
        row![
            text(name)
                .size(px)
                .color(colour)
                .wrapping(Wrapping::None)
                .width(Length::Fill),
            text(score).size(px).color(colour).wrapping(Wrapping::None)
        ]
        .spacing(px * 0.4)
        .into()
    };
    container(column![line(&m.top, true), line(&m.bottom, false)])
        .padding([px * 0.15, px * 0.3])
        .width(Length::Fill)
        .clip(true)
        .style(theme::wall_cell)
        .into()
}

/// The winner's column: the champion level with the final; with a match for third place, the
/// column in thirds (nothing, the champion, that match) so the champion stays level with it.
fn last_column<'a>(b: &Bracket, px: f32, lang: Lang) -> Vec<Element<'a, Message>> {
    let champion = champion(b.champion.as_ref(), px);
    let Some(m) = &b.third_place else {
        return vec![champion];
    };
    let third = column![
        text(third_place_said(lang))
            .size(px * 0.8)
            .color(theme::RUNNING)
            .wrapping(Wrapping::None),
        match_box(m, false, px, lang)
    ]
    .spacing(px * 0.3);
    vec![text("").into(), champion, third.into()]
}

fn champion<'a>(c: Option<&Slot>, px: f32) -> Element<'a, Message> {
    let name = c.map_or_else(String::new, slot_said);
    container(
        text(name)
            .size(px * 1.1)
            .color(theme::RUNNING)
            .wrapping(Wrapping::None),
    )
    .padding([px * 0.15, px * 0.3])
    .width(Length::Fill)
    .clip(true)
    .style(theme::wall_cell)
    .into()
}
