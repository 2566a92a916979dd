//! ECDSA on secp256k1 and P-256: RFC 6979 appendix A.2.5, the go-ethereum `ecRecover` and
//! `p256Verify` precompile vectors (run through the API), and differential tests against
//! `k256`, `p256` and libsecp256k1 (the `secp256k1` crate) on random keys and digests —
//! signatures byte for byte, verification and recovery on valid and corrupted inputs.

use isochron::curves::{p256::P256, secp256k1::Secp256k1};
use isochron::protocols::ecdsa::{MessageHash, RecoveryId, Signature, SigningKey, VerifyingKey};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use sha3::Digest;

fn unhex(s: &str) -> Vec<u8> {
    hex::decode(s).unwrap()
}

/// RFC 6979 A.2.5: P-256 with SHA-256, messages "sample" and "test".
#[test]
fn rfc6979_a25_p256() {
    let sk = SigningKey::<P256>::from_bytes(&unhex("C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721"))
        .unwrap();
    let pk = sk.verifying_key().to_sec1_uncompressed();
    assert_eq!(
        pk[1..].to_vec(),
        unhex(concat!(
            "60FED4BA255A9D31C961EB74C6356D68C049B8923B61FA6CE669622E60F29FB6",
            "7903FE1008B8BC99A41AE9E95628BC64F2F1B20C2D7E9F5177A3C294D4462299"
        ))
    );
    let cases = [
        (
            &b"sample"[..],
            "EFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716",
            "F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8",
        ),
        (
            &b"test"[..],
            "F1ABB023518351CD71D881567B1EA663ED3EFCF6C5132B354F28D3B0B7D38367",
            "019F4113742A2B14BD25926B49C649155F267E60D3814B4C0CC84250E46F0083",
        ),
    ];
    for (msg, r, s) in cases {
        let (sig, _) = sk.sign_message(msg, MessageHash::Sha256).unwrap();
        assert_eq!(sig.to_bytes().to_vec(), [unhex(r), unhex(s)].concat());
        assert!(sk.verifying_key().verify_message(msg, MessageHash::Sha256, &sig));
    }
}

struct Case {
    input: String,
    expected: String,
    name: String,
}

fn cases(file: &str) -> Vec<Case> {
    let path = format!("{}/tests/vectors/evm/{file}", env!("CARGO_MANIFEST_DIR"));
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let field = |c: &serde_json::Value, k: &str| c[k].as_str().unwrap().to_string();
    v.as_array()
        .unwrap()
        .iter()
        .map(|c| Case { input: field(c, "Input"), expected: field(c, "Expected"), name: field(c, "Name") })
        .collect()
}

/// The ecrecover precompile's rules over the API: 128 bytes (shorter input zero-padded),
/// `v ∈ {27, 28}` as a 32-byte word, `r, s ∈ [1, n)`; the address is the last 20 bytes of
/// Keccak-256 of the uncompressed key without its prefix, left-padded to 32 bytes.
fn ecrecover(input: &[u8]) -> Vec<u8> {
    let mut buf = [0u8; 128];
    let n = input.len().min(128);
    buf[..n].copy_from_slice(&input[..n]);
    if buf[32..63] != [0u8; 31] || !(buf[63] == 27 || buf[63] == 28) {
        return Vec::new();
    }
    let Ok(sig) = Signature::<Secp256k1>::from_bytes(&buf[64..128]) else {
        return Vec::new();
    };
    let id = RecoveryId::new(buf[63] - 27).unwrap();
    let Ok(key) = VerifyingKey::<Secp256k1>::recover_prehash(&buf[..32], &sig, id) else {
        return Vec::new();
    };
    let hash = sha3::Keccak256::digest(&key.to_sec1_uncompressed()[1..]);
    let mut out = vec![0u8; 12];
    out.extend_from_slice(&hash[12..]);
    out
}

#[test]
fn evm_ecrecover_vectors() {
    let all = cases("ecRecover.json");
    assert!(!all.is_empty());
    for c in &all {
        assert_eq!(hex::encode(ecrecover(&unhex(&c.input))), c.expected, "{}", c.name);
    }
}

/// EIP-7951's P256VERIFY over the API: exactly 160 bytes `h ‖ r ‖ s ‖ qx ‖ qy`, `r, s ∈ [1, n)`,
/// `Q` on the curve and not the identity; 32-byte one on success, empty otherwise.
fn p256verify(input: &[u8]) -> Vec<u8> {
    if input.len() != 160 {
        return Vec::new();
    }
    let Ok(sig) = Signature::<P256>::from_bytes(&input[32..96]) else {
        return Vec::new();
    };
    let mut sec1 = [0u8; 65];
    sec1[0] = 4;
    sec1[1..].copy_from_slice(&input[96..160]);
    let Ok(key) = VerifyingKey::<P256>::from_sec1_bytes(&sec1) else {
        return Vec::new();
    };
    if key.verify_prehash(&input[..32], &sig) {
        let mut one = vec![0u8; 32];
        one[31] = 1;
        one
    } else {
        Vec::new()
    }
}

#[test]
fn evm_p256verify_vectors() {
    let all = cases("p256Verify.json");
    assert!(all.len() > 700);
    for c in &all {
        assert_eq!(hex::encode(p256verify(&unhex(&c.input))), c.expected, "{}", c.name);
    }
}

fn corrupt(rng: &mut ChaCha20Rng, bytes: &mut [u8]) {
    let i = rng.gen_range(0..bytes.len());
    bytes[i] ^= 1 << rng.gen_range(0..8);
}

#[test]
fn secp256k1_against_k256_and_libsecp256k1() {
    use k256::ecdsa as kecdsa;
    let secp = secp256k1::Secp256k1::new();
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    for i in 0..200 {
        let ours = SigningKey::<Secp256k1>::random(&mut rng);
        let sk = ours.to_bytes();
        let mut digest = [0u8; 32];
        rng.fill_bytes(&mut digest);
        // Signatures byte for byte (RFC 6979, low s), recovery ids too.
        let (sig, id) = ours.sign_prehash(&digest).unwrap();
        let theirs = kecdsa::SigningKey::from_slice(&*sk).unwrap();
        let (ksig, kid) = theirs.sign_prehash_recoverable(&digest);
        assert_eq!(sig.to_bytes().to_vec(), ksig.to_bytes().to_vec());
        assert_eq!(id.to_u8(), kid.to_byte());
        assert_eq!(sig.to_der(), ksig.to_der().as_bytes().to_vec());
        let lsk = secp256k1::SecretKey::from_byte_array(*sk).unwrap();
        let msg = secp256k1::Message::from_digest(digest);
        let lsig = secp.sign_ecdsa_recoverable(msg, &lsk);
        let (lid, lbytes) = lsig.serialize_compact();
        assert_eq!(sig.to_bytes(), lbytes);
        assert_eq!(i32::from(id.to_u8()), i32::from(lid));
        // Public keys.
        let pk = ours.verifying_key();
        let kpk = theirs.verifying_key();
        assert_eq!(pk.to_sec1_compressed().to_vec(), kpk.to_sec1_bytes().to_vec());
        // Verification and recovery agree, on the signature and on corruptions of it.
        assert!(pk.verify_prehash(&digest, &sig));
        assert!(pk.verify_prehash_low_s(&digest, &sig));
        let (high, _) = (Signature::<Secp256k1>::from_scalars(*sig.r(), -*sig.s()).unwrap(), ());
        assert!(pk.verify_prehash(&digest, &high) && !pk.verify_prehash_low_s(&digest, &high));
        let rec = VerifyingKey::<Secp256k1>::recover_prehash(&digest, &sig, id).unwrap();
        assert_eq!(&rec, pk);
        let mut bad = sig.to_bytes();
        corrupt(&mut rng, &mut bad);
        let mut bad_digest = digest;
        if i % 2 == 0 {
            corrupt(&mut rng, &mut bad_digest);
        }
        let ok_ours = Signature::<Secp256k1>::from_bytes(&bad).map(|s| pk.verify_prehash(&bad_digest, &s));
        let ok_theirs = kecdsa::Signature::from_slice(&bad).map(|s| {
            use k256::ecdsa::signature::hazmat::PrehashVerifier;
            kpk.verify_prehash(&bad_digest, &s).is_ok()
        });
        assert_eq!(ok_ours.ok(), ok_theirs.ok(), "case {i}");
        for v in 0..4u8 {
            let ours = Signature::<Secp256k1>::from_bytes(&bad)
                .ok()
                .and_then(|s| {
                    VerifyingKey::<Secp256k1>::recover_prehash(&bad_digest, &s, RecoveryId::new(v).unwrap()).ok()
                })
                .map(|k| k.to_sec1_compressed().to_vec());
            let theirs = kecdsa::Signature::from_slice(&bad)
                .ok()
                .and_then(|s| {
                    kecdsa::VerifyingKey::recover_from_prehash(
                        &bad_digest,
                        &s,
                        kecdsa::RecoveryId::from_byte(v).unwrap(),
                    )
                    .ok()
                })
                .map(|k| k.to_sec1_bytes().to_vec());
            assert_eq!(ours, theirs, "case {i}, v = {v}");
        }
    }
}

#[test]
fn p256_against_p256_crate() {
    use p256::ecdsa as pecdsa;
    use p256::ecdsa::signature::hazmat::{PrehashSigner, PrehashVerifier};
    let mut rng = ChaCha20Rng::seed_from_u64(2);
    for i in 0..200 {
        let ours = SigningKey::<P256>::random(&mut rng);
        let sk = ours.to_bytes();
        let mut digest = [0u8; 32];
        rng.fill_bytes(&mut digest);
        let (sig, _) = ours.sign_prehash(&digest).unwrap();
        let theirs = pecdsa::SigningKey::from_slice(&*sk).unwrap();
        let psig: pecdsa::Signature = theirs.sign_prehash(&digest).unwrap();
        assert_eq!(sig.to_bytes().to_vec(), psig.to_bytes().to_vec(), "case {i}");
        let pk = ours.verifying_key();
        let ppk = theirs.verifying_key();
        assert_eq!(pk.to_sec1_uncompressed().to_vec(), ppk.to_sec1_point(false).as_bytes().to_vec());
        assert!(pk.verify_prehash(&digest, &sig));
        let mut bad = sig.to_bytes();
        corrupt(&mut rng, &mut bad);
        let ok_ours = Signature::<P256>::from_bytes(&bad).map(|s| pk.verify_prehash(&digest, &s));
        let ok_theirs = pecdsa::Signature::from_slice(&bad).map(|s| ppk.verify_prehash(&digest, &s).is_ok());
        assert_eq!(ok_ours.ok(), ok_theirs.ok(), "case {i}");
    }
}

/// Extra entropy gives a different valid signature; keys and signatures reject bad encodings.
#[test]
fn entropy_and_rejections() {
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    let sk = SigningKey::<Secp256k1>::random(&mut rng);
    let digest = MessageHash::Keccak256.digest(b"hello");
    let (a, _) = sk.sign_prehash(&digest).unwrap();
    let (b, id) = sk.sign_prehash_with_entropy(&digest, &[7u8; 32]).unwrap();
    assert_ne!(a, b);
    assert!(sk.verifying_key().verify_prehash(&digest, &b));
    assert_eq!(VerifyingKey::recover_prehash(&digest, &b, id).unwrap(), *sk.verifying_key());
    assert!(SigningKey::<Secp256k1>::from_bytes(&[0u8; 32]).is_err());
    assert!(SigningKey::<Secp256k1>::from_bytes(&[0xffu8; 32]).is_err());
    assert!(SigningKey::<Secp256k1>::from_bytes(&[1u8; 31]).is_err());
    assert!(Signature::<Secp256k1>::from_bytes(&[0u8; 64]).is_err());
    assert!(Signature::<Secp256k1>::from_bytes(&[0xffu8; 64]).is_err());
    assert!(Signature::<Secp256k1>::from_der(&a.to_der()[1..]).is_err());
    assert_eq!(Signature::<Secp256k1>::from_der(&a.to_der()).unwrap(), a);
}
