//! The point encodings the `zkcrypto` and `serde` features use, one small codec per curve:
//! BLS12-381 in the ZCash format (through the generic decoders of
//! [`encoding`](crate::curve::short_weierstrass::encoding)), BN254 in arkworks'
//! `CanonicalSerialize` format. Until every curve implements
//! [`PointEncoding`](crate::curve::PointEncoding), this is the one place that names the formats;
//! each `impl PointCodec` is to become a call of `PointEncoding`.

use core::fmt::Debug;

use subtle::{Choice, ConditionallySelectable};

use crate::curve::short_weierstrass::encoding::CoordinateEncoding;
use crate::curve::short_weierstrass::{Affine, SwCurve};
use crate::curves::{bls12_381, bn254};
use crate::error::Error;
use crate::field::fp2::{Fp2, TowerParams};
use crate::field::{Field, FieldParams, Fp};

/// A point encoding of fixed length `L`: a byte array with the traits the zkcrypto encodings
/// require (`Default`, which `[u8; L]` lacks for `L > 32`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PointBytes<const L: usize>(pub [u8; L]);

impl<const L: usize> Default for PointBytes<L> {
    fn default() -> Self {
        PointBytes([0; L])
    }
}

impl<const L: usize> AsRef<[u8]> for PointBytes<L> {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl<const L: usize> AsMut<[u8]> for PointBytes<L> {
    fn as_mut(&mut self) -> &mut [u8] {
        &mut self.0
    }
}

impl<const L: usize> Debug for PointBytes<L> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("0x")?;
        self.0.iter().try_for_each(|b| write!(f, "{b:02x}"))
    }
}

/// What an encoding type must offer.
pub trait EncodingBytes: Copy + Default + Debug + Eq + Send + Sync + 'static + AsRef<[u8]> + AsMut<[u8]> {}
impl<const L: usize> EncodingBytes for PointBytes<L> {}

/// A curve's own compressed and uncompressed point encodings. Decoders check length, flags,
/// canonical coordinates and the curve equation, and the subgroup when `checked`.
pub trait PointCodec: SwCurve {
    /// The compressed encoding.
    type Compressed: EncodingBytes;
    /// The uncompressed encoding.
    type Uncompressed: EncodingBytes;
    /// Encodes compressed.
    fn compress(p: &Affine<Self>) -> Self::Compressed;
    /// Encodes uncompressed.
    fn uncompress(p: &Affine<Self>) -> Self::Uncompressed;
    /// Decodes a compressed point.
    fn decompress(bytes: &[u8], checked: bool) -> Result<Affine<Self>, Error>;
    /// Decodes an uncompressed point.
    fn decode_uncompressed(bytes: &[u8], checked: bool) -> Result<Affine<Self>, Error>;
}

/// The ZCash format of BLS12-381 (`$c`/`$u` bytes).
macro_rules! zcash_codec {
    ($curve:ty, $c:literal, $u:literal) => {
        impl PointCodec for $curve {
            type Compressed = PointBytes<$c>;
            type Uncompressed = PointBytes<$u>;
            fn compress(p: &Affine<Self>) -> PointBytes<$c> {
                let mut out = PointBytes([0; $c]);
                p.write_compressed(&mut out.0);
                out
            }
            fn uncompress(p: &Affine<Self>) -> PointBytes<$u> {
                let mut out = PointBytes([0; $u]);
                p.write_uncompressed(&mut out.0);
                out
            }
            fn decompress(bytes: &[u8], checked: bool) -> Result<Affine<Self>, Error> {
                if checked {
                    Affine::from_compressed(bytes)
                } else {
                    Affine::from_compressed_unchecked(bytes)
                }
            }
            fn decode_uncompressed(bytes: &[u8], checked: bool) -> Result<Affine<Self>, Error> {
                if checked {
                    Affine::from_uncompressed(bytes)
                } else {
                    Affine::from_uncompressed_unchecked(bytes)
                }
            }
        }
    };
}

zcash_codec!(bls12_381::G1Curve, 48, 96);
zcash_codec!(bls12_381::G2Curve, 96, 192);

/// A coordinate in arkworks' little-endian layout: Fp as its canonical integer, Fp2 as
/// `c0 ‖ c1`; the flags go into the top bits of the last byte.
trait LeCoordinate: CoordinateEncoding {
    fn write_le(&self, out: &mut [u8]);
    fn read_le(bytes: &[u8]) -> Result<Self, Error>;
}

impl<P: FieldParams<N>, const N: usize> LeCoordinate for Fp<P, N> {
    fn write_le(&self, out: &mut [u8]) {
        out.copy_from_slice(&self.to_bytes_le());
    }
    fn read_le(bytes: &[u8]) -> Result<Self, Error> {
        Fp::from_bytes_le(bytes)
    }
}

impl<T: TowerParams<N>, const N: usize> LeCoordinate for Fp2<T, N> {
    fn write_le(&self, out: &mut [u8]) {
        let (lo, hi) = out.split_at_mut(8 * N);
        self.c0.write_le(lo);
        self.c1.write_le(hi);
    }
    fn read_le(bytes: &[u8]) -> Result<Self, Error> {
        let (lo, hi) = bytes.split_at(8 * N);
        Ok(Fp2::new(Fp::from_bytes_le(lo)?, Fp::from_bytes_le(hi)?))
    }
}

/// arkworks' `SWFlags`: bit 7 of the last byte "y is negative" (`y > −y`), bit 6 infinity.
const ARK_NEGATIVE: u8 = 0x80;
const ARK_INFINITY: u8 = 0x40;

fn check_len(bytes: &[u8], expected: usize) -> Result<(), Error> {
    if bytes.len() != expected {
        return Err(Error::Length { expected, got: bytes.len() });
    }
    Ok(())
}

/// The arkworks flags byte of a point: infinity, or the sign of `y`.
fn ark_flags<C: SwCurve>(p: &Affine<C>) -> u8
where
    C::Base: CoordinateEncoding,
{
    let negative = p.y.is_lexicographically_largest() & !p.infinity;
    u8::conditional_select(&0, &ARK_NEGATIVE, negative) | u8::conditional_select(&0, &ARK_INFINITY, p.infinity)
}

/// arkworks compressed: `x` little-endian with the flags in the last byte (infinity: `x = 0`).
fn ark_compress<C: SwCurve>(p: &Affine<C>, out: &mut [u8])
where
    C::Base: LeCoordinate,
{
    C::Base::conditional_select(&p.x, &C::Base::ZERO, p.infinity).write_le(out);
    out[out.len() - 1] |= ark_flags(p);
}

/// arkworks uncompressed: `x ‖ y` little-endian, the flags in the last byte of `y`.
fn ark_uncompress<C: SwCurve>(p: &Affine<C>, out: &mut [u8])
where
    C::Base: LeCoordinate,
{
    let (xo, yo) = out.split_at_mut(C::Base::SIZE);
    C::Base::conditional_select(&p.x, &C::Base::ZERO, p.infinity).write_le(xo);
    C::Base::conditional_select(&p.y, &C::Base::ZERO, p.infinity).write_le(yo);
    out[out.len() - 1] |= ark_flags(p);
}

/// Splits off the flags of the last byte; for infinity (which must not also be negative),
/// requires every other bit zero.
fn ark_strip_flags(bytes: &[u8], buf: &mut [u8]) -> Result<Option<bool>, Error> {
    buf.copy_from_slice(bytes);
    let last = buf.len() - 1;
    let flags = buf[last] & (ARK_NEGATIVE | ARK_INFINITY);
    buf[last] &= !(ARK_NEGATIVE | ARK_INFINITY);
    if flags & ARK_INFINITY != 0 {
        if flags & ARK_NEGATIVE != 0 || buf.iter().any(|&b| b != 0) {
            return Err(Error::InvalidFlags);
        }
        return Ok(None);
    }
    Ok(Some(flags & ARK_NEGATIVE != 0))
}

fn ark_decompress<C: SwCurve>(bytes: &[u8], checked: bool) -> Result<Affine<C>, Error>
where
    C::Base: LeCoordinate,
{
    check_len(bytes, C::Base::SIZE)?;
    let mut buf = [0u8; 64];
    let buf = &mut buf[..C::Base::SIZE];
    let Some(negative) = ark_strip_flags(bytes, buf)? else {
        return Ok(Affine::identity());
    };
    let x = C::Base::read_le(buf)?;
    let y2 = x.square() * x + C::B;
    let y = Option::<C::Base>::from(crate::field::SqrtField::sqrt(&y2)).ok_or(Error::NotOnCurve)?;
    let flip = y.is_lexicographically_largest() ^ Choice::from(negative as u8);
    let p = Affine::from_xy_unchecked(x, C::Base::conditional_select(&y, &-y, flip));
    subgroup(p, checked)
}

fn ark_decode_uncompressed<C: SwCurve>(bytes: &[u8], checked: bool) -> Result<Affine<C>, Error>
where
    C::Base: LeCoordinate,
{
    check_len(bytes, 2 * C::Base::SIZE)?;
    let mut buf = [0u8; 128];
    let buf = &mut buf[..2 * C::Base::SIZE];
    let Some(negative) = ark_strip_flags(bytes, buf)? else {
        return Ok(Affine::identity());
    };
    let (xb, yb) = buf.split_at(C::Base::SIZE);
    let (x, y) = (C::Base::read_le(xb)?, C::Base::read_le(yb)?);
    let p = Option::<Affine<C>>::from(Affine::from_xy(x, y)).ok_or(Error::NotOnCurve)?;
    // The sign flag is redundant here; a wrong one is a malformed encoding.
    if bool::from(y.is_lexicographically_largest()) != negative {
        return Err(Error::InvalidFlags);
    }
    subgroup(p, checked)
}

fn subgroup<C: SwCurve>(p: Affine<C>, checked: bool) -> Result<Affine<C>, Error> {
    if checked && !C::is_torsion_free_vartime(&p.to_projective()) {
        return Err(Error::NotInSubgroup);
    }
    Ok(p)
}

/// arkworks' `CanonicalSerialize` format of BN254 (`$c`/`$u` bytes).
macro_rules! ark_codec {
    ($curve:ty, $c:literal, $u:literal) => {
        impl PointCodec for $curve {
            type Compressed = PointBytes<$c>;
            type Uncompressed = PointBytes<$u>;
            fn compress(p: &Affine<Self>) -> PointBytes<$c> {
                let mut out = PointBytes([0; $c]);
                ark_compress(p, &mut out.0);
                out
            }
            fn uncompress(p: &Affine<Self>) -> PointBytes<$u> {
                let mut out = PointBytes([0; $u]);
                ark_uncompress(p, &mut out.0);
                out
            }
            fn decompress(bytes: &[u8], checked: bool) -> Result<Affine<Self>, Error> {
                ark_decompress(bytes, checked)
            }
            fn decode_uncompressed(bytes: &[u8], checked: bool) -> Result<Affine<Self>, Error> {
                ark_decode_uncompressed(bytes, checked)
            }
        }
    };
}

ark_codec!(bn254::G1Curve, 32, 64);
ark_codec!(bn254::G2Curve, 64, 128);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::Group;
    use alloc::vec::Vec;
    use rand::SeedableRng;

    fn round_trip<C: PointCodec>(seed: u64) {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
        let mut points = alloc::vec![Affine::<C>::identity(), Affine::generator()];
        for _ in 0..8 {
            points.push(crate::curve::short_weierstrass::Projective::<C>::random(&mut rng).to_affine());
        }
        for p in points {
            let c = C::compress(&p);
            let u = C::uncompress(&p);
            assert_eq!(C::decompress(c.as_ref(), true), Ok(p));
            assert_eq!(C::decode_uncompressed(u.as_ref(), true), Ok(p));
            assert_eq!(
                C::decompress(&c.as_ref()[1..], true),
                Err(Error::Length { expected: c.as_ref().len(), got: c.as_ref().len() - 1 })
            );
        }
    }

    #[test]
    fn codecs_round_trip() {
        round_trip::<bls12_381::G1Curve>(1);
        round_trip::<bls12_381::G2Curve>(2);
        round_trip::<bn254::G1Curve>(3);
        round_trip::<bn254::G2Curve>(4);
    }

    /// BN254 points encode exactly as arkworks' `CanonicalSerialize`, compressed and not.
    #[test]
    fn bn254_matches_arkworks() {
        use ark_ec::{AffineRepr, CurveGroup};
        use ark_ff::PrimeField as _;
        use ark_serialize::CanonicalSerialize;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(9);
        for i in 0..6 {
            let k = if i == 0 { bn254::Fr::ZERO } else { <bn254::Fr as Field>::random(&mut rng) };
            let ak = ark_bn254::Fr::from_le_bytes_mod_order(&k.to_bytes_le());
            let p1 = (bn254::G1Projective::generator() * k).to_affine();
            let a1 = (ark_bn254::G1Affine::generator() * ak).into_affine();
            let p2 = (bn254::G2Projective::generator() * k).to_affine();
            let a2 = (ark_bn254::G2Affine::generator() * ak).into_affine();
            let (mut c1, mut u1, mut c2, mut u2) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
            a1.serialize_compressed(&mut c1).unwrap();
            a1.serialize_uncompressed(&mut u1).unwrap();
            a2.serialize_compressed(&mut c2).unwrap();
            a2.serialize_uncompressed(&mut u2).unwrap();
            assert_eq!(bn254::G1Curve::compress(&p1).as_ref(), &c1[..]);
            assert_eq!(bn254::G1Curve::uncompress(&p1).as_ref(), &u1[..]);
            assert_eq!(bn254::G2Curve::compress(&p2).as_ref(), &c2[..]);
            assert_eq!(bn254::G2Curve::uncompress(&p2).as_ref(), &u2[..]);
        }
    }

    #[test]
    fn ark_infinity_is_strict() {
        let mut c = bn254::G1Curve::compress(&Affine::identity());
        assert_eq!(c.0[31], ARK_INFINITY);
        c.0[0] = 1;
        assert_eq!(bn254::G1Curve::decompress(&c.0, true), Err(Error::InvalidFlags));
        let mut c = bn254::G1Curve::compress(&Affine::identity());
        c.0[31] |= ARK_NEGATIVE;
        assert_eq!(bn254::G1Curve::decompress(&c.0, true), Err(Error::InvalidFlags));
    }
}
