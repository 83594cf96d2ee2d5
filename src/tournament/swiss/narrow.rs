//! The Dutch weights narrowed before each matching. A round's weights are laid out for every
//! score group at once (a 300-player ninth round needs about 700 bits), but while one bracket
//! is settled only the fields of the few scores in play are non-zero: the rest are zeros in
//! every edge. Dropping those zero bits, keeping above each used run as many spare bits as a
//! sum over a matching can carry into, orders every matching's total exactly as the full
//! weights do, so the optimum is the same; the solver's work on each number shrinks with it
//! (a 300-player round drops from twelve 64-bit limbs to four or five).

use super::blossom::{matching_of, Indexed, Weight};
use super::wide::Wide;

/// One run of used bits: `len` bits from `from` in the wide weight go to `to` in the narrow one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    from: u32,
    len: u32,
    to: u32,
}

/// A bonus on a few edges `(i, j, add)`, put below every weight: the weights are taken times
/// `2^shift` and `add < 2^shift` is added to theirs.
pub struct Bonus<'a> {
    pub edges: &'a [(usize, usize, u64)],
    pub shift: u32,
}

/// The weights of one matching over `m` vertices: each pair's weight is `table[pair(i, j)]`
/// (the pairing keeps a round's distinct weights once, the pairs as indices into them).
pub struct Weights<'a, const L: usize, P: Fn(usize, usize) -> u32> {
    pub m: usize,
    pub pair: P,
    pub table: &'a [Wide<L>],
}

impl<const L: usize, P: Fn(usize, usize) -> u32> Weights<'_, L, P> {
    /// Every pair's index, both ways round: the solver reads a vertex's row whole.
    fn square(&self) -> Vec<u32> {
        let m = self.m;
        let mut sq = vec![0u32; m * m];
        for a in 0..m {
            for b in 0..a {
                let h = (self.pair)(a, b);
                sq[a * m + b] = h;
                sq[b * m + a] = h;
            }
        }
        sq
    }
}

/// The maximum-weight matching (zero = no edge): each vertex's mate. Solved on the narrowed
/// weights where they can be narrowed, else at full width.
pub fn matching<const L: usize, P: Fn(usize, usize) -> u32>(
    w: &Weights<L, P>,
) -> Vec<Option<usize>> {
    narrowed(w, None).unwrap_or_else(|| {
        matching_of(&Indexed {
            n: w.m,
            pairs: &w.square(),
            table: w.table,
        })
    })
}

/// The matching on the narrowed weights, with a bonus below them when one is given; `None`
/// when the weights cannot be narrowed into the widest type here.
pub fn narrowed<const L: usize, P: Fn(usize, usize) -> u32>(
    w: &Weights<L, P>,
    bonus: Option<Bonus>,
) -> Option<Vec<Option<usize>>> {
    let m = w.m;
    if m == 0 {
        return Some(Vec::new());
    }
    let sq = w.square();
    // The weights this matching uses, each once.
    let mut seen = vec![false; w.table.len()];
    let mut used = Wide::<L>::zero();
    for &h in &sq {
        if !seen[h as usize] {
            seen[h as usize] = true;
            let v = w.table[h as usize];
            if v.negative() {
                // Not a layout of fields.
                return None;
            }
            used = used.or(v);
        }
    }
    let spare = bits(m) + 2;
    let mut runs = runs(&used, spare);
    let shift = bonus.as_ref().map_or(0, |b| b.shift);
    for r in &mut runs {
        r.to += shift;
    }
    let width = runs.last().map_or(shift, |r| r.to + r.len);
    // The solver doubles weights and sums them over the vertices: the same headroom as the
    // full layout is given.
    let needed = width + 2 + bits(m) + 8;
    let bonus = bonus.map_or(&[][..], |b| b.edges);
    let narrow = Narrowing {
        m,
        sq,
        seen: &seen,
        table: w.table,
        runs: &runs,
    };
    Some(match needed {
        0..=63 => narrow.solve::<i64>(bonus),
        64..=127 => narrow.solve::<i128>(bonus),
        128..=192 => narrow.solve::<Wide<3>>(bonus),
        193..=256 => narrow.solve::<Wide<4>>(bonus),
        257..=320 => narrow.solve::<Wide<5>>(bonus),
        321..=384 => narrow.solve::<Wide<6>>(bonus),
        385..=512 => narrow.solve::<Wide<8>>(bonus),
        513..=768 => narrow.solve::<Wide<12>>(bonus),
        _ => return None,
    })
}

/// One matching's weights and how they narrow.
struct Narrowing<'a, const L: usize> {
    m: usize,
    sq: Vec<u32>,
    seen: &'a [bool],
    table: &'a [Wide<L>],
    runs: &'a [Run],
}

impl<const L: usize> Narrowing<'_, L> {
    fn solve<N: Narrow>(mut self, bonus: &[(usize, usize, u64)]) -> Vec<Option<usize>> {
        // Each distinct weight is packed once.
        let mut table: Vec<N> = self
            .table
            .iter()
            .zip(self.seen)
            .map(|(v, &seen)| if seen { pack(v, self.runs) } else { N::ZERO })
            .collect();
        let m = self.m;
        for &(i, j, add) in bonus {
            let v = table[self.sq[i * m + j] as usize];
            // A bonus on a missing edge would make one.
            if add != 0 && v != N::ZERO {
                let mut with = v;
                with.deposit(add, 0);
                let h = u32::try_from(table.len()).expect("weights fit u32");
                table.push(with);
                self.sq[i * m + j] = h;
                self.sq[j * m + i] = h;
            }
        }
        matching_of(&Indexed {
            n: m,
            pairs: &self.sq,
            table: &table,
        })
    }
}

fn bits(n: usize) -> u32 {
    usize::BITS - n.leading_zeros()
}

/// The runs of set bits of `used`, each gap between two runs cut to at most `spare` bits and
/// the zeros below the lowest run dropped (a common factor of two changes no comparison).
fn runs<const L: usize>(used: &Wide<L>, spare: u32) -> Vec<Run> {
    let mut out: Vec<Run> = Vec::new();
    let mut bit = 0;
    while bit < Wide::<L>::BITS {
        if !used.test(bit) {
            bit += 1;
            continue;
        }
        let start = bit;
        while bit < Wide::<L>::BITS && used.test(bit) {
            bit += 1;
        }
        let to = match out.last() {
            None => 0,
            Some(prev) => {
                let gap = start - (prev.from + prev.len);
                prev.to + prev.len + gap.min(spare)
            }
        };
        match out.last_mut() {
            // A short gap is kept as it is: the run simply grows over it.
            Some(prev) if start - (prev.from + prev.len) <= spare => {
                prev.len = bit - prev.from;
            }
            _ => out.push(Run {
                from: start,
                len: bit - start,
                to,
            }),
        }
    }
    out
}

fn pack<N: Narrow, const L: usize>(v: &Wide<L>, runs: &[Run]) -> N {
    let mut out = N::ZERO;
    for r in runs {
        let mut done = 0;
        while done < r.len {
            let len = (r.len - done).min(64);
            out.deposit(v.chunk(r.from + done, len), r.to + done);
            done += len;
        }
    }
    out
}

/// A weight type bits can be written into.
trait Narrow: Weight {
    /// ORs `chunk` in at bit `at` (the bits it covers are zero).
    fn deposit(&mut self, chunk: u64, at: u32);
}

impl Narrow for i64 {
    fn deposit(&mut self, chunk: u64, at: u32) {
        if chunk != 0 {
            *self |= (chunk << at) as i64;
        }
    }
}

impl Narrow for i128 {
    fn deposit(&mut self, chunk: u64, at: u32) {
        if chunk != 0 {
            *self |= (i128::from(chunk)) << at;
        }
    }
}

impl<const M: usize> Narrow for Wide<M> {
    fn deposit(&mut self, chunk: u64, at: u32) {
        if chunk != 0 {
            *self = self.or(Wide::from_u64(chunk).shifted_left(at));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type W = Wide<4>;

    fn field(v: u64, at: u32) -> W {
        W::from_u64(v).shifted_left(at)
    }

    #[test]
    fn gaps_are_cut_to_the_spare_bits_and_low_zeros_dropped() {
        let used = field(0b11, 10).or(field(1, 40)).or(field(1, 200));
        let r = runs(&used, 5);
        assert_eq!(
            r,
            vec![
                Run {
                    from: 10,
                    len: 2,
                    to: 0
                },
                Run {
                    from: 40,
                    len: 1,
                    to: 7
                },
                Run {
                    from: 200,
                    len: 1,
                    to: 13
                },
            ]
        );
        // A gap no longer than the spare bits is kept whole.
        let near = field(1, 10).or(field(1, 14));
        assert_eq!(
            runs(&near, 5),
            vec![Run {
                from: 10,
                len: 5,
                to: 0
            }]
        );
    }

    #[test]
    fn the_narrow_matching_is_the_wide_one() {
        // Weights with fields far apart, where a narrow type must choose as the wide one does:
        // the high field decides, the low field breaks its ties.
        let n = 6;
        let mut w = vec![W::zero(); n * n];
        let mut set = |a: usize, b: usize, hi: u64, lo: u64| {
            let v = field(hi, 220) + field(lo, 3);
            w[a * n + b] = v;
            w[b * n + a] = v;
        };
        set(0, 1, 2, 1);
        set(2, 3, 2, 1);
        set(4, 5, 1, 9);
        set(0, 2, 3, 0);
        set(1, 3, 1, 30);
        set(1, 4, 1, 31);
        set(3, 5, 2, 0);
        let full = super::super::blossom::max_weight_matching(n, |a, b| w[a * n + b]);
        let weights = Weights {
            m: n,
            pair: |a, b| (a * n + b) as u32,
            table: &w,
        };
        assert_eq!(matching(&weights), full);
        let used = w.iter().fold(W::zero(), |a, v| a.or(*v));
        let r = runs(&used, bits(n) + 2);
        let width = r.last().map(|r| r.to + r.len).unwrap();
        assert!(width < 40, "narrowed to {width} bits");
    }
}
