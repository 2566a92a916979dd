//! `Fp12 = Fp6[w]/(w² − v)`, the top of the pairing tower (see [`super::fp2`]), where pairing
//! values live.
//!
//! **Representation.** `c0 + c1·w` with coefficients in [`Fp6`]; in the basis of powers of `w`
//! (`w⁶ = ξ`) the six Fp2 coefficients are `c0.c0, c1.c0, c0.c1, c1.c1, c0.c2, c1.c2`. The
//! sparse products name Fp2 coefficients by their position `c0.c0, c0.c1, c0.c2, c1.c0, c1.c1,
//! c1.c2 = 0..5`.
//!
//! Multiplication is Karatsuba over Fp6 (3 Fp6 products), squaring the complex method
//! (2 Fp6 products; eprint 2006/471 §5), inversion goes through the norm `c0² − v·c1²` to
//! [`Fp6`]. Pairing helpers: the sparse line products [`Fp12::mul_by_014`] (M-twist,
//! BLS12-381) and [`Fp12::mul_by_034`] (D-twist, BN254), the products of two lines
//! ([`Fp12::line_product_014`], [`Fp12::line_product_034`]) and of the accumulator by such a
//! product ([`Fp12::mul_by_01245`], [`Fp12::mul_by_01234`]), and Granger–Scott cyclotomic
//! squaring (eprint 2009/565 §3.2).
//!
//! **Exact sums** (BLS12-381 with the ADX kernels). The product, the square, the line product
//! and the product by two lines form their Fp2 products with both coefficients exact integers
//! (the `u⁰`-coefficient signed, the Karatsuba operand sums unreduced), so that every output
//! coefficient is the exact integer of its schoolbook expression, with bounds known in advance;
//! each is then one signed sum of the products (`limbs::x86_64_wide_sums`), one correction into
//! `[0, p·2^384)` and one Montgomery reduction, with no corrected pass between the Fp6 and Fp12
//! levels. Elsewhere (BN254's `ξ = 9 + u`, CPUs without ADX) the levels combine by passes.

use alloc::vec::Vec;
use core::fmt;

use rand_core::RngCore;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};
use zeroize::Zeroize;

use super::fp::{impl_field_ops, Fp};
use super::fp2::{impl_tower_traits, Fp2, Fp2Wide, TowerParams};
use super::fp6::{Fp6, Fp6Wide};
use super::Field;
#[cfg(target_arch = "x86_64")]
use crate::limbs;

/// An element `c0 + c1·w` of the quadratic extension of [`Fp6`] declared by `T`.
#[derive(Clone, Copy)]
pub struct Fp12<T: TowerParams<N>, const N: usize> {
    /// The coefficient of 1.
    pub c0: Fp6<T, N>,
    /// The coefficient of `w`.
    pub c1: Fp6<T, N>,
}

impl<T: TowerParams<N>, const N: usize> Fp12<T, N> {
    /// Zero.
    pub const ZERO: Self = Self::new(Fp6::ZERO, Fp6::ZERO);
    /// One.
    pub const ONE: Self = Self::new(Fp6::ONE, Fp6::ZERO);

    /// `c0 + c1·w`.
    #[inline(always)]
    pub const fn new(c0: Fp6<T, N>, c1: Fp6<T, N>) -> Self {
        Fp12 { c0, c1 }
    }

    /// `self + rhs`.
    #[inline(always)]
    pub fn add(&self, rhs: &Self) -> Self {
        Self::new(self.c0.add(&rhs.c0), self.c1.add(&rhs.c1))
    }

    /// `self − rhs`.
    #[inline(always)]
    pub fn sub(&self, rhs: &Self) -> Self {
        Self::new(self.c0.sub(&rhs.c0), self.c1.sub(&rhs.c1))
    }

    /// `−self`.
    #[inline(always)]
    pub fn neg(&self) -> Self {
        Self::new(self.c0.neg(), self.c1.neg())
    }

    /// `2·self`.
    #[inline(always)]
    pub fn double(&self) -> Self {
        Self::new(self.c0.double(), self.c1.double())
    }

    /// The conjugate `c0 − c1·w`, equal to `self^(p⁶)`; the inverse on the cyclotomic
    /// subgroup.
    #[inline(always)]
    pub fn conjugate(&self) -> Self {
        Self::new(self.c0, self.c1.neg())
    }

    /// `self ← self · rhs` ([`Self::mul`]) in place, for `*=` (the lane product works in place).
    #[inline]
    pub(crate) fn mul_in_place(&mut self, rhs: &Self) {
        #[cfg(target_arch = "x86_64")]
        if Self::lane_products() && super::fp12_lanes::mul_fp12(self, rhs) {
            return;
        }
        *self = Self::mul(self, rhs);
    }

    /// `self · rhs`, Karatsuba over lazily reduced Fp6 products (eprint 2010/526 §3):
    /// `t0 = a0b0`, `t1 = a1b1`, `c0 = t0 + v·t1`, `c1 = (a0 + a1)(b0 + b1) − t0 − t1`, all at
    /// double width; one Montgomery reduction per Fp coefficient (12 in all).
    #[inline]
    pub fn mul(&self, rhs: &Self) -> Self {
        #[cfg(target_arch = "x86_64")]
        if Self::lane_products() {
            let mut f = *self;
            if super::fp12_lanes::mul_fp12(&mut f, rhs) {
                return f;
            }
        }
        #[cfg(target_arch = "x86_64")]
        if Fp6::<T, N>::one_pass_sums() {
            return Self::reduced(self.mul_exact(rhs, false, &mut core::mem::MaybeUninit::uninit()));
        }
        let (mut t0, mut t1, mut c1) = (Fp6Wide::ZERO, Fp6Wide::ZERO, Fp6Wide::ZERO);
        self.c0.mul_wide_into(&rhs.c0, &mut t0);
        self.c1.mul_wide_into(&rhs.c1, &mut t1);
        self.c0.add(&self.c1).mul_wide_into(&rhs.c0.add(&rhs.c1), &mut c1);
        Self::karatsuba_tail(&mut t0, &t1, &mut c1)
    }

    /// The end of a Karatsuba product from `t0 = a0b0`, `t1 = a1b1` and `c1 = (a0 + a1)(b0 +
    /// b1)` at double width: `(t0 + v·t1) + (c1 − t0 − t1)·w`, reduced.
    #[inline(always)]
    fn karatsuba_tail(t0: &mut Fp6Wide<T, N>, t1: &Fp6Wide<T, N>, c1: &mut Fp6Wide<T, N>) -> Self {
        c1.sub_assign(t0);
        c1.sub_assign(t1);
        t0.acc_mul_by_nonresidue(t1, false);
        Self::new(t0.reduce(), c1.reduce())
    }

    /// `self²`, complex method: with `t = a0·a1`, `c0 = (a0 + a1)(a0 + v·a1) − t − v·t`,
    /// `c1 = 2t`, at double width.
    #[inline]
    pub fn square(&self) -> Self {
        #[cfg(target_arch = "x86_64")]
        if Self::lane_products() {
            let mut f = *self;
            if super::fp12_lanes::square(&mut f) {
                return f;
            }
        }
        #[cfg(target_arch = "x86_64")]
        if Fp6::<T, N>::one_pass_sums() {
            return Self::reduced(self.square_exact(&mut core::mem::MaybeUninit::uninit()));
        }
        let (mut t, mut c0) = (Fp6Wide::ZERO, Fp6Wide::ZERO);
        self.c0.mul_wide_into(&self.c1, &mut t);
        self.c0.add(&self.c1).mul_wide_into(&self.c0.add(&self.c1.mul_by_nonresidue()), &mut c0);
        c0.sub_assign(&t);
        c0.acc_mul_by_nonresidue(&t, true);
        Self::new(c0.reduce(), t.reduce().double())
    }

    /// `self · (d0 + d1·v + d4·v·w)`: the line shape of an M-twist (BLS12-381), non-zero at
    /// positions 0, 1, 4. 13 Fp2 multiplications at double width.
    pub fn mul_by_014(&self, d0: &Fp2<T, N>, d1: &Fp2<T, N>, d4: &Fp2<T, N>) -> Self {
        #[cfg(target_arch = "x86_64")]
        if Self::lane_products() {
            let mut f = *self;
            if super::fp12_lanes::mul_by_lines(&mut f, &[[*d0, *d1, *d4]], false) {
                return f;
            }
        }
        #[cfg(target_arch = "x86_64")]
        if Fp6::<T, N>::one_pass_sums() {
            return Self::reduced(self.mul_by_014_exact(d0, d1, d4, &mut core::mem::MaybeUninit::uninit()));
        }
        // Karatsuba with b0 = d0 + d1·v and b1 = d4·v.
        let (mut t0, mut t1, mut c1) = (Fp6Wide::ZERO, Fp6Wide::ZERO, Fp6Wide::ZERO);
        self.c0.mul_by_01_wide_into(d0, d1, &mut t0);
        self.c1.mul_by_1_wide_into(d4, &mut t1);
        self.c0.add(&self.c1).mul_by_01_wide_into(d0, &d1.add(d4), &mut c1);
        Self::karatsuba_tail(&mut t0, &t1, &mut c1)
    }

    /// `self · (d0 + d3·w + d4·v·w)`: the line shape of a D-twist (BN254), non-zero at
    /// positions 0, 3, 4. 13 Fp2 multiplications at double width.
    pub fn mul_by_034(&self, d0: &Fp2<T, N>, d3: &Fp2<T, N>, d4: &Fp2<T, N>) -> Self {
        // Karatsuba with b0 = d0 and b1 = d3 + d4·v.
        let (mut t0, mut t1, mut c1) = (Fp6Wide::ZERO, Fp6Wide::ZERO, Fp6Wide::ZERO);
        self.c0.mul_by_fp2_wide_into(d0, &mut t0);
        self.c1.mul_by_01_wide_into(d3, d4, &mut t1);
        self.c0.add(&self.c1).mul_by_01_wide_into(&d0.add(d3), d4, &mut c1);
        Self::karatsuba_tail(&mut t0, &t1, &mut c1)
    }

    /// `self ← self²` in place ([`Self::square`]): the exact products' result is written into
    /// `self` with no copy of the element (a Miller loop's accumulator).
    #[inline(always)]
    pub(crate) fn square_assign(&mut self) {
        #[cfg(target_arch = "x86_64")]
        if super::fp12_lanes::square(self) {
            return;
        }
        #[cfg(target_arch = "x86_64")]
        if Fp6::<T, N>::one_pass_sums() {
            let mut w = core::mem::MaybeUninit::uninit();
            return self.reduce_into(self.square_exact(&mut w));
        }
        *self = self.square();
    }

    /// `self ← self · (d0 + d1·v + d4·v·w)` in place ([`Self::mul_by_014`], as
    /// [`Self::square_assign`]).
    #[inline(always)]
    pub(crate) fn mul_by_014_assign(&mut self, d0: &Fp2<T, N>, d1: &Fp2<T, N>, d4: &Fp2<T, N>) {
        #[cfg(target_arch = "x86_64")]
        if super::fp12_lanes::mul_by_lines(self, &[[*d0, *d1, *d4]], false) {
            return;
        }
        #[cfg(target_arch = "x86_64")]
        if Fp6::<T, N>::one_pass_sums() {
            let mut w = core::mem::MaybeUninit::uninit();
            return self.reduce_into(self.mul_by_014_exact(d0, d1, d4, &mut w));
        }
        *self = self.mul_by_014(d0, d1, d4);
    }

    /// Whether the squaring and the products by an M-twist's line run on the AVX-512 IFMA
    /// lanes here (`field::fp12_lanes`); there a line costs less alone than paired with
    /// another ([`Self::line_product_014`]).
    #[inline(always)]
    pub(crate) fn lane_products() -> bool {
        #[cfg(target_arch = "x86_64")]
        return super::fp12_lanes::available::<T, N>();
        #[cfg(not(target_arch = "x86_64"))]
        false
    }

    /// `self ← self · m` in place for `m` zero at position 3 ([`Self::mul_by_01245`], as
    /// [`Self::square_assign`]).
    #[inline(always)]
    pub(crate) fn mul_by_01245_assign(&mut self, m: &Self) {
        #[cfg(target_arch = "x86_64")]
        if Fp6::<T, N>::one_pass_sums() {
            let mut w = core::mem::MaybeUninit::uninit();
            return self.reduce_into(self.mul_exact(m, true, &mut w));
        }
        *self = self.mul_by_01245(m);
    }

    /// [`Self::square`] from exact products: the 12 Fp2 products of `t = a0·a1` and `(a0 +
    /// a1)(a0 + v·a1)` with both coefficients exact integers ([`Fp2::mul_exact_wide`], the
    /// Karatsuba sums unreduced), their Fp6 combinations exactly
    /// ([`limbs::x86_64_wide_sums::fp6_karatsuba_exact`]), every output coefficient as one
    /// signed sum of those with one correction ([`limbs::x86_64_wide_sums::fp12_square_tail`])
    /// and one reduction: no corrected pass between the levels. (Summing the products directly
    /// into each output takes 98 double-width terms against 90 and measured 2–2.5% slower.)
    /// The six wide coefficients go to `out`, which is returned; the caller reduces them into
    /// a new element ([`Self::reduced`]) or into the accumulator in place
    /// ([`Self::reduce_into`]). Only where [`Fp6::one_pass_sums`].
    #[cfg(target_arch = "x86_64")]
    #[inline(never)]
    fn square_exact<'a>(&self, out: &'a mut core::mem::MaybeUninit<[Fp2Wide<T, N>; 6]>) -> &'a [Fp2Wide<T, N>; 6] {
        let (a, b) = (&self.c0, &self.c1);
        let x = a.add(b);
        let y = Fp6::new(a.c0.add(&b.c2.mul_by_nonresidue()), a.c1.add(&b.c0), a.c2.add(&b.c1));
        let mut w = core::mem::MaybeUninit::<[Fp2Wide<T, N>; 12]>::uninit();
        let w: *mut u64 = w.as_mut_ptr().cast();
        // SAFETY: `one_pass_sums` holds (the caller's check); the 12 `Fp2Wide` of `w` are 288
        // words, 144 for each Karatsuba product.
        unsafe {
            Self::karatsuba_exact(a, b, w);
            Self::karatsuba_exact(&x, &y, w.add(6 * 24));
        }
        let mut sums = core::mem::MaybeUninit::<[Fp6Wide<T, N>; 2]>::uninit();
        let sums: *mut u64 = sums.as_mut_ptr().cast();
        // SAFETY: all 288 words of `w` written above, 144 exact products for each Fp6 product;
        // `sums` is two `Fp6Wide` = 144 words, `out` 72, apart from each other and from `w`; the
        // values are as the kernels require; the multiples are those of the modulus
        // (`one_pass_sums`). The kernels write all of `sums`, then all of `out`.
        unsafe {
            use limbs::x86_64_wide_sums::{fp12_square_tail, fp6_karatsuba_exact};
            fp6_karatsuba_exact(w, sums);
            fp6_karatsuba_exact(w.add(144), sums.add(72));
            fp12_square_tail(sums, out.as_mut_ptr().cast(), &Fp6::<T, N>::SUM_MULTIPLES);
            out.assume_init_ref()
        }
    }

    /// [`Self::mul`] from exact products, as [`Self::square_exact`]: the 18 Fp2 products of
    /// `t0 = a0b0`, `t1 = a1b1` and `(a0 + a1)(b0 + b1)`, their Fp6 combinations exactly
    /// ([`limbs::x86_64_wide_sums::fp6_karatsuba_exact`]), the Fp12 one with one correction
    /// ([`limbs::x86_64_wide_sums::fp12_karatsuba_tail`]), into `out` for the caller's one
    /// reduction per coefficient. With
    /// `b10_zero` (`rhs.c1.c0 = 0`, [`Self::mul_by_01245`]) `t1` takes five products.
    #[cfg(target_arch = "x86_64")]
    #[inline(never)]
    fn mul_exact<'a>(
        &self,
        rhs: &Self,
        b10_zero: bool,
        out: &'a mut core::mem::MaybeUninit<[Fp2Wide<T, N>; 6]>,
    ) -> &'a [Fp2Wide<T, N>; 6] {
        use limbs::x86_64_wide_sums::{fp12_karatsuba_tail, fp6_karatsuba_exact};
        let (a, b) = (self, rhs);
        let sa = a.c0.add(&a.c1);
        // `b1.c0` is not read with `b10_zero`.
        let b10 = if b10_zero { &b.c0.c0 } else { &b.c0.c0.add(&b.c1.c0) };
        let sb = Fp6::new(*b10, b.c0.c1.add(&b.c1.c1), b.c0.c2.add(&b.c1.c2));
        let mut w = core::mem::MaybeUninit::<[Fp2Wide<T, N>; 18]>::uninit();
        let w: *mut u64 = w.as_mut_ptr().cast();
        // SAFETY: `one_pass_sums` holds (the caller's check); the 18 `Fp2Wide` of `w` are 432
        // words, 144 for each Karatsuba product; with `b10_zero` the first of `t1`'s is zeroed
        // (`a1.c0·b1.c0 = 0`) and the rest are the same products with `b1.c0 = 0`.
        unsafe {
            Self::karatsuba_exact(&a.c0, &b.c0, w);
            if b10_zero {
                w.add(6 * 24).write_bytes(0, 24);
                let (a1, b1) = (&a.c1, &b.c1);
                Fp2::mul_exact_wide(&a1.c1, &b1.c1, w.add(7 * 24));
                Fp2::mul_exact_wide(&a1.c2, &b1.c2, w.add(8 * 24));
                Fp2::mul_exact_sums_wide(&a1.c1, &a1.c2, &b1.c1, &b1.c2, w.add(9 * 24));
                Fp2::mul_exact_sum_wide(&a1.c0, &a1.c1, &b1.c1, w.add(10 * 24));
                Fp2::mul_exact_sum_wide(&a1.c0, &a1.c2, &b1.c2, w.add(11 * 24));
            } else {
                Self::karatsuba_exact(&a.c1, &b.c1, w.add(6 * 24));
            }
            Self::karatsuba_exact(&sa, &sb, w.add(12 * 24));
        }
        let mut sums = core::mem::MaybeUninit::<[Fp6Wide<T, N>; 3]>::uninit();
        let sums: *mut u64 = sums.as_mut_ptr().cast();
        // SAFETY: all 432 words of `w` written above, each 144 exact products of one Fp6
        // product; `sums` is three `Fp6Wide` = 216 words apart from `w` and `out` (72 words);
        // the values are as the kernels require; the multiples are those of the modulus
        // (`one_pass_sums`). The kernels write all of `sums`, then all of `out`.
        unsafe {
            for i in 0..3 {
                fp6_karatsuba_exact(w.add(144 * i), sums.add(72 * i));
            }
            fp12_karatsuba_tail(sums, out.as_mut_ptr().cast(), &Fp6::<T, N>::SUM_MULTIPLES);
            out.assume_init_ref()
        }
    }

    /// [`Self::mul_by_014`] from exact products, as [`Self::square_exact`]: the 13 Fp2 products
    /// of `t0 = a·(d0 + d1·v)`, `t1 = b·d4·v` and `(a + b)(d0 + (d1 + d4)·v)`, then
    /// [`limbs::x86_64_wide_sums::fp12_mul_by_014`] into `out` (reduced by the caller).
    #[cfg(target_arch = "x86_64")]
    #[inline(never)]
    fn mul_by_014_exact<'a>(
        &self,
        d0: &Fp2<T, N>,
        d1: &Fp2<T, N>,
        d4: &Fp2<T, N>,
        out: &'a mut core::mem::MaybeUninit<[Fp2Wide<T, N>; 6]>,
    ) -> &'a [Fp2Wide<T, N>; 6] {
        let (a, b) = (&self.c0, &self.c1);
        let s = a.add(b);
        let d14 = d1.add(d4);
        let mut w = core::mem::MaybeUninit::<[Fp2Wide<T, N>; 13]>::uninit();
        let w: *mut u64 = w.as_mut_ptr().cast();
        // SAFETY: `one_pass_sums` holds (the caller's check); product `i` goes to the 24 words
        // at `w + 24i` of the 13 `Fp2Wide` = 312 words of `w`.
        unsafe {
            Self::mul_by_01_exact(a, d0, d1, w);
            Fp2::mul_exact_wide(&b.c0, d4, w.add(5 * 24));
            Fp2::mul_exact_wide(&b.c1, d4, w.add(6 * 24));
            Fp2::mul_exact_wide(&b.c2, d4, w.add(7 * 24));
            Self::mul_by_01_exact(&s, d0, &d14, w.add(8 * 24));
        }
        // SAFETY: all 312 words of `w` written above; `out` is 72 words apart from it; the
        // products are exact as the kernel requires; the multiples are those of the modulus
        // (`one_pass_sums`). The kernel writes all of `out`.
        unsafe {
            limbs::x86_64_wide_sums::fp12_mul_by_014(w, out.as_mut_ptr().cast(), &Fp6::<T, N>::SUM_MULTIPLES);
            out.assume_init_ref()
        }
    }

    /// The six exact Fp2 products of the Karatsuba Fp6 product `a·b` ([`Fp6::mul_wide_into`]):
    /// `v0, v1, v2, t12, t01, t02` (`vi = ai·bi`, `tij = (ai + aj)(bi + bj)`), into the 144 words
    /// at `w`.
    ///
    /// # Safety
    /// [`Fp6::one_pass_sums`] returned true; `w` points to 144 writable words.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    unsafe fn karatsuba_exact(a: &Fp6<T, N>, b: &Fp6<T, N>, w: *mut u64) {
        // SAFETY: the caller's guarantees; each product to its 24 words within the 144.
        unsafe {
            Fp2::mul_exact_wide(&a.c0, &b.c0, w);
            Fp2::mul_exact_wide(&a.c1, &b.c1, w.add(24));
            Fp2::mul_exact_wide(&a.c2, &b.c2, w.add(2 * 24));
            Fp2::mul_exact_sums_wide(&a.c1, &a.c2, &b.c1, &b.c2, w.add(3 * 24));
            Fp2::mul_exact_sums_wide(&a.c0, &a.c1, &b.c0, &b.c1, w.add(4 * 24));
            Fp2::mul_exact_sums_wide(&a.c0, &a.c2, &b.c0, &b.c2, w.add(5 * 24));
        }
    }

    /// The five exact Fp2 products of the Karatsuba product `a·(b0 + b1·v)`
    /// ([`Fp6::mul_by_01_wide_into`]): `v0 = a0b0`, `v1 = a1b1`, `t12 = (a1 + a2)b1`, `t01 = (a0 +
    /// a1)(b0 + b1)`, `t02 = (a0 + a2)b0`, into the 120 words at `w`.
    ///
    /// # Safety
    /// [`Fp6::one_pass_sums`] returned true; `w` points to 120 writable words.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    unsafe fn mul_by_01_exact(a: &Fp6<T, N>, b0: &Fp2<T, N>, b1: &Fp2<T, N>, w: *mut u64) {
        // SAFETY: the caller's guarantees; each product to its 24 words within the 120.
        unsafe {
            Fp2::mul_exact_wide(&a.c0, b0, w);
            Fp2::mul_exact_wide(&a.c1, b1, w.add(24));
            Fp2::mul_exact_sum_wide(&a.c1, &a.c2, b1, w.add(2 * 24));
            Fp2::mul_exact_sums_wide(&a.c0, &a.c1, b0, b1, w.add(3 * 24));
            Fp2::mul_exact_sum_wide(&a.c0, &a.c2, b0, w.add(4 * 24));
        }
    }

    /// The element of six reduced wide coefficients `c0.c0, c0.c1, c0.c2, c1.c0, c1.c1, c1.c2`.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn reduced(w: &[Fp2Wide<T, N>; 6]) -> Self {
        let mut r = Self::ZERO;
        r.reduce_into(w);
        r
    }

    /// [`Self::reduced`] written into `self`, each coefficient by its reduction kernel
    /// ([`Fp2Wide::reduce_to`]: no copy of the element or of a coefficient).
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn reduce_into(&mut self, w: &[Fp2Wide<T, N>; 6]) {
        let [w00, w01, w02, w10, w11, w12] = w;
        w00.reduce_to(&mut self.c0.c0);
        w01.reduce_to(&mut self.c0.c1);
        w02.reduce_to(&mut self.c0.c2);
        w10.reduce_to(&mut self.c1.c0);
        w11.reduce_to(&mut self.c1.c1);
        w12.reduce_to(&mut self.c1.c2);
    }

    /// The product of two M-twist lines `(d0 + d1·v) + d4·v·w` and `(e0 + e1·v) + e4·v·w`
    /// (positions 0, 1, 4 each; [`Self::mul_by_014`]), non-zero at positions 0, 1, 2, 4, 5: `c0
    /// = (d0e0 + ξd4e4) + (d0e1 + d1e0)·v + d1e1·v²`, `c1 = (d0e4 + d4e0)·v + (d1e4 + d4e1)·v²`.
    /// Six Fp2 multiplications (Karatsuba on each cross term) at double width. A Miller loop
    /// multiplies two lines together and then into the accumulator by [`Self::mul_by_01245`]
    /// (6 + 17 instead of 2·13 Fp2 multiplications; the line-by-line products of Aranha et al.,
    /// eprint 2010/526 §4, as gnark-crypto's multi-Miller loop does).
    pub fn line_product_014(d: &[Fp2<T, N>; 3], e: &[Fp2<T, N>; 3]) -> Self {
        let [d0, d1, d4] = d;
        let [e0, e1, e4] = e;
        let (mut v0, mut v1, mut v4) = (Fp2Wide::ZERO, Fp2Wide::ZERO, Fp2Wide::ZERO);
        d0.mul_wide_into(e0, &mut v0);
        d1.mul_wide_into(e1, &mut v1);
        d4.mul_wide_into(e4, &mut v4);
        let (mut c00, mut c01, mut c11, mut c12) = (Fp2Wide::ZERO, Fp2Wide::ZERO, Fp2Wide::ZERO, Fp2Wide::ZERO);
        v4.mul_by_nonresidue_into(&mut c00);
        c00.add_assign(&v0);
        cross_term(d0, d1, e0, e1, &v0, &v1, &mut c01);
        cross_term(d0, d4, e0, e4, &v0, &v4, &mut c11);
        cross_term(d1, d4, e1, e4, &v1, &v4, &mut c12);
        Self::new(Fp6::new(c00.reduce(), c01.reduce(), v1.reduce()), Fp6::new(Fp2::ZERO, c11.reduce(), c12.reduce()))
    }

    /// The product of two D-twist lines `d0 + (d3 + d4·v)·w` and `e0 + (e3 + e4·v)·w`
    /// (positions 0, 3, 4 each; [`Self::mul_by_034`]), non-zero at positions 0 to 4: `c0 =
    /// (d0e0 + ξd4e4) + d3e3·v + (d3e4 + d4e3)·v²`, `c1 = (d0e3 + d3e0) + (d0e4 + d4e0)·v`. Six
    /// Fp2 multiplications at double width; see [`Self::line_product_014`].
    pub fn line_product_034(d: &[Fp2<T, N>; 3], e: &[Fp2<T, N>; 3]) -> Self {
        let [d0, d3, d4] = d;
        let [e0, e3, e4] = e;
        let (mut v0, mut v3, mut v4) = (Fp2Wide::ZERO, Fp2Wide::ZERO, Fp2Wide::ZERO);
        d0.mul_wide_into(e0, &mut v0);
        d3.mul_wide_into(e3, &mut v3);
        d4.mul_wide_into(e4, &mut v4);
        let (mut c00, mut c02, mut c10, mut c11) = (Fp2Wide::ZERO, Fp2Wide::ZERO, Fp2Wide::ZERO, Fp2Wide::ZERO);
        v4.mul_by_nonresidue_into(&mut c00);
        c00.add_assign(&v0);
        cross_term(d3, d4, e3, e4, &v3, &v4, &mut c02);
        cross_term(d0, d3, e0, e3, &v0, &v3, &mut c10);
        cross_term(d0, d4, e0, e4, &v0, &v4, &mut c11);
        Self::new(Fp6::new(c00.reduce(), v3.reduce(), c02.reduce()), Fp6::new(c10.reduce(), c11.reduce(), Fp2::ZERO))
    }

    /// `self · m` for `m` zero at position 3 (`m.c1.c0`, which is not read): the product of
    /// two M-twist lines ([`Self::line_product_014`]). Karatsuba over Fp6 with `b1 = m4·v +
    /// m5·v²`: 6 + 5 + 6 = 17 Fp2 multiplications at double width.
    pub fn mul_by_01245(&self, m: &Self) -> Self {
        #[cfg(target_arch = "x86_64")]
        if Fp6::<T, N>::one_pass_sums() {
            return Self::reduced(self.mul_exact(m, true, &mut core::mem::MaybeUninit::uninit()));
        }
        let (mut t0, mut t1, mut c1) = (Fp6Wide::ZERO, Fp6Wide::ZERO, Fp6Wide::ZERO);
        self.c0.mul_wide_into(&m.c0, &mut t0);
        self.c1.mul_by_12_wide_into(&m.c1.c1, &m.c1.c2, &mut t1);
        let b = Fp6::new(m.c0.c0, m.c0.c1.add(&m.c1.c1), m.c0.c2.add(&m.c1.c2));
        self.c0.add(&self.c1).mul_wide_into(&b, &mut c1);
        Self::karatsuba_tail(&mut t0, &t1, &mut c1)
    }

    /// `self · m` for `m` zero at position 5 (`m.c1.c2`, which is not read): the product of
    /// two D-twist lines ([`Self::line_product_034`]). Karatsuba over Fp6 with `b1 = m3 +
    /// m4·v`: 6 + 5 + 6 = 17 Fp2 multiplications at double width.
    pub fn mul_by_01234(&self, m: &Self) -> Self {
        let (mut t0, mut t1, mut c1) = (Fp6Wide::ZERO, Fp6Wide::ZERO, Fp6Wide::ZERO);
        self.c0.mul_wide_into(&m.c0, &mut t0);
        self.c1.mul_by_01_wide_into(&m.c1.c0, &m.c1.c1, &mut t1);
        let b = Fp6::new(m.c0.c0.add(&m.c1.c0), m.c0.c1.add(&m.c1.c1), m.c0.c2);
        self.c0.add(&self.c1).mul_wide_into(&b, &mut c1);
        Self::karatsuba_tail(&mut t0, &t1, &mut c1)
    }

    /// `self²` for `self` in the cyclotomic subgroup (`self^(p⁶+1)·…`, i.e. `self^(p⁴−p²+1)`
    /// order; any output of the easy part of the final exponentiation). Granger–Scott, eprint
    /// 2009/565 §3.2: over `Fp4 = Fp2[s]/(s² − ξ)`, `s = w³`, write `self = A + B·w + C·w²`
    /// with `A = c0.c0 + c1.c1·s`, `B = c1.c0 + c0.c2·s`, `C = c0.c1 + c1.c2·s`; then
    /// `self² = (3A² − 2Ā) + (3s·C² + 2B̄)·w + (3B² − 2C̄)·w²`. Wrong outside the subgroup.
    pub fn cyclotomic_square(&self) -> Self {
        let [mut a, mut b, mut c] = [[Fp2::ZERO; 2]; 3];
        fp4_square(&self.c0.c0, &self.c1.c1, &mut a);
        fp4_square(&self.c1.c0, &self.c0.c2, &mut b);
        fp4_square(&self.c0.c1, &self.c1.c2, &mut c);
        let ([a0, a1], [b0, b1], [c0, c1]) = (&a, &b, &c);
        Self::new(
            Fp6::new(
                three_two(a0, &self.c0.c0, true),
                three_two(b0, &self.c0.c1, true),
                three_two(c0, &self.c0.c2, true),
            ),
            Fp6::new(
                three_two(&c1.mul_by_nonresidue(), &self.c1.c0, false),
                three_two(a1, &self.c1.c1, false),
                three_two(b1, &self.c1.c2, false),
            ),
        )
    }

    /// `self^(2^n)` for `self` in the cyclotomic subgroup, by `n` squarings. Runs of at least
    /// [`KARABINA_MIN_RUN`] squarings use Karabina's compressed squarings (eprint 2010/542 §3.2,
    /// as in eprint 2010/526 §5.2): only `g2 = c1.c0`, `g3 = c0.c2`, `g4 = c0.c1`, `g5 = c1.c2`
    /// are squared (the Granger–Scott formulas of those four coefficients, two Fp4 squares
    /// instead of three), and `g0 = c0.c0`, `g1 = c1.c1` are recovered once at the end with one
    /// inversion ([`Fp12::cyclotomic_powers_of_two`]). `n` is public; the time does not depend on
    /// `self`.
    pub fn cyclotomic_square_n(&self, n: u32) -> Self {
        if n < KARABINA_MIN_RUN {
            let mut r = *self;
            for _ in 0..n {
                r = r.cyclotomic_square();
            }
            return r;
        }
        self.cyclotomic_powers_of_two(&[n]).pop().unwrap_or(*self)
    }

    /// `self^(2^k)` for each of the public `ks`, in their order (`self` in the cyclotomic
    /// subgroup), all from one run of Karabina's compressed squarings
    /// ([`Fp12::cyclotomic_square_n`]) up to the largest `k`, the powers decompressed together
    /// with one inversion (Montgomery's trick, constant time): the right-to-left
    /// exponentiation by a sparse exponent.
    pub fn cyclotomic_powers_of_two(&self, ks: &[u32]) -> Vec<Self> {
        let mut order: Vec<usize> = (0..ks.len()).collect();
        order.sort_unstable_by_key(|&i| ks[i]);
        let mut g = self.compress_karabina();
        let mut compressed = alloc::vec![g; ks.len()];
        let mut done = 0;
        for i in order {
            Self::karabina_square_n(&mut g, ks[i] - done);
            done = ks[i];
            compressed[i] = g;
        }
        let (mut nums, mut dens): (Vec<_>, Vec<_>) = compressed.iter().map(Self::karabina_fraction).unzip();
        Fp2::batch_invert(&mut dens);
        for (n, d) in nums.iter_mut().zip(&dens) {
            *n = n.mul(d);
        }
        compressed.iter().zip(&nums).map(|(g, g1)| Self::decompress_karabina(g, g1)).collect()
    }

    /// The coefficients `[g2, g3, g4, g5] = [c1.c0, c0.c2, c0.c1, c1.c2]` of Karabina's
    /// compressed form (eprint 2010/542 §3.2).
    #[inline(always)]
    fn compress_karabina(&self) -> [Fp2<T, N>; 4] {
        [self.c1.c0, self.c0.c2, self.c0.c1, self.c1.c2]
    }

    /// `n` compressed squarings ([`Fp12::karabina_square`]) in place: on the AVX-512 IFMA lanes
    /// where the CPU and the tower have them (`field::fp2_lanes`: the fourteen Fp products of a
    /// squaring as two eight-lane products), one by one otherwise. Constant time; `n` public.
    fn karabina_square_n(g: &mut [Fp2<T, N>; 4], n: u32) {
        #[cfg(target_arch = "x86_64")]
        if n > 0 && super::fp2_lanes::karabina_square_n(g, n) {
            return;
        }
        for _ in 0..n {
            Self::karabina_square(g);
        }
    }

    /// Whether the compressed squarings of [`Self::cyclotomic_powers_of_two`] run on the AVX-512
    /// IFMA lanes here (`field::fp2_lanes`).
    pub(crate) fn karabina_on_lanes() -> bool {
        #[cfg(target_arch = "x86_64")]
        return super::fp2_lanes::karabina_available::<T, N>();
        #[cfg(not(target_arch = "x86_64"))]
        false
    }

    /// One compressed squaring: the Granger–Scott formulas of `g2..g5` alone, two Fp4 squares
    /// ([`Fp12::cyclotomic_square`]).
    #[inline(always)]
    fn karabina_square(g: &mut [Fp2<T, N>; 4]) {
        let [mut s23, mut s45] = [[Fp2::ZERO; 2]; 2];
        fp4_square(&g[0], &g[1], &mut s23);
        fp4_square(&g[2], &g[3], &mut s45);
        let ([a23, b23], [a45, b45]) = (&s23, &s45);
        g[0] = three_two(&b45.mul_by_nonresidue(), &g[0], false);
        g[1] = three_two(a45, &g[1], true);
        g[2] = three_two(a23, &g[2], true);
        g[3] = three_two(b23, &g[3], false);
    }

    /// `g1` of a compressed element as a fraction (eprint 2010/542 §3.2): `(ξg5² + 3g4² −
    /// 2g3)/(4g2)`, or `2g4g5/g3` when `g2 = 0` (selected in constant time). Only `g2 = g3 =
    /// 0` has a zero denominator; in the cyclotomic subgroup (of odd order) that is only the
    /// element one, whose `g1 = 0` the zero "inverse" of the callers then gives.
    fn karabina_fraction([g2, g3, g4, g5]: &[Fp2<T, N>; 4]) -> (Fp2<T, N>, Fp2<T, N>) {
        let g2_is_zero = g2.is_zero();
        let g4_sq = g4.square();
        let num = g5.square().mul_by_nonresidue().add(&g4_sq.double().add(&g4_sq)).sub(&g3.double());
        let num = Fp2::conditional_select(&num, &g4.mul(g5).double(), g2_is_zero);
        let den = Fp2::conditional_select(&g2.double().double(), g3, g2_is_zero);
        (num, den)
    }

    /// The element of the cyclotomic subgroup with the compressed coefficients `g2..g5` and
    /// `g1` ([`Fp12::karabina_fraction`]): `g0 = ξ(2g1² + g2g5 − 3g3g4) + 1`.
    fn decompress_karabina([g2, g3, g4, g5]: &[Fp2<T, N>; 4], g1: &Fp2<T, N>) -> Self {
        let g3g4 = g3.mul(g4);
        let t = g1.square().double().add(&g2.mul(g5)).sub(&g3g4.double().add(&g3g4));
        let g0 = t.mul_by_nonresidue().add(&Fp2::ONE);
        Self::new(Fp6::new(g0, *g4, *g3), Fp6::new(*g2, *g1, *g5))
    }

    /// `self^(p^power)`: `(frob(c0), frob(c1)·γ_{k,1})` with `γ_{k,1} = ξ^((p^k−1)/6)`
    /// ([`TowerParams::FROBENIUS`]), since `w^(p^k) = w·(w⁶)^((p^k−1)/6)`.
    pub fn frobenius_map(&self, power: usize) -> Self {
        let g = Fp2::from_raw(&T::FROBENIUS[power % 12][0]);
        Self::new(self.c0.frobenius_map(power), self.c1.frobenius_map(power).mul_by_fp2(&g))
    }

    /// `self⁻¹ = (c0 − c1·w) / (c0² − v·c1²)`, none for zero. Constant time.
    pub fn invert(&self) -> CtOption<Self> {
        self.norm().invert().map(|n| self.conjugate().mul_by_fp6(&n))
    }

    /// `self⁻¹`, `None` for zero; time depends on `self` (public data only).
    pub fn inverse_vartime(&self) -> Option<Self> {
        self.norm().inverse_vartime().map(|n| self.conjugate().mul_by_fp6(&n))
    }

    /// The norm `c0² − v·c1²` in Fp6.
    fn norm(&self) -> Fp6<T, N> {
        self.c0.square().sub(&self.c1.square().mul_by_nonresidue())
    }

    /// `self · c` for `c` in Fp6.
    #[inline]
    fn mul_by_fp6(&self, c: &Fp6<T, N>) -> Self {
        Self::new(self.c0.mul(c), self.c1.mul(c))
    }

    /// Whether `self` is zero.
    #[inline(always)]
    pub fn is_zero(&self) -> Choice {
        self.c0.is_zero() & self.c1.is_zero()
    }

    /// A uniformly random element.
    pub fn random(rng: &mut impl RngCore) -> Self {
        Self::new(Fp6::random(rng), Fp6::random(rng))
    }
}

impl_tower_traits!(Fp12 over Fp6, [c0, c1], "Fp12({:?} + {:?}·w)");

/// Squarings run at least this long use Karabina's compressed form in
/// [`Fp12::cyclotomic_square_n`]: below it, the inversion of the decompression costs more than
/// the three Fp2 squares saved per step.
pub const KARABINA_MIN_RUN: u32 = 10;

/// `(x + y·s)² = (x² + ξy²) + 2xy·s` in `Fp4 = Fp2[s]/(s² − ξ)`. Where the tower has the
/// one-kernel Fp4 square ([`Fp2::fp4_square_kernel`], BLS12-381 on the ADX kernels), `2xy =
/// (x + y)² − x² − y²` from a third double-width square, the sums folded into the four
/// reductions: six products (236 → 205 ns on the Intel Xeon). Otherwise `x² + ξy²` from two
/// double-width Fp2 squares with one reduction per coefficient and `2xy` as the Fp2 product
/// `(2x)·y` (one kernel; measured 3–5% faster per cyclotomic squaring than the third square
/// composed of separate kernels, whose two double-width subtractions and reduction cost more
/// than the product's one extra Fp multiplication).
/// Out of line: one shared copy for the three calls of a cyclotomic squaring and the two of a
/// compressed one keeps those loops small enough for the CPU's decoded-instruction cache.
#[inline(never)]
fn fp4_square<T: TowerParams<N>, const N: usize>(x: &Fp2<T, N>, y: &Fp2<T, N>, out: &mut [Fp2<T, N>; 2]) {
    if Fp2::fp4_square_kernel(x, y, out) {
        return;
    }
    x.double().mul_to(y, &mut out[1]);
    let (mut x2, mut y2, mut t) = (Fp2Wide::ZERO, Fp2Wide::ZERO, Fp2Wide::ZERO);
    x.square_wide_inline(&mut x2);
    y.square_wide_inline(&mut y2);
    y2.mul_by_nonresidue_into(&mut t);
    t.add_assign(&x2);
    out[0] = t.reduce_inline();
}

/// `*out = x0y1 + x1y0 = (x0 + x1)(y0 + y1) − v0 − v1` at double width, given `v0 = x0y0`
/// and `v1 = x1y1`.
#[inline(always)]
fn cross_term<T: TowerParams<N>, const N: usize>(
    x0: &Fp2<T, N>,
    x1: &Fp2<T, N>,
    y0: &Fp2<T, N>,
    y1: &Fp2<T, N>,
    v0: &Fp2Wide<T, N>,
    v1: &Fp2Wide<T, N>,
    out: &mut Fp2Wide<T, N>,
) {
    let exact = Fp2::<T, N>::sums_unreduced();
    Fp2::mul_sums_wide_into(x0, x1, y0, y1, out);
    out.sub_middle_assign(v0, exact);
    out.sub_middle_assign(v1, exact);
}

/// `3t − 2z` (`subtract`) or `3t + 2z`, coefficientwise ([`Fp::three_two`]).
#[inline(always)]
fn three_two<T: TowerParams<N>, const N: usize>(t: &Fp2<T, N>, z: &Fp2<T, N>, subtract: bool) -> Fp2<T, N> {
    Fp2::new(Fp::three_two(&t.c0, &z.c0, subtract), Fp::three_two(&t.c1, &z.c1, subtract))
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::curves::bls12_381::Tower;

    type F12 = Fp12<Tower, 6>;
    type F2 = Fp2<Tower, 6>;

    /// The compressed squarings on the vector lanes (where the CPU has them) give exactly the
    /// values of the scalar ones, for random inputs (the formulas are polynomials, so any four
    /// Fp2 values are a test), zero and `p − 1` coefficients, and run lengths around the
    /// lanes' blocks of four.
    #[test]
    fn karabina_runs_agree() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(42);
        let m1 = -F2::ONE;
        let mut inputs = vec![[F2::ZERO; 4], [m1; 4]];
        inputs.extend((0..8).map(|_| [0; 4].map(|_: u8| F2::random(&mut rng))));
        for g in &inputs {
            for n in [1, 3, 4, 5, 8, 9, 17, 63] {
                let mut want = *g;
                for _ in 0..n {
                    F12::karabina_square(&mut want);
                }
                let mut got = *g;
                F12::karabina_square_n(&mut got, n);
                assert_eq!(got, want, "{n} squarings");
            }
        }
    }

    /// An Fp2 value whose coefficients are `0`, `p − 1` or random, by `rng` (the extremes of
    /// the exact sums' bounds come from coefficients at the ends of the range).
    fn extreme(rng: &mut impl Rng) -> F2 {
        let mut coefficient = || match rng.gen_range(0..4) {
            0 => Fp::ZERO,
            1 | 2 => -Fp::ONE,
            _ => Fp::random(&mut *rng),
        };
        Fp2::new(coefficient(), coefficient())
    }

    fn extreme12(rng: &mut impl Rng) -> F12 {
        let mut f6 = || Fp6::new(extreme(rng), extreme(rng), extreme(rng));
        Fp12::new(f6(), f6())
    }

    /// The schoolbook product over Fp6, independent of the Karatsuba code under test.
    fn schoolbook(a: &F12, b: &F12) -> F12 {
        let v = |x: &Fp6<Tower, 6>| x.mul_by_nonresidue();
        Fp12::new(a.c0 * b.c0 + v(&(a.c1 * b.c1)), a.c0 * b.c1 + a.c1 * b.c0)
    }

    /// The square and the sparse product (exact sums where the field has them) against the
    /// full product, with the sparse operand written out, on random and extreme elements; `*=`
    /// against `*`.
    #[test]
    fn square_and_sparse_product_match_full_product() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(5);
        for case in 0..3000 {
            let (f, [d0, d1, d4]) = if case % 3 == 0 {
                (F12::random(&mut rng), [(); 3].map(|_| F2::random(&mut rng)))
            } else {
                (extreme12(&mut rng), [(); 3].map(|_| extreme(&mut rng)))
            };
            let line = Fp12::new(Fp6::new(d0, d1, Fp2::ZERO), Fp6::new(Fp2::ZERO, d4, Fp2::ZERO));
            assert!(f.mul_by_014(&d0, &d1, &d4) == f * line, "case {case}");
            assert!(f.square() == f * f, "case {case}");
            let g = if case % 3 == 0 { F12::random(&mut rng) } else { extreme12(&mut rng) };
            assert!(f * g == schoolbook(&f, &g), "case {case}");
            let mut h = f;
            h *= g;
            assert!(h == f * g, "case {case}: in place");
            let m = Fp12::new(g.c0, Fp6::new(Fp2::ZERO, g.c1.c1, g.c1.c2));
            assert!(f.mul_by_01245(&m) == schoolbook(&f, &m), "case {case}");
            assert!(f.mul_by_01245(&g) == schoolbook(&f, &m), "case {case}: position 3 read");
        }
    }
}
