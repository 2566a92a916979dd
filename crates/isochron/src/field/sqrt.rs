//! Square roots and quadratic residuosity in prime fields, constant time in the element.
//!
//! - `p ≡ 3 (mod 4)` (BN254 Fp, BLS12-381 Fp): `√x = x^((p+1)/4)` (Cohen, "A Course in
//!   Computational Algebraic Number Theory", §1.5.1), then a check that it squares to `x`.
//! - `p ≡ 1 (mod 4)` (the scalar fields, 2-adicity 28 and 32): Tonelli–Shanks (Cohen, Alg.
//!   1.5.1) with a fixed schedule: with `p − 1 = 2^s·t`, `t` odd, start from `r = x^((t+1)/2)`,
//!   `b = x^t` (so `r² = x·b`) and for `k = s−1, …, 1` multiply `r` by `c_k` and `b` by `c_k²`,
//!   selected in constant time, whenever `b^(2^(k−1)) ≠ 1`, where `c_k = ω^(2^(s−1−k))` for the
//!   primitive `2^s`-th root of unity `ω`. Each `k` does exactly `k − 1` squarings, so the time
//!   is fixed by `s`; `b = 1` at the end iff `x` is a square.
//! - Legendre symbol by Euler's criterion, `x^((p−1)/2) ∈ {0, 1, −1}`.
//!
//! Exponents are public constants of the field, so the exponentiations use a sliding window
//! over the exponent ([`pow_sliding_vartime`]: time depends on the exponent only, never on the
//! base).
//!
//! **Which root.** [`Fp::sqrt`] returns the root its algorithm produces (a deterministic
//! function of `x`, not normalized to a sign); callers that need a canonical root choose it
//! with [`Fp::is_odd`] or [`Fp::is_lexicographically_largest`].

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

use super::{Field, FieldParams, Fp, SqrtField};

/// Window width of [`pow_sliding_vartime`]: 16 precomputed odd powers.
const WINDOW: u32 = 5;

/// `x^exp` for a public exponent (little-endian `u64` words) by left-to-right sliding windows of
/// width 5 (Menezes–van Oorschot–Vanstone, "Handbook of Applied Cryptography", Alg. 14.85).
/// The sequence of squarings and multiplications depends on `exp` only, never on `x`.
pub fn pow_sliding_vartime<F: Field>(x: &F, exp: &[u64]) -> F {
    let bit = |i: usize| (exp[i / 64] >> (i % 64)) & 1 == 1;
    // odd[j] = x^(2j+1).
    let x2 = x.square();
    let mut odd = [*x; 1 << (WINDOW - 1)];
    for j in 1..odd.len() {
        odd[j] = odd[j - 1] * x2;
    }
    let mut r = F::ONE;
    let mut started = false;
    let mut i = 64 * exp.len();
    while i > 0 {
        if !bit(i - 1) {
            if started {
                r = r.square();
            }
            i -= 1;
            continue;
        }
        // The longest window exp[i−1 .. lo] of at most WINDOW bits that ends in a one.
        let mut lo = i.saturating_sub(WINDOW as usize);
        while !bit(lo) {
            lo += 1;
        }
        let mut w = 0usize;
        for j in (lo..i).rev() {
            w = (w << 1) | bit(j) as usize;
            if started {
                r = r.square();
            }
        }
        r = if started { r * odd[w >> 1] } else { odd[w >> 1] };
        started = true;
        i = lo;
    }
    r
}

impl<P: FieldParams<N>, const N: usize> Fp<P, N> {
    /// `x^((p−1)/2)`: one, minus one, or zero (Euler's criterion).
    fn euler(&self) -> Self {
        pow_sliding_vartime(self, &P::EULER_EXP)
    }

    /// The Legendre symbol `(x | p)`: 1 for a non-zero square, −1 for a non-square, 0 for zero
    /// (Euler's criterion; Cohen §1.4.2). Constant time.
    pub fn legendre(&self) -> i8 {
        let e = self.euler();
        let one = e.ct_eq(&Self::ONE).unwrap_u8() as i8;
        let minus_one = e.ct_eq(&-Self::ONE).unwrap_u8() as i8;
        one - minus_one
    }

    /// Whether `self` is a square (zero is). Constant time.
    pub fn is_square(&self) -> Choice {
        let e = self.euler();
        e.ct_eq(&Self::ONE) | e.is_zero()
    }

    /// A square root of `self`, none for a non-square: `x^((p+1)/4)` when `p ≡ 3 (mod 4)`,
    /// constant-time Tonelli–Shanks otherwise (see the module documentation, also for which of
    /// the two roots is returned). Constant time.
    pub fn sqrt(&self) -> CtOption<Self> {
        let r =
            if P::MODULUS[0] & 3 == 3 { pow_sliding_vartime(self, &P::SQRT_EXP_3MOD4) } else { self.tonelli_shanks() };
        CtOption::new(r, r.square().ct_eq(self))
    }

    /// Tonelli–Shanks with the fixed schedule of the module documentation; the result squares
    /// to `self` iff `self` is a square.
    fn tonelli_shanks(&self) -> Self {
        let w = pow_sliding_vartime(self, &P::TRACE_MINUS_ONE_DIV_TWO); // x^((t−1)/2)
        let mut r = *self * w; // x^((t+1)/2)
        let mut b = r * w; // x^t
        let mut c = Self::ROOT_OF_UNITY; // c_k, of order 2^(k+1)
        for k in (1..P::TWO_ADICITY).rev() {
            let mut e = b;
            for _ in 1..k {
                e = e.square();
            }
            // b^(2^(k−1)) ≠ 1: b has order 2^k and c_k² cancels it.
            let fix = !e.ct_eq(&Self::ONE);
            r.conditional_assign(&(r * c), fix);
            c = c.square();
            b.conditional_assign(&(b * c), fix);
        }
        r
    }
}

impl<P: FieldParams<N>, const N: usize> SqrtField for Fp<P, N> {
    fn sqrt(&self) -> CtOption<Self> {
        Fp::sqrt(self)
    }
    fn is_square(&self) -> Choice {
        Fp::is_square(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curves::{bls12_381, bn254};
    use crate::test_util::big;
    use num_bigint::BigUint;
    use rand::SeedableRng;

    fn check_field<P: FieldParams<N>, const N: usize>() {
        let p = big(&P::MODULUS);
        let euler = (&p - 1u8) >> 1;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(3);

        // ω has order exactly 2^s; the generator is a non-residue.
        let s = P::TWO_ADICITY;
        let mut w = Fp::<P, N>::ROOT_OF_UNITY;
        for _ in 1..s {
            w = w.square();
        }
        assert_eq!(w, -Fp::<P, N>::ONE, "ω^(2^(s−1)) = −1");
        assert_eq!(w.square(), Fp::<P, N>::ONE);
        let g = Fp::<P, N>::from_u64(P::GENERATOR);
        assert_eq!(g.legendre(), -1);
        assert!(bool::from(g.sqrt().is_none()));

        assert_eq!(Fp::<P, N>::ZERO.sqrt().unwrap(), Fp::<P, N>::ZERO);
        assert_eq!(Fp::<P, N>::ZERO.legendre(), 0);
        assert!(bool::from(Fp::<P, N>::ZERO.is_square()));
        assert_eq!(Fp::<P, N>::ONE.sqrt().unwrap().square(), Fp::<P, N>::ONE);

        let mut non_squares = 0;
        for _ in 0..300 {
            let x = Fp::<P, N>::random(&mut rng);
            // Squares: the root squares back, and is the same for x and −x.
            let x2 = x.square();
            let r = x2.sqrt().unwrap();
            assert_eq!(r.square(), x2);
            assert_eq!((-x).square().sqrt().unwrap(), r);
            assert!(r == x || r == -x);
            assert_eq!(x2.legendre(), if bool::from(x.is_zero()) { 0 } else { 1 });
            // Arbitrary elements against num-bigint's Euler criterion.
            let e = big(&x.to_canonical_limbs()).modpow(&euler, &p);
            let want: i8 = if e == BigUint::default() {
                0
            } else if e == BigUint::from(1u8) {
                1
            } else {
                assert_eq!(e, &p - 1u8);
                -1
            };
            assert_eq!(x.legendre(), want);
            assert_eq!(bool::from(x.is_square()), want >= 0);
            let r = x.sqrt();
            assert_eq!(bool::from(r.is_some()), want >= 0);
            if want >= 0 {
                assert_eq!(r.unwrap().square(), x);
            } else {
                non_squares += 1;
            }
        }
        assert!(non_squares > 100, "about half the elements are non-squares");
    }

    #[test]
    fn sqrt_and_legendre_all_fields() {
        check_field::<bls12_381::FpParams, 6>();
        check_field::<bls12_381::FrParams, 4>();
        check_field::<bn254::FpParams, 4>();
        check_field::<bn254::FrParams, 4>();
    }

    #[test]
    fn sliding_window_matches_square_and_multiply() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(4);
        let x = bls12_381::Fp::random(&mut rng);
        for e in [[0u64, 0], [1, 0], [0b10111, 0], [u64::MAX, 1], [0x8000_0000_0000_0001, 0xdead_beef], [7, 1 << 63]] {
            assert_eq!(pow_sliding_vartime(&x, &e), x.pow_vartime(&e));
        }
    }
}
