//! Crate-private building blocks of the named curves' point encodings. The public encodings
//! are declared by each curve (`curves/bls12_381/encoding.rs`, `curves/bn254/encoding.rs`),
//! which picks the formats that belong to it; this module only avoids writing each format twice
//! (once for G1 over Fp, once for G2 over Fp2):
//!
//! - [`CoordinateEncoding`]: a coordinate as big-endian bytes (Fp2 as `c1 ‖ c0`, the ZCash and
//!   EIP-197 order), as little-endian bytes (Fp2 as `c0 ‖ c1`, the arkworks order) and padded
//!   to 64 bytes per Fp coefficient (EIP-2537, Fp2 as `c0 ‖ c1`);
//! - the ZCash flag format, three flag bits in the first byte (ZCash `bls12_381` crate notes
//!   "Serialization"; draft-irtf-cfrg-pairing-friendly-curves-11 Appendix C);
//! - the arkworks `CanonicalSerialize` format of short Weierstrass points (ark-ec 0.6
//!   `SWFlags`): little-endian coordinates, infinity (`0x40`) and "y is the larger root"
//!   (`0x80`) in the top two bits of the last byte;
//! - plain big-endian `x ‖ y` with the all-zero identity (EIP-196/197) and its EIP-2537 padded
//!   variant;
//! - SEC1 (SEC 1 v2 §2.3.3–2.3.4), for curves over a prime field: a prefix byte, then `x` (and
//!   `y`) big-endian: compressed `0x02 | (y mod 2) ‖ x`, uncompressed `0x04 ‖ x ‖ y`.
//!
//! Each flag format needs spare bits at the top of the coordinate's encoding (three for ZCash,
//! two for arkworks); a compile-time assertion rejects a field without them, so a format cannot
//! be applied to a curve where a flag bit would be a value bit (the ZCash sort bit `0x20` is
//! a value bit of BN254's 254-bit p).
//!
//! Encoders are constant time in the point (the flags are selected with [`Choice`]); decoders
//! take public bytes. Every decoder checks, in order: length, flags, canonical coordinates (each
//! `< p`), the curve equation, and (in the per-curve wrappers, through [`check_subgroup`]) the
//! subgroup, and reports the first failure as an [`Error`]. No function here panics on input:
//! output sizes are checked at compile time against the coordinate field.

use core::mem::size_of;

use subtle::{Choice, ConditionallySelectable};

use super::{Affine, SwCurve};
use crate::curve::ByteArray;
use crate::error::Error;
use crate::field::fp2::{Fp2, TowerParams};
use crate::field::{Field, FieldParams, Fp, SqrtField};

/// A coordinate field with the byte encodings of the named curves' formats.
pub(crate) trait CoordinateEncoding: SqrtField {
    /// Size of the big- or little-endian encoding in bytes (`8·N` per Fp coefficient).
    const SIZE: usize;
    /// The number of unused top bits of each Fp coefficient's encoding (`64·N − ⌈log₂ p⌉`).
    const SPARE_BITS: u32;
    /// Size of the EIP-2537 padded encoding: 64 bytes per Fp coefficient.
    const PADDED_SIZE: usize;

    /// Writes the big-endian encoding (Fp2 as `c1 ‖ c0`) into `out` (`SIZE` bytes).
    fn write_be(&self, out: &mut [u8]);
    /// Reads the big-endian encoding: [`Error::Length`] unless `SIZE` bytes,
    /// [`Error::NonCanonical`] for a coefficient `≥ p`.
    fn read_be(bytes: &[u8]) -> Result<Self, Error>;
    /// Writes the little-endian encoding (Fp2 as `c0 ‖ c1`, each little-endian) into `out`
    /// (`SIZE` bytes).
    fn write_le(&self, out: &mut [u8]);
    /// Reads the little-endian encoding, with the checks of [`CoordinateEncoding::read_be`].
    fn read_le(bytes: &[u8]) -> Result<Self, Error>;
    /// Writes the EIP-2537 padded encoding into `out` (`PADDED_SIZE` bytes): each Fp
    /// coefficient as a 64-byte big-endian integer (zero top bytes), Fp2 as `c0 ‖ c1`.
    fn write_padded(&self, out: &mut [u8]);
    /// Reads `PADDED_SIZE` bytes; a non-zero padding byte makes the integer at least
    /// `2^(8·(8N)) > p`, so it is rejected as [`Error::NonCanonical`], like any value `≥ p`.
    fn read_padded(bytes: &[u8]) -> Result<Self, Error>;
    /// Whether the element is "lexicographically largest", greater than its negation comparing
    /// the most significant coefficient first (Fp2: `c1`, then `c0` if `c1 = 0`): the ZCash sort
    /// flag and arkworks' `SWFlags::YIsNegative` (`y > −y`).
    fn is_lexicographically_largest(&self) -> Choice;
}

/// EIP-2537's size of one Fp coefficient: 64 bytes (16 zero bytes and 48 for BLS12-381).
const PADDED_FP: usize = 64;

impl<P: FieldParams<N>, const N: usize> CoordinateEncoding for Fp<P, N> {
    const SIZE: usize = 8 * N;
    const SPARE_BITS: u32 = 64 * N as u32 - P::MODULUS_BITS;
    const PADDED_SIZE: usize = PADDED_FP;

    fn write_be(&self, out: &mut [u8]) {
        out.copy_from_slice(&self.to_bytes_be());
    }
    fn read_be(bytes: &[u8]) -> Result<Self, Error> {
        Fp::from_bytes_be(bytes)
    }
    fn write_le(&self, out: &mut [u8]) {
        out.copy_from_slice(&self.to_bytes_le());
    }
    fn read_le(bytes: &[u8]) -> Result<Self, Error> {
        Fp::from_bytes_le(bytes)
    }
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
    fn is_lexicographically_largest(&self) -> Choice {
        Fp::is_lexicographically_largest(self)
    }
}

impl<T: TowerParams<N>, const N: usize> CoordinateEncoding for Fp2<T, N> {
    const SIZE: usize = 16 * N;
    const SPARE_BITS: u32 = <Fp<T::Fp, N> as CoordinateEncoding>::SPARE_BITS;
    const PADDED_SIZE: usize = 2 * PADDED_FP;

    fn write_be(&self, out: &mut [u8]) {
        let (hi, lo) = out.split_at_mut(8 * N);
        self.c1.write_be(hi);
        self.c0.write_be(lo);
    }
    fn read_be(bytes: &[u8]) -> Result<Self, Error> {
        check_len(bytes, Self::SIZE)?;
        let (hi, lo) = bytes.split_at(8 * N);
        Ok(Fp2::new(Fp::read_be(lo)?, Fp::read_be(hi)?))
    }
    fn write_le(&self, out: &mut [u8]) {
        let (lo, hi) = out.split_at_mut(8 * N);
        self.c0.write_le(lo);
        self.c1.write_le(hi);
    }
    fn read_le(bytes: &[u8]) -> Result<Self, Error> {
        check_len(bytes, Self::SIZE)?;
        let (lo, hi) = bytes.split_at(8 * N);
        Ok(Fp2::new(Fp::read_le(lo)?, Fp::read_le(hi)?))
    }
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
    fn is_lexicographically_largest(&self) -> Choice {
        self.c1.is_lexicographically_largest() | (self.c1.is_zero() & self.c0.is_lexicographically_largest())
    }
}

/// [`Error::Length`] unless `bytes` has `expected` bytes.
pub(crate) fn check_len(bytes: &[u8], expected: usize) -> Result<(), Error> {
    if bytes.len() != expected {
        return Err(Error::Length { expected, got: bytes.len() });
    }
    Ok(())
}

/// `bytes` copied into a fixed array `B`, or [`Error::Length`].
fn to_array<B: ByteArray>(bytes: &[u8]) -> Result<B, Error> {
    check_len(bytes, size_of::<B>())?;
    let mut out = B::ZERO;
    out.as_mut().copy_from_slice(bytes);
    Ok(out)
}

/// The coordinates, `(0, 0)` for the identity; constant time.
fn xy_or_zero<C: SwCurve>(p: &Affine<C>) -> (C::Base, C::Base) {
    (
        C::Base::conditional_select(&p.x, &C::Base::ZERO, p.infinity),
        C::Base::conditional_select(&p.y, &C::Base::ZERO, p.infinity),
    )
}

/// The point `(x, y)` if it satisfies the curve equation, else [`Error::NotOnCurve`].
fn on_curve<C: SwCurve>(x: C::Base, y: C::Base) -> Result<Affine<C>, Error> {
    Option::from(Affine::from_xy(x, y)).ok_or(Error::NotOnCurve)
}

/// The point with the root `y` of `x³ + ax + b` of the requested sign (`largest`: the
/// lexicographically largest root), or [`Error::NotOnCurve`] if `x³ + ax + b` is not a square.
fn decompress<C: SwCurve>(x: C::Base, largest: bool) -> Result<Affine<C>, Error>
where
    C::Base: CoordinateEncoding,
{
    let y2 = x.square() * x + C::B + super::mul_by_a::<C>(&x);
    let y = Option::<C::Base>::from(y2.sqrt()).ok_or(Error::NotOnCurve)?;
    let flip = y.is_lexicographically_largest() ^ Choice::from(largest as u8);
    Ok(Affine::from_xy_unchecked(x, C::Base::conditional_select(&y, &-y, flip)))
}

/// `p` if it lies in the prime-order subgroup ([`SwCurve::is_torsion_free_vartime`]), else
/// [`Error::NotInSubgroup`].
pub(crate) fn check_subgroup<C: SwCurve>(p: Affine<C>) -> Result<Affine<C>, Error> {
    if C::is_torsion_free_vartime(&p.to_projective()) {
        Ok(p)
    } else {
        Err(Error::NotInSubgroup)
    }
}

/// ZCash flag bits in the first byte.
const ZCASH_COMPRESSED: u8 = 0x80;
const ZCASH_INFINITY: u8 = 0x40;
const ZCASH_SORT: u8 = 0x20;
const ZCASH_FLAGS: u8 = ZCASH_COMPRESSED | ZCASH_INFINITY | ZCASH_SORT;

/// The ZCash compressed encoding (`B`: `SIZE` bytes): `x` big-endian with the compression
/// flag, the infinity flag (then every other bit zero) and the sort flag (`y` is the
/// lexicographically largest root). Constant time.
pub(crate) fn zcash_compressed<C: SwCurve, B: ByteArray>(p: &Affine<C>) -> B
where
    C::Base: CoordinateEncoding,
{
    const { assert!(size_of::<B>() == C::Base::SIZE && C::Base::SPARE_BITS >= 3) };
    let mut out = B::ZERO;
    let (x, _) = xy_or_zero(p);
    x.write_be(out.as_mut());
    let sort = p.y.is_lexicographically_largest() & !p.infinity;
    out.as_mut()[0] |= ZCASH_COMPRESSED
        | u8::conditional_select(&0, &ZCASH_INFINITY, p.infinity)
        | u8::conditional_select(&0, &ZCASH_SORT, sort);
    out
}

/// The ZCash uncompressed encoding (`B`: `2·SIZE` bytes): `x ‖ y` big-endian, or the infinity
/// flag followed by zeros. Constant time.
pub(crate) fn zcash_uncompressed<C: SwCurve, B: ByteArray>(p: &Affine<C>) -> B
where
    C::Base: CoordinateEncoding,
{
    let mut out: B = xy_be(p);
    const { assert!(C::Base::SPARE_BITS >= 3) };
    out.as_mut()[0] |= u8::conditional_select(&0, &ZCASH_INFINITY, p.infinity);
    out
}

/// Decodes the ZCash compressed encoding (`B`: its size) without the subgroup check: length,
/// flags (compression set; infinity with no sort flag and every other bit zero), `x < p`,
/// `x³ + b` a square.
pub(crate) fn zcash_from_compressed_unchecked<C: SwCurve, B: ByteArray>(bytes: &[u8]) -> Result<Affine<C>, Error>
where
    C::Base: CoordinateEncoding,
{
    const { assert!(size_of::<B>() == C::Base::SIZE && C::Base::SPARE_BITS >= 3) };
    let mut buf: B = to_array(bytes)?;
    let buf = buf.as_mut();
    let flags = buf[0] & ZCASH_FLAGS;
    buf[0] &= !ZCASH_FLAGS;
    if flags & ZCASH_COMPRESSED == 0 {
        return Err(Error::InvalidFlags);
    }
    if flags & ZCASH_INFINITY != 0 {
        if flags & ZCASH_SORT != 0 || buf.iter().any(|&b| b != 0) {
            return Err(Error::InvalidFlags);
        }
        return Ok(Affine::identity());
    }
    decompress(C::Base::read_be(buf)?, flags & ZCASH_SORT != 0)
}

/// Decodes the ZCash uncompressed encoding (`B`: its size) without the subgroup check: length,
/// flags (no compression or sort flag; infinity with every other bit zero), `x, y < p`, on the
/// curve.
pub(crate) fn zcash_from_uncompressed_unchecked<C: SwCurve, B: ByteArray>(bytes: &[u8]) -> Result<Affine<C>, Error>
where
    C::Base: CoordinateEncoding,
{
    const { assert!(size_of::<B>() == 2 * C::Base::SIZE && C::Base::SPARE_BITS >= 3) };
    let mut buf: B = to_array(bytes)?;
    let buf = buf.as_mut();
    let flags = buf[0] & ZCASH_FLAGS;
    buf[0] &= !ZCASH_FLAGS;
    if flags & (ZCASH_COMPRESSED | ZCASH_SORT) != 0 {
        return Err(Error::InvalidFlags);
    }
    if flags & ZCASH_INFINITY != 0 {
        if buf.iter().any(|&b| b != 0) {
            return Err(Error::InvalidFlags);
        }
        return Ok(Affine::identity());
    }
    let (xb, yb) = buf.split_at(C::Base::SIZE);
    on_curve(C::Base::read_be(xb)?, C::Base::read_be(yb)?)
}

/// Plain big-endian `x ‖ y` (`B`: `2·SIZE` bytes), the identity all zeros (EIP-196/197).
/// Constant time.
pub(crate) fn xy_be<C: SwCurve, B: ByteArray>(p: &Affine<C>) -> B
where
    C::Base: CoordinateEncoding,
{
    const { assert!(size_of::<B>() == 2 * C::Base::SIZE) };
    let mut out = B::ZERO;
    let (x, y) = xy_or_zero(p);
    let (xo, yo) = out.as_mut().split_at_mut(C::Base::SIZE);
    x.write_be(xo);
    y.write_be(yo);
    out
}

/// Decodes plain big-endian `x ‖ y` (all zeros: the identity) without the subgroup check:
/// length, `x, y < p`, on the curve (EIP-196/197).
pub(crate) fn xy_be_decode_unchecked<C: SwCurve>(bytes: &[u8]) -> Result<Affine<C>, Error>
where
    C::Base: CoordinateEncoding,
{
    check_len(bytes, 2 * C::Base::SIZE)?;
    let (xb, yb) = bytes.split_at(C::Base::SIZE);
    let (x, y) = (C::Base::read_be(xb)?, C::Base::read_be(yb)?);
    if bytes.iter().all(|&b| b == 0) {
        return Ok(Affine::identity());
    }
    on_curve(x, y)
}

/// The EIP-2537 encoding (`B`: `2·PADDED_SIZE` bytes): `x ‖ y`, each Fp coefficient padded to
/// 64 big-endian bytes, Fp2 as `c0 ‖ c1`; the identity all zeros. Constant time.
pub(crate) fn eip2537<C: SwCurve, B: ByteArray>(p: &Affine<C>) -> B
where
    C::Base: CoordinateEncoding,
{
    const { assert!(size_of::<B>() == 2 * C::Base::PADDED_SIZE) };
    let mut out = B::ZERO;
    let (x, y) = xy_or_zero(p);
    let (xo, yo) = out.as_mut().split_at_mut(C::Base::PADDED_SIZE);
    x.write_padded(xo);
    y.write_padded(yo);
    out
}

/// Decodes the EIP-2537 encoding without the subgroup check: length, zero padding and
/// canonical coordinates ([`Error::NonCanonical`]), on the curve (all zeros: the identity).
pub(crate) fn eip2537_decode_unchecked<C: SwCurve>(bytes: &[u8]) -> Result<Affine<C>, Error>
where
    C::Base: CoordinateEncoding,
{
    check_len(bytes, 2 * C::Base::PADDED_SIZE)?;
    let (xb, yb) = bytes.split_at(C::Base::PADDED_SIZE);
    let (x, y) = (C::Base::read_padded(xb)?, C::Base::read_padded(yb)?);
    if bytes.iter().all(|&b| b == 0) {
        return Ok(Affine::identity());
    }
    on_curve(x, y)
}

/// arkworks `SWFlags` bits in the last byte: `PointAtInfinity` and `YIsNegative` (`y > −y`).
const ARK_INFINITY: u8 = 0x40;
const ARK_Y_NEGATIVE: u8 = 0x80;
const ARK_FLAGS: u8 = ARK_INFINITY | ARK_Y_NEGATIVE;

/// The arkworks flags of a point, constant time: infinity, else `YIsNegative` when `y` is the
/// lexicographically largest root.
fn ark_flags<C: SwCurve>(p: &Affine<C>) -> u8
where
    C::Base: CoordinateEncoding,
{
    let negative = p.y.is_lexicographically_largest() & !p.infinity;
    u8::conditional_select(&0, &ARK_INFINITY, p.infinity) | u8::conditional_select(&0, &ARK_Y_NEGATIVE, negative)
}

/// The arkworks compressed encoding (`B`: `SIZE` bytes): `x` little-endian (Fp2 as `c0 ‖ c1`)
/// with the flags in the top two bits of the last byte; the identity is `x = 0` with the
/// infinity flag. Constant time.
pub(crate) fn ark_compressed<C: SwCurve, B: ByteArray>(p: &Affine<C>) -> B
where
    C::Base: CoordinateEncoding,
{
    const { assert!(size_of::<B>() == C::Base::SIZE && C::Base::SPARE_BITS >= 2) };
    let mut out = B::ZERO;
    let (x, _) = xy_or_zero(p);
    x.write_le(out.as_mut());
    out.as_mut()[C::Base::SIZE - 1] |= ark_flags(p);
    out
}

/// The arkworks uncompressed encoding (`B`: `2·SIZE` bytes): `x ‖ y` little-endian with the
/// flags in the top two bits of the last byte (of `y`); the identity is `(0, 0)` with the
/// infinity flag. Constant time.
pub(crate) fn ark_uncompressed<C: SwCurve, B: ByteArray>(p: &Affine<C>) -> B
where
    C::Base: CoordinateEncoding,
{
    const { assert!(size_of::<B>() == 2 * C::Base::SIZE && C::Base::SPARE_BITS >= 2) };
    let mut out = B::ZERO;
    let (x, y) = xy_or_zero(p);
    let (xo, yo) = out.as_mut().split_at_mut(C::Base::SIZE);
    x.write_le(xo);
    y.write_le(yo);
    out.as_mut()[2 * C::Base::SIZE - 1] |= ark_flags(p);
    out
}

/// Splits the flags off the last byte: [`Error::InvalidFlags`] for both set (arkworks rejects
/// it too: one encoding of the identity).
fn take_ark_flags(buf: &mut [u8]) -> Result<u8, Error> {
    let last = buf.last_mut().ok_or(Error::Length { expected: 1, got: 0 })?;
    let flags = *last & ARK_FLAGS;
    *last &= !ARK_FLAGS;
    if flags == ARK_FLAGS {
        return Err(Error::InvalidFlags);
    }
    Ok(flags)
}

/// Decodes the arkworks compressed encoding (`B`: its size) without the subgroup check: length,
/// flags, `x < p`, `x³ + b` a square. Stricter than arkworks on one point, so that every point
/// has exactly one encoding: the identity must have `x = 0` (arkworks ignores `x` when the
/// infinity flag is set).
pub(crate) fn ark_from_compressed_unchecked<C: SwCurve, B: ByteArray>(bytes: &[u8]) -> Result<Affine<C>, Error>
where
    C::Base: CoordinateEncoding,
{
    const { assert!(size_of::<B>() == C::Base::SIZE && C::Base::SPARE_BITS >= 2) };
    let mut buf: B = to_array(bytes)?;
    let buf = buf.as_mut();
    let flags = take_ark_flags(buf)?;
    let x = C::Base::read_le(buf)?;
    if flags & ARK_INFINITY != 0 {
        return if bool::from(x.is_zero()) { Ok(Affine::identity()) } else { Err(Error::InvalidFlags) };
    }
    decompress(x, flags & ARK_Y_NEGATIVE != 0)
}

/// Decodes the arkworks uncompressed encoding (`B`: its size) without the subgroup check:
/// length, flags, `x, y < p`, on the curve. Stricter than arkworks, so that every point has
/// exactly one encoding: the identity must be `(0, 0)`, and the sign flag must be the one of
/// `y` (arkworks ignores both).
pub(crate) fn ark_from_uncompressed_unchecked<C: SwCurve, B: ByteArray>(bytes: &[u8]) -> Result<Affine<C>, Error>
where
    C::Base: CoordinateEncoding,
{
    const { assert!(size_of::<B>() == 2 * C::Base::SIZE && C::Base::SPARE_BITS >= 2) };
    let mut buf: B = to_array(bytes)?;
    let buf = buf.as_mut();
    let flags = take_ark_flags(buf)?;
    let (xb, yb) = buf.split_at(C::Base::SIZE);
    let (x, y) = (C::Base::read_le(xb)?, C::Base::read_le(yb)?);
    if flags & ARK_INFINITY != 0 {
        return if bool::from(x.is_zero() & y.is_zero()) { Ok(Affine::identity()) } else { Err(Error::InvalidFlags) };
    }
    if bool::from(y.is_lexicographically_largest()) != (flags & ARK_Y_NEGATIVE != 0) {
        return Err(Error::InvalidFlags);
    }
    on_curve(x, y)
}

/// SEC1 prefix of a compressed point with even `y` (SEC 1 v2 §2.3.3 step 3.2); `| 1` for odd.
const SEC1_COMPRESSED_EVEN: u8 = 0x02;
/// SEC1 prefix of an uncompressed point (SEC 1 v2 §2.3.3 step 3.3).
const SEC1_UNCOMPRESSED: u8 = 0x04;

/// The SEC1 compressed encoding (SEC 1 v2 §2.3.3, point compression used):
/// `0x02 | (y mod 2) ‖ x`, `x` big-endian; `B` has `1 + 8N` bytes (checked at compile time).
/// SEC1 encodes the identity as the single byte `0x00`; in a fixed array it is all zeros
/// (prefix `0x00`), which every SEC1 decoder rejects. Constant time in the point.
pub(crate) fn sec1_compressed<P, C, B, const N: usize>(p: &Affine<C>) -> B
where
    P: FieldParams<N>,
    C: SwCurve<Base = Fp<P, N>>,
    B: ByteArray,
{
    const { assert!(size_of::<B>() == 1 + 8 * N, "SEC1 compressed size") };
    let mut out = B::ZERO;
    let (x, y) = xy_or_zero(p);
    let buf = out.as_mut();
    buf[1..].copy_from_slice(&x.to_bytes_be());
    let prefix = SEC1_COMPRESSED_EVEN | y.is_odd().unwrap_u8();
    buf[0] = u8::conditional_select(&prefix, &0, p.infinity);
    out
}

/// The SEC1 uncompressed encoding (SEC 1 v2 §2.3.3, no compression): `0x04 ‖ x ‖ y`, both
/// big-endian; `B` has `1 + 16N` bytes. The identity is all zeros, as in [`sec1_compressed`].
/// Constant time in the point.
pub(crate) fn sec1_uncompressed<P, C, B, const N: usize>(p: &Affine<C>) -> B
where
    P: FieldParams<N>,
    C: SwCurve<Base = Fp<P, N>>,
    B: ByteArray,
{
    const { assert!(size_of::<B>() == 1 + 16 * N, "SEC1 uncompressed size") };
    let mut out = B::ZERO;
    let (x, y) = xy_or_zero(p);
    let buf = out.as_mut();
    buf[1..1 + 8 * N].copy_from_slice(&x.to_bytes_be());
    buf[1 + 8 * N..].copy_from_slice(&y.to_bytes_be());
    buf[0] = u8::conditional_select(&SEC1_UNCOMPRESSED, &0, p.infinity);
    out
}

/// Decodes either SEC1 form (SEC 1 v2 §2.3.4) by its prefix: `0x02`/`0x03` and `1 + 8N` bytes,
/// or `0x04` and `1 + 16N` bytes. Checks, in order: a non-empty input ([`Error::Length`]), the
/// identity prefix `0x00` ([`Error::Identity`]: SEC1 can encode it, but it is never a valid
/// key or point here), the prefix ([`Error::InvalidFlags`]; the hybrid forms `0x06`/`0x07`
/// are not accepted), the length for that prefix ([`Error::Length`]), coordinates below `p`
/// ([`Error::NonCanonical`]), and then for a compressed point that `x³ + ax + b` has a square
/// root ([`Error::NotASquare`]), for an uncompressed one the curve equation
/// ([`Error::NotOnCurve`]). For public bytes; never panics. No subgroup check: for curves of
/// cofactor 1 only, where every point of the curve is in the group.
pub(crate) fn sec1_decode<P, C, const N: usize>(bytes: &[u8]) -> Result<Affine<C>, Error>
where
    P: FieldParams<N>,
    C: SwCurve<Base = Fp<P, N>>,
{
    let (&prefix, rest) = bytes.split_first().ok_or(Error::Length { expected: 1 + 8 * N, got: 0 })?;
    match prefix {
        0x00 => Err(Error::Identity),
        0x02 | 0x03 => {
            check_len(bytes, 1 + 8 * N)?;
            let x = Fp::<P, N>::from_bytes_be(rest)?;
            let y2 = x.square() * x + C::B + super::mul_by_a::<C>(&x);
            let y = Option::<Fp<P, N>>::from(y2.sqrt()).ok_or(Error::NotASquare)?;
            // SEC 1 v2 §2.3.4 step 2.4.3: the root whose parity is the prefix's low bit.
            let flip = y.is_odd() ^ Choice::from(prefix & 1);
            Ok(Affine::from_xy_unchecked(x, Fp::conditional_select(&y, &-y, flip)))
        }
        SEC1_UNCOMPRESSED => {
            check_len(bytes, 1 + 16 * N)?;
            let (xb, yb) = rest.split_at(8 * N);
            on_curve(Fp::<P, N>::from_bytes_be(xb)?, Fp::<P, N>::from_bytes_be(yb)?)
        }
        _ => Err(Error::InvalidFlags),
    }
}

/// [`sec1_decode`] restricted to one form: [`Error::InvalidFlags`] for a valid prefix of the
/// other form (after the identity check), so that a compressed decoder never accepts an
/// uncompressed point and the reverse.
pub(crate) fn sec1_decode_form<P, C, const N: usize>(bytes: &[u8], compressed: bool) -> Result<Affine<C>, Error>
where
    P: FieldParams<N>,
    C: SwCurve<Base = Fp<P, N>>,
{
    match bytes.first() {
        Some(0x02 | 0x03) if !compressed => Err(Error::InvalidFlags),
        Some(&SEC1_UNCOMPRESSED) if compressed => Err(Error::InvalidFlags),
        None => Err(Error::Length { expected: if compressed { 1 + 8 * N } else { 1 + 16 * N }, got: 0 }),
        _ => sec1_decode(bytes),
    }
}

/// Declares the SEC1 encodings (SEC 1 v2 §2.3.3–2.3.4) of a prime-order curve's affine points:
/// the `CompressedPoint` (33 bytes) and `UncompressedPoint` (65 bytes) types, the inherent
/// `to_sec1_compressed`, `to_sec1_uncompressed` and `from_sec1_bytes`, and `PointEncoding`
/// (cofactor 1: the `_unchecked` decoders are the checked ones). Used by each curve's
/// `encoding.rs`: `sec1_encoding!(base-field params, curve, affine type)`.
macro_rules! sec1_encoding {
    ($params:ty, $curve:ty, $affine:ty) => {
        /// A compressed SEC1 point: 33 bytes (SEC 1 v2 §2.3.3).
        pub type CompressedPoint = [u8; 33];
        /// An uncompressed SEC1 point: 65 bytes (SEC 1 v2 §2.3.3).
        pub type UncompressedPoint = [u8; 65];

        impl $affine {
            /// The compressed SEC1 encoding (SEC 1 v2 §2.3.3 with point compression): 33 bytes; the
            /// identity gives all zeros. Constant time.
            pub fn to_sec1_compressed(&self) -> CompressedPoint {
                $crate::curve::short_weierstrass::encoding::sec1_compressed::<$params, $curve, _, 4>(self)
            }

            /// The uncompressed SEC1 encoding (SEC 1 v2 §2.3.3 without compression): 65 bytes; the
            /// identity gives all zeros. Constant time.
            pub fn to_sec1_uncompressed(&self) -> UncompressedPoint {
                $crate::curve::short_weierstrass::encoding::sec1_uncompressed::<$params, $curve, _, 4>(self)
            }

            /// Decodes either SEC1 form, told apart by the prefix (SEC 1 v2 §2.3.4), with every check
            /// (see the module documentation).
            pub fn from_sec1_bytes(bytes: &[u8]) -> Result<Self, $crate::error::Error> {
                $crate::curve::short_weierstrass::encoding::sec1_decode::<$params, $curve, 4>(bytes)
            }
        }

        /// SEC1 (SEC 1 v2 §2.3.3–2.3.4): 33 bytes compressed, 65 uncompressed. Cofactor 1: the
        /// subgroup check is void, so the `_unchecked` decoders are the checked ones.
        impl $crate::curve::PointEncoding for $affine {
            type Compressed = CompressedPoint;
            type Uncompressed = UncompressedPoint;

            fn to_compressed(&self) -> CompressedPoint {
                self.to_sec1_compressed()
            }
            fn to_uncompressed(&self) -> UncompressedPoint {
                self.to_sec1_uncompressed()
            }
            fn from_compressed(bytes: &[u8]) -> Result<Self, $crate::error::Error> {
                $crate::curve::short_weierstrass::encoding::sec1_decode_form::<$params, $curve, 4>(bytes, true)
            }
            fn from_compressed_unchecked(bytes: &[u8]) -> Result<Self, $crate::error::Error> {
                Self::from_compressed(bytes)
            }
            fn from_uncompressed(bytes: &[u8]) -> Result<Self, $crate::error::Error> {
                $crate::curve::short_weierstrass::encoding::sec1_decode_form::<$params, $curve, 4>(bytes, false)
            }
            fn from_uncompressed_unchecked(bytes: &[u8]) -> Result<Self, $crate::error::Error> {
                Self::from_uncompressed(bytes)
            }
        }
    };
}
pub(crate) use sec1_encoding;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curves::{bls12_381, bn254};

    /// Coordinate decoders given any length: an error for every wrong one, never a panic.
    #[test]
    fn coordinate_decoders_reject_wrong_lengths() {
        fn check<F: CoordinateEncoding + core::fmt::Debug>() {
            for len in 0..=2 * F::PADDED_SIZE + 1 {
                let bytes = alloc::vec![0u8; len];
                let be = F::read_be(&bytes);
                assert_eq!(be.is_ok(), len == F::SIZE, "read_be, {len} bytes");
                if len != F::SIZE {
                    assert_eq!(be.err(), Some(Error::Length { expected: F::SIZE, got: len }));
                }
                assert_eq!(F::read_padded(&bytes).is_ok(), len == F::PADDED_SIZE, "read_padded, {len} bytes");
            }
        }
        check::<bls12_381::Fp>();
        check::<bls12_381::Fp2>();
        check::<bn254::Fp>();
        check::<bn254::Fp2>();
    }
}
