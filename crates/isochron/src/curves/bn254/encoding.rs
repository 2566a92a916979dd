//! The encodings of BN254 points.
//!
//! - [`PointEncoding`]: the arkworks format, byte for byte what `ark-bn254` 0.6 writes with
//!   `CanonicalSerialize` (`ark-ec`'s short Weierstrass serialization with `SWFlags`).
//!   Coordinates little-endian, Fp2 as `c0 ‖ c1`; p's 254 bits leave two flag bits at the top
//!   of the last byte: `0x40` the point at infinity (encoded with zero coordinates), `0x80`
//!   `y > −y` (`y` the lexicographically largest root, comparing `c1` first), set in the
//!   uncompressed encoding too. G1: 32 bytes compressed, 64 uncompressed; G2: 64 and 128. The
//!   decoders are stricter than arkworks' on inputs arkworks never writes, so that every point
//!   has one encoding: the identity must have zero coordinates, and an uncompressed encoding's
//!   sign flag must be the one of its `y`.
//! - `to_evm_bytes`/`from_evm_bytes`: the encoding of the EVM's BN254 precompiles (EIP-196
//!   "Encoding", EIP-197 "Encoding"): `x ‖ y` big-endian, 32 bytes per Fp element, Fp2 as
//!   `c1 ‖ c0` (imaginary part first), the identity all zeros. G1: 64 bytes; G2: 128.
//!
//! BN254 has no ZCash encoding: its p has 254 bits, so the ZCash sort flag `0x20` would be a
//! value bit.
//!
//! Encoders are constant time in the point. Decoders check, in order, length
//! ([`Error::Length`]), flags ([`Error::InvalidFlags`]), canonical coordinates `< p`
//! ([`Error::NonCanonical`]), the curve equation ([`Error::NotOnCurve`]) and, for G2 except in
//! the `_unchecked` variants, the prime-order subgroup ([`Error::NotInSubgroup`]); they never
//! panic. G1 has cofactor 1 (every point of `y² = x³ + 3` over Fp is in the group of order
//! `r`), so its checked and `_unchecked` decoders are the same.

use super::{G1Affine, G1Curve, G2Affine, G2Curve};
use crate::curve::short_weierstrass::encoding as enc;
use crate::curve::PointEncoding;
use crate::error::Error;

/// BN254 G1 in the arkworks `CanonicalSerialize` format (ark-ec 0.6 `SWFlags`): 32 bytes
/// compressed, 64 uncompressed. Cofactor 1: the subgroup check is void.
impl PointEncoding for G1Affine {
    type Compressed = [u8; 32];
    type Uncompressed = [u8; 64];

    fn to_compressed(&self) -> [u8; 32] {
        enc::ark_compressed(self)
    }
    fn to_uncompressed(&self) -> [u8; 64] {
        enc::ark_uncompressed(self)
    }
    fn from_compressed(bytes: &[u8]) -> Result<Self, Error> {
        Self::from_compressed_unchecked(bytes)
    }
    fn from_compressed_unchecked(bytes: &[u8]) -> Result<Self, Error> {
        enc::ark_from_compressed_unchecked::<G1Curve, [u8; 32]>(bytes)
    }
    fn from_uncompressed(bytes: &[u8]) -> Result<Self, Error> {
        Self::from_uncompressed_unchecked(bytes)
    }
    fn from_uncompressed_unchecked(bytes: &[u8]) -> Result<Self, Error> {
        enc::ark_from_uncompressed_unchecked::<G1Curve, [u8; 64]>(bytes)
    }
}

/// BN254 G2 in the arkworks `CanonicalSerialize` format (ark-ec 0.6 `SWFlags`, Fp2 as
/// `c0 ‖ c1`): 64 bytes compressed, 128 uncompressed.
impl PointEncoding for G2Affine {
    type Compressed = [u8; 64];
    type Uncompressed = [u8; 128];

    fn to_compressed(&self) -> [u8; 64] {
        enc::ark_compressed(self)
    }
    fn to_uncompressed(&self) -> [u8; 128] {
        enc::ark_uncompressed(self)
    }
    fn from_compressed(bytes: &[u8]) -> Result<Self, Error> {
        enc::check_subgroup(Self::from_compressed_unchecked(bytes)?)
    }
    fn from_compressed_unchecked(bytes: &[u8]) -> Result<Self, Error> {
        enc::ark_from_compressed_unchecked::<G2Curve, [u8; 64]>(bytes)
    }
    fn from_uncompressed(bytes: &[u8]) -> Result<Self, Error> {
        enc::check_subgroup(Self::from_uncompressed_unchecked(bytes)?)
    }
    fn from_uncompressed_unchecked(bytes: &[u8]) -> Result<Self, Error> {
        enc::ark_from_uncompressed_unchecked::<G2Curve, [u8; 128]>(bytes)
    }
}

impl G1Affine {
    /// The EVM encoding (EIP-196 "Encoding"; 64 bytes): `x ‖ y`, each a 32-byte big-endian
    /// integer; the identity is all zeros. Constant time.
    pub fn to_evm_bytes(&self) -> [u8; 64] {
        enc::xy_be(self)
    }

    /// Decodes the EVM encoding with every check EIP-196 requires: length, canonical
    /// coordinates `< p`, on the curve (all zeros: the identity). G1 has cofactor 1, so there
    /// is no subgroup check to make.
    pub fn from_evm_bytes(bytes: &[u8]) -> Result<Self, Error> {
        Self::from_evm_bytes_unchecked(bytes)
    }

    /// The same as [`G1Affine::from_evm_bytes`] (G1 has cofactor 1: every point of the curve
    /// is in the subgroup); for symmetry with [`G2Affine::from_evm_bytes_unchecked`].
    pub fn from_evm_bytes_unchecked(bytes: &[u8]) -> Result<Self, Error> {
        enc::xy_be_decode_unchecked(bytes)
    }
}

impl G2Affine {
    /// The EVM encoding (EIP-197 "Encoding"; 128 bytes): `x ‖ y`, each Fp2 coordinate as
    /// `c1 ‖ c0` (imaginary part first), each a 32-byte big-endian integer; the identity is all
    /// zeros. Constant time.
    pub fn to_evm_bytes(&self) -> [u8; 128] {
        enc::xy_be(self)
    }

    /// Decodes the EVM encoding with every check EIP-197 requires: length, canonical
    /// coordinates `< p`, on the twist (all zeros: the identity), in the prime-order subgroup.
    pub fn from_evm_bytes(bytes: &[u8]) -> Result<Self, Error> {
        enc::check_subgroup(Self::from_evm_bytes_unchecked(bytes)?)
    }

    /// [`G2Affine::from_evm_bytes`] without the subgroup check. **Dangerous:** a point of the
    /// twist outside the order-`r` subgroup enables small-subgroup attacks and breaks the
    /// pairing's guarantees; use only for points known to be valid.
    pub fn from_evm_bytes_unchecked(bytes: &[u8]) -> Result<Self, Error> {
        enc::xy_be_decode_unchecked(bytes)
    }
}
