//! The FIDE tournament report file (TRF-16, C.04.A Annex 2), so pairings and results can be
//! checked by other programs (a free pairings checker) and events moved between programs.
//!
//! A TRF round holds one game per player. A micromatch is written as its result (won, drawn or
//! lost micromatch) with the colour of game 1; the points column carries the event's points.
//! An imported file becomes an event of single games scored 1-½-0.

use std::collections::BTreeMap;

use super::super::command::{apply_in_place as apply, Command};
use super::super::model::{ByeValue, GameResult, Player, PlayerId, Round, System, Tournament};
use super::super::standings;
use super::dutch::{Entry, Input, PlayerInput};
use crate::rules::{Color, Variant};
use crate::tournament::id::GameRef;

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

pub(crate) fn pad_left(s: &str, width: usize) -> String {
    format!("{s:>width$}")
}

fn pad_right(s: &str, width: usize) -> String {
    let cut: String = s.chars().take(width).collect();
    format!("{cut:<width$}")
}

/// Each player's virtual points round by round, as `XXA` writes them: the event's own (read
/// from a file) and those the program's accelerated pairings gave a round it paired.
fn virtual_points(t: &Tournament) -> BTreeMap<PlayerId, Vec<f64>> {
    let mut all = t.acceleration.clone();
    for r in &t.rounds {
        for (&id, &points) in &r.acceleration {
            let row = all.entry(id).or_default();
            if row.len() < r.number {
                row.resize(r.number, 0.0);
            }
            row[r.number - 1] = points;
        }
    }
    all
}

/// Each player's number in the file: his pairing number, else his place in the list.
pub(crate) fn numbers(t: &Tournament) -> BTreeMap<PlayerId, usize> {
    t.by_number()
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id, p.number.unwrap_or(i + 1)))
        .collect()
}

/// The event as TRF-16 text.
pub fn export(t: &Tournament) -> String {
    let lines = standings::compute(t, None);
    // TRF-16 ranks one by one (a tie is ranked by the order the standings give it).
    let rank_of: BTreeMap<PlayerId, usize> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| (l.id, i + 1))
        .collect();
    let number = numbers(t);
    let players = t.by_number();
    let mut out = String::new();
    out.push_str(&format!("012 {}\n", t.settings.name));
    if !t.settings.venue.is_empty() {
        out.push_str(&format!("022 {}\n", t.settings.venue));
    }
    if !t.settings.dates.is_empty() {
        out.push_str(&format!("042 {}\n", t.settings.dates));
    }
    out.push_str(&format!("062 {}\n", players.len()));
    out.push_str(&format!("092 {}\n", event_type(t)));
    if !t.is_team_event() {
        out.push_str(&format!("192 {}\n", crate::tournament::system::trf_code(t)));
    }
    if !t.settings.chief_arbiter.is_empty() {
        out.push_str(&format!("102 {}\n", t.settings.chief_arbiter));
    }
    out.push_str(&format!("122 {}\n", t.settings.time_control));
    if let Some(line) = schedule_line(&t.schedule) {
        out.push_str(&line);
        out.push('\n');
    }
    out.push_str(&format!(
        "XXR {}\n",
        t.settings.rounds_planned.unwrap_or(t.rounds.len())
    ));
    out.push_str(&pairing_lines(t, &number));
    out.push_str(&player_lines(t, &lines, &number, &rank_of));
    out.push_str(&crate::tournament::team::trf::team_lines(t, &number));
    out
}

/// `092`: the type of the event in words.
pub(crate) fn event_type(t: &Tournament) -> &'static str {
    match (t.is_team_event(), t.settings.system) {
        (false, System::Swiss) => "Individual: Swiss-System",
        (false, System::RoundRobin) => "Individual: Round robin",
        (false, System::DoubleRoundRobin) => "Individual: Double round robin",
        (true, System::Swiss) => "Team: Swiss-System",
        (true, System::RoundRobin) => "Team: Round robin",
        (true, System::DoubleRoundRobin) => "Team: Double round robin",
        (_, System::Knockout) => "Individual: Knockout",
        (_, System::Scheveningen) => "Team: Scheveningen",
    }
}

/// What a pairing program needs beyond the players: the initial colour (`XXC`), the forbidden
/// pairs (`XXP`) and the virtual points of accelerated rounds (`XXA`).
pub(crate) fn pairing_lines(t: &Tournament, number: &BTreeMap<PlayerId, usize>) -> String {
    let mut out = String::new();
    match initial_colour_of(t) {
        Some(Color::White) => out.push_str("XXC white1\n"),
        Some(Color::Black) => out.push_str("XXC black1\n"),
        None => {}
    }
    for (a, b) in &t.forbidden {
        if let (Some(na), Some(nb)) = (number.get(a), number.get(b)) {
            out.push_str(&format!("XXP {na} {nb}\n"));
        }
    }
    for (id, points) in virtual_points(t) {
        if let Some(n) = number.get(&id) {
            let fields: Vec<String> = points.iter().map(|p| format!("{p:>4.1}")).collect();
            out.push_str(&format!("XXA {n:>4} {}\n", fields.join(" ")));
        }
    }
    out
}

/// The initial colour drawn by lot: the event's own, or what round 1 shows.
pub(crate) fn initial_colour_of(t: &Tournament) -> Option<Color> {
    t.initial_colour.or_else(|| match t.is_team_event() {
        true => crate::tournament::team::swiss::input::initial_colour(t),
        false => super::input::initial_colour(t),
    })
}

/// The `001` lines, in pairing-number order, with the points of `lines` and `rank_of`.
pub(crate) fn player_lines(
    t: &Tournament,
    lines: &[standings::Line],
    number: &BTreeMap<PlayerId, usize>,
    rank_of: &BTreeMap<PlayerId, usize>,
) -> String {
    let line_of: BTreeMap<PlayerId, &standings::Line> = lines.iter().map(|l| (l.id, l)).collect();
    let mut out = String::new();
    for p in t.by_number() {
        let n = number[&p.id];
        let name = if p.name.is_empty() {
            p.surname.clone()
        } else {
            format!("{}, {}", p.surname, p.name)
        };
        let points = line_of.get(&p.id).map_or(0.0, |l| l.points)
            + crate::tournament::team::trf::pab_points(t, p.id);
        let mut row = format!(
            "001 {} {}{} {} {} {} {} {} {} {}",
            pad_left(&n.to_string(), 4),
            match p.sex {
                Some(crate::tournament::model::Sex::Male) => "m",
                Some(crate::tournament::model::Sex::Female) => "w",
                None => " ",
            },
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
            row.push_str(&round_cell(t, r, p.id, number));
        }
        out.push_str(row.trim_end());
        out.push('\n');
    }
    out
}

/// Where round 1's date (and its cell in a `001` line) begins: column 92, counted from 1.
const FIRST_ROUND_COLUMN: usize = 91;
/// A round's date or cell and the two spaces after it.
const ROUND_WIDTH: usize = 10;
/// TRF's date of a round: `26/12/07`.
const ROUND_DATE: &str = "%y/%m/%d";

/// The `132` line: each round's date under that round's column of the `001` lines (a round
/// without a date left blank); `None` when the schedule names no date.
pub(crate) fn schedule_line(s: &crate::tournament::schedule::Schedule) -> Option<String> {
    let last = s.rounds.iter().map(|r| r.round).max()?;
    let mut line = format!("{:<FIRST_ROUND_COLUMN$}", "132");
    for round in 1..=last {
        let date = s
            .start(round)
            .map(|r| r.date.format(ROUND_DATE).to_string());
        line.push_str(&format!("{:<ROUND_WIDTH$}", date.unwrap_or_default()));
    }
    Some(line.trim_end().to_string())
}

/// The rounds' dates of a `132` line, read by column; a file whose dates are not under the
/// round columns (some programs write them one space apart) is read date by date in order.
fn read_schedule(line: &str) -> Result<Vec<crate::tournament::schedule::RoundStart>, String> {
    use crate::tournament::schedule::RoundStart;
    let date = |text: &str| chrono::NaiveDate::parse_from_str(text.trim(), ROUND_DATE);
    let start = |(i, d): (usize, chrono::NaiveDate)| RoundStart {
        round: i + 1,
        date: d,
        time: None,
    };
    let chars: Vec<char> = line.chars().collect();
    let slots: Vec<String> = (FIRST_ROUND_COLUMN..chars.len())
        .step_by(ROUND_WIDTH)
        .map(|from| {
            chars[from..(from + ROUND_WIDTH).min(chars.len())]
                .iter()
                .collect()
        })
        .collect();
    let by_column: Option<Vec<RoundStart>> = slots
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.trim().is_empty())
        .map(|(i, s)| date(s).ok().map(|d| start((i, d))))
        .collect();
    if let Some(rounds) = by_column.filter(|r| !r.is_empty()) {
        return Ok(rounds);
    }
    let words: Vec<&str> = line.get(3..).unwrap_or("").split_whitespace().collect();
    words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            date(w)
                .map(|d| start((i, d)))
                .map_err(|_| format!("132: `{w}` is not a date (YY/MM/DD)"))
        })
        .collect()
}

/// ` ooo c r` for player `id` in round `r`: opponent number, colour, result.
fn round_cell(
    t: &Tournament,
    r: &Round,
    id: PlayerId,
    number: &BTreeMap<PlayerId, usize>,
) -> String {
    if r.bye == Some(id) || crate::tournament::team::trf::in_pab(t, r, id) {
        return "0000 - U".to_string();
    }
    match r.requested_byes.iter().find(|(p, _)| *p == id) {
        Some((_, ByeValue::Win)) => return "0000 - F".to_string(),
        Some((_, ByeValue::Draw)) => return "0000 - H".to_string(),
        _ => {}
    }
    let Some(p) = r.pairings.iter().find(|p| p.white == id || p.black == id) else {
        // A round not paired yet holds only its absences; the others' cells stay blank.
        let unpaired = r.pairings.is_empty() && r.bye.is_none();
        // A team event's player who was not in his team's line-up did not play: blank.
        if (unpaired || t.is_team_event()) && !r.absent.contains(&id) {
            return " ".repeat(8);
        }
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
    let adjourned = p.games.contains(&GameResult::Adjourned);
    let result = if adjourned {
        'X'
    } else if !scored {
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
    format!(
        "{} {colour} {result}",
        pad_left(&number[&opp].to_string(), 4)
    )
}

/// A refusal at a line of the file.
pub(crate) fn line_error(origin: &str) -> impl Fn(usize, String) -> TrfError + '_ {
    move |line: usize, message: String| TrfError::Line {
        origin: origin.to_string(),
        line,
        message,
    }
}

/// An event from TRF-16 text: players, rounds, results (single games).
pub fn import(origin: &str, text: &str) -> Result<Tournament, TrfError> {
    agreement(origin, text)?;
    let mut t = Tournament::new(
        "",
        Variant::Russian,
        System::Swiss,
        crate::clock::TimeControl::sudden_death(45),
        1,
    );
    let err = line_error(origin);
    let file = read_event_lines(origin, text, &mut t)?;
    if t.players.is_empty() {
        return Err(TrfError::NoPlayers {
            origin: origin.to_string(),
        });
    }
    if let Some(id) = t.acceleration.keys().find(|&&id| t.player(id).is_none()) {
        return Err(err(0, format!("XXA: no player {id}")));
    }
    if !file.forbidden.is_empty() {
        for &(line, a, b) in &file.forbidden {
            for id in [a, b] {
                if t.player(id).is_none() {
                    return Err(err(line, format!("forbidden pairs: no player {id}")));
                }
            }
        }
        let pairs = file.forbidden.iter().map(|&(_, a, b)| (a, b)).collect();
        apply(&mut t, &Command::SetForbidden { pairs }).map_err(|e| err(0, e.to_string()))?;
    }
    // Rounds go in through the same changes as the arbiter's, so a file that pairs a player
    // twice or names an unknown opponent is refused, not saved.
    let rounds = file.cells.keys().map(|k| k.1).max().unwrap_or(0);
    for round in 1..=rounds {
        import_round(origin, &mut t, &file.cells, round)?;
    }
    // The dates of `132`, checked as the arbiter's schedule is (in order, within the rounds).
    if let Some((line, rounds)) = file.schedule {
        let schedule = crate::tournament::schedule::Schedule {
            rounds,
            ..Default::default()
        };
        apply(&mut t, &Command::SetSchedule { schedule }).map_err(|e| err(line, e.to_string()))?;
    }
    // Without `XXC`, round 1 tells the colour (and the export writes it).
    if t.initial_colour.is_none() {
        t.initial_colour = super::input::initial_colour(&t);
    }
    // The system `192` names, once its rounds are in (they were checked as any round given).
    if let Some((system, cycles)) = file.system_code {
        t.settings.system = system;
        t.settings.cycles = (cycles > 2).then_some(cycles);
    }
    Ok(t)
}

/// What a TRF-16 file's lines give beside the event's details and players (which go straight
/// into the event).
struct EventLines {
    /// (player number, round) → (opponent, colour, result)
    cells: BTreeMap<(usize, usize), Cell>,
    /// (line, player, player) of `XXP`.
    forbidden: Vec<(usize, PlayerId, PlayerId)>,
    /// The system `192` names, with its cycles.
    system_code: Option<(System, u32)>,
    /// The rounds' dates of `132`, with its line.
    schedule: Option<(usize, Vec<crate::tournament::schedule::RoundStart>)>,
}

/// Reads the file line by line: the event's details, settings and players into `t`, the rest
/// kept for once the players are in.
fn read_event_lines(origin: &str, text: &str, t: &mut Tournament) -> Result<EventLines, TrfError> {
    let err = line_error(origin);
    let mut file = EventLines {
        cells: BTreeMap::new(),
        forbidden: Vec::new(),
        system_code: None,
        schedule: None,
    };
    for (i, line) in trf_lines(text).enumerate() {
        let line_no = i + 1;
        let code = line.get(..3).unwrap_or("");
        let rest = line.get(4..).unwrap_or("").trim();
        match code {
            "012" => t.settings.name = rest.to_string(),
            "022" => t.settings.venue = rest.to_string(),
            "042" => t.settings.dates = rest.to_string(),
            "102" => t.settings.chief_arbiter = rest.to_string(),
            // TRF's time control is free text ("90 min + 30 sec"): kept when it is one this
            // program's clocks read, else the event keeps its default.
            "122" => {
                if let Ok(c) = rest.parse() {
                    t.settings.time_control = c;
                }
            }
            "XXR" => t.settings.rounds_planned = rest.parse().ok(),
            "132" => {
                file.schedule = Some((line_no, read_schedule(line).map_err(|m| err(line_no, m))?))
            }
            "192" => file.system_code = crate::tournament::system::from_trf_code(rest),
            "XXC" => t.initial_colour = initial_colour(rest).or(t.initial_colour),
            // Player ids are the numbers.
            "XXA" => {
                let (n, points) = read_xxa(line).map_err(|m| err(line_no, m))?;
                let points = points.iter().map(|&p| f64::from(p) / f64::from(TRF_WIN));
                t.acceleration.insert(PlayerId(n as u32), points.collect());
            }
            // Player ids are the numbers.
            "XXP" => {
                let pairs = forbidden_pairs(rest).map_err(|m| err(line_no, m))?;
                file.forbidden.extend(
                    pairs
                        .into_iter()
                        .map(|(a, b)| (line_no, PlayerId(a as u32), PlayerId(b as u32))),
                );
            }
            "001" => {
                let (player, row) = player_line(line).map_err(|m| err(line_no, m))?;
                let number = player.number.unwrap_or(0);
                apply(t, &Command::AddPlayer { player })
                    .map_err(|e| err(line_no, e.to_string()))?;
                for (k, cell) in row.into_iter().enumerate() {
                    file.cells.insert((number, k + 1), cell);
                }
            }
            _ => {}
        }
    }
    Ok(file)
}

/// Round `round` of the file's cells into the event: its pairs (each game once, White first),
/// the pairing-allocated bye, absences and requested byes, then the results.
fn import_round(
    origin: &str,
    t: &mut Tournament,
    cells: &BTreeMap<(usize, usize), Cell>,
    round: usize,
) -> Result<(), TrfError> {
    let bad = |message: String| TrfError::Round {
        origin: origin.to_string(),
        round,
        message,
    };
    let mut pairs = Vec::new();
    let mut results = Vec::new();
    let mut bye = None;
    let mut absent = Vec::new();
    let mut requested = Vec::new();
    let mut done = std::collections::BTreeSet::new();
    let numbers: Vec<usize> = t.players.iter().filter_map(|p| p.number).collect();
    for n in numbers {
        let Some(&(opp, colour, result)) = cells.get(&(n, round)) else {
            continue;
        };
        if opp == 0 {
            match result.to_ascii_uppercase() {
                // The pairing-allocated bye (`0000 - +` is one too).
                'U' | '+' => {
                    if let Some(first) = bye.replace(PlayerId(n as u32)) {
                        return Err(bad(format!(
                            "players {first} and {n} both have the pairing-allocated bye (U)"
                        )));
                    }
                }
                // Points without a game and without the pairing: a requested bye.
                'F' | 'W' | '1' => {
                    absent.push(PlayerId(n as u32));
                    requested.push((PlayerId(n as u32), ByeValue::Win));
                }
                'H' | '=' | 'D' => {
                    absent.push(PlayerId(n as u32));
                    requested.push((PlayerId(n as u32), ByeValue::Draw));
                }
                _ => absent.push(PlayerId(n as u32)),
            }
            continue;
        }
        // Each game is written on both players' lines: take it once.
        if !done.insert((n.min(opp), n.max(opp))) {
            continue;
        }
        let me_white = colour != 'b';
        pairs.push(if me_white {
            (PlayerId(n as u32), PlayerId(opp as u32))
        } else {
            (PlayerId(opp as u32), PlayerId(n as u32))
        });
        let theirs = cells.get(&(opp, round)).map(|c| c.2);
        results.push(white_result(result, me_white, theirs));
    }
    let set = Command::SetPairings {
        round,
        pairs,
        bye,
        absent,
        requested_byes: requested,
        // The file's virtual points stay the event's (`XXA`), not a round's own.
        acceleration: vec![],
        advanced: vec![],
    };
    apply(t, &set).map_err(|e| bad(e.to_string()))?;
    set_results(t, round, results).map_err(|e| bad(e.to_string()))
}

/// A game's result from White's side, from the `result` a player's cell writes from his side
/// (`me_white`: he has White) and the result on his opponent's line (`theirs`).
fn white_result(result: char, me_white: bool, theirs: Option<char>) -> Option<GameResult> {
    let mine = match result {
        '1' => Some(GameResult::WhiteWins),
        '0' => Some(GameResult::BlackWins),
        '=' => Some(GameResult::Draw),
        '+' => Some(GameResult::WhiteByForfeit),
        '-' => Some(GameResult::BlackByForfeit),
        // TRF-26's unknown result: a game adjourned, to be finished.
        'X' | 'x' | '?' => Some(GameResult::Adjourned),
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
    // Both lines lost by forfeit: neither came (`-` against `-`).
    let both_lost = result == '-' && theirs == Some('-');
    if both_lost {
        Some(GameResult::DoubleForfeit)
    } else {
        mine.map(|r| if me_white { r } else { flip(r) })
    }
}

/// A file's results of round `round`, board by board from board 1 (`None`: not played yet), as
/// the arbiter enters them.
pub(crate) fn set_results(
    t: &mut Tournament,
    round: usize,
    results: Vec<Option<GameResult>>,
) -> Result<(), crate::tournament::command::CommandError> {
    for (board, result) in results.into_iter().enumerate() {
        if let Some(result) = result {
            let cmd = Command::SetResult {
                game: GameRef {
                    round,
                    board: board + 1,
                    game: 0,
                },
                result,
            };
            apply(t, &cmd)?;
        }
    }
    Ok(())
}

/// One round of a player line: opponent (0: none), colour, result.
type Cell = (usize, char, char);

/// A `001` line: the player (number, name, title, rating, federation or club, birth year, sex)
/// and his cells by round, `(opponent, colour, result)` (opponent 0: none).
pub(crate) fn player_line(line: &str) -> Result<(Player, Vec<Cell>), String> {
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
        .map_err(|_| format!("starting rank `{}`", field(5, 8)))?;
    let name = field(15, 47);
    let (surname, given) = match name.split_once(',') {
        Some((s, n)) => (s.trim().to_string(), n.trim().to_string()),
        None => (name.clone(), String::new()),
    };
    if surname.is_empty() {
        return Err("the name is empty".into());
    }
    let rating = match field(49, 52) {
        r if r.is_empty() || r == "0" => None,
        r => Some(r.parse().map_err(|_| format!("rating `{r}`"))?),
    };
    let birth_year = field(70, 73).parse().ok().filter(|y: &u16| *y > 0);
    let player = Player {
        name: given,
        title: field(11, 13),
        rating,
        club: field(54, 56),
        birth_year,
        // TRF's column 10: `m` or `w`; anything else is not known.
        sex: match field(10, 10).as_str() {
            "m" | "M" => Some(crate::tournament::model::Sex::Male),
            "w" | "W" | "f" | "F" => Some(crate::tournament::model::Sex::Female),
            _ => None,
        },
        number: Some(number),
        ..Player::new(PlayerId(number as u32), surname)
    };
    let chars: Vec<char> = line.chars().collect();
    let mut row = Vec::new();
    let mut at = 91; // 0-based start of round 1's 10-column block
    while at + 4 <= chars.len() {
        let round = row.len() + 1;
        if round > crate::limits::MAX_ROUNDS {
            return Err(format!(
                "more than {} rounds: at most {}",
                crate::limits::MAX_ROUNDS,
                crate::limits::MAX_ROUNDS
            ));
        }
        let block: String = chars[at..(at + 8).min(chars.len())].iter().collect();
        let opp_text = block.get(..4).unwrap_or("").trim().to_string();
        let colour = chars.get(at + 5).copied().unwrap_or(' ');
        let result = chars.get(at + 7).copied().unwrap_or(' ');
        let opp = if opp_text.is_empty() {
            0
        } else {
            opp_text
                .parse()
                .map_err(|_| format!("round {round}: opponent `{opp_text}`"))?
        };
        row.push((opp, colour, result));
        at += 10;
    }
    Ok((player, row))
}

/// `XXA NNNN pp.p pp.p …`: player NNNN's virtual points when round 1, 2, … is paired (the
/// accelerated pairings; a blank field is none), in tenths of a point.
fn read_xxa(line: &str) -> Result<(usize, Vec<u32>), String> {
    let chars: Vec<char> = line.chars().collect();
    let text = |a: usize, b: usize| -> String {
        chars[a.min(chars.len())..b.min(chars.len())]
            .iter()
            .collect()
    };
    let rank: usize = text(4, 8)
        .trim()
        .parse()
        .map_err(|_| format!("XXA: player number `{}`", text(4, 8).trim()))?;
    let mut out = Vec::new();
    let mut at = 9;
    while at < chars.len() {
        let field = text(at, at + 4);
        let field = field.trim();
        out.push(if field.is_empty() {
            0
        } else {
            tenths(field)
                .ok_or_else(|| format!("XXA: points `{field}` for round {}", out.len() + 1))?
        });
        at += 5;
    }
    Ok((rank, out))
}

/// `1.5` → 15 tenths (TRF writes points with one decimal).
fn tenths(text: &str) -> Option<u32> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, "0"));
    if frac.len() != 1 {
        return None;
    }
    Some(whole.parse::<u32>().ok()? * 10 + frac.parse::<u32>().ok()?)
}

/// `XXC white1|black1`: the initial colour (other words on the line are options we do not use).
fn initial_colour(rest: &str) -> Option<Color> {
    rest.split_whitespace().find_map(|tok| match tok {
        "white1" => Some(Color::White),
        "black1" => Some(Color::Black),
        _ => None,
    })
}

/// `XXP a b c …`: the players listed may not meet one another (every pair of them).
fn forbidden_pairs(rest: &str) -> Result<Vec<(usize, usize)>, String> {
    let n: Vec<usize> = rest
        .split_whitespace()
        .map(|x| x.parse())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("forbidden pairs `{rest}`"))?;
    let mut out = Vec::new();
    for a in 0..n.len() {
        for b in a + 1..n.len() {
            out.push((n[a], n[b]));
        }
    }
    Ok(out)
}

/// Points in tenths, as the TRF's score column writes them (1.0, 0.5).
const TRF_WIN: u32 = 10;
const TRF_DRAW: u32 = 5;

/// What a result code scores, in tenths (TRF's own points: 1.0, 0.5); `None` for an unknown code.
pub(crate) fn result_points(code: char) -> Option<u32> {
    match code.to_ascii_uppercase() {
        '1' | 'W' | '+' | 'U' | 'F' => Some(TRF_WIN),
        '=' | 'D' | 'H' => Some(TRF_DRAW),
        '0' | 'L' | '-' | 'Z' | ' ' => Some(0),
        _ => None,
    }
}

/// The lines of a TRF whatever its line ends (CR, LF or CRLF, as TRF-16 allows).
pub fn trf_lines(text: &str) -> impl Iterator<Item = &str> {
    text.split(['\r', '\n'])
}

/// The cells of a `001` line: (opponent text, colour, result) per round, from column 92.
pub(crate) fn cells_of(line: &str) -> Vec<[char; 6]> {
    let chars: Vec<char> = line.chars().collect();
    let mut out = Vec::new();
    let mut at = 91;
    while at + 8 <= chars.len() {
        let mut c = [' '; 6];
        c[..4].copy_from_slice(&chars[at..at + 4]);
        c[4] = chars[at + 5];
        c[5] = chars[at + 7];
        out.push(c);
        at += 10;
    }
    out
}

/// Every game is written on both players' lines (C.04.A Annex 2), and the two must agree: each
/// names the other as opponent in that round, their colours are opposite (or unknown, `-`, on
/// a forfeit), their results are the two sides of one game (`1`/`0`, `=`/`=`, `+`/`-`, `-`/`-`,
/// `W`/`L`, `D`/`D`; both blank for a round not yet played). A file whose two sides disagree is
/// refused at the line and round that contradicts its opponent's.
pub fn agreement(origin: &str, text: &str) -> Result<(), TrfError> {
    let mut rows: BTreeMap<usize, (usize, Vec<[char; 6]>)> = BTreeMap::new();
    for (i, line) in trf_lines(text).enumerate() {
        if !line.starts_with("001") {
            continue;
        }
        // A line without a readable number is refused where the file is read for its use.
        if let Ok(rank) = line.get(4..8).unwrap_or("").trim().parse::<usize>() {
            rows.insert(rank, (i + 1, cells_of(line)));
        }
    }
    let said = |c: &[char; 6]| -> String {
        let opp: String = c[..4].iter().collect();
        format!("`{} {} {}`", opp.trim(), c[4], c[5])
    };
    for (&me, (line, cells)) in &rows {
        for (r, c) in cells.iter().enumerate() {
            let opp: String = c[..4].iter().collect();
            let Ok(them) = opp.trim().parse::<usize>() else {
                continue;
            };
            if them == 0 || them == me {
                continue;
            }
            let bad = |why: String| TrfError::Line {
                origin: origin.to_string(),
                line: *line,
                message: format!(
                    "round {}: player {me}'s entry {} contradicts player {them}'s: {why}",
                    r + 1,
                    said(c)
                ),
            };
            let Some((_, their_cells)) = rows.get(&them) else {
                // An opponent without a line is refused by the reader, naming him.
                continue;
            };
            let Some(t) = their_cells.get(r) else {
                return Err(bad(format!("his line has no round {}", r + 1)));
            };
            let their_opp: String = t[..4].iter().collect();
            if their_opp.trim().parse::<usize>().ok() != Some(me) {
                return Err(bad(format!("he has {} in that round", said(t))));
            }
            let colour = |x: char| x.to_ascii_lowercase();
            let (a, b) = (colour(c[4]), colour(t[4]));
            if a == b && matches!(a, 'w' | 'b') {
                let which = if a == 'w' { "White" } else { "Black" };
                return Err(bad(format!("both have {which}")));
            }
            if (a == 'w' && b != 'b' && b != '-') || (a == 'b' && b != 'w' && b != '-') {
                return Err(bad(format!("the colours do not match ({})", said(t))));
            }
            let (x, y) = (c[5].to_ascii_uppercase(), t[5].to_ascii_uppercase());
            let sides = matches!(
                (x, y),
                ('1' | 'W', '0' | 'L')
                    | ('0' | 'L', '1' | 'W')
                    | ('=' | 'D', '=' | 'D')
                    | ('+', '-')
                    | ('-', '+')
                    | ('-', '-')
                    | ('X' | '?', 'X' | '?')
                    | (' ', ' ')
            );
            if !sides {
                return Err(bad(format!(
                    "the results `{}` and `{}` are not the two sides of one game",
                    c[5], t[5]
                )));
            }
        }
    }
    Ok(())
}

/// The input of the Swiss pairing for the next round of a TRF-16 file, read as the rules mean
/// each result code (C.04.A Annex 2): `1 W` won, `= D` drawn, `0 L` lost games; `+ -` forfeits
/// (not played: the players may meet again, no colour); `U` the pairing-allocated bye (`0000 +`
/// too); `F H Z` full-point, half-point and zero-point byes, not paired; blank cells absent.
/// A player with a cell for the round after the last played one is absent from it. Returns the
/// input and each player's starting rank (the input's order).
pub fn pairing_input(origin: &str, text: &str) -> Result<(Input, Vec<usize>), TrfError> {
    agreement(origin, text)?;
    let err = line_error(origin);
    let PairingFile {
        planned,
        initial,
        forbidden_numbers,
        accelerations,
        mut rows,
    } = read_pairing_file(origin, text)?;
    if rows.is_empty() {
        return Err(TrfError::NoPlayers {
            origin: origin.to_string(),
        });
    }
    rows.sort_by_key(|r| r.0);
    let index: BTreeMap<usize, usize> = rows.iter().enumerate().map(|(i, r)| (r.0, i)).collect();
    if index.len() != rows.len() {
        return Err(err(rows[0].1, "a starting rank is used twice".into()));
    }
    let mut entries: Vec<Vec<Entry>> = Vec::with_capacity(rows.len());
    let mut played_rounds = 0;
    for (me, (_, line_no, cells)) in rows.iter().enumerate() {
        let mut list = Vec::new();
        let mut skipped = 0;
        for (r, c) in cells.iter().enumerate() {
            let entry = read_cell(c, me, &index)
                .map_err(|what| err(*line_no, format!("round {}: {what}", r + 1)))?;
            let Some(entry) = entry else {
                skipped += 1;
                continue;
            };
            list.extend((0..skipped).map(|_| Entry::unpaired(0)));
            skipped = 0;
            played_rounds = played_rounds.max(list.len());
            let participated = entry.participated;
            list.push(entry);
            if participated {
                played_rounds = played_rounds.max(list.len());
            }
        }
        entries.push(list);
    }
    // Every player with a cell for the next round: that round was played too.
    if entries.iter().all(|e| e.len() > played_rounds) {
        played_rounds += 1;
    }
    let forbidden = forbidden_numbers
        .into_iter()
        .filter_map(|(a, b)| Some((*index.get(&a)?, *index.get(&b)?)))
        .collect();
    Ok((
        Input {
            players: players_of(entries, played_rounds),
            rounds_played: played_rounds,
            rounds_planned: planned,
            initial_colour: initial,
            win: TRF_WIN,
            draw: TRF_DRAW,
            forbidden,
            // The virtual points of the round being paired (round `played_rounds + 1`).
            acceleration: if accelerations.is_empty() {
                Vec::new()
            } else {
                rows.iter()
                    .map(|r| {
                        accelerations
                            .get(&r.0)
                            .and_then(|a| a.get(played_rounds).copied())
                            .unwrap_or(0)
                    })
                    .collect()
            },
        },
        rows.iter().map(|r| r.0).collect(),
    ))
}

/// What the Swiss pairing reads of a TRF-16 file.
struct PairingFile {
    planned: usize,
    initial: Color,
    /// Pairs of starting ranks (`XXP`).
    forbidden_numbers: Vec<(usize, usize)>,
    /// Each starting rank's virtual points per round (`XXA`).
    accelerations: BTreeMap<usize, Vec<u32>>,
    /// (rank, cells with their line)
    rows: Vec<(usize, usize, Vec<[char; 6]>)>,
}

fn read_pairing_file(origin: &str, text: &str) -> Result<PairingFile, TrfError> {
    let err = line_error(origin);
    let mut file = PairingFile {
        planned: 0,
        initial: Color::White,
        forbidden_numbers: Vec::new(),
        accelerations: BTreeMap::new(),
        rows: Vec::new(),
    };
    for (i, line) in trf_lines(text).enumerate() {
        let line_no = i + 1;
        let code = line.get(..3).unwrap_or("");
        let rest = line.get(3..).unwrap_or("").trim();
        match code {
            "XXR" | "142" => {
                file.planned = rest
                    .split_whitespace()
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or_else(|| err(line_no, format!("number of rounds `{rest}`")))?;
            }
            "XXC" => file.initial = initial_colour(rest).unwrap_or(file.initial),
            "XXP" => {
                file.forbidden_numbers
                    .extend(forbidden_pairs(rest).map_err(|m| err(line_no, m))?);
            }
            "XXA" => {
                let (n, points) = read_xxa(line).map_err(|m| err(line_no, m))?;
                file.accelerations.insert(n, points);
            }
            "001" => {
                let rank: usize = line
                    .get(4..8)
                    .unwrap_or("")
                    .trim()
                    .parse()
                    .map_err(|_| err(line_no, "starting rank".to_string()))?;
                let cells = cells_of(line);
                if cells.len() > crate::limits::MAX_ROUNDS {
                    return Err(err(
                        line_no,
                        format!("at most {} rounds", crate::limits::MAX_ROUNDS),
                    ));
                }
                file.rows.push((rank, line_no, cells));
            }
            _ => {}
        }
    }
    Ok(file)
}

/// One cell of player `me`'s line as the pairing reads it; `None`: a blank cell, skipped. `index`:
/// starting rank → player. The error names what is wrong.
fn read_cell(
    c: &[char; 6],
    me: usize,
    index: &BTreeMap<usize, usize>,
) -> Result<Option<Entry>, String> {
    let opp_text: String = c[..4].iter().collect();
    let (colour_c, result_c) = (c[4], c[5].to_ascii_uppercase());
    let mut skip = true;
    let mut opponent = None;
    if opp_text != "    " {
        skip = false;
        if opp_text.trim() != "0000" {
            let n: usize = opp_text
                .trim()
                .parse()
                .map_err(|_| format!("opponent `{opp_text}`"))?;
            let o = *index
                .get(&n)
                .ok_or_else(|| format!("opponent {n} has no player line"))?;
            opponent = (o != me).then_some(o);
        }
    }
    let colour = match colour_c {
        'w' | 'W' => Some(Color::White),
        'b' | 'B' => Some(Color::Black),
        '-' | ' ' => None,
        other => return Err(format!("colour `{other}`")),
    };
    if colour_c != ' ' {
        skip = false;
    }
    let points = result_points(result_c).ok_or_else(|| format!("result `{result_c}`"))?;
    if result_c != ' ' {
        skip = false;
    }
    let played = opponent.is_some()
        && colour.is_some()
        && matches!(result_c, '1' | 'W' | '=' | 'D' | '0' | 'L');
    if matches!(result_c, '1' | 'W' | '=' | 'D' | '0' | 'L')
        && opponent.is_some()
        && colour.is_none()
    {
        return Err("a played game needs a colour".to_string());
    }
    let participated = opponent.is_some() || matches!(result_c, 'U' | '+');
    if skip {
        return Ok(None);
    }
    Ok(Some(Entry {
        opponent,
        colour: colour.filter(|_| played),
        points,
        played,
        participated,
    }))
}

/// The players' inputs: each list cut or filled with unpaired rounds to `played_rounds`; a
/// player with a cell past them is absent from the round being paired.
fn players_of(entries: Vec<Vec<Entry>>, played_rounds: usize) -> Vec<PlayerInput> {
    entries
        .into_iter()
        .map(|mut list| {
            let absent = list.len() > played_rounds;
            list.truncate(played_rounds);
            while list.len() < played_rounds {
                list.push(Entry::unpaired(0));
            }
            PlayerInput {
                entries: list,
                absent,
            }
        })
        .collect()
}

/// The file as it stood before round `round` was paired: every `001` line cut to the rounds
/// before it, its score recomputed, and a player who did not play round `round` (a cell
/// without an opponent other than the pairing-allocated bye) keeps that cell, so he is absent.
pub fn before_round(text: &str, round: usize) -> String {
    let mut out = String::new();
    for line in trf_lines(text) {
        if !line.starts_with("001") {
            if !line.trim().is_empty() {
                out.push_str(line);
                out.push('\n');
            }
            continue;
        }
        let cells = cells_of(line);
        let chars: Vec<char> = line.chars().collect();
        let cell_text =
            |k: usize| -> String { chars[91 + 10 * k..91 + 10 * k + 8].iter().collect() };
        let mut keep: Vec<String> = (0..cells.len().min(round - 1)).map(cell_text).collect();
        let score: u32 = cells
            .iter()
            .take(round - 1)
            .map(|c| result_points(c[5]).unwrap_or(0))
            .sum();
        if let Some(c) = cells.get(round - 1) {
            let opp: String = c[..4].iter().collect();
            if opp == "0000" && c[5] != 'U' {
                keep.push(cell_text(round - 1));
            }
        }
        let head: String = chars.iter().take(80).collect();
        let mid: String = chars.iter().skip(84).take(7).collect();
        let row = format!(
            "{head:<80}{:>4}{mid:<7}{}",
            format!("{}.{}", score / 10, score % 10),
            keep.join("  ")
        );
        out.push_str(row.trim_end());
        out.push('\n');
    }
    out
}
