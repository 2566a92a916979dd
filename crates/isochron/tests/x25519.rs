//! X25519 (RFC 7748): the §5.2 single and iterated vectors (1 and 1,000 rounds; the
//! 1,000,000-round value runs with `--ignored`), the §6.1 Diffie–Hellman example, low-order
//! peer keys, and a differential test against `x25519-dalek` on random keys and `u` values
//! (non-canonical ones included). With the feature `fiat` these run on fiat-crypto's field.

use isochron::protocols::x25519;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

fn h32(s: &str) -> [u8; 32] {
    hex::decode(s).unwrap().try_into().unwrap()
}

fn vectors() -> serde_json::Value {
    let path = format!("{}/tests/vectors/x25519/rfc7748_x25519.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn rfc7748_single() {
    let v = vectors();
    for c in v["x25519_single"].as_array().unwrap() {
        let (k, u, out) =
            (h32(c["scalar"].as_str().unwrap()), h32(c["u"].as_str().unwrap()), h32(c["output"].as_str().unwrap()));
        assert_eq!(x25519::x25519(&k, &u), out);
    }
}

fn iterate(rounds: usize) -> [u8; 32] {
    let (mut k, mut u) = (x25519::BASEPOINT, x25519::BASEPOINT);
    for _ in 0..rounds {
        let r = x25519::x25519(&k, &u);
        u = k;
        k = r;
    }
    k
}

#[test]
fn rfc7748_iterated() {
    let v = vectors();
    for r in v["x25519_iterated"]["results"].as_array().unwrap() {
        let n = r["iterations"].as_u64().unwrap() as usize;
        if n <= 1000 {
            assert_eq!(iterate(n), h32(r["k"].as_str().unwrap()), "{n} rounds");
        }
    }
}

#[test]
#[ignore = "a million ladders (about a minute)"]
fn rfc7748_iterated_million() {
    let v = vectors();
    let r = &v["x25519_iterated"]["results"][2];
    assert_eq!(r["iterations"].as_u64(), Some(1_000_000));
    assert_eq!(iterate(1_000_000), h32(r["k"].as_str().unwrap()));
}

#[test]
fn rfc7748_diffie_hellman() {
    let d = &vectors()["x25519_dh"];
    let (a, b) = (h32(d["alice_private"].as_str().unwrap()), h32(d["bob_private"].as_str().unwrap()));
    let (pa, pb) = (h32(d["alice_public"].as_str().unwrap()), h32(d["bob_public"].as_str().unwrap()));
    assert_eq!(x25519::public_key(&a), pa);
    assert_eq!(x25519::public_key(&b), pb);
    assert_eq!(x25519::x25519(&a, &x25519::BASEPOINT), pa);
    let s = h32(d["shared_secret"].as_str().unwrap());
    assert_eq!(x25519::shared_secret(&a, &pb).unwrap(), s);
    assert_eq!(x25519::shared_secret(&b, &pa).unwrap(), s);
}

/// Low-order `u` values (0, 1, the order-8 points' coordinates, and p, p + 1 as non-canonical
/// zero and one) give the all-zero secret, which `shared_secret` rejects.
#[test]
fn low_order_peers() {
    let mut p = [0xffu8; 32];
    p[0] = 0xed;
    p[31] = 0x7f;
    let mut p1 = p;
    p1[0] = 0xee;
    let low = [
        [0u8; 32],
        {
            let mut b = [0u8; 32];
            b[0] = 1;
            b
        },
        h32("e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800"),
        h32("5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157"),
        p,
        p1,
    ];
    let k = [0x42u8; 32];
    for u in low {
        assert_eq!(x25519::x25519(&k, &u), [0u8; 32]);
        assert!(x25519::shared_secret(&k, &u).is_err());
    }
}

#[test]
fn differential_dalek() {
    let mut rng = ChaCha20Rng::seed_from_u64(7748);
    for i in 0..500 {
        let k: [u8; 32] = rng.gen();
        let mut u: [u8; 32] = rng.gen();
        if i % 10 == 0 {
            // A non-canonical u in [p, 2^255) or with the top bit set.
            u[1..].fill(0xff);
        }
        assert_eq!(x25519::x25519(&k, &u), x25519_dalek::x25519(k, u), "round {i}");
        let theirs = x25519_dalek::PublicKey::from(&x25519_dalek::StaticSecret::from(k));
        assert_eq!(x25519::public_key(&k), *theirs.as_bytes(), "round {i}");
    }
}
