//! Files: open an event (from the list of recent ones and those of the data folder, a file
//! dialog where the desktop has one, and always a path field beside it: a bare Linux desktop has
//! no dialog service) or create one. A file that cannot be read is
//! shown with its path:line:column and is not touched; a new event never replaces a file.

pub mod new_event;

pub use new_event::Message as NewEvent;

use std::path::PathBuf;

use iced::widget::{button, column, row, scrollable, table, text, text_input};
use iced::{Element, Length, Task};

use super::Action;
use crate::lang::{Lang, Said};
use crate::store::listing::{self, Listed};
use crate::ui::theme;

#[derive(Default)]
pub struct State {
    pub path: String,
    /// Why the last event named could not be opened, in both languages (the arbiter may switch).
    pub error: Option<Said>,
    /// The New event form.
    pub new: new_event::State,
    /// Where new events go: the open event's folder, else `tournaments/`.
    pub folder: Option<PathBuf>,
    /// The events to choose from, read when the page opens.
    pub listed: Vec<Listed>,
    /// The user's data folder, shown with a button that opens it in the file manager.
    pub data_folder: Option<PathBuf>,
}

#[derive(Clone, Debug)]
pub enum Message {
    Path(String),
    Open,
    Browse,
    Chosen(Option<PathBuf>),
    /// The New event form's.
    New(new_event::Message),
    Cancel,
    /// An event of the list, clicked.
    OpenListed(PathBuf),
    /// The data folder in the desktop's file manager.
    ShowFolder(PathBuf),
}

/// `Кубок города 2026` → `кубок-города-2026.ron`: letters of any script kept, the rest dashes.
pub fn file_name(name: &str) -> String {
    let mut out = String::new();
    for c in name.trim().to_lowercase().chars() {
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    let stem = out.trim_matches('-');
    format!("{}.ron", if stem.is_empty() { "event" } else { stem })
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

/// Opens `dir` in the desktop's file manager (`xdg-open`, Explorer, Finder), not waiting for it.
fn show_in_file_manager(dir: &std::path::Path) -> std::io::Result<()> {
    let program = if cfg!(windows) {
        "explorer"
    } else if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    std::process::Command::new(program)
        .arg(dir)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map(|mut child| {
            // Waited for on its own thread, so that it does not stay behind as a zombie.
            std::thread::spawn(move || child.wait());
        })
}

impl State {
    /// Reads the list again: the `recent` events, then those of the data folder and of
    /// `folders`.
    pub fn refresh(&mut self, recent: &[PathBuf], data: Option<PathBuf>, folders: &[PathBuf]) {
        let mut all: Vec<PathBuf> = data.iter().cloned().collect();
        all.extend(folders.iter().cloned());
        self.listed = listing::list(recent, &all);
        self.data_folder = data;
    }

    pub fn update(&mut self, message: Message, lang: Lang) -> Action<Message> {
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
            Message::Browse => Action::Task(choose_file().map(Message::Chosen)),
            Message::Chosen(Some(p)) => Action::Open(p),
            Message::OpenListed(p) => Action::Open(p),
            Message::ShowFolder(dir) => {
                let _ = std::fs::create_dir_all(&dir);
                match show_in_file_manager(&dir) {
                    Ok(()) => Action::None,
                    Err(_) => Action::error(format!(
                        "{} {}",
                        lang.pick(
                            "No file manager could be started; the folder is",
                            "Не удалось открыть файловый менеджер; папка:"
                        ),
                        dir.display()
                    )),
                }
            }
            Message::Cancel => Action::CloseFiles,
            Message::New(m) => {
                let folder = self
                    .folder
                    .clone()
                    .unwrap_or_else(|| PathBuf::from("tournaments"));
                self.new.update(m, lang, &folder).map(Message::New)
            }
            Message::Chosen(None) => Action::info(lang.pick(
                "No file chosen (or no file dialog on this desktop): type the path",
                "Файл не выбран (или на этом рабочем столе нет диалога): введите путь",
            )),
        }
    }

    /// The page; `back` when an event is open to go back to.
    pub fn view(&self, lang: Lang, back: bool) -> Element<'_, Message> {
        let error = self
            .error
            .as_ref()
            .map(|e| text(e.get(lang).to_string()).size(18).color(theme::ERROR));
        let create = self.new.view(lang).map(Message::New);
        let page = column![
            text(lang.pick("Open an event", "Открыть турнир")).size(28),
            self.events(lang),
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
        .push(create)
        .push(back.then(|| {
            button(text(
                lang.pick("Back to the event (Esc)", "Назад к турниру (Esc)"),
            ))
            .style(button::secondary)
            .on_press(Message::Cancel)
        }))
        .spacing(12)
        .padding(24);
        // A long list must not push the path field, the new event and the way back off a
        // 1280×800 screen.
        scrollable(page).height(Length::Fill).into()
    }
}

impl State {
    /// The recent events and those of the data folder, a click opens one; the data folder's path
    /// with its button.
    fn events(&self, lang: Lang) -> Element<'_, Message> {
        column![]
            .push((!self.listed.is_empty()).then(|| self.listed_table(lang)))
            .push(self.listed.is_empty().then(|| {
                text(lang.pick(
                    "No events yet in the data folder.",
                    "В папке данных пока нет турниров.",
                ))
                .size(15)
            }))
            .push(self.data_folder_line(lang))
            .spacing(8)
            .into()
    }

    /// The events listed: name (a click opens it), dates, rounds played, file.
    fn listed_table(&self, lang: Lang) -> Element<'_, Message> {
        table(
            [
                table::column(
                    text(lang.pick("Event", "Турнир")),
                    |l: &Listed| -> Element<'_, Message> {
                        button(text(listed_name(l)).size(17))
                            .style(button::text)
                            .on_press(Message::OpenListed(l.path.clone()))
                            .padding(0)
                            .into()
                    },
                ),
                table::column(
                    text(lang.pick("Dates", "Даты")),
                    move |l: &Listed| -> Element<'_, Message> {
                        // In the screen's language, as the documents write them.
                        text(
                            l.event
                                .as_ref()
                                .map(|s| crate::report::head::dates(&s.dates, lang))
                                .unwrap_or_default(),
                        )
                        .size(16)
                        .into()
                    },
                ),
                table::column(
                    text(lang.pick("Rounds", "Туры")),
                    move |l: &Listed| -> Element<'_, Message> {
                        match &l.event {
                            Ok(_) => text(rounds_said(l, lang)).size(16),
                            Err(_) => text(lang.pick("cannot be read", "не читается"))
                                .size(15)
                                .color(theme::ERROR),
                        }
                        .into()
                    },
                ),
                table::column(
                    text(lang.pick("File", "Файл")),
                    |l: &Listed| -> Element<'_, Message> {
                        text(l.path.display().to_string()).size(14).into()
                    },
                ),
            ],
            &self.listed,
        )
        .padding_x(10)
        .padding_y(3)
        .into()
    }

    /// The data folder's path with the button that shows it in the file manager.
    fn data_folder_line(&self, lang: Lang) -> Option<Element<'_, Message>> {
        self.data_folder.as_ref().map(|dir| {
            row![
                text(format!(
                    "{} {}",
                    lang.pick("Data folder:", "Папка данных:"),
                    dir.display()
                ))
                .size(15),
                button(text(lang.pick("Show in the file manager", "Открыть папку")))
                    .style(button::secondary)
                    .on_press(Message::ShowFolder(dir.clone())),
            ]
            .spacing(10)
            .align_y(iced::Alignment::Center)
            .into()
        })
    }
}

/// A listed event's name; its file's when it cannot be read.
fn listed_name(l: &Listed) -> String {
    match &l.event {
        Ok(s) => s.name.clone(),
        Err(_) => l
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
    }
}

/// The rounds a listed event has played (of those planned).
fn rounds_said(l: &Listed, lang: Lang) -> String {
    match &l.event {
        Ok(s) => match (s.rounds, s.planned) {
            (0, _) => lang.pick("not started", "не начат").to_string(),
            (r, Some(n)) => format!("{} {r} / {n}", lang.pick("round", "тур")),
            (r, None) => format!("{} {r}", lang.pick("round", "тур")),
        },
        Err(_) => String::new(),
    }
}
