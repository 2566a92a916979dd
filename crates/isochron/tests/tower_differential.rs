//! Differential tests of the towers against arkworks 0.6 (`ark-bls12-381`, `ark-bn254`), which
//! uses the same towers: `u² = −1`, `v³ = ξ` with `ξ = u + 1` (BLS12-381) and `u + 9` (BN254),
//! `w² = v` (`Fq2Config::NONRESIDUE`, `Fq6Config::NONRESIDUE`, `Fq12Config::NONRESIDUE`), so
//! coefficients map one to one. Random elements, compared for mul, square, inverse, Frobenius,
//! conjugate, the sparse line products and Fp2 square roots.

use ark_ff::{Field as ArkField, PrimeField};
use isochron::curves::{bls12_381, bn254};
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

const ITERS: usize = 300;

macro_rules! differential {
    ($modname:ident, $curve:ident, $ark:ident) => {
        mod $modname {
            use super::*;
            use $ark::{Fq, Fq12, Fq2, Fq6};
            use $curve::{Fp, Fp12, Fp2, Fp6};

            fn fp(x: &Fp) -> Fq {
                Fq::from_le_bytes_mod_order(&x.to_bytes_le())
            }
            fn fp2(x: &Fp2) -> Fq2 {
                Fq2::new(fp(&x.c0), fp(&x.c1))
            }
            fn fp6(x: &Fp6) -> Fq6 {
                Fq6::new(fp2(&x.c0), fp2(&x.c1), fp2(&x.c2))
            }
            fn fp12(x: &Fp12) -> Fq12 {
                Fq12::new(fp6(&x.c0), fp6(&x.c1))
            }

            #[test]
            fn fp2_ops() {
                let mut r = ChaCha20Rng::seed_from_u64(100);
                let mut roots = 0;
                for _ in 0..ITERS {
                    let (a, b) = (Fp2::random(&mut r), Fp2::random(&mut r));
                    let (aa, ab) = (fp2(&a), fp2(&b));
                    assert_eq!(fp2(&(a * b)), aa * ab);
                    assert_eq!(fp2(&a.square()), aa.square());
                    assert_eq!(fp2(&a.invert().unwrap()), aa.inverse().unwrap());
                    assert_eq!(fp2(&a.conjugate()), {
                        let mut c = aa;
                        c.conjugate_in_place();
                        c
                    });
                    assert_eq!(fp2(&a.frobenius_map(1)), aa.frobenius_map(1));
                    assert_eq!(fp2(&a.mul_by_nonresidue()), aa * <$ark::Fq6Config as ark_ff::Fp6Config>::NONRESIDUE);
                    // Square roots: same existence; roots agree up to sign.
                    let ours = a.sqrt();
                    let theirs = aa.sqrt();
                    assert_eq!(bool::from(ours.is_some()), theirs.is_some());
                    if let Some(t) = theirs {
                        let s = fp2(&ours.unwrap());
                        assert!(s == t || s == -t);
                        roots += 1;
                    }
                    let sq = a.square();
                    let s = fp2(&sq.sqrt().unwrap());
                    assert_eq!(s.square(), fp2(&sq));
                }
                assert!(roots > 0);
            }

            #[test]
            fn fp6_ops() {
                let mut r = ChaCha20Rng::seed_from_u64(101);
                for k in 0..ITERS {
                    let (a, b) = (Fp6::random(&mut r), Fp6::random(&mut r));
                    let (aa, ab) = (fp6(&a), fp6(&b));
                    assert_eq!(fp6(&(a * b)), aa * ab);
                    assert_eq!(fp6(&a.square()), aa.square());
                    assert_eq!(fp6(&a.invert().unwrap()), aa.inverse().unwrap());
                    assert_eq!(fp6(&a.frobenius_map(k % 12)), aa.frobenius_map(k % 12));
                }
            }

            #[test]
            fn fp12_ops() {
                let mut r = ChaCha20Rng::seed_from_u64(102);
                for k in 0..ITERS {
                    let (a, b) = (Fp12::random(&mut r), Fp12::random(&mut r));
                    let (aa, ab) = (fp12(&a), fp12(&b));
                    assert_eq!(fp12(&(a * b)), aa * ab);
                    assert_eq!(fp12(&a.square()), aa.square());
                    assert_eq!(fp12(&a.invert().unwrap()), aa.inverse().unwrap());
                    assert_eq!(fp12(&a.inverse_vartime().unwrap()), aa.inverse().unwrap());
                    assert_eq!(fp12(&a.frobenius_map(k % 12)), aa.frobenius_map(k % 12));
                    assert_eq!(fp12(&a.conjugate()), {
                        let mut c = aa;
                        c.conjugate_in_place();
                        c
                    });
                    let (d0, d1, d2) = (Fp2::random(&mut r), Fp2::random(&mut r), Fp2::random(&mut r));
                    let mut m014 = aa;
                    m014.mul_by_014(&fp2(&d0), &fp2(&d1), &fp2(&d2));
                    assert_eq!(fp12(&a.mul_by_014(&d0, &d1, &d2)), m014);
                    let mut m034 = aa;
                    m034.mul_by_034(&fp2(&d0), &fp2(&d1), &fp2(&d2));
                    assert_eq!(fp12(&a.mul_by_034(&d0, &d1, &d2)), m034);
                }
            }
        }
    };
}

differential!(bls12_381_vs_arkworks, bls12_381, ark_bls12_381);
differential!(bn254_vs_arkworks, bn254, ark_bn254);
