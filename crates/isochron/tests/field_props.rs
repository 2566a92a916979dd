//! Property tests for the prime fields: the field axioms, the derived operations (double,
//! halve, square, pow, batch inversion), and the byte and hex encodings including rejection
//! of non-canonical values and wrong lengths. One macro, instantiated per field.

use isochron::curves::{bls12_381, bn254, p256, secp256k1};
use isochron::field::{Field, SqrtField};
use isochron::Error;
use num_bigint::BigUint;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

macro_rules! field_tests {
    ($name:ident, $t:ty) => {
        mod $name {
            use super::*;

            type F = $t;

            /// Mostly uniform elements, with 0, 1 and −1 mixed in.
            fn elem() -> impl Strategy<Value = F> {
                prop_oneof![
                    8 => any::<u64>().prop_map(|s| F::random(&mut ChaCha20Rng::seed_from_u64(s))),
                    1 => Just(F::ZERO),
                    1 => Just(F::ONE),
                    1 => Just(-F::ONE),
                ]
            }

            /// The modulus p as an integer (the canonical value of −1, plus one).
            fn modulus() -> BigUint {
                BigUint::from_bytes_be(&(-F::ONE).to_bytes_be()) + 1u8
            }

            /// `v` as exactly `F::BYTES` big-endian bytes.
            fn be_bytes(v: &BigUint) -> Vec<u8> {
                let b = v.to_bytes_be();
                assert!(b.len() <= F::BYTES);
                let mut out = vec![0u8; F::BYTES - b.len()];
                out.extend_from_slice(&b);
                out
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(256))]

                #[test]
                fn square_n_is_repeated_squaring(a in elem(), n in 0u32..40) {
                    let mut r = a;
                    for _ in 0..n {
                        r = r.square();
                    }
                    prop_assert_eq!(a.square_n(n), r);
                }

                #[test]
                fn sum_of_products_is_two_products_added(a in elem(), b in elem(), c in elem(), d in elem()) {
                    prop_assert_eq!(F::sum_of_products(&a, &b, &c, &d), a * b + c * d);
                }

                #[test]
                fn difference_of_products_is_two_products_subtracted(a in elem(), b in elem(), c in elem(), d in elem()) {
                    prop_assert_eq!(F::difference_of_products(&a, &b, &c, &d), a * b - c * d);
                }

                #[test]
                fn mul_minus_square_is_a_product_minus_a_square(a in elem(), b in elem(), c in elem()) {
                    prop_assert_eq!(F::mul_minus_square(&a, &b, &c), a * b - c.square());
                }

                #[test]
                fn addition_is_an_abelian_group(a in elem(), b in elem(), c in elem()) {
                    prop_assert_eq!((a + b) + c, a + (b + c));
                    prop_assert_eq!(a + b, b + a);
                    prop_assert_eq!(a + F::ZERO, a);
                    prop_assert_eq!(a + (-a), F::ZERO);
                    prop_assert_eq!(a - b, a + (-b));
                    prop_assert_eq!(-(-a), a);
                    let mut x = a;
                    x += b;
                    x -= b;
                    prop_assert_eq!(x, a);
                }

                #[test]
                fn multiplication_is_commutative_associative_distributive(a in elem(), b in elem(), c in elem()) {
                    prop_assert_eq!((a * b) * c, a * (b * c));
                    prop_assert_eq!(a * b, b * a);
                    prop_assert_eq!(a * (b + c), a * b + a * c);
                    prop_assert_eq!((a - b) * c, a * c - b * c);
                    prop_assert_eq!(a * F::ONE, a);
                    prop_assert_eq!(a * F::ZERO, F::ZERO);
                    let mut x = a;
                    x *= b;
                    prop_assert_eq!(x, a * &b);
                }

                #[test]
                fn inverses(a in elem()) {
                    let inv = a.invert();
                    prop_assert_eq!(bool::from(inv.is_some()), a != F::ZERO);
                    if a != F::ZERO {
                        let inv = inv.unwrap();
                        prop_assert_eq!(a * inv, F::ONE);
                        prop_assert_eq!(a.inverse_vartime(), Some(inv));
                    } else {
                        prop_assert_eq!(a.inverse_vartime(), None);
                    }
                }

                #[test]
                fn double_halve_square(a in elem()) {
                    prop_assert_eq!(a.double(), a + a);
                    prop_assert_eq!(a.double().halve(), a);
                    prop_assert_eq!(a.halve().double(), a);
                    prop_assert_eq!(a.halve() + a.halve(), a);
                    prop_assert_eq!(a.square(), a * a);
                    prop_assert_eq!(bool::from(a.is_zero()), a == F::ZERO);
                }

                #[test]
                fn pow_matches_repeated_multiplication(a in elem(), e in 0u64..80) {
                    let mut expected = F::ONE;
                    for _ in 0..e {
                        expected *= a;
                    }
                    prop_assert_eq!(a.pow(&[e]), expected);
                    prop_assert_eq!(a.pow_vartime(&[e]), expected);
                }

                #[test]
                fn pow_ct_matches_vartime_and_fermat(a in elem(), e in any::<[u64; 3]>()) {
                    prop_assert_eq!(a.pow(&e), a.pow_vartime(&e));
                    // Exponents add: a^e · a^(e') = a^(e + e') for small e'.
                    prop_assert_eq!(a.pow(&e) * a, a.pow_vartime(&add_one(&e)));
                    // a^(p−1) = 1 for a ≠ 0.
                    let p_minus_1 = (-F::ONE).to_canonical_limbs();
                    let expected = if a == F::ZERO { F::ZERO } else { F::ONE };
                    prop_assert_eq!(a.pow(&p_minus_1), expected);
                }

                #[test]
                fn batch_invert_matches_invert(seed in any::<u64>(), len in 0usize..40) {
                    let mut rng = ChaCha20Rng::seed_from_u64(seed);
                    let elems: Vec<F> = (0..len)
                        .map(|_| if rng.gen_ratio(1, 4) { F::ZERO } else { F::random(&mut rng) })
                        .collect();
                    let expected: Vec<F> = elems.iter().map(|x| x.invert().unwrap_or(F::ZERO)).collect();
                    let mut ct = elems.clone();
                    F::batch_invert(&mut ct);
                    prop_assert_eq!(&ct, &expected);
                    let mut vt = elems;
                    F::batch_inverse_vartime(&mut vt);
                    prop_assert_eq!(&vt, &expected);
                }

                #[test]
                fn sqrt_and_is_square(a in elem()) {
                    let square = a.square();
                    let root = <F as SqrtField>::sqrt(&square);
                    prop_assert!(bool::from(root.is_some()));
                    prop_assert_eq!(root.unwrap().square(), square);
                    prop_assert!(bool::from(<F as SqrtField>::is_square(&square)));
                    let r = <F as SqrtField>::sqrt(&a);
                    prop_assert_eq!(bool::from(r.is_some()), bool::from(<F as SqrtField>::is_square(&a)));
                    if bool::from(r.is_some()) {
                        prop_assert_eq!(r.unwrap().square(), a);
                    }
                }

                #[test]
                fn byte_encodings_round_trip(a in elem()) {
                    let be = a.to_bytes_be();
                    let le = a.to_bytes_le();
                    prop_assert_eq!(be.len(), F::BYTES);
                    let mut rev = le.to_vec();
                    rev.reverse();
                    prop_assert_eq!(&rev[..], &be[..]);
                    prop_assert_eq!(F::from_bytes_be(&be), Ok(a));
                    prop_assert_eq!(F::from_bytes_le(&le), Ok(a));
                    let v = BigUint::from_bytes_be(&be);
                    prop_assert!(v < modulus());
                    prop_assert_eq!(be_bytes(&v), be.to_vec());
                }

                #[test]
                fn hex_and_u64_agree(a in elem(), x in any::<u32>(), y in any::<u32>()) {
                    let hex: String = a.to_bytes_be().iter().map(|b| format!("{b:02x}")).collect();
                    prop_assert_eq!(F::from_hex(&format!("0x{hex}")), a);
                    prop_assert_eq!(F::from_hex(&hex), a);
                    let (x, y) = (u64::from(x), u64::from(y));
                    prop_assert_eq!(F::from_hex(&format!("{x:#x}")), F::from_u64(x));
                    prop_assert_eq!(F::from_u64(x) + F::from_u64(y), F::from_u64(x + y));
                    prop_assert_eq!(F::from_u64(x) * F::from_u64(y), F::from_u64(x * y));
                    prop_assert_eq!(F::from_u64(x).to_canonical_limbs()[0], x);
                }
            }

            /// `e + 1` as a 4-limb exponent (a carry out of the third limb lands in the fourth).
            fn add_one(e: &[u64; 3]) -> [u64; 4] {
                let mut r = [e[0], e[1], e[2], 0];
                for w in r.iter_mut() {
                    let (s, carry) = w.overflowing_add(1);
                    *w = s;
                    if !carry {
                        break;
                    }
                }
                r
            }

            #[test]
            fn constants() {
                assert_eq!(F::ZERO.to_bytes_be().to_vec(), vec![0u8; F::BYTES]);
                assert_eq!(F::from_u64(1), F::ONE);
                assert_eq!(F::from_u64(0), F::ZERO);
                assert_eq!(F::ONE + F::ONE, F::from_u64(2));
                assert_eq!(F::from_u64(2).halve(), F::ONE);
                assert_eq!(BigUint::from_bytes_be(&F::from_u64(u64::MAX).to_bytes_be()), BigUint::from(u64::MAX));
                assert!(bool::from(F::ZERO.invert().is_none()));
                assert_eq!(Option::<F>::from(<F as SqrtField>::sqrt(&F::ZERO)), Some(F::ZERO));
                assert!(bool::from(<F as SqrtField>::is_square(&F::ZERO)));
            }

            #[test]
            fn half_the_nonzero_elements_are_squares() {
                // Over the first 200 small integers, both squares and non-squares occur, and
                // the product of two non-squares is a square.
                let non_squares: Vec<F> = (1..200u64)
                    .map(F::from_u64)
                    .filter(|x| !bool::from(<F as SqrtField>::is_square(x)))
                    .collect();
                assert!(!non_squares.is_empty() && non_squares.len() < 199);
                for pair in non_squares.windows(2) {
                    assert!(bool::from(<F as SqrtField>::is_square(&(pair[0] * pair[1]))));
                    assert!(bool::from(<F as SqrtField>::sqrt(&pair[0]).is_none()));
                }
            }

            #[test]
            fn non_canonical_encodings_are_rejected() {
                let p = modulus();
                let cases = [p.clone(), p.clone() + 1u8, p.clone() * 2u8 - 1u8];
                for v in cases.iter().filter(|v| v.bits() <= 8 * F::BYTES as u64) {
                    let be = be_bytes(v);
                    let mut le = be.clone();
                    le.reverse();
                    assert_eq!(F::from_bytes_be(&be), Err(Error::NonCanonical), "value {v:x}");
                    assert_eq!(F::from_bytes_le(&le), Err(Error::NonCanonical), "value {v:x}");
                }
                let ff = vec![0xffu8; F::BYTES];
                assert_eq!(F::from_bytes_be(&ff), Err(Error::NonCanonical));
                assert_eq!(F::from_bytes_le(&ff), Err(Error::NonCanonical));
                // p − 1 is the largest canonical value.
                let top = be_bytes(&(p - 1u8));
                assert_eq!(F::from_bytes_be(&top), Ok(-F::ONE));
            }

            #[test]
            fn wrong_lengths_are_rejected() {
                let n = F::BYTES;
                for got in [0, 1, n - 1, n + 1, 2 * n] {
                    let bytes = vec![0u8; got];
                    let err = Err(Error::Length { expected: n, got });
                    assert_eq!(F::from_bytes_be(&bytes), err);
                    assert_eq!(F::from_bytes_le(&bytes), err);
                }
            }

            #[test]
            #[should_panic]
            fn from_hex_rejects_the_modulus() {
                let hex: String = be_bytes(&modulus()).iter().map(|b| format!("{b:02x}")).collect();
                let _ = F::from_hex(&hex);
            }
        }
    };
}

field_tests!(bn254_fp, bn254::Fp);
field_tests!(bn254_fr, bn254::Fr);
field_tests!(bls12_381_fp, bls12_381::Fp);
field_tests!(bls12_381_fr, bls12_381::Fr);
// Full-width moduli (top bit set): the x86-64 full-width kernels or the portable general CIOS.
field_tests!(secp256k1_fp, secp256k1::Fp);
field_tests!(secp256k1_fq, secp256k1::Fq);
field_tests!(p256_fp, p256::Fp);
field_tests!(p256_fq, p256::Fq);
