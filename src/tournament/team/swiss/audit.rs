//! The checker and the generator of C.04.A for a team Swiss: every round of a TRF file re-paired
//! by C.04.6 from the rounds before it, and random events paired round by round by this program
//! (which the checker, ours or FIDE's, must accept).

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;

use super::input::{for_round, initial_colour};
use crate::rules::Color;
use crate::tournament::model::System;
use crate::tournament::swiss::audit::{Difference, Pairing, RoundCheck};
use crate::tournament::swiss::trf::TrfError;
use crate::tournament::team::TeamId;

/// Re-pairs every round of a team Swiss file (TRF-16 `013` or TRF-26 `310`) from the rounds
/// before it; pairs and byes by team number (TPN).
pub fn check(origin: &str, text: &str) -> Result<Vec<RoundCheck>, TrfError> {
    let t = crate::tournament::team::trf::import(origin, text)?;
    if t.settings.system != System::Swiss {
        return Err(TrfError::Line {
            origin: origin.to_string(),
            line: 0,
            message: "a team round robin: its pairings are the Berger tables, not C.04.6".into(),
        });
    }
    let initial = t
        .initial_colour
        .or_else(|| initial_colour(&t))
        .unwrap_or(Color::White);
    let mut out = Vec::new();
    for r in &t.rounds {
        let mut cut = t.clone();
        cut.rounds.retain(|x| x.number < r.number);
        cut.initial_colour = Some(initial);
        // A file without a pairing-allocated bye (no `U`) has no way to write one: a team
        // without a match there stayed away.
        let with_pab = t.settings.teams.as_ref().is_some_and(|s| s.pab.is_some());
        let mut absent = r.team_absent.clone();
        if !with_pab {
            absent.extend(&r.team_byes);
        }
        let (input, ids) = for_round(&cut, r.number, &absent, initial);
        let in_file = Pairing {
            pairs: sorted(
                r.matches
                    .iter()
                    .map(|m| (t.team_number(m.home), t.team_number(m.away))),
            ),
            bye: r
                .team_byes
                .first()
                .filter(|_| with_pab)
                .map(|&b| t.team_number(b)),
        };
        let (ours, unpaired) = match super::pair(&input) {
            Ok(o) => (
                Pairing {
                    pairs: sorted(o.pairs.iter().map(|p| p.tpns(&input))),
                    bye: o.pab.map(|b| input.teams[b].tpn),
                },
                Vec::new(),
            ),
            Err(_) => (
                Pairing {
                    pairs: Vec::new(),
                    bye: None,
                },
                ids.iter().map(|&id| t.team_number(id)).collect(),
            ),
        };
        let unordered = |p: &Pairing| sorted(p.pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))));
        let difference = if in_file.bye != ours.bye {
            Some(Difference::Bye)
        } else if unordered(&in_file) != unordered(&ours) {
            Some(Difference::Pairs)
        } else if in_file.pairs != ours.pairs {
            Some(Difference::Colours)
        } else {
            None
        };
        out.push(RoundCheck {
            round: r.number,
            in_file,
            dutch: ours,
            difference,
            unpaired,
        });
    }
    Ok(out)
}

fn sorted(pairs: impl Iterator<Item = (usize, usize)>) -> Vec<(usize, usize)> {
    let mut v: Vec<_> = pairs.collect();
    v.sort_unstable();
    v
}

/// How a generated team event plays.
#[derive(Clone, Debug)]
pub struct Generate {
    pub teams: usize,
    pub boards: usize,
    pub rounds: usize,
    pub seed: u64,
    /// Per cent of games drawn.
    pub draws: u32,
    /// Per cent of matches lost by forfeit (the away team does not come).
    pub forfeits: u32,
}

/// A random team Swiss paired round by round by C.04.6, as TRF-26 text (`310` teams, `192`,
/// `142`, `152`, the pairing-allocated bye as each of its players' `U`).
pub fn generate(g: &Generate) -> Result<String, TrfError> {
    let mut rng = ChaCha20Rng::seed_from_u64(g.seed);
    let mut pct = |p: u32| (rng.next_u32() % 100) < p;
    let initial = if g.seed.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    let n = g.teams * g.boards;
    let ratings: Vec<u32> = (0..n)
        .map(|i| 2500u32.saturating_sub((i * 900 / n.max(1)) as u32))
        .collect();
    // cells[player][round]: (opponent, colour, result) as written.
    let mut cells: Vec<Vec<String>> = vec![Vec::new(); n];
    let player = |team: usize, board: usize| team * g.boards + board;
    let mut text = render(g, initial, &ratings, &cells);
    for round in 1..=g.rounds {
        let t = crate::tournament::team::trf::import("generated", &text)?;
        let (input, ids) = for_round(&t, round, &[], initial);
        let Ok(out) = super::pair(&input) else {
            break; // art. 3.3.3: an arbiter's decision, not a generator's
        };
        let index = |id: TeamId| t.team_number(id) - 1;
        for p in &out.pairs {
            let (home, away) = (index(ids[p.white]), index(ids[p.black]));
            let forfeit = pct(g.forfeits);
            for k in 0..g.boards {
                let (w, b) = if k % 2 == 0 {
                    (player(home, k), player(away, k))
                } else {
                    (player(away, k), player(home, k))
                };
                let (rw, rb) = if forfeit {
                    if k % 2 == 0 {
                        ('+', '-')
                    } else {
                        ('-', '+')
                    }
                } else if pct(g.draws) {
                    ('=', '=')
                } else if pct(55) {
                    ('1', '0')
                } else {
                    ('0', '1')
                };
                cells[w].push(format!("{:>4} w {rw}", b + 1));
                cells[b].push(format!("{:>4} b {rb}", w + 1));
            }
        }
        if let Some(b) = out.pab {
            let team = index(ids[b]);
            for k in 0..g.boards {
                cells[player(team, k)].push("0000 - U".into());
            }
        }
        text = render(g, initial, &ratings, &cells);
    }
    Ok(text)
}

/// The file of the rounds played so far.
fn render(g: &Generate, initial: Color, ratings: &[u32], cells: &[Vec<String>]) -> String {
    let mut out = format!(
        "012 Generated team Swiss {}\nXXR {}\n142 {}\n152 {}\n192 FIDE_TEAM_TYPEA_MP_GP\n352 {}\n",
        g.seed,
        g.rounds,
        g.rounds,
        if initial == Color::White { "W" } else { "B" },
        (0..g.boards)
            .map(|k| if k % 2 == 0 { 'W' } else { 'B' })
            .collect::<String>()
    );
    let value = |c: &str| match c.chars().last() {
        Some('1' | '+' | 'U') => 1.0,
        Some('=') => 0.5,
        _ => 0.0,
    };
    for (i, rating) in ratings.iter().enumerate() {
        let team = i / g.boards + 1;
        let name = format!("Team{team:03}, Player{:04}", i + 1);
        let total: f64 = cells[i].iter().map(|c| value(c)).sum();
        let mut line = format!("001 {:>4}      {name:<33} {rating:>4}", i + 1);
        line = format!("{line:<80}{total:>4.1} {:>4}", i + 1);
        line = format!("{line:<91}");
        for c in &cells[i] {
            line.push_str(c);
            line.push_str("  ");
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    for team in 0..g.teams {
        let name = format!("Team{:03}", team + 1);
        let players: Vec<String> = (0..g.boards)
            .map(|k| format!("{:>4}", team * g.boards + k + 1))
            .collect();
        out.push_str(&format!(
            "310 {:>3} {name:<32} {:<5} {:>6} {:>6.1} {:>6.1} {:>3}  {}",
            team + 1,
            format!("T{:03}", team + 1),
            "",
            0.0,
            0.0,
            0,
            players.join(" ")
        ));
        out.push('\n');
    }
    out
}
