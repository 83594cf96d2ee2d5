//! A team event's tables in documents: team standings, the team crosstable, the per-board
//! standings.

use super::{points, t, Section};
use crate::lang::Lang;
use crate::tournament::model::Tournament;
use crate::tournament::team::standings::{BoardTable, TeamLine, TeamTieBreak};

pub fn standings_section(lines: &[TeamLine], lang: Lang) -> Section {
    let mut header = vec![
        t(lang, "Place", "Место"),
        t(lang, "No", "№"),
        t(lang, "Team", "Команда"),
        t(lang, "MP", "КО"),
        t(lang, "GP", "Очки"),
    ];
    // Match and game points have their columns: a criterion that repeats one is not shown
    // twice (the note below still names it in its place).
    let shown =
        |tb: &TeamTieBreak| !matches!(tb, TeamTieBreak::MatchPoints | TeamTieBreak::GamePoints);
    if let Some(first) = lines.first() {
        header.extend(
            first
                .tiebreaks
                .iter()
                .filter(|(tb, _)| shown(tb))
                .map(|(tb, _)| {
                    let (en, ru) = tb.short();
                    lang.pick(en, ru).to_string()
                }),
        );
    }
    let rows = lines
        .iter()
        .map(|l| {
            let mut row = vec![
                l.place.clone(),
                l.number.to_string(),
                l.name.clone(),
                points(l.match_points, lang),
                points(l.game_points, lang),
            ];
            row.extend(
                l.tiebreaks
                    .iter()
                    .filter(|(tb, _)| shown(tb))
                    .map(|(_, v)| v.map_or_else(String::new, |v| points(v, lang))),
            );
            row
        })
        .collect();
    let named = tiebreaks_named(lines, lang);
    Section {
        heading: t(lang, "Team standings", "Командная турнирная таблица"),
        header,
        rows,
        note: (!named.is_empty()).then(|| {
            format!(
                "{}. {}: {}",
                lang.pick(
                    "MP: match points, GP: game points",
                    "КО — командные очки, очки — сумма очков на досках"
                ),
                lang.pick("After the primary score", "После основного показателя"),
                named.join("; ")
            )
        }),
        ..Section::default()
    }
}

/// Each criterion after the primary score, its heading and full name (and how it reads), for
/// the note under the table.
fn tiebreaks_named(lines: &[TeamLine], lang: Lang) -> Vec<String> {
    lines
        .first()
        .map(|l| {
            l.tiebreaks
                .iter()
                .map(|(tb, _)| {
                    // Match and game points under their columns' headings.
                    let (en, ru) = match tb {
                        TeamTieBreak::MatchPoints => ("MP", "КО"),
                        TeamTieBreak::GamePoints => ("GP", "Очки"),
                        _ => tb.short(),
                    };
                    let (full_en, full_ru) = tb.name();
                    let named = format!("{} — {}", lang.pick(en, ru), lang.pick(full_en, full_ru));
                    match tb.reading() {
                        Some((how_en, how_ru)) => {
                            format!("{named} ({})", lang.pick(how_en, how_ru))
                        }
                        None => named,
                    }
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The team crosstable: each cell the game points a team scored against another (a double round
/// robin's two matches one after the other).
pub fn crosstable(tour: &Tournament, lines: &[TeamLine], lang: Lang) -> Section {
    let mut header = vec![t(lang, "No", "№"), t(lang, "Team", "Команда")];
    header.extend(tour.teams.iter().map(|tm| tm.id.to_string()));
    header.push(t(lang, "MP", "КО"));
    header.push(t(lang, "GP", "Очки"));
    header.push(t(lang, "Place", "Место"));
    let rows = tour
        .teams
        .iter()
        .map(|team| {
            let line = lines.iter().find(|l| l.number == team.id);
            let mut row = vec![team.id.to_string(), team.name.clone()];
            for other in &tour.teams {
                if other.id == team.id {
                    row.push("×".into());
                    continue;
                }
                let cells: Vec<String> = line
                    .map(|l| {
                        l.rounds
                            .iter()
                            // A match not begun is no result yet (an empty cell, not 0); one
                            // being played shows its points so far, as the GP column counts them.
                            .filter(|r| {
                                r.opponent == Some(other.id)
                                    && (r.match_points.is_some()
                                        || r.game_points + r.opponent_game_points > 0.0)
                            })
                            .map(|r| points(r.game_points, lang))
                            .collect()
                    })
                    .unwrap_or_default();
                row.push(cells.join(" "));
            }
            row.push(line.map_or_else(String::new, |l| points(l.match_points, lang)));
            row.push(line.map_or_else(String::new, |l| points(l.game_points, lang)));
            row.push(line.map_or_else(String::new, |l| l.place.clone()));
            row
        })
        .collect();
    Section {
        heading: t(lang, "Team crosstable", "Командная таблица (шахматка)"),
        header,
        rows,
        ..Section::default()
    }
}

/// A share in per cent to a tenth, a half rounded up (2.5 of 8 is 31.3, as 3.5 of 8 is 43.8).
fn percent(p: f64, lang: Lang) -> String {
    lang.decimal(&format!("{:.1}", (p * 10.0).round() / 10.0))
}

/// The per-board standings, a table per board.
pub fn board_sections(tour: &Tournament, tables: &[BoardTable], lang: Lang) -> Vec<Section> {
    let least = tour
        .settings
        .teams
        .as_ref()
        .and_then(|s| s.board_prize_games);
    let note = least.map(|n| match lang {
        Lang::En => format!(
            "A place needs at least {n} games; those with fewer are listed after, without one."
        ),
        Lang::Ru => {
            // «не менее 21 партии», «не менее 5 партий»: the genitive after «не менее».
            let noun = crate::lang::ru_noun(n as u64, ["партии", "партий", "партий"]);
            format!(
                "Место — сыгравшим не менее {n} {noun}; сыгравшие меньше стоят ниже, без места."
            )
        }
    });
    tables
        .iter()
        .map(|table| Section {
            note: note.clone(),
            heading: format!("{} {}", t(lang, "Board", "Доска"), table.board),
            header: vec![
                t(lang, "Place", "Место"),
                t(lang, "No", "№"),
                t(lang, "Name", "Участник"),
                t(lang, "Team", "Команда"),
                t(lang, "Games", "Партий"),
                t(lang, "Points", "Очки"),
                "%".into(),
            ],
            rows: table
                .players
                .iter()
                .map(|l| {
                    vec![
                        if l.place == 0 {
                            "—".into()
                        } else {
                            l.place.to_string()
                        },
                        l.number.map_or_else(String::new, |n| n.to_string()),
                        l.name.clone(),
                        tour.team_name(l.team),
                        l.games.to_string(),
                        points(l.points, lang),
                        l.percent.map_or_else(String::new, |p| percent(p, lang)),
                    ]
                })
                .collect(),
            ..Section::default()
        })
        .collect()
}

/// «Итоговый протокол» of a team event: the teams by place, each team's players in roster order
/// with the board they played most, games, points and (in Russian) the rank met, then the
/// per-board standings; the panel signs it.
pub fn final_protocol(
    tour: &Tournament,
    up_to: Option<usize>,
    table: &crate::tournament::norms::Table,
    lang: Lang,
) -> super::Document {
    use crate::tournament::team::standings;
    let teams = standings::compute(tour, up_to);
    let boards = standings::boards(tour, up_to);
    let ranks = (lang == Lang::Ru)
        .then(|| crate::tournament::norms::compute(tour, up_to, table, &table.options));
    let mut sections = vec![standings_section(&teams, lang)];
    sections.push(compositions(tour, &teams, &boards, ranks.as_ref(), lang));
    sections.extend(board_sections(tour, &boards, lang));
    let mut subtitle = super::head::lines(tour, lang);
    subtitle.extend(super::head::unfinished_line(tour, up_to, lang));
    if let Some(n) = &ranks {
        subtitle.push(n.document_line(lang));
    }
    let title = match super::head::unfinished(tour, up_to) {
        None => t(
            lang,
            "Final team ranking",
            "Итоговый протокол командного первенства",
        ),
        Some(_) => t(
            lang,
            "Team ranking (not final)",
            "Протокол командного первенства (промежуточный)",
        ),
    };
    super::Document {
        title: format!("{title} — {}", tour.settings.name),
        subtitle,
        sections,
        signatures: super::signatures(tour, lang),
        ..super::Document::default()
    }
}

/// «Составы команд»: each team by place, its players in roster order.
fn compositions(
    tour: &Tournament,
    teams: &[TeamLine],
    boards: &[BoardTable],
    ranks: Option<&crate::tournament::norms::Norms>,
    lang: Lang,
) -> Section {
    let mut header = vec![
        t(lang, "Place", "Место"),
        t(lang, "Team", "Команда"),
        t(lang, "Name", "Фамилия, имя"),
        t(lang, "Born", "Г. р."),
        t(lang, "Title", "Разряд"),
        t(lang, "Board", "Доска"),
        t(lang, "Games", "Партий"),
        t(lang, "Points", "Очки"),
    ];
    if ranks.is_some() {
        header.push(t(lang, "Rank met", "Выполнил / подтвердил"));
    }
    let on_board = |id| {
        boards.iter().find_map(|b| {
            b.players
                .iter()
                .find(|l| l.player == id)
                .map(|l| (b.board, l))
        })
    };
    let mut rows = Vec::new();
    for line in teams {
        let Some(team) = tour.team(line.number) else {
            continue;
        };
        for (k, &id) in team.roster.iter().enumerate() {
            let p = tour.player(id);
            let played = on_board(id);
            let mut row = vec![
                if k == 0 {
                    line.place.clone()
                } else {
                    String::new()
                },
                if k == 0 {
                    team.name.clone()
                } else {
                    String::new()
                },
                p.map_or_else(String::new, |p| p.full_name()),
                p.and_then(|p| p.birth_year)
                    .map_or_else(String::new, |y| y.to_string()),
                p.map_or_else(String::new, |p| {
                    crate::tournament::norms::title_said(&p.title, lang)
                }),
                played.map_or_else(String::new, |(b, _)| b.to_string()),
                played.map_or_else(|| "0".into(), |(_, l)| l.games.to_string()),
                played.map_or_else(String::new, |(_, l)| points(l.points, lang)),
            ];
            if let Some(n) = ranks {
                row.push(n.met_by(id, lang));
            }
            rows.push(row);
        }
    }
    Section::table(t(lang, "Teams' players", "Составы команд"), header, rows)
}
