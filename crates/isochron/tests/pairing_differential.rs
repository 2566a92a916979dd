//! Pairings against arkworks on random points: the GT values must be identical up to the fixed
//! power each library's final exponentiation computes. isochron's BN254 pairing is the exact
//! `f^((p¹² − 1)/r)`, while arkworks' BN hard part (Fuentes-Castañeda et al.) computes it raised to
//! `2u(6u² + 3u + 1)`; for BLS12-381 both compute the cube of the exact value
//! (Hayashida–Hayasaka–Teruya).

use ark_ec::pairing::Pairing;
use ark_ec::PrimeGroup;
use ark_ff::{BigInteger, PrimeField};
use isochron::curve::short_weierstrass::{Projective, Scalar};
use isochron::pairing::PairingParams;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

/// The 12 Fp coefficients of an Fp12 element, big-endian bytes each, in tower order.
fn ark_fq12_bytes<F: PrimeField>(coeffs: impl Iterator<Item = F>) -> Vec<u8> {
    coeffs.flat_map(|c| c.into_bigint().to_bytes_be()).collect()
}

macro_rules! fq12_coeffs {
    ($f:expr) => {{
        let f = $f;
        [
            f.c0.c0.c0, f.c0.c0.c1, f.c0.c1.c0, f.c0.c1.c1, f.c0.c2.c0, f.c0.c2.c1, f.c1.c0.c0, f.c1.c0.c1, f.c1.c1.c0,
            f.c1.c1.c1, f.c1.c2.c0, f.c1.c2.c1,
        ]
    }};
}

/// `2u(6u² + 3u + 1)` for BN254's `u`, as little-endian limbs.
fn bn254_ark_power() -> Vec<u64> {
    let u = num_bigint::BigUint::from(4965661367192848881u64);
    let k = 2u32 * &u * (6u32 * &u * &u + 3u32 * &u + 1u32);
    k.to_u64_digits()
}

macro_rules! differential {
    ($name:ident, $e:ty, $n:literal, $ark:ty, $ark_fr:ty, $power:expr) => {
        #[test]
        fn $name() {
            type E = $e;
            type G1 = <E as PairingParams<$n>>::G1;
            type G2 = <E as PairingParams<$n>>::G2;
            let mut rng = ChaCha20Rng::seed_from_u64(31);
            for _ in 0..3 {
                let (a, b) = (Scalar::<G1>::random(&mut rng), Scalar::<G1>::random(&mut rng));
                let p = Projective::<G1>::generator().mul(&a).to_affine();
                let q = Projective::<G2>::generator().mul(&b).to_affine();
                let ours = <E as isochron::pairing::PairingEngine>::pairing(&p, &q).pow_limbs_vartime(&$power);
                let ak = <$ark_fr>::from_be_bytes_mod_order(&a.to_bytes_be());
                let bk = <$ark_fr>::from_be_bytes_mod_order(&b.to_bytes_be());
                let g1 = <<$ark as Pairing>::G1 as PrimeGroup>::generator() * ak;
                let g2 = <<$ark as Pairing>::G2 as PrimeGroup>::generator() * bk;
                let theirs = <$ark as Pairing>::pairing(g1, g2).0;
                let ours_bytes: Vec<u8> =
                    fq12_coeffs!(ours.as_fp12()).iter().flat_map(|c| c.to_bytes_be().to_vec()).collect();
                assert_eq!(ours_bytes, ark_fq12_bytes(fq12_coeffs!(theirs).into_iter()));
            }
        }
    };
}

differential!(
    bls12_381_matches_arkworks,
    isochron::curves::bls12_381::Bls12_381,
    6,
    ark_bls12_381::Bls12_381,
    ark_bls12_381::Fr,
    [1u64]
);
differential!(
    bn254_matches_arkworks,
    isochron::curves::bn254::Bn254,
    4,
    ark_bn254::Bn254,
    ark_bn254::Fr,
    bn254_ark_power()
);
