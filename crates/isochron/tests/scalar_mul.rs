//! GLV/GLS scalar multiplication on G1 and G2 of BN254 and BLS12-381: the endomorphisms' eigenvalues,
//! the decomposition (`k ≡ Σ k_i λ^i mod r`, digit bounds), constant-time and variable-time results
//! against plain wNAF and double-and-add on random and edge-case scalars, and the Constantine
//! scalar-multiplication vectors (`vectors/scalar_mul`, see SOURCES.md).

use crate::common;

use std::path::Path;

use isochron::curve::short_weierstrass::glv::Endomorphism;
use isochron::curve::short_weierstrass::{Affine, Projective, Scalar, SwCurve};
use isochron::curves::{bls12_381, bn254};
use isochron::field::{FieldParams, SqrtField};
use num_bigint::BigUint;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use serde_json::Value;

fn order<C: SwCurve>() -> [u64; 4] {
    <C::ScalarParams as FieldParams<4>>::MODULUS
}

fn big(k: &[u64]) -> BigUint {
    k.iter().rev().fold(BigUint::default(), |acc, &l| (acc << 64) + l)
}

fn limbs(v: &BigUint) -> [u64; 4] {
    let mut out = [0u64; 4];
    for (o, d) in out.iter_mut().zip(v.to_u64_digits()) {
        *o = d;
    }
    out
}

fn endo<C: SwCurve>() -> Endomorphism<C> {
    C::ENDOMORPHISM.expect("the pairing groups declare an endomorphism")
}

/// A random point of the subgroup (plain wNAF from the generator, no endomorphism involved).
fn random_point<C: SwCurve>(rng: &mut ChaCha20Rng) -> Projective<C> {
    let k = Scalar::<C>::random(rng).to_canonical_limbs();
    Projective::<C>::generator().mul_limbs_vartime(&k)
}

/// Plain double-and-add, most significant bit first.
fn double_and_add<C: SwCurve>(p: &Projective<C>, k: &[u64; 4]) -> Projective<C> {
    let mut acc = Projective::<C>::identity();
    for i in (0..256).rev() {
        acc = acc.double();
        if (k[i / 64] >> (i % 64)) & 1 == 1 {
            acc += *p;
        }
    }
    acc
}

/// Scalars that stress the decomposition: 0, 1, 2, r − 1, r − 2, λ^i and their neighbours,
/// powers of two around the digit sizes, (r ± 1)/2, and all-ones patterns.
fn edge_scalars<C: SwCurve>() -> Vec<[u64; 4]> {
    let r = big(&order::<C>());
    let lattice = endo::<C>().lattice;
    let lambda = big(&lattice.eigenvalue());
    let mut v: Vec<BigUint> =
        vec![0u32.into(), 1u32.into(), 2u32.into(), &r - 1u32, &r - 2u32, &r >> 1, (&r >> 1) + 1u32];
    let mut power = BigUint::from(1u32);
    for _ in 1..lattice.dim() {
        power = power * &lambda % &r;
        v.extend([power.clone(), &power + 1u32, &power - 1u32, &r - &power]);
    }
    for e in [63u32, 64, 65, 126, 127, 128, 129, 191, 192, 253, 254] {
        let p = BigUint::from(1u32) << e;
        v.extend([p.clone() - 1u32, p.clone(), p + 1u32]);
    }
    v.into_iter().map(|x| x % &r).map(|x| limbs(&x)).collect()
}

/// `k ≡ Σ ±|k_i| λ^i (mod r)` and `|k_i| < 2^bits` for the given scalars.
fn check_decomposition<C: SwCurve>(k: &[u64; 4]) {
    let lattice = endo::<C>().lattice;
    let dec = lattice.decompose(k);
    let lambda = Scalar::<C>::from_canonical_limbs(lattice.eigenvalue());
    let mut sum = Scalar::<C>::ZERO;
    let mut power = Scalar::<C>::ONE;
    for i in 0..lattice.dim() {
        let m = dec.magnitudes[i];
        assert!(big(&m) < BigUint::from(1u32) << lattice.bits(), "digit {i} too large for k = {k:x?}");
        let term = Scalar::<C>::from_canonical_limbs([m[0], m[1], 0, 0]) * power;
        sum = if bool::from(dec.negative[i]) { sum - term } else { sum + term };
        power *= lambda;
    }
    for i in lattice.dim()..dec.magnitudes.len() {
        assert_eq!(dec.magnitudes[i], [0, 0]);
    }
    assert_eq!(sum, Scalar::<C>::from_canonical_limbs(*k), "decomposition of {k:x?}");
}

/// A coordinate field parsed from the vectors' 0x-hex (Fp2 as `{c0, c1}`).
trait Coord: Sized {
    fn parse(v: &Value) -> Self;
}

macro_rules! coords {
    ($curve:ident) => {
        impl Coord for $curve::Fp {
            fn parse(v: &Value) -> Self {
                $curve::Fp::from_hex(v.as_str().unwrap())
            }
        }
        impl Coord for $curve::Fp2 {
            fn parse(v: &Value) -> Self {
                $curve::Fp2::new($curve::Fp::parse(&v["c0"]), $curve::Fp::parse(&v["c1"]))
            }
        }
    };
}
coords!(bls12_381);
coords!(bn254);

fn point<C: SwCurve>(v: &Value) -> Projective<C>
where
    C::Base: Coord,
{
    let p = Affine::<C>::from_xy(C::Base::parse(&v["x"]), C::Base::parse(&v["y"]));
    Option::<Affine<C>>::from(p).expect("vector point on the curve").to_projective()
}

/// Runs every vector of the named files; returns the number of cases.
fn run_vectors<C: SwCurve>(files: &[&str]) -> usize
where
    C::Base: Coord,
{
    let mut n = 0;
    for f in files {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors/scalar_mul").join(f);
        let json: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for v in json["vectors"].as_array().unwrap() {
            let p = point::<C>(&v["P"]);
            assert!(C::is_torsion_free_vartime(&p), "{f}: P outside the subgroup");
            let k = Scalar::<C>::from_canonical_limbs(isochron::hazmat::limbs::from_hex(v["scalar"].as_str().unwrap()));
            let q = point::<C>(&v["Q"]);
            assert_eq!(p.mul(&k), q, "{f} #{}", v["id"]);
            assert_eq!(p.mul_vartime(&k), q, "{f} #{} (vartime)", v["id"]);
            n += 1;
        }
    }
    n
}

macro_rules! scalar_mul_tests {
    ($name:ident, $curve:ty, $files:expr) => {
        mod $name {
            use super::*;
            type C = $curve;
            type S = Scalar<C>;

            #[test]
            fn endomorphism_acts_as_its_eigenvalue() {
                let mut rng = ChaCha20Rng::seed_from_u64(1);
                let e = endo::<C>();
                let lambda = e.lattice.eigenvalue();
                for _ in 0..5 {
                    let p = random_point::<C>(&mut rng);
                    assert_eq!((e.map)(&p), p.mul_limbs_vartime(&lambda));
                }
                assert!(bool::from((e.map)(&Projective::<C>::identity()).is_identity()));
                // The map applied twice, where the curve declares a cheaper form of it: on
                // subgroup points, a point off the subgroup (the twist's cofactor part) and
                // the identity.
                if let Some(map_squared) = e.map_squared {
                    let off = loop {
                        let x = <C as SwCurve>::Base::random(&mut rng);
                        let y = (x.square() * x + C::B).sqrt();
                        if bool::from(y.is_some()) {
                            break Projective::<C>::from(Affine::<C>::from_xy_unchecked(x, y.unwrap()));
                        }
                    };
                    for p in [random_point::<C>(&mut rng), off, Projective::<C>::identity()] {
                        assert_eq!(map_squared(&p), (e.map)(&(e.map)(&p)));
                    }
                }
            }

            #[test]
            fn decomposition_is_correct_and_short() {
                let mut rng = ChaCha20Rng::seed_from_u64(2);
                for k in edge_scalars::<C>() {
                    check_decomposition::<C>(&k);
                }
                for _ in 0..2000 {
                    check_decomposition::<C>(&S::random(&mut rng).to_canonical_limbs());
                }
                // Scalars below 2^255 but not reduced: the decomposition still holds mod r.
                for _ in 0..200 {
                    let mut k: [u64; 4] = rng.gen();
                    k[3] >>= 1;
                    let lattice = endo::<C>().lattice;
                    let dec = lattice.decompose(&k);
                    assert!(dec.magnitudes.iter().all(|m| big(m) < BigUint::from(1u32) << lattice.bits()));
                }
            }

            #[test]
            fn edge_scalars_match_double_and_add() {
                let mut rng = ChaCha20Rng::seed_from_u64(3);
                let p = random_point::<C>(&mut rng);
                for k in edge_scalars::<C>() {
                    let expected = double_and_add(&p, &k);
                    let s = S::from_canonical_limbs(k);
                    assert_eq!(p.mul(&s), expected, "ct, k = {k:x?}");
                    assert_eq!(p.mul_vartime(&s), expected, "vartime, k = {k:x?}");
                }
                let o = Projective::<C>::identity();
                let k = S::random(&mut rng);
                assert!(bool::from(o.mul(&k).is_identity()));
                assert!(bool::from(o.mul_vartime(&k).is_identity()));
            }

            #[test]
            fn random_scalars_match_plain_wnaf() {
                let mut rng = ChaCha20Rng::seed_from_u64(4);
                for _ in 0..30 {
                    let p = random_point::<C>(&mut rng);
                    let k = S::random(&mut rng);
                    let expected = p.mul_limbs_vartime(&k.to_canonical_limbs());
                    assert_eq!(p.mul(&k), expected);
                    assert_eq!(p.mul_vartime(&k), expected);
                    // Z = 1: the tables on an isomorphic curve (a = 0 curves).
                    assert_eq!(Projective::<C>::from(p.to_affine()).mul_vartime(&k), expected);
                }
            }

            #[test]
            fn constantine_vectors() {
                assert!(run_vectors::<C>(&$files) > 0);
            }
        }
    };
}

scalar_mul_tests!(
    bls12_381_g1,
    bls12_381::G1Curve,
    ["tv_BLS12_381_scalar_mul_G1_128bit.json", "tv_BLS12_381_scalar_mul_G1_255bit.json"]
);
scalar_mul_tests!(
    bls12_381_g2,
    bls12_381::G2Curve,
    ["tv_BLS12_381_scalar_mul_G2_128bit.json", "tv_BLS12_381_scalar_mul_G2_255bit.json"]
);
scalar_mul_tests!(
    bn254_g1,
    bn254::G1Curve,
    ["tv_BN254_Snarks_scalar_mul_G1_128bit.json", "tv_BN254_Snarks_scalar_mul_G1_254bit.json"]
);
scalar_mul_tests!(
    bn254_g2,
    bn254::G2Curve,
    ["tv_BN254_Snarks_scalar_mul_G2_128bit.json", "tv_BN254_Snarks_scalar_mul_G2_254bit.json"]
);

/// Scalars at the seams of the fixed-base method's odd-digit recoding: around the powers of two
/// where its last windows sit (`2^256 mod r` is the one `k` whose last addition doubles), their
/// negatives (an even `k` runs as `r − k`), and the smallest and largest scalars.
fn fixed_base_edges<C: SwCurve>() -> Vec<[u64; 4]> {
    let r = big(&order::<C>());
    let mut v: Vec<BigUint> = vec![0u32.into(), 1u32.into(), 2u32.into(), 3u32.into(), &r - 1u32, &r - 2u32];
    for e in [5u32, 6, 10, 12, 245, 246, 250, 251, 252, 253, 254, 255, 256, 257] {
        let p = (BigUint::from(1u32) << e) % &r;
        for x in [&p + &r - 1u32, p.clone(), &p + 1u32, &p + &p, &p * 3u32] {
            let x = x % &r;
            v.extend([(&r - &x) % &r, x]);
        }
    }
    v.iter().map(limbs).collect()
}

/// The generator table's `[k]G` against double-and-add on the edge scalars and random ones.
fn check_mul_generator<C: SwCurve>(seed: u64) {
    let g = Projective::<C>::generator();
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let random = (0..20).map(|_| Scalar::<C>::random(&mut rng).to_canonical_limbs());
    let edges = if C::ENDOMORPHISM.is_some() { edge_scalars::<C>() } else { Vec::new() };
    for k in edges.into_iter().chain(fixed_base_edges::<C>()).chain(random) {
        let want = double_and_add(&g, &k);
        assert_eq!(Projective::<C>::mul_generator(&Scalar::<C>::from_canonical_limbs(k)), want, "{k:x?}");
    }
}

#[test]
fn mul_generator_matches_double_and_add() {
    check_mul_generator::<bls12_381::G1Curve>(71);
    check_mul_generator::<bls12_381::G2Curve>(72);
    check_mul_generator::<bn254::G1Curve>(73);
    check_mul_generator::<bn254::G2Curve>(74);
    check_mul_generator::<isochron::curves::secp256k1::Secp256k1>(75);
    check_mul_generator::<isochron::curves::p256::P256>(76);
}

/// The Jacobian wNAF paths on the identity and on every small scalar (where the accumulator
/// meets table entries: the mixed addition's doubling and cancelling branches).
fn check_small_vartime<C: SwCurve>() {
    let g = Projective::<C>::generator();
    let o = Projective::<C>::identity();
    for k in 0..200u64 {
        let want = double_and_add(&g, &[k, 0, 0, 0]);
        assert_eq!(g.mul_limbs_vartime(&[k]), want, "k = {k}");
        assert_eq!(g.mul_vartime(&Scalar::<C>::from_u64(k)), want, "k = {k}");
        assert_eq!((-g).mul_vartime(&Scalar::<C>::from_u64(k)), -want, "k = {k}");
        assert_eq!(o.mul_vartime(&Scalar::<C>::from_u64(k)), o);
        assert_eq!(o.mul_limbs_vartime(&[k]), o);
    }
}

#[test]
fn vartime_small_scalars_and_identity() {
    check_small_vartime::<bls12_381::G1Curve>();
    check_small_vartime::<bls12_381::G2Curve>();
    check_small_vartime::<bn254::G1Curve>();
    check_small_vartime::<bn254::G2Curve>();
}

/// The variable-time `u64` chain (Jacobian mixed or general additions) against the constant-time
/// one (complete additions), on subgroup points and on points outside the subgroup (where the
/// chain can meet `±P`), with `Z = 1` and `Z ≠ 1`, and on the identity.
fn check_u64_chains<C: SwCurve>(seed: u64)
where
    C::Base: SqrtField,
{
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let ks = [1u64, 2, 3, 5, 6, 7, 0xd201000000010000, 0x44e992b44a6909f1, u64::MAX, rng.gen()];
    for i in 0..8 {
        let p = if i % 2 == 0 { random_point::<C>(&mut rng) } else { common::random_curve_point::<C>(&mut rng) };
        let p_affine: Projective<C> = p.to_affine().into();
        for &k in &ks {
            let want = p.mul_by_u64_chain(k);
            assert_eq!(want, double_and_add(&p, &[k, 0, 0, 0]));
            assert_eq!(p.mul_by_u64_vartime(k), want, "k = {k}");
            assert_eq!(p_affine.mul_by_u64_vartime(k), want, "k = {k}");
        }
    }
    let o = Projective::<C>::identity();
    assert_eq!(o.mul_by_u64_vartime(0xd201000000010000), o);
}

#[test]
fn u64_chains_agree() {
    check_u64_chains::<bls12_381::G1Curve>(81);
    check_u64_chains::<bls12_381::G2Curve>(82);
    check_u64_chains::<bn254::G1Curve>(83);
    check_u64_chains::<bn254::G2Curve>(84);
}
