//! Ed25519 (RFC 8032): the RFC's vectors (Ed25519, Ed25519ctx, Ed25519ph), the 1,024 lines of
//! the original `sign.input`, the 12 ed25519-speccheck edge cases with the verdict each
//! verification mode must give, differential tests against `ed25519-dalek` (signatures byte
//! for byte; verification of valid and corrupted signatures, mode by mode), and batch
//! verification. With the feature `fiat` every test here runs on fiat-crypto's field.

use ed25519_dalek::{Signer, Verifier};
use isochron::protocols::ed25519::{self, Mode, SigningKey, Variant};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;

fn unhex(s: &str) -> Vec<u8> {
    hex::decode(s).unwrap()
}

fn arr<const N: usize>(v: &[u8]) -> [u8; N] {
    v.try_into().unwrap()
}

fn vectors(rel: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/vectors/{rel}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn rfc8032_vectors() {
    let v: serde_json::Value = serde_json::from_str(&vectors("ed25519/rfc8032_ed25519.json")).unwrap();
    let cases = v["vectors"].as_array().unwrap();
    assert_eq!(cases.len(), 10);
    for c in cases {
        let name = c["name"].as_str().unwrap();
        let sk = SigningKey::from_seed(&arr(&unhex(c["secret_key"].as_str().unwrap())));
        let pk: [u8; 32] = arr(&unhex(c["public_key"].as_str().unwrap()));
        let msg = unhex(c["message"].as_str().unwrap());
        let sig: [u8; 64] = arr(&unhex(c["signature"].as_str().unwrap()));
        let ctx = c.get("context").and_then(|x| x.as_str()).map(unhex).unwrap_or_default();
        let variant = match c["algorithm"].as_str().unwrap() {
            "Ed25519" => Variant::Pure,
            "Ed25519ctx" => Variant::Ctx(&ctx),
            "Ed25519ph" => Variant::Ph(&ctx),
            a => panic!("unknown algorithm {a}"),
        };
        assert_eq!(sk.public_key(), pk, "{name}");
        assert_eq!(sk.sign_with(&msg, variant).unwrap(), sig, "{name}");
        for mode in [Mode::Rfc8032, Mode::Strict, Mode::Zip215] {
            assert!(ed25519::verify_with(&pk, &msg, &sig, variant, mode), "{name} {mode:?}");
            let mut bad = sig;
            bad[5] ^= 1;
            assert!(!ed25519::verify_with(&pk, &msg, &bad, variant, mode), "{name} {mode:?}");
        }
        if variant == Variant::Pure {
            assert_eq!(sk.sign(&msg), sig);
            assert!(ed25519::verify(&pk, &msg, &sig));
        } else {
            // The domain separation is in force: the other variants reject it.
            assert!(!ed25519::verify(&pk, &msg, &sig), "{name}");
        }
    }
}

#[test]
fn sign_input() {
    let text = vectors("ed25519/sign.input");
    let mut n = 0;
    for line in text.lines() {
        let f: Vec<&str> = line.split(':').collect();
        let sk_pk = unhex(f[0]);
        let pk: [u8; 32] = arr(&unhex(f[1]));
        let msg = unhex(f[2]);
        let sig_msg = unhex(f[3]);
        let key = SigningKey::from_seed(&arr(&sk_pk[..32]));
        assert_eq!(key.public_key(), pk, "line {n}");
        let sig = key.sign(&msg);
        assert_eq!(sig.to_vec(), sig_msg[..64].to_vec(), "line {n}");
        assert!(ed25519::verify(&pk, &msg, &sig));
        assert!(ed25519::verify_strict(&pk, &msg, &sig));
        assert!(ed25519::verify_zip215(&pk, &msg, &sig));
        n += 1;
    }
    assert_eq!(n, 1024);
}

/// The ed25519-speccheck cases (novifinancial/ed25519-speccheck; the intent of each in
/// `vectors/ed25519/speccheck` and the shared vectors' README) and the verdict of each mode:
/// RFC 8032 accepts the canonical cofactorless-valid cases 0–3; strict additionally rejects
/// the small-order keys and nonces of 0–2; ZIP 215 (cofactored, non-canonical encodings hashed
/// as given) accepts 0–5, the non-canonical `R` of case 9 whose hash was taken over the bytes
/// as sent (not case 8's, hashed over the reduced encoding), and cases 10 and 11, whose
/// small-order `A` drops out of the cofactored equation whatever the hash; everyone rejects
/// `S ≥ ℓ` (6, 7).
#[test]
fn speccheck() {
    let v: serde_json::Value = serde_json::from_str(&vectors("ed25519/speccheck/cases.json")).unwrap();
    let cases = v.as_array().unwrap();
    assert_eq!(cases.len(), 12);
    // ed25519-zebra (ZIP 215's reference) agrees with the ZIP 215 column.
    for (i, c) in cases.iter().enumerate() {
        let pk: [u8; 32] = arr(&unhex(c["pub_key"].as_str().unwrap()));
        let sig: [u8; 64] = arr(&unhex(c["signature"].as_str().unwrap()));
        let msg = unhex(c["message"].as_str().unwrap());
        let zebra = ed25519_zebra::VerificationKey::try_from(pk)
            .is_ok_and(|k| k.verify(&ed25519_zebra::Signature::from(sig), &msg).is_ok());
        assert_eq!(zebra, i <= 5 || i >= 9, "zebra, case {i}");
    }
    let expect = |mode: Mode, i: usize| match mode {
        Mode::Rfc8032 => i <= 3,
        Mode::Strict => i == 3,
        Mode::Zip215 => i <= 5 || i >= 9,
    };
    for (i, c) in cases.iter().enumerate() {
        let msg = unhex(c["message"].as_str().unwrap());
        let pk: [u8; 32] = arr(&unhex(c["pub_key"].as_str().unwrap()));
        let sig: [u8; 64] = arr(&unhex(c["signature"].as_str().unwrap()));
        for mode in [Mode::Rfc8032, Mode::Strict, Mode::Zip215] {
            assert_eq!(
                ed25519::verify_with(&pk, &msg, &sig, Variant::Pure, mode),
                expect(mode, i),
                "case {i} {mode:?}"
            );
        }
        // Batch verification follows ZIP 215.
        let mut rng = ChaCha20Rng::seed_from_u64(i as u64);
        assert_eq!(ed25519::batch_verify(&[(&pk, &msg, &sig)], &mut rng), expect(Mode::Zip215, i), "batch case {i}");
    }
}

/// Random keys and messages: public keys and signatures identical to ed25519-dalek's, and
/// verification agreeing mode by mode (RFC 8032 with ed25519-dalek's `verify`, strict with its
/// `verify_strict`, ZIP 215 with ed25519-zebra, the ZIP's reference) on valid signatures and on
/// signatures, keys and messages with a random bit changed.
#[test]
fn differential_dalek() {
    let mut rng = ChaCha20Rng::seed_from_u64(25519);
    for round in 0..300 {
        let seed: [u8; 32] = rng.gen();
        let msg: Vec<u8> = (0..rng.gen_range(0..200)).map(|_| rng.gen()).collect();
        let ours = SigningKey::from_seed(&seed);
        let theirs = ed25519_dalek::SigningKey::from_bytes(&seed);
        let pk = theirs.verifying_key().to_bytes();
        assert_eq!(ours.public_key(), pk);
        let sig = ours.sign(&msg);
        assert_eq!(sig, theirs.sign(&msg).to_bytes(), "round {round}");
        let (mut pk2, mut msg2, mut sig2) = (pk, msg.clone(), sig);
        match round % 4 {
            0 => {}
            1 => sig2[rng.gen_range(0..64)] ^= 1 << rng.gen_range(0..8),
            2 => pk2[rng.gen_range(0..32)] ^= 1 << rng.gen_range(0..8),
            _ => msg2.push(rng.gen()),
        }
        let dalek_pk = ed25519_dalek::VerifyingKey::from_bytes(&pk2);
        let dalek_sig = ed25519_dalek::Signature::from_bytes(&sig2);
        let dalek = dalek_pk.as_ref().map(|k| k.verify(&msg2, &dalek_sig).is_ok()).unwrap_or(false);
        let dalek_strict = dalek_pk.as_ref().map(|k| k.verify_strict(&msg2, &dalek_sig).is_ok()).unwrap_or(false);
        assert_eq!(ed25519::verify(&pk2, &msg2, &sig2), dalek, "round {round}");
        assert_eq!(ed25519::verify_strict(&pk2, &msg2, &sig2), dalek_strict, "round {round}");
        let zebra = ed25519_zebra::VerificationKey::try_from(pk2)
            .is_ok_and(|k| k.verify(&ed25519_zebra::Signature::from(sig2), &msg2).is_ok());
        assert_eq!(ed25519::verify_zip215(&pk2, &msg2, &sig2), zebra, "round {round}");
    }
}

/// Ed25519ctx and Ed25519ph against ed25519-dalek's prehashed and context signing.
#[test]
fn variants_against_dalek() {
    use sha2::{Digest, Sha512};
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    for _ in 0..20 {
        let seed: [u8; 32] = rng.gen();
        let msg: Vec<u8> = (0..rng.gen_range(0..100)).map(|_| rng.gen()).collect();
        let ctx: Vec<u8> = (0..rng.gen_range(0..40)).map(|_| rng.gen()).collect();
        let theirs = ed25519_dalek::SigningKey::from_bytes(&seed);
        let ours = SigningKey::from_seed(&seed);
        let want = theirs.sign_prehashed(Sha512::new().chain_update(&msg), Some(&ctx)).unwrap().to_bytes();
        assert_eq!(ours.sign_with(&msg, Variant::Ph(&ctx)).unwrap(), want);
        assert!(ed25519::verify_with(&ours.public_key(), &msg, &want, Variant::Ph(&ctx), Mode::Strict));
    }
    let key = SigningKey::from_seed(&[7; 32]);
    let long = [0u8; 256];
    assert!(key.sign_with(b"m", Variant::Ctx(&long)).is_err());
    assert!(key.sign_with(b"m", Variant::Ctx(&long[..255])).is_ok());
}

#[test]
fn batch_verification() {
    let mut rng = ChaCha20Rng::seed_from_u64(64);
    for n in [0usize, 1, 2, 16, 70, 200] {
        let keys: Vec<SigningKey> = (0..n).map(|_| SigningKey::generate(&mut rng)).collect();
        let pks: Vec<[u8; 32]> = keys.iter().map(SigningKey::public_key).collect();
        let msgs: Vec<Vec<u8>> = (0..n).map(|i| vec![i as u8; i % 50]).collect();
        let mut sigs: Vec<[u8; 64]> = keys.iter().zip(&msgs).map(|(k, m)| k.sign(m)).collect();
        let items = |sigs: &[[u8; 64]]| -> Vec<([u8; 32], Vec<u8>, [u8; 64])> {
            pks.iter().zip(&msgs).zip(sigs).map(|((p, m), s)| (*p, m.clone(), *s)).collect()
        };
        let check = |it: &[([u8; 32], Vec<u8>, [u8; 64])], rng: &mut ChaCha20Rng| {
            let refs: Vec<(&[u8; 32], &[u8], &[u8; 64])> = it.iter().map(|(p, m, s)| (p, m.as_slice(), s)).collect();
            ed25519::batch_verify(&refs, rng)
        };
        assert!(check(&items(&sigs), &mut rng), "n = {n}");
        if n > 0 {
            let i = rng.gen_range(0..n);
            sigs[i][rng.gen_range(0..32)] ^= 4;
            assert!(!check(&items(&sigs), &mut rng), "n = {n}");
        }
    }
}

#[test]
fn random_keys_round_trip() {
    let mut rng = ChaCha20Rng::seed_from_u64(9);
    let mut msg = [0u8; 33];
    rng.fill_bytes(&mut msg);
    let key = SigningKey::generate(&mut rng);
    let sig = key.sign(&msg);
    assert!(ed25519::verify(&key.public_key(), &msg, &sig));
    assert_eq!(ed25519::public_key(key.seed()), key.public_key());
}
