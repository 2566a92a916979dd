//! Double-width field values for lazy reduction (Aranha, Karabina, Longa, Gebotys, López,
//! "Faster explicit formulas for computing pairings over ordinary curves", EUROCRYPT 2011,
//! eprint 2010/526 §3; Scott, "Implementing cryptographic pairings", 2007 §5): the extension
//! towers add and subtract products of Fp elements at double width and Montgomery-reduce once
//! per output coefficient, instead of once per product.
//!
//! **Representation.** An [`FpWide`] is an integer `T` with `0 ≤ T < p·R` (`R = 2^(64N)`)
//! standing for `T·R⁻¹ mod p` in the Montgomery domain: the product of two Montgomery forms
//! `aR·bR` reduces to `abR`, the Montgomery form of `ab`. Addition and subtraction are modulo
//! `p·R`, which only touches the high half; the bound `T < p·R` is what the Montgomery
//! reduction needs to return a value below `2p`, fixed by one subtraction.
//!
//! **Bounds.** The tower needs `4p < R` (two spare bits: BN254, BLS12-381), so that Karatsuba
//! operands `a0 + a1 < 2p` can be multiplied without reducing them: `(2p)² < p·R`.
//!
//! **Constant time.** Carry chains through `ADC`/`SBB` (the `_addcarry_u64` intrinsics) and
//! mask selection; no branch, no data-dependent index.

use core::marker::PhantomData;

use super::{FieldParams, Fp};
use crate::limbs::{mont, WideOp};

/// `a + b + carry` with the carry out: `ADC` on x86-64.
#[inline(always)]
fn adc(carry: u8, a: u64, b: u64, out: &mut u64) -> u8 {
    #[cfg(target_arch = "x86_64")]
    {
        core::arch::x86_64::_addcarry_u64(carry, a, b, out)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let (s, c) = crate::limbs::adc(a, b, carry as u64);
        *out = s;
        c as u8
    }
}

/// `a − b − borrow` with the borrow out: `SBB` on x86-64.
#[inline(always)]
fn sbb(borrow: u8, a: u64, b: u64, out: &mut u64) -> u8 {
    #[cfg(target_arch = "x86_64")]
    {
        core::arch::x86_64::_subborrow_u64(borrow, a, b, out)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let (d, b) = crate::limbs::sbb(a, b, borrow as u64);
        *out = d;
        b as u8
    }
}

/// `a + b` for `a + b < 2^(64N)` (no reduction): Karatsuba operands below `2p`.
#[inline(always)]
pub(crate) fn add_unreduced<const N: usize>(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
    let mut r = [0u64; N];
    let mut c = 0;
    for i in 0..N {
        c = adc(c, a[i], b[i], &mut r[i]);
    }
    r
}

/// An unreduced product `T < p·R` in the Montgomery domain; see the module documentation.
///
/// The operations write their result in place (`*_into`, `*_assign`): the assembly stores
/// words one at a time, and a copy of the value by wider moves right after would stall on
/// store-to-load forwarding. `#[repr(transparent)]`: the assembly Fp2 kernels write it as `2N`
/// words.
#[repr(transparent)]
pub(crate) struct FpWide<P: FieldParams<N>, const N: usize> {
    /// `[low half, high half]`, contiguous for the assembly.
    w: [[u64; N]; 2],
    _params: PhantomData<P>,
}

impl<P: FieldParams<N>, const N: usize> Clone for FpWide<P, N> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
impl<P: FieldParams<N>, const N: usize> Copy for FpWide<P, N> {}

impl<P: FieldParams<N>, const N: usize> FpWide<P, N> {
    /// Zero.
    pub(crate) const ZERO: Self = FpWide { w: [[0; N]; 2], _params: PhantomData };
    /// Checked at compile time wherever lazy reduction is used: `4p < R`.
    const TWO_SPARE_BITS: () = assert!(P::MODULUS[N - 1] >> 62 == 0, "lazy reduction needs 4p < 2^(64N)");

    /// `*out = a·b` for Montgomery-form limb vectors below `2p` each (so below `p·R`).
    #[inline(always)]
    pub(crate) fn mul_limbs_into(a: &[u64; N], b: &[u64; N], out: &mut Self) {
        let () = Self::TWO_SPARE_BITS;
        Self::mul_words_into(a, b, out);
    }

    /// `*out = a·b` at double width for reduced `a, b` (so `a·b < p² < p·R` for any modulus):
    /// unlike [`Self::mul_into`], no spare bits needed.
    #[inline(always)]
    pub(crate) fn mul_reduced_into(a: &Fp<P, N>, b: &Fp<P, N>, out: &mut Self) {
        Self::mul_words_into(a.mont_limbs(), b.mont_limbs(), out);
    }

    /// The `2N`-word product `a·b` into `out`, whatever the bounds (the callers state them).
    #[inline(always)]
    fn mul_words_into(a: &[u64; N], b: &[u64; N], out: &mut Self) {
        #[cfg(target_arch = "x86_64")]
        if (N == 4 || N == 6) && crate::limbs::x86_64_adx::available() {
            // SAFETY: `available()` just confirmed BMI2 and ADX.
            return unsafe { crate::limbs::x86_64_adx::mul_wide(a, b, &mut out.w) };
        }
        let (lo, hi) = mont::mul_wide(a, b);
        out.w = [lo, hi];
    }

    /// `*out = a·b` at double width.
    #[inline(always)]
    pub(crate) fn mul_into(a: &Fp<P, N>, b: &Fp<P, N>, out: &mut Self) {
        Self::mul_limbs_into(a.mont_limbs(), b.mont_limbs(), out)
    }

    /// The Montgomery reduction: the field element `T` stands for.
    #[inline(always)]
    pub(crate) fn reduce(&self) -> Fp<P, N> {
        #[cfg(target_arch = "x86_64")]
        if (N == 4 || N == 6) && crate::limbs::x86_64_adx::available() {
            // SAFETY: `available()` just confirmed BMI2 and ADX.
            return Fp::from_mont_limbs(unsafe {
                crate::limbs::x86_64_adx::redc(&self.w, &P::MODULUS, P::INV, P::INV_HI)
            });
        }
        Fp::from_mont_limbs(mont::redc_ct(&self.w[0], &self.w[1], &P::MODULUS, P::INV))
    }

    /// `*out = self + rhs mod p·R`.
    #[inline(always)]
    pub(crate) fn add_into(&self, rhs: &Self, out: &mut Self) {
        Self::apply(WideOp::AddMod, self, rhs, out)
    }

    /// `*out = self − rhs mod p·R`.
    #[inline(always)]
    pub(crate) fn sub_into(&self, rhs: &Self, out: &mut Self) {
        Self::apply(WideOp::SubMod, self, rhs, out)
    }

    /// `self += rhs mod p·R`.
    #[inline(always)]
    pub(crate) fn add_assign(&mut self, rhs: &Self) {
        self.apply_assign(WideOp::AddMod, rhs)
    }

    /// `self −= rhs mod p·R`.
    #[inline(always)]
    pub(crate) fn sub_assign(&mut self, rhs: &Self) {
        self.apply_assign(WideOp::SubMod, rhs)
    }

    /// `self = 2·self mod p·R`.
    #[inline(always)]
    pub(crate) fn double_assign(&mut self) {
        #[cfg(target_arch = "x86_64")]
        {
            use crate::limbs::x86_64_wide_addsub::wide_op;
            let s: *mut [[u64; N]; 2] = &mut self.w;
            // SAFETY: `s` is the exclusively borrowed `self`, both operands and the output.
            if unsafe { wide_op(WideOp::AddMod, s, s, s, &P::MODULUS) } {
                return;
            }
        }
        *self = Self::portable(WideOp::AddMod, self, self);
    }

    /// `*out = k·a + b` (or `k·a − b` when `subtract`) mod `p·R`, for a small public `k`
    /// (`1 ≤ k ≤ 15`): one pass instead of a double-and-add chain of modular additions (the
    /// multiplication by BN254's non-residue `ξ = 9 + u`).
    ///
    /// `V = k·a ± b (+ p·R when subtracting)` lies in `[0, 16·p·R)`; modulo `p·R` only its high
    /// part `V_hi = ⌊V/R⌋ < 16p` changes, reduced by an estimated quotient (Barrett's idea, HAC
    /// Alg. 14.42, with the divisor's top word): with `T = ⌊p/2^(64(N−1))⌋ + 1` and `x =
    /// ⌊V_hi/2^(64(N−1))⌋ < 16T`, `q̂ = ⌊⌊x/16⌋·μ/2^(s+60)⌋` for `μ = ⌊2^(s+64)/T⌋` never exceeds
    /// `q = ⌊V_hi/p⌋` and falls short of it by at most one, so one conditional subtraction of `p`
    /// finishes. Constant time: the quotient is used as a multiplier only.
    #[inline(always)]
    pub(crate) fn mul_small_add_into(a: &Self, k: u64, b: &Self, subtract: bool, out: &mut Self) {
        debug_assert!((1..=15).contains(&k));
        // V = k·a: 2N words in `v`, the top word in `top`.
        let mut v = [[0u64; N]; 2];
        let mut carry = 0u64;
        for (vh, ah) in v.iter_mut().zip(&a.w) {
            for (vi, &ai) in vh.iter_mut().zip(ah) {
                let t = ai as u128 * k as u128 + carry as u128;
                *vi = t as u64;
                carry = (t >> 64) as u64;
            }
        }
        let mut top = carry;
        if subtract {
            // V − b + p·R ≥ 0; the top word wraps below zero and back (two's complement).
            let mut bw = 0;
            for (vh, bh) in v.iter_mut().zip(&b.w) {
                for (vi, &bi) in vh.iter_mut().zip(bh) {
                    let x = *vi;
                    bw = sbb(bw, x, bi, vi);
                }
            }
            top = top.wrapping_sub(bw as u64);
            let mut c = 0;
            for (vi, &m) in v[1].iter_mut().zip(&P::MODULUS) {
                let x = *vi;
                c = adc(c, x, m, vi);
            }
            top = top.wrapping_add(c as u64);
        } else {
            let mut c = 0;
            for (vh, bh) in v.iter_mut().zip(&b.w) {
                for (vi, &bi) in vh.iter_mut().zip(bh) {
                    let x = *vi;
                    c = adc(c, x, bi, vi);
                }
            }
            top += c as u64;
        }
        // V_hi −= q̂·p, then V_hi −= p where that does not borrow.
        let (mu, shift) = Self::QUOTIENT;
        let x = ((top as u128) << 64) | v[1][N - 1] as u128;
        let q = ((((x >> 4) as u64) as u128 * mu as u128) >> shift) as u64;
        let (mut carry, mut bw) = (0u64, 0u8);
        for (vi, &m) in v[1].iter_mut().zip(&P::MODULUS) {
            let t = m as u128 * q as u128 + carry as u128;
            carry = (t >> 64) as u64;
            let x = *vi;
            bw = sbb(bw, x, t as u64, vi);
        }
        let mut hi_top = 0;
        sbb(bw, top, carry, &mut hi_top);
        let mut bw = 0;
        for (vi, &m) in v[1].iter_mut().zip(&P::MODULUS) {
            let x = *vi;
            bw = sbb(bw, x, m, vi);
        }
        sbb(bw, hi_top, 0, &mut hi_top);
        // `hi_top` is all ones exactly when V_hi < p (the subtraction borrowed): p goes back in
        // by a masked carry chain (LLVM turned a limb select into vector shuffles here).
        let mut c = 0;
        for (vi, &m) in v[1].iter_mut().zip(&P::MODULUS) {
            let x = *vi;
            c = adc(c, x, m & hi_top, vi);
        }
        out.w = v;
    }

    /// `(μ, s + 60)` of [`Self::mul_small_add_into`]: `μ = ⌊2^(s+64)/T⌋ < 2^64` with `2^s ≤ T`.
    const QUOTIENT: (u64, u32) = {
        let t = P::MODULUS[N - 1] as u128 + 1;
        // s = ⌊log₂ T⌋, one less when T is a power of two.
        let s = 127 - t.leading_zeros() - if t.is_power_of_two() { 1 } else { 0 };
        (((1u128 << (s + 64)) / t) as u64, s + 60)
    };

    /// `self −= rhs` as integers, for `self ≥ rhs` (the Karatsuba middle term).
    #[inline(always)]
    pub(crate) fn sub_exact_assign(&mut self, rhs: &Self) {
        self.apply_assign(WideOp::Sub, rhs)
    }

    /// `*out = a op b`.
    #[inline(always)]
    fn apply(op: WideOp, a: &Self, b: &Self, out: &mut Self) {
        #[cfg(target_arch = "x86_64")]
        {
            use crate::limbs::x86_64_wide_addsub::wide_op;
            // SAFETY: three valid values; `out` is exclusively borrowed.
            if unsafe { wide_op(op, &a.w, &b.w, &mut out.w, &P::MODULUS) } {
                return;
            }
        }
        *out = Self::portable(op, a, b);
    }

    /// `self = self op b`.
    #[inline(always)]
    fn apply_assign(&mut self, op: WideOp, b: &Self) {
        #[cfg(target_arch = "x86_64")]
        {
            use crate::limbs::x86_64_wide_addsub::wide_op;
            let s: *mut [[u64; N]; 2] = &mut self.w;
            // SAFETY: `s` is the exclusively borrowed `self`, read and written in place (the
            // kernel reads each word before writing it); `b` is a distinct shared borrow.
            if unsafe { wide_op(op, s, &b.w, s, &P::MODULUS) } {
                return;
            }
        }
        *self = Self::portable(op, self, b);
    }

    /// The portable carry chains of the three operations.
    #[inline(always)]
    fn portable(op: WideOp, a: &Self, b: &Self) -> Self {
        let mut r = Self::ZERO;
        match op {
            WideOp::AddMod => {
                let mut c = 0;
                for i in 0..N {
                    c = adc(c, a.w[0][i], b.w[0][i], &mut r.w[0][i]);
                }
                for i in 0..N {
                    c = adc(c, a.w[1][i], b.w[1][i], &mut r.w[1][i]);
                }
                // The high half is below 2p: subtract p where that does not borrow.
                let (d, bw) = crate::limbs::sub(&r.w[1], &P::MODULUS);
                r.w[1] = crate::limbs::select(&d, &r.w[1], 0u64.wrapping_sub(bw));
            }
            WideOp::SubMod | WideOp::Sub => {
                let mut bw = 0;
                for i in 0..N {
                    bw = sbb(bw, a.w[0][i], b.w[0][i], &mut r.w[0][i]);
                }
                for i in 0..N {
                    bw = sbb(bw, a.w[1][i], b.w[1][i], &mut r.w[1][i]);
                }
                if let WideOp::SubMod = op {
                    // On a borrow, add p·R back: p to the high half.
                    let mask = 0u64.wrapping_sub(bw as u64);
                    let mut c = 0;
                    for i in 0..N {
                        let hi = r.w[1][i];
                        c = adc(c, hi, P::MODULUS[i] & mask, &mut r.w[1][i]);
                    }
                }
            }
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use num_bigint::BigUint;
    use rand_core::{RngCore, SeedableRng};

    use super::*;
    use crate::test_util::{big, limbs_of};

    fn to_big<P: FieldParams<N>, const N: usize>(a: &FpWide<P, N>) -> BigUint {
        big(&a.w[0]) + (big(&a.w[1]) << (64 * N))
    }

    fn from_big<P: FieldParams<N>, const N: usize>(v: &BigUint) -> FpWide<P, N> {
        let mut r = FpWide::ZERO;
        r.w[0] = limbs_of(&(v % (BigUint::from(1u8) << (64 * N))));
        r.w[1] = limbs_of(&(v >> (64 * N)));
        r
    }

    /// `k·a ± b mod p·R` against integers, on random values below `p·R` and the extremes
    /// (0, 1, `p·R − 1`, values just below multiples of `p·R/k`), for every `k` in 1..=15.
    fn check_mul_small_add<P: FieldParams<N>, const N: usize>(seed: u64) {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
        let pr = big(&P::MODULUS) << (64 * N);
        let mut values: Vec<BigUint> = vec![0u8.into(), 1u8.into(), &pr - 1u8, &pr - 2u8, &pr >> 1];
        for k in 1..=15u32 {
            values.push(&pr / k - 1u8);
            values.push(&pr / k);
        }
        for _ in 0..200 {
            let mut w = [0u64; 32];
            w.iter_mut().for_each(|x| *x = rng.next_u64());
            values.push(big(&w) % &pr);
        }
        for (i, a) in values.iter().enumerate() {
            let b = &values[(i * 7 + 3) % values.len()];
            let (wa, wb) = (from_big::<P, N>(a), from_big::<P, N>(b));
            for k in 1..=15u64 {
                let mut out = FpWide::ZERO;
                FpWide::mul_small_add_into(&wa, k, &wb, false, &mut out);
                assert_eq!(to_big(&out), (a * k + b) % &pr, "k = {k}, +");
                FpWide::mul_small_add_into(&wa, k, &wb, true, &mut out);
                assert_eq!(to_big(&out), (a * k + &pr - b) % &pr, "k = {k}, −");
            }
        }
    }

    #[test]
    fn mul_small_add_matches_integers() {
        check_mul_small_add::<crate::curves::bn254::FpParams, 4>(1);
        check_mul_small_add::<crate::curves::bls12_381::FpParams, 6>(2);
    }
}
