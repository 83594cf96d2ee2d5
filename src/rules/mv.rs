//! Moves. A move is identified by (from, to, captured pieces, promotion); the route is kept only
//! to show the move, because two routes over the same pieces to the same square are one move.

use std::hash::{Hash, Hasher};

use super::square::{Bits, Board, Square};

/// The most landing squares a route can have: 20 captures on 10x10 plus the start.
pub const MAX_ROUTE: usize = 24;

#[derive(Clone, Copy, Debug)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    /// Captured pieces as bits of the board's ghost layout.
    pub(crate) captured_bits: u64,
    pub promotion: bool,
    route_len: u8,
    route: [u8; MAX_ROUTE],
}

impl Move {
    pub(crate) fn new(route: &[u8], captured_bits: u64, promotion: bool) -> Move {
        let mut r = [0u8; MAX_ROUTE];
        r[..route.len()].copy_from_slice(route);
        Move {
            from: Square::new(route[0]),
            to: Square::new(route[route.len() - 1]),
            captured_bits,
            promotion,
            route_len: route.len() as u8,
            route: r,
        }
    }

    pub fn is_capture(&self) -> bool {
        self.captured_bits != 0
    }

    pub fn capture_count(&self) -> u32 {
        self.captured_bits.count_ones()
    }

    /// The captured squares in square order.
    pub fn captured(&self, board: Board) -> Vec<Square> {
        Bits(self.captured_bits)
            .map(|b| board.square_of_bit(b))
            .collect()
    }

    /// The squares the piece stands on: start, each landing, end.
    pub fn route(&self) -> impl Iterator<Item = Square> + '_ {
        self.route[..self.route_len as usize]
            .iter()
            .map(|&s| Square::new(s))
    }

    pub fn route_len(&self) -> usize {
        self.route_len as usize
    }

    /// The identity of the move, regardless of route.
    pub fn key(&self) -> (Square, Square, u64, bool) {
        (self.from, self.to, self.captured_bits, self.promotion)
    }
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.key() == other.key()
    }
}

impl Eq for Move {}

impl Hash for Move {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key().hash(state)
    }
}
