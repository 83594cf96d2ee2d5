//! Rounds without a game over the board in the opponent-based criteria, as the 2026 edition of
//! FIDE's tie-break regulations (C.07, in force from 1 March 2026, Art. 16) counts them: the
//! `fide_c07` setting. Where the text leaves a detail open, the FIDE Technical Commission's own
//! checker (gacrux 1.11.65) was read for its meaning; README ("Standings") says what each rule
//! does in words.

use std::collections::BTreeMap;

use super::{PlayerId, RoundLine};

/// A round of an entrant's — a player's or a team's — as Art. 16 reads it.
pub(crate) trait Counted {
    type Id: Ord + Copy;
    fn round(&self) -> usize;
    fn opponent(&self) -> Option<Self::Id>;
    /// Counted as met: a game over the board, or a pairing still to be played.
    fn over_board(&self) -> bool;
    /// Art. 16.2's voluntarily unplayed round (a forfeit loss, a requested or absent bye).
    fn voluntarily_unplayed(&self) -> bool;
    /// What the round weighs in Sonneborn-Berger: the player's share of the pairing's points,
    /// the team's match points.
    fn result(&self) -> f64;
}

impl Counted for RoundLine {
    type Id = PlayerId;
    fn round(&self) -> usize {
        self.round
    }
    fn opponent(&self) -> Option<PlayerId> {
        self.opponent
    }
    fn over_board(&self) -> bool {
        self.played || !self.scored
    }
    fn voluntarily_unplayed(&self) -> bool {
        RoundLine::voluntarily_unplayed(self)
    }
    fn result(&self) -> f64 {
        self.score / self.max
    }
}

/// One round of a player's in Buchholz, Sonneborn-Berger and their cuts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Contribution {
    /// The opponent's points as the criteria count them, or the dummy opponent's.
    pub score: f64,
    /// The player's share of the round's points: 1, ½, 0 (¾ for 1.5 of a two-game micromatch).
    pub result: f64,
    /// A voluntarily unplayed round: a cut takes it before any game.
    pub voluntary: bool,
}

/// What the rule reads of the event.
pub(crate) struct Event<'a, L: Counted> {
    pub lines: &'a BTreeMap<L::Id, Vec<L>>,
    /// Each entrant's points, the primary score.
    pub points: &'a BTreeMap<L::Id, f64>,
    /// The round numbers counted, in order.
    pub rounds: &'a [usize],
    /// A round robin: every game was paired in advance, so an unplayed one counts as played
    /// against its real opponent, and a round without an opponent adds nothing.
    pub predetermined: bool,
    /// A draw in the primary score.
    pub draw: f64,
    /// A round's points in the primary score.
    pub primary: &'a dyn Fn(&L) -> f64,
}

impl<L: Counted> Event<'_, L> {
    /// Each entrant's rounds in the opponent-based criteria.
    pub fn contributions(&self) -> BTreeMap<L::Id, Vec<Contribution>> {
        let adjusted: BTreeMap<L::Id, f64> = self
            .lines
            .iter()
            .map(|(&id, ls)| (id, self.adjusted(ls)))
            .collect();
        self.lines
            .iter()
            .map(|(&id, ls)| (id, self.rounds_of(id, ls, &adjusted)))
            .collect()
    }

    /// A player's points as his opponents' criteria count them: the rounds he missed of his
    /// own will after his last round with a game, a pairing-allocated bye or an unplayed win
    /// (he withdrew, or stayed away to the end) count as draws, so that leaving early neither
    /// helps nor harms those he met (Art. 16.3). A round robin counts what he scored.
    fn adjusted(&self, ls: &[L]) -> f64 {
        let last_present = ls
            .iter()
            .filter(|l| !l.voluntarily_unplayed())
            .map(|l| l.round())
            .max()
            .unwrap_or(0);
        let missed = if self.predetermined { 0.0 } else { self.draw };
        self.rounds
            .iter()
            .map(|&r| match ls.iter().find(|l| l.round() == r) {
                Some(l) if r <= last_present || l.opponent().is_some() => (self.primary)(l),
                None if r <= last_present => 0.0,
                _ => missed,
            })
            .sum()
    }

    /// A player's counted rounds: a game against its opponent's adjusted points; a round
    /// without a game against a dummy opponent with the player's own points, never more than
    /// the opponent's adjusted points when he had one (a forfeit, Art. 16.4.1) nor than a draw
    /// in every round when he had none (Art. 16.4.2).
    fn rounds_of(&self, id: L::Id, ls: &[L], adjusted: &BTreeMap<L::Id, f64>) -> Vec<Contribution> {
        let own = self.points[&id];
        let whole = self.draw * self.rounds.len() as f64;
        self.rounds
            .iter()
            .filter_map(|&r| {
                let line = ls.iter().find(|l| l.round() == r);
                let result = line.map_or(0.0, L::result);
                let voluntary = line.is_none_or(L::voluntarily_unplayed);
                let opponent = line.and_then(L::opponent);
                let over_board = line.is_some_and(L::over_board);
                match opponent {
                    Some(o) if over_board || self.predetermined => Some(Contribution {
                        score: adjusted[&o],
                        result,
                        voluntary: false,
                    }),
                    _ if self.predetermined => None,
                    Some(o) => Some(Contribution {
                        score: own.min(adjusted[&o]),
                        result,
                        voluntary,
                    }),
                    None => Some(Contribution {
                        score: own.min(whole),
                        result,
                        voluntary,
                    }),
                }
            })
            .collect()
    }
}

/// The sum of the contributions' `value`s after cutting the `low` least and the `high` most
/// significant (by the opponent's score). A voluntarily unplayed round is the first to go in a
/// low cut — unless it is worth less than the game with the lowest opponent, which then goes
/// (so that the cut never favours a round not played).
pub(super) fn cut_sum(
    rounds: &[Contribution],
    low: usize,
    high: usize,
    value: impl Fn(&Contribution) -> f64,
) -> f64 {
    let mut left: Vec<Contribution> = rounds.to_vec();
    let by_score = |a: &Contribution, b: &Contribution| {
        a.score
            .total_cmp(&b.score)
            .then(value(a).total_cmp(&value(b)))
    };
    for _ in 0..low {
        let Some(lowest) = (0..left.len()).min_by(|&i, &j| by_score(&left[i], &left[j])) else {
            break;
        };
        let voluntary = (0..left.len())
            .filter(|&i| left[i].voluntary)
            .min_by(|&i, &j| {
                value(&left[i])
                    .total_cmp(&value(&left[j]))
                    .then(left[i].score.total_cmp(&left[j].score))
            });
        let gone = match voluntary {
            Some(v) if value(&left[lowest]) <= value(&left[v]) => v,
            _ => lowest,
        };
        left.remove(gone);
    }
    for _ in 0..high {
        let Some(highest) = (0..left.len()).max_by(|&i, &j| by_score(&left[i], &left[j])) else {
            break;
        };
        left.remove(highest);
    }
    left.iter().map(value).sum()
}
