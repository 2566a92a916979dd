//! Group laws of G1 and G2 (BN254, BLS12-381), secp256k1 and P-256 (`a = −3`) in affine and projective coordinates, scalar
//! multiplication (constant-time vs wNAF vs double-and-add), batch normalization.

use isochron::curve::short_weierstrass::{Affine, Projective, SwCurve};
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

fn order<C: SwCurve>() -> [u64; 4] {
    <C::ScalarParams as isochron::field::FieldParams<4>>::MODULUS
}

fn random_point<C: SwCurve>(rng: &mut ChaCha20Rng) -> Projective<C> {
    Projective::<C>::generator().mul_vartime(&isochron::curve::short_weierstrass::Scalar::<C>::random(rng))
}

macro_rules! group_tests {
    ($name:ident, $curve:ty) => {
        mod $name {
            use super::*;
            type C = $curve;
            type S = isochron::curve::short_weierstrass::Scalar<C>;

            #[test]
            fn generator_is_on_curve_and_has_order_r() {
                let g = Affine::<C>::generator();
                assert!(bool::from(g.is_on_curve()));
                let gp = Projective::<C>::generator();
                assert!(bool::from(gp.mul_limbs_vartime(&order::<C>()).is_identity()));
                assert!(!bool::from(gp.is_identity()));
            }

            #[test]
            fn identity_and_exceptional_cases() {
                let mut rng = ChaCha20Rng::seed_from_u64(11);
                let o = Projective::<C>::identity();
                let p = random_point::<C>(&mut rng);
                assert_eq!(p + o, p);
                assert_eq!(o + p, p);
                assert_eq!(o + o, o);
                assert_eq!(o.double(), o);
                assert!(bool::from((p - p).is_identity()));
                assert_eq!(p + p, p.double());
                assert_eq!(p.add_mixed(&Affine::identity()), p);
                assert_eq!(o.add_mixed(&p.to_affine()), p);
                assert_eq!(p.add_mixed(&p.to_affine()), p.double());
                assert!(bool::from(p.add_mixed(&(-p).to_affine()).is_identity()));
                assert!(bool::from(o.to_affine().is_identity()));
                assert_eq!(Projective::from(Affine::<C>::identity()), o);
            }

            #[test]
            fn group_laws() {
                let mut rng = ChaCha20Rng::seed_from_u64(12);
                for _ in 0..20 {
                    let (a, b, c) =
                        (random_point::<C>(&mut rng), random_point::<C>(&mut rng), random_point::<C>(&mut rng));
                    assert_eq!(a + b, b + a);
                    assert_eq!((a + b) + c, a + (b + c));
                    assert_eq!(a.add_mixed(&b.to_affine()), a + b);
                    assert!(bool::from((a + b).is_on_curve()));
                    assert!(bool::from((a + b).to_affine().is_on_curve()));
                    assert_eq!((a - b) + b, a);
                }
            }

            #[test]
            fn scalar_multiplication_agrees() {
                let mut rng = ChaCha20Rng::seed_from_u64(13);
                let g = Projective::<C>::generator();
                for i in 0..20u64 {
                    let k = if i < 3 { S::from_u64(i) } else { S::random(&mut rng) };
                    let l = S::random(&mut rng);
                    let ct = g.mul(&k);
                    assert_eq!(ct, g.mul_vartime(&k));
                    assert_eq!(ct, g.mul_limbs_vartime(&k.to_canonical_limbs()));
                    // [k](G) + [l](G) = [k + l](G); [l]([k]G) = [kl]G
                    assert_eq!(ct + g.mul(&l), g.mul(&(k + l)));
                    assert_eq!(ct.mul(&l), g.mul(&(k * l)));
                }
                // r - 1 is the largest scalar: [r-1]G = -G.
                let minus_one = -S::ONE;
                assert_eq!(g.mul(&minus_one), -g);
                assert_eq!(g.mul_vartime(&minus_one), -g);
            }

            #[test]
            fn batch_normalize_matches_to_affine() {
                let mut rng = ChaCha20Rng::seed_from_u64(14);
                let mut pts: Vec<Projective<C>> = (0..9).map(|_| random_point::<C>(&mut rng)).collect();
                pts[4] = Projective::identity();
                let out = <Projective<C> as isochron::curve::Group>::batch_normalize(&pts);
                assert_eq!(out.len(), pts.len());
                for (p, a) in pts.iter().zip(&out) {
                    assert_eq!(p.to_affine(), *a);
                }
            }

            #[test]
            fn off_curve_points_are_rejected() {
                let g = Affine::<C>::generator();
                let bad = Affine::<C>::from_xy(g.x(), g.y() + <C as SwCurve>::Base::ONE);
                assert!(bool::from(bad.is_none()));
                assert!(bool::from(Affine::<C>::from_xy(g.x(), g.y()).is_some()));
            }
        }
    };
}

group_tests!(bls12_381_g1, isochron::curves::bls12_381::G1Curve);
group_tests!(bls12_381_g2, isochron::curves::bls12_381::G2Curve);
group_tests!(secp256k1, isochron::curves::secp256k1::Secp256k1);
group_tests!(p256, isochron::curves::p256::P256);
group_tests!(bn254_g1, isochron::curves::bn254::G1Curve);
group_tests!(bn254_g2, isochron::curves::bn254::G2Curve);

#[test]
fn bn254_twist_constant_is_three_over_xi() {
    use isochron::curves::bn254::{Fp, Fp2, G2Curve};
    let xi = Fp2::new(Fp::from_u64(9), Fp::from_u64(1));
    assert_eq!(G2Curve::B * xi, Fp2::new(Fp::from_u64(3), Fp::ZERO));
}
