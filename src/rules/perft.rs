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

/// A table of subtree counts already known: the same position at the same depth (reached by
/// another order of moves) has the same count. Entries hold the whole position, so a hit is
/// never a different position with the same hash. Allocated once per search, never per node.
const COUNT_MASK: u64 = (1 << 48) - 1;

/// 2^19 slots of 32 bytes (16 MB) per thread.
const TABLE_BITS: u32 = 19;

/// Subtrees this deep and deeper go through the table; below, counting is cheaper than looking.
const HASHED_FROM: u32 = 2;

struct Table {
    slots: Vec<Slot>,
    mask: usize,
}

#[derive(Clone, Copy, Default)]
struct Slot {
    white: u64,
    black: u64,
    kings: u64,
    /// The count in the low 48 bits (perft counts this deep stay far below 2^48), the tag
    /// (depth, and bit 8 when White is to move; 0: empty) in the high 16: 32 bytes a slot.
    packed: u64,
}

/// Tables kept between searches: allocating (and first touching) a fresh one per search cost
/// more than a deep search's counting. Each is cleared before it is used again, so no search
/// sees another's counts.
static POOL: std::sync::Mutex<Vec<Table>> = std::sync::Mutex::new(Vec::new());

impl Table {
    fn new(bits: u32) -> Table {
        Table {
            slots: vec![Slot::default(); 1 << bits],
            mask: (1 << bits) - 1,
        }
    }

    /// A cleared table from the pool, or a new one.
    fn take() -> Table {
        let pooled = POOL.lock().ok().and_then(|mut p| p.pop());
        match pooled {
            Some(mut t) => {
                t.slots.fill(Slot::default());
                t
            }
            None => Table::new(TABLE_BITS),
        }
    }

    fn give_back(self) {
        if let Ok(mut p) = POOL.lock() {
            p.push(self);
        }
    }

    fn tag(pos: &Position, depth: u32) -> u16 {
        depth as u16 | (((pos.turn == super::color::Color::White) as u16) << 8)
    }

    fn index(&self, pos: &Position, tag: u16) -> usize {
        // A multiplicative mix of the bitboards: cheap, and spread enough for a power-of-two
        // table.
        let mut h = pos.white.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= pos
            .black
            .wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            .rotate_left(21);
        h ^= pos
            .kings
            .wrapping_mul(0x1656_67B1_9E37_79F9)
            .rotate_left(42);
        h ^= (tag as u64).wrapping_mul(0x27D4_EB2F_1656_67C5);
        (h ^ (h >> 29)) as usize & self.mask
    }

    fn get(&self, pos: &Position, depth: u32) -> Option<u64> {
        let tag = Table::tag(pos, depth);
        let s = &self.slots[self.index(pos, tag)];
        (s.packed >> 48 == tag as u64
            && s.white == pos.white
            && s.black == pos.black
            && s.kings == pos.kings)
            .then_some(s.packed & COUNT_MASK)
    }

    fn put(&mut self, pos: &Position, depth: u32, count: u64) {
        let tag = Table::tag(pos, depth);
        let i = self.index(pos, tag);
        if count > COUNT_MASK {
            return;
        }
        self.slots[i] = Slot {
            white: pos.white,
            black: pos.black,
            kings: pos.kings,
            packed: (tag as u64) << 48 | count,
        };
    }
}

fn walk_hashed(pos: &Position, depth: u32, stack: &mut [Vec<Move>], table: &mut Table) -> u64 {
    if depth < HASHED_FROM {
        return walk(pos, depth, stack);
    }
    if let Some(n) = table.get(pos, depth) {
        return n;
    }
    let (head, rest) = stack.split_first_mut().expect("stack holds depth+1 lists");
    head.clear();
    legal_moves_into(pos, head);
    let mut total = 0;
    for m in head.iter() {
        total += walk_hashed(&pos.play(m), depth - 1, rest, table);
    }
    table.put(pos, depth, total);
    total
}

/// Perft on `threads` threads with a table of known subtrees per thread: the same counts as
/// [`perft`], for the deep runs where much of the tree is reached by several move orders. The
/// positions two plies down are shared out as the threads become free.
pub fn perft_fast(pos: &Position, depth: u32, threads: usize) -> u64 {
    if depth <= 4 {
        return perft(pos, depth);
    }
    let mut jobs = Vec::new();
    let mut first = Vec::new();
    legal_moves_into(pos, &mut first);
    let mut second = Vec::new();
    for m in &first {
        let p = pos.play(m);
        second.clear();
        legal_moves_into(&p, &mut second);
        jobs.extend(second.iter().map(|m| p.play(m)));
    }
    share_out(&jobs, threads, |mine| {
        let mut table = Table::take();
        let mut stack: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
        let total = mine
            .map(|p| walk_hashed(p, depth - 2, &mut stack, &mut table))
            .sum();
        table.give_back();
        total
    })
}

/// Counts `jobs` on `threads` threads, each taking the next job as soon as it is free: `count`
/// runs once per thread over the jobs it takes (so a thread keeps its buffers and tables across
/// them) and gives their total.
pub(crate) fn share_out<J: Sync>(
    jobs: &[J],
    threads: usize,
    count: impl Fn(&mut dyn Iterator<Item = &J>) -> u64 + Sync,
) -> u64 {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let threads = threads.clamp(1, jobs.len().max(1));
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let (next, count) = (&next, &count);
                scope.spawn(move || {
                    let mut mine = std::iter::from_fn(|| {
                        jobs.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
                    });
                    count(&mut mine)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a perft thread"))
            .sum()
    })
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
