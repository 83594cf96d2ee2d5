//! The FIDE Swiss Team Pairing System, C.04.6 (approved 28/10/2025, applied from 1 February
//! 2026), written from its text. A team is the participant; the process is art. 3.3.2: the
//! pairing-allocated bye first (art. 3.4), then, while teams are left, the top scoregroup with
//! the set of upfloaters art. 3.5 chooses is a bracket, paired by art. 3.6; the colours last
//! (art. 4). There are no downfloaters and no colour ever keeps two teams apart (Preface).
//!
//! The input is neutral (scores in units, colour sequences, flags), built from an event by
//! [`super::swiss_input`].

pub mod audit;
mod bracket;
mod colour;
pub mod input;
pub mod matching;
pub mod propose;

use serde::{Deserialize, Serialize};

use crate::rules::Color;
pub use colour::{preference, ColourRule, Preference};

/// The colour preferences of art. 1.7.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColourType {
    /// Art. 1.7.1, the default: one strength.
    #[default]
    TypeA,
    /// Art. 1.7.2: strong and mild.
    TypeB,
    /// No colour preferences at all (every board plays both colours: micromatches).
    None,
}

/// One team to be paired this round.
#[derive(Clone, Debug, PartialEq)]
pub struct Team {
    /// The tournament pairing number (art. 1.1), 1 the first.
    pub tpn: usize,
    /// The pairing score in units: the primary score, plus an acceleration's virtual points.
    pub score: i64,
    /// The primary and the secondary score as the standings count them (art. 4.2).
    pub primary: i64,
    pub secondary: i64,
    /// The team's colour in each match actually played, in order (art. 1.6.1).
    pub colours: Vec<Color>,
    /// Played an opponent with a different score in the previous round (art. 1.5).
    pub floated: bool,
    /// Had the pairing-allocated bye or won a match by forfeit: never the bye again ([C2]).
    pub pab_barred: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Input {
    pub teams: Vec<Team>,
    /// Pairs (by index into `teams`) that may not meet: they met before ([C1]) or the
    /// regulation keeps them apart.
    pub met: Vec<(usize, usize)>,
    pub round: usize,
    /// The rounds the event has ([C7] and [C10] stop in the last two, type B in the last).
    pub rounds: usize,
    pub colour_type: ColourType,
    /// Art. 1.2: whether the secondary score decides the first-team (art. 4.2.2).
    pub secondary_used: bool,
    /// The initial-colour drawn by lot (art. 4.1).
    pub initial: Color,
}

impl Input {
    fn meets(&self) -> Vec<Vec<bool>> {
        let n = self.teams.len();
        let mut ok = vec![vec![true; n]; n];
        for (i, row) in ok.iter_mut().enumerate() {
            row[i] = false;
        }
        for &(a, b) in &self.met {
            ok[a][b] = false;
            ok[b][a] = false;
        }
        ok
    }

    /// [C7] and [C10] apply except in the last two rounds.
    fn floats_count(&self) -> bool {
        self.round + 2 <= self.rounds
    }
}

/// One bracket as it was paired, for the reasons.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bracket {
    pub score: i64,
    /// Teams of the top scoregroup (indices), and the upfloaters art. 3.5 chose for them.
    pub residents: Vec<usize>,
    pub upfloaters: Vec<usize>,
    /// [C6] complied with; [C7]: upfloaters that floated in the previous round.
    pub c6: bool,
    pub c7: usize,
    /// [C8] teams whose colour preference is not met, [C9] strong ones, [C10] upfloaters'
    /// opponents that floated in the previous round.
    pub c8: usize,
    pub c9: usize,
    pub c10: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Pair {
    pub white: usize,
    pub black: usize,
    pub rule: ColourRule,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Output {
    /// In board order (art. 3.6 of the General Handling Rules): higher score first.
    pub pairs: Vec<Pair>,
    pub pab: Option<usize>,
    pub brackets: Vec<Bracket>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
pub enum SwissError {
    /// Art. 3.3.3: the Chief Arbiter decides.
    #[error("no team can take the pairing-allocated bye and leave the others a legal pairing")]
    NoPab,
    #[error("the teams cannot all be paired without two of them meeting again")]
    NoPairing,
}

/// The pairing of the round (art. 3.3.2).
pub fn pair(input: &Input) -> Result<Output, SwissError> {
    let ok = input.meets();
    let mut left: Vec<usize> = (0..input.teams.len()).collect();
    if !matching::perfect_of(&left, &ok) && left.len().is_multiple_of(2) {
        return Err(SwissError::NoPairing);
    }
    let pab = if left.len() % 2 == 1 {
        let p = choose_pab(input, &left, &ok).ok_or(SwissError::NoPab)?;
        left.retain(|&i| i != p);
        Some(p)
    } else {
        None
    };
    let levels = score_levels(input);
    let mut brackets = Vec::new();
    let mut pairs = Vec::new();
    while !left.is_empty() {
        let (b, paired) = bracket::pair_next(input, &ok, &left, &levels)?;
        left.retain(|i| !b.residents.contains(i) && !b.upfloaters.contains(i));
        pairs.extend(paired);
        brackets.push(b);
    }
    let mut pairs: Vec<Pair> = pairs
        .into_iter()
        .map(|(a, b)| colour::allocate(input, a, b))
        .collect();
    board_order(input, &mut pairs);
    Ok(Output {
        pairs,
        pab,
        brackets,
    })
}

/// Art. 3.4: the first team, by lowest score, most matches played, largest TPN, that may have
/// the bye ([C2]) and leaves the others a legal pairing (3.4.1).
fn choose_pab(input: &Input, left: &[usize], ok: &[Vec<bool>]) -> Option<usize> {
    let mut candidates: Vec<usize> = left
        .iter()
        .copied()
        .filter(|&i| !input.teams[i].pab_barred)
        .collect();
    candidates.sort_by_key(|&i| {
        let t = &input.teams[i];
        (
            t.score,
            std::cmp::Reverse(t.colours.len()),
            std::cmp::Reverse(t.tpn),
        )
    });
    candidates.into_iter().find(|&p| {
        let rest: Vec<usize> = left.iter().copied().filter(|&i| i != p).collect();
        matching::perfect_of(&rest, ok)
    })
}

/// The scores of the teams paired this round, highest first: a scoregroup's "following" one
/// ([C6]) is the next of these, the bye's team counted.
fn score_levels(input: &Input) -> Vec<i64> {
    let mut s: Vec<i64> = input.teams.iter().map(|t| t.score).collect();
    s.sort_unstable_by(|a, b| b.cmp(a));
    s.dedup();
    s
}

/// Boards: the higher score of the pair, then the sum, then the smaller TPN (General Handling
/// Rules art. 3.6, as the Dutch system orders its games).
fn board_order(input: &Input, pairs: &mut [Pair]) {
    let t = &input.teams;
    pairs.sort_by_key(|p| {
        let (a, b) = (&t[p.white], &t[p.black]);
        (
            std::cmp::Reverse(a.score.max(b.score)),
            std::cmp::Reverse(a.score + b.score),
            a.tpn.min(b.tpn),
        )
    });
}
