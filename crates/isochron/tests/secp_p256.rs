//! secp256k1 and P-256 against RustCrypto's `k256` and `p256` (0.14) on random scalars and
//! points: `[k]G` and `[k]P` (constant time and `_vartime`), `a·G + b·P`, addition and
//! doubling, SEC1 encodings in both forms byte for byte, and the rejection of corrupted
//! encodings (flipped bytes, `x ≥ p`, points off the curve, bad prefixes and lengths). Plus
//! property tests of the group laws.

use isochron::curve::short_weierstrass::{Affine, Projective, SwCurve};
use isochron::curve::{Group, PointEncoding};
use isochron::curves::secp256k1;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

/// What the test needs of a peer curve: points from and to SEC1 bytes, scalars from bytes,
/// the group operations.
macro_rules! differential {
    ($name:ident, $curve:ty, $peer:ident) => {
        mod $name {
            use super::*;
            use ::$peer::elliptic_curve::sec1::{FromSec1Point, ToSec1Point};
            use ::$peer::elliptic_curve::PrimeField as _;

            type C = $curve;
            type S = isochron::curve::short_weierstrass::Scalar<C>;
            type P = Projective<C>;
            type A = Affine<C>;

            fn peer_scalar(k: &S) -> ::$peer::Scalar {
                let bytes: [u8; 32] = k.to_bytes_be().as_ref().try_into().unwrap();
                ::$peer::Scalar::from_repr(::$peer::FieldBytes::from(bytes)).unwrap()
            }

            fn peer_point(p: &A) -> ::$peer::ProjectivePoint {
                let aff = ::$peer::AffinePoint::from_sec1_bytes(&p.to_sec1_uncompressed()).expect("peer decodes");
                ::$peer::ProjectivePoint::from(aff)
            }

            /// The peer's uncompressed SEC1 bytes of a point (not the identity).
            fn peer_bytes(p: &::$peer::ProjectivePoint, compress: bool) -> Vec<u8> {
                p.to_affine().to_sec1_point(compress).as_bytes().to_vec()
            }

            fn ours(p: &P) -> Vec<u8> {
                p.to_affine().to_sec1_uncompressed().to_vec()
            }

            #[test]
            fn scalar_multiplication_and_addition() {
                let mut rng = ChaCha20Rng::seed_from_u64(0x256);
                let g = P::generator();
                let pg = ::$peer::ProjectivePoint::GENERATOR;
                let mut cases = 0;
                for i in 0..64u64 {
                    let k = match i {
                        0 => S::ONE,
                        1 => -S::ONE,
                        2 => S::from_u64(2),
                        _ => S::random(&mut rng),
                    };
                    let pk = peer_scalar(&k);
                    let want = pg * pk;
                    assert_eq!(ours(&g.mul(&k)), peer_bytes(&want, false));
                    assert_eq!(ours(&P::mul_generator(&k)), peer_bytes(&want, false));
                    assert_eq!(ours(&g.mul_vartime(&k)), peer_bytes(&want, false));
                    // [k]P for a random P.
                    let q = g.mul_vartime(&S::random(&mut rng));
                    let pq = peer_point(&q.to_affine());
                    let want = pq * pk;
                    assert_eq!(ours(&q.mul(&k)), peer_bytes(&want, false));
                    assert_eq!(ours(&q.mul_vartime(&k)), peer_bytes(&want, false));
                    assert_eq!(ours(&(q * k)), peer_bytes(&want, false));
                    // a·G + b·P.
                    let (a, b) = (S::random(&mut rng), S::random(&mut rng));
                    let want = pg * peer_scalar(&a) + pq * peer_scalar(&b);
                    assert_eq!(ours(&P::mul_generator_add_vartime(&a, &q.to_affine(), &b)), peer_bytes(&want, false));
                    assert_eq!(
                        ours(&<P as Group>::multi_mul_vartime(&[g.to_affine(), q.to_affine()], &[a, b])),
                        peer_bytes(&want, false)
                    );
                    // Addition, mixed addition, doubling.
                    let r = g.mul_vartime(&S::random(&mut rng));
                    let pr = peer_point(&r.to_affine());
                    assert_eq!(ours(&(q + r)), peer_bytes(&(pq + pr), false));
                    assert_eq!(ours(&(q + r.to_affine())), peer_bytes(&(pq + pr), false));
                    assert_eq!(ours(&q.double()), peer_bytes(&(pq + pq), false));
                    assert_eq!(ours(&(q - r)), peer_bytes(&(pq - pr), false));
                    cases += 1;
                }
                assert_eq!(cases, 64);
            }

            #[test]
            fn sec1_encodings_byte_for_byte() {
                let mut rng = ChaCha20Rng::seed_from_u64(0x5ec1);
                for _ in 0..200 {
                    let k = S::random(&mut rng);
                    let p = P::mul_generator(&k).to_affine();
                    let pp = ::$peer::ProjectivePoint::GENERATOR * peer_scalar(&k);
                    let (c, u) = (p.to_sec1_compressed(), p.to_sec1_uncompressed());
                    assert_eq!(c.to_vec(), peer_bytes(&pp, true));
                    assert_eq!(u.to_vec(), peer_bytes(&pp, false));
                    assert_eq!(p.to_compressed(), c);
                    assert_eq!(p.to_uncompressed(), u);
                    assert_eq!(A::from_sec1_bytes(&c), Ok(p));
                    assert_eq!(A::from_sec1_bytes(&u), Ok(p));
                    assert_eq!(A::from_compressed(&c), Ok(p));
                    assert_eq!(A::from_uncompressed(&u), Ok(p));
                }
            }

            /// Corrupted encodings: isochron accepts exactly what the peer accepts (and then the
            /// same point), for every single-byte flip of valid encodings and random bytes.
            #[test]
            fn corrupted_encodings_agree_with_peer() {
                let mut rng = ChaCha20Rng::seed_from_u64(0xbad);
                let mut rejected = 0;
                let mut checked = 0;
                let mut check = |bytes: &[u8]| {
                    let ours = A::from_sec1_bytes(bytes);
                    let theirs = ::$peer::AffinePoint::from_sec1_bytes(bytes);
                    // The peer decodes the identity byte 0x00; isochron rejects it.
                    if bytes.first() == Some(&0) {
                        assert_eq!(ours, Err(isochron::Error::Identity));
                        return;
                    }
                    match (&ours, &theirs) {
                        (Ok(p), Ok(q)) => assert_eq!(p.to_sec1_uncompressed().to_vec(), {
                            let qp = ::$peer::ProjectivePoint::from(*q);
                            peer_bytes(&qp, false)
                        }),
                        (Err(_), Err(_)) => rejected += 1,
                        _ => panic!("disagreement on {bytes:02x?}: {ours:?} vs peer {:?}", theirs.is_ok()),
                    }
                    checked += 1;
                };
                for _ in 0..40 {
                    let p = P::mul_generator(&S::random(&mut rng)).to_affine();
                    for enc in [p.to_sec1_compressed().to_vec(), p.to_sec1_uncompressed().to_vec()] {
                        for i in 0..enc.len() {
                            let mut e = enc.clone();
                            e[i] ^= 1 << rng.gen_range(0..8);
                            check(&e);
                        }
                        check(&enc[..enc.len() - 1]);
                        let mut longer = enc.clone();
                        longer.push(0);
                        check(&longer);
                    }
                }
                // x ≥ p (and x = p exactly), y ≥ p.
                let p_bytes: Vec<u8> = (-<C as SwCurve>::Base::ONE).to_bytes_be().to_vec();
                let mut modulus = p_bytes.clone();
                *modulus.last_mut().unwrap() += 1;
                for x in [modulus.clone(), vec![0xff; 32]] {
                    for prefix in [2u8, 3] {
                        let mut e = vec![prefix];
                        e.extend_from_slice(&x);
                        assert_eq!(A::from_sec1_bytes(&e), Err(isochron::Error::NonCanonical));
                        check(&e);
                    }
                }
                let g = A::generator().to_sec1_uncompressed();
                let mut e = g.to_vec();
                e[33..].copy_from_slice(&modulus);
                assert_eq!(A::from_sec1_bytes(&e), Err(isochron::Error::NonCanonical));
                check(&e);
                // Random bytes with valid prefixes (mostly off the curve or non-squares).
                for _ in 0..200 {
                    let mut e = vec![0u8; 65];
                    rng.fill(&mut e[..]);
                    e[0] = 4;
                    assert!(A::from_sec1_bytes(&e).is_err());
                    check(&e);
                    e[0] = 2 + (e[1] & 1);
                    check(&e[..33]);
                }
                assert!(checked > 2000 && rejected > 1000, "{checked} checked, {rejected} rejected");
            }
        }
    };
}

differential!(secp256k1_vs_k256, secp256k1::Secp256k1, k256);
differential!(p256_vs_p256, isochron::curves::p256::P256, p256);

fn point<C: SwCurve>(seed: u64) -> Projective<C> {
    Projective::<C>::mul_generator(&isochron::curve::short_weierstrass::Scalar::<C>::random(
        &mut ChaCha20Rng::seed_from_u64(seed),
    ))
}

macro_rules! laws {
    ($name:ident, $curve:ty) => {
        mod $name {
            use super::*;
            type C = $curve;
            type S = isochron::curve::short_weierstrass::Scalar<C>;

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(32))]
                #[test]
                fn group_laws(a in any::<u64>(), b in any::<u64>(), c in any::<u64>()) {
                    let (p, q, r) = (point::<C>(a), point::<C>(b), point::<C>(c));
                    prop_assert_eq!(p + q, q + p);
                    prop_assert_eq!((p + q) + r, p + (q + r));
                    prop_assert_eq!(p - p, Projective::<C>::identity());
                    prop_assert_eq!(p.double(), p + p);
                    prop_assert!(bool::from((p + q).is_on_curve()));
                }

                #[test]
                fn scalar_distributes(a in any::<u64>(), s in any::<u64>(), t in any::<u64>()) {
                    let p = point::<C>(a);
                    let mut rng = ChaCha20Rng::seed_from_u64(s ^ t.rotate_left(7));
                    let (k, l) = (S::random(&mut rng), S::random(&mut rng));
                    prop_assert_eq!(p.mul(&k) + p.mul(&l), p.mul(&(k + l)));
                    prop_assert_eq!(p.mul(&k).mul_vartime(&l), p.mul_vartime(&(k * l)));
                }

                #[test]
                fn sec1_round_trips(a in any::<u64>()) {
                    let p = point::<C>(a).to_affine();
                    prop_assert_eq!(Affine::<C>::from_sec1_bytes(&p.to_sec1_compressed()), Ok(p));
                    prop_assert_eq!(Affine::<C>::from_sec1_bytes(&p.to_sec1_uncompressed()), Ok(p));
                }
            }
        }
    };
}

laws!(secp256k1_laws, secp256k1::Secp256k1);
laws!(p256_laws, isochron::curves::p256::P256);

/// The multi-scalar multiplications (Pippenger with batch-affine buckets, whose doublings use
/// the `a = −3` tangent on P-256; fixed-base tables) against sums of single multiplications,
/// with repeated and opposite points, zero scalars and identities mixed in.
fn msm_against_naive<G: Group>(seed: u64) {
    use isochron::curve::AffinePoint;
    use isochron::field::Field;
    use isochron::msm::{self, FixedBaseMsm};
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let naive = |p: &[G::Affine], k: &[G::Scalar]| {
        p.iter().zip(k).fold(G::identity(), |acc, (p, k)| acc + p.to_group().mul_vartime(k))
    };
    for n in [0usize, 1, 2, 3, 64, 127, 128, 129, 300, 1000] {
        let pts: Vec<G> = (0..n).map(|_| G::random(&mut rng)).collect();
        let mut p = G::batch_normalize(&pts);
        let mut k: Vec<G::Scalar> = (0..n).map(|_| G::Scalar::random(&mut rng)).collect();
        let want = naive(&p, &k);
        assert_eq!(msm::msm_vartime::<G>(&p, &k), want, "n = {n}");
        assert_eq!(FixedBaseMsm::<G>::new_vartime(&p).msm_vartime(&k), want, "fixed, n = {n}");
        // Zeros, identities, one point repeated with equal scalars (bucket doublings), its
        // opposite.
        let g = G::Affine::generator();
        for i in 0..n {
            match i % 5 {
                0 => k[i] = G::Scalar::ZERO,
                1 => p[i] = G::Affine::identity(),
                2 => (p[i], k[i]) = (g, G::Scalar::ONE),
                3 => p[i] = -g,
                _ => {}
            }
        }
        let want = naive(&p, &k);
        assert_eq!(msm::msm_vartime::<G>(&p, &k), want, "edge, n = {n}");
        assert_eq!(FixedBaseMsm::<G>::new_vartime(&p).msm_vartime(&k), want, "edge fixed, n = {n}");
        let rep = vec![g; n];
        let same = vec![k.first().copied().unwrap_or(G::Scalar::ZERO); n];
        assert_eq!(msm::msm_vartime::<G>(&rep, &same), naive(&rep, &same), "repeated, n = {n}");
    }
}

#[test]
fn msm_secp256k1() {
    msm_against_naive::<secp256k1::Point>(31);
}

#[test]
fn msm_p256() {
    msm_against_naive::<isochron::curves::p256::Point>(32);
}
