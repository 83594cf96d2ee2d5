//! Reports of an event: standings, crosstable and the rounds (pairings, ballots, results), as one
//! document model rendered to HTML (one self-contained printable file), CSV and PDF (with an
//! embedded font that covers Cyrillic).

pub mod csv;
pub mod html;
pub mod norms;
pub mod pdf;
pub mod scoresheet;

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

/// The pairing's score in the event's points, `1.5 : 0.5` (`1,5 : 0,5` in Russian), or empty
/// before any game is scored.
pub fn score(tour: &Tournament, p: &crate::tournament::model::Pairing, lang: Lang) -> String {
    if !p.scored() {
        return String::new();
    }
    let (_, draw) = tour.game_value();
    let (w, b) = p.halves();
    format!(
        "{} : {}",
        points(w as f64 * draw, lang),
        points(b as f64 * draw, lang)
    )
}

/// A document: a title block and tables.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Document {
    pub title: String,
    pub subtitle: Vec<String>,
    pub sections: Vec<Section>,
    /// Who signs at the foot (the event's panel): a line each, with room for the signature.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub signatures: Vec<String>,
}

/// The panel's lines at a document's foot: the chief arbiter, then the other arbiters.
pub fn signatures(tour: &Tournament, lang: Lang) -> Vec<String> {
    // The chief arbiter signs every document: his line stands even before his name is entered.
    let mut out = vec![format!(
        "{}: ____________________ {}",
        t(lang, "Chief arbiter", "Главный судья"),
        tour.settings.chief_arbiter
    )
    .trim_end()
    .to_string()];
    for a in tour
        .settings
        .arbiters
        .iter()
        .filter(|a| !a.trim().is_empty())
    {
        out.push(format!(
            "{}: ____________________ {a}",
            t(lang, "Arbiter", "Судья")
        ));
    }
    out
}

#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Section {
    pub heading: String,
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// A line under the table saying what its cells mean (the round grid's legend).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

fn t(lang: Lang, en: &'static str, ru: &'static str) -> String {
    lang.pick(en, ru).to_string()
}

/// A number as the arbiter's language writes it: `2.5` in English, `2,5` in Russian (its
/// decimal comma, as Russian forms and spreadsheets have it), `4` for `4.0`. Every score and
/// coefficient a person reads goes through here, so that one screen never mixes the two.
pub fn points(x: f64, lang: Lang) -> String {
    let s = number(x);
    match lang {
        Lang::En => s,
        Lang::Ru => s.replace('.', ","),
    }
}

/// `2.5` → `2.5`, `4.0` → `4`, `21.125` → `21.125` (coefficients of micromatches come in eighths):
/// the form files and programs read.
pub fn number(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{}", x as i64)
    } else {
        let s = format!("{x:.3}");
        s.trim_end_matches('0').to_string()
    }
}

/// «выбыл после тура 3», «выбыла …», and a form without gender when the sex is not known.
pub fn withdrawn(p: &crate::tournament::model::Player, after: usize, lang: Lang) -> String {
    format!(
        "{} {after}",
        lang.agree(
            p.sex,
            "withdrew after round",
            [
                "выбыл после тура",
                "выбыла после тура",
                "выбытие после тура"
            ]
        )
    )
}

/// The name in a standings line, marked when the player has withdrawn:
/// «Петрова Анна (выбыла после тура 3)».
pub fn standing_name(tour: &Tournament, l: &Line, lang: Lang) -> String {
    match (l.withdrawn_after, tour.player(l.id)) {
        (Some(r), Some(p)) => format!("{} ({})", l.name, withdrawn(p, r, lang)),
        _ => l.name.clone(),
    }
}

/// The event's tie-breaks as column headings (`Берг.`).
fn tiebreak_headings(tour: &Tournament, lang: Lang) -> impl Iterator<Item = String> + '_ {
    tour.tiebreaks.iter().map(move |tb| {
        let (en, ru) = tb.short();
        lang.pick(en, ru).to_string()
    })
}

/// A line's tie-break values in the language's numbers, empty where one does not apply.
fn tiebreak_cells(l: &Line, lang: Lang) -> impl Iterator<Item = String> + '_ {
    l.tiebreaks
        .iter()
        .map(move |(_, v)| v.map_or_else(String::new, |v| points(v, lang)))
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
    header.extend(tiebreak_headings(tour, lang));
    let rows = lines
        .iter()
        .map(|l| {
            let p = tour.player(l.id);
            let mut row = vec![
                l.place.clone(),
                l.number.map_or_else(String::new, |n| n.to_string()),
                standing_name(tour, l, lang),
                p.map_or_else(String::new, |p| p.title.clone()),
                p.map_or_else(String::new, |p| p.club.clone()),
                p.and_then(|p| p.rating)
                    .map_or_else(String::new, |r| r.to_string()),
                points(l.points, lang),
            ];
            row.extend(tiebreak_cells(l, lang));
            row
        })
        .collect();
    Section {
        heading: t(lang, "Standings", "Турнирная таблица"),
        header,
        rows,
        note: None,
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
                            .map(|r| points(r.score, lang))
                            .collect()
                    })
                    .unwrap_or_default();
                row.push(scores.join(" "));
            }
            row.push(line.map_or_else(String::new, |l| points(l.points, lang)));
            row.push(line.map_or_else(String::new, |l| l.place.clone()));
            row
        })
        .collect();
    Section {
        heading: t(lang, "Crosstable", "Таблица результатов"),
        header,
        rows,
        note: None,
    }
}

/// The grid a Swiss prints instead of a crosstable: a row per player in standings order, per
/// round the opponent's number, the colour (of game 1) and the result — `12б+`, `7ч=`, `3б−`;
/// a micromatch's cell has the points instead of the sign (`12б 1,5`); a game not played over
/// the board (a forfeit) has no colour (`5+`); a bye is `св+` (`bye+`), a round without a game
/// `—`. Then points, the tie-breaks and the place.
pub fn round_grid(tour: &Tournament, lines: &[Line], lang: Lang) -> Section {
    let rounds: Vec<usize> = {
        let last = lines
            .iter()
            .flat_map(|l| l.rounds.iter().map(|r| r.round))
            .max()
            .unwrap_or(0);
        tour.rounds
            .iter()
            .map(|r| r.number)
            .filter(|&n| n <= last)
            .collect()
    };
    let mut header = vec![
        t(lang, "Place", "Место"),
        t(lang, "No", "№"),
        t(lang, "Name", "Участник"),
    ];
    header.extend(rounds.iter().map(|r| r.to_string()));
    header.push(t(lang, "Points", "Очки"));
    header.extend(tiebreak_headings(tour, lang));
    let micromatch = tour.settings.format.games > 1;
    let number_of = |id| {
        tour.player(id)
            .and_then(|p| p.number)
            .map_or_else(String::new, |n| n.to_string())
    };
    let rows = lines
        .iter()
        .map(|l| {
            let mut row = vec![
                l.place.clone(),
                l.number.map_or_else(String::new, |n| n.to_string()),
                standing_name(tour, l, lang),
            ];
            for &r in &rounds {
                row.push(match l.rounds.iter().find(|x| x.round == r) {
                    Some(x) => grid_cell(x, micromatch, &number_of, lang),
                    None => "—".to_string(),
                });
            }
            row.push(points(l.points, lang));
            row.extend(tiebreak_cells(l, lang));
            row
        })
        .collect();
    Section {
        heading: t(lang, "Round grid", "Таблица по турам"),
        header,
        rows,
        note: Some(round_grid_legend(tour, lang)),
    }
}

fn grid_cell(
    x: &standings::RoundLine,
    micromatch: bool,
    number_of: &dyn Fn(crate::tournament::model::PlayerId) -> String,
    lang: Lang,
) -> String {
    use crate::rules::Color;
    let sign = match x.outcome() {
        None => String::new(),
        Some(_) if micromatch => format!(" {}", points(x.score, lang)),
        Some(std::cmp::Ordering::Greater) => "+".into(),
        Some(std::cmp::Ordering::Equal) => "=".into(),
        Some(std::cmp::Ordering::Less) => "−".into(),
    };
    match x.opponent {
        // An absence at the player's request, scored nothing: a round without a game.
        None if x.score == 0.0 => "—".to_string(),
        None => format!("{}{sign}", lang.pick("bye", "св")),
        Some(o) => {
            let colour = match x.colour {
                _ if x.forfeit() => "",
                Some(Color::White) => lang.pick("w", "б"),
                Some(Color::Black) => lang.pick("b", "ч"),
                None => "",
            };
            format!("{}{colour}{sign}", number_of(o))
        }
    }
}

/// What a cell of [`round_grid`] means, for the line under it.
pub fn round_grid_legend(tour: &Tournament, lang: Lang) -> String {
    let first = if tour.settings.format.games > 1 {
        t(
            lang,
            "12w 1.5: against No 12, White in game 1, 1.5 points from the micromatch",
            "12б 1,5: с № 12, белые в 1-й партии, 1,5 очка в микроматче",
        )
    } else {
        t(
            lang,
            "12w+: against No 12 with White, won; = drawn, − lost",
            "12б+: с № 12 белыми, победа; = ничья, − поражение",
        )
    };
    format!(
        "{first}; {}",
        t(
            lang,
            "no colour: not played over the board (forfeit); bye: a round without an opponent; \
             —: round missed",
            "без цвета: партия не игралась (неявка); св: свободный тур; —: пропуск тура",
        )
    )
}

/// The table the event prints beside its standings: the crosstable of a round robin, the round
/// grid of a Swiss.
pub fn results_table(tour: &Tournament, lines: &[Line], lang: Lang) -> Section {
    if tour.settings.system == crate::tournament::model::System::Swiss {
        round_grid(tour, lines, lang)
    } else {
        crosstable(tour, lines, lang)
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
            // A micromatch's colours swap game by game: the columns name the players by game 1's
            // colours, and every game is written from that pairing's point of view (the left
            // player's result first), so that the games add up to the score beside them.
            let micromatch = tour.settings.format.games > 1;
            let mut header = if micromatch {
                vec![
                    t(lang, "Board", "Доска"),
                    t(lang, "White in game 1", "Белые в 1-й партии"),
                    t(lang, "Black in game 1", "Чёрные в 1-й партии"),
                ]
            } else {
                vec![
                    t(lang, "Board", "Доска"),
                    t(lang, "White", "Белые"),
                    t(lang, "Black", "Чёрные"),
                ]
            };
            if tour.settings.format.ballot.is_some() {
                header.push(t(lang, "Ballot", "Жребий"));
                header.push(t(lang, "Opening", "Начало"));
            }
            header.push(if micromatch {
                t(
                    lang,
                    "Games (left player's result first)",
                    "Партии (первым — результат левого)",
                )
            } else {
                t(lang, "Games", "Партии")
            });
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
                    // `from`: the index of the first game listed, whose White is the left
                    // player when it is even.
                    let symbols = |games: &[GameResult], from: usize| {
                        games
                            .iter()
                            .enumerate()
                            .map(|(k, g)| {
                                if p.white_of(from + k) == p.white {
                                    g.symbol()
                                } else {
                                    g.reversed().symbol()
                                }
                            })
                            .collect::<Vec<_>>()
                            .join(", ")
                    };
                    let mut games = symbols(&p.games, 0);
                    if !p.extra.is_empty() {
                        games = format!(
                            "{games}; {}: {}",
                            t(lang, "extra", "доп."),
                            symbols(&p.extra, p.games.len())
                        );
                    }
                    row.push(games);
                    let mut score = score(tour, p, lang);
                    if let Some(winner) = p.extra_winner(tour.settings.format.games.max(1) as usize)
                    {
                        score = format!(
                            "{score} ({} {})",
                            t(lang, "extra won by", "доп. матч, победа:"),
                            name(winner)
                        );
                    }
                    row.push(score);
                    row
                })
                .collect();
            let width = header.len();
            let sex = |id| tour.player(id).and_then(|p| p.sex);
            if let Some(bye) = r.bye {
                let free = lang.agree(sex(bye), "bye", ["свободен", "свободна", "свободный тур"]);
                let mut row = vec![String::new(), name(bye), free.to_string()];
                row.resize(width, String::new());
                rows.push(row);
            }
            for (id, value) in &r.requested_byes {
                let free = lang.agree(sex(*id), "", ["свободен", "свободна", "свободный тур"]);
                let what = match value {
                    ByeValue::Win => lang
                        .pick("full-point bye", &format!("{free} (очко за победу)"))
                        .to_string(),
                    ByeValue::Draw => lang
                        .pick("half-point bye", &format!("{free} (очко за ничью)"))
                        .to_string(),
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
                note: None,
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
    // A crosstable has a column per player: past 24 it no longer fits a page. A round grid has a
    // column per round and fits any Swiss.
    if tour.settings.system == crate::tournament::model::System::Swiss || tour.players.len() <= 24 {
        sections.push(results_table(tour, &lines, lang));
    }
    sections.extend(rounds(tour, lang));
    Document {
        title: tour.settings.name.clone(),
        subtitle,
        sections,
        signatures: Vec::new(),
    }
}
