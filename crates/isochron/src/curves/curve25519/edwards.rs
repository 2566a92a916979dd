//! Edwards25519 (RFC 8032 §5.1; RFC 7748 §4.1): the twisted Edwards curve
//! `−x² + y² = 1 + d·x²y²`, `d = −121665/121666`, over GF(2^255 − 19), a group of order `8·ℓ`.
//!
//! Points are kept in the extended coordinates `(X : Y : Z : T)`, `x = X/Z`, `y = Y/Z`,
//! `T = XY/Z` of Hisil–Wong–Carter–Dawson ("Twisted Edwards curves revisited", Asiacrypt 2008,
//! §3.1 for `a = −1`). Because `a = −1` is a square and `d` is not, the unified addition law is
//! complete: it adds any two points, equal, opposite or the identity included, so every
//! constant-time path is branch-free without special cases. Intermediate forms:
//! - *completed* `((X : Z), (Y : T))`, the output of an addition or doubling before the final
//!   products (HWCD §3.2, "P¹ × P¹"), converted to extended (4M) or projective (3M);
//! - *projective* `(X : Y : Z)` for runs of doublings (3M + 4S per doubling after the first);
//! - *cached* `(Y + X, Y − X, Z, 2d·T)` and *affine cached* `(y + x, y − x, 2d·xy)` for the
//!   second operand of additions (8M and 7M).
//!
//! The generic parameter `F` is the field backend: isochron's own kernels ([`Fe`], the default)
//! or fiat-crypto's generated code (`FiatFe`, feature `fiat`). The variable-time multiplications
//! (verification, multiscalar) run through [`EdwardsField::vartime_wnaf_combination`] and
//! [`EdwardsField::vartime_pippenger`]: serial by default; on `Fe` and a CPU with AVX2
//! (detected at run time) Pippenger uses the four-lane formulas of HWCD §4 in the crate's AVX2
//! backend, and so does the wNAF combination of more than two points in a build for a CPU with
//! AVX-512 (whose 32 vector registers the formulas need to beat the serial code). The fiat
//! backend always stays serial.

use alloc::vec::Vec;
use core::ops::{Add, Mul, Neg, Sub};

use subtle::{Choice, ConditionallyNegatable, ConditionallySelectable, ConstantTimeEq};
use zeroize::Zeroize;

use super::field::{Fe, Fe25519};
use super::half_size;
use super::scalar::{self, Scalar};
use crate::error::Error;
use crate::field::{Field, PrimeField};

/// Curve constants as canonical little-endian limbs (computed from RFC 8032 §5.1's
/// definitions; a unit test re-derives them).
pub(crate) mod consts {
    /// `d = −121665/121666 mod p`.
    pub const D: [u64; 4] = [0x75eb4dca135978a3, 0x00700a4d4141d8ab, 0x8cc740797779e898, 0x52036cee2b6ffe73];
    /// `2d mod p`.
    pub const D2: [u64; 4] = [0xebd69b9426b2f159, 0x00e0149a8283b156, 0x198e80f2eef3d130, 0x2406d9dc56dffce7];
    /// The base point's `x` (RFC 8032 §5.1: the non-negative `x` with `y = 4/5`).
    pub const BASE_X: [u64; 4] = [0xc9562d608f25d51a, 0x692cc7609525a7b2, 0xc0a4e231fdd6dc5c, 0x216936d3cd6e53fe];
    /// The base point's `y = 4/5`.
    pub const BASE_Y: [u64; 4] = [0x6666666666666658, 0x6666666666666666, 0x6666666666666666, 0x6666666666666666];
    /// RFC 9496 §4.1 `SQRT_AD_MINUS_ONE = √(a·d − 1)` (`a = −1`), the RFC's (odd) root.
    pub const SQRT_AD_MINUS_ONE: [u64; 4] =
        [0x7e97f6a0497b2e1b, 0xaf9d8e0c1b7854bd, 0x0f3cfcc931f5d1fd, 0x376931bf2b8348ac];
    /// RFC 9496 §4.1 `INVSQRT_A_MINUS_D = 1/√(a − d)`, the non-negative root.
    pub const INVSQRT_A_MINUS_D: [u64; 4] =
        [0x99c8fdaa805d40ea, 0x9d2f16175a4172be, 0x16c27b91fe01d840, 0x786c8905cfaffca2];
    /// RFC 9496 §4.1 `ONE_MINUS_D_SQ = 1 − d²`.
    pub const ONE_MINUS_D_SQ: [u64; 4] =
        [0xe27c09c1945fc176, 0x2c81a138cd5e350f, 0x9994abddbe70dfe4, 0x029072a8b2b3e0d7];
    /// RFC 9496 §4.1 `D_MINUS_ONE_SQ = (d − 1)²`.
    pub const D_MINUS_ONE_SQ: [u64; 4] =
        [0x31ad5aaa44ed4d20, 0xd29e4a2cb01e1999, 0x4cdcd32f529b4eeb, 0x5968b37af66c2241];
    /// RFC 9380 §6.8.2 / Appendix D: `c1 = √−486664` with `sgn0(c1) = 0`, the factor of the
    /// rational map from curve25519 to edwards25519.
    pub const SQRT_MINUS_486664: [u64; 4] =
        [0xcc6e04aaff457e06, 0xc5a1d3d14b7d1a82, 0xd27b08dc03fc4f7e, 0x0f26edf460a006bb];
}

/// A field backend with the Edwards25519 constants and the base point's precomputed tables
/// (one set per backend and process).
pub trait EdwardsField: Fe25519 {
    /// The curve constant `d`.
    const D: Self;
    /// `2d`.
    const D2: Self;
    /// The base point's affine `x`.
    const BASE_X: Self;
    /// The base point's affine `y`.
    const BASE_Y: Self;
    /// RFC 9496 §4.1 `SQRT_AD_MINUS_ONE`.
    const SQRT_AD_MINUS_ONE: Self;
    /// RFC 9496 §4.1 `INVSQRT_A_MINUS_D`.
    const INVSQRT_A_MINUS_D: Self;
    /// RFC 9496 §4.1 `ONE_MINUS_D_SQ`.
    const ONE_MINUS_D_SQ: Self;
    /// RFC 9496 §4.1 `D_MINUS_ONE_SQ`.
    const D_MINUS_ONE_SQ: Self;
    /// RFC 9380 Appendix D's `√−486664` (`sgn0 = 0`).
    const SQRT_MINUS_486664: Self;

    /// Runs `f` on the base point's constant-time table (built once per process with `std`,
    /// on each call without).
    fn with_basepoint_table<R>(f: impl FnOnce(&BasepointTable<Self>) -> R) -> R;
    /// Runs `f` on the odd multiples `[1, 3, …, 127]·B` and `[1, 3, …, 127]·2^128·B` of the
    /// base point, for the variable-time multiplications of verification.
    fn with_basepoint_odd_multiples<R>(f: impl FnOnce(&[AffineCached<Self>], &[AffineCached<Self>]) -> R) -> R;

    /// `Σ [n_i]·P_i + [m_0]·B + [m_1]·2^128·B` for public values, from wNAF digits
    /// (`crate::curve::wnaf`: `n_i` of width 5, `m_0`, `m_1` of width 8; an empty slice is
    /// zero): the engine of the variable-time multiplications. The default is the serial
    /// interleaved wNAF; isochron's own field overrides it with the four-lane AVX2 formulas
    /// for more than two points in builds for CPUs with AVX-512 (chosen once per call).
    fn vartime_wnaf_combination(points: &[(&[i16], EdwardsPoint<Self>)], base: [&[i16]; 2]) -> EdwardsPoint<Self> {
        wnaf_combination_serial(points, base)
    }

    /// `Σ [k_i]·P_i` by Pippenger's bucket method for public values (equal lengths): serial by
    /// default, the four-lane AVX2 formulas on isochron's own field when the CPU has AVX2.
    fn vartime_pippenger(scalars: &[Scalar], points: &[EdwardsPoint<Self>]) -> EdwardsPoint<Self> {
        pippenger_serial(scalars, points)
    }

    /// `x ← x^((p − 5)/8)` for every element: one by one by default, eight at a time on the
    /// AVX2 lanes on isochron's own field when the CPU has AVX2 (the square roots of a batch
    /// of decompressions). Constant time in the values.
    fn pow_p58_batch(xs: &mut [Self]) {
        pow_p58_each(xs);
    }
}

/// Implements [`EdwardsField`] for a backend with a `const fn from_limbs`.
macro_rules! edwards_field {
    ($fe:ty $(, $vector:item)*) => {
        impl EdwardsField for $fe {
            $($vector)*

            const D: Self = <$fe>::from_limbs(consts::D);
            const D2: Self = <$fe>::from_limbs(consts::D2);
            const BASE_X: Self = <$fe>::from_limbs(consts::BASE_X);
            const BASE_Y: Self = <$fe>::from_limbs(consts::BASE_Y);
            const SQRT_AD_MINUS_ONE: Self = <$fe>::from_limbs(consts::SQRT_AD_MINUS_ONE);
            const INVSQRT_A_MINUS_D: Self = <$fe>::from_limbs(consts::INVSQRT_A_MINUS_D);
            const ONE_MINUS_D_SQ: Self = <$fe>::from_limbs(consts::ONE_MINUS_D_SQ);
            const D_MINUS_ONE_SQ: Self = <$fe>::from_limbs(consts::D_MINUS_ONE_SQ);
            const SQRT_MINUS_486664: Self = <$fe>::from_limbs(consts::SQRT_MINUS_486664);

            fn with_basepoint_table<R>(f: impl FnOnce(&BasepointTable<Self>) -> R) -> R {
                #[cfg(feature = "std")]
                {
                    static TABLE: std::sync::OnceLock<BasepointTable<$fe>> = std::sync::OnceLock::new();
                    f(TABLE.get_or_init(BasepointTable::new))
                }
                #[cfg(not(feature = "std"))]
                {
                    f(&BasepointTable::new())
                }
            }

            fn with_basepoint_odd_multiples<R>(f: impl FnOnce(&[AffineCached<Self>], &[AffineCached<Self>]) -> R) -> R {
                fn build() -> [Vec<AffineCached<$fe>>; 2] {
                    let b = EdwardsPoint::<$fe>::basepoint();
                    [b.odd_multiples_affine(BASE_WNAF_WIDTH), b.mul_by_pow2(128).odd_multiples_affine(BASE_WNAF_WIDTH)]
                }
                #[cfg(feature = "std")]
                {
                    static TABLES: std::sync::OnceLock<[Vec<AffineCached<$fe>>; 2]> = std::sync::OnceLock::new();
                    let [b, b128] = TABLES.get_or_init(build);
                    f(b, b128)
                }
                #[cfg(not(feature = "std"))]
                {
                    let [b, b128] = build();
                    f(&b, &b128)
                }
            }
        }
    };
}

edwards_field!(
    Fe,
    fn vartime_wnaf_combination(points: &[(&[i16], EdwardsPoint<Fe>)], base: [&[i16]; 2]) -> EdwardsPoint<Fe> {
        // The four-lane formulas keep about 40 vectors live. In a build for a CPU with AVX-512
        // (32 vector registers) they win from a few points on; with AVX2's 16 registers they
        // spill, and the serial code measured faster (a `znver3` build: verification 11%, the
        // 64-point MSM 10%). Verification's two points run serially in both builds (equal
        // there with AVX-512).
        #[cfg(target_arch = "x86_64")]
        if cfg!(target_feature = "avx512f") && points.len() > 2 && super::avx2::available() {
            // SAFETY: `available()` just confirmed AVX2.
            return unsafe { super::avx2::wnaf_combination(points, base) };
        }
        wnaf_combination_serial(points, base)
    },
    fn vartime_pippenger(scalars: &[Scalar], points: &[EdwardsPoint<Fe>]) -> EdwardsPoint<Fe> {
        #[cfg(target_arch = "x86_64")]
        if super::avx2::available() {
            // SAFETY: `available()` just confirmed AVX2.
            return unsafe { super::avx2::pippenger(scalars, points) };
        }
        pippenger_serial(scalars, points)
    },
    fn pow_p58_batch(xs: &mut [Fe]) {
        #[cfg(target_arch = "x86_64")]
        if super::avx2::available() {
            for chunk in xs.chunks_mut(8) {
                let mut lanes = [Fe::ONE; 8];
                lanes[..chunk.len()].copy_from_slice(chunk);
                // SAFETY: `available()` just confirmed AVX2.
                let powered = unsafe { super::avx2::pow_p58_x8(&lanes) };
                chunk.copy_from_slice(&powered[..chunk.len()]);
            }
            return;
        }
        pow_p58_each(xs);
    }
);
#[cfg(feature = "fiat")]
edwards_field!(super::field_fiat::FiatFe);

/// `x ← x^((p − 5)/8)` without vectors ([`EdwardsField::pow_p58_batch`]): two elements at a
/// time, each step of the chain on both (two independent dependency chains, which the CPU
/// overlaps; the chain alone is bound by the latency of a product), the last one alone.
fn pow_p58_each<F: Fe25519>(xs: &mut [F]) {
    let mut pairs = xs.chunks_exact_mut(2);
    for pair in &mut pairs {
        let v = (pair[0], pair[1]);
        let sq = |a: &(F, F)| (a.0.square(), a.1.square());
        let mul = |a: &(F, F), b: &(F, F)| (a.0 * b.0, a.1 * b.1);
        (pair[0], pair[1]) = super::field::pow_p58_with(&v, &sq, &mul);
    }
    for x in pairs.into_remainder() {
        *x = x.pow_p58();
    }
}

/// A decompression (RFC 8032 §5.1.3) split around its one exponentiation: `pow` holds
/// `u·v⁷` after [`Decompression::start`] and must hold `(u·v⁷)^((p−5)/8)` for
/// [`Decompression::finish`].
struct Decompression<F: EdwardsField> {
    sign: Choice,
    y: F,
    canonical_y: Choice,
    u: F,
    v: F,
    uv3: F,
    pow: F,
}

impl<F: EdwardsField> Decompression<F> {
    /// `y` (top bit cleared, whether canonical), the sign bit, `u = y² − 1`, `v = d·y² + 1` and
    /// the first half of `SQRT_RATIO_M1(u, v)`.
    fn start(bytes: &[u8; 32]) -> Self {
        let sign = Choice::from(bytes[31] >> 7);
        let mut y_bytes = *bytes;
        y_bytes[31] &= 0x7f;
        let (y, canonical_y) = F::from_bytes_checked(&y_bytes);
        let yy = y.square();
        let u = yy - F::ONE;
        let v = yy * F::D + F::ONE;
        let (uv3, uv7) = super::field::sqrt_ratio_m1_start(&u, &v);
        Decompression { sign, y, canonical_y, u, v, uv3, pow: uv7 }
    }

    /// The point (`Z = 1`), whether `y` was canonical, and whether the encoding is `x = 0` with
    /// the sign bit set; [`Error::NotOnCurve`] if no `x` exists.
    fn finish(&self) -> Result<(EdwardsPoint<F>, Choice, Choice), Error> {
        let (is_square, mut x) = super::field::sqrt_ratio_m1_finish(&self.u, &self.v, &self.uv3, &self.pow);
        if !bool::from(is_square) {
            return Err(Error::NotOnCurve);
        }
        let negative_zero = x.is_zero() & self.sign;
        // `sqrt_ratio_m1` returns the non-negative root; the sign bit selects −x.
        x = F::conditional_select(&x, &-x, self.sign);
        Ok((EdwardsPoint::from_affine(x, self.y), self.canonical_y, negative_zero))
    }
}

/// wNAF width of the base point in [`EdwardsPoint::vartime_double_scalar_mul_basepoint`]
/// (64 precomputed odd multiples).
pub(super) const BASE_WNAF_WIDTH: u32 = 8;
/// wNAF width of a variable point (8 odd multiples).
pub(super) const VAR_WNAF_WIDTH: u32 = 5;

/// A point of Edwards25519 in extended coordinates (module documentation). Equality is
/// equality of points (projective), not of representations.
#[derive(Clone, Copy, Debug)]
pub struct EdwardsPoint<F: EdwardsField = Fe> {
    x: F,
    y: F,
    z: F,
    t: F,
}

/// A point in projective coordinates `(X : Y : Z)` (no `T`), for doublings.
#[derive(Clone, Copy, Debug)]
struct Projective<F> {
    x: F,
    y: F,
    z: F,
}

/// The completed form `((X : Z), (Y : T))`: `x = X/Z`, `y = Y/T`. Each coordinate is a sum or
/// difference that only products take, so it stays loose ([`Fe25519::Loose`]).
#[derive(Clone, Copy)]
struct Completed<F: Fe25519> {
    x: F::Loose,
    y: F::Loose,
    z: F::Loose,
    t: F::Loose,
}

/// A point prepared as the second operand of an addition: `(Y + X, Y − X, Z, 2d·T)`.
#[derive(Clone, Copy, Debug)]
pub struct Cached<F> {
    y_plus_x: F,
    y_minus_x: F,
    z: F,
    t2d: F,
}

/// An affine point prepared as the second operand of an addition: `(y + x, y − x, 2d·xy)`.
#[derive(Clone, Copy, Debug)]
pub struct AffineCached<F> {
    y_plus_x: F,
    y_minus_x: F,
    xy2d: F,
}

impl<F: EdwardsField> Completed<F> {
    /// Extended coordinates `(XT : YZ : ZT : XY)` (4M).
    #[inline(always)]
    fn to_extended(self) -> EdwardsPoint<F> {
        let m = F::mul_loose;
        EdwardsPoint { x: m(&self.x, &self.t), y: m(&self.y, &self.z), z: m(&self.z, &self.t), t: m(&self.x, &self.y) }
    }

    /// Projective coordinates `(XT : YZ : ZT)` (3M).
    #[inline(always)]
    fn to_projective(self) -> Projective<F> {
        let m = F::mul_loose;
        Projective { x: m(&self.x, &self.t), y: m(&self.y, &self.z), z: m(&self.z, &self.t) }
    }
}

impl<F: EdwardsField> Projective<F> {
    /// `2·P` (HWCD §3.3, "dbl-2008-hwcd" with `a = −1`): 4S, before the caller's conversion.
    #[inline(always)]
    fn double(&self) -> Completed<F> {
        let xx = self.x.square();
        let yy = self.y.square();
        let zz2 = self.z.square().double();
        let xy2 = F::square_loose(&self.x.add_loose(&self.y));
        let yy_plus_xx = yy + xx;
        let yy_minus_xx = yy - xx;
        Completed {
            x: xy2.sub_loose(&yy_plus_xx),
            y: yy_plus_xx.loose(),
            z: yy_minus_xx.loose(),
            t: zz2.sub_loose(&yy_minus_xx),
        }
    }
}

impl<F: Field> Cached<F> {
    /// The cached form of the identity.
    fn identity() -> Self {
        Cached { y_plus_x: F::ONE, y_minus_x: F::ONE, z: F::ONE, t2d: F::ZERO }
    }
}

impl<F: Field> ConditionallySelectable for Cached<F> {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        Cached {
            y_plus_x: F::conditional_select(&a.y_plus_x, &b.y_plus_x, c),
            y_minus_x: F::conditional_select(&a.y_minus_x, &b.y_minus_x, c),
            z: F::conditional_select(&a.z, &b.z, c),
            t2d: F::conditional_select(&a.t2d, &b.t2d, c),
        }
    }
}

impl<F: Field> ConditionallyNegatable for Cached<F> {
    fn conditional_negate(&mut self, c: Choice) {
        F::conditional_swap(&mut self.y_plus_x, &mut self.y_minus_x, c);
        self.t2d.conditional_assign(&-self.t2d, c);
    }
}

impl<F: Field> ConditionallySelectable for AffineCached<F> {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        AffineCached {
            y_plus_x: F::conditional_select(&a.y_plus_x, &b.y_plus_x, c),
            y_minus_x: F::conditional_select(&a.y_minus_x, &b.y_minus_x, c),
            xy2d: F::conditional_select(&a.xy2d, &b.xy2d, c),
        }
    }
}

impl<F: Field> ConditionallyNegatable for AffineCached<F> {
    fn conditional_negate(&mut self, c: Choice) {
        F::conditional_swap(&mut self.y_plus_x, &mut self.y_minus_x, c);
        self.xy2d.conditional_assign(&-self.xy2d, c);
    }
}

impl<F: Field> Zeroize for Cached<F> {
    fn zeroize(&mut self) {
        self.y_plus_x.zeroize();
        self.y_minus_x.zeroize();
        self.z.zeroize();
        self.t2d.zeroize();
    }
}

impl<F: Field> AffineCached<F> {
    /// The affine cached form of the identity.
    fn identity() -> Self {
        AffineCached { y_plus_x: F::ONE, y_minus_x: F::ONE, xy2d: F::ZERO }
    }

    fn neg(&self) -> Self {
        AffineCached { y_plus_x: self.y_minus_x, y_minus_x: self.y_plus_x, xy2d: -self.xy2d }
    }
}

impl<F: EdwardsField> Cached<F> {
    fn neg(&self) -> Self {
        Cached { y_plus_x: self.y_minus_x, y_minus_x: self.y_plus_x, z: self.z, t2d: -self.t2d }
    }
}

/// Constant-time selection of `[x]·P` from `table = [P, 2P, …, 8P]` for `x ∈ [−8, 8]`: every
/// entry is read, the sign applied by a conditional negation.
fn select_signed<T: ConditionallySelectable + ConditionallyNegatable>(table: &[T; 8], identity: T, x: i8) -> T {
    let neg_mask = (x >> 7) as u8; // 0xff for negative x
    let abs = ((x as u8) ^ neg_mask).wrapping_sub(neg_mask);
    let mut r = identity;
    for (j, e) in table.iter().enumerate() {
        r.conditional_assign(e, abs.ct_eq(&(j as u8 + 1)));
    }
    r.conditional_negate(Choice::from(neg_mask & 1));
    r
}

impl<F: EdwardsField> EdwardsPoint<F> {
    /// The neutral element `(0, 1)`.
    pub const IDENTITY: Self = EdwardsPoint { x: F::ZERO, y: F::ONE, z: F::ONE, t: F::ZERO };

    /// The base point `B` of RFC 8032 §5.1 (`y = 4/5`, `x` even), of order `ℓ`.
    pub fn basepoint() -> Self {
        Self::from_affine(F::BASE_X, F::BASE_Y)
    }

    /// The point with affine coordinates `(x, y)` (not checked to be on the curve).
    fn from_affine(x: F, y: F) -> Self {
        EdwardsPoint { x, y, z: F::ONE, t: x * y }
    }

    /// The point with affine coordinates encoded canonically in `x`, `y` (as
    /// [`Fe25519::to_bytes`] writes them; not checked to be on the curve).
    pub(crate) fn from_affine_bytes(x: &[u8; 32], y: &[u8; 32]) -> Self {
        Self::from_affine(F::from_bytes(x), F::from_bytes(y))
    }

    /// The affine coordinates `(x, y)` (one constant-time inversion).
    pub fn to_affine(&self) -> (F, F) {
        let zi = self.z.invert().unwrap_or(F::ZERO);
        (self.x * zi, self.y * zi)
    }

    fn to_projective(self) -> Projective<F> {
        Projective { x: self.x, y: self.y, z: self.z }
    }

    /// The projective `(Y, Z)` (for the map to the Montgomery form).
    pub(crate) fn yz(&self) -> (F, F) {
        (self.y, self.z)
    }

    /// The cached form of `self` for additions.
    pub fn to_cached(&self) -> Cached<F> {
        Cached { y_plus_x: self.y + self.x, y_minus_x: self.y - self.x, z: self.z, t2d: self.t * F::D2 }
    }

    /// `self + q` (HWCD §3.2, "add-2008-hwcd-3" with `k = 2d`) before the final products.
    #[inline(always)]
    fn add_cached(&self, q: &Cached<F>) -> Completed<F> {
        let a = F::mul_loose(&self.y.sub_loose(&self.x), &q.y_minus_x.loose());
        let b = F::mul_loose(&self.y.add_loose(&self.x), &q.y_plus_x.loose());
        let c = self.t * q.t2d;
        let d = (self.z * q.z).double();
        Completed { x: b.sub_loose(&a), y: b.add_loose(&a), z: d.add_loose(&c), t: d.sub_loose(&c) }
    }

    /// `self + q` for an affine cached `q` (7M in all).
    #[inline(always)]
    fn add_affine_cached(&self, q: &AffineCached<F>) -> Completed<F> {
        let a = F::mul_loose(&self.y.sub_loose(&self.x), &q.y_minus_x.loose());
        let b = F::mul_loose(&self.y.add_loose(&self.x), &q.y_plus_x.loose());
        let c = self.t * q.xy2d;
        let d = self.z.double();
        Completed { x: b.sub_loose(&a), y: b.add_loose(&a), z: d.add_loose(&c), t: d.sub_loose(&c) }
    }

    /// `2·self`.
    pub fn double(&self) -> Self {
        self.to_projective().double().to_extended()
    }

    /// `2^k·self` (`k ≥ 1`): the intermediate doublings skip `T`.
    pub fn mul_by_pow2(&self, k: u32) -> Self {
        debug_assert!(k > 0);
        let mut p = self.to_projective();
        for _ in 1..k {
            p = p.double().to_projective();
        }
        p.double().to_extended()
    }

    /// `[8]·self`, the cofactor multiple.
    pub fn mul_by_cofactor(&self) -> Self {
        self.mul_by_pow2(3)
    }

    /// Whether `self` is the identity (constant time).
    pub fn is_identity(&self) -> Choice {
        self.ct_eq(&Self::IDENTITY)
    }

    /// Whether `self` has small order (`[8]·self` is the identity: one of the 8 torsion points).
    /// Constant time.
    pub fn is_small_order(&self) -> Choice {
        self.mul_by_cofactor().is_identity()
    }

    /// Whether `self` is in the prime-order subgroup (`[ℓ]·self` is the identity). Variable
    /// time: public points only.
    pub fn is_torsion_free_vartime(&self) -> bool {
        let l = Scalar::MODULUS;
        bool::from(self.mul_words_vartime(&l).is_identity())
    }

    /// The canonical 32-byte encoding (RFC 8032 §5.1.2): `y` little-endian with the sign of
    /// `x` in the top bit. Constant time.
    pub fn compress(&self) -> [u8; 32] {
        let (x, y) = self.to_affine();
        Self::encode_affine(&x, &y)
    }

    /// [`EdwardsPoint::compress`] for a public point, with a variable-time inversion.
    pub fn compress_vartime(&self) -> [u8; 32] {
        let zi = self.z.inverse_vartime().unwrap_or(F::ZERO);
        Self::encode_affine(&(self.x * zi), &(self.y * zi))
    }

    /// RFC 8032 §5.1.2: `y` little-endian with the sign of `x` in the top bit.
    fn encode_affine(x: &F, y: &F) -> [u8; 32] {
        let mut out = y.to_bytes();
        out[31] |= x.is_negative().unwrap_u8() << 7;
        out
    }

    /// Decodes `bytes` (RFC 8032 §5.1.3): recovers `x` from `y` and the sign bit. Accepts only
    /// canonical encodings: `y < p`, and not `x = 0` with the sign bit set. Points of every
    /// order are accepted (small-order and mixed-order points included). Constant time in
    /// `bytes` up to the returned verdict.
    pub fn decompress(bytes: &[u8; 32]) -> Result<Self, Error> {
        let (p, canonical_y, negative_zero) = Self::decompress_parts(bytes)?;
        if !bool::from(canonical_y) || bool::from(negative_zero) {
            return Err(Error::NonCanonical);
        }
        Ok(p)
    }

    /// Decodes `bytes` as ZIP-215 does (and curve25519-dalek's `decompress`): like
    /// [`EdwardsPoint::decompress`] but also accepting a non-canonical `y` (`p ≤ y < 2^255`,
    /// reduced modulo `p`) and `x = 0` with the sign bit set.
    pub fn decompress_zip215(bytes: &[u8; 32]) -> Result<Self, Error> {
        Self::decompress_parts(bytes).map(|(p, _, _)| p)
    }

    /// [`EdwardsPoint::decompress_zip215`] with the affine coordinates (`Z = 1`) and whether
    /// [`EdwardsPoint::decompress`] would accept the encoding too: one square root for both.
    pub(crate) fn decompress_affine_checked(bytes: &[u8; 32]) -> Result<(F, F, bool), Error> {
        let (p, canonical_y, negative_zero) = Self::decompress_parts(bytes)?;
        Ok((p.x, p.y, bool::from(canonical_y & !negative_zero)))
    }

    /// The point of `bytes` (with `Z = 1`), whether `y` was canonical, and whether the encoding
    /// is `x = 0` with the sign bit set; [`Error::NotOnCurve`] if no `x` exists.
    fn decompress_parts(bytes: &[u8; 32]) -> Result<(Self, Choice, Choice), Error> {
        let mut d = Decompression::<F>::start(bytes);
        d.pow = d.pow.pow_p58();
        d.finish()
    }

    /// [`EdwardsPoint::decompress_zip215`] of many encodings, their square roots' exponentiations
    /// batched ([`EdwardsField::pow_p58_batch`]: eight at a time on AVX2): the points, or the
    /// first encoding's error.
    pub(crate) fn decompress_zip215_batch(encodings: &[[u8; 32]]) -> Result<Vec<Self>, Error> {
        let mut parts: Vec<Decompression<F>> = encodings.iter().map(Decompression::start).collect();
        let mut pows: Vec<F> = parts.iter().map(|d| d.pow).collect();
        F::pow_p58_batch(&mut pows);
        parts
            .iter_mut()
            .zip(pows)
            .map(|(d, pow)| {
                d.pow = pow;
                d.finish().map(|(p, _, _)| p)
            })
            .collect()
    }

    /// `[k]·self` for a secret scalar (constant time): signed radix-16 digits, a table of
    /// `[1..8]·self` read in full for every digit, 252 doublings and 64 additions.
    pub fn mul_ct(&self, k: &Scalar) -> Self {
        let mut kb = scalar::to_bytes(k);
        let mut e = scalar::signed_radix16(&kb);
        let mut table = [self.to_cached(); 8];
        for i in 1..8 {
            table[i] = self.add_cached(&table[i - 1]).to_extended().to_cached();
        }
        // Between additions the point stays projective (the doublings do not need T); each
        // addition's input is extended (from the fourth doubling), its output projective except
        // for the last.
        let first = Self::IDENTITY.add_cached(&select_signed(&table, Cached::identity(), e[63]));
        let mut p = first.to_projective();
        let mut q = Self::IDENTITY;
        for i in (0..63).rev() {
            for _ in 0..3 {
                p = p.double().to_projective();
            }
            let sum = p.double().to_extended().add_cached(&select_signed(&table, Cached::identity(), e[i]));
            if i == 0 {
                q = sum.to_extended();
            } else {
                p = sum.to_projective();
            }
        }
        kb.zeroize();
        e.zeroize();
        table.iter_mut().for_each(Zeroize::zeroize);
        q
    }

    /// `[k]·B` for the base point and a secret scalar (constant time), from the precomputed
    /// table: 64 affine additions and 4 doublings.
    pub fn mul_base(k: &Scalar) -> Self {
        F::with_basepoint_table(|t| t.mul(k))
    }

    /// `[k]·self` for public `self` and `k` (variable time: wNAF).
    pub fn mul_vartime(&self, k: &Scalar) -> Self {
        self.mul_words_vartime(&k.to_words())
    }

    /// `[k]·self` for a public integer `k` (little-endian words), wNAF of width 5.
    fn mul_words_vartime(&self, k: &[u64]) -> Self {
        let naf = crate::curve::wnaf(k, VAR_WNAF_WIDTH);
        F::vartime_wnaf_combination(&[(&naf, *self)], [&[], &[]])
    }

    /// Extended coordinates of a projective point: `(XZ : YZ : Z² : XY)` (4M).
    fn from_projective(p: Projective<F>) -> Self {
        EdwardsPoint { x: p.x * p.z, y: p.y * p.z, z: p.z.square(), t: p.x * p.y }
    }

    /// The odd multiples `[1, 3, …, 2^(w−1) − 1]·self` in cached form.
    fn odd_multiples(&self, w: u32) -> Vec<Cached<F>> {
        let n = 1usize << (w - 2);
        let twice = self.double().to_cached();
        let mut out = Vec::with_capacity(n);
        let mut p = *self;
        out.push(p.to_cached());
        for _ in 1..n {
            p = p.add_cached(&twice).to_extended();
            out.push(p.to_cached());
        }
        out
    }

    /// The odd multiples `[1, 3, …, 2^(w−1) − 1]·self` in affine cached form (one batch
    /// inversion; public points).
    fn odd_multiples_affine(&self, w: u32) -> Vec<AffineCached<F>> {
        let n = 1usize << (w - 2);
        let twice = self.double().to_cached();
        let mut pts = Vec::with_capacity(n);
        let mut p = *self;
        pts.push(p);
        for _ in 1..n {
            p = p.add_cached(&twice).to_extended();
            pts.push(p);
        }
        Self::batch_to_affine_cached(&pts)
    }

    /// Affine cached forms of public points, with one batch inversion.
    fn batch_to_affine_cached(pts: &[Self]) -> Vec<AffineCached<F>> {
        Self::batch_to_affine(pts).into_iter().map(|(_, c)| c).collect()
    }

    /// Public points in affine form, with one batch inversion: each as extended coordinates
    /// with `Z = 1` and in affine cached form.
    fn batch_to_affine(pts: &[Self]) -> Vec<(Self, AffineCached<F>)> {
        let mut zs: Vec<F> = pts.iter().map(|p| p.z).collect();
        F::batch_inverse_vartime(&mut zs);
        pts.iter()
            .zip(zs)
            .map(|(p, zi)| {
                let (x, y) = (p.x * zi, p.y * zi);
                let xy = x * y;
                let cached = AffineCached { y_plus_x: y + x, y_minus_x: y - x, xy2d: xy * F::D2 };
                (EdwardsPoint { x, y, z: F::ONE, t: xy }, cached)
            })
            .collect()
    }

    /// `[a]·self + [b]·B` for public scalars (variable time): interleaved wNAF, width 5 for
    /// `self` and 8 for the base point's precomputed multiples.
    pub fn vartime_double_scalar_mul_basepoint(&self, a: &Scalar, b: &Scalar) -> Self {
        let na = crate::curve::wnaf(&a.to_words(), VAR_WNAF_WIDTH);
        let nb = crate::curve::wnaf(&b.to_words(), BASE_WNAF_WIDTH);
        F::vartime_wnaf_combination(&[(&na, *self)], [&nb, &[]])
    }

    /// `[d·s mod ℓ]·B − [c]·a − [d]·r` for public values, with `c ≡ d·k (mod 8ℓ)`, `d` odd,
    /// both of at most `half_size::MAX_BITS` bits (`half_size`: Pornin's eprint 2020/454): `[d]`
    /// times `[s]B − [k]a − r`, computed with `d·s` split at bit 128 over the precomputed
    /// multiples of `B` and `2^128·B`, so that the loop runs about 130 doublings instead of
    /// 253. `None` when no short pair exists (rare): the caller then uses the full-size scalars.
    pub(crate) fn vartime_half_size_combination(a: &Self, r: &Self, s: &Scalar, k: &Scalar) -> Option<Self> {
        let (c, d) = half_size::half_size_vartime(&k.to_canonical_limbs())?;
        // d < 2^131 < ℓ: a canonical scalar.
        let ds = *s * Scalar::from_canonical_limbs([d[0], d[1], d[2], 0]);
        let w = ds.to_words();
        let n_lo = crate::curve::wnaf(&w[..2], BASE_WNAF_WIDTH);
        let n_hi = crate::curve::wnaf(&w[2..], BASE_WNAF_WIDTH);
        let n_c = crate::curve::wnaf(&c.magnitude, VAR_WNAF_WIDTH);
        let n_d = crate::curve::wnaf(&d, VAR_WNAF_WIDTH);
        // −[c]a = [|c|](∓a); −[d]r = [d](−r).
        let a_signed = if c.negative { *a } else { -*a };
        Some(F::vartime_wnaf_combination(&[(&n_c, a_signed), (&n_d, -*r)], [&n_lo, &n_hi]))
    }

    /// `Σ [k_i]·P_i` for public scalars and points (variable time): Straus with wNAF for up to
    /// [`PIPPENGER_THRESHOLD`] points, Pippenger's bucket method above.
    pub fn multiscalar_mul_vartime(scalars: &[Scalar], points: &[Self]) -> Result<Self, Error> {
        if scalars.len() != points.len() {
            return Err(Error::Count { expected: points.len(), got: scalars.len() });
        }
        Ok(if points.len() <= PIPPENGER_THRESHOLD {
            straus_vartime(scalars, points)
        } else {
            F::vartime_pippenger(scalars, points)
        })
    }
}

/// `Σ [k_i]·P_i` from wNAF digits and odd-multiple tables (`table[j] = [2j + 1]·P`), in
/// cached form for `cached` and affine cached form for `affine`: one doubling per digit
/// position (projective; extended only before additions), zero digits skipped, leading zeros
/// not doubled. Variable time.
fn interleaved_wnaf<F: EdwardsField>(
    cached: &[(&[i16], &[Cached<F>])],
    affine: &[(&[i16], &[AffineCached<F>])],
) -> EdwardsPoint<F> {
    let len = cached.iter().map(|(n, _)| n.len()).chain(affine.iter().map(|(n, _)| n.len())).max().unwrap_or(0);
    let digit = |n: &[i16], i: usize| n.get(i).copied().unwrap_or(0);
    let mut q: Option<Projective<F>> = None;
    for i in (0..len).rev() {
        let any = cached.iter().any(|(n, _)| digit(n, i) != 0) || affine.iter().any(|(n, _)| digit(n, i) != 0);
        let Some(p) = q else {
            if any {
                q = Some(add_digits(EdwardsPoint::IDENTITY, cached, affine, i).to_projective());
            }
            continue;
        };
        let c = p.double();
        q = Some(if any { add_digits(c.to_extended(), cached, affine, i).to_projective() } else { c.to_projective() });
    }
    q.map_or(EdwardsPoint::IDENTITY, EdwardsPoint::from_projective)
}

/// `p` plus the digit at position `i` of every table (the last addition left completed).
#[inline(always)]
fn add_digits<F: EdwardsField>(
    p: EdwardsPoint<F>,
    cached: &[(&[i16], &[Cached<F>])],
    affine: &[(&[i16], &[AffineCached<F>])],
    i: usize,
) -> Completed<F> {
    let mut acc: Option<Completed<F>> = None;
    let mut ext = p;
    for (n, t) in cached {
        let d = n.get(i).copied().unwrap_or(0);
        if d != 0 {
            if let Some(c) = acc {
                ext = c.to_extended();
            }
            let e = &t[(d.unsigned_abs() / 2) as usize];
            acc = Some(if d > 0 { ext.add_cached(e) } else { ext.add_cached(&e.neg()) });
        }
    }
    for (n, t) in affine {
        let d = n.get(i).copied().unwrap_or(0);
        if d != 0 {
            if let Some(c) = acc {
                ext = c.to_extended();
            }
            let e = &t[(d.unsigned_abs() / 2) as usize];
            acc = Some(if d > 0 { ext.add_affine_cached(e) } else { ext.add_affine_cached(&e.neg()) });
        }
    }
    acc.expect("a non-zero digit")
}

/// Above this many points [`EdwardsPoint::multiscalar_mul_vartime`] switches from Straus to
/// Pippenger (the crossover measured by the ignored test `msm_crossover` lies between 128 and
/// 256 points).
pub const PIPPENGER_THRESHOLD: usize = 190;

fn straus_vartime<F: EdwardsField>(scalars: &[Scalar], points: &[EdwardsPoint<F>]) -> EdwardsPoint<F> {
    let nafs: Vec<Vec<i16>> = scalars.iter().map(|k| crate::curve::wnaf(&k.to_words(), VAR_WNAF_WIDTH)).collect();
    let pairs: Vec<(&[i16], EdwardsPoint<F>)> = nafs.iter().zip(points).map(|(n, p)| (n.as_slice(), *p)).collect();
    F::vartime_wnaf_combination(&pairs, [&[], &[]])
}

/// [`EdwardsField::vartime_wnaf_combination`] in serial arithmetic: the points' odd multiples
/// in cached form, the base point's precomputed ones, [`interleaved_wnaf`].
pub(super) fn wnaf_combination_serial<F: EdwardsField>(
    points: &[(&[i16], EdwardsPoint<F>)],
    base: [&[i16]; 2],
) -> EdwardsPoint<F> {
    let tables: Vec<Vec<Cached<F>>> = points.iter().map(|(_, p)| p.odd_multiples(VAR_WNAF_WIDTH)).collect();
    let pairs: Vec<(&[i16], &[Cached<F>])> = points.iter().zip(&tables).map(|((n, _), t)| (*n, t.as_slice())).collect();
    if base.iter().all(|n| n.is_empty()) {
        return interleaved_wnaf(&pairs, &[]);
    }
    F::with_basepoint_odd_multiples(|t_b, t_b128| interleaved_wnaf(&pairs, &[(base[0], t_b), (base[1], t_b128)]))
}

/// Pippenger's bucket method with signed digits of `c` bits: per window, each point is added to
/// (or subtracted from) the bucket of its digit's magnitude, and the buckets are summed by the
/// running-sum trick. The points are made affine first (one batch inversion), so that a bucket
/// addition costs 7M instead of 8M; a bucket's first point is copied in, not added, and empty
/// buckets are skipped in the sums.
fn pippenger_serial<F: EdwardsField>(scalars: &[Scalar], points: &[EdwardsPoint<F>]) -> EdwardsPoint<F> {
    let n = points.len();
    let (c, windows, digits) = pippenger_digits(scalars);
    let affine = EdwardsPoint::batch_to_affine(points);
    let nb = 1usize << (c - 1);
    let mut total = EdwardsPoint::<F>::IDENTITY;
    let mut buckets = alloc::vec![EdwardsPoint::<F>::IDENTITY; nb];
    let mut filled = alloc::vec![false; nb];
    for i in (0..windows).rev() {
        total = total.mul_by_pow2(c as u32);
        filled.fill(false);
        for ((p, q), &d) in affine.iter().zip(&digits[i * n..(i + 1) * n]) {
            if d == 0 {
                continue;
            }
            let k = (d.unsigned_abs() - 1) as usize;
            let b = &mut buckets[k];
            *b = match (filled[k], d > 0) {
                (false, true) => *p,
                (false, false) => -*p,
                (true, true) => b.add_affine_cached(q).to_extended(),
                (true, false) => b.add_affine_cached(&q.neg()).to_extended(),
            };
            filled[k] = true;
        }
        let mut running: Option<EdwardsPoint<F>> = None;
        let mut sum: Option<EdwardsPoint<F>> = None;
        for (b, &f) in buckets.iter().zip(&filled).rev() {
            if f {
                running = Some(running.map_or(*b, |r| r + b));
            }
            if let Some(r) = &running {
                sum = Some(sum.map_or(*r, |s| s + r));
            }
        }
        if let Some(s) = sum {
            total = total + s;
        }
    }
    total
}

/// Pippenger's window size `c` for `scalars.len()` points, the number of windows, and the
/// signed digits in `[−2^(c−1), 2^(c−1)]`, window-major (`digits[i·n + j]` is digit `i` of
/// scalar `j`).
pub(crate) fn pippenger_digits(scalars: &[Scalar]) -> (usize, usize, Vec<i32>) {
    let n = scalars.len();
    let c: usize = match n {
        0..=500 => 6,
        501..=800 => 7,
        801..=4000 => 8,
        4001..=20000 => 10,
        _ => 12,
    };
    let windows = 256usize.div_ceil(c);
    // Signed digits in [−2^(c−1), 2^(c−1)] per window, windows × n.
    let mut digits = alloc::vec![0i32; windows * n];
    for (j, k) in scalars.iter().enumerate() {
        let w = k.to_words();
        let mut carry = 0i64;
        for i in 0..windows {
            let bit = i * c;
            let (limb, off) = (bit / 64, bit % 64);
            let mut v = if limb < 4 { w[limb] >> off } else { 0 };
            if off + c > 64 && limb + 1 < 4 {
                v |= w[limb + 1] << (64 - off);
            }
            let v = (v & ((1u64 << c) - 1)) as i64 + carry;
            carry = (v + (1 << (c - 1))) >> c;
            digits[i * n + j] = (v - (carry << c)) as i32;
        }
    }
    (c, windows, digits)
}

/// The base point's constant-time table: row `i < 32` holds `[1..8]·16^(2i)·B` in affine cached
/// form (256 entries, 24 KiB).
#[derive(Clone, Debug)]
pub struct BasepointTable<F> {
    rows: Vec<[AffineCached<F>; 8]>,
}

impl<F: EdwardsField> BasepointTable<F> {
    /// Builds the table of the base point (public data; one batch inversion).
    pub fn new() -> Self {
        let mut pts = Vec::with_capacity(256);
        let mut b = EdwardsPoint::<F>::basepoint();
        for _ in 0..32 {
            let mut m = b;
            for _ in 0..8 {
                pts.push(m);
                m = m + b;
            }
            b = b.mul_by_pow2(8);
        }
        let aff = EdwardsPoint::batch_to_affine_cached(&pts);
        BasepointTable { rows: aff.chunks_exact(8).map(|c| core::array::from_fn(|j| c[j])).collect() }
    }

    /// `[k]·B`, constant time: `Σ_i e_i·16^i·B` as `16·Σ_odd + Σ_even`, each term a full-row
    /// scan and a conditional negation.
    pub fn mul(&self, k: &Scalar) -> EdwardsPoint<F> {
        let mut kb = scalar::to_bytes(k);
        let mut e = scalar::signed_radix16(&kb);
        let mut q = EdwardsPoint::<F>::IDENTITY;
        for i in (1..64).step_by(2) {
            q = q.add_affine_cached(&select_signed(&self.rows[i / 2], AffineCached::identity(), e[i])).to_extended();
        }
        q = q.mul_by_pow2(4);
        for i in (0..64).step_by(2) {
            q = q.add_affine_cached(&select_signed(&self.rows[i / 2], AffineCached::identity(), e[i])).to_extended();
        }
        kb.zeroize();
        e.zeroize();
        q
    }
}

impl<F: EdwardsField> Default for BasepointTable<F> {
    fn default() -> Self {
        Self::new()
    }
}

impl<F: EdwardsField> Default for EdwardsPoint<F> {
    fn default() -> Self {
        Self::IDENTITY
    }
}

impl<F: EdwardsField> ConstantTimeEq for EdwardsPoint<F> {
    fn ct_eq(&self, o: &Self) -> Choice {
        (self.x * o.z).ct_eq(&(o.x * self.z)) & (self.y * o.z).ct_eq(&(o.y * self.z))
    }
}

impl<F: EdwardsField> PartialEq for EdwardsPoint<F> {
    fn eq(&self, o: &Self) -> bool {
        self.ct_eq(o).into()
    }
}

impl<F: EdwardsField> Eq for EdwardsPoint<F> {}

impl<F: EdwardsField> ConditionallySelectable for EdwardsPoint<F> {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        EdwardsPoint {
            x: F::conditional_select(&a.x, &b.x, c),
            y: F::conditional_select(&a.y, &b.y, c),
            z: F::conditional_select(&a.z, &b.z, c),
            t: F::conditional_select(&a.t, &b.t, c),
        }
    }
}

impl<F: EdwardsField> Zeroize for EdwardsPoint<F> {
    fn zeroize(&mut self) {
        self.x.zeroize();
        self.y.zeroize();
        self.z.zeroize();
        self.t.zeroize();
    }
}

impl<F: EdwardsField> Add for EdwardsPoint<F> {
    type Output = EdwardsPoint<F>;
    fn add(self, q: EdwardsPoint<F>) -> EdwardsPoint<F> {
        self.add_cached(&q.to_cached()).to_extended()
    }
}

impl<F: EdwardsField> Add<&EdwardsPoint<F>> for EdwardsPoint<F> {
    type Output = EdwardsPoint<F>;
    fn add(self, q: &EdwardsPoint<F>) -> EdwardsPoint<F> {
        self + *q
    }
}

impl<F: EdwardsField> Neg for EdwardsPoint<F> {
    type Output = EdwardsPoint<F>;
    fn neg(self) -> EdwardsPoint<F> {
        EdwardsPoint { x: -self.x, y: self.y, z: self.z, t: -self.t }
    }
}

impl<F: EdwardsField> Sub for EdwardsPoint<F> {
    type Output = EdwardsPoint<F>;
    fn sub(self, q: EdwardsPoint<F>) -> EdwardsPoint<F> {
        self.add_cached(&q.to_cached().neg()).to_extended()
    }
}

impl<F: EdwardsField> Sub<&EdwardsPoint<F>> for EdwardsPoint<F> {
    type Output = EdwardsPoint<F>;
    fn sub(self, q: &EdwardsPoint<F>) -> EdwardsPoint<F> {
        self - *q
    }
}

/// `[k]·P`, constant time ([`EdwardsPoint::mul_ct`]).
impl<F: EdwardsField> Mul<&Scalar> for &EdwardsPoint<F> {
    type Output = EdwardsPoint<F>;
    fn mul(self, k: &Scalar) -> EdwardsPoint<F> {
        self.mul_ct(k)
    }
}

/// `[k]·P`, constant time ([`EdwardsPoint::mul_ct`]).
impl<F: EdwardsField> Mul<Scalar> for EdwardsPoint<F> {
    type Output = EdwardsPoint<F>;
    fn mul(self, k: Scalar) -> EdwardsPoint<F> {
        self.mul_ct(&k)
    }
}

/// Raw access to the extended coordinates for the other Curve25519 groups (RFC 9496 §4.3's
/// Ristretto encoding works on `(X : Y : Z : T)` directly; RFC 9380 §6.8.2's map builds them).
impl<F: EdwardsField> EdwardsPoint<F> {
    /// The point `(X : Y : Z : T)`; the caller guarantees it is on the curve with `XY = ZT`.
    pub(crate) fn from_extended(x: F, y: F, z: F, t: F) -> Self {
        EdwardsPoint { x, y, z, t }
    }

    /// The extended coordinates `(X, Y, Z, T)`.
    pub(crate) fn coords(&self) -> (F, F, F, F) {
        (self.x, self.y, self.z, self.t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The batched decompression (four square roots at a time on AVX2) against one by one, on
    /// both field backends: every batch length up to 9 (whole and partial lanes), small-order
    /// points, a non-canonical `y`, and an encoding with no point, which fails the batch.
    fn batch_decompression_matches<F: EdwardsField>() {
        use rand::{RngCore, SeedableRng};
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0xdec0);
        let mut encodings: Vec<[u8; 32]> = (0..15)
            .map(|_| {
                let mut b = [0u8; 64];
                rng.fill_bytes(&mut b);
                EdwardsPoint::<F>::mul_base(&scalar::from_bytes_mod_order_wide(&b)).compress()
            })
            .collect();
        // The identity, the point of order 2 (y = −1) and a non-canonical y = p + 1 (ZIP 215).
        let mut minus_one = [0xffu8; 32];
        minus_one[0] = 0xec;
        minus_one[31] = 0x7f;
        let mut p_plus_one = minus_one;
        p_plus_one[0] = 0xee;
        encodings.extend([EdwardsPoint::<F>::IDENTITY.compress(), minus_one, p_plus_one]);
        for n in 0..=encodings.len() {
            let one_by_one: Vec<_> =
                encodings[..n].iter().map(|e| EdwardsPoint::<F>::decompress_zip215(e).expect("a point")).collect();
            assert_eq!(EdwardsPoint::<F>::decompress_zip215_batch(&encodings[..n]).expect("points"), one_by_one);
        }
        // y = 2 has no x: the batch fails wherever it is.
        let mut bad = encodings.clone();
        let mut two = [0u8; 32];
        two[0] = 2;
        assert!(EdwardsPoint::<F>::decompress_zip215(&two).is_err());
        bad.insert(5, two);
        assert!(EdwardsPoint::<F>::decompress_zip215_batch(&bad).is_err());
    }

    #[test]
    fn batch_decompression() {
        batch_decompression_matches::<Fe>();
        #[cfg(feature = "fiat")]
        batch_decompression_matches::<super::super::field_fiat::FiatFe>();
    }

    /// Where Pippenger overtakes Straus ([`PIPPENGER_THRESHOLD`]): both timed on the same
    /// inputs (`cargo test --release --lib msm_crossover -- --ignored --nocapture`).
    #[test]
    #[ignore = "a timing report, not a test"]
    fn msm_crossover() {
        use rand::RngCore;
        let mut rng = rand::thread_rng();
        for n in [32usize, 64, 128, 190, 256, 384, 512] {
            let scalars: Vec<Scalar> = (0..n)
                .map(|_| {
                    let mut b = [0u8; 64];
                    rng.fill_bytes(&mut b);
                    scalar::from_bytes_mod_order_wide(&b)
                })
                .collect();
            let points: Vec<EdwardsPoint> =
                scalars.iter().map(|s| EdwardsPoint::mul_base(&(*s + Scalar::ONE))).collect();
            let time = |f: &dyn Fn() -> EdwardsPoint| {
                let t = std::time::Instant::now();
                let mut r = EdwardsPoint::IDENTITY;
                for _ in 0..5 {
                    r = f();
                }
                (t.elapsed().as_secs_f64() * 1e6 / 5.0, r)
            };
            let (ts, a) = time(&|| straus_vartime(&scalars, &points));
            let (tp, b) = time(&|| <Fe as EdwardsField>::vartime_pippenger(&scalars, &points));
            assert_eq!(a, b);
            std::println!("n = {n}: Straus {ts:.0} µs, Pippenger {tp:.0} µs");
        }
    }
}
