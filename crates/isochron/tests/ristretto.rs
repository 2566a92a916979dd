//! ristretto255 (RFC 9496): the Appendix A vectors (multiples of the generator, invalid
//! encodings, the one-way map, SQRT_RATIO_M1) and differential tests against curve25519-dalek
//! 4, for the own field backend and (feature `fiat`) fiat-crypto's. Sources:
//! `vectors/SOURCES.md`.

use std::path::Path;

use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint as DalekPoint};
use curve25519_dalek::scalar::Scalar as DalekScalar;
use isochron::curves::curve25519::edwards::EdwardsField;
use isochron::curves::curve25519::scalar::{self, Scalar};
use isochron::curves::curve25519::{Fe, RistrettoPoint};
use isochron::error::Error;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use serde_json::Value;

fn load() -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors/ristretto/rfc9496_ristretto255.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn arr<const N: usize>(s: &str) -> [u8; N] {
    hex::decode(s).unwrap().try_into().unwrap()
}

fn scalar_u64(k: u64) -> Scalar {
    let mut b = [0u8; 32];
    b[..8].copy_from_slice(&k.to_le_bytes());
    scalar::from_canonical_bytes(&b).unwrap()
}

fn random_scalar(rng: &mut ChaCha20Rng) -> (Scalar, DalekScalar) {
    let mut wide = [0u8; 64];
    rng.fill_bytes(&mut wide);
    let s = scalar::from_bytes_mod_order_wide(&wide);
    let d = DalekScalar::from_bytes_mod_order_wide(&wide);
    assert_eq!(scalar::to_bytes(&s), d.to_bytes());
    (s, d)
}

fn check_vectors<F: EdwardsField>() {
    let v = load();
    let g = RistrettoPoint::<F>::generator();
    let mut acc = RistrettoPoint::<F>::IDENTITY;
    let mults = v["multiples_of_generator"].as_array().unwrap();
    assert_eq!(mults.len(), 16);
    for m in mults {
        let k = m["multiple"].as_u64().unwrap();
        let enc: [u8; 32] = arr(m["encoding"].as_str().unwrap());
        assert_eq!(acc.encode(), enc, "[{k}]G encode (running sum)");
        assert_eq!(RistrettoPoint::<F>::mul_base(&scalar_u64(k)).encode(), enc, "[{k}]G mul_base");
        assert_eq!(g.mul_ct(&scalar_u64(k)).encode(), enc, "[{k}]G mul_ct");
        assert_eq!(g.mul_vartime(&scalar_u64(k)).encode(), enc, "[{k}]G mul_vartime");
        let d = RistrettoPoint::<F>::decode(&enc).unwrap();
        assert_eq!(d, acc, "[{k}]G decode");
        assert_eq!(d.encode(), enc, "[{k}]G re-encode");
        acc = acc + g;
    }
    let invalid = v["invalid_encodings"].as_array().unwrap();
    assert_eq!(invalid.len(), 29);
    for case in invalid {
        let enc: [u8; 32] = arr(case["encoding"].as_str().unwrap());
        let r = RistrettoPoint::<F>::decode(&enc);
        assert!(r.is_err(), "{}: {} accepted", case["reason"], case["encoding"]);
        assert!(matches!(r, Err(Error::NonCanonical) | Err(Error::NotOnCurve)));
    }
    let ub = v["from_uniform_bytes"].as_array().unwrap();
    assert_eq!(ub.len(), 11);
    for case in ub {
        let input: [u8; 64] = arr(case["input"].as_str().unwrap());
        let out: [u8; 32] = arr(case["output"].as_str().unwrap());
        assert_eq!(RistrettoPoint::<F>::from_uniform_bytes(&input).encode(), out, "{}", case["input"]);
    }
    let sq = v["sqrt_ratio_m1"].as_array().unwrap();
    for case in sq {
        let u = F::from_bytes(&arr(case["u"].as_str().unwrap()));
        let w = F::from_bytes(&arr(case["v"].as_str().unwrap()));
        let (was_square, r) = F::sqrt_ratio_m1(&u, &w);
        assert_eq!(bool::from(was_square), case["was_square"].as_bool().unwrap(), "{case}");
        assert_eq!(r.to_bytes(), arr::<32>(case["r"].as_str().unwrap()), "{case}");
    }
}

fn check_error_kinds<F: EdwardsField>() {
    // Non-canonical s (= p) and negative s (= 1) are NonCanonical; s = 2 is not on the curve
    // per the vectors (a non-square or negative t).
    let mut p = [0xffu8; 32];
    p[0] = 0xed;
    p[31] = 0x7f;
    assert_eq!(RistrettoPoint::<F>::decode(&p), Err(Error::NonCanonical));
    let mut one = [0u8; 32];
    one[0] = 1;
    assert_eq!(RistrettoPoint::<F>::decode(&one), Err(Error::NonCanonical));
    let mut top = [0u8; 32];
    top[31] = 0x80;
    assert_eq!(RistrettoPoint::<F>::decode(&top), Err(Error::NonCanonical));
}

fn check_hash_to_group<F: EdwardsField>() {
    // hash_to_group = from_uniform_bytes(expand_message_xmd(SHA-512, 64)); compare with dalek's
    // from_uniform_bytes on our own expansion.
    use isochron::hash_to_curve::{ExpandMessage, ExpandMsgXmd};
    let dst = b"QUUX-V01-CS02-with-ristretto255_XMD:SHA-512_R255MAP_RO_";
    for msg in [&b""[..], b"abc", b"abcdef0123456789"] {
        let mut u = [0u8; 64];
        ExpandMsgXmd::<sha2::Sha512>::expand_message(msg, dst, &mut u).unwrap();
        let h = RistrettoPoint::<F>::hash_to_group(msg, dst).unwrap();
        assert_eq!(h.encode(), DalekPoint::from_uniform_bytes(&u).compress().to_bytes());
    }
    assert!(RistrettoPoint::<F>::hash_to_group(b"x", b"").is_err());
}

fn check_dalek<F: EdwardsField>(seed: u64) {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let basepoint = curve25519_dalek::constants::RISTRETTO_BASEPOINT_POINT;
    for _ in 0..64 {
        let (s, ds) = random_scalar(&mut rng);
        let p = RistrettoPoint::<F>::mul_base(&s);
        let dp = basepoint * ds;
        assert_eq!(p.encode(), dp.compress().to_bytes());
        let (s2, ds2) = random_scalar(&mut rng);
        let q = p.mul_ct(&s2);
        assert_eq!(q.encode(), (dp * ds2).compress().to_bytes());
        assert_eq!((&p * &s2).encode(), q.encode());
        assert_eq!(p.mul_vartime(&s2), q);
        // Add, sub, neg.
        assert_eq!((p + q).encode(), (dp + dp * ds2).compress().to_bytes());
        assert_eq!((p - q).encode(), (dp - dp * ds2).compress().to_bytes());
        assert_eq!((-p).encode(), (-dp).compress().to_bytes());
        assert_eq!(p.double().encode(), (dp + dp).compress().to_bytes());
        assert!(bool::from(((p + q) - q - p).is_identity()));
        // Uniform bytes.
        let mut wide = [0u8; 64];
        rng.fill_bytes(&mut wide);
        let h = RistrettoPoint::<F>::from_uniform_bytes(&wide);
        assert_eq!(h.encode(), DalekPoint::from_uniform_bytes(&wide).compress().to_bytes());
        // Round trip.
        let enc = h.encode();
        assert_eq!(RistrettoPoint::<F>::decode(&enc).unwrap(), h);
    }
    // Random 32-byte strings (mostly rejected), plus valid encodings with one bit flipped and
    // small values.
    let mut inputs: Vec<[u8; 32]> = Vec::new();
    for _ in 0..512 {
        let mut b = [0u8; 32];
        rng.fill_bytes(&mut b);
        if rng.gen_bool(0.5) {
            b[31] &= 0x7f;
        }
        inputs.push(b);
    }
    for _ in 0..256 {
        let (_, ds) = random_scalar(&mut rng);
        let mut b = (basepoint * ds).compress().to_bytes();
        let bit = rng.gen_range(0..256usize);
        if rng.gen_bool(0.5) {
            b[bit / 8] ^= 1 << (bit % 8);
        }
        inputs.push(b);
    }
    for k in 0..64u8 {
        let mut b = [0u8; 32];
        b[0] = k;
        inputs.push(b);
    }
    let mut accepted = 0;
    for b in inputs {
        let ours = RistrettoPoint::<F>::decode(&b);
        let theirs = CompressedRistretto(b).decompress();
        assert_eq!(ours.is_ok(), theirs.is_some(), "{}", hex::encode(b));
        if let (Ok(o), Some(t)) = (ours, theirs) {
            accepted += 1;
            assert_eq!(o.encode(), t.compress().to_bytes());
            assert_eq!(o.encode(), b);
        }
    }
    assert!(accepted > 100);
}

fn check_traits<F: EdwardsField>() {
    let g = RistrettoPoint::<F>::generator();
    assert_eq!(RistrettoPoint::<F>::default(), RistrettoPoint::<F>::IDENTITY);
    assert_eq!(RistrettoPoint::<F>::IDENTITY.encode(), [0u8; 32]);
    let mut z = g;
    zeroize::Zeroize::zeroize(&mut z);
    let dbg = format!("{g:?}");
    assert!(dbg.contains("e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76"), "{dbg}");
    let h = RistrettoPoint::<F>::decode(&g.encode()).unwrap();
    assert_eq!(h, g);
    assert_eq!(RistrettoPoint::<F>::mul_base(&scalar_u64(1)), g);
    assert_ne!(g.double(), g);
}

macro_rules! backend_tests {
    ($m:ident, $f:ty) => {
        mod $m {
            use super::*;

            #[test]
            fn rfc9496_vectors() {
                check_vectors::<$f>();
            }

            #[test]
            fn decode_error_kinds() {
                check_error_kinds::<$f>();
            }

            #[test]
            fn hash_to_group() {
                check_hash_to_group::<$f>();
            }

            #[test]
            fn differential_dalek() {
                check_dalek::<$f>(0x5249_5354);
            }

            #[test]
            fn traits() {
                check_traits::<$f>();
            }
        }
    };
}

backend_tests!(own, Fe);
#[cfg(feature = "fiat")]
backend_tests!(fiat, isochron::curves::curve25519::field_fiat::FiatFe);

#[cfg(feature = "fiat")]
#[test]
fn backends_agree() {
    use isochron::curves::curve25519::field_fiat::FiatFe;
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    for _ in 0..32 {
        let mut wide = [0u8; 64];
        rng.fill_bytes(&mut wide);
        let a = RistrettoPoint::<Fe>::from_uniform_bytes(&wide);
        let b = RistrettoPoint::<FiatFe>::from_uniform_bytes(&wide);
        assert_eq!(a.encode(), b.encode());
        let (s, _) = random_scalar(&mut rng);
        assert_eq!(a.mul_ct(&s).encode(), b.mul_ct(&s).encode());
    }
}
