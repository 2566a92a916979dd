//! The target group GT of BN254 and BLS12-381: bilinearity through the GT API, constant-time
//! exponentiation against the variable-time one and repeated multiplication, the membership
//! test (against its exactness condition and the definition `g^r = 1`), and the encoding.

use isochron::curve::short_weierstrass::{Affine, Projective, Scalar};
use isochron::field::fp12::Fp12;
use isochron::field::{Field, FieldParams};
use isochron::pairing::{self, Gt, PairingParams};
use isochron::{ConstantTimeEq, Error};
use num_bigint::BigUint;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

fn big(limbs: &[u64]) -> BigUint {
    limbs.iter().rev().fold(BigUint::default(), |acc, &l| (acc << 64) + l)
}

/// `gcd(Φ₁₂(p), p − λ) = r`: the condition under which `g^p = g^λ` characterizes GT inside
/// the cyclotomic subgroup (Scott, eprint 2021/1130).
fn membership_test_is_exact(p: &BigUint, r: &BigUint, lambda: &BigUint) {
    let (mut a, mut b) = (p.pow(4) + 1u32 - p.pow(2), p - lambda);
    while b != BigUint::default() {
        (a, b) = (b.clone(), a % b);
    }
    assert_eq!(a, *r);
}

#[test]
fn membership_tests_are_exact() {
    use isochron::curves::{bls12_381, bn254};
    // BLS12-381: λ = x = −0xd201000000010000, taken mod r.
    let r = big(&bls12_381::FrParams::MODULUS);
    let x = BigUint::from(0xd201_0000_0001_0000u64);
    membership_test_is_exact(&big(&bls12_381::FpParams::MODULUS), &r, &(&r - x));
    // BN254: λ = 6u².
    let u = BigUint::from(4965661367192848881u64);
    membership_test_is_exact(&big(&bn254::FpParams::MODULUS), &big(&bn254::FrParams::MODULUS), &(6u32 * &u * &u));
}

macro_rules! gt_tests {
    ($name:ident, $e:ty, $n:literal) => {
        mod $name {
            use super::*;
            type E = $e;
            type G1 = <E as PairingParams<$n>>::G1;
            type G2 = <E as PairingParams<$n>>::G2;
            type S = Scalar<G1>;
            type T = Gt<E, $n>;
            type F12 = Fp12<<E as PairingParams<$n>>::Tower, $n>;

            fn e(p: &Projective<G1>, q: &Projective<G2>) -> T {
                pairing::pairing::<E, $n>(&p.to_affine(), &q.to_affine())
            }

            fn random_gt(rng: &mut ChaCha20Rng) -> T {
                let (a, b) = (S::random(rng), S::random(rng));
                e(&Projective::generator().mul(&a), &Projective::generator().mul(&b))
            }

            /// A random element of the cyclotomic subgroup: the easy part `(p⁶ − 1)(p² + 1)` of
            /// the final exponentiation applied to a random Fp12 element. It lies in GT with
            /// probability about `1/h`, `h = Φ₁₂(p)/r` (negligible).
            fn random_cyclotomic(rng: &mut ChaCha20Rng) -> F12 {
                let f = F12::random(rng);
                let t = f.conjugate() * f.invert().unwrap();
                t.frobenius_map(2) * t
            }

            fn r() -> [u64; 4] {
                <<G1 as isochron::curve::short_weierstrass::SwCurve>::ScalarParams as FieldParams<4>>::MODULUS
            }

            #[test]
            fn bilinear_through_the_gt_api() {
                let mut rng = ChaCha20Rng::seed_from_u64(41);
                let (g1, g2) = (Projective::<G1>::generator(), Projective::<G2>::generator());
                let base = e(&g1, &g2);
                assert!(!bool::from(base.is_identity()));
                for _ in 0..2 {
                    let (a, b) = (S::random(&mut rng), S::random(&mut rng));
                    let (p, q) = (g1.mul(&a), g2.mul(&b));
                    let epq = e(&p, &q);
                    assert_eq!(epq, base.pow(&(a * b)));
                    assert_eq!(epq, e(&g1, &q).pow(&a));
                    assert_eq!(epq, e(&p, &g2).pow_vartime(&b));
                    assert_eq!(e(&p.neg(), &q), epq.invert());
                    assert_eq!(e(&p.double(), &q), epq.square());
                    assert_eq!(e(&(p + g1), &q), epq * e(&g1, &q));
                    let mut acc = epq;
                    acc *= epq.invert();
                    assert!(bool::from(acc.is_identity()));
                }
            }

            #[test]
            fn pow_matches_vartime_and_repeated_multiplication() {
                let mut rng = ChaCha20Rng::seed_from_u64(42);
                let g = random_gt(&mut rng);
                let mut want = T::ONE;
                for k in 0..70u64 {
                    let s = S::from_u64(k);
                    assert_eq!(g.pow(&s), want, "k = {k}");
                    assert_eq!(g.pow_vartime(&s), want, "k = {k}");
                    assert_eq!(g.pow_limbs_vartime(&[k]), want, "k = {k}");
                    want *= g;
                }
                // r − 1 is −1; −k; random scalars; a sum of exponents.
                assert_eq!(g.pow(&-S::ONE), g.invert());
                assert_eq!(g.pow_vartime(&-S::ONE), g.invert());
                for _ in 0..8 {
                    let (a, b) = (S::random(&mut rng), S::random(&mut rng));
                    assert_eq!(g.pow(&a), g.pow_vartime(&a));
                    assert_eq!(g.pow(&a), g.pow_limbs_vartime(&a.to_canonical_limbs()));
                    assert_eq!(g.pow(&-a), g.pow(&a).invert());
                    assert_eq!(g.pow(&(a + b)), g.pow(&a) * g.pow_vartime(&b));
                }
                assert_eq!(g.pow_limbs_vartime(&r()), T::ONE);
                assert_eq!(T::ONE.pow(&S::random(&mut rng)), T::ONE);
            }

            #[test]
            fn membership() {
                let mut rng = ChaCha20Rng::seed_from_u64(43);
                for _ in 0..4 {
                    let g = random_gt(&mut rng);
                    assert!(T::is_member_vartime(g.as_fp12()));
                    assert_eq!(T::from_fp12(g.as_fp12()), Ok(g));
                    // Not in the cyclotomic subgroup.
                    let f = F12::random(&mut rng);
                    assert!(!T::is_member_vartime(&f));
                    assert_eq!(T::from_fp12(&f), Err(Error::NotInSubgroup));
                    // In the cyclotomic subgroup but not in GT: agrees with the definition g^r = 1.
                    let c = random_cyclotomic(&mut rng);
                    assert_ne!(c.pow_vartime(&r()), F12::ONE);
                    assert!(!T::is_member_vartime(&c));
                    // A GT element times a cyclotomic element outside GT is outside GT.
                    assert!(!T::is_member_vartime(&(*g.as_fp12() * c)));
                }
                assert!(T::is_member_vartime(&F12::ONE));
                assert!(!T::is_member_vartime(&F12::ZERO));
                // −1 is cyclotomic of order 2: (−1)^p = −1 but λ is even.
                assert!(!T::is_member_vartime(&-F12::ONE));
            }

            #[test]
            fn encoding_round_trip_and_rejections() {
                let mut rng = ChaCha20Rng::seed_from_u64(44);
                let g = random_gt(&mut rng);
                let mut buf = vec![0u8; T::SIZE];
                assert_eq!(T::SIZE, 96 * $n);
                g.write_bytes(&mut buf).unwrap();
                assert_eq!(T::from_bytes(&buf), Ok(g));
                let mut one = vec![0u8; T::SIZE];
                T::ONE.write_bytes(&mut one).unwrap();
                assert_eq!(g.write_bytes(&mut buf[1..]), Err(Error::Length { expected: T::SIZE, got: T::SIZE - 1 }));
                assert_eq!(one[8 * $n - 1], 1);
                assert!(one.iter().enumerate().all(|(i, &b)| b == 0 || i == 8 * $n - 1));
                assert!(bool::from(T::from_bytes(&one).unwrap().ct_eq(&T::ONE)));
                // Length.
                assert_eq!(T::from_bytes(&buf[1..]), Err(Error::Length { expected: T::SIZE, got: T::SIZE - 1 }));
                // A coefficient equal to p is not canonical.
                let mut bad = buf.clone();
                let p =
                    <<<E as PairingParams<$n>>::Tower as isochron::field::fp2::TowerParams<$n>>::Fp as FieldParams<
                        $n,
                    >>::MODULUS;
                for (i, l) in p.iter().rev().enumerate() {
                    bad[8 * $n + 8 * i..8 * $n + 8 * i + 8].copy_from_slice(&l.to_be_bytes());
                }
                assert_eq!(T::from_bytes(&bad), Err(Error::NonCanonical));
                // A cyclotomic element outside GT.
                let c = random_cyclotomic(&mut rng);
                let mut enc = Vec::new();
                for x in [c.c0.c0, c.c0.c1, c.c0.c2, c.c1.c0, c.c1.c1, c.c1.c2] {
                    enc.extend_from_slice(&x.c0.to_bytes_be());
                    enc.extend_from_slice(&x.c1.to_bytes_be());
                }
                assert_eq!(T::from_bytes(&enc), Err(Error::NotInSubgroup));
            }

            #[test]
            fn pairing_check_unchanged() {
                let (p, q) = (Affine::<G1>::generator(), Affine::<G2>::generator());
                assert!(pairing::pairing_check::<E, $n>(&[(p, q), (p.neg(), q)]));
                assert!(!pairing::pairing_check::<E, $n>(&[(p, q)]));
            }
        }
    };
}

gt_tests!(bls12_381, isochron::curves::bls12_381::Bls12_381, 6);
gt_tests!(bn254, isochron::curves::bn254::Bn254, 4);
