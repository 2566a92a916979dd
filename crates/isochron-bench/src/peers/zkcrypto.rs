//! zkcrypto's `bls12_381` 0.9 kernels (pure Rust, constant time, with its `groups` and
//! `pairings` features): its public API exposes the scalar field, the groups and the pairing
//! (the base-field towers are private).

use bls12_381::{G1Affine, G1Projective, G2Affine, G2Prepared, G2Projective, Scalar};

use crate::timing::{chain, repeat, Kernel};

/// The scalar whose big-endian encoding is `bytes` (below r).
fn scalar(bytes: &[u8]) -> Scalar {
    let mut le: [u8; 32] = bytes.try_into().expect("a 32-byte scalar");
    le.reverse();
    Option::from(Scalar::from_bytes(&le)).expect("a canonical scalar")
}

/// `x ← x·y` in Fr, chained, on inputs `[x, y]`.
pub fn fr_mul(inputs: &[Vec<u8>]) -> Kernel {
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
pub fn miller_loop(inputs: &[Vec<u8>]) -> Kernel {
    repeat(points(inputs), |(p, q)| bls12_381::multi_miller_loop(&[(p, &G2Prepared::from(*q))]))
}

/// The final exponentiation of the Miller loop of `e(P, Q)`.
pub fn final_exp(inputs: &[Vec<u8>]) -> Kernel {
    let (p, q) = points(inputs);
    repeat(bls12_381::multi_miller_loop(&[(&p, &G2Prepared::from(q))]), |f| f.final_exponentiation())
}

/// `e(P, Q)`.
pub fn pairing(inputs: &[Vec<u8>]) -> Kernel {
    repeat(points(inputs), |(p, q)| bls12_381::pairing(p, q))
}

/// `∏ e(Pᵢ, Qᵢ)` on the pairs `([aᵢ]G1, [bᵢ]G2)` of the inputs `a₁, b₁, a₂, …`: the G2 lines,
/// one multi-Miller loop, one final exponentiation.
pub fn multi_pairing(inputs: &[Vec<u8>]) -> Kernel {
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

/// Group arithmetic by `op` on `P = [a]G`, `Q = [b]G`: `add`, `double`, and zkcrypto's one
/// scalar multiplication (constant-time double-and-add) for both `mul_ct` and `mul_vartime`.
pub fn group<G: ZkGroup>(op: &str, inputs: &[Vec<u8>]) -> Kernel {
    let k = scalar(&inputs[1]);
    let (p, q) = (G::from_scalar(&scalar(&inputs[0])), G::from_scalar(&k));
    match op {
        "add" => chain(p, q, |x, q| x + *q),
        "double" => chain(p, (), |x, _| G::double(&x)),
        "mul_ct" | "mul_vartime" => repeat((p, k), |(p, k)| *p * *k),
        _ => panic!("zkcrypto has no group op {op}"),
    }
}

/// `is_torsion_free` on the affine `P = [a]G`.
pub fn subgroup_check<G: ZkGroup>(inputs: &[Vec<u8>]) -> Kernel {
    repeat(G::to_affine(&G::from_scalar(&scalar(&inputs[0]))), G::in_group)
}

/// `from_compressed` (curve and subgroup checks) of the compressed `P = [a]G`.
pub fn decompress_checked<G: ZkGroup>(inputs: &[Vec<u8>]) -> Kernel {
    let bytes = G::compress(&G::to_affine(&G::from_scalar(&scalar(&inputs[0]))));
    repeat(bytes, |b| G::decompress_checked(b).expect("a valid encoding"))
}
