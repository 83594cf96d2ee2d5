//! Opening an event: a file dialog where the desktop has one, and always a path field beside it
//! (a bare Linux desktop has no dialog service). A file that cannot be read is shown with its
//! path:line:column and is not touched.

use std::path::PathBuf;

use iced::widget::{button, column, row, text, text_input};
use iced::{Element, Length, Task};

use super::Action;
use crate::report::Lang;
use crate::ui::theme;

#[derive(Default)]
pub struct State {
    pub path: String,
    pub error: Option<String>,
}

#[derive(Clone, Debug)]
pub enum Message {
    Path(String),
    Open,
    Browse,
    Chosen(Option<PathBuf>),
}

/// The file dialog, when there is one: `None` when cancelled or when no dialog service answers.
pub fn choose_file() -> Task<Option<PathBuf>> {
    Task::perform(
        async {
            rfd::AsyncFileDialog::new()
                .add_filter("event", &["ron"])
                .pick_file()
                .await
                .map(|f| f.path().to_path_buf())
        },
        |p| p,
    )
}

impl State {
    pub fn update(&mut self, message: Message, lang: Lang) -> Action {
        match message {
            Message::Path(p) => {
                self.path = p;
                Action::None
            }
            Message::Open if self.path.trim().is_empty() => Action::error(lang.pick(
                "Type the path of an event file",
                "Укажите путь к файлу турнира",
            )),
            Message::Open => Action::Open(PathBuf::from(self.path.trim())),
            Message::Browse => Action::Task(
                choose_file().map(|p| crate::ui::app::Message::Open(Message::Chosen(p))),
            ),
            Message::Chosen(Some(p)) => Action::Open(p),
            Message::Chosen(None) => Action::info(lang.pick(
                "No file chosen (or no file dialog on this desktop): type the path",
                "Файл не выбран (или на этом рабочем столе нет диалога): введите путь",
            )),
        }
    }

    pub fn view(&self, lang: Lang) -> Element<'_, Message> {
        let error = self
            .error
            .as_ref()
            .map(|e| text(e.clone()).size(18).color(theme::ERROR));
        column![
            text(lang.pick("Open an event", "Открыть турнир")).size(28),
            row![
                text_input(
                    lang.pick(
                        "path to the event file (.ron)",
                        "путь к файлу турнира (.ron)"
                    ),
                    &self.path
                )
                .on_input(Message::Path)
                .on_submit(Message::Open)
                .width(Length::Fill),
                button(text(lang.pick("Open", "Открыть"))).on_press(Message::Open),
                button(text(lang.pick("Choose…", "Выбрать…"))).on_press(Message::Browse),
            ]
            .spacing(8),
        ]
        .push(error)
        .spacing(12)
        .padding(24)
        .into()
    }
}
