//! Optimal ate pairings of BN254 and BLS12-381: bilinearity, non-degeneracy, single- and
//! multi-Miller loop consistency, and the final exponentiation against its definition `f^((p¹² − 1)/r)`.

use isochron::curve::short_weierstrass::{Affine, Projective, Scalar, SwCurve};
use isochron::field::{Field, FieldParams};
use isochron::pairing::{self, G2Prepared, PairingParams};
use num_bigint::BigUint;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

fn big(limbs: &[u64]) -> BigUint {
    limbs.iter().rev().fold(BigUint::default(), |acc, &l| (acc << 64) + l)
}

macro_rules! pairing_tests {
    ($name:ident, $e:ty, $n:literal, $fp:ty, $fr:ty, $power:expr) => {
        mod $name {
            use super::*;
            type E = $e;
            type G1 = <E as PairingParams<$n>>::G1;
            type G2 = <E as PairingParams<$n>>::G2;
            type S = Scalar<G1>;

            fn e(p: &Projective<G1>, q: &Projective<G2>) -> pairing::Gt<E, $n> {
                <E as isochron::pairing::PairingEngine>::pairing(&p.to_affine(), &q.to_affine())
            }

            #[test]
            fn final_exponentiation_matches_definition() {
                let p = big(&<$fp as FieldParams<$n>>::MODULUS);
                let r = big(&<$fr as FieldParams<4>>::MODULUS);
                let exp = (p.pow(12u32) - 1u32) / &r * BigUint::from($power as u32);
                let f =
                    <E as isochron::pairing::PairingEngine>::miller_loop(&Affine::generator(), &Affine::generator());
                let want = f.pow_vartime(&exp.to_u64_digits());
                assert_eq!(*<E as isochron::pairing::PairingEngine>::final_exponentiation(&f).as_fp12(), want);
            }

            #[test]
            fn bilinear_and_non_degenerate() {
                let mut rng = ChaCha20Rng::seed_from_u64(21);
                let (g1, g2) = (Projective::<G1>::generator(), Projective::<G2>::generator());
                let base = e(&g1, &g2);
                assert_ne!(base, pairing::Gt::<E, $n>::ONE);
                let r = <$fr as FieldParams<4>>::MODULUS;
                assert_eq!(base.pow_limbs_vartime(&r), pairing::Gt::<E, $n>::ONE);
                for _ in 0..3 {
                    let (a, b) = (S::random(&mut rng), S::random(&mut rng));
                    let lhs = e(&g1.mul(&a), &g2.mul(&b));
                    assert_eq!(lhs, e(&g1.mul(&(a * b)), &g2));
                    assert_eq!(lhs, e(&g1, &g2.mul(&(a * b))));
                    assert_eq!(lhs, base.pow_vartime(&(a * b)));
                }
                assert_eq!(e(&Projective::identity(), &g2), pairing::Gt::<E, $n>::ONE);
                assert_eq!(e(&g1, &Projective::identity()), pairing::Gt::<E, $n>::ONE);
            }

            #[test]
            fn multi_miller_loop_and_check() {
                let mut rng = ChaCha20Rng::seed_from_u64(22);
                let (g1, g2) = (Projective::<G1>::generator(), Projective::<G2>::generator());
                let a = S::random(&mut rng);
                let (p1, q1) = (g1.mul(&a).to_affine(), g2.to_affine());
                let (p2, q2) = (g1.neg().to_affine(), g2.mul(&a).to_affine());
                assert!(<E as isochron::pairing::PairingEngine>::pairing_check(&[(p1, q1), (p2, q2)]));
                assert!(!<E as isochron::pairing::PairingEngine>::pairing_check(&[(p1, q1), (p1, q2)]));
                assert!(<E as isochron::pairing::PairingEngine>::pairing_check(&[]));
                // With the G2 test: the same answers, and `None` for a twist point outside G2
                // (random points of the twist; its cofactor is large) in either slot.
                let checked = <E as isochron::pairing::PairingEngine>::pairing_check_g2_unchecked;
                assert_eq!(checked(&[(p1, q1), (p2, q2)]), Some(true));
                assert_eq!(checked(&[(p1, q1), (p1, q2)]), Some(false));
                assert_eq!(checked(&[]), Some(true));
                let outside = loop {
                    let x = <G2 as SwCurve>::Base::random(&mut rng);
                    if let Some(y) = Option::from((x.square() * x + <G2 as SwCurve>::B).sqrt()) {
                        break Affine::<G2>::from_xy_unchecked(x, y);
                    }
                };
                assert_eq!(checked(&[(p1, outside), (p2, q2)]), None);
                assert_eq!(checked(&[(p1, q1), (Affine::<G1>::identity(), outside)]), None);
                let m = <E as isochron::pairing::PairingEngine>::multi_miller_loop(&[
                    (&p1, &G2Prepared::from(q1)),
                    (&p1, &G2Prepared::from(q2)),
                ]);
                let prod = <E as isochron::pairing::PairingEngine>::pairing(&p1, &q1)
                    * <E as isochron::pairing::PairingEngine>::pairing(&p1, &q2);
                assert_eq!(<E as isochron::pairing::PairingEngine>::final_exponentiation(&m), prod);
            }

            /// The streaming single-pair loop and the prepared multi-pair loop agree exactly
            /// (before the final exponentiation), identities included.
            #[test]
            fn single_loop_matches_prepared_loop() {
                let mut rng = ChaCha20Rng::seed_from_u64(23);
                let (g1, g2) = (Projective::<G1>::generator(), Projective::<G2>::generator());
                let p = g1.mul(&S::random(&mut rng)).to_affine();
                let q = g2.mul(&S::random(&mut rng)).to_affine();
                let (o1, o2) = (Affine::<G1>::identity(), Affine::<G2>::identity());
                for (p, q) in [(p, q), (o1, q), (p, o2), (o1, o2)] {
                    let single = <E as isochron::pairing::PairingEngine>::miller_loop(&p, &q);
                    assert_eq!(
                        single,
                        <E as isochron::pairing::PairingEngine>::multi_miller_loop(&[(&p, &G2Prepared::from(q))])
                    );
                }
            }
        }
    };
}

pairing_tests!(
    bls12_381,
    isochron::curves::bls12_381::Bls12_381,
    6,
    isochron::curves::bls12_381::FpParams,
    isochron::curves::bls12_381::FrParams,
    3
);
pairing_tests!(
    bn254,
    isochron::curves::bn254::Bn254,
    4,
    isochron::curves::bn254::FpParams,
    isochron::curves::bn254::FrParams,
    1
);
