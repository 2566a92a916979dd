//! isochron's side of each op: the op's inputs, drawn from the generator seeded by its name
//! ([`Fixtures::rng`]) and passed to the peers as canonical big-endian bytes, and isochron's
//! kernel over them. [`build`] picks the builder by the op's typed description.
//!
//! Adding an op: its description in the registry's list (`registry::ALL`), its builder here (or an arm routing it
//! to an existing generic builder), and its kernel in each peer that has it.

use isochron::curve::{AffinePoint, Group, PointEncoding};
use isochron::curves::{bls12_381, bn254};
use isochron::field::fp12::Fp12;
use isochron::field::fp2::{Fp2, TowerParams};
use isochron::field::fp6::Fp6;
use isochron::field::PrimeField;
use isochron::field::{Field, FieldParams, Fp, SqrtField};
use isochron::pairing::PairingEngine;
use std::hint::black_box;
use std::sync::{Arc, OnceLock};

use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;

use crate::fixtures::Fixtures;
use crate::op::{self, Curve, FieldOp, GroupOp, Op, PairingOp};
use crate::timing::{chain, repeat, Kernel};

pub mod c25519;
mod eip4844;
pub mod eip7594;
mod eth_bls;
pub mod evm;
pub mod sec;

/// isochron's side of one op.
pub struct Side {
    /// The inputs, each the canonical big-endian encoding of one value (for an extension
    /// field element, its prime-field coefficients in tower order, lowest first); the peers
    /// build their kernels from these.
    pub inputs: Vec<Vec<u8>>,
    /// isochron's kernel.
    pub kernel: Kernel,
}

/// isochron's side of `op`: its inputs (drawn from [`Fixtures::rng`], the large ones shared
/// through `fixtures`) and isochron's kernel.
pub fn build(op: Op, fixtures: &Fixtures) -> Side {
    use op::Field::{Fp, Fp12, Fp2, Fr};
    use op::Group::{G1, G2};
    use Curve::{Bls12_381, Bn254};
    let rng = Fixtures::rng(op);
    match op {
        Op::Field(Bls12_381, Fp, FieldOp::Sqrt) => sqrt::<bls12_381::Fp>(rng),
        Op::Field(Bls12_381, Fp, f) => field_op::<bls12_381::Fp>(f, rng),
        Op::Field(Bls12_381, Fp2, f) => field_op::<bls12_381::Fp2>(f, rng),
        Op::Field(Bls12_381, Fp12, f) => field_op::<bls12_381::Fp12>(f, rng),
        Op::Field(Bls12_381, Fr, f) => field_op::<bls12_381::Fr>(f, rng),
        Op::Field(Bn254, Fp, f) => field_op::<bn254::Fp>(f, rng),
        Op::Field(Bn254, Fp2, f) => field_op::<bn254::Fp2>(f, rng),
        Op::Field(Bn254, Fp12, f) => field_op::<bn254::Fp12>(f, rng),
        Op::Field(Bn254, Fr, f) => field_op::<bn254::Fr>(f, rng),
        Op::Pairing(Bls12_381, PairingOp::MultiPairing(n)) => multi_pairing::<bls12_381::Bls12_381>(n, rng),
        Op::Pairing(Bls12_381, p) => pairing_op::<bls12_381::Bls12_381>(p, rng),
        Op::Pairing(Bn254, PairingOp::MultiPairing(_)) => panic!("isochron has no op {op}"),
        Op::Pairing(Bn254, p) => pairing_op::<bn254::Bn254>(p, rng),
        Op::Group(Bls12_381, G1, g) => group::<bls12_381::G1Projective>(g, rng),
        Op::Group(Bls12_381, G2, g) => group::<bls12_381::G2Projective>(g, rng),
        Op::Group(Bn254, G1, g) => group::<bn254::G1Projective>(g, rng),
        Op::Group(Bn254, G2, g) => group::<bn254::G2Projective>(g, rng),
        Op::HashToCurve(Bls12_381, g) => eth_bls::hash_to_curve(g, rng),
        Op::EthBls(e) => eth_bls::eth_bls(e, rng),
        Op::Eip4844(e) => eip4844::eip4844(e, rng),
        Op::Eip7594(e) => eip7594::eip7594(e, rng),
        Op::HashToCurve(Bn254, _) => panic!("isochron has no op {op}"),
        Op::FrFft(Bls12_381, n) => fr_fft::<bls12_381::Fr>(n, rng),
        Op::FrFft(Bn254, n) => fr_fft::<bn254::Fr>(n, rng),
        Op::Msm(Bls12_381, G1, m) => msm::<bls12_381::G1Projective>(msm_inputs(fixtures, Bls12_381, G1), m),
        Op::Msm(Bls12_381, G2, m) => msm::<bls12_381::G2Projective>(msm_inputs(fixtures, Bls12_381, G2), m),
        Op::Msm(Bn254, G1, m) => msm::<bn254::G1Projective>(msm_inputs(fixtures, Bn254, G1), m),
        Op::Msm(Bn254, G2, m) => msm::<bn254::G2Projective>(msm_inputs(fixtures, Bn254, G2), m),
        // Both backends on the inputs of the native op's name.
        Op::Sec(c, o, b) => sec::build(c, o, b, Fixtures::rng(Op::Sec(c, o, op::Backend::Native))),
        Op::Evm(e) => evm::evm(e, rng),
        Op::C25519(o, b) => c25519::build(o, b, Fixtures::rng(Op::C25519(o, op::Backend::Native))),
    }
}

/// The shared inputs of a group's MSM ops: random points and scalars of the registry's largest
/// size for the group ([`msm_inputs_size`]); an op of size `n` takes the first `n` of each.
pub struct MsmInputs<G: Group> {
    /// The points, affine (none the identity).
    pub points: Vec<G::Affine>,
    /// The scalars, uniformly random.
    pub scalars: Vec<G::Scalar>,
}

/// The MSM inputs of `curve`'s `group` (built once per run, under the key
/// `"<curve>/msm_<group>/inputs"`), drawn from the generator of the group's largest MSM op: 32
/// random points `[aᵢ]G`, then each point the sum of the previous one and one of the 32 before
/// it (distinct, uncorrelated-looking points at one addition each), normalized together.
pub fn msm_inputs<G: Group>(fixtures: &Fixtures, curve: Curve, group: op::Group) -> Arc<MsmInputs<G>> {
    let key = format!("{}/msm_{}/inputs", curve.name(), group.name());
    fixtures.shared(&key, || {
        let n = msm_inputs_size(curve, group);
        let mut rng = Fixtures::rng(Op::Msm(curve, group, op::Msm { n, parallel: false }));
        let mut p: Vec<G> = (0..n.min(32)).map(|_| G::generator() * nonzero::<G::Scalar>(&mut rng)).collect();
        for i in p.len()..n {
            let j = i - 32 + (rng.next_u32() % 16) as usize;
            let q = p[i - 1] + p[j];
            p.push(q);
        }
        let scalars = (0..n).map(|_| G::Scalar::random(&mut rng)).collect();
        MsmInputs { points: G::batch_normalize(&p), scalars }
    })
}

/// The size of a group's shared MSM inputs: the largest MSM op of the registry on the group (a
/// registry test checks it).
pub const fn msm_inputs_size(curve: Curve, group: op::Group) -> usize {
    match (curve, group) {
        (Curve::Bls12_381 | Curve::Bn254, op::Group::G1) => 262_144,
        (Curve::Bls12_381 | Curve::Bn254, op::Group::G2) => 4096,
    }
}

/// `Σ [kᵢ]·Pᵢ` over the first `n` shared points and scalars, on one thread
/// ([`Group::msm_vartime`]) or on rayon's pool ([`Group::msm_vartime_parallel`]). The inputs
/// passed on are `n` (big-endian `u64`); peers take the same shared points and scalars.
fn msm<G: Group>(inputs: Arc<MsmInputs<G>>, m: op::Msm) -> Side {
    let n = m.n;
    let kernel = if m.parallel {
        repeat(inputs, move |x| G::msm_vartime_parallel(&x.points[..n], &x.scalars[..n]))
    } else {
        repeat(inputs, move |x| G::msm_vartime(&x.points[..n], &x.scalars[..n]))
    };
    Side { inputs: vec![(n as u64).to_be_bytes().to_vec()], kernel }
}

/// A rayon pool of one thread, for the kernels.
pub(crate) fn one_thread() -> &'static rayon::ThreadPool {
    static POOL: OnceLock<rayon::ThreadPool> = OnceLock::new();
    POOL.get_or_init(|| rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a thread"))
}

/// [`crate::timing::repeat`] on [`one_thread`]: each sample runs inside the one-thread pool,
/// so that what the library spreads over rayon with `parallel` (on in this crate: the KZG
/// batch verification per blob, the FK20 MSMs of cells and recovery) stays on one thread, as
/// the peers of the `eip4844` and `eip7594` ops do.
fn on_one_thread<T, R>(x: T, f: impl Fn(&T) -> R + Send + Sync + 'static) -> Kernel
where
    T: Send + Sync + 'static,
{
    Box::new(move |iters| {
        one_thread().install(|| {
            for _ in 0..iters {
                black_box(f(black_box(&x)));
            }
        })
    })
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

/// `x ← x·y` and `x ← x²`, chained, on random non-zero `x`, `y`; `x ← x⁻¹` (constant time),
/// chained, on a random non-zero `x` (so every step is non-zero too).
fn field_op<F: Field + Encode>(op: FieldOp, mut rng: ChaCha8Rng) -> Side {
    match op {
        FieldOp::Mul => {
            let (x, y): (F, F) = (nonzero(&mut rng), nonzero(&mut rng));
            Side { inputs: vec![x.encode(), y.encode()], kernel: chain(x, y, |x, y| x * y) }
        }
        FieldOp::Square => {
            let x: F = nonzero(&mut rng);
            Side { inputs: vec![x.encode()], kernel: chain(x, (), |x, _| x.square()) }
        }
        FieldOp::Inverse => {
            let x: F = nonzero(&mut rng);
            Side { inputs: vec![x.encode()], kernel: chain(x, (), |x, _| x.invert().unwrap()) }
        }
        FieldOp::Sqrt => panic!("no square-root op in this field (only `sqrt` builds them)"),
    }
}

/// `e(P, Q)`, its Miller loop, or its final exponentiation on `P = [a]G1`, `Q = [b]G2`; the
/// inputs are the scalars `a`, `b` (peers derive the same points).
fn pairing_op<E: PairingEngine>(op: PairingOp, mut rng: ChaCha8Rng) -> Side {
    let (a, b): (E::Scalar, E::Scalar) = (nonzero(&mut rng), nonzero(&mut rng));
    let p = (E::G1::generator() * a).to_affine();
    let q = (E::G2::generator() * b).to_affine();
    let inputs = vec![a.to_bytes_be().as_ref().to_vec(), b.to_bytes_be().as_ref().to_vec()];
    let kernel = match op {
        PairingOp::MillerLoop => repeat((p, q), |(p, q)| E::miller_loop(p, q)),
        PairingOp::FinalExp => repeat(E::miller_loop(&p, &q), E::final_exponentiation),
        PairingOp::Pairing => repeat((p, q), |(p, q)| E::pairing(p, q)),
        PairingOp::MultiPairing(_) => panic!("multi-pairings are built by `multi_pairing`"),
    };
    Side { inputs, kernel }
}

/// The product of `n` pairings `∏ e(Pᵢ, Qᵢ)`: the G2 lines, one multi-Miller loop, one final
/// exponentiation, on `Pᵢ = [aᵢ]G1`, `Qᵢ = [bᵢ]G2`; the inputs are `a₁, b₁, a₂, b₂, …`.
fn multi_pairing<E: PairingEngine>(n: usize, mut rng: ChaCha8Rng) -> Side {
    let mut inputs = Vec::with_capacity(2 * n);
    let mut pairs = Vec::with_capacity(n);
    for _ in 0..n {
        let (a, b): (E::Scalar, E::Scalar) = (nonzero(&mut rng), nonzero(&mut rng));
        pairs.push(((E::G1::generator() * a).to_affine(), (E::G2::generator() * b).to_affine()));
        inputs.extend([a.to_bytes_be().as_ref().to_vec(), b.to_bytes_be().as_ref().to_vec()]);
    }
    let kernel = repeat(pairs, |pairs| {
        let prepared: Vec<_> = pairs.iter().map(|(p, q)| (p, E::G2Prepared::from(*q))).collect();
        let terms: Vec<_> = prepared.iter().map(|(p, q)| (*p, q)).collect();
        E::final_exponentiation(&E::multi_miller_loop(&terms))
    });
    Side { inputs, kernel }
}

/// Group arithmetic on `P = [a]G`, `Q = [b]G` for two random non-zero scalars `a`, `b` (the
/// inputs, from which the peers derive the same points): `add` chains `x ← x + Q`, `double`
/// chains `x ← 2x`, `mul_ct` and `mul_vartime` compute `[b]P`; `subgroup_check` tests the
/// affine `P` (public, variable time); `decompress_checked` decodes the ZCash compressed
/// encoding of `P` with every check (flags, canonical, square root, subgroup), where each peer
/// decodes its own encoding of the same point.
fn group<G: Group>(op: GroupOp, mut rng: ChaCha8Rng) -> Side
where
    G::Affine: PointEncoding,
{
    let (a, b): (G::Scalar, G::Scalar) = (nonzero(&mut rng), nonzero(&mut rng));
    let g = G::generator();
    let (p, q) = (g * a, g * b);
    let kernel = match op {
        GroupOp::Add => chain(p, q, |x, q| x + *q),
        GroupOp::Double => chain(p, (), |x, _| x.double()),
        GroupOp::MulCt => repeat((p, b), |(p, k)| *p * k),
        GroupOp::MulVartime => repeat((p, b), |(p, k)| p.mul_vartime(k)),
        GroupOp::SubgroupCheck => repeat(p.to_affine(), |p| p.to_group().is_torsion_free_vartime()),
        GroupOp::DecompressChecked => {
            repeat(p.to_affine().to_compressed(), |b| G::Affine::from_compressed(b.as_ref()).expect("a valid encoding"))
        }
    };
    Side { inputs: vec![a.to_bytes_be().as_ref().to_vec(), b.to_bytes_be().as_ref().to_vec()], kernel }
}

/// The forward FFT of `n` random scalar-field elements on a domain built beforehand
/// ([`isochron::fft::EvaluationDomain::fft`]), each iteration on a fresh copy of the inputs
/// (the peers copy too); the inputs are the `n` coefficients.
fn fr_fft<F: PrimeField + Encode>(n: usize, mut rng: ChaCha8Rng) -> Side {
    let domain = isochron::fft::EvaluationDomain::<F>::new(n).expect("a supported FFT size");
    let coeffs: Vec<F> = (0..n).map(|_| F::random(&mut rng)).collect();
    let inputs = coeffs.iter().map(Encode::encode).collect();
    let kernel = repeat(coeffs, move |c| {
        let mut v = c.clone();
        domain.fft(&mut v).expect("the domain's size");
        v
    });
    Side { inputs, kernel }
}

/// A square root of the same square, repeated (`x` is a random non-zero square).
fn sqrt<F: SqrtField + Encode>(mut rng: ChaCha8Rng) -> Side {
    let x = nonzero::<F>(&mut rng).square();
    Side { inputs: vec![x.encode()], kernel: repeat(x, |x| x.sqrt().unwrap()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_are_deterministic() {
        let op = Op::Field(Curve::Bls12_381, op::Field::Fp, FieldOp::Mul);
        assert_eq!(op.name(), "bls12_381/fp/mul");
        let fixtures = Fixtures::new();
        let (a, b) = (build(op, &fixtures), build(op, &fixtures));
        assert_eq!(a.inputs, b.inputs);
        assert_eq!(a.inputs[0].len(), 48);
    }
}
