//! The encodings of BLS12-381 points.
//!
//! - [`PointEncoding`]: the ZCash format (ZCash `bls12_381` crate notes "Serialization";
//!   draft-irtf-cfrg-pairing-friendly-curves-11 Appendix C; the format of the Ethereum consensus
//!   specs and of draft-irtf-cfrg-bls-signature-05 §2.2). Coordinates big-endian (Fp2 as
//!   `c1 ‖ c0`), three flag bits in the top of the first byte, which p's 381 bits leave free:
//!   `0x80` compressed, `0x40` the point at infinity (every other bit zero), `0x20` (compressed
//!   only) `y` is the lexicographically largest root. G1: 48 bytes compressed, 96 uncompressed;
//!   G2: 96 and 192.
//! - `to_eip2537`/`from_eip2537`: the encoding of the EVM's BLS12-381 precompiles (EIP-2537
//!   "Fine points and encoding"): `x ‖ y`, each Fp coefficient a 64-byte big-endian integer with
//!   16 zero top bytes, Fp2 as `c0 ‖ c1`, the identity all zeros. G1: 128 bytes; G2: 256.
//!
//! Encoders are constant time in the point. Decoders check, in order, length
//! ([`Error::Length`]), flags ([`Error::InvalidFlags`]), canonical coordinates `< p`
//! ([`Error::NonCanonical`]), the curve equation ([`Error::NotOnCurve`]) and, except in the
//! `_unchecked` variants, the prime-order subgroup ([`Error::NotInSubgroup`], Scott's
//! endomorphism tests); they never panic.

use super::{G1Affine, G1Curve, G2Affine, G2Curve};
use crate::curve::short_weierstrass::encoding as enc;
use crate::curve::PointEncoding;
use crate::error::Error;

/// BLS12-381 G1 in the ZCash format: 48 bytes compressed, 96 uncompressed (ZCash `bls12_381`
/// notes "Serialization"; draft-irtf-cfrg-pairing-friendly-curves-11 Appendix C).
impl PointEncoding for G1Affine {
    type Compressed = [u8; 48];
    type Uncompressed = [u8; 96];

    fn to_compressed(&self) -> [u8; 48] {
        enc::zcash_compressed(self)
    }
    fn to_uncompressed(&self) -> [u8; 96] {
        enc::zcash_uncompressed(self)
    }
    fn from_compressed(bytes: &[u8]) -> Result<Self, Error> {
        enc::check_subgroup(Self::from_compressed_unchecked(bytes)?)
    }
    fn from_compressed_unchecked(bytes: &[u8]) -> Result<Self, Error> {
        enc::zcash_from_compressed_unchecked::<G1Curve, [u8; 48]>(bytes)
    }
    fn from_uncompressed(bytes: &[u8]) -> Result<Self, Error> {
        enc::check_subgroup(Self::from_uncompressed_unchecked(bytes)?)
    }
    fn from_uncompressed_unchecked(bytes: &[u8]) -> Result<Self, Error> {
        enc::zcash_from_uncompressed_unchecked::<G1Curve, [u8; 96]>(bytes)
    }
}

/// BLS12-381 G2 in the ZCash format: 96 bytes compressed, 192 uncompressed, Fp2 coordinates as
/// `c1 ‖ c0` (ZCash `bls12_381` notes "Serialization"; draft-irtf-cfrg-pairing-friendly-curves-11
/// Appendix C).
impl PointEncoding for G2Affine {
    type Compressed = [u8; 96];
    type Uncompressed = [u8; 192];

    fn to_compressed(&self) -> [u8; 96] {
        enc::zcash_compressed(self)
    }
    fn to_uncompressed(&self) -> [u8; 192] {
        enc::zcash_uncompressed(self)
    }
    fn from_compressed(bytes: &[u8]) -> Result<Self, Error> {
        enc::check_subgroup(Self::from_compressed_unchecked(bytes)?)
    }
    fn from_compressed_unchecked(bytes: &[u8]) -> Result<Self, Error> {
        enc::zcash_from_compressed_unchecked::<G2Curve, [u8; 96]>(bytes)
    }
    fn from_uncompressed(bytes: &[u8]) -> Result<Self, Error> {
        enc::check_subgroup(Self::from_uncompressed_unchecked(bytes)?)
    }
    fn from_uncompressed_unchecked(bytes: &[u8]) -> Result<Self, Error> {
        enc::zcash_from_uncompressed_unchecked::<G2Curve, [u8; 192]>(bytes)
    }
}

impl G1Affine {
    /// The EIP-2537 encoding (128 bytes): `x ‖ y`, each a 64-byte big-endian integer (16 zero
    /// bytes, then the 48-byte coordinate); the identity is all zeros. Constant time.
    pub fn to_eip2537(&self) -> [u8; 128] {
        enc::eip2537(self)
    }

    /// Decodes the EIP-2537 encoding with every check: length, zero padding and canonical
    /// coordinates ([`Error::NonCanonical`]), on the curve, in the subgroup (EIP-2537 requires
    /// the subgroup check for the G1MSM and pairing precompiles).
    pub fn from_eip2537(bytes: &[u8]) -> Result<Self, Error> {
        enc::check_subgroup(Self::from_eip2537_unchecked(bytes)?)
    }

    /// [`G1Affine::from_eip2537`] without the subgroup check, which is what EIP-2537 specifies
    /// for G1ADD. **Dangerous** elsewhere: a point on the curve but outside the prime-order
    /// subgroup enables small-subgroup attacks and breaks the scalar multiplication's and
    /// pairing's guarantees; use only where the caller's specification allows any curve point.
    pub fn from_eip2537_unchecked(bytes: &[u8]) -> Result<Self, Error> {
        enc::eip2537_decode_unchecked(bytes)
    }
}

impl G2Affine {
    /// The EIP-2537 encoding (256 bytes): `x ‖ y`, each Fp2 coordinate as `c0 ‖ c1`, each
    /// coefficient a 64-byte big-endian integer (16 zero bytes, then 48); the identity is all
    /// zeros. Constant time.
    pub fn to_eip2537(&self) -> [u8; 256] {
        enc::eip2537(self)
    }

    /// Decodes the EIP-2537 encoding with every check: length, zero padding and canonical
    /// coordinates ([`Error::NonCanonical`]), on the curve, in the subgroup (EIP-2537 requires
    /// the subgroup check for the G2MSM and pairing precompiles).
    pub fn from_eip2537(bytes: &[u8]) -> Result<Self, Error> {
        enc::check_subgroup(Self::from_eip2537_unchecked(bytes)?)
    }

    /// [`G2Affine::from_eip2537`] without the subgroup check, which is what EIP-2537 specifies
    /// for G2ADD. **Dangerous** elsewhere: see [`G1Affine::from_eip2537_unchecked`].
    pub fn from_eip2537_unchecked(bytes: &[u8]) -> Result<Self, Error> {
        enc::eip2537_decode_unchecked(bytes)
    }
}
