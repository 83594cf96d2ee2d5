//! Colours. The console uses iced's light theme; the hall wall is high contrast: white and yellow
//! digits on black, read from the back of the room, red for a fallen flag.

use iced::widget::container;
use iced::{Background, Border, Color, Theme};

pub const WALL_BACKGROUND: Color = Color::BLACK;
pub const WALL_TEXT: Color = Color::WHITE;
/// The side whose clock runs.
pub const RUNNING: Color = Color::from_rgb(1.0, 0.85, 0.0);
pub const FLAG: Color = Color::from_rgb(1.0, 0.25, 0.2);
pub const PAUSED: Color = Color::from_rgb(0.55, 0.75, 1.0);
pub const ERROR: Color = Color::from_rgb(0.75, 0.05, 0.05);
pub const OK: Color = Color::from_rgb(0.0, 0.45, 0.1);
pub const FOCUS: Color = Color::from_rgb(0.85, 0.92, 1.0);
/// The banner of a window that only watches an event another one writes.
pub const WATCHING: Color = Color::from_rgb(0.15, 0.3, 0.6);

pub fn wall(_: &Theme) -> container::Style {
    container::Style {
        background: Some(Background::Color(WALL_BACKGROUND)),
        text_color: Some(WALL_TEXT),
        ..container::Style::default()
    }
}

/// One board's cell on the wall.
pub fn wall_cell(_: &Theme) -> container::Style {
    container::Style {
        background: Some(Background::Color(Color::from_rgb(0.08, 0.08, 0.08))),
        text_color: Some(WALL_TEXT),
        border: Border {
            color: Color::from_rgb(0.35, 0.35, 0.35),
            width: 2.0,
            radius: 6.0.into(),
        },
        ..container::Style::default()
    }
}

/// A panel in the console.
pub fn panel(theme: &Theme) -> container::Style {
    let p = theme.extended_palette();
    container::Style {
        background: Some(Background::Color(p.background.weak.color)),
        border: Border {
            color: p.background.strong.color,
            width: 1.0,
            radius: 4.0.into(),
        },
        ..container::Style::default()
    }
}

pub fn focused(_: &Theme) -> container::Style {
    container::Style {
        background: Some(Background::Color(FOCUS)),
        border: Border {
            color: Color::from_rgb(0.2, 0.4, 0.9),
            width: 2.0,
            radius: 3.0.into(),
        },
        ..container::Style::default()
    }
}
