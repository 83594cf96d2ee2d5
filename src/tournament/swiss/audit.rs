//! The two tools FIDE asks of an endorsed pairing program (C.04.A): a checker that re-pairs
//! every round of a TRF file from the rounds before it and names the rounds where the file's
//! pairing differs, and a generator of random events paired round by round by this program.
//! Each tests the other: every generated event must pass the check.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;

use super::dutch;
use super::trf::{before_round, cells_of, pairing_input, result_points, trf_lines, TrfError};
use crate::rules::Color;

/// One round of a file as paired there: pairs (White, Black) and the bye, by starting rank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub pairs: Vec<(usize, usize)>,
    pub bye: Option<usize>,
}

/// What differs first in a round, in the order the criteria decide: who has the bye, then who
/// meets whom, then the colours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Difference {
    Bye,
    Pairs,
    Colours,
}

impl std::fmt::Display for Difference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Difference::Bye => "the pairing-allocated bye",
            Difference::Pairs => "who meets whom",
            Difference::Colours => "the colours",
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundCheck {
    pub round: usize,
    pub in_file: Pairing,
    pub dutch: Pairing,
    /// `None` when the file has the Dutch pairing.
    pub difference: Option<Difference>,
    /// Starting ranks the Dutch pairing leaves without an opponent: no pairing of every player
    /// meets the absolute criteria (the pairs shown are then partial).
    pub unpaired: Vec<usize>,
}

/// The pairing of round `round` as the file records it: every cell with an opponent (games and
/// forfeits) by its White, and the `U` cell.
fn recorded(text: &str, round: usize) -> Pairing {
    let mut pairs = Vec::new();
    let mut bye = None;
    for line in trf_lines(text).filter(|l| l.starts_with("001")) {
        let Ok(rank) = line.get(4..8).unwrap_or("").trim().parse::<usize>() else {
            continue;
        };
        let Some(c) = cells_of(line).get(round - 1).copied() else {
            continue;
        };
        let opp: String = c[..4].iter().collect();
        let opp = opp.trim();
        if c[5].eq_ignore_ascii_case(&'U') || (opp == "0000" && c[5] == '+') {
            bye = Some(rank);
        } else if let Ok(o) = opp.parse::<usize>() {
            if o != 0 && c[4].eq_ignore_ascii_case(&'w') {
                pairs.push((rank, o));
            }
        }
    }
    pairs.sort_unstable();
    Pairing { pairs, bye }
}

/// The number of rounds the file records (the longest player line).
pub fn rounds_in(text: &str) -> usize {
    trf_lines(text)
        .filter(|l| l.starts_with("001"))
        .map(|l| {
            cells_of(l)
                .iter()
                .rposition(|c| c.iter().any(|&ch| ch != ' '))
                .map_or(0, |i| i + 1)
        })
        .max()
        .unwrap_or(0)
}

/// Re-pairs every round of the file from the rounds before it.
pub fn check(origin: &str, text: &str) -> Result<Vec<RoundCheck>, TrfError> {
    // Each round is re-paired from a cut of the file: the whole file's two sides must agree first.
    super::trf::agreement(origin, text)?;
    let mut out = Vec::new();
    for round in 1..=rounds_in(text) {
        let cut = before_round(text, round);
        let (input, ranks) = pairing_input(origin, &cut)?;
        let result = dutch::pair(&input);
        let mut pairs: Vec<(usize, usize)> = result
            .pairs
            .iter()
            .map(|p| (ranks[p.white], ranks[p.black]))
            .collect();
        pairs.sort_unstable();
        let dutch = Pairing {
            pairs,
            bye: result.bye.map(|b| ranks[b]),
        };
        let in_file = recorded(text, round);
        let unordered = |p: &Pairing| {
            let mut v: Vec<(usize, usize)> =
                p.pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
            v.sort_unstable();
            v
        };
        let difference = if in_file.bye != dutch.bye {
            Some(Difference::Bye)
        } else if unordered(&in_file) != unordered(&dutch) {
            Some(Difference::Pairs)
        } else if in_file.pairs != dutch.pairs {
            Some(Difference::Colours)
        } else {
            None
        };
        out.push(RoundCheck {
            round,
            in_file,
            dutch,
            difference,
            unpaired: result.unpaired.iter().map(|&u| ranks[u]).collect(),
        });
    }
    Ok(out)
}

/// How a generated event plays.
#[derive(Clone, Debug)]
pub struct Generate {
    pub players: usize,
    pub rounds: usize,
    pub seed: u64,
    /// Per cent of games drawn.
    pub draws: u32,
    /// Per cent of pairings decided by forfeit.
    pub forfeits: u32,
    /// Per cent of players who take a half-point bye in a round.
    pub half_byes: u32,
    /// Byes and forfeits of every kind: among the byes asked for, full-point (one in four) and
    /// zero-point (one in eight) ones; among the forfeits, double forfeits (one in three).
    pub every_kind: bool,
}

/// A random event paired round by round by this program, as TRF-16 text.
pub fn generate(g: &Generate) -> String {
    let mut rng = ChaCha20Rng::seed_from_u64(g.seed);
    let mut pct = |p: u32| (rng.next_u32() % 100) < p;
    let n = g.players;
    // Ratings from the top down, so the starting rank is the rating order.
    let ratings: Vec<u32> = (0..n)
        .map(|i| 2600u32.saturating_sub((i * 1000 / n.max(1)) as u32))
        .collect();
    let initial = if g.seed.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    let mut cells: Vec<Vec<String>> = vec![Vec::new(); n];
    let mut text = render(g, initial, &ratings, &cells);
    for _ in 0..g.rounds {
        // Who asks for a half-point bye this round.
        let resting: Vec<bool> = (0..n)
            .map(|_| g.half_byes > 0 && pct(g.half_byes))
            .collect();
        for (i, r) in resting.iter().enumerate() {
            if *r {
                let kind = match g.every_kind {
                    true if pct(25) => 'F',
                    true if pct(15) => 'Z',
                    _ => 'H',
                };
                cells[i].push(format!("0000 - {kind}"));
            }
        }
        text = render(g, initial, &ratings, &cells);
        let Ok((input, ranks)) = pairing_input("generated", &text) else {
            break;
        };
        let result = dutch::pair(&input);
        if !result.unpaired.is_empty() {
            // No legal pairing: the event ends here, as an arbiter's would need a decision.
            for (i, r) in resting.iter().enumerate() {
                if *r {
                    cells[i].pop();
                }
            }
            text = render(g, initial, &ratings, &cells);
            break;
        }
        for p in &result.pairs {
            let (w, b) = (ranks[p.white] - 1, ranks[p.black] - 1);
            let (cw, cb) = if pct(g.forfeits) {
                if g.every_kind && pct(33) {
                    ('-', '-')
                } else if pct(50) {
                    ('+', '-')
                } else {
                    ('-', '+')
                }
            } else if pct(g.draws) {
                ('=', '=')
            } else {
                // The higher-rated wins three games in four.
                let stronger_white = ratings[w] >= ratings[b];
                if pct(75) == stronger_white {
                    ('1', '0')
                } else {
                    ('0', '1')
                }
            };
            cells[w].push(format!("{:>4} w {cw}", b + 1));
            cells[b].push(format!("{:>4} b {cb}", w + 1));
        }
        if let Some(b) = result.bye {
            cells[ranks[b] - 1].push("0000 - U".into());
        }
        text = render(g, initial, &ratings, &cells);
    }
    text
}

/// [`generate`] as TRF-2026: the same event read in and written with a tie-break list drawn
/// from the seed (`212`), the unplayed rounds counted as FIDE C.07 counts them, so that FIDE's
/// tie-break checker and `trf check` read the same standings.
pub fn generate_trf26(g: &Generate) -> Result<String, super::trf::TrfError> {
    use crate::tournament::model::{TieBreak, UnplayedInCoefficients};
    // An event that stops early (no legal pairing left) is made again as an event of the
    // rounds it played: the same rounds up to its last, which is then paired as the last (its
    // topscorers' colour rule), so that rounds planned and played agree for every checker.
    let mut g = g.clone();
    let (mut t, _) = loop {
        let text = generate(&g);
        let (t, w) = super::trf26::import("generated", &text)?;
        if t.rounds.len() >= g.rounds || t.rounds.is_empty() {
            break (t, w);
        }
        g.rounds = t.rounds.len();
    };
    let mut rng = ChaCha20Rng::seed_from_u64(g.seed ^ 0x5EED_7B26);
    let mut pool = vec![
        TieBreak::BuchholzCut1,
        TieBreak::Buchholz,
        TieBreak::SonnebornBerger,
        TieBreak::Wins,
        TieBreak::BuchholzMedian,
        TieBreak::Progressive,
        TieBreak::AverageRatingOpponents,
        TieBreak::WinsBlack,
        TieBreak::Koya,
        // Not head-to-head: ours is the mini-league of the tied players who met (the draughts
        // regulations' «личная встреча»), C.07's DE only where all of them met, so FIDE's
        // checker ranks a tie of three partly met otherwise (docs/audit.md).
    ];
    // A random order of a random few (Fisher–Yates from the seed).
    for i in (1..pool.len()).rev() {
        let j = (rng.next_u32() as usize) % (i + 1);
        pool.swap(i, j);
    }
    pool.truncate(2 + (rng.next_u32() as usize) % 4);
    t.tiebreaks = pool;
    t.settings.unplayed.in_coefficients = UnplayedInCoefficients::FideC07;
    t.settings.rounds_planned = Some(g.rounds);
    // The import's own line is left out: the file is this program's.
    t.record.clear();
    Ok(super::trf26::export(&t))
}

fn points_of(cells: &[String]) -> u32 {
    cells
        .iter()
        .map(|c| result_points(c.chars().nth(7).unwrap_or(' ')).unwrap_or(0))
        .sum()
}

fn render(g: &Generate, initial: Color, ratings: &[u32], cells: &[Vec<String>]) -> String {
    let mut out = format!(
        "012 Generated event {} ({} players, seed {})\nXXR {}\nXXC {}\n",
        g.seed,
        g.players,
        g.seed,
        g.rounds,
        if initial == Color::White {
            "white1"
        } else {
            "black1"
        }
    );
    for (i, c) in cells.iter().enumerate() {
        let points = points_of(c);
        let head = format!(
            "001 {:>4}      {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
            i + 1,
            format!("Player{:04}, Test", i + 1),
            ratings[i],
            "",
            "",
            "",
            format!("{}.{}", points / 10, points % 10),
            i + 1
        );
        let mut line = format!("{head:<91}");
        line.push_str(&c.join("  "));
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
