//! Point encodings that validate: the ZCash/Ethereum BLS12-381 format (compressed and
//! uncompressed, three flag bits; ZCash `bls12_381` crate notes "Serialization", adopted by
//! the Ethereum consensus specs) and plain big-endian `x ‖ y` with the all-zero identity (the
//! EVM's BN254 precompiles, EIP-196/197).
//!
//! Every decoder checks, in order: length, flags, canonical coordinates (each `< p`), curve
//! equation, then subgroup membership ([`SwCurve::is_torsion_free_vartime`]), and reports the
//! first failure as an [`Error`]. The `_unchecked` variants skip the subgroup check only.

use subtle::{Choice, ConditionallySelectable};

use super::{Affine, SwCurve};
use crate::error::Error;
use crate::field::fp2::{Fp2, TowerParams};
use crate::field::{Field, FieldParams, Fp, SqrtField};

/// A coordinate field with a big-endian encoding: Fp as its canonical integer, Fp2 as
/// `c1 ‖ c0` (the ZCash and EIP-197 order).
pub trait CoordinateEncoding: SqrtField {
    /// Encoded size in bytes.
    const SIZE: usize;
    /// Writes the encoding into `out` (`SIZE` bytes).
    fn write_be(&self, out: &mut [u8]);
    /// Reads `SIZE` bytes; rejects non-canonical values.
    fn read_be(bytes: &[u8]) -> Result<Self, Error>;
    /// Whether the element is "lexicographically largest" (greater than its negation, comparing
    /// the most significant coefficient first): the ZCash sort flag.
    fn is_lexicographically_largest(&self) -> Choice;
}

impl<P: FieldParams<N>, const N: usize> CoordinateEncoding for Fp<P, N> {
    const SIZE: usize = 8 * N;
    fn write_be(&self, out: &mut [u8]) {
        out.copy_from_slice(&self.to_bytes_be());
    }
    fn read_be(bytes: &[u8]) -> Result<Self, Error> {
        Fp::from_bytes_be(bytes)
    }
    fn is_lexicographically_largest(&self) -> Choice {
        Fp::is_lexicographically_largest(self)
    }
}

impl<T: TowerParams<N>, const N: usize> CoordinateEncoding for Fp2<T, N> {
    const SIZE: usize = 16 * N;
    fn write_be(&self, out: &mut [u8]) {
        let (hi, lo) = out.split_at_mut(8 * N);
        hi.copy_from_slice(&self.c1.to_bytes_be());
        lo.copy_from_slice(&self.c0.to_bytes_be());
    }
    fn read_be(bytes: &[u8]) -> Result<Self, Error> {
        let (hi, lo) = bytes.split_at(8 * N);
        Ok(Fp2::new(Fp::from_bytes_be(lo)?, Fp::from_bytes_be(hi)?))
    }
    fn is_lexicographically_largest(&self) -> Choice {
        self.c1.is_lexicographically_largest() | (self.c1.is_zero() & self.c0.is_lexicographically_largest())
    }
}

/// ZCash flag bits in the first byte.
const FLAG_COMPRESSED: u8 = 0x80;
const FLAG_INFINITY: u8 = 0x40;
const FLAG_SORT: u8 = 0x20;
const FLAGS: u8 = FLAG_COMPRESSED | FLAG_INFINITY | FLAG_SORT;

fn check_len(bytes: &[u8], expected: usize) -> Result<(), Error> {
    if bytes.len() != expected {
        return Err(Error::Length { expected, got: bytes.len() });
    }
    Ok(())
}

impl<C: SwCurve> Affine<C>
where
    C::Base: CoordinateEncoding,
{
    /// Length of the ZCash compressed encoding (`x` with flags).
    pub const COMPRESSED_SIZE: usize = C::Base::SIZE;
    /// Length of the ZCash uncompressed encoding (`x ‖ y` with flags).
    pub const UNCOMPRESSED_SIZE: usize = 2 * C::Base::SIZE;

    /// ZCash compressed encoding into `out` (`COMPRESSED_SIZE` bytes): `x` big-endian with the
    /// compression flag, the infinity flag (then all else zero) and the sort flag (`y` is the
    /// lexicographically largest root).
    pub fn write_compressed(&self, out: &mut [u8]) {
        assert_eq!(out.len(), Self::COMPRESSED_SIZE, "write_compressed: wrong output length");
        let x = C::Base::conditional_select(&self.x, &C::Base::ZERO, self.infinity);
        x.write_be(out);
        let sort = self.y.is_lexicographically_largest() & !self.infinity;
        out[0] |= FLAG_COMPRESSED
            | u8::conditional_select(&0, &FLAG_INFINITY, self.infinity)
            | u8::conditional_select(&0, &FLAG_SORT, sort);
    }

    /// ZCash uncompressed encoding into `out` (`UNCOMPRESSED_SIZE` bytes): `x ‖ y`, or the
    /// infinity flag followed by zeros.
    pub fn write_uncompressed(&self, out: &mut [u8]) {
        assert_eq!(out.len(), Self::UNCOMPRESSED_SIZE, "write_uncompressed: wrong output length");
        let x = C::Base::conditional_select(&self.x, &C::Base::ZERO, self.infinity);
        let y = C::Base::conditional_select(&self.y, &C::Base::ZERO, self.infinity);
        let (xo, yo) = out.split_at_mut(C::Base::SIZE);
        x.write_be(xo);
        y.write_be(yo);
        out[0] |= u8::conditional_select(&0, &FLAG_INFINITY, self.infinity);
    }

    /// Decodes the ZCash compressed encoding with every check (length, flags, `x < p`, on the
    /// curve, in the subgroup).
    pub fn from_compressed(bytes: &[u8]) -> Result<Self, Error> {
        let p = Self::from_compressed_unchecked(bytes)?;
        Self::check_subgroup(p)
    }

    /// [`Affine::from_compressed`] without the subgroup check. **Dangerous:** a point outside
    /// the prime-order subgroup enables small-subgroup attacks; use only for points known to
    /// be valid (for instance re-read from the caller's own trusted storage).
    pub fn from_compressed_unchecked(bytes: &[u8]) -> Result<Self, Error> {
        check_len(bytes, Self::COMPRESSED_SIZE)?;
        let flags = bytes[0] & FLAGS;
        if flags & FLAG_COMPRESSED == 0 {
            return Err(Error::InvalidFlags);
        }
        let mut xb = [0u8; 192];
        let xb = &mut xb[..C::Base::SIZE];
        xb.copy_from_slice(bytes);
        xb[0] &= !FLAGS;
        if flags & FLAG_INFINITY != 0 {
            // Infinity: no sort flag, every other bit zero.
            if flags & FLAG_SORT != 0 || xb.iter().any(|&b| b != 0) {
                return Err(Error::InvalidFlags);
            }
            return Ok(Self::identity());
        }
        let x = C::Base::read_be(xb)?;
        let y2 = x.square() * x + C::B;
        let y = Option::<C::Base>::from(y2.sqrt()).ok_or(Error::NotOnCurve)?;
        let want_largest = Choice::from(((flags & FLAG_SORT) != 0) as u8);
        let y = C::Base::conditional_select(&y, &-y, y.is_lexicographically_largest() ^ want_largest);
        Ok(Self::from_xy_unchecked(x, y))
    }

    /// Decodes the ZCash uncompressed encoding with every check.
    pub fn from_uncompressed(bytes: &[u8]) -> Result<Self, Error> {
        let p = Self::from_uncompressed_unchecked(bytes)?;
        Self::check_subgroup(p)
    }

    /// [`Affine::from_uncompressed`] without the subgroup check. **Dangerous:** see
    /// [`Affine::from_compressed_unchecked`].
    pub fn from_uncompressed_unchecked(bytes: &[u8]) -> Result<Self, Error> {
        check_len(bytes, Self::UNCOMPRESSED_SIZE)?;
        let flags = bytes[0] & FLAGS;
        if flags & (FLAG_COMPRESSED | FLAG_SORT) != 0 {
            return Err(Error::InvalidFlags);
        }
        let mut buf = [0u8; 384];
        let buf = &mut buf[..Self::UNCOMPRESSED_SIZE];
        buf.copy_from_slice(bytes);
        buf[0] &= !FLAGS;
        if flags & FLAG_INFINITY != 0 {
            if buf.iter().any(|&b| b != 0) {
                return Err(Error::InvalidFlags);
            }
            return Ok(Self::identity());
        }
        let (xb, yb) = buf.split_at(C::Base::SIZE);
        Self::on_curve(C::Base::read_be(xb)?, C::Base::read_be(yb)?)
    }

    /// Plain big-endian `x ‖ y`; the identity is all zeros (EIP-196/197).
    pub fn write_xy(&self, out: &mut [u8]) {
        assert_eq!(out.len(), 2 * C::Base::SIZE, "write_xy: wrong output length");
        let x = C::Base::conditional_select(&self.x, &C::Base::ZERO, self.infinity);
        let y = C::Base::conditional_select(&self.y, &C::Base::ZERO, self.infinity);
        let (xo, yo) = out.split_at_mut(C::Base::SIZE);
        x.write_be(xo);
        y.write_be(yo);
    }

    /// Decodes plain big-endian `x ‖ y` (all zeros = identity) with every check, as the EVM's
    /// BN254 precompiles require (EIP-196: canonical coordinates, on the curve; EIP-197 adds
    /// the subgroup check for G2).
    pub fn from_xy_bytes(bytes: &[u8]) -> Result<Self, Error> {
        Self::check_subgroup(Self::from_xy_bytes_unchecked(bytes)?)
    }

    /// [`Affine::from_xy_bytes`] without the subgroup check (EIP-196 G1 needs none: BN254 G1
    /// has cofactor 1). **Dangerous** on curves with a cofactor.
    pub fn from_xy_bytes_unchecked(bytes: &[u8]) -> Result<Self, Error> {
        check_len(bytes, 2 * C::Base::SIZE)?;
        if bytes.iter().all(|&b| b == 0) {
            return Ok(Self::identity());
        }
        let (xb, yb) = bytes.split_at(C::Base::SIZE);
        Self::on_curve(C::Base::read_be(xb)?, C::Base::read_be(yb)?)
    }

    fn on_curve(x: C::Base, y: C::Base) -> Result<Self, Error> {
        Option::from(Self::from_xy(x, y)).ok_or(Error::NotOnCurve)
    }

    fn check_subgroup(p: Self) -> Result<Self, Error> {
        if C::is_torsion_free_vartime(&p.to_projective()) {
            Ok(p)
        } else {
            Err(Error::NotInSubgroup)
        }
    }
}
