//! The two matchings C.04.6 asks for besides the weighted one: whether a set of teams can all be
//! paired at all ([C3], art. 2.2.1: asked for every candidate set of upfloaters, so it must be
//! cheap), and, among the optimal pairings of a bracket with its top members fixed, the one whose
//! bottom members come first in the order of art. 3.6.2.

/// Whether the teams `set` (indices into `ok`, which says who may meet whom) can all be paired.
pub fn perfect_of(set: &[usize], ok: &[Vec<bool>]) -> bool {
    perfect(set.len(), &|a, b| ok[set[a]][set[b]])
}

/// Whether the graph on `n` vertices whose edges `edge(u, v)` says has a perfect matching
/// (Edmonds' blossom method, unweighted, O(n³); a greedy start makes most calls a single pass).
pub fn perfect(n: usize, edge: &dyn Fn(usize, usize) -> bool) -> bool {
    if n % 2 == 1 {
        return false;
    }
    let adj: Vec<Vec<usize>> = (0..n)
        .map(|u| (0..n).filter(|&v| v != u && edge(u, v)).collect())
        .collect();
    let mut mate = vec![usize::MAX; n];
    for u in 0..n {
        if mate[u] == usize::MAX {
            if let Some(&v) = adj[u].iter().find(|&&v| mate[v] == usize::MAX) {
                mate[u] = v;
                mate[v] = u;
            }
        }
    }
    for root in 0..n {
        if mate[root] == usize::MAX && !augment(&adj, &mut mate, root) {
            return false;
        }
    }
    true
}

/// One search of Edmonds' method from the free vertex `root`: flips an augmenting path if there
/// is one.
fn augment(adj: &[Vec<usize>], mate: &mut [usize], root: usize) -> bool {
    const NONE: usize = usize::MAX;
    let n = adj.len();
    let mut parent = vec![NONE; n];
    let mut base: Vec<usize> = (0..n).collect();
    let mut used = vec![false; n];
    let mut queue = std::collections::VecDeque::from([root]);
    used[root] = true;
    while let Some(v) = queue.pop_front() {
        for &to in &adj[v] {
            if base[v] == base[to] || mate[v] == to {
                continue;
            }
            if to == root || (mate[to] != NONE && parent[mate[to]] != NONE) {
                let cur = lca(mate, &parent, &base, v, to);
                let mut blossom = vec![false; n];
                mark_path(mate, &mut parent, &base, &mut blossom, v, cur, to);
                mark_path(mate, &mut parent, &base, &mut blossom, to, cur, v);
                for i in 0..n {
                    if blossom[base[i]] {
                        base[i] = cur;
                        if !used[i] {
                            used[i] = true;
                            queue.push_back(i);
                        }
                    }
                }
            } else if parent[to] == NONE {
                parent[to] = v;
                if mate[to] == NONE {
                    let mut v = to;
                    while v != NONE {
                        let pv = parent[v];
                        let ppv = mate[pv];
                        mate[v] = pv;
                        mate[pv] = v;
                        v = ppv;
                    }
                    return true;
                }
                used[mate[to]] = true;
                queue.push_back(mate[to]);
            }
        }
    }
    false
}

fn lca(mate: &[usize], parent: &[usize], base: &[usize], mut a: usize, mut b: usize) -> usize {
    let mut seen = vec![false; mate.len()];
    loop {
        a = base[a];
        seen[a] = true;
        if mate[a] == usize::MAX {
            break;
        }
        a = parent[mate[a]];
    }
    loop {
        b = base[b];
        if seen[b] {
            return b;
        }
        b = parent[mate[b]];
    }
}

fn mark_path(
    mate: &[usize],
    parent: &mut [usize],
    base: &[usize],
    blossom: &mut [bool],
    mut v: usize,
    b: usize,
    mut child: usize,
) {
    while base[v] != b {
        blossom[base[v]] = true;
        blossom[base[mate[v]]] = true;
        parent[v] = child;
        child = mate[v];
        v = parent[mate[v]];
    }
}

/// Of the perfect assignments of `cost.len()` tops to as many bottoms (`None`: not allowed) whose
/// total cost is least, the one giving the first top the earliest bottom it can have, then the
/// second, and so on (art. 3.6.2's bottom members in the order of their top members). `None` when
/// no perfect assignment exists.
pub fn first_optimal(cost: &[Vec<Option<i64>>]) -> Option<Vec<usize>> {
    let n = cost.len();
    let (assign, u, v) = hungarian(cost)?;
    // Every least-cost assignment uses only edges tight for these optimal duals (complementary
    // slackness), and every perfect assignment of tight edges is least-cost.
    let tight = |t: usize, b: usize| cost[t][b].is_some_and(|c| u[t] + v[b] == c);
    let mut top_of = vec![usize::MAX; n];
    let mut bottom_of = assign;
    for (t, &b) in bottom_of.iter().enumerate() {
        top_of[b] = t;
    }
    let mut fixed = vec![false; n];
    for t in 0..n {
        for b in (0..n).filter(|&b| tight(t, b) && top_of[b] != usize::MAX) {
            if bottom_of[t] == b {
                break;
            }
            // `b`'s top and `t`'s bottom are set free; an alternating path between them among the
            // tops not yet fixed keeps every other top paired.
            let (t2, b2) = (top_of[b], bottom_of[t]);
            if fixed[t2] {
                continue;
            }
            if let Some(path) = alternating(n, &tight, &bottom_of, &top_of, &fixed, t, b, t2, b2) {
                for (pt, pb) in path {
                    bottom_of[pt] = pb;
                    top_of[pb] = pt;
                }
                bottom_of[t] = b;
                top_of[b] = t;
                break;
            }
        }
        fixed[t] = true;
    }
    Some(bottom_of)
}

/// A path from the freed top `from` to the freed bottom `to` alternating unmatched tight edges
/// and the current assignment, avoiding fixed tops and the pair (`t`, `b`) being made: the new
/// (top, bottom) pairs along it.
#[allow(clippy::too_many_arguments)]
fn alternating(
    n: usize,
    tight: &dyn Fn(usize, usize) -> bool,
    bottom_of: &[usize],
    top_of: &[usize],
    fixed: &[bool],
    t: usize,
    b: usize,
    from: usize,
    to: usize,
) -> Option<Vec<(usize, usize)>> {
    let mut via = vec![usize::MAX; n]; // bottom → the top it was reached from
    let mut queue = std::collections::VecDeque::from([from]);
    let mut seen_top = vec![false; n];
    seen_top[from] = true;
    while let Some(top) = queue.pop_front() {
        for bottom in 0..n {
            if bottom == b || via[bottom] != usize::MAX || !tight(top, bottom) {
                continue;
            }
            via[bottom] = top;
            if bottom == to {
                let mut path = Vec::new();
                let mut cur = bottom;
                loop {
                    let pt = via[cur];
                    path.push((pt, cur));
                    if pt == from {
                        return Some(path);
                    }
                    cur = bottom_of[pt];
                }
            }
            let next = top_of[bottom];
            if next != t && next != usize::MAX && !fixed[next] && !seen_top[next] {
                seen_top[next] = true;
                queue.push_back(next);
            }
        }
    }
    None
}

/// The least-cost perfect assignment (Kuhn–Munkres with potentials, O(n³)) and its optimal duals
/// `u` (tops) and `v` (bottoms): `u[t] + v[b] <= cost[t][b]`, equal on the assignment.
#[allow(clippy::type_complexity)]
fn hungarian(cost: &[Vec<Option<i64>>]) -> Option<(Vec<usize>, Vec<i64>, Vec<i64>)> {
    let n = cost.len();
    let big = cost
        .iter()
        .flatten()
        .flatten()
        .fold(0i64, |a, &c| a.max(c))
        .saturating_add(1)
        .saturating_mul(n as i64 + 1);
    let c = |t: usize, b: usize| cost[t][b].unwrap_or(big);
    // 1-based rows and columns, column 0 the virtual start (e-maxx's formulation).
    let mut u = vec![0i64; n + 1];
    let mut v = vec![0i64; n + 1];
    let mut p = vec![0usize; n + 1];
    let mut way = vec![0usize; n + 1];
    for i in 1..=n {
        p[0] = i;
        let mut j0 = 0;
        let mut minv = vec![i64::MAX; n + 1];
        let mut used = vec![false; n + 1];
        loop {
            used[j0] = true;
            let i0 = p[j0];
            let mut delta = i64::MAX;
            let mut j1 = 0;
            for j in 1..=n {
                if !used[j] {
                    let cur = c(i0 - 1, j - 1) - u[i0] - v[j];
                    if cur < minv[j] {
                        minv[j] = cur;
                        way[j] = j0;
                    }
                    if minv[j] < delta {
                        delta = minv[j];
                        j1 = j;
                    }
                }
            }
            for j in 0..=n {
                if used[j] {
                    u[p[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
            if p[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = way[j0];
            p[j0] = p[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
    let mut assign = vec![0usize; n];
    for j in 1..=n {
        assign[p[j] - 1] = j - 1;
    }
    if (0..n).any(|t| cost[t][assign[t]].is_none()) {
        return None;
    }
    Some((assign, u[1..].to_vec(), v[1..].to_vec()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_triangle_with_a_tail_has_no_perfect_matching_but_a_square_has() {
        let tri =
            |a: usize, b: usize| matches!((a.min(b), a.max(b)), (0, 1) | (1, 2) | (0, 2) | (2, 3));
        assert!(perfect(4, &tri));
        let star = |a: usize, b: usize| a.min(b) == 0;
        assert!(!perfect(4, &star));
        // Two triangles apart: each is odd.
        let two = |a: usize, b: usize| {
            matches!(
                (a.min(b), a.max(b)),
                (0, 1) | (1, 2) | (0, 2) | (3, 4) | (4, 5) | (3, 5)
            )
        };
        assert!(!perfect(6, &two));
        // A five-cycle with a tail: the greedy start pairs 0–1 and must go back through the
        // odd cycle (a blossom) to reach 0–5, 1–2, 3–4.
        let cycle = |a: usize, b: usize| {
            matches!(
                (a.min(b), a.max(b)),
                (0, 1) | (1, 2) | (2, 3) | (3, 4) | (0, 4) | (0, 5)
            )
        };
        assert!(perfect(6, &cycle));
    }

    #[test]
    fn the_first_optimal_assignment_gives_the_first_top_its_earliest_bottom() {
        // Every assignment costs 0: the identity is first.
        let zero = vec![vec![Some(0); 3]; 3];
        assert_eq!(first_optimal(&zero), Some(vec![0, 1, 2]));
        // Top 0 meeting bottom 0 costs 1: the optimum gives it bottom 1, then top 1 bottom 0.
        let mut c = zero.clone();
        c[0][0] = Some(1);
        assert_eq!(first_optimal(&c), Some(vec![1, 0, 2]));
        // A forbidden pair and a forced chain.
        let d = vec![
            vec![None, Some(0), None],
            vec![Some(0), Some(0), Some(0)],
            vec![None, Some(0), Some(0)],
        ];
        assert_eq!(first_optimal(&d), Some(vec![1, 0, 2]));
        let none = vec![vec![None, Some(0)], vec![None, Some(0)]];
        assert_eq!(first_optimal(&none), None);
    }
}
