//! Elliptic-curve groups: the traits everything above the curve layer is written against
//! ([`Group`], [`AffinePoint`], [`PointEncoding`]), and their implementation for short
//! Weierstrass curves `y² = x³ + b` (the pairing curves' G1 and G2).
//!
//! The traits name no limb count: a protocol generic over `G: Group` works for every curve of
//! isochron. Named curves (`curves/`) give the concrete types (`bls12_381::G1Projective`…).
//!
//! Literature: Renes–Costello–Batina, "Complete addition formulas for prime order elliptic
//! curves" (eprint 2015/1060, Alg. 7–9 for `a = 0`); Bernstein–Lange, Explicit-Formulas
//! Database (Jacobian coordinates).

use alloc::vec::Vec;
use core::fmt::Debug;
use core::iter::Sum;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

use rand_core::RngCore;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::Zeroize;

use crate::error::Error;
use crate::field::PrimeField;

pub mod short_weierstrass;

pub(crate) use short_weierstrass::wnaf;

/// A prime-order group of curve points in the coordinates used for arithmetic (projective),
/// written additively. Everything is constant time unless its name ends in `_vartime`.
///
/// Operators: `+`, `-`, `+=`, `-=` (by value and by reference, and with an affine right-hand
/// side), unary `-`, `point * scalar` (constant time in the scalar), `Sum`.
pub trait Group:
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
    + From<Self::Affine>
    + Add<Output = Self>
    + Sub<Output = Self>
    + Neg<Output = Self>
    + AddAssign
    + SubAssign
    + for<'a> Add<&'a Self, Output = Self>
    + for<'a> Sub<&'a Self, Output = Self>
    + for<'a> AddAssign<&'a Self>
    + for<'a> SubAssign<&'a Self>
    + Add<Self::Affine, Output = Self>
    + for<'a> Add<&'a Self::Affine, Output = Self>
    + AddAssign<Self::Affine>
    + for<'a> AddAssign<&'a Self::Affine>
    + Mul<Self::Scalar, Output = Self>
    + for<'a> Mul<&'a Self::Scalar, Output = Self>
    + MulAssign<Self::Scalar>
    + for<'a> MulAssign<&'a Self::Scalar>
    + Sum
    + for<'a> Sum<&'a Self>
{
    /// The scalar field, of the group's prime order `r`.
    type Scalar: PrimeField;
    /// The same points in affine coordinates (what encodings and pairings take).
    type Affine: AffinePoint<Group = Self, Scalar = Self::Scalar>;

    /// The identity.
    fn identity() -> Self;
    /// The fixed generator of the prime-order group.
    fn generator() -> Self;
    /// A uniformly random element (`[k]G` for a random scalar `k`).
    fn random(rng: &mut impl RngCore) -> Self {
        Self::mul_generator(&<Self::Scalar as crate::field::Field>::random(rng))
    }
    /// Whether this is the identity.
    fn is_identity(&self) -> Choice;
    /// `2·self`.
    fn double(&self) -> Self;
    /// The affine point (one inversion).
    fn to_affine(&self) -> Self::Affine;
    /// Many points to affine with one inversion (Montgomery's trick); constant time in the
    /// points.
    fn batch_normalize(points: &[Self]) -> Vec<Self::Affine>;
    /// `[k]·G` for the generator, constant time in `k` (precomputed tables where the curve
    /// keeps them).
    fn mul_generator(k: &Self::Scalar) -> Self;
    /// `[k]·self` for a public `k`; time depends on `k`.
    fn mul_vartime(&self, k: &Self::Scalar) -> Self;
    /// `Σ [kᵢ]·Pᵢ` for public points and scalars (interleaved wNAF; for large sets use MSM).
    /// Pairs beyond the shorter slice are ignored.
    fn multi_mul_vartime(points: &[Self::Affine], scalars: &[Self::Scalar]) -> Self;
    /// `Σ [kᵢ]·Pᵢ` for public points and scalars by Pippenger's bucket method (signed-digit
    /// windows sized by the input, GLV/GLS-split scalars, batch-affine bucket accumulation;
    /// interleaved wNAF below 128 pairs), on the calling thread. Pairs beyond the shorter slice
    /// are ignored; zero scalars, identity points, repeated points and empty input are fine.
    /// Variable time in the points and scalars. See `crate::msm` for the method and sources.
    fn msm_vartime(points: &[Self::Affine], scalars: &[Self::Scalar]) -> Self;
    /// [`Group::msm_vartime`] with the windows spread over rayon's thread pool; returns the same
    /// point as the serial function.
    #[cfg(feature = "parallel")]
    fn msm_vartime_parallel(points: &[Self::Affine], scalars: &[Self::Scalar]) -> Self;
    /// Precomputed data for a point set known in advance (a trusted setup), for
    /// [`Group::msm_with_table_vartime`].
    type MsmTable: Clone + Debug + Send + Sync + 'static;
    /// Precomputes the table of `points` with the default number of shifted copies (see
    /// [`Group::msm_table_with_copies_vartime`]; chosen by a cost model within a memory bound).
    fn msm_table_vartime(points: &[Self::Affine]) -> Self::MsmTable;
    /// Precomputes the table of `points` with `copies` shifted copies `T`: for each point `P`,
    /// endomorphism image `φᵉ(P)` (`e < d`, `d` = 2 on G1 and 4 on G2 of the pairing curves)
    /// and `t < T`, the affine point `[2^(c·t)]·φᵉ(P)` (`c` the table's window width), so that
    /// `T` windows share one bucket reduction; `d·T·n` points. `copies = 1` keeps the
    /// endomorphism images only.
    fn msm_table_with_copies_vartime(points: &[Self::Affine], copies: usize) -> Self::MsmTable;
    /// The memory held by a table's points, in bytes.
    fn msm_table_size_bytes(table: &Self::MsmTable) -> usize;
    /// [`Group::msm_vartime`] over the table's points (pairs beyond the shorter of the set and
    /// `scalars` are ignored): the same point, without computing the endomorphism images and
    /// with fewer bucket reductions and doublings when the table has shifted copies.
    fn msm_with_table_vartime(table: &Self::MsmTable, scalars: &[Self::Scalar]) -> Self;
    /// [`Group::msm_with_table_vartime`] on rayon's thread pool; the same point as the serial
    /// function.
    #[cfg(feature = "parallel")]
    fn msm_with_table_vartime_parallel(table: &Self::MsmTable, scalars: &[Self::Scalar]) -> Self;
    /// Whether `self` lies in the prime-order subgroup, for a public point of the curve (always
    /// true for points built by the checked decoders; for points of a curve with a cofactor
    /// built otherwise).
    fn is_torsion_free_vartime(&self) -> bool;
}

/// A point of a [`Group`] in affine coordinates.
pub trait AffinePoint:
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
    + From<Self::Group>
    + Neg<Output = Self>
    + Mul<Self::Scalar, Output = Self::Group>
    + for<'a> Mul<&'a Self::Scalar, Output = Self::Group>
{
    /// The scalar field.
    type Scalar: PrimeField;
    /// The group in arithmetic (projective) coordinates.
    type Group: Group<Affine = Self, Scalar = Self::Scalar>;

    /// The identity (point at infinity).
    fn identity() -> Self;
    /// The fixed generator of the prime-order group.
    fn generator() -> Self;
    /// Whether this is the identity.
    fn is_identity(&self) -> Choice;
    /// Whether the point satisfies the curve equation (the identity does).
    fn is_on_curve(&self) -> Choice;
    /// The same point in projective coordinates.
    fn to_group(&self) -> Self::Group;
}

/// A byte array of fixed size: what encoders return (`[u8; 48]`, `[u8; 96]`…), so no caller
/// passes a buffer of the wrong length.
pub trait ByteArray:
    Copy + AsRef<[u8]> + AsMut<[u8]> + Debug + PartialEq + Eq + core::hash::Hash + Send + Sync + 'static
{
    /// The all-zero array.
    const ZERO: Self;
}

impl<const L: usize> ByteArray for [u8; L] {
    const ZERO: Self = [0; L];
}

/// A curve's own point encodings, compressed and uncompressed (for BLS12-381 the ZCash format
/// of the Ethereum consensus specs; for BN254 the arkworks `CanonicalSerialize` format), each
/// decoder checking length, flags, canonical coordinates, the curve equation and subgroup
/// membership, and reporting the first failure. `_unchecked` decoders skip the subgroup check
/// only.
pub trait PointEncoding: AffinePoint {
    /// The compressed encoding.
    type Compressed: ByteArray;
    /// The uncompressed encoding.
    type Uncompressed: ByteArray;

    /// The compressed encoding.
    fn to_compressed(&self) -> Self::Compressed;
    /// The uncompressed encoding.
    fn to_uncompressed(&self) -> Self::Uncompressed;
    /// Decodes a compressed point with every check.
    fn from_compressed(bytes: &[u8]) -> Result<Self, Error>;
    /// [`PointEncoding::from_compressed`] without the subgroup check. **Dangerous:** a point
    /// outside the prime-order subgroup enables small-subgroup attacks; only for points known
    /// to be valid (re-read from the caller's own trusted storage).
    fn from_compressed_unchecked(bytes: &[u8]) -> Result<Self, Error>;
    /// Decodes an uncompressed point with every check.
    fn from_uncompressed(bytes: &[u8]) -> Result<Self, Error>;
    /// [`PointEncoding::from_uncompressed`] without the subgroup check. **Dangerous:** see
    /// [`PointEncoding::from_compressed_unchecked`].
    fn from_uncompressed_unchecked(bytes: &[u8]) -> Result<Self, Error>;
}
