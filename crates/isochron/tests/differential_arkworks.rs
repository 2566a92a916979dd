//! Differential tests against arkworks (ark-bn254 / ark-bls12-381 0.6): random elements are
//! carried across through their canonical byte encodings and every operation must agree, as
//! must the encodings themselves. One macro, instantiated for the four prime fields.

use ark_ff::{AdditiveGroup, BigInteger, Field as _, PrimeField};
use isochron::curves::{bls12_381, bn254};
use isochron::field::{Field, SqrtField};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

const ROUNDS: usize = 2000;

macro_rules! differential {
    ($name:ident, $ours:ty, $ark:ty) => {
        mod $name {
            use super::*;

            type F = $ours;
            type A = $ark;

            fn to_ark(x: &F) -> A {
                let a = A::from_be_bytes_mod_order(&x.to_bytes_be());
                // The little-endian route must land on the same element.
                assert_eq!(a, A::from_le_bytes_mod_order(&x.to_bytes_le()));
                a
            }

            fn from_ark(a: &A) -> F {
                let be = a.into_bigint().to_bytes_be();
                let x = F::from_bytes_be(&be).expect("arkworks' canonical encoding decodes");
                assert_eq!(F::from_bytes_le(&a.into_bigint().to_bytes_le()), Ok(x));
                x
            }

            /// Random pairs drawn from both libraries' samplers, plus the edge values.
            fn inputs() -> Vec<(F, F)> {
                let mut rng = ChaCha20Rng::seed_from_u64(0x15_0c_4e_07);
                let edges = [F::ZERO, F::ONE, -F::ONE, F::from_u64(2), -F::from_u64(2)];
                let mut v: Vec<(F, F)> = edges.iter().flat_map(|&a| edges.iter().map(move |&b| (a, b))).collect();
                for i in 0..ROUNDS {
                    let (a, b) = if i % 2 == 0 {
                        (F::random(&mut rng), F::random(&mut rng))
                    } else {
                        (
                            from_ark(&<A as ark_ff::UniformRand>::rand(&mut rng)),
                            from_ark(&<A as ark_ff::UniformRand>::rand(&mut rng)),
                        )
                    };
                    v.push((a, b));
                }
                v
            }

            #[test]
            fn encodings_agree() {
                for (a, _) in inputs() {
                    let x = to_ark(&a);
                    assert_eq!(a.to_bytes_be().to_vec(), x.into_bigint().to_bytes_be());
                    assert_eq!(a.to_bytes_le().to_vec(), x.into_bigint().to_bytes_le());
                    assert_eq!(from_ark(&x), a);
                    assert_eq!(a.to_canonical_limbs().to_vec(), x.into_bigint().as_ref().to_vec());
                }
                assert_eq!(8 * F::BYTES, A::MODULUS_BIT_SIZE.next_multiple_of(64) as usize);
            }

            #[test]
            fn arithmetic_agrees() {
                for (a, b) in inputs() {
                    let (x, y) = (to_ark(&a), to_ark(&b));
                    assert_eq!(to_ark(&(a + b)), x + y, "add {a:?} {b:?}");
                    assert_eq!(to_ark(&(a - b)), x - y, "sub {a:?} {b:?}");
                    assert_eq!(to_ark(&(-a)), -x, "neg {a:?}");
                    assert_eq!(to_ark(&a.double()), x.double(), "double {a:?}");
                    assert_eq!(to_ark(&(a * b)), x * y, "mul {a:?} {b:?}");
                    assert_eq!(to_ark(&a.square()), x.square(), "square {a:?}");
                    assert_eq!(Option::<F>::from(a.invert()).map(|i| to_ark(&i)), x.inverse(), "invert {a:?}");
                    assert_eq!(a.inverse_vartime().map(|i| to_ark(&i)), x.inverse(), "inverse_vartime {a:?}");
                }
            }

            #[test]
            fn pow_agrees() {
                let mut rng = ChaCha20Rng::seed_from_u64(2);
                for (a, _) in inputs().into_iter().take(ROUNDS / 4) {
                    let e: [u64; 4] = rng.gen();
                    let x = to_ark(&a);
                    assert_eq!(to_ark(&a.pow(&e)), x.pow(e), "pow {a:?} {e:x?}");
                    assert_eq!(to_ark(&a.pow_vartime(&e[..1])), x.pow(&e[..1]), "pow_vartime {a:?}");
                }
            }

            #[test]
            fn quadratic_residuosity_agrees() {
                // Euler's criterion with isochron's constant-time pow, and the `SqrtField` trait,
                // against arkworks' Legendre symbol and square root.
                let euler = (-F::ONE).halve().to_canonical_limbs();
                let (mut squares, mut non_squares) = (0, 0);
                for (a, _) in inputs().into_iter().take(ROUNDS / 4) {
                    let x = to_ark(&a);
                    let chi = a.pow(&euler);
                    let ours_square = chi != -F::ONE;
                    assert_eq!(ours_square, !x.legendre().is_qnr(), "legendre {a:?}");
                    assert_eq!(x.sqrt().is_some(), ours_square);
                    assert_eq!(bool::from(<F as SqrtField>::is_square(&a)), ours_square, "is_square {a:?}");
                    let root = Option::<F>::from(<F as SqrtField>::sqrt(&a));
                    assert_eq!(root.is_some(), ours_square, "sqrt {a:?}");
                    if let Some(r) = root {
                        // Either root of arkworks' answer.
                        let (rx, ax) = (to_ark(&r), x.sqrt().unwrap());
                        assert!(rx == ax || rx == -ax, "sqrt {a:?}");
                    }
                    if ours_square {
                        squares += 1
                    } else {
                        non_squares += 1
                    }
                }
                assert!(squares > 0 && non_squares > 0);
            }
        }
    };
}

differential!(bn254_fp, bn254::Fp, ark_bn254::Fq);
differential!(bn254_fr, bn254::Fr, ark_bn254::Fr);
differential!(bls12_381_fp, bls12_381::Fp, ark_bls12_381::Fq);
differential!(bls12_381_fr, bls12_381::Fr, ark_bls12_381::Fr);
