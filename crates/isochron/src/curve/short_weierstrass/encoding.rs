//! Point encodings that validate: the ZCash/Ethereum BLS12-381 format (compressed and
//! uncompressed, three flag bits; ZCash `bls12_381` crate notes "Serialization", adopted by
//! the Ethereum consensus specs) and plain big-endian `x ‖ y` with the all-zero identity (the
//! EVM's BN254 precompiles, EIP-196/197), and the EIP-2537 padded encoding of the BLS12-381
//! precompiles (each Fp element in 64 big-endian bytes whose top bytes are zero, Fp2 as `c0 ‖ c1`,
//! a point as `x ‖ y`, the identity all zeros).
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
    /// Size of the EIP-2537 padded encoding: 64 bytes per Fp coefficient.
    const PADDED_SIZE: usize;
    /// Writes the EIP-2537 padded encoding into `out` (`PADDED_SIZE` bytes): each Fp
    /// coefficient as a 64-byte big-endian integer (zero top bytes), Fp2 as `c0 ‖ c1`.
    fn write_padded(&self, out: &mut [u8]);
    /// Reads `PADDED_SIZE` bytes; a non-zero padding byte makes the integer at least
    /// `2^(64·8 − 16·8) > p`, so it is rejected as [`Error::NonCanonical`], like any value `≥ p`.
    fn read_padded(bytes: &[u8]) -> Result<Self, Error>;
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
    const PADDED_SIZE: usize = PADDED_FP;
    fn write_padded(&self, out: &mut [u8]) {
        let (pad, value) = out.split_at_mut(PADDED_FP - 8 * N);
        pad.fill(0);
        value.copy_from_slice(&self.to_bytes_be());
    }
    fn read_padded(bytes: &[u8]) -> Result<Self, Error> {
        check_len(bytes, PADDED_FP)?;
        let (pad, value) = bytes.split_at(PADDED_FP - 8 * N);
        if pad.iter().any(|&b| b != 0) {
            return Err(Error::NonCanonical);
        }
        Fp::from_bytes_be(value)
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
        check_len(bytes, 16 * N)?;
        let (hi, lo) = bytes.split_at(8 * N);
        Ok(Fp2::new(Fp::from_bytes_be(lo)?, Fp::from_bytes_be(hi)?))
    }
    fn is_lexicographically_largest(&self) -> Choice {
        self.c1.is_lexicographically_largest() | (self.c1.is_zero() & self.c0.is_lexicographically_largest())
    }
    const PADDED_SIZE: usize = 2 * PADDED_FP;
    fn write_padded(&self, out: &mut [u8]) {
        let (lo, hi) = out.split_at_mut(PADDED_FP);
        self.c0.write_padded(lo);
        self.c1.write_padded(hi);
    }
    fn read_padded(bytes: &[u8]) -> Result<Self, Error> {
        check_len(bytes, 2 * PADDED_FP)?;
        let (lo, hi) = bytes.split_at(PADDED_FP);
        Ok(Fp2::new(Fp::read_padded(lo)?, Fp::read_padded(hi)?))
    }
}

/// EIP-2537's size of one Fp coefficient: 64 bytes (16 zero bytes and 48 for BLS12-381).
const PADDED_FP: usize = 64;

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

    /// Length of the EIP-2537 encoding: 128 bytes for BLS12-381 G1, 256 for G2.
    pub const EIP2537_SIZE: usize = 2 * C::Base::PADDED_SIZE;

    /// EIP-2537 encoding into `out` (`EIP2537_SIZE` bytes): `x ‖ y`, each coordinate padded to
    /// 64 bytes per Fp coefficient (Fp2 as `c0 ‖ c1`); the identity is all zeros.
    pub fn write_eip2537(&self, out: &mut [u8]) {
        assert_eq!(out.len(), Self::EIP2537_SIZE, "write_eip2537: wrong output length");
        let x = C::Base::conditional_select(&self.x, &C::Base::ZERO, self.infinity);
        let y = C::Base::conditional_select(&self.y, &C::Base::ZERO, self.infinity);
        let (xo, yo) = out.split_at_mut(C::Base::PADDED_SIZE);
        x.write_padded(xo);
        y.write_padded(yo);
    }

    /// Decodes the EIP-2537 encoding with every check: length, zero padding and canonical
    /// coordinates ([`Error::NonCanonical`]), on the curve, in the subgroup. EIP-2537 requires
    /// the subgroup check for the MSM and pairing precompiles.
    pub fn from_eip2537(bytes: &[u8]) -> Result<Self, Error> {
        Self::check_subgroup(Self::from_eip2537_unchecked(bytes)?)
    }

    /// [`Affine::from_eip2537`] without the subgroup check, which is what EIP-2537 specifies
    /// for G1ADD and G2ADD. **Dangerous** elsewhere: a point on the curve but outside the
    /// prime-order subgroup enables small-subgroup attacks and breaks the scalar
    /// multiplication's and pairing's guarantees; use only where the caller's specification
    /// allows any curve point.
    pub fn from_eip2537_unchecked(bytes: &[u8]) -> Result<Self, Error> {
        check_len(bytes, Self::EIP2537_SIZE)?;
        let (xb, yb) = bytes.split_at(C::Base::PADDED_SIZE);
        let (x, y) = (C::Base::read_padded(xb)?, C::Base::read_padded(yb)?);
        if bytes.iter().all(|&b| b == 0) {
            return Ok(Self::identity());
        }
        Self::on_curve(x, y)
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
