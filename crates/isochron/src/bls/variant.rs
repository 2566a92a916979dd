//! The two variants of draft-irtf-cfrg-bls-signature-05 §2.1: minimal-pubkey-size ([`MinPk`],
//! public keys in G1) and minimal-signature-size ([`MinSig`], public keys in G2).

use core::fmt::Debug;

use crate::curve::short_weierstrass::encoding::CoordinateEncoding;
use crate::curve::short_weierstrass::{Affine, SwCurve};
use crate::curve::{AffinePoint, Group};
use crate::curves::bls12_381::{hash_to_g1, hash_to_g2, Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use crate::error::Error;

pub use crate::curve::ByteArray;

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
    /// The public-key group (projective).
    type PkGroup: Group<Scalar = Fr, Affine = Self::PkPoint>;
    /// A public-key point (affine).
    type PkPoint: AffinePoint<Group = Self::PkGroup, Scalar = Fr>;
    /// The signature group, where messages hash to (projective).
    type SigGroup: Group<Scalar = Fr, Affine = Self::SigPoint>;
    /// A signature point (affine).
    type SigPoint: AffinePoint<Group = Self::SigGroup, Scalar = Fr>;
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
    fn hash_to_point(msg: &[u8], dst: &[u8]) -> Self::SigGroup;

    /// The pairing input `(G1, G2)` made of a public-key-side and a signature-side point.
    fn pair(pk_side: &Self::PkPoint, sig_side: &Self::SigPoint) -> (G1Affine, G2Affine);

    /// The compressed encoding of a public-key-group point.
    fn encode_pk(p: &Self::PkPoint) -> Self::PkBytes;
    /// The compressed encoding of a signature-group point.
    fn encode_sig(p: &Self::SigPoint) -> Self::SigBytes;
    /// Writes the uncompressed encoding of a public-key-group point (`PK_UNCOMPRESSED_SIZE`
    /// bytes).
    fn write_pk_uncompressed(p: &Self::PkPoint, out: &mut [u8]);
    /// Decodes a compressed public-key-group point; `subgroup` selects the subgroup check.
    fn decode_pk(bytes: &[u8], subgroup: bool) -> Result<Self::PkPoint, Error>;
    /// Decodes an uncompressed public-key-group point; `subgroup` selects the subgroup check.
    fn decode_pk_uncompressed(bytes: &[u8], subgroup: bool) -> Result<Self::PkPoint, Error>;
    /// Decodes a compressed signature-group point with every check.
    fn decode_sig(bytes: &[u8]) -> Result<Self::SigPoint, Error>;
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
fn expect_hash<G: Group>(r: Result<G, Error>) -> G {
    r.unwrap_or_else(|_| G::identity())
}

impl Variant for MinPk {
    type PkGroup = G1Projective;
    type PkPoint = G1Affine;
    type SigGroup = G2Projective;
    type SigPoint = G2Affine;
    type PkBytes = [u8; 48];
    type SigBytes = [u8; 96];
    const HASH_SUITE: &'static str = "BLS12381G2_XMD:SHA-256_SSWU_RO_";
    const PK_SIZE: usize = 48;
    const SIG_SIZE: usize = 96;
    const PK_UNCOMPRESSED_SIZE: usize = 96;

    fn hash_to_point(msg: &[u8], dst: &[u8]) -> G2Projective {
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
    type PkGroup = G2Projective;
    type PkPoint = G2Affine;
    type SigGroup = G1Projective;
    type SigPoint = G1Affine;
    type PkBytes = [u8; 96];
    type SigBytes = [u8; 48];
    const HASH_SUITE: &'static str = "BLS12381G1_XMD:SHA-256_SSWU_RO_";
    const PK_SIZE: usize = 96;
    const SIG_SIZE: usize = 48;
    const PK_UNCOMPRESSED_SIZE: usize = 192;

    fn hash_to_point(msg: &[u8], dst: &[u8]) -> G1Projective {
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
