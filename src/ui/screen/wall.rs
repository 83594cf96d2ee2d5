//! The hall wall: every board of the round on the projector, white and yellow digits on black.
//! The grid is chosen for the screen so the digits are as large as they can be: with four
//! boards on a 1080p projector they are well over 1/8 of the screen height; forty still fit.

use iced::widget::text::Wrapping;
use iced::widget::{button, column, container, grid, responsive, row, text};
use iced::{Element, Length, Size};
use std::rc::Rc;

use crate::clock::game_clock::{SideView, Snapshot};
use crate::lang::Lang;
use crate::rules::Color;
use crate::tournament::category;
use crate::tournament::encounter::{Alone, Encounter, Entrant};
use crate::tournament::model::{System, Tournament};
use crate::tournament::standings::Line;
use crate::tournament::system;
use crate::ui::session::clocks::{Clocks as State, Seat};
use crate::ui::session::CategoryLines;
use crate::ui::{format, theme};

mod bracket;

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

/// What the hall sees; ← and → (or the buttons) change it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Page {
    #[default]
    Clocks,
    Pairings,
    Standings,
    /// The crosstable: a team event's team crosstable, a round robin's, a Swiss's round grid.
    Crosstable,
    Ballot,
}

impl Page {
    pub const ALL: [Page; 5] = [
        Page::Clocks,
        Page::Pairings,
        Page::Standings,
        Page::Crosstable,
        Page::Ballot,
    ];

    /// The page's button; a knockout's crosstable page is its bracket, a Swiss's its round
    /// grid.
    pub fn label(self, lang: Lang, system: Option<System>) -> &'static str {
        match self {
            Page::Crosstable if system == Some(System::Knockout) => lang.pick("Bracket", "Сетка"),
            Page::Crosstable if system == Some(System::Swiss) => {
                lang.pick("Round grid", "По турам")
            }
            Page::Clocks => lang.pick("Clocks", "Часы"),
            Page::Pairings => lang.pick("Pairings", "Пары"),
            Page::Standings => lang.pick("Standings", "Таблица"),
            Page::Crosstable => lang.pick("Crosstable", "Шахматка"),
            Page::Ballot => lang.pick("Ballot", "Жеребьёвка"),
        }
    }

    pub fn next(self, by: isize) -> Page {
        let i = Page::ALL.iter().position(|p| *p == self).unwrap_or(0) as isize;
        Page::ALL[(i + by).rem_euclid(Page::ALL.len() as isize) as usize]
    }
}

/// The ballot shown to the hall: the cell, its moves and the position.
pub struct Drawn {
    pub board: usize,
    pub cell: String,
    pub text: String,
    pub position: crate::rules::Position,
}

/// What the wall's own buttons ask for.
#[derive(Clone, Debug)]
pub enum Message {
    Page(Page),
    /// Back to the console.
    Close,
}

/// What the wall shows, read from the session above it.
pub struct Shown<'a> {
    pub clocks: &'a State,
    pub t: Option<&'a Tournament>,
    /// The standings after every round played, as the session computed them for this state.
    pub standings: Option<Rc<Vec<Line>>>,
    /// The categories' standings, as the session computed them for this state.
    pub categories: Option<Rc<Vec<CategoryLines>>>,
    /// A team event's tables, as the session computed them for this state.
    pub teams: Option<Rc<crate::ui::session::TeamTables>>,
    /// A knockout's bracket, as the session computed it for this state.
    pub bracket: Option<Rc<crate::tournament::system::knockout::Bracket>>,
    pub drawn: Option<Drawn>,
    pub now: u64,
    /// The hall's local date and time, for the schedule's countdown (unknown in a test that
    /// sets none).
    pub hall_time: Option<chrono::NaiveDateTime>,
    /// Changes or clock records wait for the disk.
    pub alarm: bool,
}

pub fn view<'a>(page: Page, shown: Shown<'a>, lang: Lang) -> Element<'a, Message> {
    let (t, hall_time) = (shown.t, shown.hall_time);
    // Only the current round's clocks: a hall left from an earlier round is not the hall's now.
    let current = shown.clocks.of_current_round(t);
    let title = title(page, shown.clocks, t, current, lang);
    let header = header(page, title, t, shown.alarm, lang);
    let body = body(page, shown, current, lang);
    // The next round's start and the time left to it, over every page but the clocks'.
    let next = (page != Page::Clocks)
        .then(|| crate::tournament::schedule::next_said(&t?.schedule, hall_time?, lang))
        .flatten()
        .map(|said| text(said).size(28).color(theme::RUNNING));
    container(column![header].push(next).push(body).spacing(6).padding(6))
        .width(Length::Fill)
        .height(Length::Fill)
        .style(theme::wall)
        .into()
}

/// The event's name, and what the page shows of it: the round and game of the clocks, the
/// round (and its stage) of the pairings and the ballot.
fn title(page: Page, clocks: &State, t: Option<&Tournament>, current: bool, lang: Lang) -> String {
    let mut title = t.map(|t| t.settings.name.clone()).unwrap_or_default();
    match (page, clocks.game.filter(|_| current)) {
        (Page::Clocks, Some((r, g))) => title.push_str(&format!(
            " · {} {r} · {} {}",
            lang.pick("round", "тур"),
            lang.pick("game", "партия"),
            g + 1
        )),
        (Page::Pairings, _) | (Page::Ballot, _) => {
            if let Some(r) = t.and_then(|t| t.rounds.last()) {
                title.push_str(&format!(" · {} {}", lang.pick("round", "тур"), r.number));
                if let Some(stage) = t.and_then(|t| system::of(t).round_said(t, r.number, lang)) {
                    title.push_str(&format!(" · {}", stage.to_lowercase()));
                }
            }
        }
        _ => {}
    }
    title
}

/// The wall's top line: the title, the pages' buttons, the alarm, the way back to the console.
fn header<'a>(
    page: Page,
    title: String,
    t: Option<&Tournament>,
    alarm: bool,
    lang: Lang,
) -> Element<'a, Message> {
    let system = t.map(|t| t.settings.system);
    let pages = Page::ALL.into_iter().map(|p| {
        button(text(p.label(lang, system)).size(16))
            .style(if p == page {
                button::primary
            } else {
                button::secondary
            })
            .on_press(Message::Page(p))
            .into()
    });
    // One line, so that the digits keep their height: a long title is set smaller to fit beside
    // the buttons (a character of Fira Sans is about 0.55 of the size wide), and only past the
    // smallest size is it cut.
    let chars = title.chars().count().max(1) as f32;
    row![container(responsive(move |room| {
        let size = (room.width / (0.55 * chars)).clamp(16.0, 28.0);
        text(title.clone())
            .size(size)
            .color(theme::WALL_TEXT)
            .wrapping(Wrapping::None)
            .into()
    }))
    .width(Length::Fill)
    .height(40)
    .align_y(iced::Alignment::Center)
    .clip(true)]
    .extend(pages)
    // Something the disk has not taken: the arbiter at the wall sees it and goes to the console.
    .push(alarm.then(|| -> Element<'a, Message> {
        container(
            text(lang.pick("NOT SAVED", "НЕ СОХРАНЕНО"))
                .size(20)
                .color(iced::Color::WHITE),
        )
        .padding([4, 10])
        .style(|_: &iced::Theme| container::Style {
            background: Some(theme::ERROR.into()),
            ..container::Style::default()
        })
        .into()
    }))
    .push(
        button(text(lang.pick("Console (Esc)", "Пульт (Esc)")).size(16))
            .style(button::secondary)
            .on_press(Message::Close),
    )
    .spacing(6)
    .align_y(iced::Alignment::Center)
    .into()
}

/// The page itself.
fn body<'a>(page: Page, shown: Shown<'a>, current: bool, lang: Lang) -> Element<'a, Message> {
    let Shown {
        clocks,
        t,
        standings: lines,
        categories,
        teams,
        bracket: knockout,
        drawn,
        now,
        ..
    } = shown;
    match page {
        Page::Clocks => clock_grid(clocks, current, t, now, lang),
        Page::Pairings => t.map_or_else(|| text("").into(), |t| pairings(t, now, lang)),
        Page::Standings => match (t, lines, teams) {
            (_, _, Some(teams)) => team_standings(&teams, now, lang),
            (Some(t), Some(lines), None) => standings(
                t,
                &lines,
                categories.as_deref().map_or(&[], |c| c.as_slice()),
                now,
                lang,
            ),
            _ => text("").into(),
        },
        // A knockout's crosstable is its bracket.
        Page::Crosstable if knockout.is_some() => {
            knockout.map_or_else(|| text("").into(), |b| bracket::view(b, lang))
        }
        Page::Crosstable => match (t, lines, teams) {
            (Some(t), _, Some(teams)) => {
                let table = crate::report::team::crosstable(t, &teams.teams, lang);
                big_table(table.header, table.rows, now, lang)
            }
            (Some(t), Some(lines), None) => {
                let table = crate::report::results_table(t, &lines, lang);
                big_table(table.header, table.rows, now, lang)
            }
            _ => text("").into(),
        },
        Page::Ballot => ballot(drawn, lang),
    }
}

fn clock_grid<'a>(
    clocks: &'a State,
    current: bool,
    t: Option<&'a Tournament>,
    now: u64,
    lang: Lang,
) -> Element<'a, Message> {
    let seats = if current { clocks.seats(t) } else { Vec::new() };
    let snaps: Vec<Snapshot> = clocks
        .hall
        .snapshots(now)
        .into_iter()
        .map(|(_, s)| s)
        .collect();
    responsive(move |size| {
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
    })
    .into()
}

/// Rows of large text, as large as the height and the longest entries allow (12 to 56 px).
/// The smallest text a table on the wall is set in, read from the back of a hall: a table with
/// more rows than fit at this size is shown a sheet at a time.
pub const MIN_TABLE_TEXT: f32 = 26.0;

/// How long each sheet of a long table stays on the wall before the next.
pub const SHEET_MS: u64 = 12_000;

/// Rows (under the header) that fit in `height` at text `size`: a row takes 1.43 of the size
/// on the rendered wall (1.5 counted, for a margin), and one line is kept for the sheet's
/// number.
fn rows_fitting(height: f32, size: f32) -> usize {
    ((height / (size * 1.5)).floor() as usize)
        .saturating_sub(2)
        .max(1)
}

/// A table set as large as the wall allows: every column, each as wide as its longest entry;
/// every row when they all fit at [`MIN_TABLE_TEXT`], else sheet by sheet (the header on each,
/// the sheet's number under it).
fn big_table<'a>(
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    now: u64,
    lang: Lang,
) -> Element<'a, Message> {
    big_tables(
        vec![Titled {
            title: None,
            header,
            rows,
        }],
        now,
        lang,
    )
}

/// One of the tables a wall page turns through: the event's standings, a category's.
struct Titled {
    /// Said above the table when the page has several.
    title: Option<String>,
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

/// How a table is set at one size of the wall.
struct Plan {
    /// Each column's width in characters, over all the rows, so that the columns stand still
    /// from sheet to sheet.
    chars: Vec<usize>,
    /// Rows on one sheet.
    per: usize,
    sheets: usize,
    /// The text's size in pixels.
    size_px: f32,
}

impl Plan {
    fn new(table: &Titled, size: Size) -> Plan {
        let (header, rows) = (&table.header, &table.rows);
        // A character of Fira Sans is about 0.55 of the font size wide, and a column gap 0.8.
        let chars: Vec<usize> = (0..header.len())
            .map(|c| {
                std::iter::once(header)
                    .chain(rows)
                    .filter_map(|r| r.get(c))
                    .map(|s| s.chars().count())
                    .max()
                    .unwrap_or(1)
                    .max(2)
            })
            .collect();
        let total: usize = chars.iter().sum();
        let by_width = (size.width - 24.0) / (0.55 * total as f32 + 0.8 * chars.len() as f32);
        let whole = size.height / (rows.len() as f32 + 1.5) / 1.45;
        let paged = whole.min(by_width) < MIN_TABLE_TEXT && rows.len() > 1;
        // As few sheets as fit, shared out evenly (not two full ones and a last of six rows).
        let per = if paged {
            let fit = rows_fitting(size.height, MIN_TABLE_TEXT.min(by_width));
            rows.len().div_ceil(rows.len().div_ceil(fit))
        } else {
            rows.len()
        };
        let sheets = rows.len().div_ceil(per.max(1)).max(1);
        let by_height = if sheets > 1 {
            size.height / (per as f32 + 2.5) / 1.45
        } else {
            whole
        };
        Plan {
            chars,
            per,
            sheets,
            size_px: by_height.min(by_width).clamp(12.0, 56.0),
        }
    }
}

/// Height kept above a table for its title when a page turns through several.
const TITLE_PX: f32 = 48.0;

/// Tables shown one after another, sheet by sheet, every [`SHEET_MS`]: each gets as many turns
/// as it has sheets at this size, so that none is cut short (the event's table, then each
/// category's, round and round).
fn big_tables<'a>(tables: Vec<Titled>, now: u64, lang: Lang) -> Element<'a, Message> {
    responsive(move |size| {
        let titled = tables.iter().any(|t| t.title.is_some());
        let area = if titled {
            Size::new(size.width, (size.height - TITLE_PX).max(0.0))
        } else {
            size
        };
        let plans: Vec<Plan> = tables.iter().map(|t| Plan::new(t, area)).collect();
        let turns: usize = plans.iter().map(|p| p.sheets).sum();
        let mut k = (now / SHEET_MS) as usize % turns.max(1);
        let Some(i) = plans.iter().position(|p| {
            let here = k < p.sheets;
            if !here {
                k -= p.sheets;
            }
            here
        }) else {
            return text("").into();
        };
        let (table, plan) = (&tables[i], &plans[i]);
        let title = table.title.clone().map(|t| -> Element<'_, Message> {
            container(text(t).size(TITLE_PX * 0.6).color(theme::RUNNING))
                .height(TITLE_PX)
                .into()
        });
        column![]
            .push(title)
            .push(table_sheet(table, plan, k, lang))
            .into()
    })
    .into()
}

/// Sheet `k` (from 0) of `table` as `plan` sets it.
fn table_sheet<'a>(table: &Titled, plan: &Plan, k: usize, lang: Lang) -> Element<'a, Message> {
    let Plan {
        chars,
        per,
        sheets,
        size_px,
    } = plan;
    let (per, sheets, size_px) = (*per, *sheets, *size_px);
    let rows = &table.rows;
    let first = k * per;
    let shown = &rows[first.min(rows.len())..(first + per).min(rows.len())];
    let line = |cells: &[String], colour: iced::Color| {
        row(cells.iter().zip(chars).map(|(c, w)| {
            text(c.clone())
                .size(size_px)
                .color(colour)
                .wrapping(Wrapping::None)
                .width(Length::FillPortion(*w as u16))
                .into()
        }))
        .spacing(size_px * 0.8)
        .into()
    };
    let footer = (sheets > 1).then(|| {
        let number = k + 1;
        text(match lang {
            Lang::En => format!("Sheet {number} of {sheets}"),
            Lang::Ru => format!("Лист {number} из {sheets}"),
        })
        .size(size_px * 0.8)
        .color(theme::RUNNING)
        .into()
    });
    column(
        std::iter::once(line(&table.header, theme::RUNNING))
            .chain(shown.iter().map(|r| line(r, theme::WALL_TEXT)))
            .chain(footer),
    )
    .spacing(size_px * 0.2)
    .padding([0, 12])
    .into()
}

/// «свободен», «свободна», «проходит без игры», «не играет».
fn alone_said(t: &Tournament, entrant: Entrant, why: Alone, lang: Lang) -> &'static str {
    match (why, entrant) {
        (Alone::Bye, Entrant::Player(id)) => lang.agree(
            t.player(id).and_then(|p| p.sex),
            "bye",
            ["свободен", "свободна", "свободный тур"],
        ),
        (Alone::Bye, Entrant::Team(_)) => lang.pick("bye", "свободный тур"),
        (Alone::Passes, _) => lang.pick("passes without a game", "проходит без игры"),
        (Alone::Away, _) => lang.pick("away", "не играет"),
    }
}

fn pairings<'a>(t: &Tournament, now: u64, lang: Lang) -> Element<'a, Message> {
    let Some(r) = t.rounds.last() else {
        return text("").into();
    };
    let name = |id| format::seated(t, id);
    let said = |board| system::of(t).encounter_said(t, r.number, board, lang);
    let mut rows: Vec<Vec<String>> = Vec::new();
    for e in r.encounters() {
        match e {
            Encounter::Met { sides, boards } => {
                for p in boards {
                    // A match's board is named by its match and its board in the match.
                    let board = match sides[0] {
                        Entrant::Team(_) => format::match_board(t, r, p.board),
                        Entrant::Player(_) => match said(p.board) {
                            Some(s) => format!("{} · {s}", p.board),
                            None => p.board.to_string(),
                        },
                    };
                    rows.push(vec![
                        board,
                        name(p.white),
                        name(p.black),
                        p.ballot
                            .as_ref()
                            .map(|b| b.cell.clone())
                            .unwrap_or_default(),
                        match crate::report::extra_score(t, p, lang) {
                            Some(extra) => {
                                format!("{} ({extra})", crate::report::score(t, p, lang))
                            }
                            None => crate::report::score(t, p, lang),
                        },
                    ]);
                }
            }
            // At the foot: the bye, a knockout's seeds going on (no game, nothing scored: not
            // a bye), a team round's teams without a match.
            Encounter::Alone { entrant, why } => rows.push(vec![
                String::new(),
                match entrant {
                    Entrant::Player(id) => name(id),
                    Entrant::Team(id) => t.team_name(id),
                },
                alone_said(t, entrant, why, lang).into(),
                String::new(),
                String::new(),
            ]),
        }
    }
    let header = vec![
        lang.pick("Board", "Доска").into(),
        lang.pick("White", "Белые").into(),
        lang.pick("Black", "Чёрные").into(),
        lang.pick("Ballot", "Начало").into(),
        lang.pick("Score", "Счёт").into(),
    ];
    big_table(header, rows, now, lang)
}

/// A team event's table on the wall: place, number, team, match and game points, and every
/// criterion the event ranks by (a team table is narrow: the hall asks why a team is placed
/// where it is, and the answer may be the last criterion).
fn team_standings<'a>(
    teams: &crate::ui::session::TeamTables,
    now: u64,
    lang: Lang,
) -> Element<'a, Message> {
    let section = crate::report::team::standings_section(&teams.teams, lang);
    big_table(section.header, section.rows, now, lang)
}

/// The event's standings, then each category's (зачёты) in the regulation's order, turning
/// one after another: place, name, points and the first two tie-breaks. (A Swiss's round grid
/// is the Crosstable page's: this page is the table of places, as in every system.)
fn standings<'a>(
    t: &Tournament,
    lines: &[Line],
    categories: &[CategoryLines],
    now: u64,
    lang: Lang,
) -> Element<'a, Message> {
    let shown: Vec<_> = t.tiebreaks.iter().take(2).collect();
    let mut header = vec![
        lang.pick("Place", "Место").to_string(),
        lang.pick("Name", "Участник").to_string(),
        lang.pick("Points", "Очки").to_string(),
    ];
    header.extend(shown.iter().map(|tb| {
        let (en, ru) = tb.short();
        lang.pick(en, ru).to_string()
    }));
    let rows = |lines: &[Line]| -> Vec<Vec<String>> {
        lines
            .iter()
            .map(|l| {
                let name = crate::report::standing_name(t, l, lang);
                let mut row = vec![l.place.clone(), name, format::points(l.points, lang)];
                row.extend(l.tiebreaks.iter().take(shown.len()).map(|(_, v)| {
                    v.map(|v| format::points(v, lang))
                        .unwrap_or_else(|| "—".into())
                }));
                row
            })
            .collect()
    };
    let listed: Vec<&CategoryLines> = categories.iter().filter(|c| !c.lines.is_empty()).collect();
    let overall = (!listed.is_empty()).then(|| category::overall(lang).to_string());
    let tables = std::iter::once(Titled {
        title: overall,
        header: header.clone(),
        rows: rows(lines),
    })
    .chain(listed.into_iter().map(|c| Titled {
        title: Some(category::heading(c.name.get(lang), lang)),
        header: header.clone(),
        rows: rows(&c.lines),
    }))
    .collect();
    big_tables(tables, now, lang)
}

fn ballot<'a>(drawn: Option<Drawn>, lang: Lang) -> Element<'a, Message> {
    let Some(d) = drawn else {
        return container(
            text(lang.pick("No ballot drawn yet.", "Жребий ещё не брошен."))
                .size(48)
                .color(theme::WALL_TEXT),
        )
        .center(Length::Fill)
        .into();
    };
    row![
        column![
            text(format!("{} {}", lang.pick("Board", "Доска"), d.board))
                .size(48)
                .color(theme::WALL_TEXT),
            text(d.cell).size(220).color(theme::RUNNING),
            text(crate::tournament::ballot::said(&d.text, lang))
                .size(56)
                .color(theme::WALL_TEXT),
        ]
        .spacing(10)
        .width(Length::FillPortion(1))
        .align_x(iced::Alignment::Center),
        container(crate::ui::widget::board::Board::new((&d.position).into()).into_view())
            .width(Length::FillPortion(1))
            .height(Length::Fill),
    ]
    .padding(12)
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
            // In words: "1 х. · П 1" was cryptic from the back of the hall.
            let moves = format!("{} {}", lang.pick("moves:", "ходов:"), v.moves);
            // A period is named only where the control counts periods.
            if s.staged {
                format!("{moves} · {} {}", lang.pick("period", "период"), v.period)
            } else {
                moves
            }
        };
        // Shrunk to its half of the cell, as a long name is: two footers at full size ran into
        // each other («… период 1ходов: 0 …»).
        let size = small.min(2.1 * digit / (0.55 * t.chars().count().max(1) as f32));
        line(t, size, colour(c, v))
    };
    let gap = digit * 0.12;
    // A long name shrinks to its half of the cell (about 2.1 digit sizes wide) instead of
    // running into the other one.
    let name_size =
        |name: &str| small.min(2.1 * digit / (0.55 * name.chars().count().max(1) as f32));
    container(
        column![
            row![
                text(seat.board.clone()).size(small).color(theme::WALL_TEXT),
                line(seat.white.clone(), name_size(&seat.white), theme::WALL_TEXT),
                line(seat.black.clone(), name_size(&seat.black), theme::WALL_TEXT),
            ]
            .spacing(gap),
            row![time(Color::White, &s.white), time(Color::Black, &s.black)].spacing(gap),
            // A game over says so across the cell: its stopped times are not a pause.
            if s.over {
                row![line(
                    lang.pick("game over", "партия окончена").to_string(),
                    small,
                    theme::WALL_TEXT
                )]
            } else {
                row![info(Color::White, &s.white), info(Color::Black, &s.black)].spacing(gap)
            },
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
