//! The trait layer (`PrimeField`, `Group`, `AffinePoint`, `PairingEngine`, `TargetGroup`):
//! one generic test body, no limb count, run on every curve and engine — the way protocols
//! are written against isochron.

// The by-reference operators are part of what is tested.
#![allow(clippy::op_ref)]

use isochron::curve::{AffinePoint, Group};
use isochron::curves::{bls12_381, bn254, p256, secp256k1};
use isochron::field::{Field, PrimeField};
use isochron::pairing::{PairingEngine, TargetGroup};
use isochron::Error;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

fn rng(seed: u64) -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(seed)
}

/// Canonical encodings round-trip; values ≥ p and wrong lengths are rejected; the wide
/// reduction agrees with the canonical decoder below p; words and bytes agree.
fn prime_field<F: PrimeField>(seed: u64) {
    let mut r = rng(seed);
    for _ in 0..32 {
        let x = F::random(&mut r);
        assert_eq!(F::from_bytes_be(x.to_bytes_be().as_ref()), Ok(x));
        assert_eq!(F::from_bytes_le(x.to_bytes_le().as_ref()), Ok(x));
        assert_eq!(F::from_bytes_be_wide(x.to_bytes_be().as_ref()), x);
        let words = x.to_words();
        let mut le = Vec::new();
        for w in words.as_ref() {
            le.extend_from_slice(&w.to_le_bytes());
        }
        assert_eq!(le, x.to_bytes_le().as_ref());
        assert_eq!(bool::from(x.is_odd()), words.as_ref()[0] & 1 == 1);
        assert_eq!(format!("{x}"), format!("{x:x}"));
        assert_eq!(format!("{x}").len(), 2 + 2 * F::BYTES);
    }
    let modulus: Vec<u8> = F::MODULUS.as_ref().iter().rev().flat_map(|w| w.to_be_bytes()).collect();
    assert_eq!(F::from_bytes_be(&modulus), Err(Error::NonCanonical));
    assert_eq!(F::from_bytes_be(&modulus[1..]), Err(Error::Length { expected: F::BYTES, got: F::BYTES - 1 }));
    assert_eq!(F::from_bytes_be_wide(&modulus), F::ZERO);
    assert_eq!(F::from_u64(7) * F::from_u64(6), F::from_u64(42));
    // The 2-adic root of unity has order exactly 2^s.
    let s = F::TWO_ADICITY;
    let mut w = F::ROOT_OF_UNITY;
    for _ in 0..s - 1 {
        w = w.square();
    }
    assert_eq!(w, -F::ONE);
    let xs: Vec<F> = (1..5).map(F::from_u64).collect();
    assert_eq!(xs.iter().sum::<F>(), F::from_u64(10));
    assert_eq!(xs.iter().product::<F>(), F::from_u64(24));
}

/// Group laws, operators, `Sum`, the affine form, batch normalization, and the agreement of
/// the constant-time and variable-time multiplications, through the traits only.
fn group<G: Group>(seed: u64) {
    let mut r = rng(seed);
    let g = G::generator();
    let (a, b) = (G::Scalar::random(&mut r), G::Scalar::random(&mut r));
    let (p, q) = (g * a, g * &b);
    assert_eq!(p + q, g * (a + b));
    assert_eq!(p - q, g * (a - b));
    assert_eq!(-p + p, G::identity());
    assert_eq!(p.double(), p + p);
    assert_eq!(G::mul_generator(&a), p);
    assert_eq!(p.mul_vartime(&b), g * (a * b));
    let mut acc = p;
    acc += &q;
    acc -= q;
    acc += q.to_affine();
    acc += &p.to_affine();
    assert_eq!(acc, p + p + q);
    let mut m = p;
    m *= &b;
    assert_eq!(m, g * (a * b));
    assert_eq!([p, q, p].iter().sum::<G>(), p.double() + q);
    assert_eq!([p, q].into_iter().sum::<G>(), p + q);
    assert_eq!(p.to_affine() * b, g * (a * b));
    let pts: Vec<G> = (0..5).map(|_| G::random(&mut r)).chain([G::identity()]).collect();
    let aff = G::batch_normalize(&pts);
    for (x, y) in pts.iter().zip(&aff) {
        assert_eq!(x.to_affine(), *y);
        assert_eq!(G::from(*y), *x);
        assert_eq!(y.to_group(), *x);
        assert!(bool::from(y.is_on_curve()));
        assert!(x.is_torsion_free_vartime());
    }
    assert!(bool::from(aff[5].is_identity()));
    let ks: Vec<G::Scalar> = (0..6).map(|_| G::Scalar::random(&mut r)).collect();
    let want = pts.iter().zip(&ks).fold(G::identity(), |s, (x, k)| s + *x * k);
    assert_eq!(G::multi_mul_vartime(&aff, &ks), want);
    assert_eq!(G::multi_mul_vartime(&[], &[]), G::identity());
    assert_eq!(G::Affine::generator().to_group(), g);
}

/// The engine: bilinearity, the pairing against its parts, multi-Miller loops with prepared
/// arguments, `pairing_check`, and GT through `TargetGroup`.
fn engine<E: PairingEngine>(seed: u64) {
    let mut r = rng(seed);
    let (a, b) = (E::Scalar::random(&mut r), E::Scalar::random(&mut r));
    let (g1, g2) = (E::G1Affine::generator(), E::G2Affine::generator());
    let base = E::pairing(&g1, &g2);
    assert!(!bool::from(base.is_identity()));
    let (p, q) = ((g1 * a).to_affine(), (g2 * b).to_affine());
    let e = E::pairing(&p, &q);
    assert_eq!(e, base.pow(&(a * b)));
    assert_eq!(e, base.pow_vartime(&(a * b)));
    assert_eq!(e, E::final_exponentiation(&E::miller_loop(&p, &q)));
    let (pq, qq) = (E::G2Prepared::from(q), E::G2Prepared::from(g2));
    let f = E::multi_miller_loop(&[(&p, &pq), (&g1, &qq)]);
    assert_eq!(E::final_exponentiation(&f), e * base);
    assert!(E::pairing_check(&[(p, q), ((-g1 * (a * b)).to_affine(), g2)]));
    assert!(!E::pairing_check(&[(p, q), (g1, g2)]));
    assert!(E::pairing_check(&[]));
    assert_eq!(e * e.invert(), E::Gt::identity());
    assert_eq!(e.square(), e * e);
    assert_eq!(E::Gt::from_bytes(e.to_bytes().as_ref()), Ok(e));
    assert!(E::Gt::from_bytes(&e.to_bytes().as_ref()[1..]).is_err());
}

#[test]
fn prime_fields() {
    prime_field::<bls12_381::Fp>(1);
    prime_field::<bls12_381::Fr>(2);
    prime_field::<bn254::Fp>(3);
    prime_field::<bn254::Fr>(4);
    prime_field::<secp256k1::Fp>(21);
    prime_field::<secp256k1::Fq>(22);
    prime_field::<p256::Fp>(23);
    prime_field::<p256::Fq>(24);
}

#[test]
fn groups() {
    group::<bls12_381::G1Projective>(5);
    group::<bls12_381::G2Projective>(6);
    group::<bn254::G1Projective>(7);
    group::<bn254::G2Projective>(8);
    group::<secp256k1::Point>(25);
    group::<p256::Point>(26);
}

#[test]
fn engines() {
    engine::<bls12_381::Bls12_381>(9);
    engine::<bn254::Bn254>(10);
}

#[test]
fn per_curve_functions() {
    let (p, q) = (bls12_381::G1Affine::generator(), bls12_381::G2Affine::generator());
    assert_eq!(
        bls12_381::pairing(&p, &q),
        bls12_381::final_exponentiation(&bls12_381::multi_miller_loop(&[(&p, &bls12_381::G2Prepared::from(q))]))
    );
    assert!(bls12_381::pairing_check(&[(p, q), (-p, q)]));
    let (p, q) = (bn254::G1Affine::generator(), bn254::G2Affine::generator());
    let g: bn254::Gt = bn254::pairing(&p, &q);
    assert!(bn254::pairing_check(&[(p, q), (-p, q)]));
    assert!(!bool::from(g.is_identity()));
}
