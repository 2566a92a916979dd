//! `Fp6 = Fp2[v]/(v³ − ξ)`, the cubic layer of the pairing tower (see [`super::fp2`]).
//!
//! **Representation.** `c0 + c1·v + c2·v²` with coefficients in [`Fp2`].
//!
//! Multiplication is Karatsuba (6 Fp2 multiplications), squaring is Chung–Hasan SQR2
//! ("Asymmetric squaring formulae", 2007; 2 multiplications and 3 squarings), both as laid out
//! by Devegili et al., "Multiplication and squaring on pairing-friendly fields" (eprint 2006/471
//! §4). Inversion reduces to Fp2 through the norm (Scott, "Implementing cryptographic
//! pairings", 2007; Beuchat et al., eprint 2010/354 Alg. 17). The double-width products combine
//! their six Fp2 products with one pass per output coefficient where the field allows it
//! (BLS12-381 with the ADX kernels: `limbs::x86_64_wide_sums`), by separate passes otherwise.

use core::fmt;

use rand_core::RngCore;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};
use zeroize::Zeroize;

use super::fp::impl_field_ops;
use super::fp2::{impl_tower_traits, Fp2, Fp2Wide, TowerParams};
use super::Field;
#[cfg(target_arch = "x86_64")]
use super::FieldParams;
#[cfg(target_arch = "x86_64")]
use crate::limbs;

/// An element `c0 + c1·v + c2·v²` of the cubic extension of [`Fp2`] declared by `T`.
#[derive(Clone, Copy)]
pub struct Fp6<T: TowerParams<N>, const N: usize> {
    /// The coefficient of 1.
    pub c0: Fp2<T, N>,
    /// The coefficient of `v`.
    pub c1: Fp2<T, N>,
    /// The coefficient of `v²`.
    pub c2: Fp2<T, N>,
}

impl<T: TowerParams<N>, const N: usize> Fp6<T, N> {
    /// Zero.
    pub const ZERO: Self = Self::new(Fp2::ZERO, Fp2::ZERO, Fp2::ZERO);
    /// One.
    pub const ONE: Self = Self::new(Fp2::ONE, Fp2::ZERO, Fp2::ZERO);

    /// `c0 + c1·v + c2·v²`.
    #[inline(always)]
    pub const fn new(c0: Fp2<T, N>, c1: Fp2<T, N>, c2: Fp2<T, N>) -> Self {
        Fp6 { c0, c1, c2 }
    }

    /// `self + rhs`.
    #[inline(always)]
    pub fn add(&self, rhs: &Self) -> Self {
        Self::new(self.c0.add(&rhs.c0), self.c1.add(&rhs.c1), self.c2.add(&rhs.c2))
    }

    /// `self − rhs`.
    #[inline(always)]
    pub fn sub(&self, rhs: &Self) -> Self {
        Self::new(self.c0.sub(&rhs.c0), self.c1.sub(&rhs.c1), self.c2.sub(&rhs.c2))
    }

    /// `−self`.
    #[inline(always)]
    pub fn neg(&self) -> Self {
        Self::new(self.c0.neg(), self.c1.neg(), self.c2.neg())
    }

    /// `2·self`.
    #[inline(always)]
    pub fn double(&self) -> Self {
        Self::new(self.c0.double(), self.c1.double(), self.c2.double())
    }

    /// `self ← self · rhs` ([`Self::mul`]), for `*=`.
    #[inline(always)]
    pub(crate) fn mul_in_place(&mut self, rhs: &Self) {
        *self = Self::mul(self, rhs);
    }

    /// `self · rhs`: Karatsuba over Fp2 at double width, reduced once per coefficient.
    #[inline]
    pub fn mul(&self, rhs: &Self) -> Self {
        let mut w = Fp6Wide::ZERO;
        self.mul_wide_into(rhs, &mut w);
        w.reduce()
    }

    /// `*out = self · rhs` at double width, Karatsuba (eprint 2006/471 §4) on lazily reduced
    /// Fp2 products (eprint 2010/526 §3): `c0 = v0 + ξ((a1+a2)(b1+b2) − v1 − v2)`,
    /// `c1 = (a0+a1)(b0+b1) − v0 − v1 + ξ·v2`, `c2 = (a0+a2)(b0+b2) − v0 + v1 − v2` with
    /// `vi = ai·bi`: 18 double-width Fp products and no reduction.
    #[inline]
    pub(crate) fn mul_wide_into(&self, rhs: &Self, out: &mut Fp6Wide<T, N>) {
        let (a, b) = (self, rhs);
        #[cfg(target_arch = "x86_64")]
        if Self::one_pass_sums() {
            return Self::combine_one_pass(out, |[v0, v1, v2, t12, t01, t02]| {
                a.c0.mul_wide_into(&b.c0, v0);
                a.c1.mul_wide_into(&b.c1, v1);
                a.c2.mul_wide_into(&b.c2, v2);
                Fp2::mul_sums_wide_into(&a.c1, &a.c2, &b.c1, &b.c2, t12);
                Fp2::mul_sums_wide_into(&a.c0, &a.c1, &b.c0, &b.c1, t01);
                Fp2::mul_sums_wide_into(&a.c0, &a.c2, &b.c0, &b.c2, t02);
            });
        }
        let (mut v0, mut v1, mut v2, mut t) = (Fp2Wide::ZERO, Fp2Wide::ZERO, Fp2Wide::ZERO, Fp2Wide::ZERO);
        a.c0.mul_wide_into(&b.c0, &mut v0);
        a.c1.mul_wide_into(&b.c1, &mut v1);
        a.c2.mul_wide_into(&b.c2, &mut v2);
        let exact = Fp2::<T, N>::sums_unreduced();
        Fp2::mul_sums_wide_into(&a.c1, &a.c2, &b.c1, &b.c2, &mut t);
        t.sub_middle_assign(&v1, exact);
        t.sub_middle_assign(&v2, exact);
        t.mul_by_nonresidue_into(&mut out.c0);
        out.c0.add_assign(&v0);
        Fp2::mul_sums_wide_into(&a.c0, &a.c1, &b.c0, &b.c1, &mut t);
        t.sub_middle_assign(&v0, exact);
        t.sub_middle_assign(&v1, exact);
        v2.mul_by_nonresidue_into(&mut out.c1);
        out.c1.add_assign(&t);
        Fp2::mul_sums_wide_into(&a.c0, &a.c2, &b.c0, &b.c2, &mut out.c2);
        out.c2.sub_middle_assign(&v0, exact);
        out.c2.sub_middle_assign(&v2, exact);
        out.c2.add_assign(&v1);
    }

    /// The Karatsuba combination of [`Self::mul_wide_into`] by the one-pass sums: `products`
    /// fills the scratch values `[v0, v1, v2, t12, t01, t02]`, then
    /// [`limbs::x86_64_wide_sums::fp6_karatsuba_xi_1_1`] takes every output coefficient in one
    /// pass. Only where [`Self::one_pass_sums`]. Out of line, as the Fp2 products.
    #[cfg(target_arch = "x86_64")]
    #[inline(never)]
    fn combine_one_pass(out: &mut Fp6Wide<T, N>, products: impl FnOnce(&mut [Fp2Wide<T, N>; 6])) {
        let mut w = [Fp2Wide::ZERO; 6];
        products(&mut w);
        let o: *mut Fp6Wide<T, N> = out;
        // SAFETY: `w` is six `Fp2Wide` (`#[repr(C)]` over `#[repr(transparent)]` words) = 144
        // words with N = 6 (`ONE_PASS_SUMS`), `out` an exclusively borrowed `Fp6Wide`
        // (`#[repr(C)]`, 72 words), apart from `w`; the values are those the kernel states (the
        // products below `p·2^384`, their `u`-coefficients exact with the sums unreduced); the
        // multiples are those of the modulus it takes (`ONE_PASS_SUMS`).
        unsafe { limbs::x86_64_wide_sums::fp6_karatsuba_xi_1_1(w.as_ptr().cast(), o.cast(), &Self::SUM_MULTIPLES) };
    }

    /// Whether [`Self::mul_wide_into`] combines its products by the one-pass signed sums of
    /// [`limbs::x86_64_wide_sums`]: `ξ = 1 + u` and a six-word modulus with three spare bits
    /// (BLS12-381). A compile-time constant.
    #[cfg(target_arch = "x86_64")]
    const ONE_PASS_SUMS: bool =
        T::XI[0] == 1 && T::XI[1] == 1 && limbs::x86_64_wide_sums::supports(&<T::Fp as FieldParams<N>>::MODULUS);

    /// Whether the one-pass sums run here: `ONE_PASS_SUMS`, and the Fp2 products take their
    /// sums unreduced ([`Fp2::sums_unreduced`], the one-kernel products), so that the middle
    /// terms are exact.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub(crate) fn one_pass_sums() -> bool {
        Self::ONE_PASS_SUMS && Fp2::<T, N>::sums_unreduced()
    }

    /// The multiples of the modulus the one-pass sums use (meaningful when `ONE_PASS_SUMS`).
    #[cfg(target_arch = "x86_64")]
    pub(crate) const SUM_MULTIPLES: limbs::x86_64_wide_sums::Multiples6 =
        limbs::x86_64_wide_sums::multiples6(&<T::Fp as FieldParams<N>>::MODULUS);

    /// `self²`, Chung–Hasan SQR2: `s0 = a0²`, `s1 = 2a0a1`, `s2 = (a0 − a1 + a2)²`,
    /// `s3 = 2a1a2`, `s4 = a2²`; `c0 = s0 + ξs3`, `c1 = s1 + ξs4`, `c2 = s1 + s2 + s3 − s0 − s4`.
    #[inline]
    pub fn square(&self) -> Self {
        let s0 = self.c0.square();
        let s1 = self.c0.mul(&self.c1).double();
        let s2 = self.c0.sub(&self.c1).add(&self.c2).square();
        let s3 = self.c1.mul(&self.c2).double();
        let s4 = self.c2.square();
        Self::new(
            s0.add(&s3.mul_by_nonresidue()),
            s1.add(&s4.mul_by_nonresidue()),
            s1.add(&s2).add(&s3).sub(&s0).sub(&s4),
        )
    }

    /// `self · v`, the non-residue of Fp12: `ξ·c2 + c0·v + c1·v²`.
    #[inline(always)]
    pub fn mul_by_nonresidue(&self) -> Self {
        Self::new(self.c2.mul_by_nonresidue(), self.c0, self.c1)
    }

    /// `self · c` for `c` in Fp2.
    #[inline(always)]
    pub fn mul_by_fp2(&self, c: &Fp2<T, N>) -> Self {
        Self::new(self.c0.mul(c), self.c1.mul(c), self.c2.mul(c))
    }

    /// `*out = self · c` at double width.
    #[inline(always)]
    pub(crate) fn mul_by_fp2_wide_into(&self, c: &Fp2<T, N>, out: &mut Fp6Wide<T, N>) {
        self.c0.mul_wide_into(c, &mut out.c0);
        self.c1.mul_wide_into(c, &mut out.c1);
        self.c2.mul_wide_into(c, &mut out.c2);
    }

    /// `self · (b0 + b1·v)` (5 Fp2 multiplications; Karatsuba with `b2 = 0`).
    #[inline]
    pub fn mul_by_01(&self, b0: &Fp2<T, N>, b1: &Fp2<T, N>) -> Self {
        let mut w = Fp6Wide::ZERO;
        self.mul_by_01_wide_into(b0, b1, &mut w);
        w.reduce()
    }

    /// `*out = self · (b0 + b1·v)` at double width: `c0 = v0 + ξ((a1 + a2)b1 − v1)`,
    /// `c1 = (a0 + a1)(b0 + b1) − v0 − v1`, `c2 = (a0 + a2)b0 − v0 + v1`.
    #[inline]
    pub(crate) fn mul_by_01_wide_into(&self, b0: &Fp2<T, N>, b1: &Fp2<T, N>, out: &mut Fp6Wide<T, N>) {
        let (mut v0, mut v1, mut t) = (Fp2Wide::ZERO, Fp2Wide::ZERO, Fp2Wide::ZERO);
        self.c0.mul_wide_into(b0, &mut v0);
        self.c1.mul_wide_into(b1, &mut v1);
        let (exact_one, exact) = (Fp2::<T, N>::sum_unreduced(), Fp2::<T, N>::sums_unreduced());
        Fp2::mul_sum_wide_into(&self.c1, &self.c2, b1, &mut t);
        t.sub_middle_assign(&v1, exact_one);
        t.mul_by_nonresidue_into(&mut out.c0);
        out.c0.add_assign(&v0);
        Fp2::mul_sums_wide_into(&self.c0, &self.c1, b0, b1, &mut out.c1);
        out.c1.sub_middle_assign(&v0, exact);
        out.c1.sub_middle_assign(&v1, exact);
        Fp2::mul_sum_wide_into(&self.c0, &self.c2, b0, &mut out.c2);
        out.c2.sub_middle_assign(&v0, exact_one);
        out.c2.add_assign(&v1);
    }

    /// `*out = self · (b1·v + b2·v²)` at double width (5 Fp2 multiplications): with `v1 =
    /// a1b1`, `v2 = a2b2`, `c0 = ξ((a1 + a2)(b1 + b2) − v1 − v2)`, `c1 = a0b1 + ξv2`, `c2 =
    /// a0b2 + v1`.
    #[inline]
    pub(crate) fn mul_by_12_wide_into(&self, b1: &Fp2<T, N>, b2: &Fp2<T, N>, out: &mut Fp6Wide<T, N>) {
        let (mut v1, mut v2, mut t) = (Fp2Wide::ZERO, Fp2Wide::ZERO, Fp2Wide::ZERO);
        self.c1.mul_wide_into(b1, &mut v1);
        self.c2.mul_wide_into(b2, &mut v2);
        let exact = Fp2::<T, N>::sums_unreduced();
        Fp2::mul_sums_wide_into(&self.c1, &self.c2, b1, b2, &mut t);
        t.sub_middle_assign(&v1, exact);
        t.sub_middle_assign(&v2, exact);
        t.mul_by_nonresidue_into(&mut out.c0);
        self.c0.mul_wide_into(b1, &mut out.c1);
        v2.mul_by_nonresidue_into(&mut t);
        out.c1.add_assign(&t);
        self.c0.mul_wide_into(b2, &mut out.c2);
        out.c2.add_assign(&v1);
    }

    /// `self · (b1·v)` (3 Fp2 multiplications).
    #[inline]
    pub fn mul_by_1(&self, b1: &Fp2<T, N>) -> Self {
        let mut w = Fp6Wide::ZERO;
        self.mul_by_1_wide_into(b1, &mut w);
        w.reduce()
    }

    /// `*out = self · (b1·v) = ξa2b1 + a0b1·v + a1b1·v²` at double width.
    #[inline]
    pub(crate) fn mul_by_1_wide_into(&self, b1: &Fp2<T, N>, out: &mut Fp6Wide<T, N>) {
        // a2·b1 goes through out.c1 before a0·b1 lands there.
        self.c2.mul_wide_into(b1, &mut out.c1);
        out.c1.mul_by_nonresidue_into(&mut out.c0);
        self.c0.mul_wide_into(b1, &mut out.c1);
        self.c1.mul_wide_into(b1, &mut out.c2);
    }

    /// `self^(p^power)`: `(frob(c0), frob(c1)·γ_{k,2}, frob(c2)·γ_{k,4})` with
    /// `γ_{k,i} = ξ^(i(p^k−1)/6)` ([`TowerParams::FROBENIUS`]).
    pub fn frobenius_map(&self, power: usize) -> Self {
        let g = &T::FROBENIUS[power % 12];
        Self::new(
            self.c0.frobenius_map(power),
            self.c1.frobenius_map(power).mul(&Fp2::from_raw(&g[1])),
            self.c2.frobenius_map(power).mul(&Fp2::from_raw(&g[2])),
        )
    }

    /// The pieces of the inverse: `(t0, t1, t2)` with `self·(t0 + t1 v + t2 v²) = n ∈ Fp2`,
    /// and `n` (eprint 2010/354 Alg. 17).
    fn adjugate_and_norm(&self) -> (Self, Fp2<T, N>) {
        let (a0, a1, a2) = (&self.c0, &self.c1, &self.c2);
        let t0 = a0.square().sub(&a1.mul(a2).mul_by_nonresidue());
        let t1 = a2.square().mul_by_nonresidue().sub(&a0.mul(a1));
        let t2 = a1.square().sub(&a0.mul(a2));
        let n = a0.mul(&t0).add(&a2.mul(&t1).add(&a1.mul(&t2)).mul_by_nonresidue());
        (Self::new(t0, t1, t2), n)
    }

    /// `self⁻¹`, none for zero. Constant time.
    pub fn invert(&self) -> CtOption<Self> {
        let (adj, n) = self.adjugate_and_norm();
        n.invert().map(|ni| adj.mul_by_fp2(&ni))
    }

    /// `self⁻¹`, `None` for zero; time depends on `self` (public data only).
    pub fn inverse_vartime(&self) -> Option<Self> {
        let (adj, n) = self.adjugate_and_norm();
        n.inverse_vartime().map(|ni| adj.mul_by_fp2(&ni))
    }

    /// Whether `self` is zero.
    #[inline(always)]
    pub fn is_zero(&self) -> Choice {
        self.c0.is_zero() & self.c1.is_zero() & self.c2.is_zero()
    }

    /// A uniformly random element.
    pub fn random(rng: &mut impl RngCore) -> Self {
        Self::new(Fp2::random(rng), Fp2::random(rng), Fp2::random(rng))
    }
}

/// An unreduced Fp6 value (three [`Fp2Wide`] coefficients), for lazy reduction in Fp12.
/// `#[repr(C)]`: the one-pass sums write it as `6·2N` words.
#[derive(Clone, Copy)]
#[repr(C)]
pub(crate) struct Fp6Wide<T: TowerParams<N>, const N: usize> {
    c0: Fp2Wide<T, N>,
    c1: Fp2Wide<T, N>,
    c2: Fp2Wide<T, N>,
}

impl<T: TowerParams<N>, const N: usize> Fp6Wide<T, N> {
    /// Zero.
    pub(crate) const ZERO: Self = Fp6Wide { c0: Fp2Wide::ZERO, c1: Fp2Wide::ZERO, c2: Fp2Wide::ZERO };

    /// `self −= rhs`.
    #[inline(always)]
    pub(crate) fn sub_assign(&mut self, rhs: &Self) {
        self.c0.sub_assign(&rhs.c0);
        self.c1.sub_assign(&rhs.c1);
        self.c2.sub_assign(&rhs.c2);
    }

    /// `self += v·rhs` (`v·(r0 + r1 v + r2 v²) = ξr2 + r0 v + r1 v²`), or `self −= v·rhs`
    /// when `subtract`: the Fp12 combination `t0 ± v·t1`.
    #[inline(always)]
    pub(crate) fn acc_mul_by_nonresidue(&mut self, rhs: &Self, subtract: bool) {
        let mut x = Fp2Wide::ZERO;
        rhs.c2.mul_by_nonresidue_into(&mut x);
        if subtract {
            self.c0.sub_assign(&x);
            self.c1.sub_assign(&rhs.c0);
            self.c2.sub_assign(&rhs.c1);
        } else {
            self.c0.add_assign(&x);
            self.c1.add_assign(&rhs.c0);
            self.c2.add_assign(&rhs.c1);
        }
    }

    /// The Montgomery reduction of every coefficient.
    #[inline(always)]
    pub(crate) fn reduce(&self) -> Fp6<T, N> {
        Fp6::new(self.c0.reduce(), self.c1.reduce(), self.c2.reduce())
    }
}

impl_tower_traits!(Fp6 over Fp2, [c0, c1, c2], "Fp6({:?} + {:?}·v + {:?}·v²)");

#[cfg(test)]
mod tests {
    use rand_core::SeedableRng;

    use super::*;
    use crate::field::Fp;

    /// The schoolbook product over Fp2: `c0 = a0b0 + ξ(a1b2 + a2b1)`, `c1 = a0b1 + a1b0 +
    /// ξa2b2`, `c2 = a0b2 + a1b1 + a2b0`.
    fn schoolbook<T: TowerParams<N>, const N: usize>(a: &Fp6<T, N>, b: &Fp6<T, N>) -> Fp6<T, N> {
        let m = |x: &Fp2<T, N>, y: &Fp2<T, N>| x.mul(y);
        Fp6::new(
            m(&a.c0, &b.c0).add(&m(&a.c1, &b.c2).add(&m(&a.c2, &b.c1)).mul_by_nonresidue()),
            m(&a.c0, &b.c1).add(&m(&a.c1, &b.c0)).add(&m(&a.c2, &b.c2).mul_by_nonresidue()),
            m(&a.c0, &b.c2).add(&m(&a.c1, &b.c1)).add(&m(&a.c2, &b.c0)),
        )
    }

    /// The Karatsuba products (full and sparse, with the exact middle terms where the sums are
    /// unreduced) against the schoolbook product, on random elements and the extremes (every
    /// coefficient `0` or `p − 1`), on both towers.
    fn check_products<T: TowerParams<N>, const N: usize>(seed: u64) {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
        let top = -Fp::<T::Fp, N>::ONE;
        let t2 = Fp2::<T, N>::new(top, top);
        let mut values = alloc::vec![Fp6::<T, N>::ZERO, Fp6::new(t2, t2, t2), Fp6::new(t2, Fp2::ZERO, t2)];
        values.extend((0..10).map(|_| Fp6::random(&mut rng)));
        for a in &values {
            for b in &values {
                assert!(a.mul(b) == schoolbook(a, b));
                assert!(a.mul_by_01(&b.c0, &b.c1) == schoolbook(a, &Fp6::new(b.c0, b.c1, Fp2::ZERO)));
                let mut w = Fp6Wide::ZERO;
                a.mul_by_12_wide_into(&b.c1, &b.c2, &mut w);
                assert!(w.reduce() == schoolbook(a, &Fp6::new(Fp2::ZERO, b.c1, b.c2)));
            }
        }
    }

    #[test]
    fn karatsuba_products_match_schoolbook() {
        check_products::<crate::curves::bls12_381::Tower, 6>(1);
        check_products::<crate::curves::bn254::Tower, 4>(2);
    }
}
