//! Standings: points, then the tournament's tie-breaks in order. Every criterion is documented in
//! README ("Standings") with its formula; the code follows those words.

use std::collections::BTreeMap;

use serde::Serialize;

use super::model::{
    ByeValue, MatchPoints, PlayerId, Round, System, TieBreak, Tournament, UnplayedInCoefficients,
};
use crate::rules::Color;

pub(crate) mod c07;
use c07::Contribution;

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
    /// The pairing-allocated bye (never a round the player chose not to play).
    #[serde(skip)]
    pab: bool,
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

    /// FIDE C.07's voluntarily unplayed round: no game over the board and no win's points given
    /// for it — a forfeit loss, a requested half- or zero-point bye. The pairing-allocated bye, a
    /// forfeit win and a requested full-point bye are not the player's choice. A pairing whose
    /// result is still to come is a game to be played.
    fn voluntarily_unplayed(&self) -> bool {
        self.scored && !self.played && !self.pab && self.score < self.max
    }

    /// Won without a game: a forfeit win, a bye worth a win.
    fn unplayed_win(&self) -> bool {
        self.scored && !self.played && self.score >= self.max
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
    /// Expelled by the arbiter: listed last, without a place.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub expelled: bool,
}

impl Line {
    /// The places the line's `place` names: `3` is 3..=3, a tie `3-4` is 3..=4; `None` for a
    /// line without a place (an expelled player, a knockout's line not placed).
    pub fn places(&self) -> Option<std::ops::RangeInclusive<usize>> {
        places(&self.place)
    }
}

/// The places a place as printed names (a player's or a team's): `3` is 3..=3, `3-4` 3..=4.
pub fn places(place: &str) -> Option<std::ops::RangeInclusive<usize>> {
    let mut ends = place.split('-').map(|p| p.trim().parse::<usize>());
    let low = ends.next()?.ok()?;
    let high = match ends.next() {
        Some(h) => h.ok()?,
        None => low,
    };
    Some(low..=high)
}

/// The round a late entry joined in: the first counted round that names the player (paired,
/// given a bye, or excused) when earlier rounds do not; the next round for a player no counted
/// round names yet. `None` for a player there from the first round — a knockout's seed passing
/// round 1 among them (the round names him as going on: he did not join late).
fn joined_in(rounds: &[&Round], id: PlayerId) -> Option<usize> {
    let first = rounds.first()?.number;
    let named = |r: &Round| {
        r.pairings.iter().any(|p| p.white == id || p.black == id)
            || r.bye == Some(id)
            || r.absent.contains(&id)
            || r.advanced.contains(&id)
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
    let numbers: Vec<usize> = rounds.iter().map(|r| r.number).collect();
    let criteria = Criteria::new(t, &lines, &primary, &numbers);
    let rows: Vec<Line> = t
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
            expelled: p.expelled.as_ref().is_some_and(|e| e.after_round <= last),
        })
        .collect();
    // An expelled player takes no place: the others are placed as if he were not listed, and
    // he comes after them.
    let (mut rows, expelled): (Vec<Line>, Vec<Line>) = rows.into_iter().partition(|l| !l.expelled);
    rank(&mut rows, &t.tiebreaks, &lines, &primary);
    if let Some(seed) = t.lot {
        by_lot(&mut rows, seed);
    }
    super::system::of(t).place(t, up_to, &mut rows);
    rows.extend(expelled);
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
                    pab: false,
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
            .map(|b| (b, t.settings.unplayed.bye, true))
            .into_iter()
            .chain(r.requested_byes.iter().map(|&(p, v)| (p, v, false)));
        for (bye, value, pab) in byes {
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
                    pab,
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
    pairing_max: f64,
}

impl Primary {
    fn of(t: &Tournament) -> Primary {
        Primary {
            match_points: t.settings.scoring.match_points,
            pairing_max: per_pairing_max(t),
        }
    }

    /// A drawn round in the primary score.
    fn draw(&self) -> f64 {
        match self.match_points {
            Some(mp) => mp.draw,
            None => self.pairing_max / 2.0,
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
    /// The round numbers counted.
    rounds: &'a [usize],
    points: BTreeMap<PlayerId, f64>,
    game_points: BTreeMap<PlayerId, f64>,
    /// Each player's rounds in the opponent-based criteria: games over the board (opponent's
    /// points, score against him) and, as the setting says, rounds without one.
    opponents: BTreeMap<PlayerId, Vec<Contribution>>,
    ratings: BTreeMap<PlayerId, u32>,
    /// The most points a player could have had after these rounds (Koya's half).
    max_points: f64,
    c07: bool,
}

impl<'a> Criteria<'a> {
    fn new(
        t: &'a Tournament,
        lines: &'a BTreeMap<PlayerId, Vec<RoundLine>>,
        primary: &'a Primary,
        rounds: &'a [usize],
    ) -> Criteria<'a> {
        let points: BTreeMap<PlayerId, f64> = lines
            .iter()
            .map(|(id, ls)| (*id, ls.iter().map(|l| primary.score(l)).sum()))
            .collect();
        let game_points = lines
            .iter()
            .map(|(id, ls)| (*id, ls.iter().map(|l| l.score).sum()))
            .collect();
        let c07 = t.settings.unplayed.in_coefficients == UnplayedInCoefficients::FideC07;
        let predetermined = t.settings.system != System::Swiss;
        let win = match primary.match_points {
            Some(mp) => mp.win,
            None => per_pairing_max(t),
        };
        let max_points = win * Self::games_possible(t, rounds.len(), c07 && predetermined) as f64;
        let opponents = if c07 {
            c07::Event {
                lines,
                points: &points,
                rounds,
                predetermined,
                draw: primary.draw(),
                primary: &|l| primary.score(l),
            }
            .contributions()
        } else {
            Self::games_and_own_points(t, lines, &points)
        };
        let ratings = t
            .players
            .iter()
            .filter_map(|p| Some((p.id, p.rating?)))
            .collect();
        Criteria {
            t,
            lines,
            primary,
            rounds,
            points,
            game_points,
            opponents,
            ratings,
            max_points,
            c07,
        }
    }

    /// The games a player could have played in `rounds` rounds: in a round robin of an odd
    /// number, each full cycle gives every player one round off (FIDE C.07's Koya counts it so).
    fn games_possible(t: &Tournament, rounds: usize, cycles_with_bye: bool) -> usize {
        let n = t.players.len();
        if cycles_with_bye && n % 2 == 1 && rounds.is_multiple_of(n) {
            rounds - rounds / n
        } else {
            rounds
        }
    }

    /// `skip` and `own_points`: the games over the board against the opponents' points; a round
    /// without one skipped, or a game against the player's own points.
    fn games_and_own_points(
        t: &Tournament,
        lines: &BTreeMap<PlayerId, Vec<RoundLine>>,
        points: &BTreeMap<PlayerId, f64>,
    ) -> BTreeMap<PlayerId, Vec<Contribution>> {
        let own = t.settings.unplayed.in_coefficients == UnplayedInCoefficients::OwnPoints;
        lines
            .iter()
            .map(|(&id, ls)| {
                let opp = ls
                    .iter()
                    .filter_map(|l| {
                        let score = match l.opponent {
                            Some(o) if l.played => points[&o],
                            _ if own && l.scored => points[&id],
                            _ => return None,
                        };
                        Some(Contribution {
                            score,
                            result: l.score / l.max,
                            voluntary: false,
                        })
                    })
                    .collect();
                (id, opp)
            })
            .collect()
    }

    /// A criterion's value for a player; `None` where it does not apply.
    fn value(&self, tb: TieBreak, id: PlayerId) -> Option<f64> {
        let ls = &self.lines[&id];
        let opp = &self.opponents[&id];
        let buchholz = |low, high| c07::cut_sum(opp, low, high, |c| c.score);
        Some(match tb {
            TieBreak::SonnebornBerger => opp.iter().map(|c| c.score * c.result).sum(),
            TieBreak::Buchholz => buchholz(0, 0),
            TieBreak::BuchholzCut1 => buchholz(1, 0),
            TieBreak::BuchholzCut2 => buchholz(2, 0),
            TieBreak::BuchholzMedian => buchholz(1, 1),
            TieBreak::Shmulyan => opp
                .iter()
                .map(|c| {
                    if c.result > 0.5 {
                        c.score
                    } else if c.result < 0.5 {
                        -c.score
                    } else {
                        0.0
                    }
                })
                .sum(),
            // FIDE C.07's WIN counts every round won, with a game or without.
            TieBreak::Wins if self.c07 => ls
                .iter()
                .map(|l| {
                    if l.opponent.is_none() {
                        u32::from(l.unplayed_win())
                    } else {
                        l.wins + l.forfeit_wins
                    }
                })
                .sum::<u32>() as f64,
            TieBreak::Wins => {
                let forfeits = self.t.settings.unplayed.forfeit_counts_as_win;
                ls.iter()
                    .map(|l| l.wins + if forfeits { l.forfeit_wins } else { 0 })
                    .sum::<u32>() as f64
            }
            TieBreak::WinsBlack => ls.iter().map(|l| l.wins_black).sum::<u32>() as f64,
            // FIDE C.07 counts a forfeit against such an opponent too.
            TieBreak::Koya => ls
                .iter()
                .filter(|l| l.played || (self.c07 && l.scored))
                .filter(|l| {
                    l.opponent
                        .is_some_and(|o| self.points[&o] * 2.0 >= self.max_points)
                })
                .map(|l| l.score)
                .sum(),
            // A round missed still has a score after it.
            TieBreak::Progressive => {
                let mut running = 0.0;
                let mut total = 0.0;
                for &r in self.rounds {
                    running += ls
                        .iter()
                        .filter(|l| l.round == r)
                        .map(|l| self.primary.score(l))
                        .sum::<f64>();
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
        let place = place(&g);
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

/// Splits a sorted range of `rows` into runs of equal `key` (players or teams still tied).
pub(crate) fn split<T>(
    rows: &[T],
    range: std::ops::Range<usize>,
    key: impl Fn(&T) -> f64,
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

/// The place of a group still tied after every criterion: `3`, or `3-4` for two.
/// Each player's position in the lot drawn with `seed`: the players' ids in order, shuffled by
/// the seeded stream (Fisher–Yates), so that the same seed gives the same order.
pub fn lot_order(ids: &[PlayerId], seed: u64) -> Vec<PlayerId> {
    use rand_chacha::rand_core::{RngCore, SeedableRng};
    let mut ids = ids.to_vec();
    ids.sort();
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
    for i in (1..ids.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        ids.swap(i, j);
    }
    ids
}

/// The players still sharing a place after every criterion (`3-4`) ordered by the lot: each
/// takes a place of his own, in the lot's order.
fn by_lot(rows: &mut [Line], seed: u64) {
    let ids: Vec<PlayerId> = rows.iter().map(|l| l.id).collect();
    let order = lot_order(&ids, seed);
    let position = |id: PlayerId| order.iter().position(|&x| x == id);
    let mut k = 0;
    while k < rows.len() {
        let shared = rows[k].place.clone();
        let end = (k..rows.len())
            .find(|&i| rows[i].place != shared)
            .unwrap_or(rows.len());
        if end - k > 1 && shared.contains('-') && !rows[k].expelled {
            rows[k..end].sort_by_key(|l| position(l.id));
            for (i, row) in rows[k..end].iter_mut().enumerate() {
                row.place = (k + i + 1).to_string();
            }
        }
        k = end;
    }
}

/// The ties the lot decides in `lines` (places shared after every criterion), as the places
/// and the players in each, before it is drawn.
pub fn ties(lines: &[Line]) -> Vec<(String, Vec<PlayerId>)> {
    let mut out: Vec<(String, Vec<PlayerId>)> = Vec::new();
    for l in lines.iter().filter(|l| l.place.contains('-')) {
        match out.last_mut() {
            Some((place, ids)) if *place == l.place => ids.push(l.id),
            _ => out.push((l.place.clone(), vec![l.id])),
        }
    }
    out
}

pub(crate) fn place(group: &std::ops::Range<usize>) -> String {
    if group.len() == 1 {
        (group.start + 1).to_string()
    } else {
        format!("{}-{}", group.start + 1, group.end)
    }
}
