//! The SEC1 encodings of secp256k1 points (SEC 1 v2 §2.3.3–2.3.4): compressed, 33 bytes
//! `0x02 | (y mod 2) ‖ x`; uncompressed, 65 bytes `0x04 ‖ x ‖ y`; coordinates big-endian.
//!
//! Encoders are constant time in the point; the identity, which SEC1 writes as the single byte
//! `0x00`, comes out as an all-zero array, and every decoder rejects it ([`Error::Identity`]).
//! Decoders check, in order: the identity prefix, the prefix ([`Error::InvalidFlags`]), the
//! length ([`Error::Length`]), coordinates below `p` ([`Error::NonCanonical`]), a square root
//! of `x³ + 7` ([`Error::NotASquare`], compressed) or the curve equation
//! ([`Error::NotOnCurve`], uncompressed). The cofactor is 1, so there is no subgroup check and
//! the `_unchecked` decoders are the checked ones.

use super::{FpParams, PointAffine, Secp256k1};
use crate::curve::short_weierstrass::encoding as enc;
use crate::curve::PointEncoding;
use crate::error::Error;

/// A compressed SEC1 point: 33 bytes (SEC 1 v2 §2.3.3).
pub type CompressedPoint = [u8; 33];
/// An uncompressed SEC1 point: 65 bytes (SEC 1 v2 §2.3.3).
pub type UncompressedPoint = [u8; 65];

impl PointAffine {
    /// The compressed SEC1 encoding (SEC 1 v2 §2.3.3 with point compression): 33 bytes; the
    /// identity gives all zeros. Constant time.
    pub fn to_sec1_compressed(&self) -> CompressedPoint {
        enc::sec1_compressed::<FpParams, Secp256k1, _, 4>(self)
    }

    /// The uncompressed SEC1 encoding (SEC 1 v2 §2.3.3 without compression): 65 bytes; the
    /// identity gives all zeros. Constant time.
    pub fn to_sec1_uncompressed(&self) -> UncompressedPoint {
        enc::sec1_uncompressed::<FpParams, Secp256k1, _, 4>(self)
    }

    /// Decodes either SEC1 form, told apart by the prefix (SEC 1 v2 §2.3.4), with every check
    /// (see the module documentation).
    pub fn from_sec1_bytes(bytes: &[u8]) -> Result<Self, Error> {
        enc::sec1_decode::<FpParams, Secp256k1, 4>(bytes)
    }
}

/// SEC1 (SEC 1 v2 §2.3.3–2.3.4): 33 bytes compressed, 65 uncompressed. Cofactor 1: the
/// subgroup check is void, so the `_unchecked` decoders are the checked ones.
impl PointEncoding for PointAffine {
    type Compressed = CompressedPoint;
    type Uncompressed = UncompressedPoint;

    fn to_compressed(&self) -> CompressedPoint {
        self.to_sec1_compressed()
    }
    fn to_uncompressed(&self) -> UncompressedPoint {
        self.to_sec1_uncompressed()
    }
    fn from_compressed(bytes: &[u8]) -> Result<Self, Error> {
        enc::sec1_decode_form::<FpParams, Secp256k1, 4>(bytes, true)
    }
    fn from_compressed_unchecked(bytes: &[u8]) -> Result<Self, Error> {
        Self::from_compressed(bytes)
    }
    fn from_uncompressed(bytes: &[u8]) -> Result<Self, Error> {
        enc::sec1_decode_form::<FpParams, Secp256k1, 4>(bytes, false)
    }
    fn from_uncompressed_unchecked(bytes: &[u8]) -> Result<Self, Error> {
        Self::from_uncompressed(bytes)
    }
}
