//! Legal moves of column draughts. A capture takes the top piece of the jumped column and puts
//! it under the capturing column at once; squares emptied by a capture (and the start square)
//! are free at once. Towers: the same column may be jumped again, never by turning straight back
//! over it; a king must land where the capture goes on if it can; a man crowned mid-capture goes
//! on as a king. Laska: each square's column at most once; a soldier-led column that reaches the
//! last row is promoted and the move ends. Capturing is compulsory, the choice among captures
//! free. A move is (from, to, the captured squares in order): routes with the same three are one.

use super::column::Column;
use super::geometry::{forward, opposite, Geometry, NONE};
use super::position::{ColumnPosition, ColumnRules};
use crate::rules::Color;

/// The most pieces one move can take (every enemy piece).
pub const MAX_TAKEN: usize = 24;

/// A legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColumnMove {
    pub from: u8,
    pub to: u8,
    captured: [u8; MAX_TAKEN],
    taken: u8,
    /// Landing squares after `from`, in order (the full route of one of the move's routes).
    route: [u8; MAX_TAKEN + 1],
    hops: u8,
    /// The moving column's top was a man and ends a king.
    pub promotion: bool,
}

impl ColumnMove {
    /// The squares taken from, in capture order (a square repeats when its column gave several
    /// pieces).
    pub fn captured(&self) -> &[u8] {
        &self.captured[..self.taken as usize]
    }

    /// The landing squares after `from`, ending with `to`.
    pub fn route(&self) -> &[u8] {
        &self.route[..self.hops as usize]
    }

    pub fn is_capture(&self) -> bool {
        self.taken > 0
    }

    /// What makes two moves the same move.
    pub fn key(&self) -> (u8, u8, &[u8]) {
        (self.from, self.to, self.captured())
    }
}

impl ColumnPosition {
    /// Every legal move: the captures if there is one (compulsory), else the quiet moves.
    pub fn legal_moves(&self) -> Vec<ColumnMove> {
        let mut out = Vec::with_capacity(32);
        self.legal_moves_into(&mut out);
        out
    }

    /// [`ColumnPosition::legal_moves`] into a buffer the caller keeps (perft: no allocation per
    /// node).
    pub fn legal_moves_into(&self, out: &mut Vec<ColumnMove>) {
        out.clear();
        if self.has_capture() {
            self.captures(out);
        } else {
            self.quiet_moves_into(out);
        }
    }

    /// The number of legal moves, as perft counts them; without a capture on the board they are
    /// counted, not built.
    pub fn count_moves(&self) -> usize {
        self.count_moves_with(&mut Vec::with_capacity(16))
    }

    /// [`ColumnPosition::count_moves`], building captures in `buf`.
    fn count_moves_with(&self, buf: &mut Vec<ColumnMove>) -> usize {
        if self.has_capture() {
            buf.clear();
            self.captures(buf);
            return buf.len();
        }
        let g = self.variant.geometry();
        let flying = self.variant.rules().flying_kings;
        let white = self.turn == Color::White;
        let free = |s: u8| s != NONE && self.occupied >> s & 1 == 0;
        let mut n = 0;
        for from in Bits(self.own(self.turn)) {
            let next = &g.next[from as usize];
            if self.kings >> from & 1 != 0 {
                for (d, &first) in next.iter().enumerate() {
                    let mut s = first;
                    while free(s) {
                        n += 1;
                        if !flying {
                            break;
                        }
                        s = g.next[s as usize][d];
                    }
                }
            } else {
                n += forward(white).iter().filter(|&&d| free(next[d])).count();
            }
        }
        n
    }

    /// Some capture is possible (so capturing is compulsory).
    pub fn has_capture(&self) -> bool {
        let first = FirstJump::of(self);
        Bits(self.own(self.turn)).any(|from| first.from(self, from))
    }

    /// The quiet moves, as if no capture were compulsory (a written quiet move is told apart
    /// from a missed capture with them).
    pub fn quiet_moves_into(&self, out: &mut Vec<ColumnMove>) {
        let g = self.variant.geometry();
        let rules = self.variant.rules();
        let white = self.turn == Color::White;
        let crown = g.crown_rank(white);
        for from in Bits(self.own(self.turn)) {
            let king = self.kings >> from & 1 != 0;
            let mut push = |to: u8| {
                let promotion = !king && crown >> to & 1 != 0;
                out.push(ColumnMove::quiet(from, to, promotion));
            };
            if king {
                for d in 0..4 {
                    let mut s = g.next[from as usize][d];
                    while s != NONE && self.occupied >> s & 1 == 0 {
                        push(s);
                        if !rules.flying_kings {
                            break;
                        }
                        s = g.next[s as usize][d];
                    }
                }
            } else {
                for d in forward(white) {
                    let s = g.next[from as usize][d];
                    if s != NONE && self.occupied >> s & 1 == 0 {
                        push(s);
                    }
                }
            }
        }
    }

    /// The capture moves (call only when [`ColumnPosition::has_capture`]).
    fn captures(&self, out: &mut Vec<ColumnMove>) {
        self.walk_captures(self.variant.rules(), true, out);
        dedup(out);
    }

    /// Every capture route, one per way of taking the pieces (not merged into moves): written
    /// landing squares are matched against these.
    pub fn capture_routes(&self) -> Vec<ColumnMove> {
        let mut out = Vec::new();
        self.walk_captures(self.variant.rules(), true, &mut out);
        out
    }

    /// The capture routes there would be if a column could be jumped again in any direction,
    /// straight back included: what a written capture that breaks that rule fits.
    pub fn routes_without_turn_rule(&self) -> Vec<ColumnMove> {
        let rules = ColumnRules {
            jump_again: true,
            ..self.variant.rules()
        };
        let mut out = Vec::new();
        self.walk_captures(rules, false, &mut out);
        out
    }

    fn walk_captures(&self, rules: ColumnRules, no_return: bool, out: &mut Vec<ColumnMove>) {
        let mut walk = Walk {
            g: self.variant.geometry(),
            rules,
            no_return,
            white: self.turn == Color::White,
            board: *self,
            mover: Column::EMPTY,
            from: 0,
            was_man: false,
            captured: [0; MAX_TAKEN],
            taken: 0,
            route: [0; MAX_TAKEN + 1],
            hops: 0,
            jumped: 0,
            out,
        };
        let first = FirstJump::of(self);
        for from in Bits(self.own(self.turn)).filter(|&f| first.from(self, f)) {
            walk.mover = self.cols[from as usize];
            walk.from = from;
            walk.was_man = !walk.mover.top_king();
            walk.board.set(from, Column::EMPTY);
            walk.extend(from, None);
            walk.board.set(from, walk.mover);
        }
    }

    /// The position after `m` (a legal move of this position).
    pub fn play(&self, m: &ColumnMove) -> ColumnPosition {
        let mut next = *self;
        let mut mover = next.cols[m.from as usize];
        next.set(m.from, Column::EMPTY);
        for &s in m.captured() {
            let mut jumped = next.cols[s as usize];
            let taken = jumped.take_top();
            next.set(s, jumped);
            mover.add_prisoner(taken.king);
        }
        if m.promotion {
            mover.crown();
        }
        next.set(m.to, mover);
        next.turn = self.turn.opposite();
        next
    }
}

impl ColumnMove {
    fn quiet(from: u8, to: u8, promotion: bool) -> ColumnMove {
        let mut route = [0; MAX_TAKEN + 1];
        route[0] = to;
        ColumnMove {
            from,
            to,
            captured: [0; MAX_TAKEN],
            taken: 0,
            route,
            hops: 1,
            promotion,
        }
    }
}

/// Whether a column can make a first jump: on the board as it stands (the mover not yet
/// lifted, which changes nothing for the first jump), with what the test needs read once per
/// position — it runs for every piece of every node.
struct FirstJump {
    g: &'static Geometry,
    enemy: u32,
    free: u32,
    flying: bool,
    /// Directions a man jumps in, as bits.
    man_dirs: u8,
}

impl FirstJump {
    fn of(pos: &ColumnPosition) -> FirstJump {
        let rules = pos.variant.rules();
        let white = pos.turn == Color::White;
        let man_dirs = if rules.men_capture_backwards {
            0b1111
        } else {
            forward(white).iter().fold(0, |m, &d| m | 1 << d)
        };
        FirstJump {
            g: pos.variant.geometry(),
            enemy: pos.occupied & if white { !pos.white } else { pos.white },
            free: !pos.occupied,
            flying: rules.flying_kings,
            man_dirs,
        }
    }

    fn from(&self, pos: &ColumnPosition, from: u8) -> bool {
        let king = pos.kings >> from & 1 != 0;
        let dirs = if king { 0b1111 } else { self.man_dirs };
        let free = |s: u8| s != NONE && self.free >> s & 1 != 0;
        let next = &self.g.next;
        (0..4).any(|d| {
            if dirs >> d & 1 == 0 {
                return false;
            }
            let mut over = next[from as usize][d];
            if king && self.flying {
                while free(over) {
                    over = next[over as usize][d];
                }
            }
            over != NONE && self.enemy >> over & 1 != 0 && free(next[over as usize][d])
        })
    }
}

/// Keeps the first of the moves with the same (from, to, captured).
fn dedup(out: &mut Vec<ColumnMove>) {
    let mut i = 0;
    while i < out.len() {
        if out[..i].iter().any(|m| m.key() == out[i].key()) {
            out.remove(i);
        } else {
            i += 1;
        }
    }
}

/// Iterates the set bits of a square mask, lowest first.
struct Bits(u32);

impl Iterator for Bits {
    type Item = u8;
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let b = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(b)
    }
}

/// A capture being followed: the board as it stands mid-move (the mover lifted off, the jumped
/// columns already short of their tops), the moving column with its prisoners, the route.
struct Walk<'a> {
    g: &'static Geometry,
    rules: ColumnRules,
    /// A jump may not turn straight back over the column just jumped.
    no_return: bool,
    white: bool,
    board: ColumnPosition,
    mover: Column,
    from: u8,
    was_man: bool,
    captured: [u8; MAX_TAKEN],
    taken: u8,
    route: [u8; MAX_TAKEN + 1],
    hops: u8,
    /// Squares jumped in this move (Laska jumps each at most once).
    jumped: u32,
    out: &'a mut Vec<ColumnMove>,
}

/// One jump: over `over`, landing on `to`, in direction `dir`.
#[derive(Clone, Copy)]
struct Jump {
    over: u8,
    to: u8,
    dir: usize,
}

impl Walk<'_> {
    fn enemy(&self, s: u8) -> bool {
        let bit = 1u32 << s;
        self.board.occupied & bit != 0
            && (self.board.white & bit != 0) != self.white
            && (self.rules.jump_again || self.jumped & bit == 0)
    }

    fn free(&self, s: u8) -> bool {
        self.board.occupied >> s & 1 == 0
    }

    /// The directions a jump may take from here: a man's (forward only for Laska's soldiers),
    /// never straight back over the column just jumped.
    fn directions(&self, last: Option<usize>) -> impl Iterator<Item = usize> {
        let king = self.mover.top_king();
        let fw = forward(self.white);
        let all = king || self.rules.men_capture_backwards;
        let no_return = self.no_return;
        (0..4usize)
            .filter(move |&d| all || fw.contains(&d))
            .filter(move |&d| !no_return || last != Some(opposite(d)))
    }

    /// Calls `f` with every jump from `at`; stops when `f` returns true (and returns true).
    fn jumps(&self, at: u8, last: Option<usize>, mut f: impl FnMut(Jump) -> bool) -> bool {
        let flying = self.mover.top_king() && self.rules.flying_kings;
        for dir in self.directions(last) {
            let mut over = self.g.next[at as usize][dir];
            if flying {
                while over != NONE && self.free(over) {
                    over = self.g.next[over as usize][dir];
                }
            }
            if over == NONE || !self.enemy(over) {
                continue;
            }
            let mut to = self.g.next[over as usize][dir];
            while to != NONE && self.free(to) {
                if f(Jump { over, to, dir }) {
                    return true;
                }
                if !flying {
                    break;
                }
                to = self.g.next[to as usize][dir];
            }
        }
        false
    }

    fn can_capture(&self, at: u8, last: Option<usize>) -> bool {
        self.jumps(at, last, |_| true)
    }

    /// Takes the jumped column's top; returns what to undo.
    fn make(&mut self, j: Jump) -> (Column, bool) {
        let before = self.board.cols[j.over as usize];
        let mut jumped = before;
        let piece = jumped.take_top();
        self.board.set(j.over, jumped);
        self.mover.add_prisoner(piece.king);
        self.jumped |= 1 << j.over;
        self.captured[self.taken as usize] = j.over;
        self.taken += 1;
        self.route[self.hops as usize] = j.to;
        self.hops += 1;
        let crowned = !self.mover.top_king() && self.g.crown_rank(self.white) >> j.to & 1 != 0;
        if crowned {
            self.mover.crown();
        }
        (before, crowned)
    }

    fn unmake(&mut self, j: Jump, (before, crowned): (Column, bool)) {
        if crowned {
            self.mover.kings &= !1;
        }
        self.hops -= 1;
        self.taken -= 1;
        self.jumped &= !(1 << j.over);
        self.mover.remove_prisoner();
        self.board.set(j.over, before);
    }

    /// Whether the capture goes on after landing (`crowned` there in this jump).
    fn goes_on(&self, j: Jump, crowned: bool) -> bool {
        if crowned && !self.rules.crowned_goes_on {
            return false;
        }
        self.can_capture(j.to, Some(j.dir))
    }

    /// Follows every way the capture can go on from `at`.
    fn extend(&mut self, at: u8, last: Option<usize>) {
        let mut jumps: Vec<Jump> = Vec::new();
        self.jumps(at, last, |j| {
            jumps.push(j);
            false
        });
        // A king's landings along one line: if some let the capture go on, it must take one of
        // those (towers, §1.6.3). For a man there is one landing per line.
        let mut k = 0;
        while k < jumps.len() {
            let line = jumps[k].dir;
            let end = (k..jumps.len())
                .find(|&i| jumps[i].dir != line)
                .unwrap_or(jumps.len());
            let mut going_on = [false; 8];
            for i in k..end {
                let undo = self.make(jumps[i]);
                going_on[i - k] = self.goes_on(jumps[i], undo.1);
                self.unmake(jumps[i], undo);
            }
            let any = going_on[..end - k].iter().any(|&g| g);
            for i in k..end {
                if any && !going_on[i - k] {
                    continue;
                }
                let j = jumps[i];
                let undo = self.make(j);
                if going_on[i - k] {
                    self.extend(j.to, Some(j.dir));
                } else {
                    self.emit(j.to);
                }
                self.unmake(j, undo);
            }
            k = end;
        }
    }

    fn emit(&mut self, to: u8) {
        self.out.push(ColumnMove {
            from: self.from,
            to,
            captured: self.captured,
            taken: self.taken,
            route: self.route,
            hops: self.hops,
            promotion: self.was_man && self.mover.top_king(),
        });
    }
}

/// Perft: the leaves `depth` moves below `pos`, counting distinct moves at each node (one
/// thread; one move buffer per ply, kept for the whole search).
pub fn perft(pos: &ColumnPosition, depth: u32) -> u64 {
    let mut stack: Vec<Vec<ColumnMove>> = (0..=depth).map(|_| Vec::with_capacity(32)).collect();
    walk(pos, depth, &mut stack)
}

fn walk(pos: &ColumnPosition, depth: u32, stack: &mut [Vec<ColumnMove>]) -> u64 {
    let Some((moves, below)) = stack.split_first_mut() else {
        return 1;
    };
    match depth {
        0 => 1,
        1 => pos.count_moves_with(moves) as u64,
        _ => {
            pos.legal_moves_into(moves);
            moves
                .iter()
                .map(|m| walk(&pos.play(m), depth - 1, below))
                .sum()
        }
    }
}

/// Perft on `threads` threads: the positions two plies down are shared out as the threads become
/// free (the same counts as [`perft`]).
pub fn perft_parallel(pos: &ColumnPosition, depth: u32, threads: usize) -> u64 {
    if depth <= 3 || threads <= 1 {
        return perft(pos, depth);
    }
    let jobs: Vec<ColumnPosition> = pos
        .legal_moves()
        .iter()
        .flat_map(|m| {
            let p = pos.play(m);
            p.legal_moves().into_iter().map(move |n| p.play(&n))
        })
        .collect();
    crate::rules::perft::share_out(&jobs, threads, |mine| {
        let mut stack: Vec<Vec<ColumnMove>> = (0..depth).map(|_| Vec::with_capacity(32)).collect();
        mine.map(|p| walk(p, depth - 2, &mut stack)).sum()
    })
}
