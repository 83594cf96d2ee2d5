//! Maximum-weight matching of a general graph: Edmonds' blossom method with Galil's primal–dual
//! updates (Z. Galil, "Efficient algorithms for finding maximum matching in graphs", ACM
//! Computing Surveys, 1986), O(n³), in the formulation of J. van Rantwijk's `mwmatching` that
//! networkx carries — the solver of the prototype that validated docs/swiss-dutch-method.md.
//!
//! Why our own: the graph of a round is dense but has few distinct weights, so it is given as
//! an index per pair into a table of them ([`Indexed`]) and read there. Beyond that the solver
//! keeps a few words per vertex and blossom and one bit per pair (the tight edges of a stage). `integer-blossom`, used before, kept a
//! `(2n+1)²` matrix of edges: ≈190 MB at 1,000 players with the weight widths a round needs.

use std::ops::{Add, AddAssign, Sub, SubAssign};

/// An exact integer weight.
pub trait Weight:
    Copy + Ord + std::fmt::Debug + Add<Output = Self> + Sub<Output = Self> + AddAssign + SubAssign
{
    const ZERO: Self;
    const ONE: Self;
    fn double(self) -> Self {
        self + self
    }
    /// `self / 2`, toward zero (only ever asked of even numbers by the solver).
    fn half(self) -> Self;
}

impl Weight for i64 {
    const ZERO: Self = 0;
    const ONE: Self = 1;
    fn half(self) -> Self {
        self / 2
    }
}

impl Weight for i128 {
    const ZERO: Self = 0;
    const ONE: Self = 1;
    fn half(self) -> Self {
        self / 2
    }
}

const NONE: u32 = u32::MAX;

/// An edge as the pair of its ends, in the order the method names them (it matters: the first
/// end is the one a label or a queue entry refers to).
type Arc = (u32, u32);
const NO_ARC: Arc = (NONE, NONE);

/// Labels of the method: a vertex or top-level blossom is unlabelled, outer (S) or inner (T);
/// `MARK` is set on an S-blossom while two alternating paths are traced back to their roots.
const FREE: u8 = 0;
const S: u8 = 1;
const T: u8 = 2;
const MARK: u8 = 4;

/// A dense graph on `n` vertices: the edge `{u, v}` weighs `table[pairs[u * n + v]]`. Index 0
/// is the zero weight, no edge; no other index may hold zero, and weights are never negative.
/// `pairs` is symmetric; its diagonal is not read.
pub struct Indexed<'a, W> {
    pub n: usize,
    pub pairs: &'a [u32],
    pub table: &'a [W],
}

/// The maximum-weight matching (not necessarily of maximum cardinality) of the graph on `n`
/// vertices whose edge `{u, v}` weighs `weight(u, v)` (symmetric, zero = no edge, never
/// negative): each vertex's mate.
pub fn max_weight_matching<W: Weight>(
    n: usize,
    weight: impl Fn(usize, usize) -> W,
) -> Vec<Option<usize>> {
    let mut table = vec![W::ZERO];
    let mut pairs = vec![0u32; n * n];
    for u in 1..n {
        for v in 0..u {
            let w = weight(u, v);
            if w != W::ZERO {
                let h = u32::try_from(table.len()).expect("pairs fit u32");
                table.push(w);
                pairs[u * n + v] = h;
                pairs[v * n + u] = h;
            }
        }
    }
    matching_of(&Indexed {
        n,
        pairs: &pairs,
        table: &table,
    })
}

/// The maximum-weight matching of an indexed graph: each vertex's mate.
pub fn matching_of<W: Weight>(g: &Indexed<W>) -> Vec<Option<usize>> {
    let n = g.n;
    if n < 2 {
        return vec![None; n];
    }
    assert!(2 * n < NONE as usize, "too many vertices for the matching");
    debug_assert!(g.table[0] == W::ZERO);
    let mut m = Matcher::new(g);
    m.solve();
    m.mate
        .iter()
        .map(|&v| (v != NONE).then_some(v as usize))
        .collect()
}

/// What ends a change of the duals: the optimum reached, an edge made tight, a T-blossom to
/// expand.
enum Step {
    Done,
    Edge(Arc),
    Expand(u32),
}

/// The method's state. Vertices are `0..n`; a non-trivial blossom takes an id in `n..2n`.
/// Arrays of length `2n` are indexed by a top-level blossom, which is a vertex when trivial.
struct Matcher<'a, W> {
    n: usize,
    pairs: &'a [u32],
    /// Each weight of the table doubled, as every slack takes it.
    twice: Vec<W>,
    mate: Vec<u32>,
    label: Vec<u8>,
    /// The edge through which a vertex or blossom got its label (its first end outside it).
    label_edge: Vec<Arc>,
    /// The top-level blossom each vertex is in.
    in_blossom: Vec<u32>,
    parent: Vec<u32>,
    base: Vec<u32>,
    /// A blossom's sub-blossoms around its cycle, starting at the one holding the base, and
    /// the edges joining each to the next (`edges[i]` from `childs[i]` into `childs[i + 1]`).
    childs: Vec<Vec<u32>>,
    edges: Vec<Vec<Arc>>,
    /// The least-slack edge to an S-blossom: from an S-blossom, or to a free vertex; and its
    /// slack, kept up to date when the duals change (read for every edge scanned).
    best_edge: Vec<Arc>,
    best_slack: Vec<W>,
    /// An S-blossom's least-slack edge to each other S-blossom, once computed.
    best_edges: Vec<Option<Vec<Arc>>>,
    /// Vertex duals (`0..n`) and blossom duals (`n..2n`).
    dual: Vec<W>,
    /// The edges known to be tight in this stage, one bit per ordered pair, a row of `words`
    /// words per vertex (a row is read whole when a vertex is scanned).
    allowed: Vec<u64>,
    words: usize,
    queue: Vec<u32>,
    unused: Vec<u32>,
    /// The live blossoms in the order they were made: ties between equal deltas are taken in
    /// this order, as the reference does.
    live: Vec<u32>,
}

/// Where the pair `a`–`b` (`a != b`) sits in a triangle of all pairs: the layout the
/// pairing's tables and this solver's bits share.
pub fn triangle(a: usize, b: usize) -> usize {
    let (hi, lo) = if a > b { (a, b) } else { (b, a) };
    hi * (hi - 1) / 2 + lo
}

/// `j` as a position in a cycle of `len` (negative counts from the end).
fn wrap(j: isize, len: usize) -> usize {
    j.rem_euclid(len as isize) as usize
}

impl<'a, W: Weight> Matcher<'a, W> {
    fn new(g: &Indexed<'a, W>) -> Self {
        let n = g.n;
        let mut used = vec![false; g.table.len()];
        for u in 1..n {
            for &h in &g.pairs[u * n..u * n + u] {
                used[h as usize] = true;
            }
        }
        let max = g
            .table
            .iter()
            .zip(&used)
            .filter(|(_, &u)| u)
            .map(|(&w, _)| w)
            .max()
            .unwrap_or(W::ZERO);
        let words = n.div_ceil(64);
        let mut dual = vec![W::ZERO; 2 * n];
        dual[..n].fill(max);
        Matcher {
            n,
            pairs: g.pairs,
            twice: g.table.iter().map(|w| w.double()).collect(),
            mate: vec![NONE; n],
            label: vec![FREE; 2 * n],
            label_edge: vec![NO_ARC; 2 * n],
            in_blossom: (0..n as u32).collect(),
            parent: vec![NONE; 2 * n],
            base: (0..n as u32).chain(std::iter::repeat_n(NONE, n)).collect(),
            childs: vec![Vec::new(); 2 * n],
            edges: vec![Vec::new(); 2 * n],
            best_edge: vec![NO_ARC; 2 * n],
            best_slack: vec![W::ZERO; 2 * n],
            best_edges: vec![None; 2 * n],
            dual,
            allowed: vec![0; n * words],
            words,
            queue: Vec::new(),
            unused: (n as u32..2 * n as u32).rev().collect(),
            live: Vec::new(),
        }
    }

    /// Twice the weight of the edge `u`–`v`.
    fn w2(&self, u: u32, v: u32) -> W {
        self.twice[self.pairs[u as usize * self.n + v as usize] as usize]
    }

    fn slack(&self, (u, v): Arc) -> W {
        self.dual[u as usize] + self.dual[v as usize] - self.w2(u, v)
    }

    fn allow(&mut self, (u, v): Arc) {
        let (u, v) = (u as usize, v as usize);
        self.allowed[u * self.words + v / 64] |= 1 << (v % 64);
        self.allowed[v * self.words + u / 64] |= 1 << (u % 64);
    }

    /// The slack of `x`'s best edge (which it has).
    #[inline]
    fn best_slack(&self, x: usize) -> W {
        self.best_slack[x]
    }

    fn set_best(&mut self, x: usize, arc: Arc, slack: W) {
        self.best_edge[x] = arc;
        self.best_slack[x] = slack;
    }

    /// The vertices of a blossom, in the order the reference visits them.
    fn leaves(&self, b: u32) -> Vec<u32> {
        let mut out = Vec::new();
        let mut stack = vec![b];
        while let Some(t) = stack.pop() {
            if (t as usize) < self.n {
                out.push(t);
            } else {
                stack.extend(&self.childs[t as usize]);
            }
        }
        out
    }

    fn is_blossom(&self, b: u32) -> bool {
        b as usize >= self.n
    }

    /// Labels `w`'s top-level blossom `t`, reached from `v` (none for a root); an inner
    /// blossom's base brings its mate in as outer.
    fn assign_label(&mut self, w: u32, t: u8, v: u32) {
        let b = self.in_blossom[w as usize];
        let (wi, bi) = (w as usize, b as usize);
        self.label[wi] = t;
        self.label[bi] = t;
        let edge = if v == NONE { NO_ARC } else { (v, w) };
        self.label_edge[wi] = edge;
        self.label_edge[bi] = edge;
        self.best_edge[wi] = NO_ARC;
        self.best_edge[bi] = NO_ARC;
        if t == S {
            if self.is_blossom(b) {
                let leaves = self.leaves(b);
                self.queue.extend(leaves);
            } else {
                self.queue.push(b);
            }
        } else {
            let base = self.base[bi];
            self.assign_label(self.mate[base as usize], S, base);
        }
    }

    /// Traces the alternating paths from `v` and `w` back to their roots: the base of the new
    /// blossom where they meet, or `NONE` when they reach two roots (an augmenting path).
    fn scan_blossom(&mut self, v: u32, w: u32) -> u32 {
        let mut path = Vec::new();
        let mut base = NONE;
        let (mut v, mut w) = (v, w);
        while v != NONE {
            let b = self.in_blossom[v as usize] as usize;
            if self.label[b] & MARK != 0 {
                base = self.base[b];
                break;
            }
            path.push(b);
            self.label[b] = S | MARK;
            if self.label_edge[b] == NO_ARC {
                v = NONE;
            } else {
                let t = self.label_edge[b].0;
                let bt = self.in_blossom[t as usize] as usize;
                v = self.label_edge[bt].0;
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = S;
        }
        base
    }

    /// Shrinks the cycle closed by the edge `v`–`w` through `base` into a new S-blossom.
    fn add_blossom(&mut self, base: u32, v: u32, w: u32) {
        let bb = self.in_blossom[base as usize];
        let mut bv = self.in_blossom[v as usize];
        let mut bw = self.in_blossom[w as usize];
        let b = self.unused.pop().expect("at most n blossoms");
        let bi = b as usize;
        self.live.push(b);
        self.base[bi] = base;
        self.parent[bi] = NONE;
        self.parent[bb as usize] = b;
        let mut path = Vec::new();
        let mut edges = vec![(v, w)];
        while bv != bb {
            self.parent[bv as usize] = b;
            path.push(bv);
            let e = self.label_edge[bv as usize];
            edges.push(e);
            bv = self.in_blossom[e.0 as usize];
        }
        path.push(bb);
        path.reverse();
        edges.reverse();
        while bw != bb {
            self.parent[bw as usize] = b;
            path.push(bw);
            let e = self.label_edge[bw as usize];
            edges.push((e.1, e.0));
            bw = self.in_blossom[e.0 as usize];
        }
        self.label[bi] = S;
        self.label_edge[bi] = self.label_edge[bb as usize];
        self.dual[bi] = W::ZERO;
        self.childs[bi] = path.clone();
        self.edges[bi] = edges;
        for leaf in self.leaves(b) {
            if self.label[self.in_blossom[leaf as usize] as usize] == T {
                self.queue.push(leaf);
            }
            self.in_blossom[leaf as usize] = b;
        }
        self.best_edges_of(b, &path);
    }

    /// The new blossom `b`'s least-slack edge to each other S-blossom, from its sub-blossoms'
    /// lists where they have them, else from their vertices' edges.
    fn best_edges_of(&mut self, b: u32, path: &[u32]) {
        let mut best_to: Vec<(Arc, W)> = vec![(NO_ARC, W::ZERO); 2 * self.n];
        let mut order: Vec<u32> = Vec::new();
        // `j` is the end of `k` outside `b`, `slack` the edge's if already known.
        let consider = |m: &Self,
                        k: Arc,
                        j: u32,
                        slack: Option<W>,
                        best_to: &mut Vec<(Arc, W)>,
                        order: &mut Vec<u32>| {
            let bj = m.in_blossom[j as usize];
            if bj != b && m.label[bj as usize] == S {
                let slack = slack.unwrap_or_else(|| m.slack(k));
                let old = &mut best_to[bj as usize];
                if old.0 == NO_ARC {
                    order.push(bj);
                    *old = (k, slack);
                } else if slack < old.1 {
                    *old = (k, slack);
                }
            }
        };
        for &bv in path {
            let list = if self.is_blossom(bv) {
                self.best_edges[bv as usize].take()
            } else {
                None
            };
            match list {
                Some(list) => {
                    for k in list {
                        let j = if self.in_blossom[k.1 as usize] == b {
                            k.0
                        } else {
                            k.1
                        };
                        consider(self, k, j, None, &mut best_to, &mut order);
                    }
                }
                None => {
                    for v in self.leaves(bv) {
                        let dv = self.dual[v as usize];
                        let row = &self.pairs[v as usize * self.n..][..self.n];
                        for (u, &h) in row.iter().enumerate() {
                            // The diagonal is not read: `v` is in `b`.
                            let bu = self.in_blossom[u];
                            if h == 0 || bu == b || self.label[bu as usize] != S {
                                continue;
                            }
                            let slack = dv + self.dual[u] - self.twice[h as usize];
                            let k = (v, u as u32);
                            consider(self, k, u as u32, Some(slack), &mut best_to, &mut order);
                        }
                    }
                }
            }
            self.best_edge[bv as usize] = NO_ARC;
        }
        let list: Vec<Arc> = order.iter().map(|&bj| best_to[bj as usize].0).collect();
        let mut best = None;
        for &bj in &order {
            let (k, slack) = best_to[bj as usize];
            if best.is_none_or(|(_, s)| slack < s) {
                best = Some((k, slack));
            }
        }
        match best {
            Some((k, slack)) => self.set_best(b as usize, k, slack),
            None => self.best_edge[b as usize] = NO_ARC,
        }
        self.best_edges[b as usize] = Some(list);
    }

    /// Undoes blossom `b`: at the end of a stage (its dual zero), or when as a T-blossom its
    /// dual reaches zero — then its sub-blossoms on the even path are relabelled.
    fn expand_blossom(&mut self, b: u32, end_stage: bool) {
        let bi = b as usize;
        for s in self.childs[bi].clone() {
            self.parent[s as usize] = NONE;
            if !self.is_blossom(s) {
                self.in_blossom[s as usize] = s;
            } else if end_stage && self.dual[s as usize] == W::ZERO {
                self.expand_blossom(s, end_stage);
            } else {
                for leaf in self.leaves(s) {
                    self.in_blossom[leaf as usize] = s;
                }
            }
        }
        if !end_stage && self.label[bi] == T {
            self.relabel_expanded(b);
        }
        self.label[bi] = FREE;
        self.label_edge[bi] = NO_ARC;
        self.best_edge[bi] = NO_ARC;
        self.best_edges[bi] = None;
        self.parent[bi] = NONE;
        self.base[bi] = NONE;
        self.dual[bi] = W::ZERO;
        self.childs[bi].clear();
        self.edges[bi].clear();
        self.live.retain(|&x| x != b);
        self.unused.push(b);
    }

    /// An expanded T-blossom: the sub-blossoms from the one it was entered by to its base, the
    /// even way round, become T and S in turn; those off that path lose their labels, save
    /// where a vertex of theirs was reached from outside.
    fn relabel_expanded(&mut self, b: u32) {
        let bi = b as usize;
        let childs = self.childs[bi].clone();
        let edges = self.edges[bi].clone();
        let len = childs.len();
        let entry = self.in_blossom[self.label_edge[bi].1 as usize];
        let mut j = childs
            .iter()
            .position(|&c| c == entry)
            .expect("entry child") as isize;
        let step: isize = if j & 1 == 1 {
            j -= len as isize;
            1
        } else {
            -1
        };
        let (mut v, mut w) = self.label_edge[bi];
        while j != 0 {
            let (p, q) = if step == 1 {
                edges[wrap(j, len)]
            } else {
                let (q, p) = edges[wrap(j - 1, len)];
                (p, q)
            };
            self.label[w as usize] = FREE;
            self.label[q as usize] = FREE;
            self.assign_label(w, T, v);
            self.allow((p, q));
            j += step;
            (v, w) = if step == 1 {
                edges[wrap(j, len)]
            } else {
                let (w, v) = edges[wrap(j - 1, len)];
                (v, w)
            };
            self.allow((v, w));
            j += step;
        }
        let bw = childs[wrap(j, len)];
        self.label[w as usize] = T;
        self.label[bw as usize] = T;
        self.label_edge[w as usize] = (v, w);
        self.label_edge[bw as usize] = (v, w);
        self.best_edge[bw as usize] = NO_ARC;
        j += step;
        while childs[wrap(j, len)] != entry {
            let bv = childs[wrap(j, len)];
            if self.label[bv as usize] == S {
                j += step;
                continue;
            }
            let leaves = if self.is_blossom(bv) {
                self.leaves(bv)
            } else {
                vec![bv]
            };
            let v = leaves
                .iter()
                .copied()
                .find(|&x| self.label[x as usize] != FREE)
                .unwrap_or(*leaves.last().expect("a blossom has vertices"));
            if self.label[v as usize] != FREE {
                self.label[v as usize] = FREE;
                let mate = self.mate[self.base[bv as usize] as usize];
                self.label[mate as usize] = FREE;
                self.assign_label(v, T, self.label_edge[v as usize].0);
            }
            j += step;
        }
    }

    /// Swaps matched and unmatched edges on the even path inside blossom `b` from vertex `v`
    /// to its base, which `v` then becomes.
    fn augment_blossom(&mut self, b: u32, v: u32) {
        let bi = b as usize;
        let mut t = v;
        while self.parent[t as usize] != b {
            t = self.parent[t as usize];
        }
        if self.is_blossom(t) {
            self.augment_blossom(t, v);
        }
        let len = self.childs[bi].len();
        let i = self.childs[bi].iter().position(|&c| c == t).expect("child");
        let mut j = i as isize;
        let step: isize = if i & 1 == 1 {
            j -= len as isize;
            1
        } else {
            -1
        };
        while j != 0 {
            j += step;
            let t = self.childs[bi][wrap(j, len)];
            let (w, x) = if step == 1 {
                self.edges[bi][wrap(j, len)]
            } else {
                let (x, w) = self.edges[bi][wrap(j - 1, len)];
                (w, x)
            };
            if self.is_blossom(t) {
                self.augment_blossom(t, w);
            }
            j += step;
            let t = self.childs[bi][wrap(j, len)];
            if self.is_blossom(t) {
                self.augment_blossom(t, x);
            }
            self.mate[w as usize] = x;
            self.mate[x as usize] = w;
        }
        self.childs[bi].rotate_left(i);
        self.edges[bi].rotate_left(i);
        self.base[bi] = self.base[self.childs[bi][0] as usize];
    }

    /// Flips the augmenting path through the edge `v`–`w` back to both roots.
    fn augment_matching(&mut self, v: u32, w: u32) {
        for (s, j) in [(v, w), (w, v)] {
            let (mut s, mut j) = (s, j);
            loop {
                let bs = self.in_blossom[s as usize];
                if self.is_blossom(bs) {
                    self.augment_blossom(bs, s);
                }
                self.mate[s as usize] = j;
                if self.label_edge[bs as usize] == NO_ARC {
                    break;
                }
                let t = self.label_edge[bs as usize].0;
                let bt = self.in_blossom[t as usize];
                (s, j) = self.label_edge[bt as usize];
                if self.is_blossom(bt) {
                    self.augment_blossom(bt, j);
                }
                self.mate[j as usize] = s;
            }
        }
    }

    /// Grows the alternating trees from the queued S-vertices over tight edges; true when a
    /// path augmented the matching.
    fn grow(&mut self) -> bool {
        let n = self.n;
        while let Some(v) = self.queue.pop() {
            let dv = self.dual[v as usize];
            let row = v as usize * n;
            // `v`'s blossom changes only when a new one is made around it.
            let mut bv = self.in_blossom[v as usize];
            // `v`'s row of tight edges as it was: scanning `w` sets no other bit of the row.
            let words = self.words;
            let tight_row: Vec<u64> = self.allowed[v as usize * words..][..words].to_vec();
            let pairs: &'a [u32] = self.pairs;
            for (w, &h) in pairs[row..row + n].iter().enumerate() {
                let w = w as u32;
                // No edge (the diagonal is never one: `v` and `v` share a blossom).
                if h == 0 {
                    continue;
                }
                let bw = self.in_blossom[w as usize];
                if bv == bw {
                    continue;
                }
                let label_w = self.label[bw as usize];
                let free_w = label_w == FREE || self.label[w as usize] == FREE;
                if label_w == T && !free_w {
                    // Tight or not, an edge to a labelled vertex of a T-blossom changes nothing
                    // (and its slack only falls while `v` is S: a later look finds it tight).
                    continue;
                }
                let twice = self.twice[h as usize];
                let mut slack = W::ZERO;
                let mut tight = tight_row[w as usize / 64] >> (w % 64) & 1 == 1;
                if !tight {
                    slack = dv + self.dual[w as usize] - twice;
                    if slack <= W::ZERO {
                        self.allow((v, w));
                        tight = true;
                    }
                }
                if tight {
                    if label_w == FREE {
                        self.assign_label(w, T, v);
                    } else if label_w == S {
                        let base = self.scan_blossom(v, w);
                        if base != NONE {
                            self.add_blossom(base, v, w);
                            bv = self.in_blossom[v as usize];
                        } else {
                            self.augment_matching(v, w);
                            return true;
                        }
                    } else {
                        self.label[w as usize] = T;
                        self.label_edge[w as usize] = (v, w);
                    }
                } else if label_w == S {
                    let b = bv as usize;
                    if self.best_edge[b] == NO_ARC || slack < self.best_slack(b) {
                        self.set_best(b, (v, w), slack);
                    }
                } else if free_w {
                    let x = w as usize;
                    if self.best_edge[x] == NO_ARC || slack < self.best_slack(x) {
                        self.set_best(x, (v, w), slack);
                    }
                }
            }
        }
        false
    }

    /// Changes the duals by the largest step that keeps them feasible; false when the optimum
    /// is reached (a vertex dual hit zero).
    fn adjust_duals(&mut self) -> bool {
        let (delta, step) = self.dual_step();
        self.change_duals(delta);
        match step {
            Step::Done => false,
            Step::Edge(e) => {
                self.allow(e);
                self.queue.push(e.0);
                true
            }
            Step::Expand(b) => {
                self.expand_blossom(b, false);
                true
            }
        }
    }

    /// The largest change of the duals that keeps them feasible, and the step it ends with: a
    /// vertex dual reaching zero, an edge becoming tight, a T-blossom's dual reaching zero.
    fn dual_step(&self) -> (W, Step) {
        let n = self.n;
        let mut step = Step::Done;
        let mut delta = *self.dual[..n].iter().min().expect("vertices");
        for v in 0..n {
            let e = self.best_edge[v];
            if self.label[self.in_blossom[v] as usize] == FREE && e != NO_ARC {
                let d = self.best_slack(v);
                if d < delta {
                    delta = d;
                    step = Step::Edge(e);
                }
            }
        }
        for k in 0..n + self.live.len() {
            let b = if k < n { k as u32 } else { self.live[k - n] };
            let (bi, e) = (b as usize, self.best_edge[b as usize]);
            if self.parent[bi] == NONE && self.label[bi] == S && e != NO_ARC {
                let d = self.best_slack(bi).half();
                if d < delta {
                    delta = d;
                    step = Step::Edge(e);
                }
            }
        }
        for &b in &self.live {
            let bi = b as usize;
            if self.parent[bi] == NONE && self.label[bi] == T && self.dual[bi] < delta {
                delta = self.dual[bi];
                step = Step::Expand(b);
            }
        }
        (delta, step)
    }

    /// Changes the duals by `delta`: S vertices down, T vertices up, outermost blossoms the
    /// other way, the best edges' slacks with their ends.
    fn change_duals(&mut self, delta: W) {
        let n = self.n;
        // The best edges' slacks follow their ends' duals (no label changes in between).
        let change = |m: &Self, v: u32| match m.label[m.in_blossom[v as usize] as usize] {
            S => -1,
            T => 1,
            _ => 0,
        };
        for x in 0..2 * n {
            let (a, b) = self.best_edge[x];
            if a != NONE {
                match change(self, a) + change(self, b) {
                    -2 => self.best_slack[x] -= delta.double(),
                    -1 => self.best_slack[x] -= delta,
                    1 => self.best_slack[x] += delta,
                    2 => self.best_slack[x] += delta.double(),
                    _ => {}
                }
            }
        }
        for v in 0..n {
            match self.label[self.in_blossom[v] as usize] {
                S => self.dual[v] -= delta,
                T => self.dual[v] += delta,
                _ => {}
            }
        }
        for &b in &self.live {
            let bi = b as usize;
            if self.parent[bi] == NONE {
                match self.label[bi] {
                    S => self.dual[bi] += delta,
                    T => self.dual[bi] -= delta,
                    _ => {}
                }
            }
        }
        debug_assert!((0..2 * n).all(|x| {
            self.best_edge[x] == NO_ARC || self.best_slack[x] == self.slack(self.best_edge[x])
        }));
    }

    fn solve(&mut self) {
        loop {
            self.label.fill(FREE);
            self.label_edge.fill(NO_ARC);
            self.best_edge.fill(NO_ARC);
            for b in self.n..2 * self.n {
                self.best_edges[b] = None;
            }
            self.allowed.fill(0);
            self.queue.clear();
            for v in 0..self.n as u32 {
                if self.mate[v as usize] == NONE
                    && self.label[self.in_blossom[v as usize] as usize] == FREE
                {
                    self.assign_label(v, S, NONE);
                }
            }
            let augmented = loop {
                if self.grow() {
                    break true;
                }
                if !self.adjust_duals() {
                    break false;
                }
            };
            if !augmented {
                return;
            }
            for b in self.live.clone() {
                let bi = b as usize;
                if self.base[bi] != NONE
                    && self.parent[bi] == NONE
                    && self.label[bi] == S
                    && self.dual[bi] == W::ZERO
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The best total by trying every matching.
    fn brute(w: &[Vec<i64>]) -> i64 {
        fn rec(w: &[Vec<i64>], used: &mut Vec<bool>) -> i64 {
            let Some(i) = used.iter().position(|&u| !u) else {
                return 0;
            };
            used[i] = true;
            let mut best = rec(w, used);
            for j in i + 1..w.len() {
                if !used[j] && w[i][j] > 0 {
                    used[j] = true;
                    best = best.max(w[i][j] + rec(w, used));
                    used[j] = false;
                }
            }
            used[i] = false;
            best
        }
        rec(w, &mut vec![false; w.len()])
    }

    fn total(w: &[Vec<i64>], mate: &[Option<usize>]) -> i64 {
        let mut t = 0;
        for (i, m) in mate.iter().enumerate() {
            if let Some(j) = *m {
                assert_eq!(mate[j], Some(i), "mates are mutual");
                assert!(w[i][j] > 0, "only edges are matched");
                if i < j {
                    t += w[i][j];
                }
            }
        }
        t
    }

    // A symmetric fill writes two cells per pair: indices read best.
    #[allow(clippy::needless_range_loop)]
    fn random_graph(n: usize, seed: &mut u64, density: u64, range: u64) -> Vec<Vec<i64>> {
        let mut next = || {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            *seed >> 33
        };
        let mut w = vec![vec![0i64; n]; n];
        for i in 0..n {
            for j in 0..i {
                if next() % 100 < density {
                    let v = (next() % range) as i64 + 1;
                    w[i][j] = v;
                    w[j][i] = v;
                }
            }
        }
        w
    }

    #[test]
    fn a_small_textbook_graph() {
        // networkx's doc example: 1-2:6 1-3:2 2-3:1 2-4:7 3-5:9 4-5:3 → {2-4, 3-5}.
        let mut w = vec![vec![0i64; 5]; 5];
        for (a, b, x) in [
            (0, 1, 6),
            (0, 2, 2),
            (1, 2, 1),
            (1, 3, 7),
            (2, 4, 9),
            (3, 4, 3),
        ] {
            w[a][b] = x;
            w[b][a] = x;
        }
        let mate = max_weight_matching(5, |u, v| w[u][v]);
        assert_eq!(mate, vec![None, Some(3), Some(4), Some(1), Some(2)]);
    }

    #[test]
    fn blossoms_nested_and_expanded() {
        // Van Rantwijk's cases for a blossom expanded as a T-blossom and nested blossoms
        // re-expanded after augmenting: the optimum mates are known.
        type Case<'a> = (&'a [(usize, usize, i64)], &'a [Option<usize>]);
        let cases: &[Case] = &[
            (
                &[
                    (1, 2, 45),
                    (1, 5, 45),
                    (2, 3, 50),
                    (3, 4, 45),
                    (4, 5, 50),
                    (1, 6, 30),
                    (3, 9, 35),
                    (4, 8, 35),
                    (5, 7, 26),
                    (9, 10, 5),
                ],
                &[
                    None,
                    Some(6),
                    Some(3),
                    Some(2),
                    Some(8),
                    Some(7),
                    Some(1),
                    Some(5),
                    Some(4),
                    Some(10),
                    Some(9),
                ],
            ),
            (
                &[
                    (1, 2, 45),
                    (1, 7, 45),
                    (2, 3, 50),
                    (3, 4, 45),
                    (4, 5, 95),
                    (4, 6, 94),
                    (5, 6, 94),
                    (6, 7, 50),
                    (1, 8, 30),
                    (3, 11, 35),
                    (5, 9, 36),
                    (7, 10, 26),
                    (11, 12, 5),
                ],
                &[
                    None,
                    Some(8),
                    Some(3),
                    Some(2),
                    Some(6),
                    Some(9),
                    Some(4),
                    Some(10),
                    Some(1),
                    Some(5),
                    Some(7),
                    Some(12),
                    Some(11),
                ],
            ),
        ];
        for &(edges, expected) in cases {
            let n = expected.len();
            let mut w = vec![vec![0i64; n]; n];
            for &(a, b, x) in edges {
                w[a][b] = x;
                w[b][a] = x;
            }
            let mate = max_weight_matching(n, |u, v| w[u][v]);
            assert_eq!(mate, expected);
        }
    }

    #[test]
    fn random_graphs_reach_the_brute_force_optimum() {
        let mut seed = 11;
        for round in 0..400 {
            let n = 2 + round % 11;
            let density = [30, 60, 100][round % 3];
            let range = [3, 20, 1000][(round / 3) % 3];
            let w = random_graph(n, &mut seed, density, range);
            let mate = max_weight_matching(n, |u, v| w[u][v]);
            assert_eq!(total(&w, &mate), brute(&w), "graph {round}: {w:?}");
        }
    }

    /// The same mates as networkx's solver, ties included, on 300 graphs full of equal weights
    /// (tests/data/matching/make.py): the method is followed step by step, not just to an
    /// optimum.
    #[test]
    fn the_mates_networkx_gives_ties_included() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/matching/networkx.txt"
        );
        let text = std::fs::read_to_string(path).unwrap();
        let mut cases = 0;
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let parts: Vec<&str> = line.split(';').map(str::trim).collect();
            let n: usize = parts[0].parse().unwrap();
            let mut w = vec![vec![0i64; n]; n];
            for e in parts[1].split_whitespace() {
                let (uv, x) = e.split_once(':').unwrap();
                let (u, v) = uv.split_once('-').unwrap();
                let (u, v): (usize, usize) = (u.parse().unwrap(), v.parse().unwrap());
                w[u][v] = x.parse().unwrap();
                w[v][u] = w[u][v];
            }
            let expected: Vec<Option<usize>> = parts[2]
                .split_whitespace()
                .map(|m| m.parse().ok())
                .collect();
            assert_eq!(max_weight_matching(n, |u, v| w[u][v]), expected, "{line}");
            cases += 1;
        }
        assert_eq!(cases, 300);
    }

    /// Larger graphs against the crate the pairing used before (totals: the optimum may not
    /// be unique).
    #[test]
    fn large_graphs_match_integer_blossom() {
        let mut seed = 5;
        for (n, density, range) in [
            (60, 50, 10),
            (90, 20, 1_000_000),
            (120, 100, 4),
            (75, 8, 50),
        ] {
            let w = random_graph(n, &mut seed, density, range);
            let flat: Vec<i64> = w.iter().flatten().copied().collect();
            let theirs = integer_blossom::max_weight_matching(&flat, n);
            let ours = max_weight_matching(n, |u, v| w[u][v]);
            assert_eq!(total(&w, &ours), total(&w, &theirs), "n = {n}");
        }
    }
}
