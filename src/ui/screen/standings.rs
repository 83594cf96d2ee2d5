//! Standings: the table with every tie-break column of the event, after any round; writes any of
//! the event's documents (report, final protocol, crosstable, round protocols, pairing list, rank
//! norms, certificates, chief arbiter's report) as HTML, CSV or PDF beside the event file.

use iced::widget::{button, column, container, pick_list, row, scrollable, table, text};
use iced::{Element, Length};
use std::rc::Rc;

mod norms;

use super::Action;
use crate::lang::Lang;
use crate::report::{self, kind::Kind};
use crate::store::event::EventFile;
use crate::tournament::model::Tournament;
use crate::tournament::standings::{self, Line};
use crate::ui::format::{self, Choice};
use crate::ui::session::CategoryLines;

pub struct State {
    /// After this round (`None`: all rounds).
    pub up_to: Option<usize>,
    pub page: Page,
    /// The document the export buttons write; follows the page shown until another is picked.
    pub document: Kind,
    /// The category (зачёт) whose standings the Standings page shows, by id; `None`: the
    /// event's own.
    pub list: Option<String>,
}

impl Default for State {
    fn default() -> State {
        State {
            up_to: None,
            page: Page::default(),
            document: Kind::Standings,
            list: None,
        }
    }
}

/// What the screen shows of the standings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Page {
    #[default]
    Points,
    /// The crosstable of a round robin, the round grid of a Swiss.
    Crosstable,
    /// The ЕВСК rank norms (разрядные нормы).
    Norms,
    /// A team event's team standings.
    Teams,
    /// A team event's team crosstable.
    TeamCrosstable,
    /// A team event's per-board standings.
    Boards,
}

impl State {
    /// A team event opens on its team table.
    pub fn for_event(t: &crate::tournament::Tournament) -> State {
        State {
            page: if t.is_team_event() {
                Page::Teams
            } else {
                Page::Points
            },
            ..State::default()
        }
    }
}

#[derive(Clone, Debug)]
pub enum Message {
    UpTo(usize),
    Page(Page),
    Document(Choice<Kind>),
    /// The list the Standings page shows: the event's (`None`) or a category's.
    List(Choice<Option<String>>),
    Export(&'static str),
}

impl State {
    pub fn update(
        &mut self,
        message: Message,
        file: Option<&EventFile>,
        lang: Lang,
    ) -> Action<Message> {
        match message {
            Message::UpTo(n) => {
                self.up_to = Some(n);
                Action::None
            }
            Message::Page(page) => {
                self.page = page;
                self.document = match page {
                    Page::Points => Kind::Standings,
                    Page::Crosstable => Kind::Crosstable,
                    Page::Norms => Kind::Norms,
                    Page::Teams | Page::TeamCrosstable | Page::Boards => self.document,
                };
                Action::None
            }
            Message::Document(c) => {
                self.document = c.value;
                Action::None
            }
            Message::List(c) => {
                self.list = c.value;
                self.page = Page::Points;
                Action::None
            }
            Message::Export(ext) => {
                let Some(file) = file else {
                    return Action::None;
                };
                let t = &file.tournament;
                let kind = self.document;
                // A round's documents are of the round chosen (the pairing list: the last round
                // when none is); the others are after it.
                let round = match kind {
                    Kind::Pairings => self.up_to.or(t.rounds.last().map(|r| r.number)),
                    _ => self.up_to,
                };
                let out = crate::store::beside(file.path(), &kind.file_name(round, ext, lang));
                let table = match crate::tournament::norms::Table::for_event(
                    &t.settings.norms,
                    Some(file.path()),
                ) {
                    Ok(table) => table,
                    Err(e) => return Action::error(e.to_string()),
                };
                let written = kind.file(
                    t,
                    round,
                    &table,
                    lang,
                    &out,
                    report::csv::Separator::for_lang(lang),
                );
                match written {
                    Ok(bytes) => Action::Write {
                        done: Some(format!(
                            "{} {} {}",
                            kind.said(lang),
                            lang.pick("written:", "— записано:"),
                            out.display()
                        )),
                        path: out,
                        bytes,
                    },
                    Err(e) => Action::error(e),
                }
            }
        }
    }

    /// The screen over `lines`, the standings after the rounds chosen (`up_to`), and the
    /// categories' from them, which the session computes once per state of the event; `norms`
    /// are the session's for the rounds counted, given while the Norms page is shown.
    pub fn view<'a>(
        &'a self,
        file: &'a EventFile,
        lines: Rc<Vec<standings::Line>>,
        categories: Option<Rc<Vec<CategoryLines>>>,
        norms: Option<crate::ui::session::NormsShown>,
        teams: Option<Rc<crate::ui::session::TeamTables>>,
        lang: Lang,
    ) -> Element<'a, Message> {
        let t = &file.tournament;
        let categories = categories.as_deref().map(Vec::as_slice);
        let bar = self.bar(t, categories, teams.is_some(), lang);
        if let Some(body) = teams.and_then(|teams| self.team_page(t, &teams, lang)) {
            return column![bar, body].spacing(10).into();
        }
        if let (Page::Norms, Some(computed)) = (self.page, norms) {
            return column![bar, norms::view(t, computed, lang)]
                .spacing(10)
                .into();
        }
        if self.page == Page::Crosstable {
            return column![bar, crosstable(t, &lines, lang)]
                .push(is_swiss(t).then(|| text(report::round_grid_legend(t, lang)).size(14)))
                .spacing(10)
                .into();
        }
        let (heading, rows) = match self.category_shown(categories, lang) {
            Some((heading, rows)) => (Some(text(heading).size(20)), rows),
            None => (None, Rc::unwrap_or_clone(lines)),
        };
        column![bar]
            .push(heading)
            .push(
                scrollable(
                    table(points_columns(t, lang), rows)
                        .padding_x(12)
                        .padding_y(5),
                )
                .height(Length::Fill),
            )
            .push(text(tiebreak_legend(t, lang)).size(14))
            .spacing(10)
            .into()
    }

    /// The bar above every page: the round, the list, the pages, and the documents' export.
    fn bar<'a>(
        &'a self,
        t: &'a Tournament,
        categories: Option<&[CategoryLines]>,
        teams: bool,
        lang: Lang,
    ) -> Element<'a, Message> {
        let rounds: Vec<usize> = t.rounds.iter().map(|r| r.number).collect();
        let shown = self.up_to.or(rounds.last().copied());
        let team_pages = teams.then(|| self.team_pages(lang));
        let bar = row![
            text(lang.pick("After round", "После тура")).size(18),
            pick_list(rounds, shown, Message::UpTo),
        ]
        .push(self.list_picker(categories, lang))
        .push(self.page_buttons(t, lang))
        .push(self.export_buttons(t, lang))
        .spacing(8)
        .align_y(iced::Alignment::Center)
        // In Russian with a category's picker the bar is wider than 1280 px: the documents'
        // buttons wrap under it rather than run off the edge (an arbiter's trial lost CSV).
        .wrap()
        .vertical_spacing(8);
        // A team event's pages on a line of their own: with them the bar is wider than 1280 px.
        column![].push(team_pages).push(bar).spacing(8).into()
    }

    /// A page's button, marked while its page is shown.
    fn page_button<'a>(&self, page: Page, label: &'a str) -> iced::widget::Button<'a, Message> {
        button(text(label))
            .style(if self.page == page {
                button::primary
            } else {
                button::secondary
            })
            .on_press(Message::Page(page))
    }

    /// A team event's pages.
    fn team_pages<'a>(&self, lang: Lang) -> iced::widget::Row<'a, Message> {
        row![
            self.page_button(Page::Teams, lang.pick("Teams", "Команды")),
            self.page_button(
                Page::TeamCrosstable,
                lang.pick("Team crosstable", "Шахматка команд")
            ),
            self.page_button(Page::Boards, lang.pick("Boards", "По доскам")),
        ]
        .spacing(8)
    }

    /// The pages every event has: the standings, the crosstable (a Swiss's round grid), the
    /// norms.
    fn page_buttons<'a>(&self, t: &Tournament, lang: Lang) -> iced::widget::Row<'a, Message> {
        row![
            self.page_button(Page::Points, lang.pick("Standings", "Таблица очков")),
            self.page_button(
                Page::Crosstable,
                if is_swiss(t) {
                    lang.pick("Round grid", "Таблица по турам")
                } else {
                    lang.pick("Crosstable", "Турнирная таблица")
                }
            ),
            self.page_button(Page::Norms, lang.pick("Rank norms", "Разрядные нормы")),
        ]
        .spacing(8)
    }

    /// The picker of the list shown: the event's or a category's.
    fn list_picker<'a>(
        &self,
        categories: Option<&[CategoryLines]>,
        lang: Lang,
    ) -> Option<Element<'a, Message>> {
        // Only the table of places is shown by list: beside the grid or the norms the picker
        // would name a category the page does not show (seen in the real window).
        let by_list = self.page == Page::Points;
        categories.filter(|c| by_list && !c.is_empty()).map(|c| {
            let lists: Vec<Choice<Option<String>>> = std::iter::once(Choice {
                value: None,
                label: crate::tournament::category::overall(lang).to_string(),
            })
            .chain(c.iter().map(|c| Choice {
                value: Some(c.id.clone()),
                label: c.name.get(lang).to_string(),
            }))
            .collect();
            let chosen = format::chosen(&lists, Some(self.list.clone()));
            pick_list(lists, chosen, Message::List).into()
        })
    }

    /// The document to write and its formats (CSV for the documents of one table).
    fn export_buttons<'a>(&self, t: &Tournament, lang: Lang) -> iced::widget::Row<'a, Message> {
        let documents: Vec<Choice<Kind>> = Kind::offered(t)
            .map(|k| Choice {
                value: k,
                label: k.said(lang).to_string(),
            })
            .collect();
        let chosen = format::chosen(&documents, Some(self.document));
        row![
            pick_list(documents.clone(), chosen, Message::Document),
            button(text("PDF")).on_press(Message::Export("pdf")),
            button(text("HTML")).on_press(Message::Export("html")),
            button(text("CSV")).on_press_maybe(
                self.document
                    .is_one_table()
                    .then_some(Message::Export("csv"))
            ),
        ]
        .spacing(8)
    }

    /// A team event's page (teams, team crosstable, boards); `None` on the other pages.
    fn team_page<'a>(
        &self,
        t: &Tournament,
        teams: &crate::ui::session::TeamTables,
        lang: Lang,
    ) -> Option<Element<'a, Message>> {
        let sections = match self.page {
            Page::Teams => vec![report::team::standings_section(&teams.teams, lang)],
            Page::TeamCrosstable => vec![report::team::crosstable(t, &teams.teams, lang)],
            Page::Boards => report::team::board_sections(t, &teams.boards, lang),
            _ => vec![],
        };
        if sections.is_empty() {
            return None;
        }
        let mut body = column![].spacing(14);
        for s in sections {
            let note = s.note.clone();
            body = body
                .push(text(s.heading.clone()).size(20))
                .push(section_table(s))
                .push(note.map(|n| text(n).size(14)));
        }
        // Room on the right for the scroll bar.
        let body = container(body).padding(iced::Padding {
            right: 16.0,
            ..iced::Padding::ZERO
        });
        Some(scrollable(body).height(Length::Fill).into())
    }

    /// The category whose list the Standings page shows: its heading and its players placed
    /// among themselves; `None`: the event's own list.
    fn category_shown(
        &self,
        categories: Option<&[CategoryLines]>,
        lang: Lang,
    ) -> Option<(String, Vec<Line>)> {
        (self.page == Page::Points)
            .then(|| {
                let id = self.list.as_deref()?;
                categories?.iter().find(|c| c.id == id).map(|c| {
                    let heading = format!(
                        "{} · {}",
                        crate::tournament::category::heading(c.name.get(lang), lang),
                        lang.count(
                            c.lines.len() as u64,
                            ["player", "players"],
                            ["участник", "участника", "участников"]
                        )
                    );
                    (heading, c.lines.clone())
                })
            })
            .flatten()
    }
}

fn is_swiss(t: &Tournament) -> bool {
    t.settings.system == crate::tournament::model::System::Swiss
}

/// The crosstable of a round robin, the round grid of a Swiss, scrolled both ways.
fn crosstable<'a>(t: &Tournament, lines: &[Line], lang: Lang) -> Element<'a, Message> {
    let section = report::results_table(t, lines, lang);
    scrollable(section_table(section))
        .direction(scrollable::Direction::Both {
            vertical: scrollable::Scrollbar::default(),
            horizontal: scrollable::Scrollbar::default(),
        })
        .height(Length::Fill)
        .into()
}

/// The table of places: place, number, name, points and a column per tie-break.
fn points_columns<'a>(t: &'a Tournament, lang: Lang) -> Vec<table::Column<'a, 'a, Line, Message>> {
    let mut columns = vec![
        table::column(text(lang.pick("Place", "Место")), |l: Line| {
            text(l.place).size(18)
        }),
        table::column(text("№"), |l: Line| {
            text(l.number.map(|n| n.to_string()).unwrap_or_default()).size(18)
        }),
        table::column(
            text(lang.pick("Name", "Участник")),
            move |l: Line| text(report::standing_name(t, &l, lang)).size(18),
        ),
        table::column(text(lang.pick("Points", "Очки")), move |l: Line| {
            text(format::points(l.points, lang)).size(18)
        }),
    ];
    for (k, tb) in t.tiebreaks.iter().enumerate() {
        let (en, ru) = tb.short();
        columns.push(table::column(
            text(lang.pick(en, ru).to_string()),
            move |l: Line| {
                text(report::tiebreak_cell(
                    l.tiebreaks.get(k).and_then(|(_, v)| *v),
                    lang,
                ))
                .size(18)
            },
        ));
    }
    columns
}

/// The key to the tie-breaks' short headings.
fn tiebreak_legend(t: &Tournament, lang: Lang) -> String {
    t.tiebreaks
        .iter()
        .map(|tb| {
            let (short, full) = (tb.short(), tb.name());
            let (short, full) = (lang.pick(short.0, short.1), lang.pick(full.0, full.1));
            // A heading that is the name already needs no key ("Wins = wins" said nothing).
            if short.eq_ignore_ascii_case(full) {
                short.to_string()
            } else {
                format!("{short} = {full}")
            }
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// A document's table on screen: its heading row and cells as text.
fn section_table<'a, M: 'a>(section: report::Section) -> Element<'a, M> {
    let columns = section.header.iter().enumerate().map(|(k, h)| {
        table::column(text(h.clone()).size(15), move |row: Vec<String>| {
            text(row.get(k).cloned().unwrap_or_default()).size(16)
        })
    });
    table(columns, section.rows)
        .padding_x(8)
        .padding_y(4)
        .into()
}
