//! The FIDE Dutch system, 2025 edition (C.04.3, in force since 1 February 2026), computed the
//! way the FIDE-endorsed bbpPairings computes it, so that the pairing is *the* Dutch pairing.
//!
//! The method (learnt from bbpPairings' source and the rules, written anew here): one maximum-
//! weight matching over every player of the round, its edge weights made of bit fields, one per
//! criterion, the more important ones higher. Brackets (score groups) are settled from the top:
//! while bracket *i* is settled, only the pairs that touch it and the next score group carry
//! that bracket's criteria (pairs in the bracket, scores paired, colours, floats); every other
//! pair keeps a weight that only asks for a complete legal pairing of the whole round, so no
//! choice in a bracket can leave the rest unpairable. Each decision of the bracket procedure
//! (which moved-down players are paired and with whom, which S1 players leave S1 and which S2
//! players come in, the highest follower for each lead) is taken by asking whether an optimal
//! matching exists with that choice: a one-unit bonus in bits below every criterion, a new
//! matching, then the decision is frozen. Colours follow the E rules, the board order C.04.2.
//!
//! The input is neutral (rounds as entries), built from an event or a TRF file.

// The bracket procedure works on positions in the bracket's list and on vertices at once, as
// the method is written: index loops say that more plainly than iterator chains.
#![allow(clippy::needless_range_loop, clippy::explicit_counter_loop)]

use std::collections::BTreeSet;

use super::blossom::{max_weight_matching, triangle, Weight};

use super::narrow;

use super::wide::Wide;
use crate::rules::Color;

/// One round of a player's history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The opponent (index into [`Input::players`]), for a game paired with one.
    pub opponent: Option<usize>,
    /// The colour of a played game (game 1's for a micromatch).
    pub colour: Option<Color>,
    /// What the round scored.
    pub points: u32,
    /// A game over the board (not a forfeit, not a bye).
    pub played: bool,
    /// The player was paired: with an opponent, or the pairing-allocated bye.
    pub participated: bool,
}

impl Entry {
    /// A round without an opponent and without the bye: absent, or a requested bye.
    pub fn unpaired(points: u32) -> Entry {
        Entry {
            opponent: None,
            colour: None,
            points,
            played: false,
            participated: false,
        }
    }

    fn pab(&self) -> bool {
        self.participated && self.opponent.is_none()
    }
}

#[derive(Clone, Debug)]
pub struct PlayerInput {
    /// Rounds 1..R, one entry each.
    pub entries: Vec<Entry>,
    /// Not paired in the round being paired (absent, or a requested bye).
    pub absent: bool,
}

/// What the pairing of one round needs to know, players in pairing-number order.
#[derive(Clone, Debug)]
pub struct Input {
    pub players: Vec<PlayerInput>,
    /// Rounds already played (R); the round paired is R + 1.
    pub rounds_played: usize,
    /// Rounds the event plans (the last one has the topscorer rules).
    pub rounds_planned: usize,
    /// The colour drawn by lot before round 1 (E.5).
    pub initial_colour: Color,
    /// Points of a won round (a won game or micromatch, the bye).
    pub win: u32,
    /// Points of a drawn round.
    pub draw: u32,
    /// Pairs that must not meet (besides players who have played each other).
    pub forbidden: Vec<(usize, usize)>,
    /// Points added to each player's score for pairing only (accelerated rounds); empty: none.
    pub acceleration: Vec<u32>,
}

/// Which colour rule (C.04.3 E) decided a pair's colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourRule {
    /// E.1: both preferences granted (or the only one there is).
    BothGranted,
    /// E.2: the stronger preference granted (absolute over strong over mild, the wider colour
    /// difference among absolute ones).
    StrongerGranted,
    /// E.3: colours alternate from the latest round in which they differed.
    Alternate,
    /// E.4: the higher-ranked player's preference granted.
    HigherGranted,
    /// E.5: no colour history: the initial colour drawn by lot, by the higher player's rank.
    Initial,
}

/// One pair of the round, by input index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pair {
    pub white: usize,
    pub black: usize,
    pub rule: ColourRule,
}

/// The pairing of the round in board order, and the bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Output {
    pub pairs: Vec<Pair>,
    pub bye: Option<usize>,
    /// Players left unpaired when no pairing satisfies the absolute criteria: the pairs are then
    /// only as many legal pairs as can be made, for the arbiter to complete by hand.
    pub unpaired: Vec<usize>,
}

/// An absolute criterion a pairing breaks, by input index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Broken {
    /// They have played each other.
    Rematch(usize, usize),
    /// A pair the arbiter forbade.
    Forbidden(usize, usize),
    /// The player gets a colour against his absolute preference (a third in a row, or a
    /// difference beyond 2), outside the topscorers' exception of the last round.
    ColourLimit(usize, Color),
    /// The bye to a player who had the bye, a win without playing, or a full-point bye.
    SecondBye(usize),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Float {
    Down,
    Up,
    None,
}

/// A player's state before the round (C.04.3 A.6, A.7).
#[derive(Clone, Debug)]
struct State {
    index: usize,
    /// Position among the valid players in pairing-number order (from 0).
    rank: usize,
    score: u64,
    imbalance: u32,
    pref: Option<Color>,
    repeated: Option<Color>,
    abs_imbalance: bool,
    absolute: bool,
    strong: bool,
    met: BTreeSet<usize>,
    eligible: bool,
    played: usize,
    /// Float one and two rounds back.
    floats: [Float; 2],
    /// Colours of played games, latest first.
    colours_back: Vec<Color>,
}

fn opposite(c: Option<Color>) -> Option<Color> {
    c.map(Color::opposite)
}

fn prefs_compatible(a: Option<Color>, b: Option<Color>) -> bool {
    a != b || a.is_none()
}

fn bits(n: usize) -> u32 {
    usize::BITS - n.leading_zeros()
}

/// The states of the valid players (every present player, and absent ones who have ever been
/// paired), with their rank indices.
fn states(input: &Input) -> Vec<Option<State>> {
    let valid: Vec<bool> = input
        .players
        .iter()
        .map(|p| !p.absent || p.entries.iter().any(|e| e.participated))
        .collect();
    let mut rank = 0;
    let mut out = Vec::with_capacity(input.players.len());
    for (i, p) in input.players.iter().enumerate() {
        if !valid[i] {
            out.push(None);
            continue;
        }
        let ColourHistory {
            played: colours,
            imbalance,
            pref,
            repeated,
        } = colour_history(p);
        let abs_imbalance = imbalance > 1;
        let absolute = abs_imbalance || repeated.is_some();
        out.push(Some(State {
            index: i,
            rank,
            score: score_back(input, i, 0)
                + u64::from(input.acceleration.get(i).copied().unwrap_or(0)),
            imbalance,
            pref,
            repeated,
            abs_imbalance,
            absolute,
            strong: !absolute && imbalance > 0,
            met: p
                .entries
                .iter()
                .filter(|e| e.played)
                .filter_map(|e| e.opponent)
                .collect(),
            eligible: !p
                .entries
                .iter()
                .any(|e| !e.played && (e.points >= input.win || e.pab())),
            played: p.entries.iter().filter(|e| e.played).count(),
            floats: [float(input, i, 1), float(input, i, 2)],
            colours_back: colours.into_iter().rev().collect(),
        }));
        rank += 1;
    }
    for &(a, b) in &input.forbidden {
        if let Some(s) = out[a].as_mut() {
            s.met.insert(b);
        }
        if let Some(s) = out[b].as_mut() {
            s.met.insert(a);
        }
    }
    out
}

/// Player `i`'s score `back` rounds ago (0: now, before the round being paired).
fn score_back(input: &Input, i: usize, back: usize) -> u64 {
    let r = input.rounds_played;
    let e = &input.players[i].entries;
    e[..r.saturating_sub(back).min(e.len())]
        .iter()
        .map(|x| u64::from(x.points))
        .sum()
}

/// A player's colour history and the colour preference it gives (C.04.3 A.6).
struct ColourHistory {
    /// The colours of his played games, in order.
    played: Vec<Color>,
    /// The colour difference, whites against blacks.
    imbalance: u32,
    pref: Option<Color>,
    /// The colour of his last two games, when they had the same.
    repeated: Option<Color>,
}

fn colour_history(p: &PlayerInput) -> ColourHistory {
    let (mut w, mut b, mut run, mut last) = (0u32, 0u32, 0u32, None);
    let mut colours = Vec::new();
    for e in p.entries.iter().filter(|e| e.played) {
        let c = e.colour.unwrap_or(Color::White);
        colours.push(c);
        match c {
            Color::White => w += 1,
            Color::Black => b += 1,
        }
        run = if last == Some(c) { run + 1 } else { 1 };
        last = Some(c);
    }
    let imbalance = w.abs_diff(b);
    let lower = if w > b { Color::Black } else { Color::White };
    let pref = if imbalance > 1 {
        Some(lower)
    } else if run > 1 {
        opposite(last)
    } else if imbalance > 0 {
        Some(lower)
    } else if run >= 1 {
        opposite(last)
    } else {
        None
    };
    let repeated = if run > 1 { last } else { None };
    ColourHistory {
        played: colours,
        imbalance,
        pref,
        repeated,
    }
}

/// Player `i`'s float `back` rounds ago (C.04.3 A.4): down when he met a lower score or had
/// points without a game, up when he met a higher score.
fn float(input: &Input, i: usize, back: usize) -> Float {
    let r = input.rounds_played;
    let p = &input.players[i];
    if r < back {
        return Float::None;
    }
    let Some(e) = p.entries.get(r - back) else {
        return Float::None;
    };
    if !e.played {
        return if e.points > 0 {
            Float::Down
        } else {
            Float::None
        };
    }
    let mine = score_back(input, i, back);
    let theirs = e.opponent.map_or(0, |o| score_back(input, o, back));
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => Float::Down,
        std::cmp::Ordering::Less => Float::Up,
        std::cmp::Ordering::Equal => Float::None,
    }
}

/// The round's constants for the weights.
struct Ctx<'a> {
    input: &'a Input,
    /// Bits of the largest score group (S).
    s: u32,
    /// Bits of all score groups together (G).
    g: u32,
    /// Each score's sub-field inside a G-wide field (lowest scores lowest).
    shift: std::collections::BTreeMap<u64, u32>,
    /// Scores above this are topscorers (only in the last round).
    topscorer_above: u64,
    last_round: bool,
}

impl Ctx<'_> {
    fn compatible(&self, a: &State, b: &State) -> bool {
        if a.met.contains(&b.index) {
            return false;
        }
        if !a.absolute || !b.absolute || a.pref != b.pref {
            return true;
        }
        self.last_round && (a.score > self.topscorer_above || b.score > self.topscorer_above)
    }

    fn sh(&self, score: u64) -> u32 {
        self.shift[&score]
    }
}

/// Bits of an edge weight below its top (2-bit) field, for S, G and R rounds played.
fn weight_bits(s: u32, g: u32, rounds_played: usize) -> u32 {
    let mut n = s + g + s + g + 2 * s + 4 * s;
    if rounds_played >= 1 {
        n += 2 * s + 2 * g;
    }
    if rounds_played >= 2 {
        n += 2 * s + 2 * g;
    }
    n + 3 * s + 1
}

/// The weights of the round, built in a wide integer type `W`.
trait Field: Weight {
    fn small(v: u64) -> Self;
    fn pow2(n: u32) -> Self;
    fn times2pow(self, n: u32) -> Self;
}

impl<const L: usize> Field for Wide<L> {
    fn small(v: u64) -> Self {
        Wide::from_u64(v)
    }
    fn pow2(n: u32) -> Self {
        Wide::bit(n)
    }
    fn times2pow(self, n: u32) -> Self {
        self.shifted_left(n)
    }
}

struct Bye<'a> {
    score: u64,
    single: bool,
    ranks: &'a std::collections::BTreeMap<usize, u64>,
}

/// The weight of the pair `h` (the higher in the order) – `l`; 0 if they may not meet.
fn edge<W: Field>(c: &Ctx, h: &State, l: &State, in_cur: bool, in_next: bool, bye: &Bye) -> W {
    if !c.compatible(h, l) {
        return W::ZERO;
    }
    let (s, g) = (c.s, c.g);
    let b = |x: bool| W::small(u64::from(x));
    let nc = |p: &State| u64::from(!(p.eligible && p.score <= bye.score));
    let mut w = W::small(1 + nc(h) + nc(l));
    // Pairs in the bracket, then the scores paired there; the same for the next bracket.
    for inside in [in_cur, in_next] {
        w = w.times2pow(s) + b(inside);
        w = w.times2pow(g)
            + if inside {
                W::pow2(c.sh(h.score))
            } else {
                W::ZERO
            };
    }
    w = w.times2pow(2 * s);
    if bye.single {
        for p in [h, l] {
            if p.score == bye.score {
                w += W::small(bye.ranks[&p.played]);
            }
        }
    }
    let (p, o) = (l, h);
    w = w.times2pow(s) + b(in_cur && (!p.abs_imbalance || !o.abs_imbalance || p.pref != o.pref));
    let third = if p.imbalance == o.imbalance {
        p.repeated.is_none() || p.repeated != o.repeated
    } else {
        let q = if p.imbalance > o.imbalance { o } else { p };
        q.repeated != opposite(p.pref)
    };
    w = w.times2pow(s) + b(in_cur && (!p.absolute || !o.absolute || p.pref != o.pref || third));
    w = w.times2pow(s) + b(in_cur && prefs_compatible(p.pref, o.pref));
    w = w.times2pow(s)
        + b(in_cur
            && ((!p.strong && !p.absolute)
                || (!o.strong && !o.absolute)
                || (p.absolute && o.absolute)
                || p.pref != o.pref));
    let backs: &[usize] = match c.input.rounds_played {
        0 => &[],
        1 => &[0],
        _ => &[0, 1],
    };
    for &k in backs {
        w = w.times2pow(s);
        if in_cur {
            let n = u64::from(l.floats[k] == Float::Down)
                + u64::from(h.score <= l.score && h.floats[k] == Float::Down);
            w += W::small(n);
        }
        w = w.times2pow(s);
        if in_cur {
            w += b(!(h.score > l.score && l.floats[k] == Float::Up));
        }
    }
    for &k in backs {
        w = w.times2pow(g);
        if in_cur {
            if l.floats[k] == Float::Down {
                w += W::pow2(c.sh(l.score));
            }
            if h.floats[k] == Float::Down {
                w += W::pow2(c.sh(h.score));
            }
        }
        w = w.times2pow(g);
        if in_cur && !(l.floats[k] == Float::Up && h.score > l.score) {
            w += W::pow2(c.sh(h.score));
        }
    }
    w.times2pow(3 * s + 1)
}

/// The weight matrix of the round and its solver; frozen pairs are left out of the solves.
/// A round has few distinct weights (most pairs outside the bracket being paired share a
/// handful), so each is kept once in `values` and a pair holds its index: 4 bytes a pair
/// where a 1,000-player round's weights are 1,000 bits wide.
struct Solver<const L: usize> {
    n: usize,
    /// The pairs `a > b`, as a triangle.
    slot: Vec<u32>,
    values: Values<L>,
    frozen: Vec<Option<usize>>,
}

/// Distinct weights, counted by the pairs holding them; index 0 is zero (no edge).
struct Values<const L: usize> {
    table: Vec<Wide<L>>,
    refs: Vec<u32>,
    index: std::collections::HashMap<Wide<L>, u32>,
    unused: Vec<u32>,
}

impl<const L: usize> Values<L> {
    fn new() -> Self {
        Values {
            table: vec![Wide::ZERO],
            refs: vec![u32::MAX],
            index: std::collections::HashMap::new(),
            unused: Vec::new(),
        }
    }

    /// `v`'s index, counted once more.
    fn take(&mut self, v: Wide<L>) -> u32 {
        if v == Wide::ZERO {
            return 0;
        }
        if let Some(&h) = self.index.get(&v) {
            self.refs[h as usize] += 1;
            return h;
        }
        let h = match self.unused.pop() {
            Some(h) => {
                self.table[h as usize] = v;
                self.refs[h as usize] = 1;
                h
            }
            None => {
                self.table.push(v);
                self.refs.push(1);
                u32::try_from(self.table.len() - 1).expect("a round's weights fit u32")
            }
        };
        self.index.insert(v, h);
        h
    }

    fn give_back(&mut self, h: u32) {
        if h == 0 {
            return;
        }
        let r = &mut self.refs[h as usize];
        *r -= 1;
        if *r == 0 {
            self.index.remove(&self.table[h as usize]);
            self.unused.push(h);
        }
    }
}

impl<const L: usize> Solver<L> {
    fn new(n: usize) -> Solver<L> {
        Solver {
            n,
            slot: vec![0; n * n.saturating_sub(1) / 2],
            values: Values::new(),
            frozen: vec![None; n],
        }
    }

    fn set(&mut self, a: usize, b: usize, v: Wide<L>) {
        if a != b {
            let k = triangle(a, b);
            let h = self.values.take(v);
            self.values.give_back(self.slot[k]);
            self.slot[k] = h;
        }
    }

    /// The weights among `vertices`, for the matching.
    fn weights<'a>(
        &'a self,
        vertices: &'a [usize],
    ) -> narrow::Weights<'a, L, impl Fn(usize, usize) -> u32 + 'a> {
        narrow::Weights {
            m: vertices.len(),
            pair: move |i, j| self.slot[triangle(vertices[i], vertices[j])],
            table: &self.values.table,
        }
    }

    /// Each vertex's mate (itself when unmatched).
    fn solve(&self) -> Vec<usize> {
        let open: Vec<usize> = (0..self.n).filter(|&v| self.frozen[v].is_none()).collect();
        let matching = narrow::matching(&self.weights(&open));
        let mut mate: Vec<usize> = (0..self.n).map(|v| self.frozen[v].unwrap_or(v)).collect();
        for (i, mi) in matching.into_iter().enumerate() {
            if let Some(j) = mi {
                mate[open[i]] = open[j];
            }
        }
        mate
    }

    /// As `solve`, with `bonus` added to the named edges below every weight (the weights are
    /// taken times `2^shift`); `None` when the weights leave no room for it.
    fn solve_bonus(&self, bonus: &[(usize, usize, u64)], shift: u32) -> Option<Vec<usize>> {
        let open: Vec<usize> = (0..self.n).filter(|&v| self.frozen[v].is_none()).collect();
        let mut mate: Vec<usize> = (0..self.n).map(|v| self.frozen[v].unwrap_or(v)).collect();
        for (v, m) in self.solve_on(&open, bonus, shift)? {
            mate[v] = m.unwrap_or(v);
        }
        Some(mate)
    }

    /// The optimum among `vertices` alone with a bonus as in `solve_bonus`: each vertex with
    /// its mate, if any (`None` when there is no room for the bonus).
    fn solve_on(
        &self,
        vertices: &[usize],
        bonus: &[(usize, usize, u64)],
        shift: u32,
    ) -> Option<Vec<(usize, Option<usize>)>> {
        let mut index = vec![usize::MAX; self.n];
        for (i, &v) in vertices.iter().enumerate() {
            index[v] = i;
        }
        let extra: Vec<(usize, usize, u64)> = bonus
            .iter()
            .map(|&(a, b, add)| (index[a], index[b], add))
            .filter(|&(i, j, _)| i != usize::MAX && j != usize::MAX)
            .collect();
        let matching = narrow::narrowed(
            &self.weights(vertices),
            Some(narrow::Bonus {
                edges: &extra,
                shift,
            }),
        )?;
        Some(
            matching
                .into_iter()
                .enumerate()
                .map(|(i, mi)| (vertices[i], mi.map(|j| vertices[j])))
                .collect(),
        )
    }

    fn freeze(&mut self, a: usize, b: usize) {
        self.frozen[a] = Some(b);
        self.frozen[b] = Some(a);
        for x in 0..self.n {
            self.set(a, x, Wide::ZERO);
            self.set(b, x, Wide::ZERO);
        }
    }
}

/// Pairs the round.
pub fn pair(input: &Input) -> Output {
    let states = states(input);
    let mut players: Vec<State> = states
        .iter()
        .enumerate()
        .filter(|(i, _)| !input.players[*i].absent)
        .filter_map(|(_, s)| s.clone())
        .collect();
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.rank.cmp(&b.rank)));
    if players.is_empty() {
        return Output {
            pairs: vec![],
            bye: None,
            unpaired: vec![],
        };
    }
    // The width the weights need, with headroom for the solver's sums and doubled duals.
    let (s, g) = score_fields(&players);
    let needed = weight_bits(s, g, input.rounds_played) + 2 + bits(players.len()) + 8;
    match needed {
        // Each limb more costs every addition of the solver: the width follows the need.
        0..=128 => pair_in::<2>(input, players),
        129..=192 => pair_in::<3>(input, players),
        193..=256 => pair_in::<4>(input, players),
        257..=384 => pair_in::<6>(input, players),
        385..=512 => pair_in::<8>(input, players),
        513..=768 => pair_in::<12>(input, players),
        769..=1024 => pair_in::<16>(input, players),
        1025..=2048 => pair_in::<32>(input, players),
        2049..=4096 => pair_in::<64>(input, players),
        _ => pair_in::<128>(input, players),
    }
}

/// S and G of the round, from the score groups of the players to pair (sorted by score).
fn score_fields(players: &[State]) -> (u32, u32) {
    let mut g = 0;
    let mut largest = 0;
    let mut i = 0;
    while i < players.len() {
        let j = players[i..]
            .iter()
            .position(|p| p.score != players[i].score)
            .map_or(players.len(), |k| i + k);
        g += bits(j - i);
        largest = largest.max(j - i);
        i = j;
    }
    (bits(largest), g)
}

/// The round's constants for the weights: the score fields and each score group's place in
/// them (§4 of docs/swiss-dutch-method.md).
fn round_constants<'a>(input: &'a Input, players: &[State]) -> Ctx<'a> {
    let n = players.len();
    let mut shift = std::collections::BTreeMap::new();
    let mut acc = 0;
    let mut i = n;
    while i > 0 {
        let mut j = i;
        while j > 0 && players[j - 1].score == players[i - 1].score {
            j -= 1;
        }
        shift.insert(players[i - 1].score, acc);
        acc += bits(i - j);
        i = j;
    }
    let (s, g) = score_fields(players);
    let r = input.rounds_played as u64;
    Ctx {
        input,
        s,
        g,
        shift,
        topscorer_above: (r * u64::from(input.win.max(input.draw))) / 2,
        last_round: input.rounds_planned > 0 && input.rounds_played + 1 >= input.rounds_planned,
    }
}

/// A round being paired: the weights, the current optimum and who is paired so far.
struct Pairer<'a, const L: usize> {
    ctx: Ctx<'a>,
    players: &'a [State],
    sol: Solver<L>,
    /// Each vertex's mate in the last optimum (itself when unmatched).
    mate: Vec<usize>,
    /// Paired in its bracket (the MDPs chosen in (B), their opponents, leads and followers).
    matched: Vec<bool>,
    result: Vec<Option<usize>>,
    /// The score at which the pairing-allocated bye falls (phase 0), and whether C.9 applies
    /// in the bracket being paired.
    bye_score: u64,
    single: bool,
    /// Played games → their rank among the players of the bye score (C.9).
    ranks: std::collections::BTreeMap<usize, u64>,
}

/// A follower: its place in the bracket, its vertex, its rank bonus.
type Ranked = (usize, usize, u64);

/// (H): lead `a`'s followers in `rem` that may meet him and are not `matched` yet, highest
/// first, each with the rank bonus it is given: how many unmatched followers rank below it.
fn ranked_followers<const L: usize>(
    br: &Bracket<L>,
    rem: &[usize],
    matched: &[bool],
    a: usize,
) -> Vec<Ranked> {
    let mut add = 0u64;
    let mut out = Vec::new();
    for &b in rem.iter().rev() {
        let vb = br.list[b];
        if b <= a || matched[vb] {
            continue;
        }
        if br.base(b, a) != Wide::ZERO {
            out.push((b, vb, add));
        }
        add += 1;
    }
    out.reverse();
    out
}

/// The bracket being paired: its moved-down players (positions `0..mdp`), its residents
/// (`mdp..next`), then the whole next score group (`next..`), as vertices in `list`.
struct Bracket<const L: usize> {
    list: Vec<usize>,
    mdp: usize,
    /// Vertex of the first resident, and of the first player of the next score group.
    res_begin_v: usize,
    next_begin_v: usize,
    /// Position in `list` of the first player of the next score group.
    next: usize,
    /// Vertex of the first player of the next score group.
    group: usize,
    /// The weight of positions `s < l` as (A) set it, at `l * (l - 1) / 2 + s` (a triangle:
    /// only earlier positions are ever asked).
    base: Vec<Wide<L>>,
}

impl<const L: usize> Bracket<L> {
    fn size(&self) -> usize {
        self.list.len()
    }

    fn base(&self, l: usize, s: usize) -> Wide<L> {
        self.base[triangle(l, s)]
    }

    fn clear(&mut self, l: usize, s: usize) {
        self.base[triangle(l, s)] = Wide::ZERO;
    }

    fn is_resident(&self, v: usize) -> bool {
        self.res_begin_v <= v && v < self.next_begin_v
    }

    /// A remainder player is a lead when its mate is a later resident.
    fn lead(&self, mate: &[usize], r: usize) -> bool {
        let v = self.list[r];
        v < mate[v] && mate[v] < self.next_begin_v
    }

    /// The remainder weight of positions `s < l` with the exchange bonus of (D): S1 players
    /// (`spos < p`) as leads first, then the smallest sum of the leads' positions.
    fn ex(&self, ss: u32, s: usize, l: usize, spos: usize, p: usize) -> Wide<L> {
        let r = self.base(l, s);
        if r == Wide::ZERO {
            return r;
        }
        let bonus = if spos < p {
            Wide::<L>::pow2(2 * ss)
        } else {
            Wide::ZERO
        };
        r + (bonus - Wide::small(spos as u64)).times2pow(1)
    }
}

fn pair_in<const L: usize>(input: &Input, players: Vec<State>) -> Output {
    let n = players.len();
    let mut round = Pairer::<L> {
        ctx: round_constants(input, &players),
        players: &players,
        sol: Solver::new(n),
        mate: Vec::new(),
        matched: vec![false; n],
        result: vec![None; n],
        bye_score: 0,
        single: false,
        ranks: std::collections::BTreeMap::new(),
    };
    if !round.phase_0_completability() {
        return partial(&round.ctx, &players);
    }
    let top = players[0].score;
    let first: Vec<usize> = (0..n).take_while(|&v| players[v].score >= top).collect();
    let mut next_group = first.len();
    let mut bracket = Bracket::<L> {
        list: first,
        mdp: 0,
        res_begin_v: 0,
        next_begin_v: 0,
        next: 0,
        group: 0,
        base: Vec::new(),
    };
    while bracket.list.len() > 1 || next_group < n {
        round.a_base_weights(&mut bracket, &mut next_group);
        round.b_paired_mdps(&bracket);
        round.c_mdp_opponents(&bracket);
        let (remainder, p) = round.d_remainder(&bracket);
        let exchanges = remainder[..p]
            .iter()
            .filter(|&&r| !bracket.lead(&round.mate, r))
            .count();
        round.e_s1_out(&mut bracket, &remainder, p, exchanges);
        round.f_s2_in(&mut bracket, &remainder, p, exchanges);
        round.g_freeze_roles(&mut bracket, &remainder);
        round.h_pair_leads(&bracket, &remainder);
        bracket = round.i_next_bracket(bracket);
    }
    let bye = (0..n).find(|&v| round.result[v].is_none());
    output(input, &players, &round.result, bye, Vec::new())
}

impl<const L: usize> Pairer<'_, L> {
    fn bye(&self) -> Bye<'_> {
        Bye {
            score: self.bye_score,
            single: self.single,
            ranks: &self.ranks,
        }
    }

    /// Phase 0 (§5): can the round be completed, and at which score does the bye fall (with
    /// C.9's flag and ranks)? `false` when no pairing of every player is legal.
    fn phase_0_completability(&mut self) -> bool {
        let (players, n, top) = (self.players, self.players.len(), self.players[0].score);
        let (s, g) = (self.ctx.s, self.ctx.g);
        let plain_ranks = std::collections::BTreeMap::new();
        let plain = Bye {
            score: 0,
            single: false,
            ranks: &plain_ranks,
        };
        for a in 0..n {
            for b in 0..a {
                let (pa, pb) = (&players[a], &players[b]);
                let w = if n % 2 == 1 {
                    if self.ctx.compatible(pa, pb) {
                        let mut w =
                            Wide::<L>::small(1 + u64::from(!pa.eligible) + u64::from(!pb.eligible));
                        w = w.times2pow(g)
                            + Wide::small(u64::from(self.ctx.sh(pa.score) + self.ctx.sh(pb.score)));
                        w.times2pow(s) + Wide::small(u64::from(pa.score >= top))
                    } else {
                        Wide::ZERO
                    }
                } else {
                    edge(&self.ctx, pb, pa, false, false, &plain)
                };
                self.sol.set(a, b, w);
            }
        }
        self.mate = self.sol.solve();
        let unmatched: Vec<usize> = (0..n).filter(|&v| self.mate[v] == v).collect();
        if unmatched.len() > 1 || unmatched.iter().any(|&v| !players[v].eligible) {
            return false;
        }
        if n % 2 == 1 {
            self.bye_score = players[unmatched[0]].score;
            if self.bye_score >= top {
                self.single = !(0..n)
                    .take_while(|&v| players[v].score >= top)
                    .any(|v| players[self.mate[v]].score < top);
            }
            let mut counts: Vec<usize> = players
                .iter()
                .filter(|p| p.score == self.bye_score)
                .map(|p| p.played)
                .collect();
            counts.sort_unstable_by(|a, b| b.cmp(a));
            for (k, c) in counts.into_iter().enumerate() {
                self.ranks.insert(c, k as u64);
            }
            for a in 0..n {
                for b in 0..a {
                    let e = edge(
                        &self.ctx,
                        &players[b],
                        &players[a],
                        false,
                        false,
                        &self.bye(),
                    );
                    self.sol.set(a, b, e);
                }
            }
        }
        true
    }

    /// (A): the next score group joins the bracket's list, and every pair of a resident or a
    /// next-group player with an earlier one gets its base weight; then the optimum.
    fn a_base_weights(&mut self, br: &mut Bracket<L>, next_group: &mut usize) {
        let players = self.players;
        let n = players.len();
        br.next = br.list.len();
        br.next_begin_v = br.res_begin_v + (br.next - br.mdp);
        br.group = *next_group;
        while *next_group < n && players[*next_group].score >= players[br.group].score {
            br.list.push(*next_group);
            *next_group += 1;
        }
        let size = br.size();
        br.base = vec![Wide::<L>::ZERO; size * size.saturating_sub(1) / 2];
        for l in br.mdp..size {
            for s in 0..l {
                let e = edge(
                    &self.ctx,
                    &players[br.list[s]],
                    &players[br.list[l]],
                    l < br.next,
                    l >= br.next,
                    &self.bye(),
                );
                br.base[triangle(l, s)] = e;
                self.sol.set(br.list[l], br.list[s], e);
            }
        }
        self.mate = self.sol.solve();
    }

    /// (B): which moved-down players are paired in this bracket — of each score, the higher
    /// whenever some optimal pairing pairs it.
    fn b_paired_mdps(&mut self, br: &Bracket<L>) {
        let players = self.players;
        let mut cur = 0;
        let (mut remaining, mut rem_matched) = (0usize, 0usize);
        for i in 0..br.mdp {
            let sc = players[br.list[i]].score;
            if i == 0 || sc < cur {
                cur = sc;
                remaining = 0;
                rem_matched = 0;
                let mut m = i;
                while m < br.size() && players[br.list[m]].score >= cur {
                    remaining += 1;
                    if br.is_resident(self.mate[br.list[m]]) {
                        rem_matched += 1;
                    }
                    m += 1;
                }
            }
            if rem_matched == 0 {
                continue;
            }
            let v = br.list[i];
            if remaining <= rem_matched {
                self.matched[v] = true;
                continue;
            }
            remaining -= 1;
            if !br.is_resident(self.mate[v]) {
                for r in br.mdp..br.next {
                    let e = br.base(r, i);
                    if e != Wide::ZERO {
                        self.sol.set(v, br.list[r], e + Wide::ONE);
                    }
                }
                self.mate = self.sol.solve();
            }
            if br.is_resident(self.mate[v]) {
                self.matched[v] = true;
                rem_matched -= 1;
                let residents = (br.next - br.mdp) as u64;
                for r in br.mdp..br.next {
                    let e = br.base(r, i);
                    if e != Wide::ZERO {
                        self.sol.set(v, br.list[r], e + Wide::small(residents + 1));
                    }
                }
            }
        }
    }

    /// (C): each paired moved-down player, in order, gets the highest resident an optimal
    /// pairing allows.
    fn c_mdp_opponents(&mut self, br: &Bracket<L>) {
        for i in 0..br.mdp {
            let v = br.list[i];
            if !self.matched[v] {
                continue;
            }
            let mut add = br.size() as u64;
            let mut highest = None;
            for r in (br.mdp..br.next).rev() {
                if self.matched[br.list[r]] {
                    continue;
                }
                let e = br.base(r, i);
                if e != Wide::ZERO {
                    self.sol.set(v, br.list[r], e + Wide::small(add));
                    add += 1;
                    highest = Some(br.list[r]);
                }
            }
            // The current optimum already pairs it with the highest resident, whose bonus is
            // the largest: it stays optimal, no new matching is needed.
            if highest != Some(self.mate[v]) {
                self.mate = self.sol.solve();
            }
            let mv = self.mate[v];
            self.matched[mv] = true;
            self.sol.freeze(v, mv);
        }
    }

    /// (D): the remainder (residents not paired with a moved-down player), its S1 (the first
    /// `p`, as many as it makes pairs) and S2, weighted for the fewest and smallest exchanges.
    /// Returns the remainder's positions and `p`.
    fn d_remainder(&mut self, br: &Bracket<L>) -> (Vec<usize>, usize) {
        let mut rem = Vec::new();
        let mut p = 0;
        for r in br.mdp..br.next {
            let v = br.list[r];
            if self.mate[v] < br.res_begin_v {
                continue;
            }
            rem.push(r);
            if self.mate[v] < v {
                p += 1;
            }
        }
        for bi in 0..rem.len() {
            for ai in 0..bi {
                let (a, b) = (rem[ai], rem[bi]);
                self.sol
                    .set(br.list[a], br.list[b], br.ex(self.ctx.s, a, b, ai, p));
            }
        }
        self.mate = self.sol.solve();
        (rem, p)
    }

    /// (E): S1 players moved out, from the bottom of S1 upward.
    fn e_s1_out(&mut self, br: &mut Bracket<L>, rem: &[usize], p: usize, exchanges: usize) {
        let ss = self.ctx.s;
        let mut left = exchanges;
        let mut pos = p;
        while pos > 0 && left > 0 {
            pos -= 1;
            let a = rem[pos];
            if br.lead(&self.mate, a) {
                for &b in &rem[pos + 1..] {
                    let e = br.ex(ss, a, b, pos, p);
                    if e != Wide::ZERO {
                        self.sol.set(br.list[a], br.list[b], e - Wide::ONE);
                    }
                }
                self.mate = self.sol.solve();
            }
            let out = !br.lead(&self.mate, a);
            if out {
                left -= 1;
            }
            for &b in &rem[pos + 1..] {
                if out {
                    br.clear(b, a);
                }
                let e = br.ex(ss, a, b, pos, p);
                self.sol.set(br.list[a], br.list[b], e);
            }
        }
    }

    /// (F): S2 players moved in, from the top of S2 downward (the last follows from the sum).
    fn f_s2_in(&mut self, br: &mut Bracket<L>, rem: &[usize], p: usize, exchanges: usize) {
        let ss = self.ctx.s;
        let mut left = exchanges;
        let mut pos = p;
        for bi in p..rem.len() {
            if left <= 1 {
                break;
            }
            let b = rem[bi];
            let already = br.lead(&self.mate, b);
            if !already {
                for &c in &rem[bi + 1..] {
                    let e = br.ex(ss, b, c, pos, p);
                    if e != Wide::ZERO {
                        self.sol.set(br.list[b], br.list[c], e + Wide::ONE);
                    }
                }
                self.mate = self.sol.solve();
            }
            if br.lead(&self.mate, b) {
                left -= 1;
                for &a in &rem[..bi] {
                    br.clear(b, a);
                    self.sol.set(br.list[b], br.list[a], Wide::ZERO);
                }
                for nn in br.next..br.size() {
                    br.clear(nn, b);
                    self.sol.set(br.list[b], br.list[nn], Wide::ZERO);
                }
            }
            if !already {
                for &c in &rem[bi + 1..] {
                    let e = br.ex(ss, b, c, pos, p);
                    self.sol.set(br.list[b], br.list[c], e);
                }
            }
            pos += 1;
        }
    }

    /// (G): leads and followers fixed, the exchange bonuses dropped.
    fn g_freeze_roles(&mut self, br: &mut Bracket<L>, rem: &[usize]) {
        for ai in 0..rem.len() {
            for bi in ai + 1..rem.len() {
                let (a, b) = (rem[ai], rem[bi]);
                if !br.lead(&self.mate, a) || br.lead(&self.mate, b) {
                    br.clear(b, a);
                }
                self.sol.set(br.list[a], br.list[b], br.base(b, a));
            }
        }
    }

    /// (H): each lead with the highest follower an optimal pairing allows. When there are as
    /// many followers as leads, every optimum pairs all of them among themselves and the rest
    /// of the round does not depend on how: the question is then one of this bracket alone.
    fn h_pair_leads(&mut self, br: &Bracket<L>, rem: &[usize]) {
        let leads: Vec<usize> = rem
            .iter()
            .filter(|&&r| br.lead(&self.mate, r))
            .map(|&r| br.list[r])
            .collect();
        let followers: Vec<usize> = rem
            .iter()
            .filter(|&&r| !br.lead(&self.mate, r))
            .map(|&r| br.list[r])
            .collect();
        let local = leads.len() == followers.len();
        // Each lead's question is asked with its followers ranked by a bonus below every
        // criterion. Several leads are asked in one matching when their bonuses are laid out
        // lexicographically (the first lead's in the highest bits): maximising them in that
        // order is what asking the leads one by one does.
        let rank_bits = bits(rem.len()).max(1);
        let per_solve = (64 / rank_bits).max(1) as usize;
        let mut ai = 0;
        while ai < rem.len() {
            let a = rem[ai];
            let va = br.list[a];
            if !br.lead(&self.mate, a) || self.matched[va] {
                ai += 1;
                continue;
            }
            // Each lead's followers, highest first, with the rank bonus each is given.
            let matched = &self.matched;
            let first = ranked_followers(br, rem, matched, a);
            // As in (C): already with the highest follower, the optimum stands.
            if first.first().map(|&(_, vb, _)| vb) == Some(self.mate[va]) {
                let mv = self.mate[va];
                self.matched[va] = true;
                self.matched[mv] = true;
                self.sol.freeze(va, mv);
                ai += 1;
                continue;
            }
            let mut asked = vec![(a, first)];
            let mut next = ai + 1;
            while asked.len() < per_solve && next < rem.len() {
                let b = rem[next];
                if br.lead(&self.mate, b) && !matched[br.list[b]] {
                    asked.push((b, ranked_followers(br, rem, matched, b)));
                }
                next += 1;
            }
            let open: Vec<usize> = leads
                .iter()
                .chain(&followers)
                .copied()
                .filter(|&v| self.sol.frozen[v].is_none())
                .collect();
            self.h_ask(br, &mut asked, &open, local, rank_bits);
            for (a, _) in &asked {
                if !br.lead(&self.mate, *a) {
                    continue;
                }
                let (v, mv) = (br.list[*a], self.mate[br.list[*a]]);
                self.matched[v] = true;
                self.matched[mv] = true;
                self.sol.freeze(v, mv);
            }
            ai += 1;
        }
    }

    /// (H), one matching for the `asked` leads: their followers' rank bonuses laid out
    /// lexicographically below every criterion, the bracket's `open` players matched among
    /// themselves when the question is `local`, else the whole round; a bonus too wide for the
    /// weights asks the first lead alone.
    fn h_ask(
        &mut self,
        br: &Bracket<L>,
        asked: &mut Vec<(usize, Vec<Ranked>)>,
        open: &[usize],
        local: bool,
        rank_bits: u32,
    ) {
        let a = asked[0].0;
        let va = br.list[a];
        let mut bonus = Vec::new();
        for (k, (a, ranks)) in asked.iter().enumerate() {
            let shift = rank_bits * (asked.len() - 1 - k) as u32;
            for &(_, vb, add) in ranks {
                bonus.push((br.list[*a], vb, add << shift));
            }
        }
        let shift = rank_bits * asked.len() as u32;
        let within = if local {
            self.sol
                .solve_on(open, &bonus, shift)
                .filter(|sub| sub.iter().all(|(_, m)| m.is_some()))
        } else {
            None
        };
        let answer = match within {
            Some(sub) => {
                for (v, m) in sub {
                    self.mate[v] = m.unwrap_or(v);
                }
                Some(())
            }
            None => self.sol.solve_bonus(&bonus, shift).map(|m| self.mate = m),
        };
        if answer.is_none() {
            // Too wide for a bonus below the weights: one lead per matching.
            asked.truncate(1);
            for &(b, vb, add) in &asked[0].1 {
                self.sol.set(va, vb, br.base(b, a) + Wide::small(add));
            }
            self.mate = self.sol.solve();
        }
    }

    /// (I): the pairs made are recorded; what is not paired moves down into the next bracket,
    /// and C.9's flag is set for it.
    fn i_next_bracket(&mut self, br: Bracket<L>) -> Bracket<L> {
        let players = self.players;
        let n = players.len();
        self.single = n % 2 == 1 && br.group < n && self.bye_score >= players[br.group].score;
        let mut list = Vec::new();
        let mut mdp = 0;
        for (i, &v) in br.list.iter().enumerate() {
            if i < br.next && self.matched[v] {
                self.result[v] = Some(self.mate[v]);
                self.result[self.mate[v]] = Some(v);
            } else {
                list.push(v);
                if i < br.next {
                    mdp += 1;
                }
                if self.single && players[self.mate[v]].score < players[br.group].score {
                    self.single = false;
                }
            }
        }
        Bracket {
            list,
            mdp,
            res_begin_v: br.next_begin_v,
            next_begin_v: br.next_begin_v,
            next: 0,
            group: br.group,
            base: Vec::new(),
        }
    }
}

/// The pairs of `result` (each vertex's mate) coloured and in board order.
fn output(
    input: &Input,
    players: &[State],
    result: &[Option<usize>],
    bye: Option<usize>,
    unpaired: Vec<usize>,
) -> Output {
    let mut pairs = Vec::new();
    for (v, mate) in result.iter().enumerate() {
        if let Some(o) = *mate {
            if players[v].index < players[o].index {
                let (c, rule) = colour(input, &players[v], &players[o]);
                let (white, black) = if c == Color::White { (v, o) } else { (o, v) };
                pairs.push((white, black, rule));
            }
        }
    }
    // Board order: the higher player's score, the lower's, the higher's rank; the scores as
    // played, without an accelerated round's virtual points (as bbpPairings orders them).
    let played =
        |p: &State| p.score - u64::from(input.acceleration.get(p.index).copied().unwrap_or(0));
    let higher = |a: &State, b: &State| {
        (played(a), std::cmp::Reverse(a.rank)) > (played(b), std::cmp::Reverse(b.rank))
    };
    pairs.sort_by_key(|&(w, b, _)| {
        let (hi, lo) = if higher(&players[w], &players[b]) {
            (&players[w], &players[b])
        } else {
            (&players[b], &players[w])
        };
        (
            std::cmp::Reverse(played(hi)),
            std::cmp::Reverse(played(lo)),
            hi.rank,
        )
    });
    Output {
        pairs: pairs
            .into_iter()
            .map(|(w, b, rule)| Pair {
                white: players[w].index,
                black: players[b].index,
                rule,
            })
            .collect(),
        bye: bye.map(|v| players[v].index),
        unpaired: unpaired.into_iter().map(|v| players[v].index).collect(),
    }
}

/// When no pairing satisfies the absolute criteria: as many legal pairs as can be made (the
/// higher players first), the rest left for the arbiter.
fn partial(ctx: &Ctx, players: &[State]) -> Output {
    let n = players.len();
    // Read once per pair (the solver keeps what it is given).
    let result = max_weight_matching(n, |a, b| {
        if ctx.compatible(&players[a], &players[b]) {
            // Pairs first, then the higher players paired.
            (n * n + 2 * n - a - b) as i64
        } else {
            0
        }
    });
    let unpaired: Vec<usize> = (0..n).filter(|&v| result[v].is_none()).collect();
    output(ctx.input, players, &result, None, unpaired)
}

/// The absolute criteria a pairing made by hand breaks (pairs by input index, White first).
pub fn breaches(input: &Input, pairs: &[(usize, usize)], bye: Option<usize>) -> Vec<Broken> {
    let states = states(input);
    let r = input.rounds_played as u64;
    let topscorer_above = (r * u64::from(input.win.max(input.draw))) / 2;
    let last_round = input.rounds_planned > 0 && input.rounds_played + 1 >= input.rounds_planned;
    let mut out = Vec::new();
    for &(w, b) in pairs {
        let (Some(Some(sw)), Some(Some(sb))) = (states.get(w), states.get(b)) else {
            continue;
        };
        if sw.met.contains(&b) {
            let forbidden = input
                .forbidden
                .iter()
                .any(|&(x, y)| (x, y) == (w, b) || (x, y) == (b, w));
            out.push(if forbidden {
                Broken::Forbidden(w, b)
            } else {
                Broken::Rematch(w, b)
            });
        }
        let exempt = last_round && (sw.score > topscorer_above || sb.score > topscorer_above);
        for (s, c) in [(sw, Color::White), (sb, Color::Black)] {
            if s.absolute && s.pref != Some(c) && !exempt {
                out.push(Broken::ColourLimit(s.index, c));
            }
        }
    }
    if let Some(Some(s)) = bye.and_then(|b| states.get(b)) {
        if !s.eligible {
            out.push(Broken::SecondBye(s.index));
        }
    }
    out
}

/// The colour of `p` (the one with the smaller pairing number) against `o` (E.1–E.5), and the
/// rule that decided it.
fn colour(input: &Input, p: &State, o: &State) -> (Color, ColourRule) {
    if let Some(c) = neutral(p, o) {
        return c;
    }
    let higher_o = (o.score, std::cmp::Reverse(o.rank)) > (p.score, std::cmp::Reverse(p.rank));
    let initial = input.initial_colour;
    match p.pref {
        None => {
            let hi = if higher_o { o } else { p };
            let hi_colour = if hi.rank % 2 == 0 {
                initial
            } else {
                initial.opposite()
            };
            let c = if higher_o {
                hi_colour.opposite()
            } else {
                hi_colour
            };
            (c, ColourRule::Initial)
        }
        Some(pref) => {
            let c = if higher_o {
                o.pref.map_or(pref, Color::opposite)
            } else {
                pref
            };
            (c, ColourRule::HigherGranted)
        }
    }
}

fn neutral(p: &State, o: &State) -> Option<(Color, ColourRule)> {
    use ColourRule::*;
    if prefs_compatible(p.pref, o.pref) {
        return p.pref.or(opposite(o.pref)).map(|c| (c, BothGranted));
    }
    let stronger = |c: Option<Color>| c.map(|c| (c, StrongerGranted));
    if p.absolute && (p.imbalance > o.imbalance || !o.absolute) {
        return stronger(p.pref);
    }
    if o.absolute && (o.imbalance > p.imbalance || !p.absolute) {
        return stronger(opposite(o.pref));
    }
    if p.strong && !o.strong {
        return stronger(p.pref);
    }
    if o.strong && !p.strong {
        return stronger(opposite(o.pref));
    }
    p.colours_back
        .iter()
        .zip(&o.colours_back)
        .find(|(a, b)| a != b)
        .map(|(_, &theirs)| (theirs, Alternate))
}
