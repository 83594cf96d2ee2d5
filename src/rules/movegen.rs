//! Legal move generation, one monomorphised generator per family of rules.
//!
//! Captures follow the Turkish strike (000, 004): captured pieces stay on the board until the move
//! ends, so they block the capturing piece and cannot be jumped twice, while the vacated start
//! square counts as empty (circular captures). Routes taking the same pieces to the same square are
//! merged into one move.

use super::color::Color;
use super::mv::{Move, MAX_ROUTE};
use super::position::{crown_row, Position};
use super::square::{Bits, Board};
use super::variant::{CaptureChoice, CrownInCapture, Variant};

/// The rules a generator is compiled for: each constant is read from [`Variant::rules`] at
/// compile time, so the table of a variant's rules is the one place they are written.
pub(crate) trait Spec {
    /// The variant (of a family with the same moves) this generator is compiled for.
    const VARIANT: Variant;
    const BOARD: Board = Self::VARIANT.rules().board;
    /// Men may capture backwards (all but English).
    const BACK: bool = Self::VARIANT.rules().men_capture_backwards;
    /// Kings move and capture along whole diagonals (all but English).
    const FLYING: bool = Self::VARIANT.rules().flying_kings;
    /// The capture taking the most pieces is compulsory (International, Brazilian).
    const MAJORITY: bool = matches!(
        Self::VARIANT.rules().capture_choice,
        CaptureChoice::Majority
    );
    /// A man reaching the crown row mid-capture is crowned and continues as a king (Russian).
    const CROWN_AS_KING: bool = matches!(
        Self::VARIANT.rules().crown_in_capture,
        CrownInCapture::ContinueAsKing
    );
}

pub(crate) struct RussianSpec;
pub(crate) struct InternationalSpec;
pub(crate) struct BrazilianSpec;
pub(crate) struct EnglishSpec;

impl Spec for RussianSpec {
    const VARIANT: Variant = Variant::Russian;
}
impl Spec for InternationalSpec {
    const VARIANT: Variant = Variant::International;
}
impl Spec for BrazilianSpec {
    const VARIANT: Variant = Variant::Brazilian;
}
impl Spec for EnglishSpec {
    const VARIANT: Variant = Variant::English;
}

/// Calls a generic function with the [`Spec`] of a variant.
macro_rules! dispatch {
    ($variant:expr, $f:ident ( $($arg:expr),* )) => {
        match $variant {
            Variant::Russian | Variant::RussianGiveaway | Variant::Diagonal => {
                $f::<RussianSpec>($($arg),*)
            }
            Variant::International => $f::<InternationalSpec>($($arg),*),
            Variant::Brazilian => $f::<BrazilianSpec>($($arg),*),
            Variant::English => $f::<EnglishSpec>($($arg),*),
        }
    };
}

/// What a capture search returns.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CaptureMode {
    /// Merge routes that take the same pieces to the same square.
    dedup: bool,
    /// Apply the variant's majority rule.
    majority: bool,
    /// Return every unfinished capture too (every landing), ignoring the rule that a capture must
    /// go on and that a king must land where it can go on: what a player might wrongly play.
    prefixes: bool,
}

const LEGAL: CaptureMode = CaptureMode {
    dedup: true,
    majority: true,
    prefixes: false,
};
const ROUTES: CaptureMode = CaptureMode {
    dedup: false,
    majority: true,
    prefixes: false,
};
const RELAXED: CaptureMode = CaptureMode {
    dedup: false,
    majority: false,
    prefixes: true,
};

#[inline(always)]
fn shift(x: u64, d: i32) -> u64 {
    if d > 0 {
        x << d
    } else {
        x >> -d
    }
}

#[inline(always)]
fn dirs<S: Spec>() -> [i32; 4] {
    let h = S::BOARD.half() as i32;
    [-(h + 1), -h, h, h + 1]
}

#[inline(always)]
fn forward<S: Spec>(turn: Color) -> [i32; 2] {
    let h = S::BOARD.half() as i32;
    match turn {
        Color::White => [-(h + 1), -h],
        Color::Black => [h, h + 1],
    }
}

#[inline(always)]
fn step<S: Spec>(bit: u32, d: i32) -> Option<u32> {
    let n = bit as i32 + d;
    if (0..64).contains(&n) && S::BOARD.valid() & (1u64 << n) != 0 {
        Some(n as u32)
    } else {
        None
    }
}

struct Search<'a> {
    empty: u64,
    opp: u64,
    crown: u64,
    route: [u8; MAX_ROUTE],
    out: &'a mut Vec<Move>,
    base: usize,
    best: u32,
    mode: CaptureMode,
    majority: bool,
}

impl Search<'_> {
    #[inline]
    fn emit(&mut self, len: usize, captured: u64, promotion: bool) {
        if self.majority {
            let n = captured.count_ones();
            if n < self.best {
                return;
            }
            if n > self.best {
                self.out.truncate(self.base);
                self.best = n;
            }
        }
        let from = self.route[0];
        let to = self.route[len - 1];
        if self.mode.dedup
            && self.out[self.base..].iter().any(|m| {
                m.from.index() == from
                    && m.to.index() == to
                    && m.captured_bits == captured
                    && m.promotion == promotion
            })
        {
            return;
        }
        self.out
            .push(Move::new(&self.route[..len], captured, promotion));
    }

    fn man<S: Spec>(&mut self, cur: u32, captured: u64, depth: usize, man_dirs: &[i32]) {
        let mut any = false;
        for &d in man_dirs {
            let Some(mid) = step::<S>(cur, d) else {
                continue;
            };
            if self.opp & !captured & (1u64 << mid) == 0 {
                continue;
            }
            let Some(land) = step::<S>(mid, d) else {
                continue;
            };
            if self.empty & (1u64 << land) == 0 {
                continue;
            }
            any = true;
            let taken = captured | (1u64 << mid);
            self.route[depth + 1] = S::BOARD.square_of_bit(land).index();
            let crowned = self.crown & (1u64 << land) != 0;
            if self.mode.prefixes {
                self.emit(depth + 2, taken, crowned);
            }
            if crowned && S::CROWN_AS_KING {
                self.king::<S>(land, taken, depth + 1, true);
            } else {
                self.man::<S>(land, taken, depth + 1, man_dirs);
            }
        }
        if !any && depth > 0 && !self.mode.prefixes {
            self.emit(depth + 1, captured, self.crown & (1u64 << cur) != 0);
        }
    }

    /// The first square along `d` from `cur` that is not empty (a king's whole diagonal, or the
    /// next square for a short king).
    #[inline(always)]
    fn scan<S: Spec>(&self, cur: u32, d: i32) -> Option<u32> {
        let mut s = step::<S>(cur, d);
        if S::FLYING {
            while let Some(x) = s {
                if self.empty & (1u64 << x) == 0 {
                    break;
                }
                s = step::<S>(x, d);
            }
        }
        s
    }

    fn king_can_capture<S: Spec>(&self, cur: u32, captured: u64) -> bool {
        dirs::<S>().iter().any(|&d| {
            self.scan::<S>(cur, d).is_some_and(|mid| {
                self.opp & !captured & (1u64 << mid) != 0
                    && step::<S>(mid, d).is_some_and(|l| self.empty & (1u64 << l) != 0)
            })
        })
    }

    fn king<S: Spec>(&mut self, cur: u32, captured: u64, depth: usize, promoted: bool) {
        let mut any = false;
        for d in dirs::<S>() {
            let Some(mid) = self.scan::<S>(cur, d) else {
                continue;
            };
            if self.opp & !captured & (1u64 << mid) == 0 {
                continue;
            }
            let mut lands = [0u32; 10];
            let mut n = 0;
            let mut land = step::<S>(mid, d);
            while let Some(l) = land {
                if self.empty & (1u64 << l) == 0 {
                    break;
                }
                lands[n] = l;
                n += 1;
                if !S::FLYING {
                    break;
                }
                land = step::<S>(l, d);
            }
            if n == 0 {
                continue;
            }
            any = true;
            let taken = captured | (1u64 << mid);
            // A flying king that can go on capturing must land where it can (000, 004).
            let mut can_go_on = [false; 10];
            let mut must_go_on = false;
            if n > 1 && !self.mode.prefixes {
                for i in 0..n {
                    can_go_on[i] = self.king_can_capture::<S>(lands[i], taken);
                    must_go_on |= can_go_on[i];
                }
            }
            for i in 0..n {
                if must_go_on && !can_go_on[i] {
                    continue;
                }
                self.route[depth + 1] = S::BOARD.square_of_bit(lands[i]).index();
                if self.mode.prefixes {
                    self.emit(depth + 2, taken, promoted);
                }
                self.king::<S>(lands[i], taken, depth + 1, promoted);
            }
        }
        if !any && depth > 0 && !self.mode.prefixes {
            self.emit(depth + 1, captured, promoted);
        }
    }
}

fn captures<S: Spec>(pos: &Position, out: &mut Vec<Move>, mode: CaptureMode) {
    let own = pos.own();
    let opp = pos.opp();
    let empty = !(own | opp) & S::BOARD.valid();
    let men = own & !pos.kings;
    let all_dirs = dirs::<S>();
    let fwd = forward::<S>(pos.turn);
    let man_dirs: &[i32] = if S::BACK { &all_dirs } else { &fwd };
    let mut jumpers = 0;
    for &d in man_dirs {
        jumpers |= men & shift(opp & shift(empty, -d), -d);
    }
    let mut search = Search {
        empty,
        opp,
        crown: crown_row(S::BOARD, pos.turn),
        route: [0; MAX_ROUTE],
        base: out.len(),
        out,
        best: 0,
        mode,
        majority: mode.majority && S::MAJORITY,
    };
    for bit in Bits(jumpers) {
        search.empty = empty | (1u64 << bit);
        search.route[0] = S::BOARD.square_of_bit(bit).index();
        search.man::<S>(bit, 0, 0, man_dirs);
    }
    for bit in Bits(own & pos.kings) {
        search.empty = empty | (1u64 << bit);
        search.route[0] = S::BOARD.square_of_bit(bit).index();
        search.king::<S>(bit, 0, 0, false);
    }
}

fn quiets<S: Spec>(pos: &Position, out: &mut Vec<Move>) {
    let own = pos.own();
    let empty = !(own | pos.opp()) & S::BOARD.valid();
    let men = own & !pos.kings;
    let crown = crown_row(S::BOARD, pos.turn);
    let sq = |bit: u32| S::BOARD.square_of_bit(bit).index();
    for d in forward::<S>(pos.turn) {
        for to in Bits(shift(men, d) & empty) {
            let from = (to as i32 - d) as u32;
            out.push(Move::new(&[sq(from), sq(to)], 0, crown & (1u64 << to) != 0));
        }
    }
    for from in Bits(own & pos.kings) {
        king_steps::<S>(from, empty, |to| {
            out.push(Move::new(&[sq(from), sq(to)], 0, false))
        });
    }
}

/// Calls `f` with every square a king on `from` can move to without capturing.
#[inline(always)]
fn king_steps<S: Spec>(from: u32, empty: u64, mut f: impl FnMut(u32)) {
    for d in dirs::<S>() {
        let mut s = step::<S>(from, d);
        while let Some(to) = s {
            if empty & (1u64 << to) == 0 {
                break;
            }
            f(to);
            if !S::FLYING {
                break;
            }
            s = step::<S>(to, d);
        }
    }
}

fn legal<S: Spec>(pos: &Position, out: &mut Vec<Move>) {
    let start = out.len();
    captures::<S>(pos, out, LEGAL);
    if out.len() == start {
        quiets::<S>(pos, out);
    }
}

/// Counts legal moves without building the quiet ones (perft's last ply).
fn count<S: Spec>(pos: &Position, scratch: &mut Vec<Move>) -> u64 {
    scratch.clear();
    captures::<S>(pos, scratch, LEGAL);
    if !scratch.is_empty() {
        return scratch.len() as u64;
    }
    let own = pos.own();
    let empty = !(own | pos.opp()) & S::BOARD.valid();
    let men = own & !pos.kings;
    let mut n = 0u64;
    for d in forward::<S>(pos.turn) {
        n += (shift(men, d) & empty).count_ones() as u64;
    }
    for from in Bits(own & pos.kings) {
        king_steps::<S>(from, empty, |_| n += 1);
    }
    n
}

/// Appends the legal moves of a position to `out`.
pub fn legal_moves_into(pos: &Position, out: &mut Vec<Move>) {
    dispatch!(pos.variant, legal(pos, out))
}

/// The legal moves of a position: captures only when one exists (as the variant chooses them),
/// else every quiet move.
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    let mut out = Vec::with_capacity(32);
    legal_moves_into(pos, &mut out);
    out
}

/// The number of legal moves.
pub fn count_legal(pos: &Position, scratch: &mut Vec<Move>) -> u64 {
    dispatch!(pos.variant, count(pos, scratch))
}

/// Every route of every legal capture (a merged move appears once per route).
pub(crate) fn capture_routes(pos: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    dispatch!(pos.variant, captures(pos, &mut out, ROUTES));
    out
}

/// Every capture a player could physically make, finished or not and whatever its size.
pub(crate) fn relaxed_captures(pos: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    dispatch!(pos.variant, captures(pos, &mut out, RELAXED));
    out
}

/// Every quiet move, as if no capture were compulsory.
pub(crate) fn quiet_moves(pos: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    dispatch!(pos.variant, quiets(pos, &mut out));
    out
}
