//! Unit tests of secp256k1: constants against their definitions, the group law, scalar
//! multiplication (GLV), SEC1 encodings.

use num_bigint::{BigInt, BigUint};
use rand::SeedableRng;

use super::*;
use crate::curve::PointEncoding;
use crate::error::Error;
use crate::test_util::{big, sw};

#[test]
fn constants() {
    let p = big(&FpParams::MODULUS);
    assert_eq!(p, (BigUint::from(1u8) << 256) - (BigUint::from(1u8) << 32) - 977u32);
    // β is a primitive cube root of unity.
    assert_ne!(BETA, Fp::ONE);
    assert_eq!(BETA.square() * BETA, Fp::ONE);
    // λ is one too, mod n, and φ(G) = [λ]G.
    let n = big(&FqParams::MODULUS);
    let l = big(&LAMBDA);
    assert_eq!(l.modpow(&BigUint::from(3u8), &n), BigUint::from(1u8));
    assert_eq!(
        big(&LAMBDA),
        BigUint::parse_bytes(b"5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72", 16).unwrap()
    );
    let g = Point::generator();
    assert_eq!(phi(&g), g.mul_limbs_vartime(&LAMBDA));
}

/// GLV 2001 §4: the extended Euclidean algorithm on `(n, λ)` gives the basis of `LATTICE`.
#[test]
fn glv_basis_rederived() {
    let n = BigInt::from(big(&FqParams::MODULUS));
    let lambda = BigInt::from(big(&LAMBDA));
    let (mut r0, mut r1) = (n.clone(), lambda.clone());
    let (mut t0, mut t1) = (BigInt::from(0), BigInt::from(1));
    let mut seq = vec![(r0.clone(), t0.clone()), (r1.clone(), t1.clone())];
    while r1 != BigInt::from(0) {
        let q = &r0 / &r1;
        let r2 = &r0 - &q * &r1;
        let t2 = &t0 - &q * &t1;
        (r0, r1, t0, t1) = (r1, r2.clone(), t1, t2.clone());
        seq.push((r2, t2));
    }
    let sqrt_n = BigInt::from(big(&FqParams::MODULUS).sqrt());
    let m = seq.iter().rposition(|(r, _)| *r >= sqrt_n).unwrap();
    let (a1, b1) = (seq[m + 1].0.clone(), -seq[m + 1].1.clone());
    let hex = |s: &[u8]| BigInt::parse_bytes(s, 16).unwrap();
    assert_eq!(a1, hex(b"3086d221a7d46bcde86c90e49284eb15"));
    assert_eq!(b1, -hex(b"e4437ed6010e88286f547fa90abfe4c3"));
    // The second vector, the shorter of the neighbours (m and m + 2), is (a1 − b1, a1).
    let cands = [(seq[m].0.clone(), -seq[m].1.clone()), (seq[m + 2].0.clone(), -seq[m + 2].1.clone())];
    let norm = |v: &(BigInt, BigInt)| &v.0 * &v.0 + &v.1 * &v.1;
    let (a2, b2) = if norm(&cands[0]) <= norm(&cands[1]) { cands[0].clone() } else { cands[1].clone() };
    assert_eq!((a2.clone(), b2.clone()), (&a1 - &b1, a1.clone()));
    assert_eq!(&a1 * &b2 - &b1 * &a2, n);
    for (a, b) in [(&a1, &b1), (&a2, &b2)] {
        assert_eq!(((a + b * &lambda) % &n + &n) % &n, BigInt::from(0));
    }
    assert_eq!(LATTICE.dim(), 2);
    assert!(LATTICE.bits() <= 128);
}

#[test]
fn glv_decomposition() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(3);
    let n = big(&FqParams::MODULUS);
    let l = big(&LAMBDA);
    let mut ks: Vec<[u64; 4]> = (0..500).map(|_| Fq::random(&mut rng).to_canonical_limbs()).collect();
    ks.push(crate::limbs::sub(&FqParams::MODULUS, &crate::limbs::from_u64(1)).0);
    ks.push([0; 4]);
    ks.push([1, 0, 0, 0]);
    for k in ks {
        let d = LATTICE.decompose(&k);
        let part = |i: usize| {
            let m = big(&[d.magnitudes[i][0], d.magnitudes[i][1]]) % &n;
            if bool::from(d.negative[i]) {
                (&n - m) % &n
            } else {
                m
            }
        };
        assert_eq!((part(0) + part(1) * &l) % &n, big(&k));
    }
}

#[test]
fn group_law_and_scalar_multiplication() {
    sw::check_curve::<Secp256k1>();
}

#[test]
fn field_generators() {
    // 3 generates F_p^* and 7 generates F_n^*: no g^((m−1)/q) is 1 for the primes q | m − 1
    // (factorizations of p − 1 and n − 1).
    let check = |m: &BigUint, g: u64, primes: &[&[u8]]| {
        let mut rest = m - 1u8;
        for q in primes {
            let q = BigUint::parse_bytes(q, 10).unwrap();
            assert_ne!(BigUint::from(g).modpow(&((m - 1u8) / &q), m), BigUint::from(1u8));
            while (&rest % &q) == BigUint::from(0u8) {
                rest /= &q;
            }
        }
        assert_eq!(rest, BigUint::from(1u8), "factorization complete");
    };
    check(
        &big(&FpParams::MODULUS),
        FpParams::GENERATOR,
        &[b"2", b"3", b"7", b"13441", b"205115282021455665897114700593932402728804164701536103180137503955397371"],
    );
    check(
        &big(&FqParams::MODULUS),
        FqParams::GENERATOR,
        &[
            b"2",
            b"3",
            b"149",
            b"631",
            b"107361793816595537",
            b"174723607534414371449",
            b"341948486974166000522343609283189",
        ],
    );
}

#[test]
fn sec1_round_trip_and_rejections() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(5);
    for _ in 0..50 {
        let p = sw::random_point::<Secp256k1>(&mut rng).to_affine();
        let c = p.to_sec1_compressed();
        let u = p.to_sec1_uncompressed();
        assert_eq!(c[0], 2 | (p.y().to_canonical_limbs()[0] & 1) as u8);
        assert_eq!(u[0], 4);
        assert_eq!(&c[1..], &u[1..33]);
        assert_eq!(PointAffine::from_sec1_bytes(&c), Ok(p));
        assert_eq!(PointAffine::from_sec1_bytes(&u), Ok(p));
        assert_eq!(PointAffine::from_compressed(&c), Ok(p));
        assert_eq!(PointAffine::from_uncompressed(&u), Ok(p));
        assert_eq!(PointAffine::from_compressed(&u), Err(Error::InvalidFlags));
        assert_eq!(PointAffine::from_uncompressed(&c), Err(Error::InvalidFlags));
        // Flipped parity: the negation.
        let mut c2 = c;
        c2[0] ^= 1;
        assert_eq!(PointAffine::from_sec1_bytes(&c2), Ok(-p));
        // Off the curve.
        let mut u2 = u;
        u2[64] ^= 1;
        assert_eq!(PointAffine::from_sec1_bytes(&u2), Err(Error::NotOnCurve));
        // Wrong lengths and prefixes.
        assert_eq!(PointAffine::from_sec1_bytes(&c[..32]), Err(Error::Length { expected: 33, got: 32 }));
        assert_eq!(PointAffine::from_sec1_bytes(&u[..64]), Err(Error::Length { expected: 65, got: 64 }));
        for bad in [1u8, 5, 6, 7, 0xff] {
            let mut c3 = c;
            c3[0] = bad;
            assert_eq!(PointAffine::from_sec1_bytes(&c3), Err(Error::InvalidFlags));
        }
    }
    // The identity.
    let id = PointAffine::identity();
    assert_eq!(id.to_sec1_compressed(), [0; 33]);
    assert_eq!(id.to_sec1_uncompressed(), [0; 65]);
    assert_eq!(PointAffine::from_sec1_bytes(&[0]), Err(Error::Identity));
    assert_eq!(PointAffine::from_sec1_bytes(&[0; 33]), Err(Error::Identity));
    assert_eq!(PointAffine::from_sec1_bytes(&[]), Err(Error::Length { expected: 33, got: 0 }));
    // x ≥ p.
    let mut c = [0xffu8; 33];
    c[0] = 2;
    assert_eq!(PointAffine::from_sec1_bytes(&c), Err(Error::NonCanonical));
    // An x with no square root of x³ + 7 (x = 5: 132 is not a square mod p).
    let mut c = [0u8; 33];
    c[0] = 2;
    c[32] = 5;
    assert!(!bool::from(Fp::from_u64(132).is_square()));
    assert_eq!(PointAffine::from_sec1_bytes(&c), Err(Error::NotASquare));
}

/// The square-root addition chain computes `x^((p+1)/4)` (against the generic exponentiation),
/// on both forms of the base field.
#[test]
fn sqrt_chain_is_the_exponent() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(12);
    for x in [Fp::ZERO, Fp::ONE, -Fp::ONE].into_iter().chain((0..20).map(|_| Fp::random(&mut rng))) {
        let want = x.pow_vartime(&FpParams::SQRT_EXP_3MOD4);
        assert_eq!(sqrt_exp_chain(&x), want);
        let plain = crate::field::crandall::CrandallFp::<FpParams>::from(x);
        assert_eq!(sqrt_exp_chain(&plain).to_montgomery(), want);
        #[cfg(feature = "fiat")]
        assert_eq!(sqrt_exp_chain(&crate::field::dettman::DettmanFp::<FpParams>::from(x)).to_montgomery(), want);
        assert_eq!(plain::sqrt_exp(&x), want);
    }
}

/// The curves over the plain base fields pass the generic suite, and `a·G + b·P` on the
/// selected one (the path of verification) equals the Montgomery-form computation on random
/// and edge inputs.
#[test]
fn plain_field_double_scalar_multiplication() {
    sw::check_curve::<plain::Plain>();
    #[cfg(feature = "fiat")]
    sw::check_curve::<plain::PlainFiat>();
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(11);
    let g = Point::generator();
    let (zero, one) = (Fq::ZERO, Fq::ONE);
    let mut cases = vec![(zero, PointAffine::identity(), zero), (one, g.to_affine(), -one), (one, g.to_affine(), one)];
    for _ in 0..32 {
        let (a, b) = (Fq::random(&mut rng), Fq::random(&mut rng));
        let p = g.mul(&Fq::random(&mut rng)).to_affine();
        cases.extend([(a, p, b), (zero, p, b), (a, p, zero), (a, PointAffine::identity(), b)]);
    }
    for (a, p, b) in cases {
        let want = g.mul_vartime(&a).add(&Point::from(p).mul_vartime(&b));
        assert_eq!(plain::mul_generator_add_vartime(&a, &p, &b), want);
    }
}

/// The constant-time `[k]·P` and `[k]·G` on the plain base field (the paths of ECDH, key
/// generation and signing) equal the Montgomery-form variable-time computation, on random
/// and edge scalars and points, the identity included.
#[test]
fn plain_field_constant_time_multiplication() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(12);
    let g = Point::generator();
    let two_128 = Fq::from_u64(1 << 32).square().square();
    let mut scalars = vec![Fq::ZERO, Fq::ONE, -Fq::ONE, Fq::from_u64(16), two_128, -two_128];
    scalars.extend((0..24).map(|_| Fq::random(&mut rng)));
    let mut points = vec![Point::identity(), g, -g];
    points.extend((0..4).map(|_| g.mul_vartime(&Fq::random(&mut rng))));
    for k in &scalars {
        assert_eq!(plain::mul_generator(k), g.mul_vartime(k));
        for p in &points {
            assert_eq!(plain::mul(p, k), p.mul_vartime(k));
        }
    }
}

/// The MSM on the plain base field (BIP-340 batch verification) equals the sum of
/// Montgomery-form variable-time products, serial and parallel, with zero scalars, identity
/// points and repeated points, across the Straus/Pippenger boundary.
#[test]
fn plain_field_msm() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(13);
    let g = Point::generator();
    for n in [0usize, 1, 2, 63, 64, 65, 300] {
        let mut points: Vec<PointAffine> = (0..n).map(|_| g.mul_vartime(&Fq::random(&mut rng)).to_affine()).collect();
        let mut scalars: Vec<Fq> = (0..n).map(|_| Fq::random(&mut rng)).collect();
        if n > 2 {
            (points[1], scalars[2]) = (PointAffine::identity(), Fq::ZERO);
            points[n - 1] = points[0];
        }
        let want =
            points.iter().zip(&scalars).fold(Point::identity(), |acc, (p, k)| acc.add(&Point::from(*p).mul_vartime(k)));
        assert_eq!(plain::msm_vartime(&points, &scalars, false), want, "n = {n}");
        assert_eq!(plain::msm_vartime(&points, &scalars, true), want, "n = {n}, parallel");
    }
}
