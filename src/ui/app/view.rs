//! What the window shows: the hall wall, or the Files page, or a screen under the header, the
//! banner and the status line, with the help or the network page over it.

use iced::widget::{button, column, container, row, scrollable, stack, text};
use iced::{Element, Length, Theme};

use super::{App, Message, Tab};
use crate::lang::Lang;
use crate::store::event::EventFile;
use crate::ui::screen::{event, help, network, standings, wall};
use crate::ui::session;
use crate::ui::theme;
use crate::ui::widget::watch_only::watch_only;

impl App {
    fn status(&self) -> Option<Element<'_, Message>> {
        self.session.status.as_ref().map(|s| {
            container(text(s.text.clone()).size(16).color(if s.error {
                theme::ERROR
            } else {
                theme::OK
            }))
            .padding([4, 16])
            .into()
        })
    }

    pub fn view(&self) -> Element<'_, Message> {
        let session = &self.session;
        let lang = session.lang;
        let t = session.tournament();
        if self.wall {
            return self.wall_view();
        }
        let Some(file) = session.event.as_ref().filter(|_| !self.files) else {
            return column![
                self.header(t),
                self.open.view(lang, t.is_some()).map(Message::Open)
            ]
            .push(self.status())
            .into();
        };
        let body = self.screen(file);
        let body: Element<'_, Message> = if session.watched_from().is_some() {
            watch_only(body).into()
        } else {
            body
        };
        let page = column![self.header(Some(&file.tournament))]
            .push(self.banner())
            .push(container(body).height(Length::Fill).padding([8, 16]))
            .push(self.status());
        // The page is always the stack's first child, an overlay or none above it: the widget
        // tree keeps its shape, so closing an overlay does not reset the page's state (closing
        // the network dialog scrolled the Clocks list back to the top).
        stack![page].push(self.overlay()).into()
    }

    /// The hall wall, in the window instead of the console.
    fn wall_view(&self) -> Element<'_, Message> {
        let session = &self.session;
        let t = session.tournament();
        let drawn = t.and_then(|t| self.ballot.drawn(t, self.rounds.round));
        let alarm = !session.all_on_disk();
        let shown = wall::Shown {
            clocks: &session.clocks,
            t,
            standings: session.standings(None),
            categories: session.category_standings(None),
            teams: session.team_tables(None),
            bracket: session.bracket(),
            drawn,
            now: session.now,
            hall_time: session.hall_time,
            alarm,
        };
        wall::view(self.wall_page, shown, session.lang).map(Message::WallPage)
    }

    /// The screen of the tab chosen, on the open event.
    fn screen<'a>(&'a self, file: &'a EventFile) -> Element<'a, Message> {
        let session = &self.session;
        let lang = session.lang;
        let t = &file.tournament;
        match self.tab {
            Tab::Event => {
                let awards = (self.players.section == event::Section::Prizes)
                    .then(|| session.awards())
                    .flatten();
                self.players
                    .view(
                        t,
                        Some(file.path()),
                        awards.as_deref().map(|a| a.as_slice()),
                        lang,
                    )
                    .map(Message::Event)
            }
            Tab::Rounds => {
                let due = session.forfeits_due();
                self.rounds.view(file, &due, lang).map(Message::Rounds)
            }
            Tab::Clocks => self.clocks.view(session, t).map(Message::Clocks),
            Tab::Ballot => self
                .ballot
                .view(t, self.rounds.round, lang)
                .map(Message::Ballot),
            Tab::Claims => self
                .claims
                .view(&session.clocks, t, lang)
                .map(Message::Claims),
            Tab::Games => self
                .games
                .view(&session.clocks, t, lang)
                .map(Message::Games),
            Tab::Standings => self.standings_screen(file),
        }
    }

    fn standings_screen<'a>(&'a self, file: &'a EventFile) -> Element<'a, Message> {
        let session = &self.session;
        let up_to = self.standings.up_to;
        let lines = session.standings(up_to).unwrap_or_default();
        let norms = (self.standings.page == standings::Page::Norms)
            .then(|| session.norms(up_to))
            .flatten();
        let teams = session.team_tables(up_to);
        let categories = session.category_standings(up_to);
        self.standings
            .view(file, lines, categories, norms, teams, session.lang)
            .map(Message::Standings)
    }

    /// The help or the network page over the screen, or none.
    fn overlay(&self) -> Option<Element<'_, Message>> {
        let session = &self.session;
        let lang = session.lang;
        if self.help {
            Some(help::view(lang).map(Message::HelpPage))
        } else if self.network {
            let shown = network::Shown {
                urls: session.web.as_ref().map(|w| w.urls()),
                error: session.web_error.as_ref().map(|e| e.get(lang)),
                t: session.tournament(),
                journal: session.event.as_ref().map_or(&[], |e| e.journal()),
                writes: session.inbox.is_some(),
            };
            Some(network::view(&self.network_page, shown, lang).map(Message::NetworkPage))
        } else {
            None
        }
    }

    /// Above every screen while it matters: the event is only watched here (who writes it, and
    /// the button that takes it over), or changes and clock records wait for the disk.
    fn banner(&self) -> Option<Element<'_, Message>> {
        let session = &self.session;
        let lang = session.lang;
        if let Some(c) = &session.correction {
            return Some(strip(correction(c, lang), theme::WATCHING));
        }
        if let Some(watched) = session.watched_from() {
            let line = if session.free_to_take {
                with_button(
                    session::free_to_take(lang).to_string(),
                    lang.pick("Take over the event", "Взять турнир"),
                    Some(Message::TakeOver),
                )
            } else {
                with_button(
                    session::watching(watched, lang),
                    lang.pick("Still held by the other window", "Ещё занят другим окном"),
                    None,
                )
            };
            return Some(strip(line, theme::WATCHING));
        }
        if self.sample_shown && session.all_on_disk() {
            return Some(strip(sample_line(lang), theme::WATCHING));
        }
        let lines = self.not_on_disk();
        (!lines.is_empty()).then(|| strip(text(lines.join("\n")).size(18).into(), theme::ERROR))
    }

    /// What waits for the disk: the event's changes, the clocks' records (none: empty).
    fn not_on_disk(&self) -> Vec<String> {
        let session = &self.session;
        let lang = session.lang;
        let mut lines = Vec::new();
        if let Some(why) = session.unsaved() {
            lines.push(format!(
                "{} {why}",
                lang.pick(
                    "NOT SAVED — the changes are kept in this window and written as soon as the disk takes them:",
                    "НЕ СОХРАНЕНО — изменения хранятся в этом окне и будут записаны, как только диск их примет:"
                )
            ));
        }
        let boards = session.unlogged_boards();
        if !boards.is_empty() {
            lines.push(format!(
                "{} {}",
                lang.pick(
                    "Clocks not logged (they run on; their records wait for the disk), boards:",
                    "Часы не записаны (они идут; записи ждут диска), доски:"
                ),
                boards.join(", ")
            ));
        }
        lines
    }

    fn header(&self, t: Option<&crate::tournament::model::Tournament>) -> Element<'_, Message> {
        let lang = self.session.lang;
        let tabs = Tab::ALL.into_iter().map(|tab| {
            let label = text(tab.label(lang)).size(18);
            let b = button(label).padding([6, 14]);
            let b = b
                // The Files page stands in for every screen: no tab is the one shown then.
                .style(if tab == self.tab && !self.files {
                    button::primary
                } else {
                    button::secondary
                })
                .on_press(Message::Tab(tab));
            b.into()
        });
        let other = match lang {
            Lang::En => (Lang::Ru, "Русский"),
            Lang::Ru => (Lang::En, "English"),
        };
        let name = t.map(|t| t.settings.name.clone()).unwrap_or_default();
        container(
            column![
                row![
                    // The name takes what the buttons leave and wraps: a long one pushed the
                    // buttons off a 1280-wide screen.
                    text(name).size(22).width(Length::Fill),
                    button(text(lang.pick("Files…", "Файлы…")))
                        .style(if self.files {
                            button::primary
                        } else {
                            button::secondary
                        })
                        .on_press(Message::Files(true)),
                    button(text(lang.pick("Hall wall (F12)", "Стена зала (F12)")))
                        .style(button::secondary)
                        .on_press(Message::Wall(true)),
                    button(text(
                        match (self.session.web.is_some(), self.session.waiting()) {
                            (_, 0) if self.session.web.is_some() => {
                                lang.pick("Hall network: on", "Сеть зала: вкл.").to_string()
                            }
                            (_, 0) => lang.pick("Hall network", "Сеть зала").to_string(),
                            (_, n) => format!(
                                "{} {n}",
                                lang.pick("Hall network · waiting:", "Сеть зала · ждут:")
                            ),
                        }
                    ))
                    .style(if self.session.web.is_some() {
                        button::success
                    } else {
                        button::secondary
                    })
                    .on_press_maybe(t.map(|_| Message::Network(true))),
                    button(text(lang.pick("Help (F1)", "Справка (F1)")))
                        .style(button::secondary)
                        .on_press(Message::Help(true)),
                    button(text(other.1))
                        .style(button::secondary)
                        .on_press(Message::Lang(other.0)),
                ]
                .spacing(8)
                .align_y(iced::Alignment::Center),
                scrollable(row(tabs).spacing(4)).direction(scrollable::Direction::Horizontal(
                    scrollable::Scrollbar::new().width(0).scroller_width(0)
                )),
            ]
            .spacing(8),
        )
        .padding([8, 16])
        .style(theme::panel)
        .width(Length::Fill)
        .into()
    }
}

/// A banner's strip: `content` on `colour` across the window.
fn strip(content: Element<'_, Message>, colour: iced::Color) -> Element<'_, Message> {
    container(content)
        .padding([8, 16])
        .width(Length::Fill)
        .style(move |_: &Theme| container::Style {
            background: Some(colour.into()),
            text_color: Some(iced::Color::WHITE),
            ..container::Style::default()
        })
        .into()
}

/// A line to read and its one button (disabled without a message).
fn with_button<'a>(said: String, label: &'a str, press: Option<Message>) -> Element<'a, Message> {
    row![
        text(said).size(18).width(Length::Fill),
        button(text(label))
            .style(button::secondary)
            .on_press_maybe(press),
    ]
    .spacing(12)
    .align_y(iced::Alignment::Center)
    .into()
}

/// The first launch's line: the event open is a sample, and how to start one's own.
fn sample_line(lang: Lang) -> Element<'static, Message> {
    with_button(
        lang.pick(
            "This is a sample event, to try the program on. Your own event: Files… → New event (name, variant, system), then add the players on the Event screen.",
            "Это учебный турнир, чтобы попробовать программу. Свой турнир: «Файлы…» → «Новый турнир» (название, вид шашек, система), затем участники на экране «Турнир».",
        )
        .to_string(),
        lang.pick("Got it", "Понятно"),
        Some(Message::SampleSeen),
    )
}

/// The field of a correction's reason (tests find it by this id).
pub const CORRECTION_FIELD: &str = "correction-reason";

/// The line that asks about a change: a correction's reason (the round, a field, «Исправить»), or
/// a late setting's confirmation (what it does, an optional reason, «Подтвердить»); «Отмена».
fn correction(c: &session::Correction, lang: Lang) -> Element<'_, Message> {
    let (said, press) = match &c.asked {
        session::Asked::Correction { round } => (
            match lang {
                Lang::En => format!(
                    "Round {round} is followed by a round already paired: this is a correction (the pairings made since stand). Reason:"
                ),
                Lang::Ru => format!(
                    "После тура {round} уже составлен следующий: это исправление (составленные туры остаются). Причина:"
                ),
            },
            lang.pick("Correct", "Исправить"),
        ),
        session::Asked::Confirmation { consequences } => {
            let what: Vec<&str> = consequences.iter().map(|s| s.get(lang)).collect();
            (
                format!(
                    "{} {}. {}",
                    lang.pick(
                        "Round 1 is paired: this changes the regulation's settings —",
                        "Тур 1 уже составлен: это изменение регламента —"
                    ),
                    what.join("; "),
                    lang.pick("Reason (may be left empty):", "Причина (можно не указывать):")
                ),
                lang.pick("Confirm", "Подтвердить"),
            )
        }
    };
    let field = row![
        iced::widget::text_input(
            lang.pick(
                "e.g. the score sheet's colours",
                "например: перепутаны цвета в бланке"
            ),
            &c.reason
        )
        .id(CORRECTION_FIELD)
        .on_input(Message::CorrectionReason)
        .on_submit(Message::Correct)
        .size(18)
        .width(Length::Fixed(420.0)),
        button(text(press)).on_press(Message::Correct),
        button(text(lang.pick("Cancel", "Отмена")))
            .style(button::secondary)
            .on_press(Message::DropCorrection),
    ]
    .spacing(12)
    .align_y(iced::Alignment::Center);
    // The words on a line of their own: beside the field they pushed the buttons off a 1280 px
    // window.
    column![text(said).size(18), field].spacing(8).into()
}
