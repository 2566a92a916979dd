//! The two variants of draft-irtf-cfrg-bls-signature-05 §2.1: minimal-pubkey-size ([`MinPk`],
//! public keys in G1) and minimal-signature-size ([`MinSig`], public keys in G2).

use core::fmt::Debug;
use core::hash::Hash;

use crate::curve::short_weierstrass::encoding::CoordinateEncoding;
use crate::curve::short_weierstrass::{Affine, Projective, SwCurve};
use crate::curves::bls12_381::{FrParams, G1Affine, G1Curve, G2Affine, G2Curve};
use crate::error::Error;
use crate::hash_to_curve::bls12_381::{hash_to_g1, hash_to_g2};

/// A fixed-size byte array (`[u8; 48]`, `[u8; 96]`): the encodings of keys and signatures.
pub trait ByteArray: Copy + AsRef<[u8]> + AsMut<[u8]> + Debug + PartialEq + Eq + Hash + Send + Sync + 'static {
    /// The all-zero array.
    const ZERO: Self;
}

impl ByteArray for [u8; 48] {
    const ZERO: Self = [0; 48];
}

impl ByteArray for [u8; 96] {
    const ZERO: Self = [0; 96];
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::MinPk {}
    impl Sealed for super::MinSig {}
}

/// Where public keys and signatures live (draft-05 §2.1): the public-key group, the signature
/// group, their ZCash compressed encodings (draft-05 §2.2 refers to the
/// pairing-friendly-curves draft's serialization, Appendix C of
/// draft-irtf-cfrg-pairing-friendly-curves-11), `hash_to_point` (RFC 9380 `hash_to_curve`
/// into the signature group) and how a (public-key side, signature side) pair enters the
/// pairing, which always takes G1 first.
pub trait Variant: sealed::Sealed + 'static + Copy + Clone + Debug + Default + PartialEq + Eq + Send + Sync {
    /// The curve of public keys.
    type PkCurve: SwCurve<ScalarParams = FrParams>;
    /// The curve of signatures (and of message hashes).
    type SigCurve: SwCurve<ScalarParams = FrParams>;
    /// The compressed public-key encoding.
    type PkBytes: ByteArray;
    /// The compressed signature encoding.
    type SigBytes: ByteArray;
    /// The RFC 9380 suite hashing into the signature group (the middle part of every DST).
    const HASH_SUITE: &'static str;
    /// Length of the compressed public-key encoding.
    const PK_SIZE: usize;
    /// Length of the compressed signature encoding.
    const SIG_SIZE: usize;
    /// Length of the uncompressed public-key encoding.
    const PK_UNCOMPRESSED_SIZE: usize;

    /// `hash_to_point(msg)` with the given DST: RFC 9380 `hash_to_curve` with
    /// [`Variant::HASH_SUITE`] (draft-05 §4.1). Constant time in `msg`.
    fn hash_to_point(msg: &[u8], dst: &[u8]) -> Projective<Self::SigCurve>;

    /// The pairing input `(G1, G2)` made of a public-key-side and a signature-side point.
    fn pair(pk_side: &Affine<Self::PkCurve>, sig_side: &Affine<Self::SigCurve>) -> (G1Affine, G2Affine);

    /// The compressed encoding of a public-key-group point.
    fn encode_pk(p: &Affine<Self::PkCurve>) -> Self::PkBytes;
    /// The compressed encoding of a signature-group point.
    fn encode_sig(p: &Affine<Self::SigCurve>) -> Self::SigBytes;
    /// Writes the uncompressed encoding of a public-key-group point (`PK_UNCOMPRESSED_SIZE`
    /// bytes).
    fn write_pk_uncompressed(p: &Affine<Self::PkCurve>, out: &mut [u8]);
    /// Decodes a compressed public-key-group point; `subgroup` selects the subgroup check.
    fn decode_pk(bytes: &[u8], subgroup: bool) -> Result<Affine<Self::PkCurve>, Error>;
    /// Decodes an uncompressed public-key-group point; `subgroup` selects the subgroup check.
    fn decode_pk_uncompressed(bytes: &[u8], subgroup: bool) -> Result<Affine<Self::PkCurve>, Error>;
    /// Decodes a compressed signature-group point with every check.
    fn decode_sig(bytes: &[u8]) -> Result<Affine<Self::SigCurve>, Error>;
}

/// Minimal-pubkey-size: public keys in G1 (48 bytes), signatures in G2 (96 bytes); the
/// variant of Ethereum (draft-05 §4.2.3's `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_*` suites).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MinPk;

/// Minimal-signature-size: public keys in G2 (96 bytes), signatures in G1 (48 bytes)
/// (draft-05 §4.2.1's `BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_*` suites).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MinSig;

fn encode<C: SwCurve, B: ByteArray>(p: &Affine<C>) -> B
where
    C::Base: CoordinateEncoding,
{
    let mut out = B::ZERO;
    p.write_compressed(out.as_mut());
    out
}

fn decode<C: SwCurve>(bytes: &[u8], subgroup: bool) -> Result<Affine<C>, Error>
where
    C::Base: CoordinateEncoding,
{
    if subgroup {
        Affine::from_compressed(bytes)
    } else {
        Affine::from_compressed_unchecked(bytes)
    }
}

fn decode_uncompressed<C: SwCurve>(bytes: &[u8], subgroup: bool) -> Result<Affine<C>, Error>
where
    C::Base: CoordinateEncoding,
{
    if subgroup {
        Affine::from_uncompressed(bytes)
    } else {
        Affine::from_uncompressed_unchecked(bytes)
    }
}

/// RFC 9380's hash into the signature group; its only failure, an empty DST, cannot happen
/// with the ciphersuites' fixed non-empty tags.
fn expect_hash<C: SwCurve>(r: Result<Projective<C>, Error>) -> Projective<C> {
    r.unwrap_or_else(|_| Projective::identity())
}

impl Variant for MinPk {
    type PkCurve = G1Curve;
    type SigCurve = G2Curve;
    type PkBytes = [u8; 48];
    type SigBytes = [u8; 96];
    const HASH_SUITE: &'static str = "BLS12381G2_XMD:SHA-256_SSWU_RO_";
    const PK_SIZE: usize = 48;
    const SIG_SIZE: usize = 96;
    const PK_UNCOMPRESSED_SIZE: usize = 96;

    fn hash_to_point(msg: &[u8], dst: &[u8]) -> Projective<G2Curve> {
        expect_hash(hash_to_g2(msg, dst))
    }
    fn pair(pk_side: &G1Affine, sig_side: &G2Affine) -> (G1Affine, G2Affine) {
        (*pk_side, *sig_side)
    }
    fn encode_pk(p: &G1Affine) -> [u8; 48] {
        encode(p)
    }
    fn encode_sig(p: &G2Affine) -> [u8; 96] {
        encode(p)
    }
    fn write_pk_uncompressed(p: &G1Affine, out: &mut [u8]) {
        p.write_uncompressed(out)
    }
    fn decode_pk(bytes: &[u8], subgroup: bool) -> Result<G1Affine, Error> {
        decode(bytes, subgroup)
    }
    fn decode_pk_uncompressed(bytes: &[u8], subgroup: bool) -> Result<G1Affine, Error> {
        decode_uncompressed(bytes, subgroup)
    }
    fn decode_sig(bytes: &[u8]) -> Result<G2Affine, Error> {
        decode(bytes, true)
    }
}

impl Variant for MinSig {
    type PkCurve = G2Curve;
    type SigCurve = G1Curve;
    type PkBytes = [u8; 96];
    type SigBytes = [u8; 48];
    const HASH_SUITE: &'static str = "BLS12381G1_XMD:SHA-256_SSWU_RO_";
    const PK_SIZE: usize = 96;
    const SIG_SIZE: usize = 48;
    const PK_UNCOMPRESSED_SIZE: usize = 192;

    fn hash_to_point(msg: &[u8], dst: &[u8]) -> Projective<G1Curve> {
        expect_hash(hash_to_g1(msg, dst))
    }
    fn pair(pk_side: &G2Affine, sig_side: &G1Affine) -> (G1Affine, G2Affine) {
        (*sig_side, *pk_side)
    }
    fn encode_pk(p: &G2Affine) -> [u8; 96] {
        encode(p)
    }
    fn encode_sig(p: &G1Affine) -> [u8; 48] {
        encode(p)
    }
    fn write_pk_uncompressed(p: &G2Affine, out: &mut [u8]) {
        p.write_uncompressed(out)
    }
    fn decode_pk(bytes: &[u8], subgroup: bool) -> Result<G2Affine, Error> {
        decode(bytes, subgroup)
    }
    fn decode_pk_uncompressed(bytes: &[u8], subgroup: bool) -> Result<G2Affine, Error> {
        decode_uncompressed(bytes, subgroup)
    }
    fn decode_sig(bytes: &[u8]) -> Result<G1Affine, Error> {
        decode(bytes, true)
    }
}
