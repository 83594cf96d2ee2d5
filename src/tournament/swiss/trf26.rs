//! TRF-2026 (FIDE, applied from 1 September 2025): the complete report a federation's rating
//! officer and FIDE's checkers read — the event's dates, panel, rounds, initial colour, scoring
//! (`162`), pairing system (`192`), tie-break list as C.07 codes (`202`, `212`), encoded time
//! control (`222`), byes (`240`), forbidden pairs (`260`), the players' points and ranks (ties
//! share a rank), and the event's record as `###` lines (corrections, pairings by hand, late
//! settings, adjournments, expulsions, imports). Read back, an export of the imported event is
//! the same file. TRF-16 ([`super::trf`]) stays for the programs that read only that.

use std::collections::BTreeMap;

use super::trf::{self as trf16, TrfError};
use crate::rules::Color;
use crate::tournament::audit::{self, Recorded};
use crate::tournament::model::{ByeValue, PlayerId, Scoring, TieBreak, Tournament};
use crate::tournament::standings;

/// This program as TRF-26's pairing controller (`182`).
const CONTROLLER: &str = concat!("shashki-arbiter ", env!("CARGO_PKG_VERSION"));

/// The event as TRF-26 text.
pub fn export(t: &Tournament) -> String {
    let lines = standings::compute(t, None);
    let number = trf16::numbers(t);
    let mut out = header(t);
    out.push_str(&tiebreak_lines(t));
    out.push_str(&bye_lines(t, &number));
    out.push_str(&forbidden_lines(t, &number));
    out.push_str(&trf16::pairing_lines(t, &number));
    out.push_str(&trf16::player_lines(t, &lines, &number, &ranks(&lines)));
    out.push_str(&crate::tournament::team::trf::team_lines(t, &number));
    for r in &t.record {
        out.push_str(&r.trf_line());
        out.push('\n');
    }
    out.push_str(&options_line(t));
    out
}

/// The comment that names this program's options TRF-26 has no record for: how rounds without
/// a game count in the tie-breaks, when it is not FIDE C.07's (the file's `212` means C.07), and
/// whether a forfeit win counts as a win. Other programs skip it as any `###` line.
const OPTIONS: &str = "### shashki-arbiter options:";

fn options_line(t: &Tournament) -> String {
    use crate::tournament::model::UnplayedInCoefficients as U;
    let u = &t.settings.unplayed;
    let mut words = Vec::new();
    match u.in_coefficients {
        U::FideC07 => {}
        U::Skip => words.push("unplayed=skip"),
        U::OwnPoints => words.push("unplayed=own_points"),
    }
    if u.forfeit_counts_as_win {
        words.push("forfeit_wins=yes");
    }
    let lot = t.lot.map(|seed| format!("lot={seed}"));
    let words: Vec<&str> = words.into_iter().chain(lot.as_deref()).collect();
    if words.is_empty() {
        String::new()
    } else {
        format!("{OPTIONS} {}\n", words.join(" "))
    }
}

/// The options of [`options_line`] read back; a TRF-26 file that names its tie-breaks and not
/// this program's options counts unplayed rounds as C.07 does.
fn read_options(t: &mut Tournament, text: &str) {
    use crate::tournament::model::UnplayedInCoefficients as U;
    let named = trf16::trf_lines(text).any(|l| l.starts_with("212") || l.starts_with("202"));
    let ours = trf16::trf_lines(text).find_map(|l| l.strip_prefix(OPTIONS));
    let u = &mut t.settings.unplayed;
    if named {
        u.in_coefficients = U::FideC07;
    }
    for word in ours.unwrap_or("").split_whitespace() {
        match word {
            "unplayed=skip" => u.in_coefficients = U::Skip,
            "unplayed=own_points" => u.in_coefficients = U::OwnPoints,
            "forfeit_wins=yes" => u.forfeit_counts_as_win = true,
            w => {
                if let Some(seed) = w.strip_prefix("lot=").and_then(|s| s.parse().ok()) {
                    t.lot = Some(seed);
                }
            }
        }
    }
}

/// Each player's rank as TRF-26 has it: tied players share the first of their places (`8-9` is
/// 8 for both); an expelled player, who has no place, ranks after all the others.
fn ranks(lines: &[standings::Line]) -> BTreeMap<PlayerId, usize> {
    let placed = lines.iter().filter(|l| !l.expelled).count();
    lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let first = l.places().map(|p| *p.start());
            let rank = match (l.expelled, first) {
                (false, Some(r)) => r,
                (false, None) => i + 1,
                (true, _) => placed + 1 + (i - placed),
            };
            (l.id, rank)
        })
        .collect()
}

/// The event's records `012` to `222`: name, city, dates, counts, type, panel, controls,
/// round dates, rounds, initial colour, scoring, controller, system.
fn header(t: &Tournament) -> String {
    let s = &t.settings;
    let mut out = String::new();
    // A record with nothing to say is left out.
    fn record(out: &mut String, code: &str, value: &str) {
        if !value.trim().is_empty() {
            out.push_str(&format!("{code} {value}\n"));
        }
    }
    let mut put = |code: &str, value: &str| record(&mut out, code, value);
    put("012", &s.name);
    put("022", &s.venue);
    let days = crate::tournament::model::days(&s.dates);
    let day = |d: Option<&chrono::NaiveDate>| d.map(|d| d.format("%Y/%m/%d").to_string());
    put("042", &day(days.first()).unwrap_or_default());
    put("052", &day(days.last()).unwrap_or_default());
    put("062", &t.players.len().to_string());
    let rated = t.players.iter().filter(|p| p.rating.is_some()).count();
    put("072", &rated.to_string());
    if t.is_team_event() {
        put("082", &t.teams.len().to_string());
    }
    put("092", trf16::event_type(t));
    put("102", &s.chief_arbiter);
    for a in &s.arbiters {
        put("112", a);
    }
    put("122", &s.time_control.to_string());
    if let Some(line) = trf16::schedule_line(&t.schedule) {
        out.push_str(&line);
        out.push('\n');
    }
    // A team Swiss's rounds and initial colour are written with its team records.
    let team_swiss =
        t.is_team_event() && t.settings.system == crate::tournament::model::System::Swiss;
    if !team_swiss {
        let rounds = s.rounds_planned.unwrap_or(t.rounds.len());
        out.push_str(&format!("142 {rounds}\n"));
        match trf16::initial_colour_of(t) {
            Some(Color::White) => out.push_str("152 W\n"),
            Some(Color::Black) => out.push_str("152 B\n"),
            None => {}
        }
    }
    out.push_str(&scoring_line(t));
    out.push_str(&format!("182 {CONTROLLER}\n"));
    if !t.is_team_event() {
        out.push_str(&format!("192 {}\n", crate::tournament::system::trf_code(t)));
    }
    out.push_str(&format!("222 {}\n", encoded_control(&s.time_control)));
    out
}

/// `162`: each result's points, a code at columns 6, 15, 24 … and its value in the four after.
/// `A` (absent: a forfeit loss, a zero-point bye) is 0; `P` the pairing-allocated bye as the
/// event scores it; `X` an adjourned game as the standings count it while it is open (nothing).
fn scoring_line(t: &Tournament) -> String {
    let (w, d, l) = audit::scoring_points(&t.settings);
    let bye = match t.settings.unplayed.bye {
        ByeValue::Win => w,
        ByeValue::Draw => d,
        ByeValue::Zero => 0.0,
    };
    // The first code at column 6, then every 9 columns.
    let mut line = "162  ".to_string();
    for (code, points) in [
        ('W', w),
        ('D', d),
        ('L', l),
        ('A', 0.0),
        ('P', bye),
        ('X', 0.0),
    ] {
        line.push_str(&format!("{code}{points:>4.1}    "));
    }
    format!("{}\n", line.trim_end())
}

/// The scoring a `162` line gives (`None`: no `W`, `D` and `L` in it).
fn read_scoring(line: &str) -> Option<(f64, f64, f64)> {
    let chars: Vec<char> = line.chars().collect();
    let mut found = BTreeMap::new();
    let mut at = 5;
    while at < chars.len() {
        let value: String = chars[at + 1..(at + 5).min(chars.len())].iter().collect();
        if let Ok(v) = value.trim().replace(',', ".").parse::<f64>() {
            found.insert(chars[at].to_ascii_uppercase(), v);
        }
        at += 9;
    }
    Some((*found.get(&'W')?, *found.get(&'D')?, *found.get(&'L')?))
}

/// `202` (the tie-breaks) and `212` (the standings: `PTS` first), as C.07 codes. A criterion
/// C.07 has no code for is written under this program's own name (`SHMULYAN`): a reader that
/// does not know it says so rather than ranking by something else.
fn tiebreak_lines(t: &Tournament) -> String {
    if t.tiebreaks.is_empty() {
        return "212 PTS\n".to_string();
    }
    let codes: Vec<String> = t
        .tiebreaks
        .iter()
        .map(|tb| {
            tb.c07_in(&t.settings.unplayed)
                .map_or_else(|| tb.id().to_ascii_uppercase(), str::to_string)
        })
        .collect();
    format!("202 {}\n212 PTS,{}\n", codes.join(","), codes.join(","))
}

/// A tie-break of a `202`/`212` list (`PTS` and its like are not one).
fn read_tiebreak(code: &str) -> Option<TieBreak> {
    let code = code.trim();
    TieBreak::ALL.into_iter().find(|tb| {
        tb.c07().is_some_and(|c| c.eq_ignore_ascii_case(code))
            || tb.id().eq_ignore_ascii_case(code)
            || (code.eq_ignore_ascii_case("WON") && *tb == TieBreak::Wins)
    })
}

/// `240`: the byes a player asked for, by kind and round (`F` full point, `H` half point).
fn bye_lines(t: &Tournament, number: &BTreeMap<PlayerId, usize>) -> String {
    let mut out = String::new();
    for r in &t.rounds {
        for (kind, value) in [('F', ByeValue::Win), ('H', ByeValue::Draw)] {
            let ids: Vec<String> = r
                .requested_byes
                .iter()
                .filter(|(_, v)| *v == value)
                .filter_map(|(id, _)| number.get(id))
                .map(|n| format!("{n:>4}"))
                .collect();
            if !ids.is_empty() {
                out.push_str(&format!("240 {kind} {:>3} {}\n", r.number, ids.join(" ")));
            }
        }
    }
    out
}

/// `260`: the pairs that may not meet, in every round of the event.
fn forbidden_lines(t: &Tournament, number: &BTreeMap<PlayerId, usize>) -> String {
    let last = t.settings.rounds_planned.unwrap_or(t.rounds.len()).max(1);
    t.forbidden
        .iter()
        .filter_map(|(a, b)| Some((number.get(a)?, number.get(b)?)))
        .map(|(a, b)| format!("260 {:>3} {last:>3} {a:>4} {b:>4}\n", 1))
        .collect()
}

/// `222`: the time control encoded — periods `moves/seconds+increment` joined by `:`.
pub fn encoded_control(c: &crate::clock::TimeControl) -> String {
    c.periods
        .iter()
        .map(|p| {
            let mut s = String::new();
            if let Some(m) = p.moves {
                s.push_str(&format!("{m}/"));
            }
            s.push_str(&(p.ms / 1000).to_string());
            if p.increment_ms > 0 {
                s.push_str(&format!("+{}", p.increment_ms / 1000));
            }
            s
        })
        .collect::<Vec<_>>()
        .join(":")
}

/// Records an import reads and need not keep: counts, the type in words, the controller,
/// the encoded control (the event keeps `122`), byes (the `001` cells carry them), and what the
/// team reader takes.
const KNOWN: [&str; 27] = [
    "012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132",
    "142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250", "260", "299",
    "001",
];
const KNOWN_OTHER: [&str; 16] = [
    "XXR", "XXC", "XXA", "XXP", "XXS", "XXZ", "013", "310", "320", "330", "300", "352", "362",
    "801", "802", "###",
];

/// An event from TRF-26 (or TRF-16) text, and a warning for each line it could not take in (a
/// record it does not know, a tie-break it does not compute): nothing is dropped silently.
pub fn import(origin: &str, text: &str) -> Result<(Tournament, Vec<String>), TrfError> {
    let mut t = trf16::import(origin, text)?;
    let mut warnings = Vec::new();
    let Deferred {
        start,
        end,
        tiebreaks,
    } = read_records(origin, text, &mut t, &mut warnings)?;
    read_options(&mut t, text);
    if let (Some(a), Some(b)) = (&start, &end) {
        t.settings.dates = if a == b {
            a.clone()
        } else {
            format!("{a} – {b}")
        };
    }
    if let Some((line_no, list)) = tiebreaks {
        t.tiebreaks = read_tiebreaks(origin, line_no, &list, &mut warnings);
    }
    let err = trf16::line_error(origin);
    for id in t.forbidden.iter().flat_map(|(a, b)| [*a, *b]) {
        if t.player(id).is_none() {
            return Err(err(0, format!("260: no player {id}")));
        }
    }
    let rounds = t.rounds.len();
    let recorded = Recorded {
        act: audit::Act::Import,
        round: rounds,
        at: None,
        who: None,
        why: None,
        what: crate::lang::Said::new(
            format!("{origin}: {} players, {rounds} rounds", t.players.len()),
            format!("{origin}: участников {}, туров {rounds}", t.players.len()),
        ),
        undone: false,
        entry: None,
    };
    // An event read back from this program's own export keeps its record as it was (the
    // export of it is the same file); one from another program records that it was imported.
    let ours = trf16::trf_lines(text).any(|l| l.starts_with("182 shashki-arbiter"));
    if !ours {
        t.record.push(recorded);
    }
    Ok((t, warnings))
}

/// What the records give that is settled once all are read: the first and last day, and the
/// tie-break list with its line.
struct Deferred {
    start: Option<String>,
    end: Option<String>,
    tiebreaks: Option<(usize, String)>,
}

/// Reads the TRF-26 records into `t` (arbiters, rounds, colour, scoring, forbidden pairs, the
/// record), with a warning for each it cannot take in.
fn read_records(
    origin: &str,
    text: &str,
    t: &mut Tournament,
    warnings: &mut Vec<String>,
) -> Result<Deferred, TrfError> {
    let err = trf16::line_error(origin);
    let mut found = Deferred {
        start: None,
        end: None,
        tiebreaks: None,
    };
    for (i, line) in trf16::trf_lines(text).enumerate() {
        let line_no = i + 1;
        let code = line.get(..3).unwrap_or("");
        let rest = line.get(4..).unwrap_or("").trim();
        match code {
            "042" => found.start = Some(rest.to_string()),
            "052" => found.end = Some(rest.to_string()),
            "112" if !rest.is_empty() => t.settings.arbiters.push(rest.to_string()),
            "142" if !text.lines().any(|l| l.starts_with("XXR")) => {
                t.settings.rounds_planned = rest.parse().ok()
            }
            "152" => match rest.to_ascii_uppercase().as_str() {
                "W" => t.initial_colour = Some(Color::White),
                "B" => t.initial_colour = Some(Color::Black),
                other => warnings.push(format!(
                    "{origin}:{line_no}: 152: `{other}` is not W or B; not read"
                )),
            },
            "162" => match read_scoring(line) {
                Some((w, d, l)) => {
                    let s = &t.settings;
                    t.settings.scoring = Scoring::of_points(&s.scoring, s.format.games, w, d, l);
                }
                None => warnings.push(format!(
                    "{origin}:{line_no}: 162: no W, D and L points; the event keeps 1-0.5-0"
                )),
            },
            // 212 (the standings' list) wins over 202 (the tie-breaks alone), as FIDE's checker reads them.
            "202" if found.tiebreaks.is_none() => {
                found.tiebreaks = Some((line_no, rest.to_string()))
            }
            "212" => found.tiebreaks = Some((line_no, rest.to_string())),
            "260" => {
                let pairs = forbidden_260(line).map_err(|m| err(line_no, m))?;
                for (a, b) in pairs {
                    if !t.forbidden.contains(&(a, b)) && !t.forbidden.contains(&(b, a)) {
                        t.forbidden.push((a, b));
                    }
                }
            }
            "###" => t.record.extend(Recorded::from_trf(line)),
            "" => {}
            c if KNOWN.contains(&c) || KNOWN_OTHER.contains(&c) => {}
            c => warnings.push(format!(
                "{origin}:{line_no}: record `{c}` is not one this program reads; left out"
            )),
        }
    }
    Ok(found)
}

/// The tie-breaks of a `202` or `212` list (at line `line_no`), with a warning for each this
/// program does not compute.
fn read_tiebreaks(
    origin: &str,
    line_no: usize,
    list: &str,
    warnings: &mut Vec<String>,
) -> Vec<TieBreak> {
    list.split([',', ' '])
        .filter(|c| !c.trim().is_empty() && !c.trim().eq_ignore_ascii_case("PTS"))
        .filter_map(|c| {
            let tb = read_tiebreak(c);
            if tb.is_none() {
                warnings.push(format!(
                    "{origin}:{line_no}: tie-break `{}` is not one this program computes; left out",
                    c.trim()
                ));
            }
            tb
        })
        .collect()
}

/// A `260` line's pairs: the players at columns 13–16, 18–21 … may not meet one another.
fn forbidden_260(line: &str) -> Result<Vec<(PlayerId, PlayerId)>, String> {
    let ids: Vec<PlayerId> = line
        .get(12..)
        .unwrap_or("")
        .split_whitespace()
        .map(|w| {
            w.parse::<u32>()
                .map(PlayerId)
                .map_err(|_| format!("260: `{w}` is not a player's number"))
        })
        .collect::<Result<_, _>>()?;
    let mut pairs = Vec::new();
    for (i, a) in ids.iter().enumerate() {
        for b in &ids[i + 1..] {
            pairs.push((*a, *b));
        }
    }
    Ok(pairs)
}

/// A `001` line whose points or rank are not what the games give under the file's scoring
/// (`162`) and tie-breaks (`212`, or `202`).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Differs {
    /// The file's line, counted from 1.
    pub line: usize,
    /// The player's starting rank.
    pub player: usize,
    /// `points` or `rank`.
    pub field: &'static str,
    pub in_file: String,
    /// What the games give: the points, or the places a rank may take (`8-9` for a tie).
    pub computed: String,
}

impl std::fmt::Display for Differs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "line {}: player {}: {} {} in the file, {} from the games",
            self.line, self.player, self.field, self.in_file, self.computed
        )
    }
}

/// The standings a TRF states, checked: each `001` line's points against its games under
/// `162`'s scoring, and — where the file names its tie-breaks (`212` or `202`) — its rank
/// against the place they give (a tied player may have any rank of the places he shares).
/// Returns every line that differs, in file order (the first is the one to name).
pub fn check_standings(origin: &str, text: &str) -> Result<Vec<Differs>, TrfError> {
    let (t, _) = import(origin, text)?;
    let lines = standings::compute(&t, None);
    let by_number: BTreeMap<usize, &standings::Line> =
        lines.iter().filter_map(|l| Some((l.number?, l))).collect();
    let ranked = trf16::trf_lines(text).any(|l| l.starts_with("212") || l.starts_with("202"));
    let placed = lines.iter().filter(|l| !l.expelled).count();
    let mut out = Vec::new();
    for (i, line) in trf16::trf_lines(text).enumerate() {
        if !line.starts_with("001") {
            continue;
        }
        let field = |a: usize, b: usize| line.get(a - 1..b.min(line.len())).unwrap_or("").trim();
        let Ok(number) = field(5, 8).parse::<usize>() else {
            continue;
        };
        let Some(l) = by_number.get(&number) else {
            continue;
        };
        let differs = |field: &'static str, in_file: &str, computed: String| Differs {
            line: i + 1,
            player: number,
            field,
            in_file: in_file.to_string(),
            computed,
        };
        let points = l.points + crate::tournament::team::trf::pab_points(&t, l.id);
        match field(81, 84).replace(',', ".").parse::<f64>() {
            Ok(p) if (p - points).abs() < 1e-6 => {}
            _ => out.push(differs("points", field(81, 84), format!("{points:.1}"))),
        }
        let rank_text = field(86, 89);
        if !ranked || rank_text.is_empty() {
            continue;
        }
        let (low, high) = match l.places() {
            Some(p) if !l.expelled => (*p.start(), *p.end()),
            _ => (placed + 1, lines.len()),
        };
        let fits = rank_text
            .parse::<usize>()
            .is_ok_and(|r| (low..=high).contains(&r));
        if !fits {
            let computed = if low == high {
                low.to_string()
            } else {
                format!("{low}-{high}")
            };
            out.push(differs("rank", rank_text, computed));
        }
    }
    Ok(out)
}
