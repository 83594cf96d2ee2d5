//! Perft: the number of move sequences of a given length, the standard test of a move generator.

use super::movegen::{count_legal, legal_moves_into};
use super::mv::Move;
use super::position::Position;

/// Leaf count at `depth`, counting the last ply in bulk.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut stack: Vec<Vec<Move>> = (0..=depth).map(|_| Vec::with_capacity(64)).collect();
    walk(pos, depth, &mut stack)
}

fn walk(pos: &Position, depth: u32, stack: &mut [Vec<Move>]) -> u64 {
    match depth {
        0 => 1,
        1 => count_legal(pos, &mut stack[0]),
        _ => {
            let (head, rest) = stack.split_first_mut().expect("stack holds depth+1 lists");
            head.clear();
            legal_moves_into(pos, head);
            let mut total = 0;
            for m in head.iter() {
                total += walk(&pos.play(m), depth - 1, rest);
            }
            total
        }
    }
}

/// Leaf counts below each legal move (perft "divide"), in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut moves = Vec::new();
    legal_moves_into(pos, &mut moves);
    moves
        .into_iter()
        .map(|m| {
            let n = if depth <= 1 {
                1
            } else {
                perft(&pos.play(&m), depth - 1)
            };
            (m, n)
        })
        .collect()
}
