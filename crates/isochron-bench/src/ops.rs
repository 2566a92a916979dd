//! The registry of benchmarked operations. Each [`Op`] owns its inputs (random, drawn from a
//! generator seeded by the op's name, so a run is reproducible and independent of the filter)
//! and one [`Kernel`] per side; peers attach their kernels built from the same inputs, passed
//! as canonical big-endian bytes.
//!
//! Adding an op: one line in [`REGISTRY`] (with a builder below if it is a new kind of
//! operation), and one line per peer in `peers::attach`.

use isochron::curve::short_weierstrass::{Affine, Projective, Scalar, SwCurve};
use isochron::curve::Group;
use isochron::curve::PointEncoding;
use isochron::curves::{bls12_381, bn254};
use isochron::field::fp12::Fp12;
use isochron::field::fp2::{Fp2, TowerParams};
use isochron::field::fp6::Fp6;
use isochron::field::PrimeField;
use isochron::field::{Field, FieldParams, Fp, SqrtField};
use isochron::pairing::PairingEngine;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use crate::timing::{chain, repeat, Kernel};

mod eth_bls;

/// One benchmarked operation: its name (DESIGN.md §3: `curve/group_or_area/operation`), its
/// inputs as canonical big-endian encodings, and its kernels.
pub struct Op {
    /// The op's name, e.g. `bls12_381/fp/mul`.
    pub name: &'static str,
    /// The inputs, each the canonical big-endian encoding of one value (for an extension
    /// field element, its prime-field coefficients in tower order, lowest first).
    pub inputs: Vec<Vec<u8>>,
    /// isochron's kernel.
    pub isochron: Kernel,
    /// Each peer's name and kernel over the same inputs.
    pub peers: Vec<(&'static str, Kernel)>,
}

/// Builds an op (its inputs and isochron's kernel) given its name.
pub type Builder = fn(&'static str) -> Op;

/// Every op isochron benchmarks, by name, with the builder of its inputs and isochron kernel.
pub const REGISTRY: &[(&str, Builder)] = &[
    ("bls12_381/fp/mul", mul::<bls12_381::Fp>),
    ("bls12_381/fp/square", square::<bls12_381::Fp>),
    ("bls12_381/fp/inverse", inverse::<bls12_381::Fp>),
    ("bls12_381/fp/sqrt", sqrt::<bls12_381::Fp>),
    ("bls12_381/fp2/mul", mul::<bls12_381::Fp2>),
    ("bls12_381/fp2/square", square::<bls12_381::Fp2>),
    ("bls12_381/fp2/inverse", inverse::<bls12_381::Fp2>),
    ("bls12_381/fp12/mul", mul::<bls12_381::Fp12>),
    ("bls12_381/fp12/square", square::<bls12_381::Fp12>),
    ("bls12_381/fp12/inverse", inverse::<bls12_381::Fp12>),
    ("bls12_381/fr/mul", mul::<bls12_381::Fr>),
    ("bn254/fp/mul", mul::<bn254::Fp>),
    ("bn254/fp/square", square::<bn254::Fp>),
    ("bn254/fp/inverse", inverse::<bn254::Fp>),
    ("bls12_381/miller_loop", pairing_op::<bls12_381::Bls12_381>),
    ("bls12_381/final_exp", pairing_op::<bls12_381::Bls12_381>),
    ("bls12_381/pairing", pairing_op::<bls12_381::Bls12_381>),
    ("bn254/miller_loop", pairing_op::<bn254::Bn254>),
    ("bn254/final_exp", pairing_op::<bn254::Bn254>),
    ("bn254/pairing", pairing_op::<bn254::Bn254>),
    ("bls12_381/multi_pairing/2", multi_pairing::<bls12_381::Bls12_381>),
    ("bls12_381/multi_pairing/4", multi_pairing::<bls12_381::Bls12_381>),
    ("bls12_381/multi_pairing/8", multi_pairing::<bls12_381::Bls12_381>),
    ("bls12_381/g1/add", group_op::<bls12_381::G1Curve>),
    ("bls12_381/g1/double", group_op::<bls12_381::G1Curve>),
    ("bls12_381/g1/mul_ct", group_op::<bls12_381::G1Curve>),
    ("bls12_381/g1/mul_vartime", group_op::<bls12_381::G1Curve>),
    ("bls12_381/g1/subgroup_check", subgroup_check::<bls12_381::G1Curve>),
    ("bls12_381/g1/decompress_checked", decompress_checked::<bls12_381::G1Curve>),
    ("bls12_381/g2/add", group_op::<bls12_381::G2Curve>),
    ("bls12_381/g2/double", group_op::<bls12_381::G2Curve>),
    ("bls12_381/g2/mul_ct", group_op::<bls12_381::G2Curve>),
    ("bls12_381/g2/mul_vartime", group_op::<bls12_381::G2Curve>),
    ("bls12_381/g2/subgroup_check", subgroup_check::<bls12_381::G2Curve>),
    ("bls12_381/g2/decompress_checked", decompress_checked::<bls12_381::G2Curve>),
    ("bn254/g1/add", group_op::<bn254::G1Curve>),
    ("bn254/g1/double", group_op::<bn254::G1Curve>),
    ("bn254/g1/mul_ct", group_op::<bn254::G1Curve>),
    ("bn254/g1/mul_vartime", group_op::<bn254::G1Curve>),
    ("bn254/g2/add", group_op::<bn254::G2Curve>),
    ("bn254/g2/double", group_op::<bn254::G2Curve>),
    ("bn254/g2/mul_ct", group_op::<bn254::G2Curve>),
    ("bn254/g2/mul_vartime", group_op::<bn254::G2Curve>),
    ("bls12_381/hash_to_g1", eth_bls::hash_to_curve),
    ("bls12_381/hash_to_g2", eth_bls::hash_to_curve),
    ("eth_bls/keygen", eth_bls::eth_bls),
    ("eth_bls/sign", eth_bls::eth_bls),
    ("eth_bls/verify", eth_bls::eth_bls),
    ("eth_bls/aggregate_128", eth_bls::eth_bls),
    ("eth_bls/fast_aggregate_verify_128", eth_bls::eth_bls),
    ("eth_bls/batch_verify/6", eth_bls::eth_bls),
    ("eth_bls/batch_verify/60", eth_bls::eth_bls),
    ("eth_bls/batch_verify/180", eth_bls::eth_bls),
    ("eth_bls/batch_verify_parallel/6", eth_bls::eth_bls),
    ("eth_bls/batch_verify_parallel/60", eth_bls::eth_bls),
    ("eth_bls/batch_verify_parallel/180", eth_bls::eth_bls),
    ("eth_bls/pubkey_deserialize_checked", eth_bls::eth_bls),
    ("eth_bls/signature_deserialize_checked", eth_bls::eth_bls),
];

/// Whether `name` is selected by `filters` (substrings of op names; none selects all).
pub fn selected(name: &str, filters: &[String]) -> bool {
    filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str()))
}

/// Builds the ops selected by `filters`, with isochron's kernels only.
pub fn build(filters: &[String]) -> Vec<Op> {
    REGISTRY.iter().filter(|(name, _)| selected(name, filters)).map(|(name, b)| b(name)).collect()
}

/// A deterministic generator for an op's inputs, seeded by its name.
fn rng_for(name: &str) -> ChaCha8Rng {
    // FNV-1a of the name: any fixed mixing will do, it only has to be stable.
    let seed = name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    ChaCha8Rng::seed_from_u64(seed)
}

/// Field elements as the benchmark passes them to peers: canonical big-endian bytes.
pub trait Encode {
    /// The canonical big-endian encoding (coefficients in tower order for extensions).
    fn encode(&self) -> Vec<u8>;
}

impl<P: FieldParams<N>, const N: usize> Encode for Fp<P, N> {
    fn encode(&self) -> Vec<u8> {
        self.to_bytes_be().to_vec()
    }
}

impl<T: TowerParams<N>, const N: usize> Encode for Fp2<T, N> {
    fn encode(&self) -> Vec<u8> {
        [self.c0.encode(), self.c1.encode()].concat()
    }
}

impl<T: TowerParams<N>, const N: usize> Encode for Fp6<T, N> {
    fn encode(&self) -> Vec<u8> {
        [self.c0.encode(), self.c1.encode(), self.c2.encode()].concat()
    }
}

impl<T: TowerParams<N>, const N: usize> Encode for Fp12<T, N> {
    fn encode(&self) -> Vec<u8> {
        [self.c0.encode(), self.c1.encode()].concat()
    }
}

/// A uniformly random non-zero element.
fn nonzero<F: Field>(rng: &mut ChaCha8Rng) -> F {
    loop {
        let x = F::random(rng);
        if !bool::from(x.is_zero()) {
            return x;
        }
    }
}

/// `x ← x·y`, chained.
fn mul<F: Field + Encode>(name: &'static str) -> Op {
    let mut rng = rng_for(name);
    let (x, y): (F, F) = (nonzero(&mut rng), nonzero(&mut rng));
    Op { name, inputs: vec![x.encode(), y.encode()], isochron: chain(x, y, |x, y| x * y), peers: vec![] }
}

/// `x ← x²`, chained.
fn square<F: Field + Encode>(name: &'static str) -> Op {
    let x: F = nonzero(&mut rng_for(name));
    Op { name, inputs: vec![x.encode()], isochron: chain(x, (), |x, _| x.square()), peers: vec![] }
}

/// `x ← x⁻¹` (constant time), chained; `x` is non-zero so every step is too.
fn inverse<F: Field + Encode>(name: &'static str) -> Op {
    let x: F = nonzero(&mut rng_for(name));
    Op { name, inputs: vec![x.encode()], isochron: chain(x, (), |x, _| x.invert().unwrap()), peers: vec![] }
}

/// `e(P, Q)`, its Miller loop, or its final exponentiation (by the op name's last part) on
/// `P = [a]G1`, `Q = [b]G2`; the inputs are the scalars `a`, `b` (peers derive the same points).
fn pairing_op<E: PairingEngine>(name: &'static str) -> Op {
    let mut rng = rng_for(name);
    let (a, b): (E::Scalar, E::Scalar) = (nonzero(&mut rng), nonzero(&mut rng));
    let p = (E::G1::generator() * a).to_affine();
    let q = (E::G2::generator() * b).to_affine();
    let inputs = vec![a.to_bytes_be().as_ref().to_vec(), b.to_bytes_be().as_ref().to_vec()];
    let isochron = if name.ends_with("miller_loop") {
        repeat((p, q), |(p, q)| E::miller_loop(p, q))
    } else if name.ends_with("final_exp") {
        repeat(E::miller_loop(&p, &q), E::final_exponentiation)
    } else {
        repeat((p, q), |(p, q)| E::pairing(p, q))
    };
    Op { name, inputs, isochron, peers: vec![] }
}

/// The product of `n` pairings `∏ e(Pᵢ, Qᵢ)` (`n` the op name's last part): the G2 lines, one
/// multi-Miller loop, one final exponentiation, on `Pᵢ = [aᵢ]G1`, `Qᵢ = [bᵢ]G2`; the inputs are
/// `a₁, b₁, a₂, b₂, …`.
fn multi_pairing<E: PairingEngine>(name: &'static str) -> Op {
    let n: usize = name.rsplit('/').next().and_then(|n| n.parse().ok()).expect("op name ends in the pair count");
    let mut rng = rng_for(name);
    let mut inputs = Vec::with_capacity(2 * n);
    let mut pairs = Vec::with_capacity(n);
    for _ in 0..n {
        let (a, b): (E::Scalar, E::Scalar) = (nonzero(&mut rng), nonzero(&mut rng));
        pairs.push(((E::G1::generator() * a).to_affine(), (E::G2::generator() * b).to_affine()));
        inputs.extend([a.to_bytes_be().as_ref().to_vec(), b.to_bytes_be().as_ref().to_vec()]);
    }
    let isochron = repeat(pairs, |pairs| {
        let prepared: Vec<_> = pairs.iter().map(|(p, q)| (p, E::G2Prepared::from(*q))).collect();
        let terms: Vec<_> = prepared.iter().map(|(p, q)| (*p, q)).collect();
        E::final_exponentiation(&E::multi_miller_loop(&terms))
    });
    Op { name, inputs, isochron, peers: vec![] }
}

/// `P = [a]G`, `Q = [b]G` for two random non-zero scalars `a`, `b` (the inputs, from which the
/// peers derive the same points).
fn two_points<C: SwCurve>(name: &'static str) -> (Projective<C>, Projective<C>, Scalar<C>, Vec<Vec<u8>>) {
    let mut rng = rng_for(name);
    let (a, b): (Scalar<C>, Scalar<C>) = (nonzero(&mut rng), nonzero(&mut rng));
    let g = Projective::<C>::generator();
    (g.mul(&a), g.mul(&b), b, vec![a.encode(), b.encode()])
}

/// Group arithmetic by the op name's last part, on `P = [a]G`, `Q = [b]G`: `add` chains
/// `x ← x + Q`, `double` chains `x ← 2x`, `mul_ct` and `mul_vartime` compute `[b]P`.
fn group_op<C: SwCurve>(name: &'static str) -> Op {
    let (p, q, b, inputs) = two_points::<C>(name);
    let isochron = match name.rsplit('/').next() {
        Some("add") => chain(p, q, |x, q| x + *q),
        Some("double") => chain(p, (), |x, _| x.double()),
        Some("mul_ct") => repeat((p, b), |(p, k)| p.mul(k)),
        Some("mul_vartime") => repeat((p, b), |(p, k)| p.mul_vartime(k)),
        _ => panic!("unknown group op {name}"),
    };
    Op { name, inputs, isochron, peers: vec![] }
}

/// The subgroup check of the affine point `P = [a]G` (public, variable time).
fn subgroup_check<C: SwCurve>(name: &'static str) -> Op {
    let (p, _, _, inputs) = two_points::<C>(name);
    let isochron = repeat(p.to_affine(), |p| C::is_torsion_free_vartime(&p.to_projective()));
    Op { name, inputs, isochron, peers: vec![] }
}

/// Decoding the ZCash compressed encoding of `P = [a]G` with every check (flags, canonical,
/// square root, subgroup); each peer decodes its own encoding of the same point.
fn decompress_checked<C: SwCurve>(name: &'static str) -> Op
where
    Affine<C>: PointEncoding,
{
    let (p, _, _, inputs) = two_points::<C>(name);
    let bytes = p.to_affine().to_compressed();
    let isochron = repeat(bytes, |b| Affine::<C>::from_compressed(b.as_ref()).expect("a valid encoding"));
    Op { name, inputs, isochron, peers: vec![] }
}

/// A square root of the same square, repeated (`x` is a random non-zero square).
fn sqrt<F: SqrtField + Encode>(name: &'static str) -> Op {
    let x = nonzero::<F>(&mut rng_for(name)).square();
    Op { name, inputs: vec![x.encode()], isochron: repeat(x, |x| x.sqrt().unwrap()), peers: vec![] }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_lower_case() {
        let mut names: Vec<&str> = REGISTRY.iter().map(|(n, _)| *n).collect();
        // `curve/group_or_area/operation`, or `curve/operation` (e.g. `bls12_381/pairing`).
        assert!(names.iter().all(|n| matches!(n.split('/').count(), 2 | 3) && *n == n.to_lowercase()));
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), REGISTRY.len());
    }

    #[test]
    fn filters_select_by_substring() {
        let all = build(&[]);
        assert_eq!(all.len(), REGISTRY.len());
        let some = build(&["fp/mul".into(), "bn254".into()]);
        assert!(some.iter().all(|op| op.name.contains("fp/mul") || op.name.contains("bn254")));
        assert!(some.iter().any(|op| op.name == "bls12_381/fp/mul"));
        assert!(build(&["no such op".into()]).is_empty());
    }

    #[test]
    fn inputs_are_deterministic() {
        let a = build(&["bls12_381/fp/mul".into()]);
        let b = build(&["bls12_381/fp/mul".into()]);
        assert_eq!(a[0].inputs, b[0].inputs);
        assert_eq!(a[0].inputs[0].len(), 48);
    }
}
