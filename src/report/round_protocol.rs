//! «Протокол тура» (a round's boards with numbers, names, ranks, points before the round, the
//! ballot, the games and the score) and «Список пар» (the same boards before they are played,
//! in large type for the hall's wall).

use std::collections::BTreeMap;

use super::{head, points, t, Document, Section};
use crate::lang::Lang;
use crate::tournament::ballot::load as load_table;
use crate::tournament::model::{ByeValue, GameResult, Pairing, PlayerId, Round, Tournament};
use crate::tournament::standings;

/// What a round's table is printed for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Use {
    /// After the games: results and score.
    Protocol,
    /// Before the games, on the wall: who plays whom, where, with which opening.
    Pairings,
}

/// The round's table.
pub fn section(tour: &Tournament, r: &Round, use_: Use, lang: Lang) -> Section {
    let cells = Cells {
        tour,
        before: standings::points_before(tour, r.number),
        use_,
        lang,
    };
    let header = header(tour, use_, lang);
    let mut rows: Vec<Vec<String>> = r.pairings.iter().map(|p| cells.board_row(p)).collect();
    rows.extend(cells.apart_rows(r, header.len()));
    rows.extend(cells.carried_rows(r, header.len()));
    let heading = match use_ {
        Use::Protocol => format!("{} {}", t(lang, "Round", "Тур"), r.number),
        Use::Pairings => format!("{} {}", t(lang, "Pairings, round", "Пары, тур"), r.number),
    };
    Section::table(heading, header, rows)
}

/// The columns: board, each player's number, name and points, the ballot when drawn by lot;
/// games and score in the protocol.
fn header(tour: &Tournament, use_: Use, lang: Lang) -> Vec<String> {
    let micromatch = tour.settings.format.games > 1;
    // A micromatch's colours swap game by game: the columns name the players by game 1's
    // colours, and every game is written from that pairing's point of view (the left player's
    // result first), so that the games add up to the score beside them.
    let (white, black) = if micromatch {
        (
            t(lang, "White in game 1", "Белые в 1-й партии"),
            t(lang, "Black in game 1", "Чёрные в 1-й партии"),
        )
    } else {
        (t(lang, "White", "Белые"), t(lang, "Black", "Чёрные"))
    };
    let (no, pts) = (t(lang, "No", "№"), t(lang, "Pts", "Очки"));
    let mut header = vec![
        t(lang, "Board", "Доска"),
        no.clone(),
        white,
        pts.clone(),
        no,
        black,
        pts,
    ];
    if tour.settings.format.ballot.is_some() {
        header.push(t(lang, "Ballot", "Жребий"));
        header.push(t(lang, "Opening", "Начало"));
    }
    if use_ == Use::Protocol {
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
    }
    header
}

/// What the table's rows write of a player.
struct Cells<'a> {
    tour: &'a Tournament,
    /// Points before the round.
    before: BTreeMap<PlayerId, f64>,
    use_: Use,
    lang: Lang,
}

impl Cells<'_> {
    fn points_of(&self, id: PlayerId) -> String {
        self.before
            .get(&id)
            .map_or_else(String::new, |x| points(*x, self.lang))
    }

    fn number_of(&self, id: PlayerId) -> String {
        self.tour
            .player(id)
            .and_then(|p| p.number)
            .map_or_else(String::new, |n| n.to_string())
    }

    /// The protocol names each player with his rank (the forms ask it); the wall, just the name.
    fn name(&self, id: PlayerId) -> String {
        self.tour.player(id).map_or_else(String::new, |p| {
            if self.use_ == Use::Protocol && !p.title.trim().is_empty() {
                let rank = crate::tournament::norms::title_said(&p.title, self.lang);
                format!("{}, {rank}", p.full_name())
            } else {
                p.full_name()
            }
        })
    }

    fn board_row(&self, p: &Pairing) -> Vec<String> {
        let mut row = vec![
            p.board.to_string(),
            self.number_of(p.white),
            self.name(p.white),
            self.points_of(p.white),
            self.number_of(p.black),
            self.name(p.black),
            self.points_of(p.black),
        ];
        if self.tour.settings.format.ballot.is_some() {
            row.extend(ballot(p, self.lang));
        }
        if self.use_ == Use::Protocol {
            let mut games = result(self.tour, p, p.white, Games::LeftFirst, self.lang);
            if let (Some(from), Some(cell)) = (&p.carried, games.first_mut()) {
                cell.push_str(&format!(" ({})", carried_said(from, self.lang)));
            }
            row.extend(games);
        }
        row
    }

    /// Boards whose games were played in an earlier stage: on the wall's list, a line each
    /// saying so and the result, for no one to sit down to them.
    fn carried_rows(&self, r: &Round, width: usize) -> Vec<Vec<String>> {
        if self.use_ != Use::Pairings {
            return Vec::new();
        }
        r.pairings
            .iter()
            .filter_map(|p| {
                let from = p.carried.as_ref()?;
                let games: Vec<&str> = p.games.iter().map(|g| g.symbol()).collect();
                let mut row = vec![
                    p.board.to_string(),
                    String::new(),
                    format!("{}: {}", carried_said(from, self.lang), games.join(", ")),
                ];
                row.resize(width, String::new());
                Some(row)
            })
            .collect()
    }

    /// The players without a board (the bye, requested byes with points), each with why.
    fn apart_rows(&self, r: &Round, width: usize) -> Vec<Vec<String>> {
        let lang = self.lang;
        let mut rows = Vec::new();
        // A player without a board: his number, name and points, and why.
        let mut apart = |id: PlayerId, what: String| {
            let mut row = vec![
                String::new(),
                self.number_of(id),
                self.name(id),
                self.points_of(id),
                String::new(),
                what,
            ];
            row.resize(width, String::new());
            rows.push(row);
        };
        let sex = |id| self.tour.player(id).and_then(|p| p.sex);
        if let Some(bye) = r.bye {
            let free = lang.agree(sex(bye), "bye", ["свободен", "свободна", "свободный тур"]);
            apart(bye, free.to_string());
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
            apart(*id, what);
        }
        rows
    }
}

/// A board carried over: «перенесено из «Группы»» (its games are not played again).
pub fn carried_said(from: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("carried over from «{from}», not played again"),
        Lang::Ru => format!("перенесено из «{from}», не переигрывается"),
    }
}

/// The ballot's cell and the opening it gives, in the reader's language.
pub(crate) fn ballot(p: &Pairing, lang: Lang) -> [String; 2] {
    match &p.ballot {
        Some(b) => {
            let opening = load_table(&b.table)
                .ok()
                .and_then(|t| {
                    t.entry(&b.cell)
                        .ok()
                        .map(|e| crate::tournament::ballot::said(&e.text, lang))
                })
                .unwrap_or_default();
            [format!("{} {}", b.table.to_uppercase(), b.cell), opening]
        }
        None => [String::new(), String::new()],
    }
}

/// How a board's games are written.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Games {
    /// Each game's result with the left player's first (`1-0` where he won, with either colour).
    LeftFirst,
    /// Each game as the left player's points (`1`, `½`, `0`, `+`, `−`): a match protocol, whose
    /// left player has Black in half the games, so that `1-0` would read as White's win.
    LeftPoints,
}

/// The games (from the left player's side) and the score, the extra micromatch's winner named.
/// A board's games and score read from `left`'s side (White of game 1 in a round's protocol, the
/// home team's player in a match protocol).
pub(crate) fn result(
    tour: &Tournament,
    p: &Pairing,
    left: PlayerId,
    games: Games,
    lang: Lang,
) -> [String; 2] {
    let mine = |g: &GameResult, k: usize| {
        let g = p.seen_by(left, k, *g);
        match games {
            Games::LeftFirst => g.symbol(),
            Games::LeftPoints => own_points(g),
        }
    };
    // `from`: the index of the first game listed.
    let symbols = |games: &[GameResult], from: usize| {
        games
            .iter()
            .enumerate()
            .map(|(k, g)| mine(g, from + k))
            .filter(|mark| !mark.is_empty())
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
    let mut sc = super::score_from(tour, p, left, lang);
    if let Some(winner) = p.extra_winner(tour.settings.format.games.max(1) as usize) {
        let name = tour
            .player(winner)
            .map_or_else(String::new, |p| p.full_name());
        sc = format!(
            "{sc} ({} {name})",
            t(lang, "extra won by", "доп. матч, победа:")
        );
    }
    [games, sc]
}

/// A game as the points of the player it is read for (as White: `g` from his side).
fn own_points(g: GameResult) -> &'static str {
    match g {
        GameResult::WhiteWins => "1",
        GameResult::Draw => "½",
        GameResult::BlackWins => "0",
        GameResult::WhiteByForfeit => "+",
        GameResult::BlackByForfeit | GameResult::DoubleForfeit => "−",
        GameResult::Pending | GameResult::Unplayed => "",
        GameResult::Adjourned => "?",
    }
}

/// «Протоколы туров»: every round (or one), each on a page of its own, the panel signing each
/// (a round's protocol is filed on its own).
pub fn protocols(tour: &Tournament, only: Option<usize>, lang: Lang) -> Document {
    let signers = super::signatures(tour, lang);
    let sections = tour
        .rounds
        .iter()
        .filter(|r| only.is_none_or(|n| r.number == n))
        .map(|r| {
            let mut s = section(tour, r, Use::Protocol, lang);
            // A result corrected after the next round was paired is shown on its round.
            s.lines.extend(
                tour.record
                    .iter()
                    .filter(|a| a.round == r.number)
                    .filter(|a| a.act == crate::tournament::audit::Act::Correction)
                    .map(|a| a.said(lang)),
            );
            Section {
                new_page: true,
                signatures: signers.clone(),
                ..s
            }
        })
        .collect();
    Document {
        title: format!(
            "{} — {}",
            t(lang, "Round results", "Протоколы туров"),
            tour.settings.name
        ),
        subtitle: head::lines(tour, lang),
        sections,
        ..Document::default()
    }
}

/// «Список пар» of a round (the last one paired when `None`), for the hall's wall.
pub fn pairing_list(tour: &Tournament, round: Option<usize>, lang: Lang) -> Document {
    let r = match round {
        Some(n) => tour.rounds.iter().find(|r| r.number == n),
        None => tour.rounds.last(),
    };
    Document {
        title: match r {
            Some(r) => format!(
                "{} — {} {}",
                tour.settings.name,
                t(lang, "round", "тур"),
                r.number
            ),
            None => tour.settings.name.clone(),
        },
        subtitle: vec![head::dates(&tour.settings.dates, lang)]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect(),
        sections: r
            .map(|r| section(tour, r, Use::Pairings, lang))
            .into_iter()
            .collect(),
        wall: true,
        ..Document::default()
    }
}
