//! Reports of an event: standings, crosstable and the rounds (pairings, ballots, results), as one
//! document model rendered to HTML (one self-contained printable file), CSV and PDF (with an
//! embedded font that covers Cyrillic).

pub mod csv;
pub mod html;
pub mod pdf;

use crate::lang::Lang;
use crate::tournament::ballot::load as load_table;
use crate::tournament::model::{ByeValue, GameResult, Tournament};
use crate::tournament::standings::{self, Line};

/// The document in the format `path`'s extension names (`.html`, `.csv` for the standings, `.pdf`).
pub fn render_for(
    path: &std::path::Path,
    doc: &Document,
    lang: Lang,
    separator: csv::Separator,
) -> Result<Vec<u8>, String> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    Ok(match ext.as_deref() {
        Some("html") | Some("htm") => html::render(doc, lang).into_bytes(),
        Some("csv") => csv::render(&doc.sections[0], separator).into_bytes(),
        Some("pdf") => pdf::render(doc).map_err(|e| e.to_string())?,
        _ => {
            return Err(format!(
                "{}: the extension must be .html, .csv or .pdf",
                path.display()
            ))
        }
    })
}

/// The pairing's score in the event's points, `1.5 : 0.5`, or empty before any game is scored.
pub fn score(tour: &Tournament, p: &crate::tournament::model::Pairing) -> String {
    if !p.scored() {
        return String::new();
    }
    let (_, draw) = tour.game_value();
    let (w, b) = p.halves();
    format!("{} : {}", number(w as f64 * draw), number(b as f64 * draw))
}

/// A document: a title block and tables.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Document {
    pub title: String,
    pub subtitle: Vec<String>,
    pub sections: Vec<Section>,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Section {
    pub heading: String,
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

fn t(lang: Lang, en: &'static str, ru: &'static str) -> String {
    lang.pick(en, ru).to_string()
}

/// `2.5` → `2.5`, `4.0` → `4`, `21.125` → `21.125` (coefficients of micromatches come in eighths).
pub fn number(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{}", x as i64)
    } else {
        let s = format!("{x:.3}");
        s.trim_end_matches('0').to_string()
    }
}

/// The standings table (also the CSV).
pub fn standings_section(tour: &Tournament, lines: &[Line], lang: Lang) -> Section {
    let mut header = vec![
        t(lang, "Place", "Место"),
        t(lang, "No", "№"),
        t(lang, "Name", "Участник"),
        t(lang, "Title", "Звание"),
        t(lang, "Club", "Клуб"),
        t(lang, "Rating", "Рейтинг"),
        t(lang, "Points", "Очки"),
    ];
    for tb in &tour.tiebreaks {
        let (en, ru) = tb.short();
        header.push(match lang {
            Lang::En => en.to_string(),
            Lang::Ru => ru.to_string(),
        });
    }
    let rows = lines
        .iter()
        .map(|l| {
            let p = tour.player(l.id);
            let mut row = vec![
                l.place.clone(),
                l.number.map_or_else(String::new, |n| n.to_string()),
                l.name.clone(),
                p.map_or_else(String::new, |p| p.title.clone()),
                p.map_or_else(String::new, |p| p.club.clone()),
                p.and_then(|p| p.rating)
                    .map_or_else(String::new, |r| r.to_string()),
                number(l.points),
            ];
            row.extend(
                l.tiebreaks
                    .iter()
                    .map(|(_, v)| v.map_or_else(String::new, number)),
            );
            row
        })
        .collect();
    Section {
        heading: t(lang, "Standings", "Турнирная таблица"),
        header,
        rows,
    }
}

pub fn crosstable(tour: &Tournament, lines: &[Line], lang: Lang) -> Section {
    let players = tour.by_number();
    let mut header = vec![t(lang, "No", "№"), t(lang, "Name", "Участник")];
    header.extend(players.iter().map(|p| p.number.unwrap_or(0).to_string()));
    header.push(t(lang, "Points", "Очки"));
    header.push(t(lang, "Place", "Место"));
    let rows = players
        .iter()
        .map(|p| {
            let line = lines.iter().find(|l| l.id == p.id);
            let mut row = vec![p.number.unwrap_or(0).to_string(), p.full_name()];
            for q in &players {
                if q.id == p.id {
                    row.push("×".into());
                    continue;
                }
                let scores: Vec<String> = line
                    .map(|l| {
                        l.rounds
                            .iter()
                            .filter(|r| r.opponent == Some(q.id))
                            .map(|r| number(r.score))
                            .collect()
                    })
                    .unwrap_or_default();
                row.push(scores.join(" "));
            }
            row.push(line.map_or_else(String::new, |l| number(l.points)));
            row.push(line.map_or_else(String::new, |l| l.place.clone()));
            row
        })
        .collect();
    Section {
        heading: t(lang, "Crosstable", "Таблица результатов"),
        header,
        rows,
    }
}

fn rounds(tour: &Tournament, lang: Lang) -> Vec<Section> {
    let ballot_text = |table: &str, cell: &str| -> String {
        load_table(table)
            .ok()
            .and_then(|t| {
                t.entry(cell)
                    .ok()
                    .map(|e| crate::tournament::ballot::said(&e.text, lang))
            })
            .unwrap_or_default()
    };
    let name = |id| tour.player(id).map_or_else(String::new, |p| p.full_name());
    tour.rounds
        .iter()
        .map(|r| {
            let mut header = vec![
                t(lang, "Board", "Доска"),
                t(lang, "White", "Белые"),
                t(lang, "Black", "Чёрные"),
            ];
            if tour.settings.format.ballot.is_some() {
                header.push(t(lang, "Ballot", "Жребий"));
                header.push(t(lang, "Opening", "Начало"));
            }
            header.push(t(lang, "Games", "Партии"));
            header.push(t(lang, "Score", "Счёт"));
            let mut rows: Vec<Vec<String>> = r
                .pairings
                .iter()
                .map(|p| {
                    let mut row = vec![p.board.to_string(), name(p.white), name(p.black)];
                    if tour.settings.format.ballot.is_some() {
                        match &p.ballot {
                            Some(b) => {
                                row.push(format!("{} {}", b.table.to_uppercase(), b.cell));
                                row.push(ballot_text(&b.table, &b.cell));
                            }
                            None => row.extend([String::new(), String::new()]),
                        }
                    }
                    let symbols = |games: &[GameResult]| {
                        games
                            .iter()
                            .map(|g| g.symbol())
                            .collect::<Vec<_>>()
                            .join(", ")
                    };
                    let mut games = symbols(&p.games);
                    if !p.extra.is_empty() {
                        games = format!(
                            "{games}; {}: {}",
                            t(lang, "extra", "доп."),
                            symbols(&p.extra)
                        );
                    }
                    row.push(games);
                    let mut score = score(tour, p);
                    if let Some(winner) = p.extra_winner(tour.settings.format.games.max(1) as usize)
                    {
                        score = format!(
                            "{score} ({} {})",
                            t(lang, "extra won by", "доп. выиграл"),
                            name(winner)
                        );
                    }
                    row.push(score);
                    row
                })
                .collect();
            let width = header.len();
            if let Some(bye) = r.bye {
                let mut row = vec![String::new(), name(bye), t(lang, "bye", "свободен")];
                row.resize(width, String::new());
                rows.push(row);
            }
            for (id, value) in &r.requested_byes {
                let what = match value {
                    ByeValue::Win => t(lang, "full-point bye", "свободен (очко за победу)"),
                    ByeValue::Draw => t(lang, "half-point bye", "свободен (очко за ничью)"),
                    ByeValue::Zero => continue,
                };
                let mut row = vec![String::new(), name(*id), what];
                row.resize(width, String::new());
                rows.push(row);
            }
            Section {
                heading: format!("{} {}", t(lang, "Round", "Тур"), r.number),
                header,
                rows,
            }
        })
        .collect()
}

/// The whole report: standings, crosstable (round robins), every round.
pub fn document(tour: &Tournament, up_to: Option<usize>, lang: Lang) -> Document {
    let lines = standings::compute(tour, up_to);
    let mut subtitle = Vec::new();
    for s in [&tour.settings.dates, &tour.settings.venue] {
        if !s.is_empty() {
            subtitle.push(s.clone());
        }
    }
    if !tour.settings.chief_arbiter.is_empty() {
        subtitle.push(format!(
            "{}: {}",
            t(lang, "Chief arbiter", "Главный судья"),
            tour.settings.chief_arbiter
        ));
    }
    // The full name with the column heading it stands for: the header says what "Берг." is.
    let tiebreaks: Vec<String> = tour
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
    subtitle.push(format!(
        "{}: {}",
        t(lang, "Time control", "Контроль времени"),
        tour.settings.time_control.said(lang)
    ));
    if !tiebreaks.is_empty() {
        subtitle.push(format!(
            "{}: {}",
            t(lang, "Tie-breaks", "Дополнительные показатели"),
            tiebreaks.join(", ")
        ));
    }
    let mut sections = vec![standings_section(tour, &lines, lang)];
    if tour.settings.system != crate::tournament::model::System::Swiss && tour.players.len() <= 24 {
        sections.push(crosstable(tour, &lines, lang));
    }
    sections.extend(rounds(tour, lang));
    Document {
        title: tour.settings.name.clone(),
        subtitle,
        sections,
    }
}
