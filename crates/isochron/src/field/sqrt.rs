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

/// Most windows a [`PowSchedule`] holds (a 384-bit exponent needs about 70).
const MAX_WINDOWS: usize = 128;

/// The sliding-window decomposition of a fixed public exponent, computed at compile time, so
/// that [`pow_scheduled`] runs straight through its squarings and multiplications with no
/// bit scanning at run time (the square roots' fixed exponents; measured 1–2% faster).
#[derive(Clone, Copy, Debug)]
pub struct PowSchedule {
    /// The odd power `x^(2j+1)` the result starts from: `j`.
    first: u8,
    /// For each further window: the squarings before it and the odd power `j` it multiplies in.
    steps: [(u16, u8); MAX_WINDOWS],
    /// How many `steps` are used.
    len: usize,
    /// Squarings after the last window.
    tail: u16,
}

impl PowSchedule {
    /// The schedule of `exp` (little-endian words, non-zero): windows of at most 5 bits ending
    /// in a one, from the top (HAC Alg. 14.85). Panics at compile time past `MAX_WINDOWS`.
    pub const fn new(exp: &[u64]) -> Self {
        let mut s = PowSchedule { first: 0, steps: [(0, 0); MAX_WINDOWS], len: 0, tail: 0 };
        let mut started = false;
        let mut pending = 0u16;
        let mut i = 64 * exp.len();
        while i > 0 {
            if !exp_bit(exp, i - 1) {
                if started {
                    pending += 1;
                }
                i -= 1;
                continue;
            }
            let mut lo = i.saturating_sub(WINDOW as usize);
            while !exp_bit(exp, lo) {
                lo += 1;
            }
            let mut w = 0usize;
            let mut j = i;
            while j > lo {
                j -= 1;
                w = (w << 1) | exp_bit(exp, j) as usize;
            }
            if started {
                assert!(s.len < MAX_WINDOWS, "exponent has too many windows");
                s.steps[s.len] = (pending + (i - lo) as u16, (w >> 1) as u8);
                s.len += 1;
            } else {
                s.first = (w >> 1) as u8;
                started = true;
            }
            pending = 0;
            i = lo;
        }
        assert!(started, "zero exponent");
        s.tail = pending;
        s
    }
}

/// Bit `i` of the little-endian words `exp`.
const fn exp_bit(exp: &[u64], i: usize) -> bool {
    (exp[i / 64] >> (i % 64)) & 1 == 1
}

/// `x^e` for the exponent `e` of the schedule; the sequence of operations depends on `e` only.
/// The values between the operations are left partly reduced ([`Field::mul_lazy`],
/// [`Field::square_n_lazy`]: on BLS12-381's and BN254's fields with the ADX kernels, in
/// `[0, 2p)`) and reduced once at the end.
pub fn pow_scheduled<F: Field>(x: &F, s: &PowSchedule) -> F {
    let x2 = x.square();
    let mut odd = [*x; 1 << (WINDOW - 1)];
    for j in 1..odd.len() {
        odd[j] = odd[j - 1].mul_lazy(&x2);
    }
    let mut r = odd[s.first as usize];
    for &(squarings, j) in &s.steps[..s.len] {
        r = r.square_n_lazy(squarings as u32).mul_lazy(&odd[j as usize]);
    }
    r.square_n_lazy(s.tail as u32).reduce_lazy()
}

/// Most table entries a [`PowChain`] holds.
const MAX_CHAIN_TABLE: usize = 40;

/// An addition chain for a fixed public exponent, written as data: a table of powers built from
/// `x` (entry 0), then a run that starts from the product of two entries and takes steps of
/// squarings followed by a product with an entry, then a last run of squarings. Chains shorter
/// than the sliding window come from a search over the exponent (Bos–Coster, dictionary and
/// window heuristics; the `addchain` program, M. McLoughlin, implements them); the chain is a
/// fact about the exponent, checked by a test that recomputes the exponent from it.
#[derive(Debug)]
pub struct PowChain {
    table: &'static [(u8, u8)],
    first: (u8, u8),
    steps: &'static [(u16, u8)],
    tail: u16,
}

impl PowChain {
    /// The chain whose entry `k + 1` is `entry[a]·entry[b]` for `table[k] = (a, b)` (a squaring
    /// when `a = b`), entry 0 being `x`; the run starts from `entry[first.0]·entry[first.1]`,
    /// each step `(n, j)` squares `n` times and multiplies by `entry[j]`, and `tail` squarings
    /// end it. Fails to compile (in a constant) if an index names an entry not yet built or
    /// the table exceeds 39 entries.
    pub const fn new(table: &'static [(u8, u8)], first: (u8, u8), steps: &'static [(u16, u8)], tail: u16) -> Self {
        assert!(table.len() < MAX_CHAIN_TABLE, "chain table too long");
        let mut k = 0;
        while k < table.len() {
            assert!((table[k].0 as usize) <= k && (table[k].1 as usize) <= k, "entry used before it is built");
            k += 1;
        }
        let n = table.len();
        assert!((first.0 as usize) <= n && (first.1 as usize) <= n, "no such entry");
        let mut i = 0;
        while i < steps.len() {
            assert!((steps[i].1 as usize) <= n, "no such entry");
            i += 1;
        }
        PowChain { table, first, steps, tail }
    }

    /// The exponent the chain computes (for tests).
    #[cfg(test)]
    fn exponent(&self) -> num_bigint::BigUint {
        use num_bigint::BigUint;
        let mut t = alloc::vec![BigUint::from(1u8)];
        for &(a, b) in self.table {
            let v = &t[a as usize] + &t[b as usize];
            t.push(v);
        }
        let mut e = &t[self.first.0 as usize] + &t[self.first.1 as usize];
        for &(n, j) in self.steps {
            e = (e << n as usize) + &t[j as usize];
        }
        e << self.tail as usize
    }
}

/// `x^e` for the exponent `e` of the chain, its values between the operations partly reduced
/// as in [`pow_scheduled`]. The sequence of operations depends on the chain only.
pub fn pow_chain<F: Field>(x: &F, c: &PowChain) -> F {
    let mut t = [*x; MAX_CHAIN_TABLE];
    for (k, &(a, b)) in c.table.iter().enumerate() {
        let (a, b) = (a as usize, b as usize);
        t[k + 1] = if a == b { t[a].square_n_lazy(1) } else { t[a].mul_lazy(&t[b]) };
    }
    let mut r = t[c.first.0 as usize].mul_lazy(&t[c.first.1 as usize]);
    for &(n, j) in c.steps {
        r = r.square_n_lazy(n as u32).mul_lazy(&t[j as usize]);
    }
    r.square_n_lazy(c.tail as u32).reduce_lazy()
}

/// `x^exp` for a public exponent (little-endian `u64` words) by left-to-right sliding windows of
/// width 5 (Menezes–van Oorschot–Vanstone, "Handbook of Applied Cryptography", Alg. 14.85),
/// through a [`PowSchedule`] built on the spot (exponents up to nine words; longer ones by
/// square-and-multiply). The sequence of squarings and multiplications depends on `exp` only,
/// never on `x`.
pub fn pow_sliding_vartime<F: Field>(x: &F, exp: &[u64]) -> F {
    let words = exp.iter().rposition(|&w| w != 0).map_or(0, |i| i + 1);
    match words {
        0 => F::ONE,
        1..=9 => pow_scheduled(x, &PowSchedule::new(&exp[..words])),
        _ => x.pow_vartime(exp),
    }
}

impl<P: FieldParams<N>, const N: usize> Fp<P, N> {
    /// `x^((p−3)/4)` (for `p ≡ 3 mod 4`: `1/√x` up to sign where `x` is a square), by the
    /// field's addition chain ([`FieldParams::SQRT_CHAIN_3MOD4_MINUS_ONE`]) or the sliding
    /// window. Constant time.
    pub(crate) fn pow_p_minus_3_div_4(&self) -> Self {
        match P::SQRT_CHAIN_3MOD4_MINUS_ONE {
            Some(chain) => pow_chain(self, chain),
            None => pow_scheduled(self, &P::SQRT_SCHEDULE_3MOD4_MINUS_ONE),
        }
    }

    /// `x^((p+1)/4)` (for `p ≡ 3 mod 4`: `√x` where `x` is a square): the field's own chain
    /// for it ([`FieldParams::SQRT_CHAIN_3MOD4`]), else `x·x^((p−3)/4)` by the field's addition
    /// chain, else the sliding window of `(p+1)/4`. Constant time.
    pub(crate) fn pow_p_plus_1_div_4(&self) -> Self {
        match (P::SQRT_CHAIN_3MOD4, P::SQRT_CHAIN_3MOD4_MINUS_ONE) {
            (Some(chain), _) => chain(self),
            (None, Some(chain)) => pow_chain(self, chain).mul(self),
            (None, None) => pow_scheduled(self, &P::SQRT_SCHEDULE_3MOD4),
        }
    }

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

    /// A square root of `self`, none for a non-square: `x^((p+1)/4)` when `p ≡ 3 (mod 4)` (by
    /// [`FieldParams::SQRT_CHAIN_3MOD4`] where the field has one), constant-time
    /// Tonelli–Shanks otherwise (see the module documentation, also for which of the two roots
    /// is returned). Constant time.
    pub fn sqrt(&self) -> CtOption<Self> {
        let r = if P::MODULUS[0] & 3 == 3 { self.pow_p_plus_1_div_4() } else { self.tonelli_shanks() };
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

    /// BLS12-381's chain for `(p − 3)/4` computes that exponent, and its powers agree with the
    /// sliding window's and with `(p + 1)/4`'s on random and extreme elements.
    #[test]
    fn sqrt_chain_exponent() {
        use crate::curves::bls12_381::{Fp, FpParams};
        let chain = FpParams::SQRT_CHAIN_3MOD4_MINUS_ONE.expect("BLS12-381 declares one");
        let p = crate::test_util::big(&FpParams::MODULUS);
        assert_eq!(chain.exponent(), (&p - 3u8) / 4u8);
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(44);
        let mut xs: alloc::vec::Vec<Fp> = (0..50).map(|_| Fp::random(&mut rng)).collect();
        xs.extend([Fp::ZERO, Fp::ONE, -Fp::ONE]);
        for x in xs {
            assert_eq!(x.pow_p_minus_3_div_4(), pow_scheduled(&x, &FpParams::SQRT_SCHEDULE_3MOD4_MINUS_ONE));
            assert_eq!(x.pow_p_plus_1_div_4(), pow_scheduled(&x, &FpParams::SQRT_SCHEDULE_3MOD4));
        }
    }

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
        let long = [u64::MAX; 12];
        assert_eq!(pow_sliding_vartime(&x, &long), x.pow_vartime(&long));
        type P = bls12_381::FpParams;
        let e = P::SQRT_EXP_3MOD4;
        assert_eq!(pow_scheduled(&x, &P::SQRT_SCHEDULE_3MOD4), x.pow_vartime(&e));
        let e = crate::limbs::sub(&e, &crate::limbs::from_u64(1)).0;
        assert_eq!(pow_scheduled(&x, &P::SQRT_SCHEDULE_3MOD4_MINUS_ONE), x.pow_vartime(&e));
    }
}
