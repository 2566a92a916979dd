//! RFC 9380 §8.5 suites for curve25519 and edwards25519 (Elligator 2): every vector of the
//! RFC's four files (`u`, `Q0`/`Q1` or `Q`, `P`), for the own field backend and (feature
//! `fiat`) fiat-crypto's; plus `hash_to_field`'s reduction against num-bigint. Sources:
//! `vectors/hash_to_curve/SOURCES.md`.

use std::path::Path;

use isochron::curves::curve25519::edwards::EdwardsField;
use isochron::curves::curve25519::hash_to_curve::{
    self as h2c, map_to_curve_elligator2_curve25519, map_to_curve_elligator2_edwards25519, MontgomeryAffine,
};
use isochron::curves::curve25519::{EdwardsPoint, Fe, Fe25519};
use num_bigint::BigUint;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use serde_json::Value;

fn load(name: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors/hash_to_curve").join(name);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// A field element from the files' big-endian `0x…` hex.
fn fe<F: Fe25519>(s: &str) -> F {
    let mut b = hex::decode(s.trim_start_matches("0x")).unwrap();
    assert_eq!(b.len(), 32);
    b.reverse();
    let (x, canonical) = F::from_bytes_checked(&b.try_into().unwrap());
    assert!(bool::from(canonical));
    x
}

fn assert_edwards<F: EdwardsField>(p: &EdwardsPoint<F>, want: &Value, what: &str) {
    let (x, y) = p.to_affine();
    assert_eq!(x, fe::<F>(want["x"].as_str().unwrap()), "{what}: x");
    assert_eq!(y, fe::<F>(want["y"].as_str().unwrap()), "{what}: y");
}

fn assert_montgomery<F: Fe25519>(p: &MontgomeryAffine<F>, want: &Value, what: &str) {
    assert_eq!(p.u, fe::<F>(want["x"].as_str().unwrap()), "{what}: u");
    assert_eq!(p.v, fe::<F>(want["y"].as_str().unwrap()), "{what}: v");
}

fn check_edwards<F: EdwardsField>(ro: bool) {
    let file =
        load(if ro { "edwards25519_XMD_SHA-512_ELL2_RO_.json" } else { "edwards25519_XMD_SHA-512_ELL2_NU_.json" });
    let dst = file["dst"].as_str().unwrap().as_bytes();
    let vectors = file["vectors"].as_array().unwrap();
    assert!(!vectors.is_empty());
    for v in vectors {
        let msg = v["msg"].as_str().unwrap().as_bytes();
        let us = v["u"].as_array().unwrap();
        let mut u = vec![F::ZERO; us.len()];
        h2c::hash_to_field(msg, dst, &mut u).unwrap();
        for (got, want) in u.iter().zip(us) {
            assert_eq!(*got, fe::<F>(want.as_str().unwrap()), "u of {:?}", v["msg"]);
        }
        let p = if ro {
            let q0 = map_to_curve_elligator2_edwards25519(&u[0]);
            let q1 = map_to_curve_elligator2_edwards25519(&u[1]);
            assert_edwards(&q0, &v["Q0"], "Q0");
            assert_edwards(&q1, &v["Q1"], "Q1");
            h2c::hash_to_edwards25519_ro::<F>(msg, dst).unwrap()
        } else {
            assert_edwards(&map_to_curve_elligator2_edwards25519(&u[0]), &v["Q"], "Q");
            h2c::hash_to_edwards25519_nu::<F>(msg, dst).unwrap()
        };
        assert_edwards(&p, &v["P"], "P");
        assert!(p.is_torsion_free_vartime());
    }
}

fn check_curve25519<F: EdwardsField>(ro: bool) {
    let file = load(if ro { "curve25519_XMD_SHA-512_ELL2_RO_.json" } else { "curve25519_XMD_SHA-512_ELL2_NU_.json" });
    let dst = file["dst"].as_str().unwrap().as_bytes();
    let vectors = file["vectors"].as_array().unwrap();
    assert!(!vectors.is_empty());
    for v in vectors {
        let msg = v["msg"].as_str().unwrap().as_bytes();
        let us = v["u"].as_array().unwrap();
        let mut u = vec![F::ZERO; us.len()];
        h2c::hash_to_field(msg, dst, &mut u).unwrap();
        for (got, want) in u.iter().zip(us) {
            assert_eq!(*got, fe::<F>(want.as_str().unwrap()), "u of {:?}", v["msg"]);
        }
        let p = if ro {
            assert_montgomery(&map_to_curve_elligator2_curve25519(&u[0]), &v["Q0"], "Q0");
            assert_montgomery(&map_to_curve_elligator2_curve25519(&u[1]), &v["Q1"], "Q1");
            h2c::hash_to_curve25519_ro::<F>(msg, dst).unwrap()
        } else {
            assert_montgomery(&map_to_curve_elligator2_curve25519(&u[0]), &v["Q"], "Q");
            h2c::hash_to_curve25519_nu::<F>(msg, dst).unwrap()
        };
        assert_montgomery(&p, &v["P"], "P");
        // On the curve: v² = u³ + 486662·u² + u.
        let a = F::from_u64(486662);
        assert_eq!(p.v.square(), (p.u.square() * p.u) + a * p.u.square() + p.u);
    }
}

fn p25519() -> BigUint {
    (BigUint::from(1u8) << 255) - BigUint::from(19u8)
}

fn check_field_reduction<F: Fe25519>() {
    let mut rng = ChaCha20Rng::seed_from_u64(48);
    let mut cases: Vec<[u8; 48]> = vec![[0u8; 48], [0xff; 48]];
    for _ in 0..200 {
        let mut b = [0u8; 48];
        rng.fill_bytes(&mut b);
        cases.push(b);
    }
    for b in cases {
        let want = BigUint::from_bytes_be(&b) % p25519();
        let got = BigUint::from_bytes_le(&h2c::field_from_48_bytes::<F>(&b).to_bytes());
        assert_eq!(got, want);
    }
}

fn check_errors<F: EdwardsField>() {
    assert!(h2c::hash_to_edwards25519_ro::<F>(b"m", b"").is_err());
    assert!(h2c::hash_to_edwards25519_nu::<F>(b"m", b"").is_err());
    assert!(h2c::hash_to_curve25519_ro::<F>(b"m", b"").is_err());
    assert!(h2c::hash_to_curve25519_nu::<F>(b"m", b"").is_err());
    let mut three = [F::ZERO; 3];
    assert!(h2c::hash_to_field(b"m", b"dst", &mut three).is_err());
    // The map at u = 0 (an exceptional input of the straight-line map): a valid point.
    let q = map_to_curve_elligator2_curve25519(&F::ZERO);
    let a = F::from_u64(486662);
    assert_eq!(q.v.square(), q.u.square() * q.u + a * q.u.square() + q.u);
    let _ = map_to_curve_elligator2_edwards25519(&F::ZERO);
}

/// The curve25519 and edwards25519 suites under one DST give the same point through the
/// birational map (RFC 9380 Appendix D.1): `u = (1 + y)/(1 − y)` (checked with dalek's
/// `to_montgomery`) and `v = √−486664·u/x`.
fn check_suites_agree<F: EdwardsField>() {
    let mut rng = ChaCha20Rng::seed_from_u64(25519);
    let dst = b"isochron-test-h2c-25519";
    for i in 0..24 {
        let mut msg = vec![0u8; i * 7];
        rng.fill_bytes(&mut msg);
        for ro in [true, false] {
            let (e, m) = if ro {
                (
                    h2c::hash_to_edwards25519_ro::<F>(&msg, dst).unwrap(),
                    h2c::hash_to_curve25519_ro::<F>(&msg, dst).unwrap(),
                )
            } else {
                (
                    h2c::hash_to_edwards25519_nu::<F>(&msg, dst).unwrap(),
                    h2c::hash_to_curve25519_nu::<F>(&msg, dst).unwrap(),
                )
            };
            let dalek = curve25519_dalek::edwards::CompressedEdwardsY(e.compress()).decompress().unwrap();
            assert!(dalek.is_torsion_free());
            assert_eq!(m.u.to_bytes(), dalek.to_montgomery().to_bytes());
            let (x, _) = e.to_affine();
            let c1 = (-F::from_u64(486664)).sqrt().unwrap();
            let c1 = if bool::from(c1.is_negative()) { -c1 } else { c1 };
            assert_eq!(m.v * x, c1 * m.u);
        }
    }
}

macro_rules! backend_tests {
    ($m:ident, $f:ty) => {
        mod $m {
            use super::*;

            #[test]
            fn edwards25519_ro() {
                check_edwards::<$f>(true);
            }

            #[test]
            fn edwards25519_nu() {
                check_edwards::<$f>(false);
            }

            #[test]
            fn curve25519_ro() {
                check_curve25519::<$f>(true);
            }

            #[test]
            fn curve25519_nu() {
                check_curve25519::<$f>(false);
            }

            #[test]
            fn field_reduction() {
                check_field_reduction::<$f>();
            }

            #[test]
            fn suites_agree_with_dalek_birational_map() {
                check_suites_agree::<$f>();
            }

            #[test]
            fn errors() {
                check_errors::<$f>();
            }
        }
    };
}

backend_tests!(own, Fe);
#[cfg(feature = "fiat")]
backend_tests!(fiat, isochron::curves::curve25519::field_fiat::FiatFe);
