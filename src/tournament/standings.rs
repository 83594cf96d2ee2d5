//! Standings: points, then the tournament's tie-breaks in order. Every criterion is documented in
//! README ("Standings") with its formula; the code follows those words.

use std::collections::BTreeMap;

use serde::Serialize;

use super::model::{
    ByeValue, MatchPoints, PlayerId, Round, TieBreak, Tournament, UnplayedInCoefficients,
};
use crate::rules::Color;

/// One player's round, as the standings count it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoundLine {
    pub round: usize,
    pub opponent: Option<PlayerId>,
    /// The player's colour in game 1.
    pub colour: Option<Color>,
    /// Points from the pairing (the micromatch sums its games), in the tournament's scoring.
    pub score: f64,
    #[serde(skip)]
    max: f64,
    /// At least one game was played over the board.
    #[serde(skip)]
    played: bool,
    #[serde(skip)]
    wins: u32,
    #[serde(skip)]
    wins_black: u32,
    #[serde(skip)]
    forfeit_wins: u32,
    /// Counted in points (a scored pairing or a bye), even if not complete.
    #[serde(skip)]
    scored: bool,
    /// A tied micromatch decided by extra micromatches: `Some(true)` if this player won them.
    #[serde(skip)]
    extra_won: Option<bool>,
}

impl RoundLine {
    /// The round's score, or `None` while its result is still to come.
    pub fn score_if_scored(&self) -> Option<f64> {
        self.scored.then_some(self.score)
    }

    /// Won, drawn or lost (more, half or less than half the pairing's points; a tied micromatch
    /// decided by extra micromatches counts as their result), or `None` before a result.
    pub fn outcome(&self) -> Option<std::cmp::Ordering> {
        if !self.scored {
            return None;
        }
        Some(match self.extra_won {
            Some(true) => std::cmp::Ordering::Greater,
            Some(false) => std::cmp::Ordering::Less,
            None => (self.score * 2.0).total_cmp(&self.max),
        })
    }

    /// A pairing whose games all went without play (forfeits).
    pub fn forfeit(&self) -> bool {
        self.opponent.is_some() && self.scored && !self.played
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Line {
    /// `3` or, for players still tied after every criterion, `3-4`.
    pub place: String,
    pub number: Option<usize>,
    pub id: PlayerId,
    pub name: String,
    pub points: f64,
    /// In the tournament's order; `None` where a criterion does not apply (head-to-head outside a
    /// tie, no rated opponents).
    pub tiebreaks: Vec<(TieBreak, Option<f64>)>,
    pub rounds: Vec<RoundLine>,
    /// The player withdrew after this round, one of those counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub withdrawn_after: Option<usize>,
    /// A late entry: the round the player joined the event in (not the first).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub joined_in: Option<usize>,
}

/// The round a late entry joined in: the first counted round that names the player (paired,
/// given a bye, or excused) when earlier rounds do not; the next round for a player no counted
/// round names yet. `None` for a player there from the first round.
fn joined_in(rounds: &[&Round], id: PlayerId) -> Option<usize> {
    let first = rounds.first()?.number;
    let named = |r: &Round| {
        r.pairings.iter().any(|p| p.white == id || p.black == id)
            || r.bye == Some(id)
            || r.absent.contains(&id)
            || r.requested_byes.iter().any(|(p, _)| *p == id)
    };
    match rounds.iter().find(|r| named(r)) {
        Some(r) => (r.number != first).then_some(r.number),
        None => rounds.last().map(|r| r.number + 1),
    }
}

/// The standings after `up_to` rounds (all rounds when `None`): what the boards scored
/// ([`round_lines`]), the primary score ([`Primary`]), each criterion's value ([`Criteria`]),
/// then the order by points and the tie-breaks in turn ([`rank`]).
pub fn compute(t: &Tournament, up_to: Option<usize>) -> Vec<Line> {
    let last = up_to.unwrap_or(usize::MAX);
    let rounds: Vec<&Round> = t.rounds.iter().filter(|r| r.number <= last).collect();
    let lines = round_lines(t, &rounds);
    let primary = Primary::of(t);
    let criteria = Criteria::new(t, &lines, &primary, rounds.len());
    let mut rows: Vec<Line> = t
        .players
        .iter()
        .map(|p| Line {
            place: String::new(),
            number: p.number,
            id: p.id,
            name: p.full_name(),
            points: criteria.points[&p.id],
            tiebreaks: t
                .tiebreaks
                .iter()
                .map(|&tb| (tb, criteria.value(tb, p.id)))
                .collect(),
            rounds: lines[&p.id].clone(),
            withdrawn_after: p.withdrawn_after.filter(|&r| r <= last),
            joined_in: joined_in(&rounds, p.id),
        })
        .collect();
    rank(&mut rows, &t.tiebreaks, &lines, &primary);
    rows
}

/// Each player's points (the primary score) from the rounds before `round`: what a round's
/// protocol prints beside each name, without ranking anyone.
pub fn points_before(t: &Tournament, round: usize) -> BTreeMap<PlayerId, f64> {
    let rounds: Vec<&Round> = t.rounds.iter().filter(|r| r.number < round).collect();
    let primary = Primary::of(t);
    round_lines(t, &rounds)
        .into_iter()
        .map(|(id, ls)| (id, ls.iter().map(|l| primary.score(l)).sum()))
        .collect()
}

/// Each player's rounds as the boards scored them: a line per pairing (its games summed) and
/// per bye, in round order. The only step that reads pairings and results.
fn round_lines(t: &Tournament, rounds: &[&Round]) -> BTreeMap<PlayerId, Vec<RoundLine>> {
    let (_, draw) = t.game_value();
    let per_pairing_max = per_pairing_max(t);
    let games = t.settings.format.games.max(1) as usize;
    let mut lines: BTreeMap<PlayerId, Vec<RoundLine>> =
        t.players.iter().map(|p| (p.id, Vec::new())).collect();
    for r in rounds {
        for p in &r.pairings {
            for (me, opp) in [(p.white, p.black), (p.black, p.white)] {
                let mut line = RoundLine {
                    round: r.number,
                    opponent: Some(opp),
                    colour: p.colour_of(me, 0),
                    score: 0.0,
                    max: per_pairing_max,
                    played: false,
                    wins: 0,
                    wins_black: 0,
                    forfeit_wins: 0,
                    scored: false,
                    extra_won: p.extra_winner(games).map(|w| w == me),
                };
                for (g, result) in p.games.iter().enumerate() {
                    let Some((w, b)) = result.halves() else {
                        continue;
                    };
                    line.scored = true;
                    let mine_white = p.white_of(g) == me;
                    let halves = if mine_white { w } else { b };
                    line.score += halves as f64 * draw;
                    if result.over_the_board() {
                        line.played = true;
                        if halves == 2 {
                            line.wins += 1;
                            if !mine_white {
                                line.wins_black += 1;
                            }
                        }
                    } else if halves == 2 {
                        line.forfeit_wins += 1;
                    }
                }
                if let Some(v) = lines.get_mut(&me) {
                    v.push(line);
                }
            }
        }
        let byes = r
            .bye
            .map(|b| (b, t.settings.unplayed.bye))
            .into_iter()
            .chain(r.requested_byes.iter().copied());
        for (bye, value) in byes {
            let score = match value {
                ByeValue::Win => per_pairing_max,
                ByeValue::Draw => per_pairing_max / 2.0,
                ByeValue::Zero => 0.0,
            };
            if let Some(v) = lines.get_mut(&bye) {
                v.push(RoundLine {
                    round: r.number,
                    opponent: None,
                    colour: None,
                    score,
                    max: per_pairing_max,
                    played: false,
                    wins: 0,
                    wins_black: 0,
                    forfeit_wins: 0,
                    scored: true,
                    extra_won: None,
                });
            }
        }
    }
    lines
}

/// The points a pairing can give: a win in each of its games.
fn per_pairing_max(t: &Tournament) -> f64 {
    t.game_value().0 * t.settings.format.games.max(1) as f64
}

/// The primary score of a round: its game points, or its match points where the event counts
/// matches (a micromatch won, drawn or lost; extra micromatches decide a tied one).
struct Primary {
    match_points: Option<MatchPoints>,
}

impl Primary {
    fn of(t: &Tournament) -> Primary {
        Primary {
            match_points: t.settings.scoring.match_points,
        }
    }

    fn score(&self, l: &RoundLine) -> f64 {
        match self.match_points {
            Some(mp) if l.scored => {
                if l.score * 2.0 > l.max || l.extra_won == Some(true) {
                    mp.win
                } else if l.score * 2.0 < l.max || l.extra_won == Some(false) {
                    mp.loss
                } else {
                    mp.draw
                }
            }
            _ => l.score,
        }
    }
}

/// What every criterion but head-to-head (which depends on the group still tied) is computed
/// from: each player's points, game points and opponents over the board.
struct Criteria<'a> {
    t: &'a Tournament,
    lines: &'a BTreeMap<PlayerId, Vec<RoundLine>>,
    primary: &'a Primary,
    points: BTreeMap<PlayerId, f64>,
    game_points: BTreeMap<PlayerId, f64>,
    /// Opponents over the board with this player's result against each: (opponent points,
    /// score fraction). A round without a game over the board is skipped or counts as the
    /// player's own points (setting).
    opponents: BTreeMap<PlayerId, Vec<(f64, f64)>>,
    ratings: BTreeMap<PlayerId, u32>,
    /// The most points a player could have had after these rounds (Koya's half).
    max_points: f64,
}

impl<'a> Criteria<'a> {
    fn new(
        t: &'a Tournament,
        lines: &'a BTreeMap<PlayerId, Vec<RoundLine>>,
        primary: &'a Primary,
        rounds: usize,
    ) -> Criteria<'a> {
        let points: BTreeMap<PlayerId, f64> = lines
            .iter()
            .map(|(id, ls)| (*id, ls.iter().map(|l| primary.score(l)).sum()))
            .collect();
        let game_points = lines
            .iter()
            .map(|(id, ls)| (*id, ls.iter().map(|l| l.score).sum()))
            .collect();
        let max_points = match primary.match_points {
            Some(mp) => mp.win * rounds as f64,
            None => per_pairing_max(t) * rounds as f64,
        };
        let own = t.settings.unplayed.in_coefficients == UnplayedInCoefficients::OwnPoints;
        let opponents = lines
            .iter()
            .map(|(&id, ls)| {
                let opp = ls
                    .iter()
                    .filter_map(|l| match l.opponent {
                        Some(o) if l.played => Some((points[&o], l.score / l.max)),
                        _ if own && l.scored => Some((points[&id], l.score / l.max)),
                        _ => None,
                    })
                    .collect();
                (id, opp)
            })
            .collect();
        let ratings = t
            .players
            .iter()
            .filter_map(|p| Some((p.id, p.rating?)))
            .collect();
        Criteria {
            t,
            lines,
            primary,
            points,
            game_points,
            opponents,
            ratings,
            max_points,
        }
    }

    /// A criterion's value for a player; `None` where it does not apply.
    fn value(&self, tb: TieBreak, id: PlayerId) -> Option<f64> {
        let ls = &self.lines[&id];
        let opp = &self.opponents[&id];
        let buchholz_sorted = || {
            let mut v: Vec<f64> = opp.iter().map(|o| o.0).collect();
            v.sort_by(f64::total_cmp);
            v
        };
        Some(match tb {
            TieBreak::SonnebornBerger => opp.iter().map(|(p, f)| p * f).sum(),
            TieBreak::Buchholz => opp.iter().map(|o| o.0).sum(),
            TieBreak::BuchholzCut1 => buchholz_sorted().iter().skip(1).sum(),
            TieBreak::BuchholzCut2 => buchholz_sorted().iter().skip(2).sum(),
            TieBreak::BuchholzMedian => {
                let v = buchholz_sorted();
                if v.len() <= 2 {
                    0.0
                } else {
                    v[1..v.len() - 1].iter().sum()
                }
            }
            TieBreak::Shmulyan => opp
                .iter()
                .map(|&(p, f)| {
                    if f > 0.5 {
                        p
                    } else if f < 0.5 {
                        -p
                    } else {
                        0.0
                    }
                })
                .sum(),
            TieBreak::Wins => {
                let forfeits = self.t.settings.unplayed.forfeit_counts_as_win;
                ls.iter()
                    .map(|l| l.wins + if forfeits { l.forfeit_wins } else { 0 })
                    .sum::<u32>() as f64
            }
            TieBreak::WinsBlack => ls.iter().map(|l| l.wins_black).sum::<u32>() as f64,
            TieBreak::Koya => ls
                .iter()
                .filter(|l| l.played)
                .filter(|l| {
                    l.opponent
                        .is_some_and(|o| self.points[&o] * 2.0 >= self.max_points)
                })
                .map(|l| l.score)
                .sum(),
            TieBreak::Progressive => {
                let mut by_round: Vec<&RoundLine> = ls.iter().collect();
                by_round.sort_by_key(|l| l.round);
                let mut running = 0.0;
                let mut total = 0.0;
                for l in by_round {
                    running += self.primary.score(l);
                    total += running;
                }
                total
            }
            TieBreak::AverageRatingOpponents => {
                let ratings: Vec<u32> = ls
                    .iter()
                    .filter(|l| l.played)
                    .filter_map(|l| self.ratings.get(&l.opponent?).copied())
                    .collect();
                if ratings.is_empty() {
                    return None;
                }
                (ratings.iter().map(|&r| r as f64).sum::<f64>() / ratings.len() as f64).round()
            }
            TieBreak::GamePoints => self.game_points[&id],
            // Depends on the group still tied: computed while ranking.
            TieBreak::HeadToHead => return None,
        })
    }
}

/// Orders the rows by points, then splits each group still tied by the tie-breaks in turn, and
/// gives each row its place (`3`, or `3-4` for players tied after every criterion).
fn rank(
    rows: &mut [Line],
    tiebreaks: &[TieBreak],
    lines: &BTreeMap<PlayerId, Vec<RoundLine>>,
    primary: &Primary,
) {
    // Stable final order among players still tied: pairing number, then name.
    rows.sort_by(|a, b| {
        b.points
            .total_cmp(&a.points)
            .then(
                a.number
                    .unwrap_or(usize::MAX)
                    .cmp(&b.number.unwrap_or(usize::MAX)),
            )
            .then(a.name.cmp(&b.name))
    });
    let mut groups: Vec<std::ops::Range<usize>> = split(rows, 0..rows.len(), |l| l.points);
    for (k, tb) in tiebreaks.iter().enumerate() {
        let mut next = Vec::new();
        for g in groups {
            if g.len() < 2 {
                next.push(g);
                continue;
            }
            if *tb == TieBreak::HeadToHead && !head_to_head(&mut rows[g.clone()], k, lines, primary)
            {
                next.push(g);
                continue;
            }
            rows[g.clone()].sort_by(|a, b| {
                let (x, y) = (a.tiebreaks[k].1, b.tiebreaks[k].1);
                y.unwrap_or(f64::NEG_INFINITY)
                    .total_cmp(&x.unwrap_or(f64::NEG_INFINITY))
            });
            next.extend(split(rows, g, |l| {
                l.tiebreaks[k].1.unwrap_or(f64::NEG_INFINITY)
            }));
        }
        groups = next;
    }
    for g in groups {
        let place = if g.len() == 1 {
            (g.start + 1).to_string()
        } else {
            format!("{}-{}", g.start + 1, g.end)
        };
        for row in &mut rows[g] {
            row.place = place.clone();
        }
    }
}

/// Gives each of a tied group its head-to-head score (criterion `k`): its points from games
/// against the others of the group, «—» for one who met none of them. Whether it ranks the
/// group: only when each of them met one of the others (else the next criterion does).
fn head_to_head(
    group: &mut [Line],
    k: usize,
    lines: &BTreeMap<PlayerId, Vec<RoundLine>>,
    primary: &Primary,
) -> bool {
    let ids: Vec<PlayerId> = group.iter().map(|l| l.id).collect();
    for row in group.iter_mut() {
        let met: Vec<&RoundLine> = lines[&row.id]
            .iter()
            .filter(|l| l.scored && l.opponent.is_some_and(|o| ids.contains(&o)))
            .collect();
        row.tiebreaks[k].1 = (!met.is_empty()).then(|| met.iter().map(|l| primary.score(l)).sum());
    }
    group.iter().all(|l| l.tiebreaks[k].1.is_some())
}

/// Splits a sorted range into runs of equal `key`.
fn split(
    rows: &[Line],
    range: std::ops::Range<usize>,
    key: impl Fn(&Line) -> f64,
) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = range.start;
    for i in range.start + 1..=range.end {
        if i == range.end || key(&rows[i]) != key(&rows[start]) {
            out.push(start..i);
            start = i;
        }
    }
    out
}
