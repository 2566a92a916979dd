//! BIP-340 Schnorr signatures: the 19 official vectors (bitcoin/bips `test-vectors.csv`),
//! differential tests against `k256`'s `schnorr` on random keys, messages and auxiliary
//! randomness (signatures byte for byte, verification of corrupted signatures), and batch
//! verification.

use isochron::curves::secp256k1::Secp256k1;
use isochron::protocols::bip340::{verify_batch, SigningKey, VerifyingKey};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;

type Sk = SigningKey<Secp256k1>;
type Pk = VerifyingKey<Secp256k1>;

fn unhex(s: &str) -> Vec<u8> {
    hex::decode(s).unwrap()
}

#[test]
fn official_vectors() {
    let path = format!("{}/tests/vectors/secp256k1/bip340/test-vectors.csv", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let mut ran = 0;
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let (index, sk, pk, aux, msg, sig, valid) = (f[0], f[1], f[2], f[3], unhex(f[4]), unhex(f[5]), f[6] == "TRUE");
        if !sk.is_empty() {
            let key = Sk::from_bytes(&unhex(sk)).unwrap();
            assert_eq!(key.verifying_key().to_bytes().to_vec(), unhex(pk), "case {index}");
            let aux: [u8; 32] = unhex(aux).try_into().unwrap();
            assert_eq!(key.sign(&msg, &aux).to_vec(), sig, "case {index}");
        }
        let got = match Pk::from_bytes(&unhex(pk)) {
            Ok(key) => key.verify(&msg, &sig),
            Err(_) => false,
        };
        assert_eq!(got, valid, "case {index}");
        ran += 1;
    }
    assert_eq!(ran, 19);
}

#[test]
fn against_k256() {
    let mut rng = ChaCha20Rng::seed_from_u64(5);
    for i in 0..200 {
        let mut sk = [0u8; 32];
        rng.fill_bytes(&mut sk);
        let Ok(ours) = Sk::from_bytes(&sk) else { continue };
        let theirs = k256::schnorr::SigningKey::from_slice(&sk).unwrap();
        assert_eq!(ours.verifying_key().to_bytes().to_vec(), theirs.verifying_key().to_bytes().to_vec());
        let msg: Vec<u8> = (0..rng.gen_range(0..100)).map(|_| rng.gen()).collect();
        let mut aux = [0u8; 32];
        rng.fill_bytes(&mut aux);
        let sig = ours.sign(&msg, &aux);
        assert_eq!(sig.to_vec(), theirs.sign_raw(&msg, &aux).unwrap().to_bytes().to_vec(), "case {i}");
        let pk = ours.verifying_key();
        assert!(pk.verify(&msg, &sig));
        let mut bad = sig;
        let j = rng.gen_range(0..64);
        bad[j] ^= 1 << rng.gen_range(0..8);
        let theirs_ok = k256::schnorr::Signature::try_from(&bad[..])
            .map(|s| theirs.verifying_key().verify_raw(&msg, &s).is_ok())
            .unwrap_or(false);
        assert_eq!(pk.verify(&msg, &bad), theirs_ok, "case {i}");
    }
}

#[test]
fn batch_verification() {
    let mut rng = ChaCha20Rng::seed_from_u64(6);
    let keys: Vec<Sk> = (0..16).map(|i| Sk::from_bytes(&[i as u8 + 1; 32]).unwrap()).collect();
    let msgs: Vec<Vec<u8>> = (0..16).map(|i| vec![i as u8; i]).collect();
    let mut sigs: Vec<[u8; 64]> = keys.iter().zip(&msgs).map(|(k, m)| k.sign(m, &[9; 32])).collect();
    let items = |sigs: &[[u8; 64]]| -> Vec<(Pk, Vec<u8>, [u8; 64])> {
        keys.iter().zip(&msgs).zip(sigs).map(|((k, m), s)| (*k.verifying_key(), m.clone(), *s)).collect()
    };
    let check = |v: &[(Pk, Vec<u8>, [u8; 64])], rng: &mut ChaCha20Rng| {
        let refs: Vec<(&Pk, &[u8], &[u8])> = v.iter().map(|(k, m, s)| (k, &m[..], &s[..])).collect();
        verify_batch(&refs, rng)
    };
    assert!(check(&items(&sigs), &mut rng));
    assert!(check(&[], &mut rng));
    for j in [0usize, 7, 15] {
        let saved = sigs[j];
        sigs[j][40] ^= 4;
        assert!(!check(&items(&sigs), &mut rng));
        sigs[j] = saved;
        sigs[j][3] ^= 1;
        assert!(!check(&items(&sigs), &mut rng));
        sigs[j] = saved;
    }
    // A signature valid for another message.
    let mut v = items(&sigs);
    v[3].1.push(0);
    assert!(!check(&v, &mut rng));
    // A batch large enough for Pippenger (161 points), valid, then with one bad signature.
    let mut big: Vec<(Pk, Vec<u8>, [u8; 64])> = (0..80u8)
        .map(|i| {
            let k = Sk::from_bytes(&[i.wrapping_mul(3).wrapping_add(1); 32]).unwrap();
            let m = vec![i; 32];
            let s = k.sign(&m, &[i; 32]);
            (*k.verifying_key(), m, s)
        })
        .collect();
    assert!(check(&big, &mut rng));
    big[57].2[63] ^= 0x10;
    assert!(!check(&big, &mut rng));
}
