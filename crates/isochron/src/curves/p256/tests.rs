//! Unit tests of P-256: constants against their definitions, the `a = −3` group law, scalar
//! multiplication, SEC1 encodings.

use num_bigint::BigUint;
use rand::SeedableRng;

use super::*;
use crate::curve::PointEncoding;
use crate::error::Error;
use crate::test_util::{big, sw};

#[test]
fn constants() {
    let one = BigUint::from(1u8);
    let p = (&one << 256) - (&one << 224) + (&one << 192) + (&one << 96) - 1u8;
    assert_eq!(big(&FpParams::MODULUS), p);
    // The generator satisfies y² = x³ − 3x + b.
    let (x, y) = P256::GENERATOR;
    assert_eq!(y.square(), x.square() * x - x.double() - x + P256::B);
}

#[test]
fn group_law_and_scalar_multiplication() {
    sw::check_curve::<P256>();
}

#[test]
fn field_generators() {
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
        &[
            b"2",
            b"3",
            b"5",
            b"17",
            b"257",
            b"641",
            b"1531",
            b"65537",
            b"490463",
            b"6700417",
            b"835945042244614951780389953367877943453916927241",
        ],
    );
    check(
        &big(&FqParams::MODULUS),
        FqParams::GENERATOR,
        &[
            b"2",
            b"3",
            b"71",
            b"131",
            b"373",
            b"3407",
            b"17449",
            b"38189",
            b"187019741",
            b"622491383",
            b"1002328039319",
            b"2624747550333869278416773953",
        ],
    );
}

#[test]
fn sec1_round_trip_and_rejections() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(6);
    for _ in 0..50 {
        let p = sw::random_point::<P256>(&mut rng).to_affine();
        let c = p.to_sec1_compressed();
        let u = p.to_sec1_uncompressed();
        assert_eq!(c[0], 2 | (p.y().to_canonical_limbs()[0] & 1) as u8);
        assert_eq!(PointAffine::from_sec1_bytes(&c), Ok(p));
        assert_eq!(PointAffine::from_sec1_bytes(&u), Ok(p));
        assert_eq!(PointAffine::from_compressed(&c), Ok(p));
        assert_eq!(PointAffine::from_uncompressed(&u), Ok(p));
        let mut c2 = c;
        c2[0] ^= 1;
        assert_eq!(PointAffine::from_sec1_bytes(&c2), Ok(-p));
        let mut u2 = u;
        u2[64] ^= 1;
        assert_eq!(PointAffine::from_sec1_bytes(&u2), Err(Error::NotOnCurve));
    }
    assert_eq!(PointAffine::from_sec1_bytes(&[0; 65]), Err(Error::Identity));
    let mut u = [0xffu8; 65];
    u[0] = 4;
    assert_eq!(PointAffine::from_sec1_bytes(&u), Err(Error::NonCanonical));
}
