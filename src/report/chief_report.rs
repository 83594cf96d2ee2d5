//! «Отчёт главного судьи»: what the federation asks of an event after it — its data, the
//! participants by rank, sex and region, the winners, the ranks met, the forfeits and
//! withdrawals, the claims with the arbiter's verdicts (the pairings' notes, where the Claims
//! screen writes them), the panel.

use super::{head, points, standing_name, t, Document, Section};
use crate::lang::Lang;
use crate::tournament::model::{GameResult, Pairing, PlayerId, Sex, Tournament};
use crate::tournament::norms::{self, Table};
use crate::tournament::standings;

pub fn document(tour: &Tournament, up_to: Option<usize>, table: &Table, lang: Lang) -> Document {
    let lines = standings::compute(tour, up_to);
    let rounds: Vec<_> = tour
        .rounds
        .iter()
        .filter(|r| up_to.is_none_or(|u| r.number <= u))
        .collect();
    let mut sections = vec![summary(tour, &rounds, lang)];
    if tour.is_team_event() {
        sections.push(teams(tour, up_to, &rounds, lang));
    }
    sections.push(by_rank(tour, table, lang));
    sections.push(by_region(tour, lang));
    // A team event's individual places across every board mean nothing: its winners are the
    // teams (above) and each board's best.
    if tour.is_team_event() {
        sections.push(board_winners(tour, up_to, lang));
    } else {
        sections.push(winners(tour, &lines, lang));
    }
    let n = norms::compute(tour, up_to, table, &table.options);
    let met: Vec<String> = n
        .players
        .iter()
        .filter(|p| p.result.is_some())
        .map(|p| format!("{} — {}", p.name, n.outcome(p, lang)))
        .collect();
    sections.push(Section {
        heading: t(lang, "Rank norms", "Выполнение спортивных разрядов"),
        lines: if met.is_empty() {
            vec![n.reason.as_ref().map_or_else(
                || {
                    t(
                        lang,
                        "None met or confirmed.",
                        "Никто не выполнил и не подтвердил.",
                    )
                },
                |r| r.get(lang).to_string(),
            )]
        } else {
            met
        },
        ..Section::default()
    });
    sections.push(incidents(tour, &rounds, lang));
    sections.push(record(tour, lang));
    let mut subtitle = head::lines(tour, lang);
    subtitle.push(n.document_line(lang));
    Document {
        title: format!(
            "{} — {}",
            t(lang, "Chief arbiter's report", "Отчёт главного судьи"),
            tour.settings.name
        ),
        subtitle,
        sections,
        signatures: super::signatures(tour, lang),
        ..Document::default()
    }
}

/// «Исправления, ручная жеребьёвка, изменения регламента»: the event's record, each act with its
/// round, time, who and why, in the order made (an undone act stays, followed by its undo).
fn record(tour: &Tournament, lang: Lang) -> Section {
    let lines: Vec<String> = tour
        .record
        .iter()
        .map(|r| {
            let mut line = r.said(lang);
            if let Some(at) = r.at {
                let at = at.with_timezone(&chrono::Local).format("%Y-%m-%d %H:%M");
                line = format!("{at} — {line}");
            }
            if let Some(who) = &r.who {
                line.push_str(&format!(" [{who}]"));
            }
            line
        })
        .collect();
    Section {
        heading: t(
            lang,
            "Corrections, pairings by hand, settings changed after the start, adjournments, expulsions",
            "Исправления, ручная жеребьёвка, изменения регламента после начала, отложенные партии, исключения",
        ),
        lines: if lines.is_empty() {
            vec![t(lang, "None.", "Не было.")]
        } else {
            lines
        },
        ..Section::default()
    }
}

/// `3` of `3`, `3-4`.
fn first_place(place: &str) -> usize {
    standings::places(place).map_or(usize::MAX, |p| *p.start())
}

/// The event in figures: participants, rounds, games played and how they ended.
fn summary(tour: &Tournament, rounds: &[&crate::tournament::model::Round], lang: Lang) -> Section {
    let games: Vec<GameResult> = rounds
        .iter()
        .flat_map(|r| r.pairings.iter())
        .flat_map(|p| p.games.iter().chain(&p.extra).copied())
        .collect();
    let count = |f: fn(&GameResult) -> bool| games.iter().filter(|g| f(g)).count() as u64;
    let played = count(|g| g.over_the_board());
    let white = count(|g| *g == GameResult::WhiteWins);
    let black = count(|g| *g == GameResult::BlackWins);
    let draws = count(|g| *g == GameResult::Draw);
    let men = tour
        .players
        .iter()
        .filter(|p| p.sex == Some(Sex::Male))
        .count() as u64;
    let women = tour
        .players
        .iter()
        .filter(|p| p.sex == Some(Sex::Female))
        .count() as u64;
    // Men and women counted only where entered: a sex nobody entered is said to be unknown,
    // never "men 0, women 0".
    let unknown = tour.players.len() as u64 - men - women;
    let sexes = match (men + women, unknown) {
        (0, _) => t(lang, "sex not entered", "пол не указан"),
        (_, 0) => format!(
            "{} {men}, {} {women}",
            t(lang, "men", "мужчин"),
            t(lang, "women", "женщин")
        ),
        _ => format!(
            "{} {men}, {} {women}, {} {unknown}",
            t(lang, "men", "мужчин"),
            t(lang, "women", "женщин"),
            t(lang, "not entered", "не указан пол")
        ),
    };
    let mut lines = vec![
        format!(
            "{}: {} ({sexes})",
            t(lang, "Participants", "Участников"),
            tour.players.len(),
        ),
        format!(
            "{}: {}",
            t(lang, "Rounds played", "Сыграно туров"),
            rounds.len()
        ),
        format!(
            "{}: {played} ({} {white}, {} {black}, {} {draws})",
            t(lang, "Games played over the board", "Сыграно партий"),
            t(lang, "White won", "побед белых"),
            t(lang, "Black won", "побед чёрных"),
            t(lang, "drawn", "ничьих"),
        ),
    ];
    if played > 0 {
        lines.push(format!(
            "{}: {} %",
            t(lang, "Decisive games", "Результативность"),
            points(
                ((white + black) as f64 * 1000.0 / played as f64).round() / 10.0,
                lang
            )
        ));
    }
    Section {
        heading: t(lang, "The event", "Общие сведения"),
        lines,
        ..Section::default()
    }
}

/// A team event's figures (teams, boards, matches, forfeited matches) and its prize-winning
/// teams.
fn teams(
    tour: &Tournament,
    up_to: Option<usize>,
    rounds: &[&crate::tournament::model::Round],
    lang: Lang,
) -> Section {
    use crate::tournament::team::standings::{compute, match_score};
    let boards = tour.settings.teams.as_ref().map_or(0, |s| s.boards);
    let scored: Vec<_> = rounds
        .iter()
        .flat_map(|r| r.matches.iter().filter_map(|m| match_score(tour, r, m)))
        .filter(|[home, _]| home.match_points.is_some())
        .collect();
    let forfeited = scored.iter().filter(|[home, _]| !home.played).count();
    let lines = vec![
        format!(
            "{}: {} ({} {boards})",
            t(lang, "Teams", "Команд"),
            tour.teams.len(),
            t(lang, "boards", "досок"),
        ),
        format!(
            "{}: {} ({} {forfeited})",
            t(lang, "Matches played", "Сыграно матчей"),
            scored.len(),
            t(lang, "forfeited", "неявок команд"),
        ),
    ];
    let standings = compute(tour, up_to);
    Section {
        heading: t(lang, "Teams", "Командное первенство"),
        lines,
        header: vec![
            t(lang, "Place", "Место"),
            t(lang, "Team", "Команда"),
            t(lang, "Captain", "Капитан"),
            t(lang, "MP", "КО"),
            t(lang, "GP", "Очки"),
        ],
        rows: standings
            .iter()
            .filter(|l| first_place(&l.place) <= 3)
            .map(|l| {
                vec![
                    l.place.clone(),
                    l.name.clone(),
                    tour.team(l.number)
                        .map_or_else(String::new, |tm| tm.captain.clone()),
                    points(l.match_points, lang),
                    points(l.game_points, lang),
                ]
            })
            .collect(),
        ..Section::default()
    }
}

/// Participants by rank before the event, men and women apart.
/// The first three places of an individual event.
fn winners(tour: &Tournament, lines: &[standings::Line], lang: Lang) -> Section {
    Section::table(
        t(lang, "Winners", "Победители и призёры"),
        vec![
            t(lang, "Place", "Место"),
            t(lang, "Name", "Фамилия, имя"),
            t(lang, "Title", "Разряд"),
            t(lang, "Federation, club", "Регион, клуб"),
            t(lang, "Points", "Очки"),
        ],
        lines
            .iter()
            .filter(|l| first_place(&l.place) <= 3)
            .map(|l| {
                let p = tour.player(l.id);
                vec![
                    l.place.clone(),
                    standing_name(tour, l, lang),
                    p.map_or_else(String::new, |p| norms::title_said(&p.title, lang)),
                    p.map_or_else(String::new, |p| p.club.clone()),
                    points(l.points, lang),
                ]
            })
            .collect(),
    )
}

/// A team event's best on each board: the first of each board's table (board prizes).
fn board_winners(tour: &Tournament, up_to: Option<usize>, lang: Lang) -> Section {
    let tables = crate::tournament::team::standings::boards(tour, up_to);
    Section::table(
        t(lang, "Best on each board", "Лучшие результаты по доскам"),
        vec![
            t(lang, "Board", "Доска"),
            t(lang, "Name", "Фамилия, имя"),
            t(lang, "Team", "Команда"),
            t(lang, "Games", "Партий"),
            t(lang, "Points", "Очки"),
        ],
        tables
            .iter()
            .flat_map(|table| {
                table.players.iter().filter(|l| l.place == 1).map(|l| {
                    vec![
                        table.board.to_string(),
                        l.name.clone(),
                        tour.team_name(l.team),
                        l.games.to_string(),
                        points(l.points, lang),
                    ]
                })
            })
            .collect(),
    )
}

fn by_rank(tour: &Tournament, table: &Table, lang: Lang) -> Section {
    let year = crate::tournament::model::first_day(&tour.settings.dates).map(|d| {
        use chrono::Datelike;
        d.year()
    });
    // The men's and women's columns only when a sex is entered (columns of zeros read as fact).
    let sexes_known = tour.players.iter().any(|p| p.sex.is_some());
    let mut header = vec![t(lang, "Rank", "Разряд"), t(lang, "Total", "Всего")];
    if sexes_known {
        header.extend([t(lang, "Men", "Мужчин"), t(lang, "Women", "Женщин")]);
    }
    let rows = table
        .ranks
        .iter()
        .filter_map(|r| {
            let of: Vec<_> = tour
                .players
                .iter()
                .filter(|p| table.rank_of(p, year).key == r.key)
                .collect();
            let sex = |s| of.iter().filter(|p| p.sex == Some(s)).count().to_string();
            (!of.is_empty()).then(|| {
                let mut row = vec![r.name_said(lang).to_string(), of.len().to_string()];
                if sexes_known {
                    row.extend([sex(Sex::Male), sex(Sex::Female)]);
                }
                row
            })
        })
        .collect();
    Section::table(
        t(
            lang,
            "Participants by rank",
            "Состав участников по разрядам",
        ),
        header,
        rows,
    )
}

/// Participants by region or club, most first.
fn by_region(tour: &Tournament, lang: Lang) -> Section {
    let mut tally: Vec<(String, usize)> = Vec::new();
    for p in &tour.players {
        let club = match p.club.trim() {
            "" => lang.pick("(not given)", "(не указан)").to_string(),
            c => c.to_string(),
        };
        match tally.iter_mut().find(|(c, _)| *c == club) {
            Some((_, n)) => *n += 1,
            None => tally.push((club, 1)),
        }
    }
    tally.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    Section::table(
        t(
            lang,
            "Participants by federation or club",
            "Состав участников по регионам и клубам",
        ),
        vec![
            t(lang, "Federation, club", "Регион, клуб"),
            t(lang, "Participants", "Участников"),
        ],
        tally
            .into_iter()
            .map(|(c, n)| vec![c, n.to_string()])
            .collect(),
    )
}

/// Forfeits, withdrawals and the arbiter's notes (claims and verdicts), round by round.
fn incidents(
    tour: &Tournament,
    rounds: &[&crate::tournament::model::Round],
    lang: Lang,
) -> Section {
    // Lines, not a table: a verdict is a sentence and must print whole.
    let mut rows = Vec::new();
    for r in rounds {
        for p in &r.pairings {
            rows.extend(board_incidents(tour, r.number, p, lang));
        }
    }
    for p in &tour.players {
        if let Some(after) = p.withdrawn_after {
            rows.push(format!(
                "{}: {}",
                p.full_name(),
                super::withdrawn(p, after, lang)
            ));
        }
    }
    if rows.is_empty() {
        rows.push(t(
            lang,
            "No forfeits, withdrawals or claims.",
            "Неявок, выбываний и заявлений не было.",
        ));
    }
    Section {
        heading: incidents_heading(lang),
        lines: rows,
        ..Section::default()
    }
}

/// One board's forfeits, then the arbiter's notes on it.
fn board_incidents(tour: &Tournament, round: usize, p: &Pairing, lang: Lang) -> Vec<String> {
    let name = |id| tour.player(id).map_or_else(String::new, |p| p.full_name());
    let at = format!(
        "{} {round}, {} {}",
        t(lang, "Round", "Тур"),
        t(lang, "board", "доска"),
        p.board
    );
    let mut rows = Vec::new();
    let played = p.games.len() + p.extra.len();
    for (id, games) in absentees(p) {
        rows.push(format!(
            "{at}: {} {}{}",
            t(lang, "forfeit,", "неявка,"),
            name(id),
            forfeited_games(&games, played, lang)
        ));
    }
    for note in &p.notes {
        rows.push(note_line(&at, note.get(lang)));
    }
    rows
}

/// Who did not come, and to which games (from 1): a micromatch forfeited whole is one line.
fn absentees(p: &Pairing) -> Vec<(PlayerId, Vec<usize>)> {
    let mut absent: Vec<(PlayerId, Vec<usize>)> = Vec::new();
    for (k, g) in p.games.iter().chain(&p.extra).enumerate() {
        let white = p.white_of(k);
        let black = if white == p.white { p.black } else { p.white };
        let missing = match g {
            GameResult::WhiteByForfeit => vec![black],
            GameResult::BlackByForfeit => vec![white],
            GameResult::DoubleForfeit => vec![white, black],
            _ => continue,
        };
        for id in missing {
            match absent.iter_mut().find(|(who, _)| *who == id) {
                Some((_, games)) => games.push(k + 1),
                None => absent.push((id, vec![k + 1])),
            }
        }
    }
    absent
}

/// ` (весь микроматч)`, ` (партии 1, 3)` after a forfeit of a micromatch; nothing after a
/// single game's.
fn forfeited_games(games: &[usize], played: usize, lang: Lang) -> String {
    let which = if games.len() == played && played > 1 {
        t(lang, "the whole micromatch", "весь микроматч")
    } else if played > 1 {
        let list: Vec<String> = games.iter().map(usize::to_string).collect();
        format!(
            "{} {}",
            lang.noun(
                games.len() as u64,
                ["game", "games"],
                ["партия", "партии", "партии"]
            ),
            list.join(", ")
        )
    } else {
        String::new()
    };
    if which.is_empty() {
        which
    } else {
        format!(" ({which})")
    }
}

/// An arbiter's note after its place: a note that names its game (`партия 1: …`, as a claim's
/// verdict does) joins the place with a comma, so the line has one colon before the text.
fn note_line(at: &str, note: &str) -> String {
    let game = ["партия ", "game "].iter().find_map(|w| {
        let rest = note.strip_prefix(w)?;
        let (n, text) = rest.split_once(": ")?;
        n.parse::<usize>().ok()?;
        Some((&note[..w.len() + n.len()], text))
    });
    match game {
        Some((game, text)) => format!("{at}, {game}: {text}"),
        None => format!("{at}: {note}"),
    }
}

fn incidents_heading(lang: Lang) -> String {
    t(
        lang,
        "Forfeits, withdrawals, claims and the arbiter's decisions",
        "Неявки, выбывания, заявления и решения судьи",
    )
}
