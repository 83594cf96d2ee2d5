//! The arbiter's program (iced). The only part of the crate that knows iced: every change to the
//! event goes through `store::event::EventFile::apply`, every clock event through the clock hall.

pub mod app;
pub mod focus;
pub mod format;
pub mod renderer;
pub mod result_keys;
pub mod screen;
pub mod session;
pub mod settings;
pub mod theme;
pub mod widget;

use iced::Font;

pub use app::{App, Message};

/// The window's font: Fira Sans (embedded by iced) covers Cyrillic; without naming it, a machine
/// with no system fonts silently drops text.
pub const FONT: Font = Font::with_name("Fira Sans");

/// Opens the window on `event`, or on the last event opened (a sample on first launch).
pub fn run(event: Option<std::path::PathBuf>) -> iced::Result {
    renderer::choose();
    iced::application(move || App::boot(event.clone()), App::update, App::view)
        .title(App::title)
        .subscription(App::subscription)
        .default_font(FONT)
        .theme(App::theme)
        .window_size((1280.0, 800.0))
        // Closing while clocks run is asked about first (App's CloseRequested).
        .exit_on_close_request(false)
        .run()
}
