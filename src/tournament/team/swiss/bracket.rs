//! One bracket: the top scoregroup of the teams left, the upfloaters art. 3.5 chooses for it,
//! and the first pairing of art. 3.6.

use std::ops::ControlFlow;

use super::colour::{preference, unmet};
use super::matching::{first_optimal, perfect_of};
use super::{Bracket, Input, SwissError};
use crate::tournament::swiss::blossom::max_weight_matching;
use crate::tournament::swiss::wide::Wide;

/// Pairs the top scoregroup of `left` with its upfloaters: the bracket and its pairs (indices).
pub fn pair_next(
    input: &Input,
    ok: &[Vec<bool>],
    left: &[usize],
    levels: &[i64],
) -> Result<(Bracket, Vec<(usize, usize)>), SwissError> {
    let top = left
        .iter()
        .map(|&i| input.teams[i].score)
        .max()
        .unwrap_or(0);
    let by_tpn = |v: &mut Vec<usize>| v.sort_by_key(|&i| input.teams[i].tpn);
    let mut residents: Vec<usize> = left
        .iter()
        .copied()
        .filter(|&i| input.teams[i].score == top)
        .collect();
    by_tpn(&mut residents);
    // 3.5.1: every team scoring less may float up; 3.5.3 takes them by score, then TPN.
    let mut groups: Vec<(i64, Vec<usize>)> = Vec::new();
    for &i in left {
        let s = input.teams[i].score;
        if s < top {
            match groups.iter_mut().find(|(g, _)| *g == s) {
                Some((_, v)) => v.push(i),
                None => groups.push((s, vec![i])),
            }
        }
    }
    groups.sort_by_key(|g| std::cmp::Reverse(g.0));
    for (_, g) in &mut groups {
        by_tpn(g);
    }
    let following = levels
        .iter()
        .position(|&s| s == top)
        .and_then(|k| levels.get(k + 1))
        .copied();
    let lower = groups.iter().map(|(_, g)| g.len()).sum::<usize>();
    let search = Search {
        input,
        ok,
        left,
        residents: &residents,
        groups: &groups,
        following,
    };
    for up in (residents.len() % 2..=lower).step_by(2) {
        if let Some((ups, c6, c7)) = search.with_upfloaters(up) {
            let mut members = residents.clone();
            members.extend(&ups);
            let (pairs, (c8, c9, c10)) =
                pair_bracket(input, ok, &members, top).ok_or(SwissError::NoPairing)?;
            let bracket = Bracket {
                score: top,
                residents,
                upfloaters: ups,
                c6,
                c7,
                c8,
                c9,
                c10,
            };
            return Ok((bracket, pairs));
        }
    }
    Err(SwissError::NoPairing)
}

struct Search<'a> {
    input: &'a Input,
    ok: &'a [Vec<bool>],
    left: &'a [usize],
    residents: &'a [usize],
    /// The teams below the top scoregroup by score, highest first, each in TPN order.
    groups: &'a [(i64, Vec<usize>)],
    /// The score of the scoregroup after the top one ([C6]).
    following: Option<i64>,
}

impl Search<'_> {
    /// Art. 3.5 for `up` upfloaters ([C4]): the score profiles best first ([C5]); in the first
    /// profile that has a legal set, the set that complies with [C6], then has the fewest
    /// upfloaters that floated last round ([C7]), then comes first in the order of 3.5.4.
    fn with_upfloaters(&self, up: usize) -> Option<(Vec<usize>, bool, usize)> {
        let avail: Vec<usize> = self.groups.iter().map(|(_, g)| g.len()).collect();
        let mut found = None;
        let mut counts = vec![0; avail.len()];
        let _ = profiles(
            &avail,
            up,
            avail.len(),
            &mut counts,
            &mut |counts| match self.best_set(counts) {
                Some(best) => {
                    found = Some(best);
                    ControlFlow::Break(())
                }
                None => ControlFlow::Continue(()),
            },
        );
        found
    }

    /// The set of a profile (upfloaters per group) art. 3.5.5 chooses, if any is legal.
    fn best_set(&self, counts: &[usize]) -> Option<(Vec<usize>, bool, usize)> {
        let floats = self.input.floats_count();
        let floated = |i: usize| floats && self.input.teams[i].floated;
        let least_c7: usize = self
            .groups
            .iter()
            .zip(counts)
            .map(|((_, g), &k)| k.saturating_sub(g.iter().filter(|&&i| !floated(i)).count()))
            .sum();
        let mut best: Option<(Vec<usize>, bool, usize)> = None;
        let mut set = Vec::new();
        let _ = sets(self.groups, counts, 0, &mut set, &mut |ups| {
            let mut members = self.residents.to_vec();
            members.extend(ups);
            if !perfect_of(&members, self.ok) {
                return ControlFlow::Continue(());
            }
            let rest: Vec<usize> = self
                .left
                .iter()
                .copied()
                .filter(|i| !members.contains(i))
                .collect();
            if !perfect_of(&rest, self.ok) {
                return ControlFlow::Continue(()); // [C3]
            }
            let c6 = self.c6(&rest);
            let c7 = ups.iter().filter(|&&i| floated(i)).count();
            let better = match &best {
                None => true,
                Some((_, b6, b7)) => (!c6, c7) < (!*b6, *b7),
            };
            if better {
                best = Some((ups.to_vec(), c6, c7));
            }
            if c6 && c7 == least_c7 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        best
    }

    /// [C6] (art. 2.3.3): unless the following scoregroup is now empty, it can still be paired
    /// in its own bracket ([C1], [C3]) with the fewest upfloaters its size allows ([C4]).
    fn c6(&self, rest: &[usize]) -> bool {
        let Some(fs) = self.following else {
            return true;
        };
        let score = |i: &usize| self.input.teams[*i].score;
        let following: Vec<usize> = rest.iter().copied().filter(|i| score(i) == fs).collect();
        if following.is_empty() {
            return true;
        }
        let below: Vec<usize> = rest.iter().copied().filter(|i| score(i) < fs).collect();
        let candidates: Vec<Option<usize>> = if following.len().is_multiple_of(2) {
            vec![None]
        } else {
            below.iter().map(|&i| Some(i)).collect()
        };
        candidates.into_iter().any(|up| {
            let mut bracket = following.clone();
            bracket.extend(up);
            let others: Vec<usize> = rest
                .iter()
                .copied()
                .filter(|i| !bracket.contains(i))
                .collect();
            perfect_of(&bracket, self.ok) && perfect_of(&others, self.ok)
        })
    }
}

/// Every way of taking `left` upfloaters from the groups `0..groups` (at most `avail[g]` from
/// group `g`), in the order of [C5]: the scores taken in ascending order compared, the higher
/// first. `counts` holds the choice for the groups after `groups`.
fn profiles(
    avail: &[usize],
    left: usize,
    groups: usize,
    counts: &mut Vec<usize>,
    f: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if left == 0 {
        return f(counts);
    }
    // The lowest group used decides first, the highest such group best; then the fewer teams
    // from it the better (the next lowest score comes from higher up); the groups above hold
    // the rest, chosen the same way.
    for lowest in 0..groups {
        let above: usize = avail[..lowest].iter().sum();
        for k in 1..=avail[lowest].min(left) {
            if left - k > above {
                continue;
            }
            counts[lowest] = k;
            profiles(avail, left - k, lowest, counts, f)?;
            counts[lowest] = 0;
        }
    }
    ControlFlow::Continue(())
}

/// Every set with `counts[g]` teams of group `g`, in the lexicographic order of their TPNs
/// (3.5.4: groups by descending score, each in ascending TPN).
fn sets(
    groups: &[(i64, Vec<usize>)],
    counts: &[usize],
    g: usize,
    set: &mut Vec<usize>,
    f: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if g == groups.len() {
        return f(set);
    }
    combinations(&groups[g].1, counts[g], 0, set, &mut |set| {
        sets(groups, counts, g + 1, set, f)
    })
}

fn combinations(
    from: &[usize],
    k: usize,
    start: usize,
    set: &mut Vec<usize>,
    f: &mut dyn FnMut(&mut Vec<usize>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if k == 0 {
        return f(set);
    }
    for i in start..=from.len().saturating_sub(k) {
        set.push(from[i]);
        let flow = combinations(from, k - 1, i + 1, set, f);
        set.pop();
        flow?;
    }
    ControlFlow::Continue(())
}

/// Art. 3.6: of the bracket's pairings that keep [C1], those with the fewest unmet colour
/// preferences ([C8]), strong ones ([C9]), floating opponents of upfloaters ([C10]); of them the
/// first by the identifier of 3.6.2 (the top members, the smaller TPN of each pair, ascending,
/// then their bottom members in that order). `None` when the bracket cannot be paired.
#[allow(clippy::type_complexity)]
pub fn pair_bracket(
    input: &Input,
    ok: &[Vec<bool>],
    members: &[usize],
    top: i64,
) -> Option<(Vec<(usize, usize)>, (usize, usize, usize))> {
    let mut ord = members.to_vec();
    ord.sort_by_key(|&i| input.teams[i].tpn);
    let n = ord.len();
    let last = input.round >= input.rounds;
    let prefs: Vec<_> = ord
        .iter()
        .map(|&i| preference(&input.teams[i], input.colour_type, last))
        .collect();
    let floats = input.floats_count();
    let quality = |a: usize, b: usize| -> (usize, usize, usize) {
        let (c8, c9) = unmet(prefs[a], prefs[b], input.colour_type);
        let (ta, tb) = (&input.teams[ord[a]], &input.teams[ord[b]]);
        let c10 = if floats {
            usize::from(ta.score < top && tb.floated) + usize::from(tb.score < top && ta.floated)
        } else {
            0
        };
        (usize::from(c8), usize::from(c9), c10)
    };
    let allowed = |a: usize, b: usize| ok[ord[a]][ord[b]];
    let tops = top_members(n, &quality, &allowed)?;
    let is_top: Vec<bool> = (0..n).map(|p| tops.contains(&p)).collect();
    let bottoms: Vec<usize> = (0..n).filter(|p| !is_top[*p]).collect();
    let w = field(n);
    let packed = |(c8, c9, c10): (usize, usize, usize)| ((c8 << (2 * w)) | (c9 << w) | c10) as i64;
    let cost: Vec<Vec<Option<i64>>> = tops
        .iter()
        .map(|&t| {
            bottoms
                .iter()
                .map(|&b| (t < b && allowed(t, b)).then(|| packed(quality(t, b))))
                .collect()
        })
        .collect();
    let assign = first_optimal(&cost)?;
    let mut q = (0, 0, 0);
    let pairs = tops
        .iter()
        .zip(assign)
        .map(|(&t, b)| {
            let b = bottoms[b];
            let e = quality(t, b);
            q = (q.0 + e.0, q.1 + e.1, q.2 + e.2);
            (ord[t], ord[b])
        })
        .collect();
    Some((pairs, q))
}

/// Bits of one criterion's field: a bracket's sum of it never reaches `2^field`.
fn field(n: usize) -> u32 {
    usize::BITS - n.leading_zeros() + 1
}

/// The top members (positions in TPN order) of a pairing optimal for [C8], [C9], [C10] whose
/// top members come first: one maximum-weight matching, the criteria in the high bits, below
/// them one bit per team made a bottom member, the lower TPN the heavier.
fn top_members(
    n: usize,
    quality: &dyn Fn(usize, usize) -> (usize, usize, usize),
    allowed: &dyn Fn(usize, usize) -> bool,
) -> Option<Vec<usize>> {
    let w = field(n);
    // The criteria, a bit per team, the cardinality margin, the sum of a matching, the doubling
    // of the solver and the sign.
    let bits = 5 * w + n as u32 + 4;
    let mates = match bits.div_ceil(64) {
        1 => tops_in::<1>(n, quality, allowed),
        2 => tops_in::<2>(n, quality, allowed),
        3 => tops_in::<3>(n, quality, allowed),
        4 => tops_in::<4>(n, quality, allowed),
        5 => tops_in::<5>(n, quality, allowed),
        6 => tops_in::<6>(n, quality, allowed),
        7 | 8 => tops_in::<8>(n, quality, allowed),
        9..=12 => tops_in::<12>(n, quality, allowed),
        13..=16 => tops_in::<16>(n, quality, allowed),
        17..=24 => tops_in::<24>(n, quality, allowed),
        _ => tops_in::<40>(n, quality, allowed),
    };
    let mut tops = Vec::new();
    for (p, m) in mates.iter().enumerate() {
        match m {
            Some(q) if p < *q => tops.push(p),
            Some(_) => {}
            None => return None,
        }
    }
    Some(tops)
}

fn tops_in<const L: usize>(
    n: usize,
    quality: &dyn Fn(usize, usize) -> (usize, usize, usize),
    allowed: &dyn Fn(usize, usize) -> bool,
) -> Vec<Option<usize>> {
    let w = field(n);
    let n32 = n as u32;
    let cost_bits = 3 * w + n32;
    let big = Wide::<L>::bit(cost_bits + field(n) + 1);
    max_weight_matching(n, |a, b| {
        let (t, b) = (a.min(b), a.max(b));
        if !allowed(t, b) {
            return Wide::<L>::zero();
        }
        let (c8, c9, c10) = quality(t, b);
        let q = ((c8 as u64) << (2 * w)) | ((c9 as u64) << w) | c10 as u64;
        let cost = Wide::<L>::from_u64(q).shifted_left(n32) + Wide::<L>::bit(n32 - 1 - b as u32);
        big - cost
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_profiles(avail: &[usize], up: usize) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        let mut counts = vec![0; avail.len()];
        let _ = profiles(avail, up, avail.len(), &mut counts, &mut |c| {
            out.push(c.to_vec());
            ControlFlow::Continue(())
        });
        out
    }

    #[test]
    fn profiles_come_best_first_by_the_lowest_score_taken() {
        // Groups 3 points (2 teams), 2 points (1), 1 point (2); two upfloaters.
        let p = all_profiles(&[2, 1, 2], 2);
        assert_eq!(
            p,
            vec![
                vec![2, 0, 0], // 3, 3
                vec![1, 1, 0], // 2, 3
                vec![1, 0, 1], // 1, 3
                vec![0, 1, 1], // 1, 2
                vec![0, 0, 2], // 1, 1
            ]
        );
        assert_eq!(all_profiles(&[1], 2), Vec::<Vec<usize>>::new());
    }

    #[test]
    fn sets_come_in_the_order_of_article_3_5_4() {
        // The article's example: 2, 6, 8 with 3 points and 1, 3, 5 with 2.5, two and one.
        let groups = vec![(12, vec![2, 6, 8]), (10, vec![1, 3, 5])];
        let mut seen = Vec::new();
        let mut set = Vec::new();
        let _ = sets(&groups, &[2, 1], 0, &mut set, &mut |s| {
            seen.push(s.to_vec());
            ControlFlow::Continue(())
        });
        assert_eq!(seen.len(), 9);
        assert_eq!(
            &seen[..4],
            &[vec![2, 6, 1], vec![2, 6, 3], vec![2, 6, 5], vec![2, 8, 1]]
        );
        assert_eq!(seen.last(), Some(&vec![6, 8, 5]));
    }
}
