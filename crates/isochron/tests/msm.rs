//! Multi-scalar multiplication (`isochron::msm`, `Group::msm_vartime`) against a naive sum of
//! products and against arkworks' `VariableBaseMSM`, on the four pairing groups: random inputs
//! over a range of sizes (both sides of the wNAF/Pippenger switch), zero scalars, identity
//! points, repeated and opposite points, `r − 1` scalars, mismatched lengths; the parallel path
//! and the fixed-base tables against the serial function.

use ark_ec::{CurveGroup, VariableBaseMSM};
use ark_ff::PrimeField as _;
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use isochron::curve::{AffinePoint, Group, PointEncoding};
use isochron::curves::{bls12_381, bn254};
use isochron::field::Field;
use isochron::msm::{self, FixedBaseMsm};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

/// `n` random subgroup points, cheaply: 32 random ones, then sums of earlier ones.
fn points<G: Group>(rng: &mut ChaCha20Rng, n: usize) -> Vec<G::Affine> {
    let mut p: Vec<G> = (0..n.min(32)).map(|_| G::random(rng)).collect();
    for i in p.len()..n {
        let q = p[i - 1] + p[i - 32 + rng.gen_range(0..16)];
        p.push(q);
    }
    G::batch_normalize(&p)
}

fn scalars<G: Group>(rng: &mut ChaCha20Rng, n: usize) -> Vec<G::Scalar> {
    (0..n).map(|_| G::Scalar::random(rng)).collect()
}

fn naive<G: Group>(p: &[G::Affine], k: &[G::Scalar]) -> G {
    p.iter().zip(k).fold(G::identity(), |acc, (p, k)| acc + p.to_group().mul_vartime(k))
}

/// Every entry point against `want`.
fn check_all<G: Group>(p: &[G::Affine], k: &[G::Scalar], want: &G) {
    let got: G = msm::msm_vartime(p, k);
    assert_eq!(got, *want, "serial, n = {}", p.len().min(k.len()));
    #[cfg(feature = "parallel")]
    assert_eq!(msm::msm_vartime_parallel::<G>(p, k), got, "parallel, n = {}", p.len());
    let fixed = FixedBaseMsm::<G>::new_vartime(p);
    assert_eq!(fixed.msm_vartime(k), got, "fixed base, n = {}", p.len());
    #[cfg(feature = "parallel")]
    assert_eq!(fixed.msm_vartime_parallel(k), got, "fixed base parallel, n = {}", p.len());
    check_tables::<G>(p, k, &got, &[1, 2, 3]);
}

/// The fixed-base tables with the given numbers of shifted copies against `want`.
fn check_tables<G: Group>(p: &[G::Affine], k: &[G::Scalar], want: &G, copies: &[usize]) {
    for &t in copies {
        let fixed = FixedBaseMsm::<G>::with_copies_vartime(p, t);
        assert_eq!(fixed.msm_vartime(k), *want, "fixed base, {t} copies, n = {}", p.len());
        #[cfg(feature = "parallel")]
        assert_eq!(fixed.msm_vartime_parallel(k), *want, "fixed base parallel, {t} copies, n = {}", p.len());
    }
}

macro_rules! msm_tests {
    ($name:ident, $g:ty, $ark_affine:ty, $ark_proj:ty, $ark_fr:ty, $sizes:expr, $naive_max:expr, $seed:expr) => {
        mod $name {
            use super::*;

            type G = $g;

            fn to_ark(p: &<G as Group>::Affine) -> $ark_affine {
                <$ark_affine>::deserialize_compressed(&p.to_compressed().as_ref()[..]).unwrap()
            }

            fn ark_msm(p: &[<G as Group>::Affine], k: &[<G as Group>::Scalar]) -> Vec<u8> {
                let ap: Vec<$ark_affine> = p.iter().map(to_ark).collect();
                let ak: Vec<$ark_fr> = k.iter().map(|k| <$ark_fr>::from_le_bytes_mod_order(&k.to_bytes_le())).collect();
                let r = <$ark_proj>::msm(&ap, &ak).unwrap().into_affine();
                let mut out = Vec::new();
                r.serialize_compressed(&mut out).unwrap();
                out
            }

            fn enc(g: &G) -> Vec<u8> {
                g.to_affine().to_compressed().as_ref().to_vec()
            }

            #[test]
            fn random_inputs() {
                let mut rng = ChaCha20Rng::seed_from_u64($seed);
                for &n in $sizes.iter() {
                    let p = points::<G>(&mut rng, n);
                    let k = scalars::<G>(&mut rng, n);
                    let got: G = msm::msm_vartime(&p, &k);
                    assert_eq!(enc(&got), ark_msm(&p, &k), "arkworks, n = {n}");
                    if n <= $naive_max {
                        assert_eq!(got, naive::<G>(&p, &k), "naive, n = {n}");
                    }
                    check_all::<G>(&p, &k, &got);
                }
            }

            #[test]
            fn edge_cases() {
                let mut rng = ChaCha20Rng::seed_from_u64($seed + 100);
                let zero = <G as Group>::Scalar::ZERO;
                let minus_one = -<G as Group>::Scalar::ONE;
                let id = <G as Group>::Affine::identity();
                for n in [0usize, 1, 2, 3, 31, 32, 33, 63, 64, 127, 128, 129, 300] {
                    let p = points::<G>(&mut rng, n);
                    let mut k = scalars::<G>(&mut rng, n);
                    // All zero scalars, all identity points.
                    check_all::<G>(&p, &vec![zero; n], &G::identity());
                    check_all::<G>(&vec![id; n], &k, &G::identity());
                    // r − 1 everywhere: −Σ P.
                    let sum = p.iter().fold(G::identity(), |a, q| a + q);
                    check_all::<G>(&p, &vec![minus_one; n], &-sum);
                    // A mix: zeros, identities, ones, r − 1, small scalars.
                    let mut q = p.clone();
                    for i in 0..n {
                        match i % 7 {
                            0 => k[i] = zero,
                            1 => q[i] = id,
                            2 => k[i] = <G as Group>::Scalar::ONE,
                            3 => k[i] = minus_one,
                            4 => k[i] = <G as Group>::Scalar::from_u64(i as u64),
                            _ => {}
                        }
                    }
                    check_all::<G>(&q, &k, &naive::<G>(&q, &k));
                    // Repeated points with equal scalars (every bucket addition doubles), with
                    // opposite points (every other addition cancels), and one point many times.
                    let g = <G as Group>::Affine::generator();
                    let rep = vec![g; n];
                    let kk = vec![k.first().copied().unwrap_or(zero); n];
                    check_all::<G>(&rep, &kk, &naive::<G>(&rep, &kk));
                    let m = n - n % 2;
                    let alt: Vec<_> = (0..m).map(|i| if i % 2 == 0 { p[i / 2 * 2] } else { -p[i / 2 * 2] }).collect();
                    let ks: Vec<_> = (0..m).map(|i| k[i / 2 * 2]).collect();
                    check_all::<G>(&alt, &ks, &G::identity());
                    let few: Vec<_> = (0..n).map(|i| p[i % 3.min(n)]).collect();
                    check_all::<G>(&few, &k, &naive::<G>(&few, &k));
                }
            }

            #[test]
            fn mismatched_lengths_use_the_shorter() {
                let mut rng = ChaCha20Rng::seed_from_u64($seed + 200);
                let p = points::<G>(&mut rng, 150);
                let k = scalars::<G>(&mut rng, 150);
                for (np, nk) in [(150, 100), (100, 150), (70, 10), (0, 150), (150, 0)] {
                    let n = np.min(nk);
                    let want = naive::<G>(&p[..n], &k[..n]);
                    check_all::<G>(&p[..np], &k[..nk], &want);
                }
            }
        }
    };
}

msm_tests!(
    bls12_381_g1,
    bls12_381::G1Projective,
    ark_bls12_381::G1Affine,
    ark_bls12_381::G1Projective,
    ark_bls12_381::Fr,
    [0usize, 1, 2, 3, 17, 64, 100, 1000, 5000],
    1000,
    1
);
msm_tests!(
    bls12_381_g2,
    bls12_381::G2Projective,
    ark_bls12_381::G2Affine,
    ark_bls12_381::G2Projective,
    ark_bls12_381::Fr,
    [0usize, 1, 2, 3, 17, 64, 100, 1000],
    100,
    2
);
msm_tests!(
    bn254_g1,
    bn254::G1Projective,
    ark_bn254::G1Affine,
    ark_bn254::G1Projective,
    ark_bn254::Fr,
    [0usize, 1, 2, 3, 17, 64, 100, 1000, 5000],
    1000,
    3
);
msm_tests!(
    bn254_g2,
    bn254::G2Projective,
    ark_bn254::G2Affine,
    ark_bn254::G2Projective,
    ark_bn254::Fr,
    [0usize, 1, 2, 3, 17, 64, 100, 1000],
    100,
    4
);

/// Large-ish random input where the window width is large, on G1 of BLS12-381 only.
#[test]
fn bls12_381_g1_large() {
    let mut rng = ChaCha20Rng::seed_from_u64(9);
    let n = 20_000;
    let p = points::<bls12_381::G1Projective>(&mut rng, n);
    let k = scalars::<bls12_381::G1Projective>(&mut rng, n);
    let got: bls12_381::G1Projective = msm::msm_vartime(&p, &k);
    let ap: Vec<ark_bls12_381::G1Affine> =
        p.iter().map(|p| ark_bls12_381::G1Affine::deserialize_compressed(&p.to_compressed()[..]).unwrap()).collect();
    let ak: Vec<ark_bls12_381::Fr> =
        k.iter().map(|k| ark_bls12_381::Fr::from_le_bytes_mod_order(&k.to_bytes_le())).collect();
    let mut want = Vec::new();
    ark_bls12_381::G1Projective::msm(&ap, &ak).unwrap().into_affine().serialize_compressed(&mut want).unwrap();
    assert_eq!(&got.to_affine().to_compressed()[..], &want[..]);
    #[cfg(feature = "parallel")]
    assert_eq!(msm::msm_vartime_parallel::<bls12_381::G1Projective>(&p, &k), got);
}

/// The EIP-4844 shape (4096 points of G1 of BLS12-381) over fixed-base tables of every layout,
/// against the plain MSM, with zero scalars, identity points and repeated points mixed in; the
/// default table's size as documented.
#[test]
fn bls12_381_g1_fixed_base_tables() {
    type G = bls12_381::G1Projective;
    let mut rng = ChaCha20Rng::seed_from_u64(10);
    let n = 4096;
    let mut p = points::<G>(&mut rng, n);
    let mut k = scalars::<G>(&mut rng, n);
    let fixed = FixedBaseMsm::<G>::new_vartime(&p);
    // The affine points, and on CPUs with AVX-512 IFMA the same points in the vector
    // backend's form (two 64-byte rows each).
    let affine = 81_920 * core::mem::size_of::<<G as Group>::Affine>();
    assert!([affine, affine + 81_920 * 128].contains(&fixed.size_bytes()), "{}", fixed.size_bytes());
    let want: G = msm::msm_vartime(&p, &k);
    assert_eq!(fixed.msm_vartime(&k), want);
    check_tables::<G>(&p, &k, &want, &[1, 2, 4, 5, 10, 64]);
    // Zeros, identities, repeats of one point (equal bucket additions: doublings in the
    // batches) and its opposite.
    for i in 0..n {
        match i % 5 {
            0 => k[i] = <G as Group>::Scalar::ZERO,
            1 => p[i] = <G as Group>::Affine::identity(),
            2 => p[i] = p[2],
            3 => p[i] = -p[2],
            _ => {}
        }
    }
    let want: G = msm::msm_vartime(&p, &k);
    assert_eq!(want, naive::<G>(&p, &k));
    assert_eq!(FixedBaseMsm::<G>::new_vartime(&p).msm_vartime(&k), want);
    check_tables::<G>(&p, &k, &want, &[1, 3]);
    // Fewer scalars than points, and one point repeated everywhere with one scalar.
    assert_eq!(fixed.msm_vartime(&k[..1]), naive::<G>(&p[..1], &k[..1]));
    assert_eq!(fixed.msm_vartime(&k[..0]), G::identity());
    let g = vec![<G as Group>::Affine::generator(); n];
    let kk = vec![k[7]; n];
    let want: G = msm::msm_vartime(&g, &kk);
    assert_eq!(
        want,
        <G as Group>::Affine::generator().to_group().mul_vartime(&(k[7] * <G as Group>::Scalar::from_u64(n as u64)))
    );
    check_tables::<G>(&g, &kk, &want, &[1, 10]);
}
