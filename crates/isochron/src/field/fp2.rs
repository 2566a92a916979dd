//! `Fp2 = Fp[u]/(u² − β)` with `β = −1`, the base of the pairing tower
//! `Fp2 → Fp6 = Fp2[v]/(v³ − ξ) → Fp12 = Fp6[w]/(w² − v)` (Beuchat et al., eprint 2010/354
//! §2; draft-irtf-cfrg-pairing-friendly-curves-11 §4.2.1 for BLS12-381 and BN254), and
//! [`TowerParams`], which declares a tower and derives its Frobenius coefficients by `const fn`.
//!
//! **Representation.** `c0 + c1·u` with both coefficients in Montgomery form, fully reduced.
//!
//! Multiplication is Karatsuba over the (assembly) Fp product, squaring is the complex
//! method (`(a0 + a1)(a0 − a1)`, `2·a0·a1`), inversion goes through the norm `a0² + a1²` to
//! [`Fp::invert`], and the square root is Adj–Rodríguez-Henríquez, eprint 2012/685, Alg. 9.

use core::fmt;

use rand_core::RngCore;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};
use zeroize::Zeroize;

use super::fp::impl_field_ops;
use super::wide::{add_unreduced, FpWide};
use super::{Field, FieldParams, Fp, SqrtField};
use crate::limbs::{self, mont};

/// One Fp2 element as raw Montgomery limbs `[c0, c1]`, for `const` derivations.
type RawFp2<const N: usize> = [[u64; N]; 2];

/// The Frobenius coefficients of a tower for one power `k` of `p`, as raw Montgomery limbs:
/// `[γ_{k,1}, γ_{k,2}, γ_{k,4}]` with `γ_{k,i} = ξ^(i·(p^k − 1)/6)`.
pub type FrobeniusCoeffs<const N: usize> = [RawFp2<N>; 3];

/// Declares a pairing tower over the prime field `Fp`: `u² = β`, `v³ = ξ`, `w² = v`. A curve
/// declares `Fp`, `BETA` and `XI`; the Frobenius coefficients are derived from them by `const
/// fn` ([`TowerParams::FROBENIUS`]), never pasted.
pub trait TowerParams<const N: usize>:
    'static + Copy + Clone + fmt::Debug + Default + PartialEq + Eq + Send + Sync
{
    /// The prime field under the tower.
    type Fp: FieldParams<N>;
    /// `β` with `u² = β`, a quadratic non-residue of Fp. Only `−1` (`p ≡ 3 mod 4`) is
    /// implemented; checked at compile time.
    const BETA: i64;
    /// `ξ = XI[0] + XI[1]·u` (small integers, both non-zero), with `v³ = ξ`: neither a square
    /// nor a cube in Fp2.
    const XI: [u64; 2];

    /// `ξ` in Montgomery form.
    const XI_MONT: RawFp2<N> = [small_mont::<Self::Fp, N>(Self::XI[0]), small_mont::<Self::Fp, N>(Self::XI[1])];

    /// `FROBENIUS[k] = [γ_{k,1}, γ_{k,2}, γ_{k,4}]` with `γ_{k,i} = ξ^(i·(p^k − 1)/6)` for
    /// `k = 0..12`: `w^(p^k) = γ_{k,1}·w`, `v^(p^k) = γ_{k,2}·v`, `(v²)^(p^k) = γ_{k,4}·v²`.
    /// Derived from `γ_{1,1} = ξ^((p−1)/6)` by `γ_{k,1} = conj(γ_{k−1,1})·γ_{1,1}` (since
    /// `(p^k − 1)/6 = p·(p^(k−1) − 1)/6 + (p − 1)/6` and `x^p = conj(x)` in Fp2).
    const FROBENIUS: [FrobeniusCoeffs<N>; 12] = frobenius_coeffs::<Self::Fp, N>(&Self::XI_MONT);
}

/// The Montgomery form of a small integer.
const fn small_mont<P: FieldParams<N>, const N: usize>(v: u64) -> [u64; N] {
    mont::mul(&limbs::from_u64(v), &P::R2, &P::MODULUS, P::INV)
}

/// `a·b` in `Fp[u]/(u² + 1)` on raw Montgomery limbs (compile-time use).
const fn raw_mul<P: FieldParams<N>, const N: usize>(a: &RawFp2<N>, b: &RawFp2<N>) -> RawFp2<N> {
    let (m, inv) = (&P::MODULUS, P::INV);
    let c0 = limbs::sub_mod(&mont::mul(&a[0], &b[0], m, inv), &mont::mul(&a[1], &b[1], m, inv), m);
    let c1 = limbs::add_mod(&mont::mul(&a[0], &b[1], m, inv), &mont::mul(&a[1], &b[0], m, inv), m);
    [c0, c1]
}

/// The Frobenius table of [`TowerParams::FROBENIUS`].
const fn frobenius_coeffs<P: FieldParams<N>, const N: usize>(xi: &RawFp2<N>) -> [FrobeniusCoeffs<N>; 12] {
    let pm1 = limbs::sub(&P::MODULUS, &limbs::from_u64(1)).0;
    let e = limbs::div_small(&pm1, 6);
    let mut six_e = [0u64; N];
    let mut i = 0;
    while i < 6 {
        six_e = limbs::add(&six_e, &e).0;
        i += 1;
    }
    assert!(limbs::eq(&six_e, &pm1), "the tower needs p ≡ 1 (mod 6)");
    // γ_{1,1} = ξ^((p−1)/6), square-and-multiply on public data.
    let mut g1 = [P::R, [0; N]];
    let mut bit = 64 * N;
    while bit > 0 {
        bit -= 1;
        g1 = raw_mul::<P, N>(&g1, &g1);
        if (e[bit / 64] >> (bit % 64)) & 1 == 1 {
            g1 = raw_mul::<P, N>(&g1, xi);
        }
    }
    let mut out = [[[[0u64; N]; 2]; 3]; 12];
    let mut gk = [P::R, [0; N]]; // γ_{0,1} = 1
    let mut k = 0;
    while k < 12 {
        let g2 = raw_mul::<P, N>(&gk, &gk);
        let g4 = raw_mul::<P, N>(&g2, &g2);
        out[k] = [gk, g2, g4];
        let conj = [gk[0], limbs::neg_mod(&gk[1], &P::MODULUS)];
        gk = raw_mul::<P, N>(&conj, &g1);
        k += 1;
    }
    out
}

/// An element `c0 + c1·u` of the quadratic extension declared by `T`. `#[repr(C)]`: the
/// assembly Fp2 product reads and writes it as `2N` words.
#[derive(Clone, Copy)]
#[repr(C)]
pub struct Fp2<T: TowerParams<N>, const N: usize> {
    /// The coefficient of 1.
    pub c0: Fp<T::Fp, N>,
    /// The coefficient of `u`.
    pub c1: Fp<T::Fp, N>,
}

impl<T: TowerParams<N>, const N: usize> Fp2<T, N> {
    /// Zero.
    pub const ZERO: Self = Self::new(Fp::ZERO, Fp::ZERO);
    /// One.
    pub const ONE: Self = Self::new(Fp::ONE, Fp::ZERO);
    /// `ξ`, the cubic non-residue defining Fp6.
    pub const NONRESIDUE: Self = Self::from_raw(&T::XI_MONT);

    /// Compile-time check that the tower is `u² = −1`, which the formulas here assume.
    const BETA_IS_MINUS_ONE: () = assert!(T::BETA == -1, "Fp2 implements u² = −1 only");

    /// `c0 + c1·u`.
    #[inline(always)]
    pub const fn new(c0: Fp<T::Fp, N>, c1: Fp<T::Fp, N>) -> Self {
        Fp2 { c0, c1 }
    }

    /// The element with raw Montgomery coefficients (a derived constant).
    pub(crate) const fn from_raw(raw: &RawFp2<N>) -> Self {
        Self::new(Fp::from_mont_limbs(raw[0]), Fp::from_mont_limbs(raw[1]))
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

    /// The conjugate `c0 − c1·u` (equal to the Frobenius map `x ↦ x^p`).
    #[inline(always)]
    pub fn conjugate(&self) -> Self {
        Self::new(self.c0, self.c1.neg())
    }

    /// The constants of the one-kernel Fp2 products ([`limbs::x86_64_adx::fp2_mul`]).
    #[cfg(target_arch = "x86_64")]
    const FUSED_CONSTANTS: limbs::x86_64_adx::fp2_mul::Constants<N> =
        limbs::x86_64_adx::fp2_mul::Constants::new(&<T::Fp as FieldParams<N>>::MODULUS);

    /// Runs one of the one-kernel Fp2 products where the field has them (its own ADX kernels,
    /// two spare bits): `kernel(constants, −p⁻¹ mod 2⁶⁴, output)` writes the result's 2N words
    /// and returns `true`, or returns `false` having written nothing.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn fused(kernel: impl FnOnce(&limbs::x86_64_adx::fp2_mul::Constants<N>, u64, *mut u64) -> bool) -> Option<Self> {
        let () = Self::BETA_IS_MINUS_ONE;
        if !Self::one_kernel() {
            return None;
        }
        let mut out = core::mem::MaybeUninit::<Self>::uninit();
        if !kernel(&Self::FUSED_CONSTANTS, <T::Fp as FieldParams<N>>::INV, out.as_mut_ptr().cast()) {
            return None;
        }
        // SAFETY: the kernel wrote all 2N words of `out` (an `Fp2` is `#[repr(C)]` over two
        // `#[repr(transparent)]` `[u64; N]`), limbs below `p` as it guarantees.
        Some(unsafe { out.assume_init() })
    }

    /// Whether the field runs the one-kernel Fp2 products ([`limbs::x86_64_adx::fp2_mul`]): its
    /// modulus has two spare bits, the CPU has BMI2 and ADX, and the field is on its own kernels.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn one_kernel() -> bool {
        limbs::x86_64_adx::fp2_mul::supports(&<T::Fp as FieldParams<N>>::MODULUS) && Fp::<T::Fp, N>::own_adx_kernels()
    }

    /// `out = [x² + ξ·y², 2xy]`, the Fp4 square of `x + y·s` (`s² = ξ`), in one kernel
    /// ([`limbs::x86_64_adx::fp4_square`]) where the tower has `ξ = 1 + u`, the field runs its
    /// own ADX kernels and the modulus has the kernel's six words below `2^381`. Returns `false`,
    /// having written nothing, otherwise.
    #[inline(always)]
    pub(crate) fn fp4_square_kernel(x: &Self, y: &Self, out: &mut [Self; 2]) -> bool {
        #[cfg(target_arch = "x86_64")]
        if T::XI == [1, 1]
            && limbs::x86_64_adx::fp4_square::supports(&<T::Fp as FieldParams<N>>::MODULUS)
            && Fp::<T::Fp, N>::own_adx_kernels()
        {
            let () = Self::BETA_IS_MINUS_ONE;
            let o: *mut [Self; 2] = out;
            // SAFETY: `own_adx_kernels` checked BMI2 and ADX; 2N words behind `x` and `y` and 4N
            // writable words behind the exclusively borrowed `out`, which overlaps neither
            // (`Fp2` is `#[repr(C)]` over two `#[repr(transparent)]` `[u64; N]`).
            return unsafe {
                limbs::x86_64_adx::fp4_square::square(
                    x.words(),
                    y.words(),
                    &Self::FP4_CONSTANTS,
                    <T::Fp as FieldParams<N>>::INV,
                    o.cast(),
                )
            };
        }
        let _ = (x, y, out);
        false
    }

    /// The constants of [`Self::fp4_square_kernel`].
    #[cfg(target_arch = "x86_64")]
    const FP4_CONSTANTS: limbs::x86_64_adx::fp2_mul::Constants<N> =
        limbs::x86_64_adx::fp4_square::constants(&<T::Fp as FieldParams<N>>::MODULUS);

    /// A pointer to the 2N limbs `[c0, c1]` (for the assembly kernels).
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn words(&self) -> *const u64 {
        (self as *const Self).cast()
    }

    /// `self · rhs`: Karatsuba at double width (three double-width products), then one Montgomery
    /// reduction per coefficient; where the field runs the ADX kernels and has two spare bits,
    /// all of it in one assembly kernel ([`limbs::x86_64_adx::fp2_mul`]: the subtractions folded
    /// into the reductions, nothing through the stack but the products). Out of line, like the
    /// other Fp2 products: the G2 formulas, hash to G2 and the exponentiations then run as loops
    /// over small code (measured in the comparison benchmark: hash to G2 about 8% faster than
    /// with every product inlined).
    #[inline(never)]
    pub fn mul(&self, rhs: &Self) -> Self {
        #[cfg(target_arch = "x86_64")]
        if let Some(r) = Self::fused(|k, inv, o| {
            // SAFETY: `fused` checked BMI2 and ADX; an `Fp2` is `#[repr(C)]` over two
            // `#[repr(transparent)]` `[u64; N]` (2N words behind each pointer).
            unsafe { limbs::x86_64_adx::fp2_mul::mul(self.words(), rhs.words(), k, inv, o) }
        }) {
            return r;
        }
        let mut w = Fp2Wide::ZERO;
        self.mul_wide_inline(rhs, &mut w);
        w.reduce_inline()
    }

    /// `self ← self · rhs` ([`Self::mul`]) in place, for `*=`: the kernel writes over `self`,
    /// where a returned product would be copied back from a temporary (and that copy's wide
    /// loads wait for the kernel's word stores, a failed store forwarding).
    #[inline(never)]
    pub(crate) fn mul_in_place(&mut self, rhs: &Self) {
        let p: *mut Self = self;
        // SAFETY: `p` comes from the exclusive borrow `self`, readable and writable, and `rhs`
        // from a shared borrow; the kernel may write over an operand.
        #[cfg(target_arch = "x86_64")]
        if unsafe { Self::mul_kernel(p, rhs, p) } {
            return;
        }
        *self = Self::mul(self, rhs);
    }

    /// `*out = self · rhs` ([`Self::mul`]) written through `out`: for a product that goes to a
    /// place in a larger value. A returned product is written to a temporary and copied there
    /// when the compiler cannot prove the call free of unwinding, and that copy's wide loads
    /// wait for the kernel's word stores (a failed store forwarding).
    #[inline(never)]
    pub(crate) fn mul_to(&self, rhs: &Self, out: &mut Self) {
        // SAFETY: shared borrows for the operands, the exclusive borrow `out` for the result.
        #[cfg(target_arch = "x86_64")]
        if unsafe { Self::mul_kernel(self, rhs, out) } {
            return;
        }
        *out = self.mul(rhs);
    }

    /// `*out = a · b` by the one-kernel Fp2 product ([`limbs::x86_64_adx::fp2_mul`]) where the
    /// field has it ([`Self::one_kernel`]); otherwise `false`, nothing written. `out` may be
    /// `a` or `b`: the kernel reads both operands before it writes.
    ///
    /// # Safety
    /// `a` and `b` point to readable `Fp2` values and `out` to a writable one.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    unsafe fn mul_kernel(a: *const Self, b: *const Self, out: *mut Self) -> bool {
        // SAFETY: `one_kernel` checked BMI2, ADX and the modulus; 2N words behind each pointer
        // (the caller's guarantee; an `Fp2` is `#[repr(C)]` over two `#[repr(transparent)]`
        // `[u64; N]`).
        Self::one_kernel()
            && unsafe {
                limbs::x86_64_adx::fp2_mul::mul(
                    a.cast(),
                    b.cast(),
                    &Self::FUSED_CONSTANTS,
                    <T::Fp as FieldParams<N>>::INV,
                    out.cast(),
                )
            }
    }

    /// [`Self::mul_wide_inline`], out of line, for the towers: an Fp12 product makes 18
    /// double-width Fp2 products, and one shared copy instead of 18 inlined ones keeps the
    /// pairing's hot code small enough for the CPU's decoded-instruction cache (measured in
    /// the comparison benchmark: the Miller loop and the Fp12 square 3–4% faster).
    #[inline(never)]
    pub(crate) fn mul_wide_into(&self, rhs: &Self, out: &mut Fp2Wide<T, N>) {
        self.mul_wide_inline(rhs, out)
    }

    /// `*out = self · rhs` at double width, Karatsuba with lazy reduction (eprint 2010/526 §3,
    /// Alg. 2): `c0 = a0b0 − a1b1` (mod `p·R`), `c1 = (a0 + a1)(b0 + b1) − a0b0 − a1b1 = a0b1 +
    /// a1b0`, with unreduced sums `a0 + a1, b0 + b1 < 2p` and exact subtractions (the result is
    /// below `2p²`). Three double-width products and no reduction.
    #[inline(always)]
    fn mul_wide_inline(&self, rhs: &Self, out: &mut Fp2Wide<T, N>) {
        let () = Self::BETA_IS_MINUS_ONE;
        #[cfg(target_arch = "x86_64")]
        if Self::one_kernel() {
            let o: *mut Fp2Wide<T, N> = out;
            // SAFETY: BMI2 and ADX checked just above; 2N words behind `self` and `rhs` (an `Fp2`
            // is `#[repr(C)]` over two `#[repr(transparent)]` `[u64; N]`), 4N writable words
            // behind `o` (`Fp2Wide` is `#[repr(C)]` over two `#[repr(transparent)]` `[[u64; N];
            // 2]`, exclusively borrowed).
            if unsafe {
                limbs::x86_64_adx::fp2_mul::mul_wide(self.words(), rhs.words(), &Self::FUSED_CONSTANTS, o.cast())
            } {
                return;
            }
        }
        let mut v1 = FpWide::ZERO;
        FpWide::mul_into(&self.c1, &rhs.c1, &mut v1);
        FpWide::mul_into(&self.c0, &rhs.c0, &mut out.c0);
        let sa = add_unreduced(self.c0.mont_limbs(), self.c1.mont_limbs());
        let sb = add_unreduced(rhs.c0.mont_limbs(), rhs.c1.mont_limbs());
        FpWide::mul_limbs_into(&sa, &sb, &mut out.c1);
        out.c1.sub_exact_assign(&out.c0);
        out.c1.sub_exact_assign(&v1);
        out.c0.sub_assign(&v1);
    }

    /// Whether the double-width product may take both operands below `2p` (unreduced sums): its
    /// coefficients, below `8p²` then, stay below `p·R` when `8p < R` (three spare bits, as
    /// BLS12-381's modulus has). One operand below `2p` and the other below `p` give
    /// coefficients below `4p² < p·R` with the two spare bits every one-kernel field has.
    const BOTH_LOOSE: bool = <T::Fp as FieldParams<N>>::MODULUS[N - 1] < 1 << 61;

    /// `*out = (a + b)·(c + d)` at double width, the Karatsuba operand sums of Fp6 and Fp12.
    /// With the one-kernel products ([`Self::mul_wide_inline`]) `a + b` is left unreduced (below
    /// `2p`; the kernel's own sums `x0 + x1` stay below `4p < 2^(64N)`), and `c + d` too with
    /// three spare bits ([`Self::sums_unreduced`]), which saves their conditional subtractions;
    /// otherwise they are reduced. The result is the same element either way. Out of line, as
    /// [`Self::mul_wide_into`].
    #[inline(never)]
    pub(crate) fn mul_sums_wide_into(a: &Self, b: &Self, c: &Self, d: &Self, out: &mut Fp2Wide<T, N>) {
        #[cfg(target_arch = "x86_64")]
        if Self::one_kernel() {
            let y = if Self::BOTH_LOOSE { c.add_unreduced(d) } else { c.add(d).limbs() };
            // SAFETY: `one_kernel` just returned true; `a + b` is below 2p, `c + d` below p or,
            // with `BOTH_LOOSE`, below 2p; `out` is an exclusively borrowed `Fp2Wide` (4N words,
            // `#[repr(C)]` over `#[repr(transparent)]` words).
            return unsafe { Self::mul_loose_wide(&a.add_unreduced(b), &y, core::ptr::from_mut(out).cast(), false) };
        }
        a.add(b).mul_wide_inline(&c.add(d), out)
    }

    /// `*out = (a + b)·c` at double width, `a + b` unreduced where [`Self::sum_unreduced`]; as
    /// [`Self::mul_sums_wide_into`].
    #[inline(never)]
    pub(crate) fn mul_sum_wide_into(a: &Self, b: &Self, c: &Self, out: &mut Fp2Wide<T, N>) {
        #[cfg(target_arch = "x86_64")]
        if Self::one_kernel() {
            // SAFETY: `one_kernel` just returned true; `a + b` is below 2p, `c` below p; `out` is
            // an exclusively borrowed `Fp2Wide` (4N words).
            return unsafe {
                Self::mul_loose_wide(&a.add_unreduced(b), c.limbs_ref(), core::ptr::from_mut(out).cast(), false)
            };
        }
        a.add(b).mul_wide_inline(c, out)
    }

    /// Whether [`Self::mul_sum_wide_into`] takes its sum unreduced (the one-kernel products):
    /// then the `u`-coefficient of its product is the exact integer `x0·c1 + x1·c0` of the true
    /// sum `x`, and a Karatsuba middle term such as `(a + b)c − ac` has an exact, nonnegative
    /// `u`-coefficient ([`Fp2Wide::sub_middle_assign`]).
    #[inline(always)]
    pub(crate) fn sum_unreduced() -> bool {
        #[cfg(target_arch = "x86_64")]
        return Self::one_kernel();
        #[cfg(not(target_arch = "x86_64"))]
        false
    }

    /// Whether [`Self::mul_sums_wide_into`] takes both sums unreduced (three spare bits and the
    /// one-kernel products): then its middle terms `(a + b)(c + d) − ac − bd` have exact `u`-
    /// coefficients, as for [`Self::sum_unreduced`].
    #[inline(always)]
    pub(crate) fn sums_unreduced() -> bool {
        Self::BOTH_LOOSE && Self::sum_unreduced()
    }

    /// The limbs `[c0, c1]`.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn limbs(&self) -> [[u64; N]; 2] {
        [*self.c0.mont_limbs(), *self.c1.mont_limbs()]
    }

    /// The coefficientwise sums `self + rhs` as limbs below `2p`, unreduced.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn add_unreduced(&self, rhs: &Self) -> [[u64; N]; 2] {
        [
            add_unreduced(self.c0.mont_limbs(), rhs.c0.mont_limbs()),
            add_unreduced(self.c1.mont_limbs(), rhs.c1.mont_limbs()),
        ]
    }

    /// `out = x·y` at double width by the one-kernel product into the `4N` words of an
    /// [`Fp2Wide`], for Montgomery limbs `x` below `2p` and `y` below `p` (or below `2p` with
    /// `BOTH_LOOSE`). With `signed`, both coefficients are exact integers: `c0 = x0·y0 − x1·y1` in
    /// two's complement ([`limbs::x86_64_adx::fp2_mul::mul_wide_signed`], six limbs only) and `c1
    /// = x0·y1 + x1·y0`, the products of the exact tower sums (`Fp12::mul_by_014`); otherwise `c0`
    /// is reduced into `[0, p·R)`.
    ///
    /// # Safety
    /// [`Self::one_kernel`] returned true (BMI2 and ADX present, a modulus the kernel takes), and
    /// `N = 6` with `signed`; `out` points to `4N` writable words.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    unsafe fn mul_loose_wide(x: &[[u64; N]; 2], y: &[[u64; N]; 2], out: *mut u64, signed: bool) {
        let (x, y, k) = (x.as_ptr().cast(), y.as_ptr().cast(), &Self::FUSED_CONSTANTS);
        // SAFETY: BMI2 and ADX as the caller guarantees; `x` and `y` are 2N words each, within
        // the bounds the kernel takes; 4N writable words behind `out`. The kernel takes the
        // modulus (`one_kernel`, and N = 6 with `signed`), so it writes the product.
        let written = unsafe {
            if signed {
                limbs::x86_64_adx::fp2_mul::mul_wide_signed(x, y, k, out)
            } else {
                limbs::x86_64_adx::fp2_mul::mul_wide(x, y, k, out)
            }
        };
        debug_assert!(written);
    }

    /// `out = x·y` with both coefficients exact ([`Self::mul_loose_wide`] signed) for reduced `x`,
    /// `y`. Out of line, as [`Self::mul_wide_into`].
    ///
    /// # Safety
    /// [`Self::one_kernel`] returned true and `N = 6`; `out` points to `4N` writable words.
    #[cfg(target_arch = "x86_64")]
    #[inline(never)]
    pub(crate) unsafe fn mul_exact_wide(x: &Self, y: &Self, out: *mut u64) {
        // SAFETY: the caller's guarantee; reduced operands.
        unsafe { Self::mul_loose_wide(x.limbs_ref(), y.limbs_ref(), out, true) }
    }

    /// `out = (a + b)·c` exactly, the sum unreduced; as [`Self::mul_exact_wide`].
    ///
    /// # Safety
    /// As for [`Self::mul_exact_wide`].
    #[cfg(target_arch = "x86_64")]
    #[inline(never)]
    pub(crate) unsafe fn mul_exact_sum_wide(a: &Self, b: &Self, c: &Self, out: *mut u64) {
        // SAFETY: the caller's guarantee; `a + b` below 2p.
        unsafe { Self::mul_loose_wide(&a.add_unreduced(b), c.limbs_ref(), out, true) }
    }

    /// `out = (a + b)·(c + d)` exactly, the sums unreduced; as [`Self::mul_exact_wide`].
    ///
    /// # Safety
    /// As for [`Self::mul_exact_wide`].
    #[cfg(target_arch = "x86_64")]
    #[inline(never)]
    pub(crate) unsafe fn mul_exact_sums_wide(a: &Self, b: &Self, c: &Self, d: &Self, out: *mut u64) {
        // SAFETY: the caller's guarantee; both sums below 2p (three spare bits: N = 6 here).
        unsafe { Self::mul_loose_wide(&a.add_unreduced(b), &c.add_unreduced(d), out, true) }
    }

    /// The limbs `[c0, c1]` in place.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn limbs_ref(&self) -> &[[u64; N]; 2] {
        // SAFETY: an `Fp2` is `#[repr(C)]` over two `#[repr(transparent)]` `[u64; N]`: the same
        // layout as `[[u64; N]; 2]`, and the borrow keeps it alive.
        unsafe { &*(self as *const Self).cast() }
    }

    /// `*out = self²` at double width by the complex method: `c0 = (a0 + a1)(a0 − a1)`, `c1 =
    /// (2a0)·a1`, with the unreduced sums below `2p`, so both products are below `2p²` (eprint
    /// 2010/526 §3). Two double-width products and no reduction. Out of line, as
    /// [`Self::mul_wide_into`].
    #[inline(never)]
    pub(crate) fn square_wide_into(&self, out: &mut Fp2Wide<T, N>) {
        self.square_wide_inline(out)
    }

    /// [`Self::square_wide_into`], inlined (in the cyclotomic squarings' out-of-line Fp4
    /// square, which measured faster with it).
    #[inline(always)]
    pub(crate) fn square_wide_inline(&self, out: &mut Fp2Wide<T, N>) {
        let () = Self::BETA_IS_MINUS_ONE;
        let (a0, a1) = (self.c0.mont_limbs(), self.c1.mont_limbs());
        let sum = add_unreduced(a0, a1);
        FpWide::mul_limbs_into(&sum, self.c0.sub(&self.c1).mont_limbs(), &mut out.c0);
        FpWide::mul_limbs_into(&add_unreduced(a0, a0), a1, &mut out.c1);
    }

    /// `self²` by the complex method: `(a0 + a1)(a0 − a1) + (2a0)·a1·u`, the three operands
    /// formed without reduction (`a0 + a1`, `a0 + (p − a1)` and `a0 + a0`, each below `2p`) and
    /// taken as they are by the two Montgomery products (their kernel accepts operands below `2p`
    /// when `4p < 2^(64N)`). Out of line, as [`Self::mul`].
    #[inline(never)]
    pub fn square(&self) -> Self {
        let () = Self::BETA_IS_MINUS_ONE;
        let (a0, a1) = (self.c0.mont_limbs(), self.c1.mont_limbs());
        let p_minus_a1 = limbs::sub(&<T::Fp as FieldParams<N>>::MODULUS, a1).0;
        let c0 = Fp::mul_below_2p(&add_unreduced(a0, a1), &add_unreduced(a0, &p_minus_a1));
        let c1 = Fp::mul_below_2p(&add_unreduced(a0, a0), a1);
        Self::new(c0, c1)
    }

    /// `self · c` for an element `c` of Fp.
    #[inline(always)]
    pub fn mul_by_fp(&self, c: &Fp<T::Fp, N>) -> Self {
        Self::new(self.c0.mul(c), self.c1.mul(c))
    }

    /// `self · ξ`, the non-residue of Fp6: `(x·a0 − y·a1) + (x·a1 + y·a0)·u` for `ξ = x + y·u`
    /// with small `x, y` (additions only).
    #[inline(always)]
    pub fn mul_by_nonresidue(&self) -> Self {
        let [x, y] = T::XI;
        if y == 1 && (1..=15).contains(&x) {
            // BN254's ξ = 9 + u: `x·a0 − a1` and `x·a1 + a0`, one pass each where there is a kernel.
            return Self::new(
                Fp::small_mul_add(&self.c0, x, &self.c1, true),
                Fp::small_mul_add(&self.c1, x, &self.c0, false),
            );
        }
        let c0 = self.c0.mul_small(x).sub(&self.c1.mul_small(y));
        let c1 = self.c1.mul_small(x).add(&self.c0.mul_small(y));
        Self::new(c0, c1)
    }

    /// The norm `a0² + a1² = self · conj(self)` in Fp.
    #[inline(always)]
    pub fn norm(&self) -> Fp<T::Fp, N> {
        self.c0.square().add(&self.c1.square())
    }

    /// `self⁻¹ = conj(self) / norm(self)`, none for zero. Constant time.
    pub fn invert(&self) -> CtOption<Self> {
        self.norm().invert().map(|n| self.conjugate().mul_by_fp(&n))
    }

    /// `self⁻¹`, `None` for zero; time depends on `self` (public data only).
    pub fn inverse_vartime(&self) -> Option<Self> {
        self.norm().inverse_vartime().map(|n| self.conjugate().mul_by_fp(&n))
    }

    /// `self^(p^power)`: the conjugate for odd powers.
    #[inline]
    pub fn frobenius_map(&self, power: usize) -> Self {
        if power % 2 == 1 {
            self.conjugate()
        } else {
            *self
        }
    }

    /// Whether `self` is zero.
    #[inline(always)]
    pub fn is_zero(&self) -> Choice {
        self.c0.is_zero() & self.c1.is_zero()
    }

    /// A uniformly random element.
    pub fn random(rng: &mut impl RngCore) -> Self {
        Self::new(Fp::random(rng), Fp::random(rng))
    }

    /// Whether `self` is a square: exactly when its norm is a square in Fp (the norm map
    /// Fp2* → Fp* is onto, and squares map onto squares). Zero counts as a square. Constant
    /// time.
    pub fn is_square(&self) -> Choice {
        self.norm().is_square()
    }

    /// A square root, if any, constant time, by the complex method (Adj–Rodríguez-Henríquez,
    /// eprint 2012/685 Alg. 8) with its Fp inversion folded into the second exponentiation: for
    /// `a = a0 + a1·u` with `u² = −1` and `s = √(a0² + a1²)`, put `t = (a0 + s)/2` (or `(a0 −
    /// s)/2` when that is zero, which needs `a1 = 0`). Then `t·(a0 − s)/2 = −a1²/4`, so exactly
    /// one of `t`, `−t` is a square, and with `r' = t^((p−3)/4)`, `r = r'·t`, `e = r'·r = ±1`:
    /// if `e = 1`, `r² = t` and the root is `r + (a1·r'/2)·u`; if `e = −1`, `r² = −t` and it is
    /// `−a1·r'/2 + r·u` (since `1/r = e·r'`). Two exponentiations with public exponents and no
    /// inversion; the candidate is checked by squaring, which also rejects non-squares.
    pub fn sqrt(&self) -> CtOption<Self> {
        let () = Self::BETA_IS_MINUS_ONE;
        let (a0, a1) = (&self.c0, &self.c1);
        let s = self.norm().pow_p_plus_1_div_4();
        let t = a0.add(&s).halve();
        let t = Fp::conditional_select(&t, &a0.sub(&s).halve(), t.is_zero());
        let r_prime = t.pow_p_minus_3_div_4(); // t^((p−3)/4)
        let r = r_prime.mul(&t);
        let y = a1.mul(&r_prime).halve();
        let t_is_square = r_prime.mul(&r).ct_eq(&Fp::ONE);
        let x = Self::conditional_select(&Self::new(y.neg(), r), &Self::new(r, y), t_is_square);
        CtOption::new(x, x.square().ct_eq(self))
    }
}

/// An unreduced Fp2 value: both coefficients at double width (see [`super::wide`]), for lazy
/// reduction in Fp6 and Fp12. Operations write in place, as [`FpWide`]'s. `#[repr(C)]`: the
/// assembly double-width Fp2 product writes it as `4N` words.
#[derive(Clone, Copy)]
#[repr(C)]
pub(crate) struct Fp2Wide<T: TowerParams<N>, const N: usize> {
    c0: FpWide<T::Fp, N>,
    c1: FpWide<T::Fp, N>,
}

impl<T: TowerParams<N>, const N: usize> Fp2Wide<T, N> {
    /// Zero.
    pub(crate) const ZERO: Self = Fp2Wide { c0: FpWide::ZERO, c1: FpWide::ZERO };

    /// `self += rhs`.
    #[inline(always)]
    pub(crate) fn add_assign(&mut self, rhs: &Self) {
        self.c0.add_assign(&rhs.c0);
        self.c1.add_assign(&rhs.c1);
    }

    /// `self −= rhs`.
    #[inline(always)]
    pub(crate) fn sub_assign(&mut self, rhs: &Self) {
        self.c0.sub_assign(&rhs.c0);
        self.c1.sub_assign(&rhs.c1);
    }

    /// `self −= rhs` for a Karatsuba middle term: `self` a product of sums from
    /// [`Fp2::mul_sums_wide_into`] or [`Fp2::mul_sum_wide_into`] (less earlier such terms),
    /// `rhs` a double-width product of the summands. When `exact` ([`Fp2::sum_unreduced`] or
    /// [`Fp2::sums_unreduced`], as the product was formed) the `u`-coefficients are exact
    /// integers whose difference stays nonnegative, subtracted without the modular correction.
    #[inline(always)]
    pub(crate) fn sub_middle_assign(&mut self, rhs: &Self, exact: bool) {
        self.c0.sub_assign(&rhs.c0);
        if exact {
            self.c1.sub_exact_assign(&rhs.c1);
        } else {
            self.c1.sub_assign(&rhs.c1);
        }
    }

    /// `*out = self · ξ`, as [`Fp2::mul_by_nonresidue`]: `(x·c0 − y·c1) + (x·c1 + y·c0)·u`.
    #[inline(always)]
    pub(crate) fn mul_by_nonresidue_into(&self, out: &mut Self) {
        let [x, y] = T::XI;
        if x == 1 && y == 1 {
            self.c0.sub_into(&self.c1, &mut out.c0);
            self.c0.add_into(&self.c1, &mut out.c1);
            return;
        }
        if y == 1 && x <= 15 {
            // BN254's ξ = 9 + u: `x·c0 − c1` and `x·c1 + c0`, one pass each.
            FpWide::mul_small_add_into(&self.c0, x, &self.c1, true, &mut out.c0);
            FpWide::mul_small_add_into(&self.c1, x, &self.c0, false, &mut out.c1);
            return;
        }
        mul_small_into(&self.c0, x, &mut out.c0);
        mul_small_into(&self.c1, x, &mut out.c1);
        let mut t = FpWide::ZERO;
        mul_small_into(&self.c1, y, &mut t);
        out.c0.sub_assign(&t);
        mul_small_into(&self.c0, y, &mut t);
        out.c1.add_assign(&t);
    }

    /// The Montgomery reduction of both coefficients; out of line, as [`Fp2::mul_wide_into`].
    #[inline(never)]
    pub(crate) fn reduce(&self) -> Fp2<T, N> {
        self.reduce_inline()
    }

    /// [`Self::reduce`] written into `out`: where the result goes to a place in a larger value
    /// (an Fp12 coefficient), the kernel stores it there instead of into a temporary that is
    /// then copied (a copy whose wide loads cannot forward from the kernel's word stores).
    #[inline(never)]
    pub(crate) fn reduce_to(&self, out: &mut Fp2<T, N>) {
        *out = self.reduce_inline();
    }

    /// [`Self::reduce`], inlined (for [`Fp2::mul`], the group formulas' sums of products and the
    /// cyclotomic squarings).
    #[inline(always)]
    pub(crate) fn reduce_inline(&self) -> Fp2<T, N> {
        Fp2::new(self.c0.reduce(), self.c1.reduce())
    }
}

/// `*out = a·k mod p·R` for a small public `k ≥ 1` (double-and-add from the top bit).
#[inline(always)]
fn mul_small_into<P: FieldParams<N>, const N: usize>(a: &FpWide<P, N>, k: u64, out: &mut FpWide<P, N>) {
    *out = *a;
    let mut i = 63 - k.leading_zeros();
    while i > 0 {
        i -= 1;
        out.double_assign();
        if (k >> i) & 1 == 1 {
            out.add_assign(a);
        }
    }
}

impl_tower_traits!(
    Fp2 over Fp,
    [c0, c1],
    "Fp2({:?} + {:?}·u)",
    /// Both products at double width, added, and one reduction per coefficient; in one
    /// assembly kernel where the field has it ([`limbs::x86_64_adx::fp2_mul::sum_of_products`]:
    /// 13% faster than the separate kernels).
    #[inline(never)]
    fn sum_of_products(a0: &Self, b0: &Self, a1: &Self, b1: &Self) -> Self {
        #[cfg(target_arch = "x86_64")]
        if let Some(r) = Self::fused(|k, inv, o| {
            // SAFETY: `fused` checked BMI2 and ADX; 2N words behind each pointer.
            unsafe { limbs::x86_64_adx::fp2_mul::sum_of_products(a0.words(), b0.words(), a1.words(), b1.words(), k, inv, o) }
        }) {
            return r;
        }
        let (mut s, mut t) = (Fp2Wide::ZERO, Fp2Wide::ZERO);
        a0.mul_wide_inline(b0, &mut s);
        a1.mul_wide_inline(b1, &mut t);
        s.add_assign(&t);
        s.reduce_inline()
    },
    /// Every product at double width (Karatsuba, as in [`Fp2::mul`]), summed there, and one
    /// reduction per coefficient.
    fn inner_product(a: &[Self], b: &[Self]) -> Self {
        let (mut acc, mut t) = (Fp2Wide::ZERO, Fp2Wide::ZERO);
        for (x, y) in a.iter().zip(b) {
            x.mul_wide_into(y, &mut t);
            acc.add_assign(&t);
        }
        acc.reduce()
    },
    /// `a0·b0 + (−a1)·b1` by [`Field::sum_of_products`] (one reduction per coefficient).
    #[inline(always)]
    fn difference_of_products(a0: &Self, b0: &Self, a1: &Self, b1: &Self) -> Self {
        Field::sum_of_products(a0, b0, &a1.neg(), b1)
    },
    /// The product at double width, minus the square at double width (two products: the
    /// one-kernel sum of products on `a·b + (−c)·c` runs six and measured no faster), and one
    /// reduction per coefficient.
    #[inline(never)]
    fn mul_minus_square(a: &Self, b: &Self, c: &Self) -> Self {
        let (mut s, mut t) = (Fp2Wide::ZERO, Fp2Wide::ZERO);
        a.mul_wide_inline(b, &mut s);
        c.square_wide_inline(&mut t);
        s.sub_assign(&t);
        s.reduce_inline()
    },
    /// Runs of at least `lane_doublings_from` doublings on the AVX-512 IFMA lanes where the
    /// CPU and the field have them (`field::fp2_lanes`).
    #[inline]
    fn double_n_jacobian_a0(p: &mut [Self; 3], n: u32, after_pause: bool) -> bool {
        #[cfg(target_arch = "x86_64")]
        if n >= lane_doublings_from(after_pause) {
            return super::fp2_lanes::double_n(p, n);
        }
        let _ = (p, n, after_pause);
        false
    }
);

/// The shortest run of doublings [`Field::double_n_jacobian_a0`] takes to the vector lanes. On
/// Zen 5 one doubling there takes about 180 ns against 420 ns, and moving the point in and out
/// about 140 ns, so even one doubling gains a little; two leave a margin for CPUs with slower
/// 512-bit multiply-adds. After a pause, on CPUs whose 512-bit units warm up slowly
/// ([`crate::limbs::x86_64_ifma::warms_up_slowly`], Intel's), five: the constant-time
/// multiplication's runs of four doublings, each after about 4 µs of scalar additions, ran G2's
/// `mul_ct` at 0.86–0.89× blst on the lanes against 0.76× without them (Intel Xeon,
/// 2026-12-07), while the chains' runs, a mixed addition apart, gain there as elsewhere (the
/// G2 subgroup check 0.55× against 0.60×).
#[cfg(target_arch = "x86_64")]
fn lane_doublings_from(after_pause: bool) -> u32 {
    if after_pause && crate::limbs::x86_64_ifma::warms_up_slowly() {
        5
    } else {
        2
    }
}

impl<T: TowerParams<N>, const N: usize> SqrtField for Fp2<T, N> {
    fn sqrt(&self) -> CtOption<Self> {
        Fp2::sqrt(self)
    }
    fn is_square(&self) -> Choice {
        Fp2::is_square(self)
    }
}

/// The trait impls every tower level shares, delegating to the inherent methods of the same
/// names: [`Field`], `Default` (zero), `Debug` (with the given format of the coefficients),
/// constant-time equality and selection (coefficient-wise), `PartialEq`/`Eq` through the
/// constant-time equality, `Zeroize`, and the arithmetic operators ([`impl_field_ops`]).
macro_rules! impl_tower_traits {
    ($ty:ident over $coef:ident, [$($c:ident),+], $fmt:literal $(, $extra:item)*) => {
        impl<T: TowerParams<N>, const N: usize> Field for $ty<T, N> {
            const ZERO: Self = Self::ZERO;
            const ONE: Self = Self::ONE;

            #[inline(always)]
            fn is_zero(&self) -> Choice {
                $ty::is_zero(self)
            }
            #[inline(always)]
            fn double(&self) -> Self {
                $ty::double(self)
            }
            #[inline(always)]
            fn halve(&self) -> Self {
                $ty { $($c: Field::halve(&self.$c)),+ }
            }
            #[inline(always)]
            fn square(&self) -> Self {
                $ty::square(self)
            }
            fn invert(&self) -> CtOption<Self> {
                $ty::invert(self)
            }
            fn inverse_vartime(&self) -> Option<Self> {
                $ty::inverse_vartime(self)
            }
            fn random(rng: &mut impl RngCore) -> Self {
                $ty::random(rng)
            }
            fn frobenius_map(&self, power: usize) -> Self {
                $ty::frobenius_map(self, power)
            }
            $($extra)*
        }

        impl<T: TowerParams<N>, const N: usize> Default for $ty<T, N> {
            fn default() -> Self {
                Self::ZERO
            }
        }

        impl<T: TowerParams<N>, const N: usize> fmt::Debug for $ty<T, N> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, $fmt, $(self.$c),+)
            }
        }

        impl<T: TowerParams<N>, const N: usize> ConstantTimeEq for $ty<T, N> {
            fn ct_eq(&self, other: &Self) -> Choice {
                let mut eq = Choice::from(1u8);
                $(eq &= self.$c.ct_eq(&other.$c);)+
                eq
            }
        }

        impl<T: TowerParams<N>, const N: usize> PartialEq for $ty<T, N> {
            fn eq(&self, other: &Self) -> bool {
                self.ct_eq(other).into()
            }
        }
        impl<T: TowerParams<N>, const N: usize> Eq for $ty<T, N> {}

        impl<T: TowerParams<N>, const N: usize> ConditionallySelectable for $ty<T, N> {
            #[inline(always)]
            fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
                Self::new($($coef::conditional_select(&a.$c, &b.$c, choice)),+)
            }
            #[inline(always)]
            fn conditional_assign(&mut self, other: &Self, choice: Choice) {
                $(self.$c.conditional_assign(&other.$c, choice);)+
            }
        }

        impl<T: TowerParams<N>, const N: usize> Zeroize for $ty<T, N> {
            fn zeroize(&mut self) {
                $(self.$c.zeroize();)+
            }
        }

        impl_field_ops!([T: TowerParams<N>, const N: usize] $ty<T, N>, $ty::mul_in_place);
    };
}
pub(crate) use impl_tower_traits;

#[cfg(test)]
mod tests {
    use rand_core::SeedableRng;

    use super::*;

    /// `(a + b)(c + d)` and `(a + b)c` with the sums unreduced equal the products of the reduced
    /// sums, on random elements and the extremes (`0`, `1`, `p − 1` in every coefficient), for
    /// BLS12-381 (three spare bits: both sums unreduced) and BN254 (two: one); `mul_to` and
    /// `reduce_to` agree with `mul` and `reduce`.
    fn check_mul_sums<T: TowerParams<N>, const N: usize>(seed: u64) {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
        let top = -Fp::<T::Fp, N>::ONE;
        let mut values = alloc::vec![Fp2::<T, N>::ZERO, Fp2::ONE, Fp2::new(top, top), Fp2::new(top, Fp::ZERO)];
        values.extend((0..12).map(|_| Fp2::random(&mut rng)));
        for (i, a) in values.iter().enumerate() {
            for (j, b) in values.iter().enumerate() {
                let (c, d) = (&values[(i + 3 * j + 1) % values.len()], &values[(5 * i + j + 2) % values.len()]);
                let mut w = Fp2Wide::ZERO;
                Fp2::mul_sums_wide_into(a, b, c, d, &mut w);
                assert!(w.reduce() == a.add(b).mul(&c.add(d)), "{i}, {j}");
                Fp2::mul_sum_wide_into(a, b, c, &mut w);
                assert!(w.reduce() == a.add(b).mul(c), "{i}, {j}");
                // The in-place forms write what the returning ones return.
                let mut out = Fp2::random(&mut rng);
                a.mul_to(b, &mut out);
                assert!(out == a.mul(b), "{i}, {j}");
                out = *a;
                out *= b;
                assert!(out == a.mul(b), "{i}, {j}");
                out *= out;
                assert!(out == a.mul(b).square(), "{i}, {j}");
                w.reduce_to(&mut out);
                assert!(out == w.reduce(), "{i}, {j}");
            }
        }
    }

    #[test]
    fn mul_sums_wide_matches_reduced_sums() {
        check_mul_sums::<crate::curves::bls12_381::Tower, 6>(1);
        check_mul_sums::<crate::curves::bn254::Tower, 4>(2);
    }

    /// [`Field::inner_product`] over Fp and Fp2 equals the products summed, for every length up
    /// to 20, on random elements and on `p − 1` everywhere (the largest double-width sums).
    fn check_inner_product<T: TowerParams<N>, const N: usize>(seed: u64) {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
        let top = -Fp::<T::Fp, N>::ONE;
        let random: Vec<Fp2<T, N>> = (0..40).map(|_| Fp2::random(&mut rng)).collect();
        let extreme = alloc::vec![Fp2::<T, N>::new(top, top); 40];
        for v in [&random, &extreme] {
            let (a, b) = v.split_at(20);
            for n in 0..=20 {
                let sum = a[..n].iter().zip(&b[..n]).fold(Fp2::ZERO, |s, (x, y)| s + *x * y);
                assert!(<Fp2<T, N> as Field>::inner_product(&a[..n], b) == sum, "{n}");
                let (a0, b0): (Vec<_>, Vec<_>) = (a.iter().map(|x| x.c0).collect(), b.iter().map(|x| x.c1).collect());
                let sum = a0[..n].iter().zip(&b0[..n]).fold(Fp::ZERO, |s, (x, y)| s + *x * y);
                assert!(<Fp<T::Fp, N> as Field>::inner_product(&a0[..n], &b0) == sum, "{n}");
            }
        }
    }

    #[test]
    fn inner_product_matches_sum() {
        check_inner_product::<crate::curves::bls12_381::Tower, 6>(3);
        check_inner_product::<crate::curves::bn254::Tower, 4>(4);
    }

    /// [`Fp2::square`] equals the product of the element with itself
    /// and the formula on its coefficients, on random elements and every combination of the
    /// extremes `0`, `1`, `p − 1`, `p − 2`, `(p ± 1)/2` in the two coefficients.
    fn check_square<T: TowerParams<N>, const N: usize>(seed: u64) {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
        let one = Fp::<T::Fp, N>::ONE;
        let half = one.halve();
        let edges = [Fp::ZERO, one, -one, -one.double(), half, half + one, -half];
        let mut values: Vec<Fp2<T, N>> =
            edges.iter().flat_map(|x| edges.iter().map(move |y| Fp2::new(*x, *y))).collect();
        values.extend((0..2000).map(|_| Fp2::random(&mut rng)));
        for a in &values {
            let s = a.square();
            assert!(s == a.mul(a), "{a:?}");
            let c0 = a.c0.square() - a.c1.square();
            let c1 = (a.c0 * a.c1).double();
            assert!(s == Fp2::new(c0, c1), "{a:?}");
        }
    }

    #[test]
    fn square_matches_product() {
        check_square::<crate::curves::bls12_381::Tower, 6>(5);
        check_square::<crate::curves::bn254::Tower, 4>(6);
    }
}
