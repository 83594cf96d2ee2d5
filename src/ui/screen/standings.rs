//! Standings: the table with every tie-break column of the event, after any round; exports the
//! report (standings, crosstable, rounds) as HTML, CSV or PDF beside the event file.

use iced::widget::{button, column, pick_list, row, scrollable, table, text};
use iced::{Element, Length};

mod norms;

use super::Action;
use crate::lang::Lang;
use crate::report;
use crate::store::event::EventFile;
use crate::tournament::model::Tournament;
use crate::tournament::standings::{self, Line};
use crate::ui::format;

#[derive(Default)]
pub struct State {
    /// After this round (`None`: all rounds).
    pub up_to: Option<usize>,
    pub page: Page,
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
}

#[derive(Clone, Debug)]
pub enum Message {
    UpTo(usize),
    Page(Page),
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
                Action::None
            }
            Message::Export(ext) => {
                let Some(file) = file else {
                    return Action::None;
                };
                // The Norms page exports the norms sheet; the others the standings report.
                let (name, doc) = if self.page == Page::Norms {
                    let table = crate::tournament::norms::Table::shipped();
                    (
                        "norms",
                        report::norms::document(&file.tournament, self.up_to, table, lang),
                    )
                } else {
                    (
                        "report",
                        report::document(&file.tournament, self.up_to, lang),
                    )
                };
                let out = crate::store::beside(file.path(), &format!("{name}.{ext}"));
                match report::render_for(&out, &doc, lang, report::csv::Separator::for_lang(lang)) {
                    Ok(bytes) => Action::Write {
                        done: Some(format!(
                            "{} {}",
                            lang.pick("Report written:", "Отчёт записан:"),
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

    pub fn view<'a>(&'a self, t: &'a Tournament, lang: Lang) -> Element<'a, Message> {
        let lines = standings::compute(t, self.up_to);
        let rounds: Vec<usize> = t.rounds.iter().map(|r| r.number).collect();
        let shown = self.up_to.or(rounds.last().copied());
        let swiss = t.settings.system == crate::tournament::model::System::Swiss;
        let page_button = |page: Page, label: &'a str| {
            button(text(label))
                .style(if self.page == page {
                    button::primary
                } else {
                    button::secondary
                })
                .on_press(Message::Page(page))
        };
        let bar = row![
            text(lang.pick("After round", "После тура")).size(18),
            pick_list(rounds, shown, Message::UpTo),
            page_button(Page::Points, lang.pick("Standings", "Таблица очков")),
            page_button(
                Page::Crosstable,
                if swiss {
                    lang.pick("Round grid", "Таблица по турам")
                } else {
                    lang.pick("Crosstable", "Турнирная таблица")
                }
            ),
            page_button(Page::Norms, lang.pick("Rank norms", "Разрядные нормы")),
            iced::widget::space::horizontal(),
            text(lang.pick("Export:", "Экспорт:")).size(18),
            button(text("HTML")).on_press(Message::Export("html")),
            button(text("CSV")).on_press(Message::Export("csv")),
            button(text("PDF")).on_press(Message::Export("pdf")),
        ]
        .spacing(8)
        .align_y(iced::Alignment::Center);
        if self.page == Page::Norms {
            return column![bar, norms::view(t, self.up_to, lang)]
                .spacing(10)
                .into();
        }
        if self.page == Page::Crosstable {
            let section = report::results_table(t, &lines, lang);
            let columns = section.header.iter().enumerate().map(|(k, h)| {
                table::column(text(h.clone()).size(15), move |row: Vec<String>| {
                    text(row.get(k).cloned().unwrap_or_default()).size(16)
                })
            });
            let grid = table(columns, section.rows.clone())
                .padding_x(8)
                .padding_y(4);
            return column![
                bar,
                scrollable(grid)
                    .direction(scrollable::Direction::Both {
                        vertical: scrollable::Scrollbar::default(),
                        horizontal: scrollable::Scrollbar::default(),
                    })
                    .height(Length::Fill),
            ]
            .push(swiss.then(|| text(report::round_grid_legend(t, lang)).size(14)))
            .spacing(10)
            .into();
        }
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
                    text(
                        l.tiebreaks
                            .get(k)
                            .and_then(|(_, v)| *v)
                            .map(|v| format::points(v, lang))
                            .unwrap_or_else(|| "—".into()),
                    )
                    .size(18)
                },
            ));
        }
        let legend = t
            .tiebreaks
            .iter()
            .map(|tb| {
                let (short, full) = (tb.short(), tb.name());
                format!(
                    "{} = {}",
                    lang.pick(short.0, short.1),
                    lang.pick(full.0, full.1)
                )
            })
            .collect::<Vec<_>>()
            .join(" · ");
        column![
            bar,
            scrollable(table(columns, lines).padding_x(12).padding_y(5)).height(Length::Fill),
            text(legend).size(14),
        ]
        .spacing(10)
        .into()
    }
}
