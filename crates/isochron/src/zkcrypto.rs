//! The zkcrypto traits (feature `zkcrypto`): [`ff`] 0.13, [`group`] 0.13 and [`pairing`] 0.23
//! on isochron's fields, groups and pairing engines, so that code written against them
//! (bellman's Groth16, for one) runs on isochron unchanged.
//!
//! - `ff::Field` for every prime field `Fp<P, N>`; `ff::PrimeField` and `ff::PrimeFieldBits`
//!   for the named prime fields (`bls12_381::{Fr, Fp}`, `bn254::{Fr, Fp}`), `Repr` the
//!   little-endian canonical integer (as zkcrypto's `bls12_381::Scalar`), every constant
//!   derived from the field's [`FieldParams`];
//! - `group::{Group, Curve, GroupEncoding, prime::PrimeGroup, prime::PrimeCurve, WnafGroup}` for
//!   the projective points, `group::{prime::PrimeCurveAffine, GroupEncoding,
//!   UncompressedEncoding}` for the affine points (BLS12-381 in the ZCash format, as zkcrypto's
//!   `bls12_381`; BN254 in arkworks' `CanonicalSerialize` format), `group::Group` for GT, which
//!   zkcrypto writes additively (`+` is the product in `Fp12`, `-x` the inverse, `x * k` the
//!   power `x^k`);
//! - `pairing::{Engine, MultiMillerLoop}` for [`Bls12_381`](crate::curves::bls12_381::Bls12_381)
//!   and [`Bn254`](crate::curves::bn254::Bn254), `pairing::PairingCurveAffine` for their G1 and
//!   G2, `pairing::MillerLoopResult` for [`MillerLoopValue`].
//!
//! Everything that takes values is constant time (`invert`, `sqrt`, `sqrt_ratio`, `pow`, scalar
//! multiplication, GT powers) except what zkcrypto names `_vartime`, the decoders' validity
//! checks (the encodings are public) and GT's `generator` (a pairing of the fixed generators).
//!
//! isochron's own BLS12-381 final exponentiation yields the cube of the usual reduced pairing
//! (see `pairing::final_exp`): a bilinear, non-degenerate pairing all the same, so proofs and
//! keys are interchangeable with zkcrypto's `bls12_381` by bytes, but GT values computed by the
//! two engines differ.

use core::iter::Sum;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

use ff::FieldBits;
use group::prime::{PrimeCurve, PrimeCurveAffine, PrimeGroup};
use group::{Curve, GroupEncoding, UncompressedEncoding, WnafGroup};
use pairing::{MillerLoopResult, MultiMillerLoop, PairingCurveAffine};
use rand_core::RngCore;
use subtle::{Choice, ConditionallySelectable, CtOption};

use crate::codec::PointCodec;
use crate::curve::short_weierstrass::{Affine, Projective, Scalar, SwCurve};
use crate::curve::AffinePoint as _;
use crate::curves::{bls12_381, bn254};
use crate::field::fp12::Fp12;
use crate::field::{FieldParams, Fp, FpBytes};
use crate::limbs::{self, mont};
use crate::pairing::{Gt, PairingParams};

pub use crate::codec::PointBytes;

// ---------------------------------------------------------------------------------------------
// ff

impl<P: FieldParams<N>, const N: usize> From<u64> for Fp<P, N> {
    fn from(v: u64) -> Self {
        Fp::from_u64(v)
    }
}

impl<P: FieldParams<N>, const N: usize> ff::Field for Fp<P, N> {
    const ZERO: Self = Fp::ZERO;
    const ONE: Self = Fp::ONE;

    fn random(mut rng: impl RngCore) -> Self {
        Fp::random(&mut rng)
    }
    fn is_zero(&self) -> Choice {
        Fp::is_zero(self)
    }
    fn square(&self) -> Self {
        Fp::square(self)
    }
    fn double(&self) -> Self {
        Fp::double(self)
    }
    fn invert(&self) -> CtOption<Self> {
        Fp::invert(self)
    }
    fn sqrt(&self) -> CtOption<Self> {
        Fp::sqrt(self)
    }

    /// `(true, √(num/div))` for a square quotient, `(true, 0)` for `num = 0`, `(false, 0)` for
    /// `num ≠ 0 = div`, `(false, √(z·num/div))` for a non-square quotient, with `z` the
    /// non-square `ROOT_OF_UNITY` (a primitive `2^s`-th root of unity). Constant time: both
    /// square roots are computed.
    fn sqrt_ratio(num: &Self, div: &Self) -> (Choice, Self) {
        let q = *num * div.invert().unwrap_or(Fp::ZERO);
        let root = q.sqrt();
        let other = (q * Fp::ROOT_OF_UNITY).sqrt();
        let is_square = root.is_some();
        let r = Fp::conditional_select(&other.unwrap_or(Fp::ZERO), &root.unwrap_or(Fp::ZERO), is_square);
        (is_square & (num.is_zero() | !div.is_zero()), r)
    }

    /// Constant time in the exponent's value (fixed windows; time depends on its length).
    fn pow<S: AsRef<[u64]>>(&self, exp: S) -> Self {
        crate::field::Field::pow(self, exp.as_ref())
    }
    fn pow_vartime<S: AsRef<[u64]>>(&self, exp: S) -> Self {
        Fp::pow_vartime(self, exp.as_ref())
    }
}

/// The modulus as `0x` and `16·N` lower-case hex digits (`L = 2 + 16·N`), as zkcrypto writes
/// `PrimeField::MODULUS`.
const fn modulus_hex<const N: usize, const L: usize>(m: &[u64; N]) -> [u8; L] {
    let mut out = [0u8; L];
    out[0] = b'0';
    out[1] = b'x';
    let mut i = 0;
    while i < 16 * N {
        let nibble = 16 * N - 1 - i;
        let d = ((m[nibble / 16] >> (4 * (nibble % 16))) & 0xf) as u8;
        out[2 + i] = if d < 10 { b'0' + d } else { b'a' + d - 10 };
        i += 1;
    }
    out
}

/// `base^exp` at compile time (Montgomery form throughout).
const fn const_pow<P: FieldParams<N>, const N: usize>(base: &Fp<P, N>, exp: &[u64; N]) -> Fp<P, N> {
    Fp::from_mont_limbs(mont::pow_vartime(base.mont_limbs(), exp, &P::R, &P::MODULUS, P::INV))
}

/// `x^(2^k)` at compile time.
const fn const_square_n<P: FieldParams<N>, const N: usize>(x: &Fp<P, N>, k: u32) -> Fp<P, N> {
    let mut r = *x.mont_limbs();
    let mut i = 0;
    while i < k {
        r = mont::mul(&r, &r, &P::MODULUS, P::INV);
        i += 1;
    }
    Fp::from_mont_limbs(r)
}

/// `ff::PrimeField` and `ff::PrimeFieldBits` for a named prime field with `N` limbs and the
/// given `Repr` (the `8·N`-byte little-endian canonical integer).
macro_rules! prime_field {
    ($field:ty, $params:ty, $n:literal, $repr:ty) => {
        impl ff::PrimeField for $field {
            type Repr = $repr;

            /// Decodes the little-endian canonical integer; none for a value `≥ p`.
            fn from_repr(repr: $repr) -> CtOption<Self> {
                let r = <$field>::from_bytes_le(repr.as_ref());
                CtOption::new(r.unwrap_or(<$field>::ZERO), Choice::from(r.is_ok() as u8))
            }
            fn to_repr(&self) -> $repr {
                let mut r = <$repr>::default();
                r.as_mut().copy_from_slice(&self.to_bytes_le());
                r
            }
            fn is_odd(&self) -> Choice {
                <$field>::is_odd(self)
            }

            const MODULUS: &'static str = {
                const HEX: [u8; 2 + 16 * $n] =
                    modulus_hex::<$n, { 2 + 16 * $n }>(&<$params as FieldParams<$n>>::MODULUS);
                match core::str::from_utf8(&HEX) {
                    Ok(s) => s,
                    Err(_) => panic!("hex digits are ASCII"),
                }
            };
            const NUM_BITS: u32 = <$params as FieldParams<$n>>::MODULUS_BITS;
            const CAPACITY: u32 = Self::NUM_BITS - 1;
            /// `(p + 1) / 2`.
            const TWO_INV: Self = <$field>::from_canonical_limbs(
                limbs::add(&limbs::shr(&<$params as FieldParams<$n>>::MODULUS, 1), &limbs::from_u64(1)).0,
            );
            const MULTIPLICATIVE_GENERATOR: Self = <$field>::from_u64(<$params as FieldParams<$n>>::GENERATOR);
            const S: u32 = <$params as FieldParams<$n>>::TWO_ADICITY;
            const ROOT_OF_UNITY: Self = <$field>::ROOT_OF_UNITY;
            const ROOT_OF_UNITY_INV: Self =
                const_pow(&<$field>::ROOT_OF_UNITY, &<$params as FieldParams<$n>>::MODULUS_MINUS_2);
            /// `MULTIPLICATIVE_GENERATOR^(2^S)`.
            const DELTA: Self = const_square_n(&Self::MULTIPLICATIVE_GENERATOR, Self::S);
        }

        impl ff::PrimeFieldBits for $field {
            type ReprBits = [u64; $n];
            fn to_le_bits(&self) -> FieldBits<[u64; $n]> {
                FieldBits::new(self.to_canonical_limbs())
            }
            fn char_le_bits() -> FieldBits<[u64; $n]> {
                FieldBits::new(<$params as FieldParams<$n>>::MODULUS)
            }
        }
    };
}

prime_field!(bls12_381::Fr, bls12_381::FrParams, 4, [u8; 32]);
prime_field!(bls12_381::Fp, bls12_381::FpParams, 6, FpBytes<6>);
prime_field!(bn254::Fr, bn254::FrParams, 4, [u8; 32]);
prime_field!(bn254::Fp, bn254::FpParams, 4, [u8; 32]);

// ---------------------------------------------------------------------------------------------
// group: the curve points

/// The subtractions of an affine point that `group::Curve` requires (mixed addition of the
/// negation).
macro_rules! sub_affine {
    ($($rhs:ty),*) => {$(
        impl<C: SwCurve> Sub<$rhs> for Projective<C> {
            type Output = Self;
            fn sub(self, rhs: $rhs) -> Self {
                self.add_mixed(&rhs.neg())
            }
        }
        impl<C: SwCurve> SubAssign<$rhs> for Projective<C> {
            fn sub_assign(&mut self, rhs: $rhs) {
                *self = self.add_mixed(&rhs.neg());
            }
        }
    )*};
}
sub_affine!(Affine<C>, &Affine<C>);

impl<C: SwCurve> group::Group for Projective<C>
where
    Scalar<C>: ff::PrimeField,
{
    type Scalar = Scalar<C>;

    fn random(mut rng: impl RngCore) -> Self {
        <Self as crate::curve::Group>::random(&mut rng)
    }
    fn identity() -> Self {
        Projective::identity()
    }
    fn generator() -> Self {
        Projective::generator()
    }
    fn is_identity(&self) -> Choice {
        Projective::is_identity(self)
    }
    fn double(&self) -> Self {
        Projective::double(self)
    }
}

impl<C: SwCurve> Curve for Projective<C>
where
    Scalar<C>: ff::PrimeField,
{
    type AffineRepr = Affine<C>;

    /// One inversion for all points (Montgomery's trick). `p` and `q` should have the same
    /// length; the shorter decides.
    fn batch_normalize(p: &[Self], q: &mut [Affine<C>]) {
        let n = p.len().min(q.len());
        Projective::normalize_into(&p[..n], &mut q[..n]);
    }
    fn to_affine(&self) -> Affine<C> {
        Projective::to_affine(self)
    }
}

impl<C: SwCurve> WnafGroup for Projective<C>
where
    Scalar<C>: ff::PrimeField,
{
    /// The window `w ∈ [2, 16]` minimising the additions of a wNAF run over `num_scalars`
    /// scalars of the field's bit length: `2^(w−2)` to build the table once, about
    /// `bits/(w + 1)` per scalar.
    fn recommended_wnaf_for_num_scalars(num_scalars: usize) -> usize {
        let bits = <Scalar<C> as ff::PrimeField>::NUM_BITS as u128;
        let n = num_scalars.max(1) as u128;
        let cost = |w: u32| (1u128 << (w - 2)) * (w as u128 + 1) + n * bits;
        // Compare table + n·bits/(w+1) scaled by (w+1) pairwise to stay in integers.
        (2..=16u32).min_by(|&a, &b| (cost(a) * (b as u128 + 1)).cmp(&(cost(b) * (a as u128 + 1)))).unwrap_or(4) as usize
    }
}

impl<C: PointCodec> GroupEncoding for Affine<C> {
    type Repr = C::Compressed;

    /// Decodes with every check (length, flags, canonical, on the curve, in the subgroup).
    fn from_bytes(bytes: &C::Compressed) -> CtOption<Self> {
        ct_result(C::decompress(bytes.as_ref(), true), Self::identity())
    }
    /// Without the subgroup check. **Dangerous**: only for trusted encodings.
    fn from_bytes_unchecked(bytes: &C::Compressed) -> CtOption<Self> {
        ct_result(C::decompress(bytes.as_ref(), false), Self::identity())
    }
    fn to_bytes(&self) -> C::Compressed {
        C::compress(self)
    }
}

impl<C: PointCodec> UncompressedEncoding for Affine<C> {
    type Uncompressed = C::Uncompressed;

    fn from_uncompressed(bytes: &C::Uncompressed) -> CtOption<Self> {
        ct_result(C::decode_uncompressed(bytes.as_ref(), true), Self::identity())
    }
    /// Without the subgroup check. **Dangerous**: only for trusted encodings.
    fn from_uncompressed_unchecked(bytes: &C::Uncompressed) -> CtOption<Self> {
        ct_result(C::decode_uncompressed(bytes.as_ref(), false), Self::identity())
    }
    fn to_uncompressed(&self) -> C::Uncompressed {
        C::uncompress(self)
    }
}

impl<C: PointCodec> GroupEncoding for Projective<C> {
    type Repr = C::Compressed;

    fn from_bytes(bytes: &C::Compressed) -> CtOption<Self> {
        <Affine<C> as GroupEncoding>::from_bytes(bytes).map(Projective::from)
    }
    /// Without the subgroup check. **Dangerous**: only for trusted encodings.
    fn from_bytes_unchecked(bytes: &C::Compressed) -> CtOption<Self> {
        <Affine<C> as GroupEncoding>::from_bytes_unchecked(bytes).map(Projective::from)
    }
    fn to_bytes(&self) -> C::Compressed {
        C::compress(&self.to_affine())
    }
}

/// A decoder's result as zkcrypto's `CtOption` (the encodings are public: the branch on
/// validity reveals nothing secret).
fn ct_result<T: ConditionallySelectable>(r: Result<T, crate::Error>, default: T) -> CtOption<T> {
    match r {
        Ok(v) => CtOption::new(v, Choice::from(1)),
        Err(_) => CtOption::new(default, Choice::from(0)),
    }
}

impl<C: PointCodec> PrimeGroup for Projective<C> where Scalar<C>: ff::PrimeField {}

impl<C: PointCodec> PrimeCurve for Projective<C>
where
    Scalar<C>: ff::PrimeField,
{
    type Affine = Affine<C>;
}

impl<C: PointCodec> PrimeCurveAffine for Affine<C>
where
    Scalar<C>: ff::PrimeField,
{
    type Scalar = Scalar<C>;
    type Curve = Projective<C>;

    fn identity() -> Self {
        Affine::identity()
    }
    fn generator() -> Self {
        Affine::generator()
    }
    fn is_identity(&self) -> Choice {
        Affine::is_identity(self)
    }
    fn to_curve(&self) -> Projective<C> {
        self.to_group()
    }
}

// ---------------------------------------------------------------------------------------------
// group: GT, written additively

impl<E: PairingParams<N>, const N: usize> Gt<E, N> {
    /// `e(G1, G2)` of the fixed generators, GT's generator (a pairing: time depends on
    /// nothing secret).
    fn generator_pairing() -> Self {
        let f = crate::pairing::miller_loop::<E, N>(&Affine::generator(), &Affine::generator());
        crate::pairing::final_exponentiation::<E, N>(&f)
    }
}

/// zkcrypto's additive notation for GT: `a + b` is the product.
impl<E: PairingParams<N>, const N: usize> Add for Gt<E, N> {
    type Output = Self;
    fn add(self, rhs: Self) -> Self {
        Mul::mul(self, rhs)
    }
}
/// The product by the inverse (zkcrypto's additive notation).
impl<E: PairingParams<N>, const N: usize> Sub for Gt<E, N> {
    type Output = Self;
    fn sub(self, rhs: Self) -> Self {
        Mul::mul(self, rhs.invert())
    }
}
/// The inverse (zkcrypto's additive notation).
impl<E: PairingParams<N>, const N: usize> Neg for Gt<E, N> {
    type Output = Self;
    fn neg(self) -> Self {
        self.invert()
    }
}

/// The `&`-forms and compound assignments of [`Gt`]'s additive notation, from the by-value
/// operators.
macro_rules! gt_ref_ops {
    ($($tr:ident $f:ident $atr:ident $af:ident),*) => {$(
        impl<'a, E: PairingParams<N>, const N: usize> $tr<&'a Gt<E, N>> for Gt<E, N> {
            type Output = Self;
            fn $f(self, rhs: &'a Self) -> Self {
                $tr::$f(self, *rhs)
            }
        }
        impl<E: PairingParams<N>, const N: usize> $atr for Gt<E, N> {
            fn $af(&mut self, rhs: Self) {
                *self = $tr::$f(*self, rhs);
            }
        }
        impl<'a, E: PairingParams<N>, const N: usize> $atr<&'a Gt<E, N>> for Gt<E, N> {
            fn $af(&mut self, rhs: &'a Self) {
                *self = $tr::$f(*self, *rhs);
            }
        }
    )*};
}
gt_ref_ops!(Add add AddAssign add_assign, Sub sub SubAssign sub_assign);

/// The product of all (zkcrypto's additive notation).
impl<E: PairingParams<N>, const N: usize> Sum for Gt<E, N> {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Gt::ONE, |a, b| a * b)
    }
}
/// The product of all (zkcrypto's additive notation).
impl<'a, E: PairingParams<N>, const N: usize> Sum<&'a Gt<E, N>> for Gt<E, N> {
    fn sum<I: Iterator<Item = &'a Self>>(iter: I) -> Self {
        iter.fold(Gt::ONE, |a, b| a * *b)
    }
}

/// `self^k`, constant time (zkcrypto's additive notation: `x * k`).
impl<E: PairingParams<N>, const N: usize> Mul<Scalar<E::G1>> for Gt<E, N> {
    type Output = Self;
    fn mul(self, k: Scalar<E::G1>) -> Self {
        self.pow(&k)
    }
}
/// `self^k`, constant time (zkcrypto's additive notation: `x * k`).
impl<'a, E: PairingParams<N>, const N: usize> Mul<&'a Scalar<E::G1>> for Gt<E, N> {
    type Output = Self;
    fn mul(self, k: &'a Scalar<E::G1>) -> Self {
        self.pow(k)
    }
}
/// `self ← self^k`, constant time.
impl<E: PairingParams<N>, const N: usize> MulAssign<Scalar<E::G1>> for Gt<E, N> {
    fn mul_assign(&mut self, k: Scalar<E::G1>) {
        *self = self.pow(&k);
    }
}
/// `self ← self^k`, constant time.
impl<'a, E: PairingParams<N>, const N: usize> MulAssign<&'a Scalar<E::G1>> for Gt<E, N> {
    fn mul_assign(&mut self, k: &'a Scalar<E::G1>) {
        *self = self.pow(k);
    }
}

impl<E: PairingParams<N>, const N: usize> group::Group for Gt<E, N>
where
    Scalar<E::G1>: ff::PrimeField,
{
    type Scalar = Scalar<E::G1>;

    /// `e(G1, G2)^k` for a uniformly random `k`.
    fn random(mut rng: impl RngCore) -> Self {
        let k = Fp::random(&mut rng);
        Self::generator_pairing().pow(&k)
    }
    fn identity() -> Self {
        Gt::ONE
    }
    /// `e(G1, G2)` of the fixed generators (computed by a pairing on each call).
    fn generator() -> Self {
        Self::generator_pairing()
    }
    fn is_identity(&self) -> Choice {
        Gt::is_identity(self)
    }
    /// The square (zkcrypto's additive notation).
    fn double(&self) -> Self {
        self.square()
    }
}

// ---------------------------------------------------------------------------------------------
// pairing

/// The value of a (multi-)Miller loop as zkcrypto's `MillerLoopResult`: an element of `Fp12*`,
/// written additively (`+` is the product), mapped into GT by
/// [`MillerLoopResult::final_exponentiation`].
pub struct MillerLoopValue<E: PairingParams<N>, const N: usize>(pub Fp12<E::Tower, N>);

impl<E: PairingParams<N>, const N: usize> Clone for MillerLoopValue<E, N> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<E: PairingParams<N>, const N: usize> Copy for MillerLoopValue<E, N> {}

/// One (the empty product).
impl<E: PairingParams<N>, const N: usize> Default for MillerLoopValue<E, N> {
    fn default() -> Self {
        MillerLoopValue(Fp12::ONE)
    }
}

impl<E: PairingParams<N>, const N: usize> core::fmt::Debug for MillerLoopValue<E, N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "MillerLoopValue({:?})", self.0)
    }
}

/// The product (zkcrypto's additive notation).
impl<E: PairingParams<N>, const N: usize> Add for MillerLoopValue<E, N> {
    type Output = Self;
    fn add(self, rhs: Self) -> Self {
        MillerLoopValue(self.0.mul(&rhs.0))
    }
}
/// The product (zkcrypto's additive notation).
impl<'a, E: PairingParams<N>, const N: usize> Add<&'a MillerLoopValue<E, N>> for MillerLoopValue<E, N> {
    type Output = Self;
    fn add(self, rhs: &'a Self) -> Self {
        MillerLoopValue(self.0.mul(&rhs.0))
    }
}
/// The product (zkcrypto's additive notation).
impl<E: PairingParams<N>, const N: usize> AddAssign for MillerLoopValue<E, N> {
    fn add_assign(&mut self, rhs: Self) {
        self.0 = self.0.mul(&rhs.0);
    }
}
/// The product (zkcrypto's additive notation).
impl<'a, E: PairingParams<N>, const N: usize> AddAssign<&'a MillerLoopValue<E, N>> for MillerLoopValue<E, N> {
    fn add_assign(&mut self, rhs: &'a Self) {
        self.0 = self.0.mul(&rhs.0);
    }
}

impl<E: PairingParams<N>, const N: usize> MillerLoopResult for MillerLoopValue<E, N>
where
    Scalar<E::G1>: ff::PrimeField,
{
    type Gt = Gt<E, N>;
    fn final_exponentiation(&self) -> Gt<E, N> {
        crate::pairing::final_exponentiation::<E, N>(&self.0)
    }
}

/// `pairing::{Engine, MultiMillerLoop}` for an engine type and `PairingCurveAffine` for its G1
/// and G2, all through the curve module's own pairing functions.
macro_rules! engine {
    ($engine:ty, $curve:ident, $n:literal) => {
        impl pairing::Engine for $engine {
            type Fr = $curve::Fr;
            type G1 = $curve::G1Projective;
            type G1Affine = $curve::G1Affine;
            type G2 = $curve::G2Projective;
            type G2Affine = $curve::G2Affine;
            type Gt = $curve::Gt;

            fn pairing(p: &$curve::G1Affine, q: &$curve::G2Affine) -> $curve::Gt {
                $curve::pairing(p, q)
            }
        }

        impl MultiMillerLoop for $engine {
            type G2Prepared = $curve::G2Prepared;
            type Result = MillerLoopValue<$engine, $n>;

            fn multi_miller_loop(terms: &[(&$curve::G1Affine, &$curve::G2Prepared)]) -> Self::Result {
                MillerLoopValue($curve::multi_miller_loop(terms))
            }
        }

        impl PairingCurveAffine for $curve::G1Affine {
            type Pair = $curve::G2Affine;
            type PairingResult = $curve::Gt;
            fn pairing_with(&self, other: &$curve::G2Affine) -> $curve::Gt {
                $curve::pairing(self, other)
            }
        }

        impl PairingCurveAffine for $curve::G2Affine {
            type Pair = $curve::G1Affine;
            type PairingResult = $curve::Gt;
            fn pairing_with(&self, other: &$curve::G1Affine) -> $curve::Gt {
                $curve::pairing(other, self)
            }
        }
    };
}

engine!(bls12_381::Bls12_381, bls12_381, 6);
engine!(bn254::Bn254, bn254, 4);

#[cfg(test)]
mod tests;
