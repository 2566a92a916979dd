//! Scalar multiplication: constant-time signed fixed windows for secret scalars, wNAF for public
//! ones.

use alloc::vec::Vec;

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::Zeroize;

use super::{Projective, Scalar, SwCurve};

/// Window width of the constant-time method: signed digits in `[-16, 16]`, a table of
/// `[1]P … [16]P`.
const CT_WINDOW: u32 = 5;
/// Windows covering a scalar below `2^255` plus the final carry.
const CT_DIGITS: usize = (255 / CT_WINDOW as usize) + 1;

/// Signed base-32 digits `d_i ∈ [-16, 16]` with `k = Σ d_i·32^i`, computed without branches
/// (the scalar is secret). Requires `k < 2^255`.
fn signed_digits(k: &[u64; 4]) -> [i8; CT_DIGITS] {
    let mut digits = [0i8; CT_DIGITS];
    let mut carry = 0u64;
    for (i, d) in digits.iter_mut().enumerate() {
        let bit = i as u32 * CT_WINDOW;
        let (limb, off) = ((bit / 64) as usize, bit % 64);
        let mut w = k[limb] >> off;
        if off + CT_WINDOW > 64 && limb + 1 < 4 {
            w |= k[limb + 1] << (64 - off);
        }
        let v = (w & ((1 << CT_WINDOW) - 1)) + carry;
        // v ∈ [0, 32]; a digit ≥ 16 becomes v − 32 with a carry into the next window.
        carry = (v + (1 << (CT_WINDOW - 1))) >> CT_WINDOW;
        *d = (v as i64 - ((carry as i64) << CT_WINDOW)) as i8;
    }
    digits
}

impl<C: SwCurve> Projective<C> {
    /// `[k]·self` for a secret scalar `k`: signed 5-bit fixed windows (255 doublings, 51
    /// additions) with a constant-time table lookup. Time is independent of `k` and `self`.
    pub fn mul(&self, k: &Scalar<C>) -> Self {
        let mut limbs = k.to_canonical_limbs();
        let r = self.mul_limbs_ct(&limbs);
        limbs.zeroize();
        r
    }

    /// `[k]·self` for `k < 2^255` given as canonical limbs (secret; constant time).
    pub(crate) fn mul_limbs_ct(&self, k: &[u64; 4]) -> Self {
        let mut table = [*self; 16];
        for i in 1..16 {
            table[i] = if i % 2 == 1 { table[i / 2].double() } else { table[i - 1].add(self) };
        }
        let mut digits = signed_digits(k);
        let lookup = |d: i8| -> Self {
            let neg = Choice::from(((d as u8) >> 7) & 1);
            let abs = ((d as i16 ^ -(neg.unwrap_u8() as i16)) + neg.unwrap_u8() as i16) as u8;
            let mut p = Self::identity();
            for (j, t) in table.iter().enumerate() {
                p.conditional_assign(t, abs.ct_eq(&(j as u8 + 1)));
            }
            Self::conditional_select(&p, &p.neg(), neg)
        };
        let mut acc = lookup(digits[CT_DIGITS - 1]);
        for &d in digits[..CT_DIGITS - 1].iter().rev() {
            for _ in 0..CT_WINDOW {
                acc = acc.double();
            }
            acc = acc.add(&lookup(d));
        }
        digits.zeroize();
        for t in table.iter_mut() {
            t.zeroize();
        }
        acc
    }

    /// `[k]·self` for a public scalar `k` (width-5 wNAF); time depends on `k`.
    pub fn mul_vartime(&self, k: &Scalar<C>) -> Self {
        self.mul_limbs_vartime(&k.to_canonical_limbs())
    }

    /// `[k]·self` for a public integer `k` of any length (little-endian limbs), by width-5
    /// wNAF; time depends on `k`. Used for cofactors and the order-`r` check.
    pub fn mul_limbs_vartime(&self, k: &[u64]) -> Self {
        let naf = wnaf(k, 5);
        // Odd multiples P, 3P, …, 15P.
        let mut table = [*self; 8];
        let twice = self.double();
        for i in 1..8 {
            table[i] = table[i - 1].add(&twice);
        }
        let mut acc = Self::identity();
        for &d in naf.iter().rev() {
            acc = acc.double();
            if d > 0 {
                acc = acc.add(&table[(d as usize) / 2]);
            } else if d < 0 {
                acc = acc.sub(&table[(-d as usize) / 2]);
            }
        }
        acc
    }
}

/// Width-`w` non-adjacent form of a public integer: digits odd in `(-2^(w-1), 2^(w-1))` or
/// zero, least significant first.
pub(crate) fn wnaf(k: &[u64], w: u32) -> Vec<i8> {
    let mut k: Vec<u64> = k.to_vec();
    k.push(0);
    let mut out = Vec::with_capacity(64 * k.len());
    let is_zero = |k: &[u64]| k.iter().all(|&l| l == 0);
    while !is_zero(&k) {
        let d = if k[0] & 1 == 1 {
            let m = (k[0] & ((1 << w) - 1)) as i64;
            let d = if m >= 1 << (w - 1) { m - (1 << w) } else { m };
            // k -= d (d may be negative: then k += |d|)
            if d > 0 {
                let mut borrow = d as u64;
                for l in k.iter_mut() {
                    let (v, b) = l.overflowing_sub(borrow);
                    *l = v;
                    borrow = b as u64;
                }
            } else {
                let mut carry = (-d) as u64;
                for l in k.iter_mut() {
                    let (v, c) = l.overflowing_add(carry);
                    *l = v;
                    carry = c as u64;
                }
            }
            d as i8
        } else {
            0
        };
        out.push(d);
        // k >>= 1
        for i in 0..k.len() {
            k[i] = (k[i] >> 1) | if i + 1 < k.len() { k[i + 1] << 63 } else { 0 };
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(digits: &[i8], radix_bits: u32) -> num_bigint::BigInt {
        digits.iter().rev().fold(num_bigint::BigInt::default(), |acc, &d| (acc << radix_bits) + d)
    }

    fn big(k: &[u64]) -> num_bigint::BigInt {
        k.iter().rev().fold(num_bigint::BigInt::default(), |acc, &l| (acc << 64) + l)
    }

    #[test]
    fn recodings_represent_the_scalar() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(3);
        for i in 0..2000 {
            let mut k: [u64; 4] = rng.gen();
            k[3] >>= 1 + (i % 3); // below 2^255
            if i == 0 {
                k = [u64::MAX, u64::MAX, u64::MAX, u64::MAX >> 1];
            }
            let d = signed_digits(&k);
            assert!(d.iter().all(|&x| (-16..=16).contains(&x)));
            assert_eq!(eval(&d, CT_WINDOW), big(&k));
            let n = wnaf(&k, 5);
            assert!(n.iter().all(|&x| x == 0 || (x % 2 != 0 && (-15..=15).contains(&x))));
            assert_eq!(eval(&n, 1), big(&k));
        }
    }
}
