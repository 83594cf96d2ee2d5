//! The Standings screen's Norms page: after any round, each participant's tournament
//! coefficient k, the norm of every rank from КМС down to his own, and how many points he still
//! needs for it — the question arbiters are asked in every round.

use iced::widget::{column, scrollable, table, text};
use iced::{Element, Length};
use std::rc::Rc;

use super::Message;
use crate::lang::Lang;
use crate::tournament::model::{System, Tournament};
use crate::tournament::norms::{self, Norms, PlayerNorms, RankNorm};
use crate::ui::format;
use crate::ui::session::NormsShown;

/// The page for norms the session computed.
pub fn view<'a>(t: &'a Tournament, computed: NormsShown, lang: Lang) -> Element<'a, Message> {
    // The event's own table file may be missing or broken: the page says so instead.
    let (table_data, n) = match computed {
        Ok(both) => both,
        Err(e) => {
            return text(format!(
                "{} {e}",
                lang.pick(
                    "The event's norms table cannot be read:",
                    "Таблица норм турнира не читается:"
                )
            ))
            .size(18)
            .color(crate::ui::theme::ERROR)
            .into()
        }
    };
    column![
        scrollable(
            table(columns(&table_data, &n, lang), n.players.clone())
                .padding_x(10)
                .padding_y(4)
        )
        .direction(scrollable::Direction::Both {
            vertical: scrollable::Scrollbar::default(),
            horizontal: scrollable::Scrollbar::default(),
        })
        .height(Length::Fill),
        notes(t, &n, lang),
    ]
    .spacing(10)
    .into()
}

/// The table's columns: the player, his games, points and k, a column per rank somebody can be
/// measured against, and the result.
fn columns<'a>(
    table_data: &norms::Table,
    n: &Rc<Norms>,
    lang: Lang,
) -> Vec<table::Column<'a, 'a, PlayerNorms, Message>> {
    // Only the ranks somebody can be measured against get a column.
    let ranks: Vec<String> = n
        .ranks_used(table_data)
        .into_iter()
        .map(str::to_string)
        .collect();
    // The columns' cells outlive this call: they hold the norms (shared, not copied).
    let (for_rank, for_result) = (Rc::clone(n), Rc::clone(n));
    let mut columns = vec![
        table::column(text("№"), |p: PlayerNorms| {
            text(p.number.map(|n| n.to_string()).unwrap_or_default()).size(17)
        }),
        table::column(
            text(lang.pick("Name", "Участник")),
            |p: PlayerNorms| text(p.name).size(17),
        ),
        table::column(
            text(lang.pick("Rank", "Разряд")),
            move |p: PlayerNorms| text(for_rank.rank_said(&p.rank, lang).to_string()).size(17),
        ),
        table::column(
            text(lang.pick("Games", "Партий")),
            |p: PlayerNorms| text(p.games.to_string()).size(17),
        ),
        table::column(
            text(lang.pick("Points", "Очки")),
            move |p: PlayerNorms| text(format::points(p.score, lang)).size(17),
        ),
        table::column(text("k"), move |p: PlayerNorms| {
            text(
                p.coefficient
                    .map_or("—".to_string(), |k| norms::coefficient_text(k, lang)),
            )
            .size(17)
        }),
    ];
    for rank in ranks {
        let head = n.rank_said(&rank, lang).to_string();
        columns.push(table::column(text(head), move |p: PlayerNorms| {
            let cell = p
                .norms
                .iter()
                .find(|r| r.rank == rank)
                .map_or(String::new(), |r| cell(r, lang));
            text(cell).size(17)
        }));
    }
    columns.push(table::column(
        text(lang.pick("Result", "Итог")),
        move |p: PlayerNorms| text(for_result.outcome(&p, lang)).size(17),
    ));
    columns
}

/// The notes under the table: the document and options counted, what «still needed» and
/// «reached» mean, and why there are no norms when there are none.
fn notes<'a>(t: &Tournament, n: &Norms, lang: Lang) -> iced::widget::Column<'a, Message> {
    let needed_over = if t.settings.system == System::Swiss {
        lang.pick(
            "«still needed»: over the games played so far (later opponents are not known in a Swiss)",
            "«ещё нужно»: по сыгранным партиям (будущие соперники по швейцарской системе неизвестны)",
        )
    } else {
        lang.pick(
            "«still needed»: over the whole schedule of the round robin, every game played",
            "«ещё нужно»: по всему расписанию кругового турнира, если все партии будут сыграны",
        )
    };
    let reached = lang.pick(
        "«reached»: the points for the norm are there; it is met when the other conditions hold (games played, k)",
        "«набрано»: очков для нормы уже достаточно; она выполнена, когда соблюдены и остальные условия (число партий, k)",
    );
    let mut notes = column![
        text(n.document_line(lang)).size(14),
        text(format!("{}. {needed_over}", n.options_line(lang))).size(14),
        text(reached).size(14),
    ]
    .spacing(4);
    if let Some(why) = &n.reason {
        notes = notes.push(text(why.get(lang).to_string()).size(18));
    }
    notes
}

/// A rank's cell: its norm over the games played and met (✓); else the norm the needed points
/// are counted against (a round robin's over its whole schedule) and what is still needed, or
/// that it is out of reach.
fn cell(r: &RankNorm, lang: Lang) -> String {
    if r.met {
        return format!("{} ✓", format::points(r.norm, lang));
    }
    let norm = format::points(r.scheduled_norm.unwrap_or(r.norm), lang);
    match r.needed {
        Some(x) if x > 0.0 => format!(
            "{norm} · {} {}",
            lang.pick("needs", "ещё"),
            format::points(x, lang)
        ),
        Some(_) => format!("{norm} · {}", lang.pick("reached", "набрано")),
        None if r.open => format!(
            "{norm} · {}",
            lang.pick(
                "k depends on opponents to come",
                "k зависит от будущих соперников"
            )
        ),
        None => format!("{norm} · {}", lang.pick("out of reach", "недостижима")),
    }
}
