//! The two variants of draft-irtf-cfrg-bls-signature-05 §2.1: minimal-pubkey-size ([`MinPk`],
//! public keys in G1) and minimal-signature-size ([`MinSig`], public keys in G2).

use core::fmt::Debug;

use crate::curve::{AffinePoint, Group, PointEncoding};
use crate::curves::bls12_381::{
    hash_to_g1, hash_to_g2, Fp, Fp2, Fr, G1Affine, G1Projective, G1Suite, G2Affine, G2Projective, G2Suite,
};
use crate::error::Error;
use crate::hash_to_curve::{hash_to_field, Suite};

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
    /// A public-key point (affine), with its ZCash encodings.
    type PkPoint: AffinePoint<Group = Self::PkGroup, Scalar = Fr>
        + PointEncoding<Compressed = Self::PkBytes, Uncompressed = Self::PkUncompressedBytes>;
    /// The signature group, where messages hash to (projective).
    type SigGroup: Group<Scalar = Fr, Affine = Self::SigPoint>;
    /// A signature point (affine), with its ZCash encodings.
    type SigPoint: AffinePoint<Group = Self::SigGroup, Scalar = Fr> + PointEncoding<Compressed = Self::SigBytes>;
    /// The compressed public-key encoding.
    type PkBytes: ByteArray;
    /// The uncompressed public-key encoding.
    type PkUncompressedBytes: ByteArray;
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

    /// The field of `hash_to_point`'s `hash_to_field` (RFC 9380 §5.2): Fp2 for [`MinPk`], Fp
    /// for [`MinSig`]. With the next three items, `hash_to_point(msg) =
    /// clear_cofactor(map_to_curve(u0) + map_to_curve(u1))` in pieces, which verification runs
    /// on two threads with `parallel`.
    #[doc(hidden)]
    type HashField: Copy + Send + Sync;
    /// `(u0, u1) = hash_to_field(msg, 2)` of `hash_to_point` (RFC 9380 §3, §5.2).
    #[doc(hidden)]
    fn hash_to_field(msg: &[u8], dst: &[u8]) -> [Self::HashField; 2];
    /// `map_to_curve` of `hash_to_point` (RFC 9380 §6.6.3), constant time.
    #[doc(hidden)]
    fn map_to_curve(u: &Self::HashField) -> Self::SigGroup;
    /// `clear_cofactor` of `hash_to_point` (RFC 9380 §7), constant time.
    #[doc(hidden)]
    fn clear_cofactor(p: &Self::SigGroup) -> Self::SigGroup;

    /// The pairing input `(G1, G2)` made of a public-key-side and a signature-side point.
    fn pair(pk_side: &Self::PkPoint, sig_side: &Self::SigPoint) -> (G1Affine, G2Affine);
}

/// Minimal-pubkey-size: public keys in G1 (48 bytes), signatures in G2 (96 bytes); the
/// variant of Ethereum (draft-05 §4.2.3's `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_*` suites).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MinPk;

/// Minimal-signature-size: public keys in G2 (96 bytes), signatures in G1 (48 bytes)
/// (draft-05 §4.2.1's `BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_*` suites).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MinSig;

/// RFC 9380's hash into the signature group; its only failure, an empty DST, cannot happen
/// with the ciphersuites' fixed non-empty tags.
fn expect_hash<G: Group>(r: Result<G, Error>) -> G {
    r.unwrap_or_else(|_| G::identity())
}

/// `hash_to_field(msg, 2)` with suite `S`; as [`expect_hash`], its only failure (an empty DST)
/// cannot happen here (zeros then).
fn suite_hash_to_field<S: Suite>(msg: &[u8], dst: &[u8]) -> [S::Field; 2] {
    let mut u = [S::Field::default(); 2];
    if hash_to_field::<S::Field, S::Expander>(msg, dst, S::L, &mut u).is_err() {
        u = [S::Field::default(); 2];
    }
    u
}

impl Variant for MinPk {
    type PkGroup = G1Projective;
    type PkPoint = G1Affine;
    type SigGroup = G2Projective;
    type SigPoint = G2Affine;
    type PkBytes = [u8; 48];
    type PkUncompressedBytes = [u8; 96];
    type SigBytes = [u8; 96];
    const HASH_SUITE: &'static str = "BLS12381G2_XMD:SHA-256_SSWU_RO_";
    const PK_SIZE: usize = 48;
    const SIG_SIZE: usize = 96;
    const PK_UNCOMPRESSED_SIZE: usize = 96;

    fn hash_to_point(msg: &[u8], dst: &[u8]) -> G2Projective {
        expect_hash(hash_to_g2(msg, dst))
    }
    type HashField = Fp2;
    fn hash_to_field(msg: &[u8], dst: &[u8]) -> [Fp2; 2] {
        suite_hash_to_field::<G2Suite>(msg, dst)
    }
    fn map_to_curve(u: &Fp2) -> G2Projective {
        G2Suite::map_to_curve(u)
    }
    fn clear_cofactor(p: &G2Projective) -> G2Projective {
        G2Suite::clear_cofactor(p)
    }
    fn pair(pk_side: &G1Affine, sig_side: &G2Affine) -> (G1Affine, G2Affine) {
        (*pk_side, *sig_side)
    }
}

impl Variant for MinSig {
    type PkGroup = G2Projective;
    type PkPoint = G2Affine;
    type SigGroup = G1Projective;
    type SigPoint = G1Affine;
    type PkBytes = [u8; 96];
    type PkUncompressedBytes = [u8; 192];
    type SigBytes = [u8; 48];
    const HASH_SUITE: &'static str = "BLS12381G1_XMD:SHA-256_SSWU_RO_";
    const PK_SIZE: usize = 96;
    const SIG_SIZE: usize = 48;
    const PK_UNCOMPRESSED_SIZE: usize = 192;

    fn hash_to_point(msg: &[u8], dst: &[u8]) -> G1Projective {
        expect_hash(hash_to_g1(msg, dst))
    }
    type HashField = Fp;
    fn hash_to_field(msg: &[u8], dst: &[u8]) -> [Fp; 2] {
        suite_hash_to_field::<G1Suite>(msg, dst)
    }
    fn map_to_curve(u: &Fp) -> G1Projective {
        G1Suite::map_to_curve(u)
    }
    fn clear_cofactor(p: &G1Projective) -> G1Projective {
        G1Suite::clear_cofactor(p)
    }
    fn pair(pk_side: &G2Affine, sig_side: &G1Affine) -> (G1Affine, G2Affine) {
        (*sig_side, *pk_side)
    }
}
