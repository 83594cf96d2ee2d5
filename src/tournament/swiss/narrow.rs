//! The Dutch weights narrowed before each matching. A round's weights are laid out for every
//! score group at once (a 300-player ninth round needs about 700 bits), but while one bracket
//! is settled only the fields of the few scores in play are non-zero: the rest are zeros in
//! every edge. Dropping those zero bits, keeping above each used run as many spare bits as a
//! sum over a matching can carry into, orders every matching's total exactly as the full
//! weights do, so the optimum is the same; the solver's work on each number shrinks with it
//! (a 300-player round drops from twelve 64-bit limbs to four or five).

use integer_blossom::Weight;

use super::wide::Wide;

/// One run of used bits: `len` bits from `from` in the wide weight go to `to` in the narrow one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    from: u32,
    len: u32,
    to: u32,
}

/// The maximum-weight matching of the symmetric `m`×`m` matrix `get` gives (zero = no edge),
/// each vertex's mate. The weights are read where they are kept, never copied at full width:
/// only the narrowed matrix is built (a 1,000-player round's full copy was hundreds of MB).
pub fn matching<const L: usize>(
    get: impl Fn(usize, usize) -> Wide<L>,
    m: usize,
) -> Vec<Option<usize>> {
    narrowed(&get, m, None).unwrap_or_else(|| {
        // Too wide to narrow: the full matrix, built only now.
        let w: Vec<Wide<L>> = (0..m * m).map(|k| get(k / m, k % m)).collect();
        solver::run(w, m)
    })
}

/// The matching on the narrowed weights, these taken times `2^shift` plus `bonus` (an `m`×`m`
/// matrix below `2^shift`) when one is given; `None` when the weights cannot be narrowed into
/// the widest type here.
pub fn narrowed<const L: usize>(
    get: &impl Fn(usize, usize) -> Wide<L>,
    m: usize,
    bonus: Option<(&[u64], u32)>,
) -> Option<Vec<Option<usize>>> {
    if m == 0 {
        return Some(Vec::new());
    }
    let mut used = Wide::<L>::zero();
    for a in 0..m {
        for b in 0..a {
            let v = get(a, b);
            if v.negative() {
                // Not a layout of fields.
                return None;
            }
            used = used.or(v);
        }
    }
    let spare = bits(m) + 2;
    let mut runs = runs(&used, spare);
    let shift = bonus.map_or(0, |(_, s)| s);
    for r in &mut runs {
        r.to += shift;
    }
    let width = runs.last().map_or(shift, |r| r.to + r.len);
    // The solver doubles weights and sums them over the vertices: the same headroom as the
    // full layout is given.
    let needed = width + 2 + bits(m) + 8;
    let bonus = bonus.map(|(b, _)| b);
    Some(match needed {
        0..=63 => solve::<i64, L>(get, m, &runs, bonus),
        64..=127 => solve::<i128, L>(get, m, &runs, bonus),
        128..=192 => solve::<Wide<3>, L>(get, m, &runs, bonus),
        193..=256 => solve::<Wide<4>, L>(get, m, &runs, bonus),
        257..=320 => solve::<Wide<5>, L>(get, m, &runs, bonus),
        321..=384 => solve::<Wide<6>, L>(get, m, &runs, bonus),
        385..=512 => solve::<Wide<8>, L>(get, m, &runs, bonus),
        513..=768 => solve::<Wide<12>, L>(get, m, &runs, bonus),
        _ => return None,
    })
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

fn solve<N: Narrow, const L: usize>(
    get: &impl Fn(usize, usize) -> Wide<L>,
    m: usize,
    runs: &[Run],
    bonus: Option<&[u64]>,
) -> Vec<Option<usize>> {
    let mut narrow: Vec<N> = vec![N::ZERO; m * m];
    for a in 0..m {
        for b in 0..a {
            let v = pack(&get(a, b), runs);
            narrow[a * m + b] = v;
            narrow[b * m + a] = v;
        }
    }
    if let Some(bonus) = bonus {
        for (n, &b) in narrow.iter_mut().zip(bonus) {
            // A bonus on a missing edge would make one.
            if b != 0 && *n != N::ZERO {
                n.deposit(b, 0);
            }
        }
    }
    solver::run(narrow, m)
}

/// Where the big matchings are solved. `integer-blossom` keeps, per thread and per weight type,
/// a solver whose edge matrix is `(2m+1)²` for the largest `m` it has seen, for the life of the
/// thread: four narrow types used in one 1,000-player round held four such matrices (≈ 550 MB).
/// A large matching is therefore solved on a worker thread that serves one weight type; a job of
/// another type ends it (its matrix freed) before a new one starts, and [`release`] ends it
/// after the round. Small matchings stay on the caller's thread, whose matrices stay small.
pub mod solver {
    use std::any::TypeId;
    use std::cell::RefCell;
    use std::sync::mpsc;

    use integer_blossom::{max_weight_matching, Weight};

    /// Below this many vertices a matching's matrix is small enough to keep on any thread.
    pub(super) const LARGE: usize = 256;

    type Job = Box<dyn FnOnce() -> Vec<Option<usize>> + Send>;

    struct Worker {
        kind: TypeId,
        jobs: mpsc::Sender<Job>,
        answers: mpsc::Receiver<Vec<Option<usize>>>,
        thread: std::thread::JoinHandle<()>,
    }

    impl Worker {
        fn start(kind: TypeId) -> Worker {
            let (jobs, inbox) = mpsc::channel::<Job>();
            let (outbox, answers) = mpsc::channel();
            let thread = std::thread::spawn(move || {
                for job in inbox {
                    if outbox.send(job()).is_err() {
                        break;
                    }
                }
            });
            Worker {
                kind,
                jobs,
                answers,
                thread,
            }
        }

        /// Ends the thread and waits for it, so that its solver's memory is given back before
        /// another is built.
        fn stop(self) {
            drop(self.jobs);
            let _ = self.thread.join();
        }
    }

    thread_local! {
        static WORKER: RefCell<Option<Worker>> = const { RefCell::new(None) };
    }

    /// The maximum-weight matching of the `m`×`m` matrix `w` (its upper triangle read).
    pub fn run<N: Weight + Send + 'static>(w: Vec<N>, m: usize) -> Vec<Option<usize>> {
        if m < LARGE {
            return max_weight_matching(&w, m);
        }
        WORKER.with(|cell| {
            let mut slot = cell.borrow_mut();
            let kind = TypeId::of::<N>();
            if slot.as_ref().is_some_and(|w| w.kind != kind) {
                if let Some(old) = slot.take() {
                    old.stop();
                }
            }
            let worker = slot.get_or_insert_with(|| Worker::start(kind));
            let answer = worker
                .jobs
                .send(Box::new(move || max_weight_matching(&w, m)))
                .ok()
                .and_then(|()| worker.answers.recv().ok());
            // A worker that died (a panic in the solver) is not reused; the panic is the
            // caller's, as it would have been on its own thread.
            answer.unwrap_or_else(|| {
                if let Some(dead) = slot.take() {
                    let _ = dead.thread.join();
                }
                panic!("the matching's worker thread failed")
            })
        })
    }

    /// Ends the worker after a round, giving its memory back to the program.
    pub fn release() {
        WORKER.with(|cell| {
            if let Some(worker) = cell.borrow_mut().take() {
                worker.stop();
            }
        });
    }
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
trait Narrow: Weight + Send + 'static {
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
    use integer_blossom::max_weight_matching;

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
        let full = max_weight_matching(&w, n);
        assert_eq!(matching(|a, b| w[a * n + b], n), full);
        let used = w.iter().fold(W::zero(), |a, v| a.or(*v));
        let r = runs(&used, bits(n) + 2);
        let width = r.last().map(|r| r.to + r.len).unwrap();
        assert!(width < 40, "narrowed to {width} bits");
    }

    /// A matching big enough for the worker thread gives what the caller's thread gives, for
    /// one weight type, then another (the worker is replaced), and after a release.
    #[test]
    fn the_worker_threads_matching_is_the_callers() {
        let m = solver::LARGE + 40;
        let mut seed = 7u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % 1000
        };
        let mut w = vec![0i64; m * m];
        for a in 0..m {
            for b in 0..a {
                // About one pair in three may meet.
                let v = if next() % 3 == 0 {
                    next() as i64 + 1
                } else {
                    0
                };
                w[a * m + b] = v;
                w[b * m + a] = v;
            }
        }
        let here = max_weight_matching(&w, m);
        assert_eq!(solver::run(w.clone(), m), here);
        let wide: Vec<i128> = w.iter().map(|&v| i128::from(v)).collect();
        assert_eq!(solver::run(wide, m), here);
        solver::release();
        assert_eq!(solver::run(w, m), here);
        solver::release();
    }
}
