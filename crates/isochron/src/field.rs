//! Finite fields: prime fields [`Fp`] in Montgomery form and the extension towers
//! [`Fp2`](fp2::Fp2), [`Fp6`](fp6::Fp6), [`Fp12`](fp12::Fp12).
//!
//! Literature: Montgomery, "Modular multiplication without trial division" (1985); Bernstein–
//! Yang, "Fast constant-time gcd computation and modular inversion" (eprint 2019/266); Pornin,
//! "Optimized binary GCD for modular inversion" (eprint 2020/972); Scott, "Implementing
//! cryptographic pairings" and Aranha et al., "Faster explicit formulas for computing pairings
//! over ordinary curves" (eprint 2010/526, lazy reduction); Beuchat et al. (eprint 2010/354,
//! tower arithmetic); Adj–Rodríguez-Henríquez (eprint 2012/685, square roots in Fp2).

use core::fmt::Debug;
use core::iter::{Product, Sum};
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};
use rand_core::RngCore;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};
use zeroize::Zeroize;

pub(crate) mod crandall;
#[cfg(feature = "fiat")]
pub(crate) mod dettman;
#[cfg(feature = "fiat")]
pub mod fiat;
pub mod fp;
pub mod fp12;
#[cfg(target_arch = "x86_64")]
pub(crate) mod fp12_lanes;
pub mod fp2;
#[cfg(target_arch = "x86_64")]
pub(crate) mod fp2_lanes;
pub mod fp6;
pub mod inversion;
pub mod sqrt;
mod wide;

pub use fp::{FieldParams, Fp, FpBytes};

use crate::error::Error;

/// Operations every field of isochron (prime or extension) provides. Everything is constant
/// time unless its name ends in `_vartime`.
pub trait Field:
    Sized
    + Copy
    + Debug
    + Default
    + Eq
    + Send
    + Sync
    + 'static
    + ConditionallySelectable
    + ConstantTimeEq
    + Zeroize
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Neg<Output = Self>
    + AddAssign
    + SubAssign
    + MulAssign
    + for<'a> Add<&'a Self, Output = Self>
    + for<'a> Sub<&'a Self, Output = Self>
    + for<'a> Mul<&'a Self, Output = Self>
    + for<'a> AddAssign<&'a Self>
    + for<'a> SubAssign<&'a Self>
    + for<'a> MulAssign<&'a Self>
    + Sum
    + for<'a> Sum<&'a Self>
    + Product
    + for<'a> Product<&'a Self>
{
    /// The additive identity.
    const ZERO: Self;
    /// The multiplicative identity.
    const ONE: Self;

    /// Whether `self` is zero.
    fn is_zero(&self) -> Choice;
    /// Whether `self` is zero, in time that may depend on `self` (public data only); fields
    /// whose constant-time test needs a canonical form answer most values sooner.
    #[inline(always)]
    fn is_zero_vartime(&self) -> bool {
        bool::from(self.is_zero())
    }
    /// `2·self`.
    fn double(&self) -> Self;
    /// `self / 2` (the characteristic is odd), constant time.
    fn halve(&self) -> Self;
    /// `self²`.
    fn square(&self) -> Self;
    /// `self⁻¹`, or none for zero. Constant time.
    fn invert(&self) -> CtOption<Self>;
    /// `self⁻¹`, or `None` for zero; time depends on `self` (public data only).
    fn inverse_vartime(&self) -> Option<Self>;
    /// A uniformly random element.
    fn random(rng: &mut impl RngCore) -> Self;
    /// The `power`-th Frobenius map `x ↦ x^(p^power)` (identity on a prime field).
    fn frobenius_map(&self, power: usize) -> Self;

    /// `a0·b0 + a1·b1`. Extension fields override it with one reduction per coefficient
    /// (lazy reduction, eprint 2010/526 §3).
    #[inline(always)]
    fn sum_of_products(a0: &Self, b0: &Self, a1: &Self, b1: &Self) -> Self {
        *a0 * b0 + *a1 * b1
    }

    /// `a0·b0 − a1·b1`. Fields with a fused [`Field::sum_of_products`] override it as
    /// `a0·b0 + (−a1)·b1`.
    #[inline(always)]
    fn difference_of_products(a0: &Self, b0: &Self, a1: &Self, b1: &Self) -> Self {
        *a0 * b0 - *a1 * b1
    }

    /// `Σ a_i·b_i` over the pairs of `a` and `b` (as far as the shorter goes). Fields that keep
    /// products at double width override it with one reduction for the whole sum (lazy
    /// reduction, eprint 2010/526 §3). Constant time in the values; the lengths are public.
    fn inner_product(a: &[Self], b: &[Self]) -> Self {
        a.iter().zip(b).fold(Self::ZERO, |acc, (x, y)| acc + *x * y)
    }

    /// `a·b − c²`. Fp2 overrides it with one reduction per coefficient, as
    /// [`Field::sum_of_products`].
    #[inline(always)]
    fn mul_minus_square(a: &Self, b: &Self, c: &Self) -> Self {
        *a * b - c.square()
    }

    /// Doubles the Jacobian point `[X, Y, Z]` of a curve with `a = 0` in place (the formula of
    /// `Jacobian::double` in `curve::short_weierstrass`) where the field has one kernel for it,
    /// and says whether it did; `false` (the default) leaves the point to that formula.
    /// Constant time.
    #[inline(always)]
    fn double_jacobian_a0(_p: &mut [Self; 3]) -> bool {
        false
    }

    /// Doubles the Jacobian point `[X, Y, Z]` of a curve with `a = 0` `n` times in place where
    /// the field has a kernel for such runs (`n` public), and says whether it did; `false`
    /// (the default) leaves the point to `n` calls of [`Field::double_jacobian_a0`] or the
    /// formula. `after_pause`: the run comes after several microseconds of other work (the
    /// constant-time windows' additions), which a vector kernel may have to warm up from. The
    /// result may be another triple of the same point. Constant time.
    #[inline(always)]
    fn double_n_jacobian_a0(_p: &mut [Self; 3], _n: u32, _after_pause: bool) -> bool {
        false
    }

    /// Adds the affine `(x₂, y₂)` (with a `scale` `s`, the point `(x₂s², y₂s³)`) to the
    /// Jacobian point `[X₁, Y₁, Z₁]` in place (the formula of `Jacobian::add_mixed_parts`)
    /// where the field has one kernel for it, returning the formula's `H` and `R`; `None` (the
    /// default) leaves the point to that formula. Constant time.
    #[inline(always)]
    fn add_mixed_jacobian(_p: &mut [Self; 3], _q: [&Self; 2], _scale: Option<&Self>) -> Option<(Self, Self)> {
        None
    }

    /// `self^(2^n)`: `n` squarings (`n` public). Prime fields may keep the values between
    /// them partly reduced.
    fn square_n(&self, n: u32) -> Self {
        let mut r = *self;
        for _ in 0..n {
            r = r.square();
        }
        r
    }

    /// `self^exp` for a public exponent given as little-endian u64 words (square-and-multiply;
    /// time depends on `exp` only).
    fn pow_vartime(&self, exp: &[u64]) -> Self {
        let mut r = Self::ONE;
        for w in exp.iter().rev() {
            for i in (0..64).rev() {
                r = r.square();
                if (w >> i) & 1 == 1 {
                    r *= *self;
                }
            }
        }
        r
    }

    /// `self^exp` for a secret exponent (little-endian u64 words): fixed 4-bit windows with a
    /// constant-time table lookup, so time depends only on `exp.len()`.
    fn pow(&self, exp: &[u64]) -> Self {
        let mut table = [Self::ONE; 16];
        for i in 1..16 {
            table[i] = table[i - 1] * *self;
        }
        let mut r = Self::ONE;
        for w in exp.iter().rev() {
            for nib in (0..16).rev() {
                for _ in 0..4 {
                    r = r.square();
                }
                let idx = ((w >> (4 * nib)) & 0xf) as u8;
                let mut t = Self::ONE;
                for (j, e) in table.iter().enumerate() {
                    t.conditional_assign(e, (j as u8).ct_eq(&idx));
                }
                r *= t;
            }
        }
        table.zeroize();
        r
    }

    /// Montgomery's trick: replaces every non-zero element by its inverse with one inversion and
    /// `3(n-1)` multiplications; zeros stay zero. Constant time in the values.
    fn batch_invert(elems: &mut [Self]) {
        batch_invert_with(elems, |x| x.invert().unwrap_or(Self::ZERO));
    }

    /// [`Field::batch_invert`] with a variable-time inversion (public data only).
    fn batch_inverse_vartime(elems: &mut [Self]) {
        batch_invert_with(elems, |x| x.inverse_vartime().unwrap_or(Self::ZERO));
    }

    /// `self·rhs`, possibly left partly reduced (on a prime field with the ADX kernels and two
    /// spare bits, in `[0, 2p)`), for products that only feed further products: the running
    /// products of the variable-time MSM's Montgomery trick, the fixed exponentiations of the
    /// square roots. Such a value may only be multiplied
    /// (`*`, `mul_lazy`), squared, or brought back by [`Field::reduce_lazy`]; comparing, adding
    /// or encoding it is wrong. The plain product by default.
    #[doc(hidden)]
    #[inline(always)]
    fn mul_lazy(&self, rhs: &Self) -> Self {
        *self * rhs
    }

    /// [`Field::square_n`] that may leave the result partly reduced, as [`Field::mul_lazy`]
    /// (and takes such a value): `square_n` by default.
    #[doc(hidden)]
    #[inline(always)]
    fn square_n_lazy(&self, n: u32) -> Self {
        self.square_n(n)
    }

    /// `self + rhs` of fully reduced operands, possibly left unreduced like [`Field::mul_lazy`]'s
    /// results (below `2p`), for a sum that only feeds products (`*`, `mul_lazy`, squarings).
    /// The plain sum by default.
    #[doc(hidden)]
    #[inline(always)]
    fn add_lazy(&self, rhs: &Self) -> Self {
        *self + rhs
    }

    /// `self − rhs` of fully reduced operands, possibly left as `self + p − rhs` (in `(0, 2p)`),
    /// for a difference that only feeds products, as [`Field::add_lazy`]. The plain difference
    /// by default.
    #[doc(hidden)]
    #[inline(always)]
    fn sub_lazy(&self, rhs: &Self) -> Self {
        *self - rhs
    }

    /// A value of [`Field::mul_lazy`] fully reduced (the identity by default).
    #[doc(hidden)]
    #[inline(always)]
    fn reduce_lazy(&self) -> Self {
        *self
    }

    /// For the vector kernels of the variable-time MSM: the modulus of a prime field in
    /// Montgomery form `x·2^(64·N)` over `N` words (the words of [`Field::mont_words`]); `None`
    /// for extension fields and for a field computing with another backend (`fiat`).
    #[doc(hidden)]
    fn mont_modulus() -> Option<&'static [u64]> {
        None
    }

    /// The Montgomery words `x·2^(64·N) mod p` of a field with [`Field::mont_modulus`] (empty
    /// otherwise).
    #[doc(hidden)]
    fn mont_words(&self) -> &[u64] {
        &[]
    }

    /// The element whose Montgomery words are `words` (`N` words below the modulus), for a field
    /// with [`Field::mont_modulus`]; zero otherwise.
    #[doc(hidden)]
    fn from_mont_words(words: &[u64]) -> Self {
        let _ = words;
        Self::ZERO
    }
}

/// Montgomery's batch inversion with zeros skipped branch-free (they are replaced by one in
/// the running product and restored afterwards).
fn batch_invert_with<F: Field>(elems: &mut [F], inv: impl Fn(&F) -> F) {
    let mut prefix = alloc::vec::Vec::with_capacity(elems.len());
    let mut acc = F::ONE;
    for e in elems.iter() {
        prefix.push(acc);
        let z = e.is_zero();
        acc = F::conditional_select(&(acc * e), &acc, z);
    }
    let mut acc_inv = inv(&acc);
    for (e, p) in elems.iter_mut().zip(prefix).rev() {
        let z = e.is_zero();
        let new = acc_inv * p;
        acc_inv = F::conditional_select(&(acc_inv * *e), &acc_inv, z);
        *e = F::conditional_select(&new, &F::ZERO, z);
    }
}

/// Fields with a square root.
pub trait SqrtField: Field {
    /// A square root of `self` if one exists (which of the two is unspecified but
    /// deterministic). Constant time.
    fn sqrt(&self) -> CtOption<Self>;
    /// Whether `self` is a square (zero counts as a square). Constant time.
    fn is_square(&self) -> Choice;
}

/// A prime field `F_p`, with its canonical integer encodings: what protocols and users need of
/// a base or scalar field without naming its limb count. Implemented by every
/// [`Fp`]`<P, N>`; named fields are type aliases in `curves/` (`bls12_381::Fr`, `bn254::Fq`…).
pub trait PrimeField: SqrtField + core::hash::Hash + core::fmt::Display + core::fmt::LowerHex {
    /// The canonical encoding: a fixed-size byte array of [`PrimeField::BYTES`] bytes.
    type Bytes: Copy + Default + core::fmt::Debug + Eq + core::hash::Hash + AsRef<[u8]> + AsMut<[u8]> + Send + Sync;
    /// The canonical integer as little-endian 64-bit words (for window and digit
    /// decompositions of scalars).
    type Words: Copy + core::fmt::Debug + Eq + AsRef<[u64]> + Send + Sync;
    /// Length of the canonical encoding in bytes.
    const BYTES: usize;
    /// Bit length of the modulus `p`.
    const NUM_BITS: u32;
    /// `s` with `p − 1 = 2^s·t`, `t` odd (the largest power-of-two FFT domain).
    const TWO_ADICITY: u32;
    /// A primitive `2^s`-th root of unity.
    const ROOT_OF_UNITY: Self;
    /// A generator of the multiplicative group `F_p^*` (the small integer the field declares,
    /// of which [`PrimeField::ROOT_OF_UNITY`] is the `t`-th power); the default coset shift of
    /// the coset FFTs.
    const MULTIPLICATIVE_GENERATOR: Self;
    /// The modulus as little-endian words.
    const MODULUS: Self::Words;

    /// The element `v mod p`.
    fn from_u64(v: u64) -> Self;
    /// The canonical big-endian encoding.
    fn to_bytes_be(&self) -> Self::Bytes;
    /// The canonical little-endian encoding.
    fn to_bytes_le(&self) -> Self::Bytes;
    /// Decodes the canonical big-endian encoding: [`Error::Length`] unless exactly
    /// [`PrimeField::BYTES`] bytes, [`Error::NonCanonical`] for a value `≥ p`.
    fn from_bytes_be(bytes: &[u8]) -> Result<Self, Error>;
    /// Decodes the canonical little-endian encoding, with the checks of
    /// [`PrimeField::from_bytes_be`].
    fn from_bytes_le(bytes: &[u8]) -> Result<Self, Error>;
    /// A big-endian integer of any length reduced modulo `p` (RFC 9380 §5.2's `OS2IP(tv) mod p`,
    /// EIP-2333's `OS2IP(OKM) mod r`). Constant time in the value (the length is public).
    fn from_bytes_be_wide(bytes: &[u8]) -> Self;
    /// The canonical integer as little-endian words.
    fn to_words(&self) -> Self::Words;
    /// Whether the canonical integer is odd (RFC 9380's `sgn0` of a prime field).
    fn is_odd(&self) -> Choice;
}

impl<P: FieldParams<N>, const N: usize> PrimeField for Fp<P, N> {
    type Bytes = FpBytes<N>;
    type Words = [u64; N];
    const BYTES: usize = 8 * N;
    const NUM_BITS: u32 = P::MODULUS_BITS;
    const TWO_ADICITY: u32 = P::TWO_ADICITY;
    const ROOT_OF_UNITY: Self = Fp::ROOT_OF_UNITY;
    const MULTIPLICATIVE_GENERATOR: Self = Fp::from_u64(P::GENERATOR);
    const MODULUS: [u64; N] = P::MODULUS;

    fn from_u64(v: u64) -> Self {
        Fp::from_u64(v)
    }
    fn to_bytes_be(&self) -> FpBytes<N> {
        Fp::to_bytes_be(self)
    }
    fn to_bytes_le(&self) -> FpBytes<N> {
        Fp::to_bytes_le(self)
    }
    fn from_bytes_be(bytes: &[u8]) -> Result<Self, Error> {
        Fp::from_bytes_be(bytes)
    }
    fn from_bytes_le(bytes: &[u8]) -> Result<Self, Error> {
        Fp::from_bytes_le(bytes)
    }
    fn from_bytes_be_wide(bytes: &[u8]) -> Self {
        Fp::from_bytes_be_wide(bytes)
    }
    fn to_words(&self) -> [u64; N] {
        self.to_canonical_limbs()
    }
    fn is_odd(&self) -> Choice {
        Fp::is_odd(self)
    }
}
