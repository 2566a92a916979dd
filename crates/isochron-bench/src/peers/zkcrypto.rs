//! zkcrypto's `bls12_381` 0.9 kernels (pure Rust, constant time, with its `groups` and
//! `pairings` features): its public API exposes the scalar field, the groups and the pairing
//! (the base-field towers are private).

use bls12_381::{G1Affine, G1Projective, G2Affine, G2Prepared, G2Projective, Scalar};

use super::Peer;
use crate::fixtures::Fixtures;
use crate::op::{Curve, Field, FieldOp, Group, GroupOp, Op, PairingOp};
use crate::timing::{chain, repeat, Kernel};

/// zkcrypto's `bls12_381`: the scalar field's multiplication, the groups and the pairing.
pub struct Zkcrypto;

impl Peer for Zkcrypto {
    fn name(&self) -> &'static str {
        "zkcrypto"
    }

    fn kernel(&self, op: Op, x: &[Vec<u8>], _: &Fixtures) -> Option<Kernel> {
        match op {
            Op::Field(Curve::Bls12_381, Field::Fr, FieldOp::Mul) => Some(fr_mul(x)),
            Op::Pairing(Curve::Bls12_381, p) => Some(match p {
                PairingOp::MillerLoop => miller_loop(x),
                PairingOp::FinalExp => final_exp(x),
                PairingOp::Pairing => pairing(x),
                PairingOp::MultiPairing(_) => multi_pairing(x),
            }),
            Op::Group(Curve::Bls12_381, Group::G1, g) => Some(group::<G1Projective>(g, x)),
            Op::Group(Curve::Bls12_381, Group::G2, g) => Some(group::<G2Projective>(g, x)),
            _ => None,
        }
    }
}

/// The scalar whose big-endian encoding is `bytes` (below r).
fn scalar(bytes: &[u8]) -> Scalar {
    let mut le: [u8; 32] = bytes.try_into().expect("a 32-byte scalar");
    le.reverse();
    Option::from(Scalar::from_bytes(&le)).expect("a canonical scalar")
}

/// `x ← x·y` in Fr, chained, on inputs `[x, y]`.
fn fr_mul(inputs: &[Vec<u8>]) -> Kernel {
    chain(scalar(&inputs[0]), scalar(&inputs[1]), |x, y| x * y)
}

/// `P = [a]G1`, `Q = [b]G2` from the op's two big-endian scalars.
fn points(inputs: &[Vec<u8>]) -> (G1Affine, G2Affine) {
    (
        G1Affine::from(G1Projective::generator() * scalar(&inputs[0])),
        G2Affine::from(G2Projective::generator() * scalar(&inputs[1])),
    )
}

/// The Miller loop of `e(P, Q)`, the G2 lines computed inside (as isochron and blst do).
fn miller_loop(inputs: &[Vec<u8>]) -> Kernel {
    repeat(points(inputs), |(p, q)| bls12_381::multi_miller_loop(&[(p, &G2Prepared::from(*q))]))
}

/// The final exponentiation of the Miller loop of `e(P, Q)`.
fn final_exp(inputs: &[Vec<u8>]) -> Kernel {
    let (p, q) = points(inputs);
    repeat(bls12_381::multi_miller_loop(&[(&p, &G2Prepared::from(q))]), |f| f.final_exponentiation())
}

/// `e(P, Q)`.
fn pairing(inputs: &[Vec<u8>]) -> Kernel {
    repeat(points(inputs), |(p, q)| bls12_381::pairing(p, q))
}

/// `∏ e(Pᵢ, Qᵢ)` on the pairs `([aᵢ]G1, [bᵢ]G2)` of the inputs `a₁, b₁, a₂, …`: the G2 lines,
/// one multi-Miller loop, one final exponentiation.
fn multi_pairing(inputs: &[Vec<u8>]) -> Kernel {
    let pairs: Vec<_> = inputs.chunks(2).map(points).collect();
    repeat(pairs, |pairs| {
        let prepared: Vec<_> = pairs.iter().map(|(p, q)| (*p, G2Prepared::from(*q))).collect();
        let terms: Vec<_> = prepared.iter().map(|(p, q)| (p, q)).collect();
        bls12_381::multi_miller_loop(&terms).final_exponentiation()
    })
}

/// One of zkcrypto's two groups.
pub trait ZkGroup: Copy + 'static + core::ops::Add<Output = Self> + core::ops::Mul<Scalar, Output = Self> {
    /// The affine type.
    type Affine: Copy + 'static;
    /// `[k]G`.
    fn from_scalar(k: &Scalar) -> Self;
    /// `2a`.
    fn double(a: &Self) -> Self;
    /// The affine point.
    fn to_affine(a: &Self) -> Self::Affine;
    /// `is_torsion_free`.
    fn in_group(a: &Self::Affine) -> bool;
    /// The ZCash compressed encoding.
    fn compress(a: &Self::Affine) -> Vec<u8>;
    /// `from_compressed` (curve and subgroup checks).
    fn decompress_checked(bytes: &[u8]) -> Option<Self::Affine>;
}

/// Implements [`ZkGroup`] for one of zkcrypto's groups.
macro_rules! zk_group {
    ($p:ty, $a:ty) => {
        impl ZkGroup for $p {
            type Affine = $a;
            fn from_scalar(k: &Scalar) -> Self {
                <$p>::generator() * k
            }
            fn double(a: &Self) -> Self {
                <$p>::double(a)
            }
            fn to_affine(a: &Self) -> $a {
                <$a>::from(a)
            }
            fn in_group(a: &$a) -> bool {
                a.is_torsion_free().into()
            }
            fn compress(a: &$a) -> Vec<u8> {
                a.to_compressed().to_vec()
            }
            fn decompress_checked(bytes: &[u8]) -> Option<$a> {
                Option::from(<$a>::from_compressed(bytes.try_into().ok()?))
            }
        }
    };
}

zk_group!(G1Projective, G1Affine);
zk_group!(G2Projective, G2Affine);

/// Group operations on `P = [a]G`, `Q = [b]G`: `add`, `double`, zkcrypto's one scalar
/// multiplication (constant-time double-and-add) for both `mul_ct` and `mul_vartime`,
/// `is_torsion_free` on the affine `P`, and `from_compressed` (curve and subgroup checks) of
/// the compressed `P`.
pub fn group<G: ZkGroup>(op: GroupOp, inputs: &[Vec<u8>]) -> Kernel {
    let k = scalar(&inputs[1]);
    let p = G::from_scalar(&scalar(&inputs[0]));
    match op {
        GroupOp::Add => chain(p, G::from_scalar(&k), |x, q| x + *q),
        GroupOp::Double => chain(p, (), |x, _| G::double(&x)),
        GroupOp::MulCt | GroupOp::MulVartime => repeat((p, k), |(p, k)| *p * *k),
        GroupOp::SubgroupCheck => repeat(G::to_affine(&p), G::in_group),
        GroupOp::DecompressChecked => {
            let bytes = G::compress(&G::to_affine(&p));
            repeat(bytes, |b| G::decompress_checked(b).expect("a valid encoding"))
        }
    }
}
