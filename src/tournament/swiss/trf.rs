//! The FIDE tournament report file (TRF-16, C.04.A Annex 2), so pairings and results can be
//! checked by other programs (a free pairings checker) and events moved between programs.
//!
//! A TRF round holds one game per player. A micromatch is written as its result (won, drawn or
//! lost micromatch) with the colour of game 1; the points column carries the event's points.
//! An imported file becomes an event of single games scored 1-½-0.

use std::collections::BTreeMap;

use super::super::command::{apply_in_place as apply, Command};
use super::super::model::{GameResult, Player, PlayerId, Round, System, Tournament};
use super::super::standings;
use crate::rules::{Color, Variant};

#[derive(Debug, PartialEq, thiserror::Error)]
pub enum TrfError {
    #[error("{origin}:{line}: {message}")]
    Line {
        origin: String,
        line: usize,
        message: String,
    },
    #[error("{origin}: round {round}: {message}")]
    Round {
        origin: String,
        round: usize,
        message: String,
    },
    #[error("{origin}: no player lines (001)")]
    NoPlayers { origin: String },
}

fn pad_left(s: &str, width: usize) -> String {
    format!("{s:>width$}")
}

fn pad_right(s: &str, width: usize) -> String {
    let cut: String = s.chars().take(width).collect();
    format!("{cut:<width$}")
}

/// The event as TRF-16 text.
pub fn export(t: &Tournament) -> String {
    let lines = standings::compute(t, None);
    let line_of: BTreeMap<PlayerId, &standings::Line> = lines.iter().map(|l| (l.id, l)).collect();
    let rank_of: BTreeMap<PlayerId, usize> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| (l.id, i + 1))
        .collect();
    let players = t.by_number();
    let number: BTreeMap<PlayerId, usize> = players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id, p.number.unwrap_or(i + 1)))
        .collect();
    let mut out = String::new();
    out.push_str(&format!("012 {}\n", t.name));
    if !t.venue.is_empty() {
        out.push_str(&format!("022 {}\n", t.venue));
    }
    if !t.dates.is_empty() {
        out.push_str(&format!("042 {}\n", t.dates));
    }
    out.push_str(&format!("062 {}\n", players.len()));
    out.push_str(&format!(
        "092 {}\n",
        match t.system {
            System::Swiss => "Individual: Swiss-System",
            System::RoundRobin => "Individual: Round robin",
            System::DoubleRoundRobin => "Individual: Double round robin",
        }
    ));
    if !t.chief_arbiter.is_empty() {
        out.push_str(&format!("102 {}\n", t.chief_arbiter));
    }
    out.push_str(&format!("122 {}\n", t.time_control));
    out.push_str(&format!(
        "XXR {}\n",
        t.rounds_planned.unwrap_or(t.rounds.len())
    ));
    for p in players {
        let n = number[&p.id];
        let name = if p.name.is_empty() {
            p.surname.clone()
        } else {
            format!("{}, {}", p.surname, p.name)
        };
        let points = line_of.get(&p.id).map_or(0.0, |l| l.points);
        let mut row = format!(
            "001 {} {}{} {} {} {} {} {} {} {}",
            pad_left(&n.to_string(), 4),
            " ",
            pad_left(&p.title.chars().take(3).collect::<String>(), 3),
            pad_right(&name, 33),
            pad_left(&p.rating.map(|r| r.to_string()).unwrap_or_default(), 4),
            pad_right(&p.club.chars().take(3).collect::<String>(), 3),
            pad_left("", 11),
            pad_right(
                &p.birth_year
                    .map(|y| format!("{y}/00/00"))
                    .unwrap_or_default(),
                10
            ),
            pad_left(&format!("{points:.1}"), 4),
            pad_left(
                &rank_of
                    .get(&p.id)
                    .map(|r| r.to_string())
                    .unwrap_or_default(),
                4
            ),
        );
        for r in &t.rounds {
            row.push_str("  ");
            row.push_str(&round_cell(t, r, p.id, &number));
        }
        out.push_str(row.trim_end());
        out.push('\n');
    }
    out
}

/// ` ooo c r` for player `id` in round `r`: opponent number, colour, result.
fn round_cell(
    t: &Tournament,
    r: &Round,
    id: PlayerId,
    number: &BTreeMap<PlayerId, usize>,
) -> String {
    if r.bye == Some(id) {
        return "0000 - U".to_string();
    }
    let Some(p) = r.pairings.iter().find(|p| p.white == id || p.black == id) else {
        return "0000 - Z".to_string();
    };
    let opp = p.opponent(id).expect("paired");
    let colour = match p.colour_of(id, 0) {
        Some(Color::White) => 'w',
        _ => 'b',
    };
    let (w, b) = p.halves();
    let (mine, theirs) = if id == p.white { (w, b) } else { (b, w) };
    let played = p.games.iter().any(|g| g.over_the_board());
    let scored = p.games.iter().all(|g| g.halves().is_some());
    let result = if !scored {
        ' '
    } else if mine > theirs {
        if played {
            '1'
        } else {
            '+'
        }
    } else if mine < theirs {
        if played {
            '0'
        } else {
            '-'
        }
    } else if played {
        '='
    } else {
        '-'
    };
    let _ = t;
    format!(
        "{} {colour} {result}",
        pad_left(&number[&opp].to_string(), 4)
    )
}

/// An event from TRF-16 text: players, rounds, results (single games).
pub fn import(origin: &str, text: &str) -> Result<Tournament, TrfError> {
    let mut t = Tournament::new("", Variant::Russian, System::Swiss, "45m", 1);
    let err = |line: usize, message: String| TrfError::Line {
        origin: origin.to_string(),
        line,
        message,
    };
    // (player number, round) → (opponent, colour, result)
    let mut cells: BTreeMap<(usize, usize), (usize, char, char)> = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let code = line.get(..3).unwrap_or("");
        let rest = line.get(4..).unwrap_or("").trim();
        match code {
            "012" => t.name = rest.to_string(),
            "022" => t.venue = rest.to_string(),
            "042" => t.dates = rest.to_string(),
            "102" => t.chief_arbiter = rest.to_string(),
            "122" if !rest.is_empty() => t.time_control = rest.to_string(),
            "XXR" => t.rounds_planned = rest.parse().ok(),
            "001" => {
                let field = |a: usize, b: usize| -> String {
                    line.chars()
                        .skip(a - 1)
                        .take(b + 1 - a)
                        .collect::<String>()
                        .trim()
                        .to_string()
                };
                let number: usize = field(5, 8)
                    .parse()
                    .map_err(|_| err(line_no, format!("starting rank `{}`", field(5, 8))))?;
                let name = field(15, 47);
                let (surname, given) = match name.split_once(',') {
                    Some((s, n)) => (s.trim().to_string(), n.trim().to_string()),
                    None => (name.clone(), String::new()),
                };
                if surname.is_empty() {
                    return Err(err(line_no, "the name is empty".into()));
                }
                let rating = match field(49, 52) {
                    r if r.is_empty() || r == "0" => None,
                    r => Some(
                        r.parse()
                            .map_err(|_| err(line_no, format!("rating `{r}`")))?,
                    ),
                };
                let birth_year = field(70, 73).parse().ok().filter(|y: &u16| *y > 0);
                let player = Player {
                    name: given,
                    title: field(11, 13),
                    rating,
                    club: field(54, 56),
                    birth_year,
                    number: Some(number),
                    ..Player::new(number as PlayerId, surname)
                };
                apply(&mut t, &Command::AddPlayer { player })
                    .map_err(|e| err(line_no, e.to_string()))?;
                let chars: Vec<char> = line.chars().collect();
                let mut round = 1;
                let mut at = 91; // 0-based start of round 1's 10-column block
                while at + 4 <= chars.len() {
                    if round > crate::limits::MAX_ROUNDS {
                        return Err(err(
                            line_no,
                            format!(
                                "more than {} rounds: at most {}",
                                crate::limits::MAX_ROUNDS,
                                crate::limits::MAX_ROUNDS
                            ),
                        ));
                    }
                    let block: String = chars[at..(at + 8).min(chars.len())].iter().collect();
                    let opp_text = block.get(..4).unwrap_or("").trim().to_string();
                    let colour = chars.get(at + 5).copied().unwrap_or(' ');
                    let result = chars.get(at + 7).copied().unwrap_or(' ');
                    let opp = if opp_text.is_empty() {
                        0
                    } else {
                        opp_text.parse().map_err(|_| {
                            err(line_no, format!("round {round}: opponent `{opp_text}`"))
                        })?
                    };
                    cells.insert((number, round), (opp, colour, result));
                    round += 1;
                    at += 10;
                }
            }
            _ => {}
        }
    }
    if t.players.is_empty() {
        return Err(TrfError::NoPlayers {
            origin: origin.to_string(),
        });
    }
    // Rounds go in through the same changes as the arbiter's, so a file that pairs a player
    // twice or names an unknown opponent is refused, not saved.
    let rounds = cells.keys().map(|k| k.1).max().unwrap_or(0);
    for round in 1..=rounds {
        let bad = |message: String| TrfError::Round {
            origin: origin.to_string(),
            round,
            message,
        };
        let mut pairs = Vec::new();
        let mut results = Vec::new();
        let mut bye = None;
        let mut absent = Vec::new();
        let mut done = std::collections::BTreeSet::new();
        let numbers: Vec<usize> = t.players.iter().filter_map(|p| p.number).collect();
        for n in numbers {
            let Some(&(opp, colour, result)) = cells.get(&(n, round)) else {
                continue;
            };
            if opp == 0 {
                match result {
                    'U' | 'F' | 'H' => bye = Some(n as PlayerId),
                    _ => absent.push(n as PlayerId),
                }
                continue;
            }
            // Each game is written on both players' lines: take it once.
            if !done.insert((n.min(opp), n.max(opp))) {
                continue;
            }
            let me_white = colour != 'b';
            let mine = match result {
                '1' => Some(GameResult::WhiteWins),
                '0' => Some(GameResult::BlackWins),
                '=' => Some(GameResult::Draw),
                '+' => Some(GameResult::WhiteByForfeit),
                '-' => Some(GameResult::BlackByForfeit),
                _ => None,
            };
            // Results are written from this player's side; turn them to White's.
            let flip = |r: GameResult| match r {
                GameResult::WhiteWins => GameResult::BlackWins,
                GameResult::BlackWins => GameResult::WhiteWins,
                GameResult::WhiteByForfeit => GameResult::BlackByForfeit,
                GameResult::BlackByForfeit => GameResult::WhiteByForfeit,
                r => r,
            };
            pairs.push(if me_white {
                (n as PlayerId, opp as PlayerId)
            } else {
                (opp as PlayerId, n as PlayerId)
            });
            results.push(mine.map(|r| if me_white { r } else { flip(r) }));
        }
        let set = Command::SetPairings {
            round,
            pairs,
            bye,
            absent,
        };
        apply(&mut t, &set).map_err(|e| bad(e.to_string()))?;
        for (board, result) in results.into_iter().enumerate() {
            if let Some(result) = result {
                let cmd = Command::SetResult {
                    round,
                    board: board + 1,
                    game: 0,
                    result,
                };
                apply(&mut t, &cmd).map_err(|e| bad(e.to_string()))?;
            }
        }
    }
    Ok(t)
}
