//! Fixed-width signed integers for the weights of the Dutch pairing: each criterion is a bit
//! field of the edge weight, more important criteria in higher bits, so a big event needs
//! hundreds of bits (the reference set up to 360; a 1,000-player open about 1,800). `i128` is
//! not enough, and the weights only ever need add, subtract, compare, shift and halve.

// Limb loops index several arrays at once (carries, neighbours): plain indices read best.
#![allow(clippy::needless_range_loop)]

use std::cmp::Ordering;
use std::ops::{Add, AddAssign, Sub, SubAssign};

/// A two's-complement integer of `L` 64-bit limbs, least significant first.
// Equality and order are written out: the derived ones call `memcmp` for every comparison of
// the solver's inner loop, which cost a sixth of a 300-player round.
#[derive(Clone, Copy)]
pub struct Wide<const L: usize>([u64; L]);

impl<const L: usize> PartialEq for Wide<L> {
    #[inline]
    fn eq(&self, o: &Self) -> bool {
        let mut diff = 0;
        for i in 0..L {
            diff |= self.0[i] ^ o.0[i];
        }
        diff == 0
    }
}

impl<const L: usize> Eq for Wide<L> {}

impl<const L: usize> std::hash::Hash for Wide<L> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl<const L: usize> std::fmt::Debug for Wide<L> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Wide(")?;
        if self.negative() {
            write!(f, "-")?;
        }
        let m = if self.negative() { self.neg() } else { *self };
        for limb in m.0.iter().rev() {
            write!(f, "{limb:016x}")?;
        }
        write!(f, ")")
    }
}

impl<const L: usize> Wide<L> {
    pub const BITS: u32 = 64 * L as u32;

    pub const fn zero() -> Self {
        Wide([0; L])
    }

    pub fn from_u64(v: u64) -> Self {
        let mut w = [0; L];
        w[0] = v;
        Wide(w)
    }

    /// `2^n`.
    pub fn bit(n: u32) -> Self {
        let mut w = [0; L];
        w[(n / 64) as usize] = 1 << (n % 64);
        Wide(w)
    }

    pub fn negative(&self) -> bool {
        self.0[L - 1] >> 63 == 1
    }

    pub fn or(self, o: Self) -> Self {
        let mut r = self.0;
        for i in 0..L {
            r[i] |= o.0[i];
        }
        Wide(r)
    }

    /// Whether bit `n` is set.
    pub fn test(&self, n: u32) -> bool {
        self.0[(n / 64) as usize] >> (n % 64) & 1 == 1
    }

    /// The `len` bits (at most 64) from bit `lo`, as the low bits of a `u64`.
    pub fn chunk(&self, lo: u32, len: u32) -> u64 {
        let (limb, bit) = ((lo / 64) as usize, lo % 64);
        let mut v = self.0[limb] >> bit;
        if bit > 0 && limb + 1 < L {
            v |= self.0[limb + 1] << (64 - bit);
        }
        if len < 64 {
            v &= (1 << len) - 1;
        }
        v
    }

    fn neg(self) -> Self {
        let mut r = [0; L];
        let mut carry = 1u64;
        for (i, limb) in self.0.iter().enumerate() {
            let (v, c) = (!limb).overflowing_add(carry);
            r[i] = v;
            carry = u64::from(c);
        }
        Wide(r)
    }

    /// `self * 2^n` (bits shifted out at the top are lost, as with any fixed width).
    pub fn shifted_left(self, n: u32) -> Self {
        let (limbs, bits) = ((n / 64) as usize, n % 64);
        let mut r = [0u64; L];
        for i in (limbs..L).rev() {
            let lo = self.0[i - limbs];
            r[i] = lo << bits;
            if bits > 0 && i > limbs {
                r[i] |= self.0[i - limbs - 1] >> (64 - bits);
            }
        }
        Wide(r)
    }

    /// Arithmetic shift right by one.
    fn sar1(self) -> Self {
        let mut r = [0u64; L];
        for i in 0..L {
            r[i] = self.0[i] >> 1;
            if i + 1 < L {
                r[i] |= self.0[i + 1] << 63;
            }
        }
        if self.negative() {
            r[L - 1] |= 1 << 63;
        }
        Wide(r)
    }
}

impl<const L: usize> Add for Wide<L> {
    type Output = Self;
    #[inline]
    fn add(self, o: Self) -> Self {
        let mut r = [0; L];
        let mut carry = false;
        for i in 0..L {
            let (a, c1) = self.0[i].overflowing_add(o.0[i]);
            let (b, c2) = a.overflowing_add(u64::from(carry));
            r[i] = b;
            carry = c1 || c2;
        }
        Wide(r)
    }
}

impl<const L: usize> Sub for Wide<L> {
    type Output = Self;
    #[inline]
    fn sub(self, o: Self) -> Self {
        let mut r = [0; L];
        let mut borrow = false;
        for i in 0..L {
            let (a, b1) = self.0[i].overflowing_sub(o.0[i]);
            let (b, b2) = a.overflowing_sub(u64::from(borrow));
            r[i] = b;
            borrow = b1 || b2;
        }
        Wide(r)
    }
}

impl<const L: usize> AddAssign for Wide<L> {
    fn add_assign(&mut self, o: Self) {
        *self = *self + o;
    }
}

impl<const L: usize> SubAssign for Wide<L> {
    fn sub_assign(&mut self, o: Self) {
        *self = *self - o;
    }
}

impl<const L: usize> Ord for Wide<L> {
    #[inline]
    fn cmp(&self, o: &Self) -> Ordering {
        // The top limb decides as a signed number; the lower ones as unsigned.
        let (a, b) = (self.0[L - 1] as i64, o.0[L - 1] as i64);
        if a != b {
            return a.cmp(&b);
        }
        for i in (0..L - 1).rev() {
            if self.0[i] != o.0[i] {
                return self.0[i].cmp(&o.0[i]);
            }
        }
        Ordering::Equal
    }
}

impl<const L: usize> PartialOrd for Wide<L> {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl<const L: usize> super::blossom::Weight for Wide<L> {
    const ZERO: Self = Wide([0; L]);
    const ONE: Self = {
        let mut w = [0; L];
        w[0] = 1;
        Wide(w)
    };
    fn half(self) -> Self {
        // Toward zero, as integer division does.
        if self.negative() {
            self.neg().sar1().neg()
        } else {
            self.sar1()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::swiss::blossom::Weight;

    type W = Wide<2>;

    fn w(v: i128) -> W {
        let u = v as u128;
        Wide([u as u64, (u >> 64) as u64])
    }

    #[test]
    fn arithmetic_agrees_with_i128() {
        let values = [
            0i128,
            1,
            -1,
            2,
            -3,
            7,
            i64::MAX as i128,
            u64::MAX as i128,
            -(u64::MAX as i128) - 5,
            1 << 100,
            -(1 << 100) + 12345,
            i128::MAX / 4,
            i128::MAX,
            i128::MIN + 1,
        ];
        for &a in &values {
            assert_eq!(w(a).half(), w(a / 2), "{a} / 2");
            if a.unsigned_abs() < (1 << 120) {
                assert_eq!(w(a).double(), w(a * 2), "{a} * 2");
                assert_eq!(w(a).shifted_left(5), w(a << 5), "{a} << 5");
            }
            for &b in &values {
                if a.checked_add(b).is_some() {
                    assert_eq!(w(a) + w(b), w(a + b), "{a} + {b}");
                }
                if a.checked_sub(b).is_some() {
                    assert_eq!(w(a) - w(b), w(a - b), "{a} - {b}");
                }
                assert_eq!(w(a).cmp(&w(b)), a.cmp(&b), "{a} cmp {b}");
                assert_eq!(w(a) < w(b), a < b, "{a} < {b}");
                assert_eq!(w(a) <= w(b), a <= b, "{a} <= {b}");
                assert_eq!(w(a) > w(b), a > b, "{a} > {b}");
                assert_eq!(w(a) >= w(b), a >= b, "{a} >= {b}");
            }
        }
        assert_eq!(W::bit(70), w(1 << 70));
        assert_eq!(W::from_u64(9).shifted_left(64), w(9 << 64));
        let x = w(0b1011 << 62);
        assert_eq!(x.chunk(62, 4), 0b1011);
        assert_eq!(x.chunk(63, 2), 0b01);
        assert!(x.test(65) && !x.test(64) && !x.test(61));
        assert_eq!(w(5).or(w(1 << 70)), w(5 + (1 << 70)));
    }
}
