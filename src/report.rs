//! Reports of an event: standings, crosstable and the rounds (pairings, ballots, results), as one
//! document model rendered to HTML (one self-contained printable file), CSV and PDF (with an
//! embedded font that covers Cyrillic).

pub mod awards;
pub mod bracket;
pub mod certificate;
pub mod chief_report;
pub mod csv;
pub mod head;
pub mod html;
pub mod kind;
pub mod match_protocol;
pub mod norms;
pub mod pdf;
pub mod protocol;
pub mod round_protocol;
pub mod scoresheet;
pub mod team;

use crate::lang::Lang;
use crate::tournament::model::Tournament;
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
        // A table's rows; a document of text (a certificate) has none.
        Some("csv") => match doc.sections.first().filter(|s| !s.header.is_empty()) {
            Some(table) => csv::render(table, separator).into_bytes(),
            None => {
                return Err(format!(
                    "{}: this document is text, not a table: write it as .html or .pdf",
                    path.display()
                ))
            }
        },
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
    score_from(tour, p, p.white, lang)
}

/// The extra games' score after the match's, as the hall reads a tie-break: «доп. 2 : 0»;
/// `None` before any extra game has a result.
pub fn extra_score(
    tour: &Tournament,
    p: &crate::tournament::model::Pairing,
    lang: Lang,
) -> Option<String> {
    let (w, b) = p.extra_halves();
    let played = p.extra.iter().any(|g| g.halves().is_some());
    let (_, draw) = tour.game_value();
    played.then(|| {
        format!(
            "{} {} : {}",
            t(lang, "extra", "доп."),
            points(w as f64 * draw, lang),
            points(b as f64 * draw, lang)
        )
    })
}

/// [`score`] read from `left`'s side (a match protocol's first team's player first).
pub fn score_from(
    tour: &Tournament,
    p: &crate::tournament::model::Pairing,
    left: crate::tournament::model::PlayerId,
    lang: Lang,
) -> String {
    if !p.scored() {
        return String::new();
    }
    if let Some(forfeit) = forfeit_score(p, left) {
        return forfeit.to_string();
    }
    let (_, draw) = tour.game_value();
    let (w, b) = p.halves();
    let (w, b) = if left == p.white { (w, b) } else { (b, w) };
    format!(
        "{} : {}",
        points(w as f64 * draw, lang),
        points(b as f64 * draw, lang)
    )
}

/// A board decided by forfeit alone (every game with a result a forfeit, none played): `+ : −`
/// read from `left`'s side, as draughts tables write it, never a score like a win played.
fn forfeit_score(
    p: &crate::tournament::model::Pairing,
    left: crate::tournament::model::PlayerId,
) -> Option<&'static str> {
    use crate::tournament::model::GameResult;
    let decided: Vec<GameResult> = p
        .games
        .iter()
        .chain(&p.extra)
        .enumerate()
        .filter(|(_, g)| g.halves().is_some())
        .map(|(k, g)| p.seen_by(left, k, *g))
        .collect();
    let all = |r: GameResult| !decided.is_empty() && decided.iter().all(|g| *g == r);
    if all(GameResult::WhiteByForfeit) {
        Some("+ : −")
    } else if all(GameResult::BlackByForfeit) {
        Some("− : +")
    } else if all(GameResult::DoubleForfeit) {
        Some("− : −")
    } else {
        None
    }
}

/// A document: a title block and tables.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct Document {
    pub title: String,
    pub subtitle: Vec<String>,
    pub sections: Vec<Section>,
    /// Who signs at the foot (the event's panel): a line each, with room for the signature.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub signatures: Vec<String>,
    /// Set in large type, to be read on the hall's wall (the pairing list).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub wall: bool,
}

/// The panel's lines at a document's foot: the chief arbiter (always), the chief secretary, the
/// other arbiters, each with his category and city when known.
pub fn signatures(tour: &Tournament, lang: Lang) -> Vec<String> {
    tour.settings
        .panel()
        .iter()
        .map(|o| {
            format!(
                "{}: ____________________ {}",
                o.role.said(lang),
                o.described()
            )
            .trim_end()
            .to_string()
        })
        .collect()
}

#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct Section {
    pub heading: String,
    /// Lines of text before the table (a certificate's wording, a report's figures).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<String>,
    /// Empty for a section of text only.
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// A line under the table saying what its cells mean (the round grid's legend).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Starts on a page of its own (each round's protocol, each certificate).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub new_page: bool,
    /// Who signs under this section (a certificate); the document's signatures stand at its end.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub signatures: Vec<String>,
    /// A page handed to a person (a diploma): its heading and lines set large and centred, the
    /// line of this index (the name) larger still; the document's title is not printed over it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand_out: Option<usize>,
}

impl Section {
    pub fn table(heading: String, header: Vec<String>, rows: Vec<Vec<String>>) -> Section {
        Section {
            heading,
            header,
            rows,
            ..Section::default()
        }
    }
}

fn t(lang: Lang, en: &'static str, ru: &'static str) -> String {
    lang.pick(en, ru).to_string()
}

/// A number as the arbiter's language writes it: `2.5` in English, `2,5` in Russian (its
/// decimal comma, as Russian forms and spreadsheets have it), `4` for `4.0`. Every score and
/// coefficient a person reads goes through here, so that one screen never mixes the two.
pub fn points(x: f64, lang: Lang) -> String {
    lang.decimal(&number(x))
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
    if let Some(e) = &p.expelled {
        return format!(
            "{} {}",
            lang.agree(
                p.sex,
                "expelled after round",
                [
                    "исключён после тура",
                    "исключена после тура",
                    "исключение после тура"
                ]
            ),
            e.after_round
        );
    }
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

/// The name in a standings line, marked when the player joined late or has withdrawn:
/// «Петрова Анна (с тура 3)», «… (выбыла после тура 5)».
pub fn standing_name(tour: &Tournament, l: &Line, lang: Lang) -> String {
    let mut marks = Vec::new();
    if let Some(r) = l.joined_in {
        marks.push(format!("{} {r}", lang.pick("from round", "с тура")));
    }
    if let (Some(r), Some(p)) = (l.withdrawn_after, tour.player(l.id)) {
        marks.push(withdrawn(p, r, lang));
    }
    if marks.is_empty() {
        l.name.clone()
    } else {
        format!("{} ({})", l.name, marks.join("; "))
    }
}

/// The event's tie-breaks as column headings (`Берг.`).
fn tiebreak_headings(tour: &Tournament, lang: Lang) -> impl Iterator<Item = String> + '_ {
    tour.tiebreaks.iter().map(move |tb| {
        let (en, ru) = tb.short();
        lang.pick(en, ru).to_string()
    })
}

/// A line's tie-break values in the language's numbers, «—» where one does not apply (as the
/// Standings screen shows it: head-to-head for a player who met none of those tied).
fn tiebreak_cells(l: &Line, lang: Lang) -> impl Iterator<Item = String> + '_ {
    l.tiebreaks
        .iter()
        .map(move |(_, v)| tiebreak_cell(*v, lang))
}

/// One tie-break value as printed and shown: the language's number, «—» where it does not apply.
pub fn tiebreak_cell(v: Option<f64>, lang: Lang) -> String {
    v.map_or_else(|| "—".to_string(), |v| points(v, lang))
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
                p.map_or_else(String::new, |p| {
                    crate::tournament::norms::title_said(&p.title, lang)
                }),
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
        ..Section::default()
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
        ..Section::default()
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
        ..Section::default()
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

/// The whole report: standings, crosstable (round robins), every round.
pub fn document(tour: &Tournament, up_to: Option<usize>, lang: Lang) -> Document {
    document_of(tour, &standings::compute(tour, up_to), up_to, lang)
}

/// [`document`] from standings already computed (`lines`, after round `up_to`): the hall page
/// sets it in both languages and its categories from one computation.
pub fn document_of(
    tour: &Tournament,
    lines: &[Line],
    up_to: Option<usize>,
    lang: Lang,
) -> Document {
    // The event's head as every document has it, the tie-breaks named with the column heading
    // each stands for (the header says what "Берг." is).
    let mut subtitle = head::lines(tour, lang);
    if !tour.settings.chief_arbiter.trim().is_empty() {
        subtitle.push(format!(
            "{}: {}",
            t(lang, "Chief arbiter", "Главный судья"),
            tour.settings.panel()[0].described()
        ));
    }
    subtitle.extend(head::unfinished_line(tour, up_to, lang));
    subtitle.extend(head::adjourned_line(tour, up_to, lang));
    // A team event ranks its teams by the criteria its team table names; the players' list
    // below has its own.
    if !tour.tiebreaks.is_empty() && !tour.is_team_event() {
        subtitle.push(protocol::tiebreaks_line(tour, lang));
    }
    let mut sections = Vec::new();
    // A team event's report opens with the teams: their table, crosstable and the boards'.
    if tour.is_team_event() {
        let teams = crate::tournament::team::standings::compute(tour, up_to);
        let boards = crate::tournament::team::standings::boards(tour, up_to);
        sections.push(team::standings_section(&teams, lang));
        sections.push(team::crosstable(tour, &teams, lang));
        sections.extend(team::board_sections(tour, &boards, lang));
    }
    sections.push(standings_section(tour, lines, lang));
    sections.extend(awards::category_sections(tour, lines, lang));
    // A crosstable has a column per player: past 24 it no longer fits a page. A round grid has a
    // column per round and fits any Swiss.
    if tour.settings.system == crate::tournament::model::System::Swiss || tour.players.len() <= 24 {
        sections.push(results_table(tour, lines, lang));
    }
    sections.extend(
        tour.rounds
            .iter()
            .map(|r| round_protocol::section(tour, r, round_protocol::Use::Protocol, lang)),
    );
    Document {
        title: tour.settings.name.clone(),
        subtitle,
        sections,
        // The report goes to the federation as the other documents do: the panel signs it.
        signatures: signatures(tour, lang),
        ..Document::default()
    }
}
