//! Edwards25519 (RFC 8032 §5.1) against curve25519-dalek on random inputs, on each field
//! backend (isochron's own kernels and, with the feature `fiat`, fiat-crypto's): base point
//! multiples by the constant-time, table and variable-time paths, additions and doublings,
//! decoding of random 32-byte strings (the canonical decoder and the ZIP 215 one), the
//! double-scalar and multiscalar multiplications (Straus and Pippenger sizes, zero scalars,
//! repeated points, n = 0 and 1), small-order and torsion checks, and the Montgomery `u` map.

use curve25519_dalek::constants::ED25519_BASEPOINT_POINT as DALEK_B;
use curve25519_dalek::edwards::CompressedEdwardsY;
use curve25519_dalek::traits::{Identity, VartimeMultiscalarMul};
use isochron::curves::curve25519::edwards::{EdwardsField, EdwardsPoint};
use isochron::curves::curve25519::scalar::{self, Scalar};
use isochron::field::Field;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

fn random_scalar(rng: &mut ChaCha20Rng) -> (Scalar, curve25519_dalek::Scalar) {
    let wide: [u8; 64] = core::array::from_fn(|_| rng.gen());
    let s = scalar::from_bytes_mod_order_wide(&wide);
    (s, curve25519_dalek::Scalar::from_bytes_mod_order_wide(&wide))
}

fn dalek_point(p: &curve25519_dalek::EdwardsPoint) -> [u8; 32] {
    p.compress().to_bytes()
}

fn base_multiples<F: EdwardsField>() {
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let b = EdwardsPoint::<F>::basepoint();
    assert_eq!(hex::encode(b.compress()), "5866666666666666666666666666666666666666666666666666666666666666");
    assert!(b.is_torsion_free_vartime());
    assert!(!bool::from(b.is_small_order()));
    for _ in 0..64 {
        let (s, ds) = random_scalar(&mut rng);
        let want = dalek_point(&(DALEK_B * ds));
        assert_eq!(EdwardsPoint::<F>::mul_base(&s).compress(), want);
        assert_eq!(b.mul_ct(&s).compress(), want);
        assert_eq!(b.mul_vartime(&s).compress(), want);
        assert_eq!(b.mul_vartime(&s).compress_vartime(), want);
        assert_eq!(b.mul_vartime(&s).to_montgomery_u(), (DALEK_B * ds).to_montgomery().to_bytes());
    }
    for k in [0u64, 1, 2, 7, 8, 16] {
        let s = Scalar::from_u64(k);
        let want = dalek_point(&(DALEK_B * curve25519_dalek::Scalar::from(k)));
        assert_eq!(EdwardsPoint::<F>::mul_base(&s).compress(), want);
        assert_eq!(b.mul_ct(&s).compress(), want);
    }
    assert!(bool::from(EdwardsPoint::<F>::mul_base(&Scalar::ZERO).is_identity()));
    assert_eq!(b.mul_ct(&-Scalar::ONE), -b);
}

fn group_law<F: EdwardsField>() {
    let mut rng = ChaCha20Rng::seed_from_u64(2);
    for _ in 0..64 {
        let (s, ds) = random_scalar(&mut rng);
        let (t, dt) = random_scalar(&mut rng);
        let (p, q) = (EdwardsPoint::<F>::mul_base(&s), EdwardsPoint::<F>::mul_base(&t));
        let (dp, dq) = (DALEK_B * ds, DALEK_B * dt);
        assert_eq!((p + q).compress(), dalek_point(&(dp + dq)));
        assert_eq!((p - q).compress(), dalek_point(&(dp - dq)));
        assert_eq!(p.double().compress(), dalek_point(&(dp + dp)));
        assert_eq!(p.mul_by_pow2(5).compress(), dalek_point(&(dp * curve25519_dalek::Scalar::from(32u8))));
        assert_eq!(p + EdwardsPoint::IDENTITY, p);
        assert!(bool::from((p - p.mul_ct(&Scalar::ONE)).is_identity()));
        let want = dalek_point(&curve25519_dalek::EdwardsPoint::vartime_double_scalar_mul_basepoint(&dt, &dp, &ds));
        assert_eq!(p.vartime_double_scalar_mul_basepoint(&t, &s).compress(), want);
    }
}

/// Random encodings (and random points with flipped bits): both decoders agree with dalek's
/// (which accepts non-canonical `y`), the canonical decoder also rejects `y ≥ p` and a negative
/// zero `x`, and canonical encodings round-trip.
fn decoding<F: EdwardsField>() {
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    let mut accepted = 0;
    for i in 0..2000 {
        let mut b: [u8; 32] = rng.gen();
        if i % 4 == 0 {
            // Non-canonical y: p ≤ y < 2^255 (y = p + small), either sign.
            b = [0xff; 32];
            b[0] = 0xed + (i as u8 % 18);
            b[31] = if i % 8 == 0 { 0x7f } else { 0xff };
        }
        let theirs = CompressedEdwardsY(b).decompress();
        let zip = EdwardsPoint::<F>::decompress_zip215(&b);
        assert_eq!(zip.is_ok(), theirs.is_some(), "{}", hex::encode(b));
        if let (Ok(p), Some(d)) = (zip, theirs) {
            assert_eq!(p.compress(), dalek_point(&d));
            accepted += 1;
        }
        let strict = EdwardsPoint::<F>::decompress(&b);
        let canonical = theirs.is_some_and(|d| dalek_point(&d) == b);
        assert_eq!(strict.is_ok(), canonical, "{}", hex::encode(b));
    }
    assert!(accepted > 500);
    // y = 1 with the sign bit set: x = 0, "negative zero": only ZIP 215 accepts it.
    let mut neg_zero = [0u8; 32];
    neg_zero[0] = 1;
    neg_zero[31] = 0x80;
    assert!(EdwardsPoint::<F>::decompress(&neg_zero).is_err());
    assert!(bool::from(EdwardsPoint::<F>::decompress_zip215(&neg_zero).unwrap().is_identity()));
}

/// The eight small-order points (as multiples of an order-8 point): small order, not torsion
/// free, killed by the cofactor; a mixed-order point is neither.
fn torsion<F: EdwardsField>() {
    let t8 = hex::decode("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa").unwrap();
    let t = EdwardsPoint::<F>::decompress(&t8.try_into().unwrap()).unwrap();
    let mut p = EdwardsPoint::<F>::IDENTITY;
    for _ in 0..8 {
        assert!(bool::from(p.is_small_order()));
        assert!(bool::from(p.mul_by_cofactor().is_identity()));
        assert_eq!(p.is_torsion_free_vartime(), bool::from(p.is_identity()));
        p = p + t;
    }
    assert!(bool::from(p.is_identity()));
    let mixed = EdwardsPoint::<F>::basepoint() + t;
    assert!(!bool::from(mixed.is_small_order()));
    assert!(!mixed.is_torsion_free_vartime());
}

fn multiscalar<F: EdwardsField>() {
    let mut rng = ChaCha20Rng::seed_from_u64(4);
    for n in [0usize, 1, 2, 5, 64, 190, 191, 300] {
        let mut s = Vec::new();
        let mut ds = Vec::new();
        let mut p = Vec::new();
        let mut dp = Vec::new();
        for i in 0..n {
            let (a, da) = random_scalar(&mut rng);
            let (b, db) = random_scalar(&mut rng);
            let (a, da) = if i % 7 == 3 { (Scalar::ZERO, curve25519_dalek::Scalar::ZERO) } else { (a, da) };
            let (pt, dpt) = if i % 5 == 4 {
                // A repeated point, and a point with a torsion component.
                (p[i - 1], dp[i - 1])
            } else if i % 13 == 9 {
                (EdwardsPoint::<F>::IDENTITY, curve25519_dalek::EdwardsPoint::identity())
            } else if i % 11 == 6 {
                let t8 = CompressedEdwardsY(
                    hex::decode("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa")
                        .unwrap()
                        .try_into()
                        .unwrap(),
                )
                .decompress()
                .unwrap();
                let ours = EdwardsPoint::<F>::decompress_zip215(&dalek_point(&(DALEK_B * db + t8))).unwrap();
                (ours, DALEK_B * db + t8)
            } else {
                (EdwardsPoint::<F>::mul_base(&b), DALEK_B * db)
            };
            s.push(a);
            ds.push(da);
            p.push(pt);
            dp.push(dpt);
        }
        let want = if n == 0 {
            curve25519_dalek::EdwardsPoint::identity()
        } else {
            curve25519_dalek::EdwardsPoint::vartime_multiscalar_mul(ds.iter(), dp.iter())
        };
        let got = EdwardsPoint::<F>::multiscalar_mul_vartime(&s, &p).unwrap();
        assert_eq!(got.compress(), dalek_point(&want), "n = {n}");
        if n <= 5 {
            let naive = s.iter().zip(&p).fold(EdwardsPoint::<F>::IDENTITY, |acc, (k, q)| acc + q.mul_ct(k));
            assert_eq!(got, naive);
        }
    }
    assert!(EdwardsPoint::<F>::multiscalar_mul_vartime(&[Scalar::ONE], &[]).is_err());
}

macro_rules! backend_tests {
    ($name:ident, $f:ty) => {
        mod $name {
            #[test]
            fn base_multiples() {
                super::base_multiples::<$f>();
            }
            #[test]
            fn group_law() {
                super::group_law::<$f>();
            }
            #[test]
            fn decoding() {
                super::decoding::<$f>();
            }
            #[test]
            fn torsion() {
                super::torsion::<$f>();
            }
            #[test]
            fn multiscalar() {
                super::multiscalar::<$f>();
            }
        }
    };
}

backend_tests!(own, isochron::curves::curve25519::Fe);
#[cfg(feature = "fiat")]
backend_tests!(fiat, isochron::curves::curve25519::field_fiat::FiatFe);

#[test]
fn curve_constants() {
    use isochron::curves::curve25519::{Fe, Fe25519};
    // d = −121665/121666 and the base point's y = 4/5 (RFC 8032 §5.1).
    assert_eq!(Fe::D * Fe::from_u64(121666), -Fe::from_u64(121665));
    assert_eq!(Fe::BASE_Y * Fe::from_u64(5), Fe::from_u64(4));
    assert_eq!(Fe::D2, Fe::D.double());
    let (x, y) = (Fe::BASE_X, Fe::BASE_Y);
    assert_eq!(y.square() - x.square(), Fe::ONE + Fe::D * x.square() * y.square());
    assert!(!bool::from(Fe::BASE_X.is_negative()));
}
