//! «Протокол матча»: a team match as the arbiter files it and the captains sign it — the two
//! teams, each board's players with their ranks and colours, the ballot, the games and the board
//! score read from the first-named team's side, the match's game and match points.

use super::{head, points, t, Document, Section};
use crate::lang::Lang;
use crate::rules::Color;
use crate::tournament::model::{Pairing, Round, Tournament};
use crate::tournament::team::{standings::match_score, Match, TeamId};

/// Every match of every round (or of round `only`), each on a page of its own.
pub fn protocols(tour: &Tournament, only: Option<usize>, lang: Lang) -> Document {
    let mut sections: Vec<Section> = tour
        .rounds
        .iter()
        .filter(|r| only.is_none_or(|n| r.number == n))
        .flat_map(|r| r.matches.iter().map(move |m| section(tour, r, m, lang)))
        .collect();
    if sections.is_empty() {
        sections.push(Section {
            heading: t(lang, "Matches", "Матчи"),
            lines: vec![if tour.is_team_event() {
                t(lang, "No match is paired yet.", "Матчи ещё не составлены.")
            } else {
                t(
                    lang,
                    "This event has no teams.",
                    "В этом соревновании нет команд.",
                )
            }],
            ..Section::default()
        });
    }
    Document {
        title: format!(
            "{} — {}",
            t(lang, "Match protocols", "Протоколы матчей"),
            tour.settings.name
        ),
        subtitle: head::lines(tour, lang),
        sections,
        ..Document::default()
    }
}

/// One match: who met whom on which board, the result, and the three who sign it.
fn section(tour: &Tournament, r: &Round, m: &Match, lang: Lang) -> Section {
    let name = |id: TeamId| tour.team_name(id);
    let balloted = tour.settings.format.ballot.is_some();
    let header = header(tour, m, balloted, lang);
    let mut rows: Vec<Vec<String>> = r
        .boards_of(m)
        .enumerate()
        .map(|(k, p)| board_row(tour, m, k, p, balloted, lang))
        .collect();
    rows.extend(total_rows(tour, r, m, header.len(), lang));
    Section {
        heading: format!(
            "{} {} · {} – {}",
            t(lang, "Round", "Тур"),
            r.number,
            name(m.home),
            name(m.away)
        ),
        lines: vec![team_line(tour, m.home, lang), team_line(tour, m.away, lang)],
        header,
        rows,
        note: Some(t(
            lang,
            "Colour: the first-named team's player's colour in game 1; games (1, ½, 0, + or −) and score: his points.",
            "Цвет — цвет игрока первой команды в 1-й партии; партии (1, ½, 0, + или −) и счёт — его очки.",
        )),
        new_page: true,
        signatures: vec![
            captain(tour, m.home, lang),
            captain(tour, m.away, lang),
            format!(
                "{}: ____________________",
                t(lang, "Arbiter", "Судья")
            ),
        ],
        hand_out: None,
    }
}

/// The table's columns: board, each team's player and rank, colour, the ballot when drawn by
/// lot, games and score.
fn header(tour: &Tournament, m: &Match, balloted: bool, lang: Lang) -> Vec<String> {
    let mut header = vec![
        t(lang, "Board", "Доска"),
        tour.team_name(m.home),
        t(lang, "Title", "Разряд"),
        t(lang, "Colour", "Цвет"),
        tour.team_name(m.away),
        t(lang, "Title", "Разряд"),
    ];
    if balloted {
        header.push(t(lang, "Ballot", "Жребий"));
        header.push(t(lang, "Opening", "Начало"));
    }
    header.push(t(lang, "Games", "Партии"));
    header.push(t(lang, "Score", "Счёт"));
    header
}

/// Board `k` (from 0): the first-named team's player on the left.
fn board_row(
    tour: &Tournament,
    m: &Match,
    k: usize,
    p: &Pairing,
    balloted: bool,
    lang: Lang,
) -> Vec<String> {
    let player = |id| tour.player(id);
    let (home, away) = if tour.has_white(p, m.home) {
        (p.white, p.black)
    } else {
        (p.black, p.white)
    };
    let rank = |id| {
        player(id).map_or_else(String::new, |p| {
            crate::tournament::norms::title_said(&p.title, lang)
        })
    };
    let colour = match p.colour_of(home, 0) {
        Some(Color::White) => t(lang, "W", "б"),
        _ => t(lang, "B", "ч"),
    };
    let mut row = vec![
        (k + 1).to_string(),
        player(home).map_or_else(String::new, |p| p.full_name()),
        rank(home),
        colour,
        player(away).map_or_else(String::new, |p| p.full_name()),
        rank(away),
    ];
    if balloted {
        row.extend(super::round_protocol::ballot(p, lang));
    }
    row.extend(super::round_protocol::result(
        tour,
        p,
        home,
        super::round_protocol::Games::LeftPoints,
        lang,
    ));
    row
}

/// The match's game points and, once decided, its match points, under the boards.
fn total_rows(
    tour: &Tournament,
    r: &Round,
    m: &Match,
    width: usize,
    lang: Lang,
) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    // Before any board has a result the totals stay blank, to be written in by hand: «0 : 0»
    // would read as a match played to a standstill.
    let started = r.boards_of(m).any(|p| p.scored());
    if let Some([home, away]) = match_score(tour, r, m) {
        let mut total = vec![String::new(); width];
        total[1] = t(lang, "Game points", "Очки на досках");
        if started {
            total[width - 1] = format!(
                "{} : {}",
                points(home.game_points, lang),
                points(away.game_points, lang)
            );
        }
        rows.push(total);
        if let (Some(a), Some(b)) = (home.match_points, away.match_points) {
            let mut mp = vec![String::new(); width];
            mp[1] = t(lang, "Match points", "Командные очки");
            mp[width - 1] = format!("{} : {}", points(a, lang), points(b, lang));
            rows.push(mp);
        }
    }
    rows
}

/// A team as the protocol names it: its club and captain after the name.
fn team_line(tour: &Tournament, id: TeamId, lang: Lang) -> String {
    tour.team(id).map_or_else(String::new, |tm| {
        let mut s = tm.name.clone();
        if !tm.club.trim().is_empty() {
            s.push_str(&format!(" ({})", tm.club.trim()));
        }
        if !tm.captain.trim().is_empty() {
            s.push_str(&format!(
                "; {} {}",
                t(lang, "Captain:", "капитан"),
                tm.captain.trim()
            ));
        }
        s
    })
}

/// A captain's signature line.
fn captain(tour: &Tournament, id: TeamId, lang: Lang) -> String {
    let team = tour.team(id);
    format!(
        "{} {}: ____________________ {}",
        t(lang, "Captain of", "Капитан команды"),
        lang.quote(&tour.team_name(id)),
        team.map_or_else(String::new, |tm| tm.captain.trim().to_string())
    )
    .trim_end()
    .to_string()
}
