//! «Итоговый протокол» (final ranking) and «Турнирная таблица» (the crosstable of a round robin,
//! the round grid of a Swiss) as the federation receives them: the event's head, the table, the
//! panel signing.

use super::{head, points, standing_name, t, tiebreak_cells, tiebreak_headings, Document, Section};
use crate::lang::Lang;
use crate::tournament::model::Tournament;
use crate::tournament::norms::{self, Table};
use crate::tournament::standings;

/// The final protocol after `up_to` rounds (all when `None`). In Russian it says who met or
/// confirmed a rank by `table`; the English ranking of an international event has no ЕВСК.
pub fn final_protocol(
    tour: &Tournament,
    up_to: Option<usize>,
    table: &Table,
    lang: Lang,
) -> Document {
    let lines = standings::compute(tour, up_to);
    let ranks = (lang == Lang::Ru).then(|| norms::compute(tour, up_to, table, &table.options));
    let mut header = vec![
        t(lang, "Place", "Место"),
        t(lang, "No", "№"),
        t(lang, "Name", "Фамилия, имя"),
        t(lang, "Born", "Г. р."),
        t(lang, "Title", "Разряд"),
        t(lang, "Federation, club", "Регион, клуб"),
        t(lang, "Points", "Очки"),
    ];
    header.extend(tiebreak_headings(tour, lang));
    if ranks.is_some() {
        header.push(t(lang, "Rank met", "Выполнил / подтвердил"));
    }
    let rows = lines
        .iter()
        .map(|l| {
            let p = tour.player(l.id);
            let field =
                |f: fn(&crate::tournament::model::Player) -> String| p.map_or_else(String::new, f);
            let mut row = vec![
                l.place.clone(),
                l.number.map_or_else(String::new, |n| n.to_string()),
                standing_name(tour, l, lang),
                field(|p| p.birth_year.map_or_else(String::new, |y| y.to_string())),
                p.map_or_else(String::new, |p| norms::title_said(&p.title, lang)),
                field(|p| p.club.clone()),
                points(l.points, lang),
            ];
            row.extend(tiebreak_cells(l, lang));
            if let Some(n) = &ranks {
                row.push(n.met_by(l.id, lang));
            }
            row
        })
        .collect();
    let mut subtitle = head::lines(tour, lang);
    subtitle.extend(head::unfinished_line(tour, up_to, lang));
    subtitle.push(tiebreaks_line(tour, lang));
    if let Some(n) = &ranks {
        subtitle.push(n.document_line(lang));
    }
    Document {
        title: format!(
            "{} — {}",
            match head::unfinished(tour, up_to) {
                None => t(lang, "Final ranking", "Итоговый протокол"),
                Some(_) => t(lang, "Ranking (not final)", "Протокол (промежуточный)"),
            },
            tour.settings.name
        ),
        subtitle,
        sections: std::iter::once(Section::table(
            match head::unfinished(tour, up_to) {
                Some((r, _)) => format!("{} {r}", t(lang, "After round", "После тура")),
                None => t(lang, "Final standings", "Итоговые места"),
            },
            header,
            rows,
        ))
        // The categories' standings follow the event's, in the regulation's order.
        .chain(super::awards::category_sections(tour, &lines, lang))
        .collect(),
        signatures: super::signatures(tour, lang),
        ..Document::default()
    }
}

/// «Дополнительные показатели: …» with the column heading each stands for.
pub fn tiebreaks_line(tour: &Tournament, lang: Lang) -> String {
    let named: Vec<String> = tour
        .tiebreaks
        .iter()
        .map(|tb| {
            let ((name_en, name_ru), (short_en, short_ru)) = (tb.name(), tb.short());
            format!(
                "{} ({})",
                lang.pick(name_en, name_ru),
                lang.pick(short_en, short_ru)
            )
        })
        .collect();
    format!(
        "{}: {}",
        t(lang, "Tie-breaks", "Дополнительные показатели"),
        if named.is_empty() {
            "—".to_string()
        } else {
            named.join(", ")
        }
    )
}

/// «Турнирная таблица»: the crosstable of a round robin, the round grid of a Swiss.
pub fn crosstable(tour: &Tournament, up_to: Option<usize>, lang: Lang) -> Document {
    let lines = standings::compute(tour, up_to);
    let mut subtitle = head::lines(tour, lang);
    subtitle.push(tiebreaks_line(tour, lang));
    let swiss = tour.settings.system == crate::tournament::model::System::Swiss;
    Document {
        title: format!(
            "{} — {}",
            if swiss {
                t(lang, "Round grid", "Таблица по турам")
            } else {
                t(lang, "Crosstable", "Турнирная таблица")
            },
            tour.settings.name
        ),
        subtitle,
        sections: vec![super::results_table(tour, &lines, lang)],
        signatures: super::signatures(tour, lang),
        ..Document::default()
    }
}
