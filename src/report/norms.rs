//! «Таблица выполнения разрядных норм»: per participant the opponents' ranks, k and the required
//! k, the norm of each rank, the score, the rank before and the rank met; the table's edition
//! and options named, the method's limits said, the panel signing at the foot.

use super::{points, Document, Section};
use crate::lang::Lang;
use crate::tournament::model::Tournament;
use crate::tournament::norms::{self, Norms, Table};

pub fn document(t: &Tournament, up_to: Option<usize>, table: &Table, lang: Lang) -> Document {
    let n = norms::compute(t, up_to, table, &table.options);
    let ranks = n.ranks_used(table);
    let header = header(&n, &ranks, table, lang);
    let rows = rows(t, &n, up_to, table, &ranks, lang);
    Document {
        title: format!(
            "{} — {}",
            lang.pick("Rank norms", "Таблица выполнения разрядных норм"),
            t.settings.name
        ),
        subtitle: subtitle(t, &n, lang),
        sections: vec![Section {
            heading: lang.pick("Participants", "Участники").to_string(),
            header,
            rows,
            note: Some(
                lang.pick(
                    "Not applied (no rule found): the women's norm, place requirements for MS and GMR, differences of rapid and blitz.",
                    "Не применяются (правило не найдено): норма среди женщин, требования к месту для МС и ГР, различия быстрой игры и блица.",
                )
                .to_string(),
            ),
            ..Section::default()
        }],
        signatures: super::signatures(t, lang),
        ..Document::default()
    }
}

/// Dates and venue, the table's edition and options, and why no norm is computed, when so.
fn subtitle(t: &Tournament, n: &Norms, lang: Lang) -> Vec<String> {
    let mut subtitle = Vec::new();
    for s in [&t.settings.dates, &t.settings.venue] {
        if !s.is_empty() {
            subtitle.push(s.clone());
        }
    }
    subtitle.push(n.document_line(lang));
    subtitle.push(n.options_line(lang));
    if let Some(why) = &n.reason {
        subtitle.push(why.get(lang).to_string());
    }
    subtitle
}

/// The columns: the participant and his figures, one column per rank with its required k, the
/// rank met.
fn header(n: &Norms, ranks: &[&str], table: &Table, lang: Lang) -> Vec<String> {
    let mut header: Vec<String> = [
        ("No.", "№"),
        ("Name", "Участник"),
        ("Rank before", "Разряд до"),
        ("Opponents' ranks", "Разряды соперников"),
        ("Games", "Партий"),
        ("k", "k"),
        ("Points", "Очки"),
    ]
    .iter()
    .map(|(en, ru)| lang.pick(en, ru).to_string())
    .collect();
    for r in ranks {
        let required = table
            .sought
            .iter()
            .find(|s| s.rank == *r)
            .map_or(0, |s| s.required);
        header.push(format!("{} (k ≤ {required})", n.rank_said(r, lang)));
    }
    header.push(lang.pick("Rank met", "Выполнил / подтвердил").to_string());
    header
}

/// A row per participant: his figures, the norm of each rank (✓ when met), the outcome.
fn rows(
    t: &Tournament,
    n: &Norms,
    up_to: Option<usize>,
    table: &Table,
    ranks: &[&str],
    lang: Lang,
) -> Vec<Vec<String>> {
    let year = crate::tournament::model::first_day(&t.settings.dates).map(|d| {
        use chrono::Datelike;
        d.year()
    });
    n.players
        .iter()
        .map(|p| {
            let opponents = opponents_ranks(t, p.id, up_to, table, year, lang);
            let mut row = vec![
                p.number.map(|n| n.to_string()).unwrap_or_default(),
                p.name.clone(),
                n.rank_said(&p.rank, lang).to_string(),
                opponents,
                p.games.to_string(),
                p.coefficient
                    .map_or("—".to_string(), |k| norms::coefficient_text(k, lang)),
                points(p.score, lang),
            ];
            for r in ranks {
                let cell = p
                    .norms
                    .iter()
                    .find(|x| x.rank == *r)
                    .filter(|_| p.reason.is_none())
                    .map_or(String::new(), |x| {
                        format!("{}{}", points(x.norm, lang), if x.met { " ✓" } else { "" })
                    });
                row.push(cell);
            }
            row.push(n.outcome(p, lang));
            row
        })
        .collect()
}

/// The ranks of a participant's opponents over the games counted, as a tally: `КМС×4, I×2`.
fn opponents_ranks(
    t: &Tournament,
    id: crate::tournament::model::PlayerId,
    up_to: Option<usize>,
    table: &Table,
    year: Option<i32>,
    lang: Lang,
) -> String {
    let mut tally: Vec<(String, usize)> = Vec::new();
    for o in norms::opponents(t, id, up_to) {
        let Some(p) = t.player(o) else { continue };
        let key = table.rank_of(p, year).key.clone();
        match tally.iter_mut().find(|(k, _)| *k == key) {
            Some((_, n)) => *n += 1,
            None => tally.push((key, 1)),
        }
    }
    tally.sort_by_key(|(k, _)| {
        table
            .ranks
            .iter()
            .position(|r| &r.key == k)
            .unwrap_or(usize::MAX)
    });
    tally
        .iter()
        .map(|(k, n)| format!("{}×{n}", norms::key_in(&table.ranks, k, lang, false)))
        .collect::<Vec<_>>()
        .join(", ")
}
