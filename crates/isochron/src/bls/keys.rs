//! Secret and public keys: KeyGen (draft-irtf-cfrg-bls-signature-05 §2.3), SkToPk (§2.4),
//! KeyValidate (§2.5), public-key aggregation.

use core::fmt;
use core::marker::PhantomData;

use sha2::{Digest, Sha256};
use subtle::{Choice, ConstantTimeEq};
use zeroize::{Zeroize, ZeroizeOnDrop, Zeroizing};

use super::variant::Variant;
use crate::curve::{AffinePoint, Group, PointEncoding};
use crate::curves::bls12_381::{Fr, FrParams};
use crate::error::Error;
use crate::field::FieldParams;
use crate::hmac::{self as hkdf, Hmac};
use crate::limbs;

/// The least length of KeyGen's input key material (draft-05 §2.3: "IKM MUST be at least 32
/// bytes long").
pub const MIN_IKM_LEN: usize = 32;

/// `SHA-256("BLS-SIG-KEYGEN-SALT-")`: KeyGen's initial salt (draft-05 §2.3, since draft-04)
/// hashed once, the salt of its first round (checked by a test).
const KEYGEN_SALT_HASH: [u8; 32] = [
    0xaf, 0xf1, 0xb7, 0x03, 0x64, 0x7f, 0xe4, 0xbd, 0x43, 0x3a, 0x89, 0x3a, 0x3d, 0x2b, 0xa5, 0x1a, 0xbe, 0x26, 0xef,
    0x79, 0x4a, 0x83, 0x56, 0xfe, 0xa6, 0x2e, 0x8e, 0x7c, 0x7c, 0x87, 0x75, 0x46,
];

/// HMAC-SHA256 keyed by [`KEYGEN_SALT_HASH`] (HKDF-Extract of KeyGen's first round): SHA-256's
/// chaining values after the key's inner and outer pad blocks (RFC 2104 §2), precomputed
/// (checked by a test): the first round then runs eight SHA-256 compressions instead of ten.
static KEYGEN_SALT_HMAC: Hmac = Hmac::from_pad_states(
    [0x92d7_1b48, 0xda68_c2eb, 0xbb60_8121, 0xd7bb_c6f3, 0x6ac8_3f4e, 0x18f8_5a58, 0xd5c8_d08f, 0x07e9_43c4],
    [0x3677_6f7f, 0x4154_3188, 0x38ad_84c6, 0x6582_6fe9, 0x949f_c0ff, 0x81e9_0fbf, 0xcf2c_588d, 0x3ea5_6e2b],
);

/// `L = ceil((3·ceil(log2(r))) / 16) = 48`, the HKDF output length (draft-05 §2.3).
const KEYGEN_L: usize = 48;

/// One round of KeyGen (draft-05 §2.3 steps 5–7; EIP-2333's `HKDF_mod_r`):
/// `PRK = HKDF-Extract(salt, IKM ‖ I2OSP(0, 1))`,
/// `OKM = HKDF-Expand(PRK, key_info ‖ I2OSP(L, 2), L)`, `SK = OS2IP(OKM) mod r`.
/// Constant time in `ikm` (its length aside). The result is zero with probability about
/// `2⁻²⁵⁵`; [`SecretKey::key_gen`] then repeats with the next salt.
pub fn hkdf_mod_r(ikm: &[u8], salt: &[u8], key_info: &[u8]) -> Fr {
    hkdf_mod_r_keyed(&Hmac::new(salt), ikm, key_info)
}

/// [`hkdf_mod_r`] with HKDF-Extract's HMAC already keyed by the salt.
fn hkdf_mod_r_keyed(salted: &Hmac, ikm: &[u8], key_info: &[u8]) -> Fr {
    let mut prk = salted.mac(&[ikm, &[0u8]]);
    let mut okm = [0u8; KEYGEN_L];
    hkdf::expand(&prk, &[key_info, &(KEYGEN_L as u16).to_be_bytes()], &mut okm);
    let sk = Fr::from_bytes_be_wide(&okm);
    prk.zeroize();
    okm.zeroize();
    sk
}

/// A BLS secret key: an integer `1 ≤ SK < r` (draft-05 §2.3). Zeroized on drop; every
/// operation on it (SkToPk, signing, encoding) runs in constant time. `Debug` prints nothing
/// of the key.
#[derive(Clone)]
pub struct SecretKey(pub(crate) Fr);

impl SecretKey {
    /// Encoded size: 32 bytes, big-endian (`I2OSP(SK, 32)`).
    pub const SIZE: usize = 32;

    /// KeyGen (draft-05 §2.3): derives a secret key from at least 32 bytes of input key
    /// material and an optional `key_info` (empty in Ethereum) by HKDF-SHA256 with the salt
    /// `"BLS-SIG-KEYGEN-SALT-"`, hashed once before each round. Fails with
    /// [`Error::TooShort`] for less than 32 bytes of IKM.
    ///
    /// Constant time in `ikm`, except for the (public, probability `2⁻²⁵⁵`) event that a
    /// round yields zero and KeyGen repeats.
    pub fn key_gen(ikm: &[u8], key_info: &[u8]) -> Result<Self, Error> {
        if ikm.len() < MIN_IKM_LEN {
            return Err(Error::TooShort { min: MIN_IKM_LEN, got: ikm.len() });
        }
        let mut sk = hkdf_mod_r_keyed(&KEYGEN_SALT_HMAC, ikm, key_info);
        let mut salt = KEYGEN_SALT_HASH;
        while bool::from(sk.is_zero()) {
            salt = Sha256::digest(salt).into();
            sk = hkdf_mod_r(ikm, &salt, key_info);
        }
        Ok(SecretKey(sk))
    }

    /// Decodes 32 big-endian bytes; rejects a wrong length ([`Error::Length`]), a value `≥ r`
    /// ([`Error::NonCanonical`]) and zero ([`Error::Zero`]) (draft-05 §2.3: `1 ≤ SK < r`).
    /// The checks are computed in constant time; only the verdict branches.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        if bytes.len() != Self::SIZE {
            return Err(Error::Length { expected: Self::SIZE, got: bytes.len() });
        }
        let v = Zeroizing::new(limbs::from_be_bytes::<4>(bytes)?);
        let below_r = Choice::from(limbs::sub(&v, &FrParams::MODULUS).1 as u8);
        let zero = v[..].ct_eq(&[0u64; 4][..]);
        // `OS2IP(bytes) mod r`, constant time; equal to the input whenever it is accepted.
        let sk = Fr::from_bytes_be_wide(bytes);
        if !bool::from(below_r) {
            return Err(Error::NonCanonical);
        }
        if bool::from(zero) {
            return Err(Error::Zero);
        }
        Ok(SecretKey(sk))
    }

    /// The 32-byte big-endian encoding `I2OSP(SK, 32)`, zeroized when dropped.
    pub fn to_bytes(&self) -> Zeroizing<[u8; 32]> {
        let mut out = Zeroizing::new([0u8; 32]);
        let mut v = self.0.to_canonical_limbs();
        let mut words = limbs::to_be_bytes(&v);
        out.copy_from_slice(words.as_flattened());
        v.zeroize();
        words.zeroize();
        out
    }

    /// SkToPk (draft-05 §2.4): `PK = SK·P`, `P` the generator of the public-key group.
    /// Constant time in the key.
    pub fn public_key<V: Variant>(&self) -> PublicKey<V> {
        let p = V::PkGroup::mul_generator(&self.0).to_affine();
        PublicKey { point: p, _variant: PhantomData }
    }

    /// The scalar `SK`.
    pub fn as_scalar(&self) -> &Fr {
        &self.0
    }
}

impl Zeroize for SecretKey {
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}

impl Drop for SecretKey {
    fn drop(&mut self) {
        self.zeroize();
    }
}

impl ZeroizeOnDrop for SecretKey {}

impl fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SecretKey(<redacted>)")
    }
}

impl ConstantTimeEq for SecretKey {
    fn ct_eq(&self, other: &Self) -> Choice {
        self.0.ct_eq(&other.0)
    }
}

/// A validated BLS public key of variant `V`: a point of the public-key group that is in the
/// prime-order subgroup and not the identity (KeyValidate, draft-05 §2.5; the Ethereum
/// consensus specs require it for every public key).
///
/// Validated once, when decoded ([`PublicKey::from_bytes`]) or derived
/// ([`SecretKey::public_key`]); verification then uses it without further checks, so a
/// decoded key can be cached and reused. The `_unchecked` decoders skip the subgroup check
/// for keys the caller validated before (for instance keys re-read from its own store).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PublicKey<V: Variant> {
    pub(crate) point: V::PkPoint,
    _variant: PhantomData<V>,
}

impl<V: Variant> PublicKey<V> {
    /// Decodes the compressed encoding with every check (KeyValidate, draft-05 §2.5): length,
    /// flags, canonical, on the curve, in the subgroup, not the identity
    /// ([`Error::Identity`]).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        Self::from_point(V::PkPoint::from_compressed(bytes)?)
    }

    /// Decodes the compressed encoding **without the subgroup check** (the costliest part of
    /// KeyValidate); still rejects bad lengths, flags, non-canonical coordinates, points off
    /// the curve and the identity.
    ///
    /// **Only for keys already validated** (by [`PublicKey::from_bytes`] earlier, e.g. the
    /// caller's own validator registry): a point outside the subgroup breaks the security of
    /// every verification that uses it.
    pub fn from_bytes_unchecked(bytes: &[u8]) -> Result<Self, Error> {
        Self::from_point(V::PkPoint::from_compressed_unchecked(bytes)?)
    }

    /// Decodes the uncompressed encoding (`x ‖ y`) with every check, as
    /// [`PublicKey::from_bytes`].
    pub fn from_uncompressed(bytes: &[u8]) -> Result<Self, Error> {
        Self::from_point(V::PkPoint::from_uncompressed(bytes)?)
    }

    /// Decodes the uncompressed encoding without the subgroup check, the fastest way to
    /// reload a validated key (no square root, no subgroup check; the curve equation is still
    /// checked). **Only for keys already validated**, as [`PublicKey::from_bytes_unchecked`].
    pub fn from_uncompressed_unchecked(bytes: &[u8]) -> Result<Self, Error> {
        Self::from_point(V::PkPoint::from_uncompressed_unchecked(bytes)?)
    }

    /// A key from a point of the public-key group, checking the subgroup and the identity.
    pub fn from_affine(point: &V::PkPoint) -> Result<Self, Error> {
        if !bool::from(point.is_on_curve()) {
            return Err(Error::NotOnCurve);
        }
        if !point.to_group().is_torsion_free_vartime() {
            return Err(Error::NotInSubgroup);
        }
        Self::from_point(*point)
    }

    fn from_point(point: V::PkPoint) -> Result<Self, Error> {
        if bool::from(point.is_identity()) {
            return Err(Error::Identity);
        }
        Ok(PublicKey { point, _variant: PhantomData })
    }

    /// The compressed encoding (48 bytes for [`super::MinPk`], 96 for [`super::MinSig`]).
    pub fn to_bytes(&self) -> V::PkBytes {
        self.point.to_compressed()
    }

    /// The uncompressed encoding (`x ‖ y` in the ZCash format of draft-irtf-cfrg-pairing-
    /// friendly-curves-11 Appendix C: 96 bytes for [`super::MinPk`], 192 for
    /// [`super::MinSig`]).
    pub fn to_uncompressed(&self) -> V::PkUncompressedBytes {
        self.point.to_uncompressed()
    }

    /// The point.
    pub fn as_affine(&self) -> &V::PkPoint {
        &self.point
    }

    /// The sum of public keys (draft-05 §2.8's aggregation applied to keys, as
    /// FastAggregateVerify does; Ethereum's `eth_aggregate_pubkeys`). Fails on an empty list
    /// ([`Error::Empty`]) and when the sum is the identity ([`Error::Identity`]), which is not
    /// a valid key.
    pub fn aggregate(keys: &[Self]) -> Result<Self, Error> {
        if keys.is_empty() {
            return Err(Error::Empty);
        }
        Self::from_point(sum_points(keys).to_affine())
    }
}

/// `Σ pkᵢ` in projective coordinates.
pub(crate) fn sum_points<V: Variant>(keys: &[PublicKey<V>]) -> V::PkGroup {
    keys.iter().fold(V::PkGroup::identity(), |acc, k| acc + k.point)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keygen_salt_hash() {
        let h: [u8; 32] = Sha256::digest(b"BLS-SIG-KEYGEN-SALT-").into();
        assert_eq!(h, KEYGEN_SALT_HASH);
    }

    /// The precomputed HMAC of the first salt is HMAC keyed by it.
    #[test]
    fn keygen_salt_hmac() {
        for ikm in [&[0u8; 32][..], &[0x5a; 33], &[0xff; 100]] {
            assert_eq!(KEYGEN_SALT_HMAC.mac(&[ikm, b"x"]), Hmac::new(&KEYGEN_SALT_HASH).mac(&[ikm, b"x"]));
        }
    }

    /// draft-05 §2.3 allows any salt; HMAC hashes a key longer than a block (RFC 2104 §2), so a
    /// 65-byte salt and its SHA-256 digest give the same round, and no length panics.
    #[test]
    fn hkdf_mod_r_long_salt() {
        let ikm = [0x42u8; 32];
        for len in [0, 1, 32, 63, 64, 65, 100, 1000] {
            let _ = hkdf_mod_r(&ikm, &vec![0x5a; len], b"");
        }
        let salt = [0x5au8; 65];
        let hashed: [u8; 32] = Sha256::digest(salt).into();
        assert_eq!(hkdf_mod_r(&ikm, &salt, b"info"), hkdf_mod_r(&ikm, &hashed, b"info"));
        assert_ne!(hkdf_mod_r(&ikm, &salt[..64], b"info"), hkdf_mod_r(&ikm, &salt, b"info"));
    }
}
