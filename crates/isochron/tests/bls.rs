//! BLS signatures: the Ethereum conformance vectors (ethereum/bls12-381-tests, see
//! `vectors/SOURCES.md`), differential tests against blst (min_pk and min_sig, every scheme),
//! and property tests. Every vector suite asserts that it ran cases.

use std::path::{Path, PathBuf};

use isochron::bls::{
    self, eth, Basic, Ciphersuite, MessageAugmentation, MinPk, MinSig, ProofOfPossession, SecretKey, SignatureSet,
    Variant,
};
use isochron::curve::PointEncoding;
use isochron::Error;
use proptest::prelude::*;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use serde_json::Value;

const V012: &str = "bls/bls12-381-tests-v0.1.2";
const UNRELEASED: &str = "bls/bls12-381-tests-master-006855c-unreleased";

fn vector_dir(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors").join(rel)
}

/// Every JSON file in the folder (relative to `tests/vectors`), sorted by name.
fn cases(dir: &str) -> Vec<(String, Value)> {
    let mut files: Vec<_> = std::fs::read_dir(vector_dir(dir)).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    files
        .into_iter()
        .map(|f| {
            let v: Value = serde_json::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap();
            (f.file_name().unwrap().to_string_lossy().into_owned(), v)
        })
        .collect()
}

fn unhex(v: &Value) -> Vec<u8> {
    hex::decode(v.as_str().unwrap().trim_start_matches("0x")).unwrap()
}

fn unhex_list(v: &Value) -> Vec<Vec<u8>> {
    v.as_array().unwrap().iter().map(unhex).collect()
}

/// Decodes keys; `None` if any is invalid (the vectors then expect `false`).
fn pks(v: &Value) -> Option<Vec<eth::PublicKey>> {
    unhex_list(v).iter().map(|b| eth::PublicKey::from_bytes(b).ok()).collect()
}

#[test]
fn vectors_sign() {
    let mut ran = 0;
    for (name, case) in cases(&format!("{V012}/sign")) {
        let sk = SecretKey::from_bytes(&unhex(&case["input"]["privkey"]));
        let msg = unhex(&case["input"]["message"]);
        if case["output"].is_null() {
            assert_eq!(sk.err(), Some(Error::Zero), "{name}");
        } else {
            let sk = sk.unwrap();
            let sig = eth::sign(&sk, &msg);
            assert_eq!(sig.to_bytes().to_vec(), unhex(&case["output"]), "{name}");
            assert!(eth::verify(&sk.public_key(), &msg, &sig), "{name}");
        }
        ran += 1;
    }
    assert_eq!(ran, 10);
}

#[test]
fn vectors_verify() {
    let mut ran = 0;
    for (name, case) in cases(&format!("{V012}/verify")) {
        let i = &case["input"];
        let pk = eth::PublicKey::from_bytes(&unhex(&i["pubkey"]));
        let sig = eth::Signature::from_bytes(&unhex(&i["signature"]));
        let got = match (pk, sig) {
            (Ok(pk), Ok(sig)) => eth::verify(&pk, &unhex(&i["message"]), &sig),
            _ => false,
        };
        assert_eq!(got, case["output"].as_bool().unwrap(), "{name}");
        ran += 1;
    }
    assert_eq!(ran, 29);
}

#[test]
fn vectors_aggregate() {
    let mut ran = 0;
    for (name, case) in cases(&format!("{V012}/aggregate")) {
        let sigs: Vec<eth::Signature> =
            unhex_list(&case["input"]).iter().map(|b| eth::Signature::from_bytes(b).unwrap()).collect();
        let got = eth::aggregate(&sigs);
        if case["output"].is_null() {
            assert_eq!(got, Err(Error::Empty), "{name}");
        } else {
            assert_eq!(got.unwrap().to_bytes().to_vec(), unhex(&case["output"]), "{name}");
            let raw = unhex_list(&case["input"]);
            assert_eq!(eth::Signature::aggregate_bytes(&raw).unwrap(), got.unwrap(), "{name}");
        }
        ran += 1;
    }
    assert_eq!(ran, 6);
}

#[test]
fn vectors_aggregate_verify() {
    let mut ran = 0;
    for (name, case) in cases(&format!("{V012}/aggregate_verify")) {
        let i = &case["input"];
        let msgs = unhex_list(&i["messages"]);
        let msgs: Vec<&[u8]> = msgs.iter().map(Vec::as_slice).collect();
        let got = match (pks(&i["pubkeys"]), eth::Signature::from_bytes(&unhex(&i["signature"]))) {
            (Some(pks), Ok(sig)) => eth::aggregate_verify(&pks, &msgs, &sig),
            _ => false,
        };
        assert_eq!(got, case["output"].as_bool().unwrap(), "{name}");
        ran += 1;
    }
    assert_eq!(ran, 5);
}

#[test]
fn vectors_fast_aggregate_verify() {
    let mut ran = 0;
    for (name, case) in cases(&format!("{V012}/fast_aggregate_verify")) {
        let i = &case["input"];
        let msg = unhex(&i["message"]);
        let got = match (pks(&i["pubkeys"]), eth::Signature::from_bytes(&unhex(&i["signature"]))) {
            (Some(pks), Ok(sig)) => {
                // Altair's variant differs only for no keys with the identity signature.
                let altair = eth::eth_fast_aggregate_verify(&pks, &msg, &sig);
                let fav = eth::fast_aggregate_verify(&pks, &msg, &sig);
                assert_eq!(altair, fav || (pks.is_empty() && sig.is_identity()), "{name}");
                fav
            }
            _ => false,
        };
        assert_eq!(got, case["output"].as_bool().unwrap(), "{name}");
        ran += 1;
    }
    assert_eq!(ran, 12);
}

#[test]
fn vectors_batch_verify() {
    let mut ran = 0;
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    for (name, case) in cases(&format!("{V012}/batch_verify")) {
        let i = &case["input"];
        let msgs = unhex_list(&i["messages"]);
        let sigs: Option<Vec<eth::Signature>> =
            unhex_list(&i["signatures"]).iter().map(|b| eth::Signature::from_bytes(b).ok()).collect();
        let want = case["output"].as_bool().unwrap();
        let got = match (pks(&i["pubkeys"]), sigs) {
            (Some(pks), Some(sigs)) => {
                let sets: Vec<SignatureSet<'_, MinPk>> = pks
                    .iter()
                    .zip(&msgs)
                    .zip(&sigs)
                    .map(|((pk, m), s)| SignatureSet { public_key: pk, message: m, signature: s })
                    .collect();
                let serial = eth::batch_verify_with_rng(&sets, &mut rng);
                assert_eq!(eth::batch_verify(&sets), serial, "{name}");
                #[cfg(feature = "parallel")]
                assert_eq!(eth::batch_verify_parallel(&sets), serial, "{name}");
                serial
            }
            _ => false,
        };
        assert_eq!(got, want, "{name}");
        ran += 1;
    }
    assert_eq!(ran, 4);
}

/// `hash_to_G2` with the RFC 9380 test DST, through the signature variant's `hash_to_point`.
#[test]
fn vectors_hash_to_g2() {
    let mut ran = 0;
    for (name, case) in cases(&format!("{V012}/hash_to_G2")) {
        let msg = case["input"]["msg"].as_str().unwrap().as_bytes();
        let p = MinPk::hash_to_point(msg, b"QUUX-V01-CS02-with-BLS12381G2_XMD:SHA-256_SSWU_RO_").to_affine();
        let coord = |s: &str| -> Vec<u8> {
            // "0x<c0>,0x<c1>" → ZCash order c1 ‖ c0.
            let parts: Vec<Vec<u8>> = s.split(',').map(|h| hex::decode(h.trim_start_matches("0x")).unwrap()).collect();
            [parts[1].clone(), parts[0].clone()].concat()
        };
        let want =
            [coord(case["output"]["x"].as_str().unwrap()), coord(case["output"]["y"].as_str().unwrap())].concat();
        let got = p.to_uncompressed();
        assert_eq!(got.to_vec(), want, "{name}");
        ran += 1;
    }
    assert_eq!(ran, 4);
}

/// `deserialization_G1`/`G2`, including the unreleased mask-bit cases: `output` says whether
/// the point decodes; a public key must in addition not be the identity (KeyValidate).
#[test]
fn vectors_deserialization() {
    let mut ran = 0;
    for dir in [V012, UNRELEASED] {
        for (name, case) in cases(&format!("{dir}/deserialization_G1")) {
            let bytes = unhex(&case["input"]["pubkey"]);
            let want = case["output"].as_bool().unwrap();
            let point = isochron::curves::bls12_381::G1Affine::from_compressed(&bytes);
            assert_eq!(point.is_ok(), want, "G1 {name}");
            let pk = eth::PublicKey::from_bytes(&bytes);
            let is_inf = point.map(|p| bool::from(p.is_identity())).unwrap_or(false);
            assert_eq!(pk.is_ok(), want && !is_inf, "G1 {name}");
            if is_inf {
                assert_eq!(pk, Err(Error::Identity), "{name}");
            }
            if let Ok(pk) = pk {
                assert_eq!(pk.to_bytes().to_vec(), bytes, "{name}");
                assert_eq!(eth::PublicKey::from_bytes_unchecked(&bytes), Ok(pk), "{name}");
            }
            ran += 1;
        }
        for (name, case) in cases(&format!("{dir}/deserialization_G2")) {
            let bytes = unhex(&case["input"]["signature"]);
            let sig = eth::Signature::from_bytes(&bytes);
            assert_eq!(sig.is_ok(), case["output"].as_bool().unwrap(), "G2 {name}: {sig:?}");
            if let Ok(sig) = sig {
                assert_eq!(sig.to_bytes().to_vec(), bytes, "{name}");
            }
            ran += 1;
        }
    }
    assert_eq!(ran, 34);
}

/// EIP-2333 test case 0: `derive_master_SK(seed)` is KeyGen with an empty `key_info`.
#[test]
fn keygen_eip2333_master_key() {
    let seed = hex::decode(
        "c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04",
    )
    .unwrap();
    let sk = eth::key_gen(&seed).unwrap();
    let want = num_bigint::BigUint::parse_bytes(
        b"6083874454709270928345386274498605044986640685124978867557563392430687146096",
        10,
    )
    .unwrap();
    assert_eq!(num_bigint::BigUint::from_bytes_be(&sk.to_bytes()[..]), want);
    assert_eq!(eth::key_gen(&seed[..31]).err(), Some(Error::TooShort { min: 32, got: 31 }));
}

#[test]
fn domain_tags() {
    assert_eq!(eth::dst().as_bytes(), eth::DST);
    assert_eq!(eth::Eth::pop_dst().as_bytes(), eth::POP_DST);
    assert_eq!(Ciphersuite::<MinSig, Basic>::dst().as_bytes(), b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_");
    assert_eq!(
        Ciphersuite::<MinPk, MessageAugmentation>::dst().as_bytes(),
        b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_AUG_"
    );
}

#[test]
fn secret_key_decoding() {
    let r = hex::decode("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001").unwrap();
    assert_eq!(SecretKey::from_bytes(&r).err(), Some(Error::NonCanonical));
    assert_eq!(SecretKey::from_bytes(&[0xff; 32]).err(), Some(Error::NonCanonical));
    assert_eq!(SecretKey::from_bytes(&[0; 32]).err(), Some(Error::Zero));
    assert_eq!(SecretKey::from_bytes(&[1; 31]).err(), Some(Error::Length { expected: 32, got: 31 }));
    let mut r_minus_1 = r.clone();
    r_minus_1[31] = 0;
    assert_eq!(SecretKey::from_bytes(&r_minus_1).unwrap().to_bytes()[..], r_minus_1[..]);
    let mut one = [0u8; 32];
    one[31] = 1;
    let pk: eth::PublicKey = SecretKey::from_bytes(&one).unwrap().public_key();
    assert_eq!(pk.as_affine(), &isochron::curves::bls12_381::G1Affine::generator());
    assert_eq!(format!("{:?}", SecretKey::from_bytes(&one).unwrap()), "SecretKey(<redacted>)");
}

// ---------------------------------------------------------------------------------------------
// Differential tests against blst.

fn random_ikm(rng: &mut impl RngCore) -> [u8; 32] {
    let mut ikm = [0u8; 32];
    rng.fill_bytes(&mut ikm);
    ikm
}

/// A message no random_msg can equal (its length, 40, is not one of theirs).
fn other_msg(rng: &mut impl Rng) -> Vec<u8> {
    let mut m = vec![0u8; 40];
    rng.fill_bytes(&mut m);
    m
}

fn random_msg(rng: &mut impl Rng) -> Vec<u8> {
    let len = [0, 1, 32, 100][rng.gen_range(0..4)];
    let mut m = vec![0u8; len];
    rng.fill_bytes(&mut m);
    m
}

/// Verify, FastAggregateVerify and PopVerify on a two-thread pool (the split over two threads
/// with the hash's second map and the key aggregation handed over, whatever the machine's core
/// count) and on a one-thread pool (one two-pair Miller loop) agree with each other on valid
/// and corrupted inputs, for both variants' Ethereum-style schemes.
#[cfg(feature = "parallel")]
#[test]
fn verification_same_on_one_and_two_threads() {
    use isochron::bls::{Ciphersuite, MinSig, ProofOfPossession};
    type MinSigPop = Ciphersuite<MinSig, ProofOfPossession>;
    let pools = [1, 2].map(|t| rayon::ThreadPoolBuilder::new().num_threads(t).build().unwrap());
    let mut rng = ChaCha20Rng::seed_from_u64(0x7e1);
    for round in 0..6 {
        let n = 1 + round * 7;
        let sks: Vec<SecretKey> = (0..n).map(|_| SecretKey::key_gen(&random_ikm(&mut rng), &[]).unwrap()).collect();
        let pks: Vec<eth::PublicKey> = sks.iter().map(|s| s.public_key()).collect();
        let msg = random_msg(&mut rng);
        let sigs: Vec<eth::Signature> = sks.iter().map(|s| eth::sign(s, &msg)).collect();
        let agg = eth::aggregate(&sigs).unwrap();
        let wrong = other_msg(&mut rng);
        let min_sig_pk = sks[0].public_key::<MinSig>();
        let min_sig = MinSigPop::sign(&sks[0], &msg);
        let run = |pool: &rayon::ThreadPool| {
            pool.install(|| {
                [
                    eth::verify(&pks[0], &msg, &sigs[0]),
                    eth::verify(&pks[0], &wrong, &sigs[0]),
                    eth::verify(&pks[n - 1], &msg, &sigs[0]) == (n == 1),
                    eth::fast_aggregate_verify(&pks, &msg, &agg),
                    eth::fast_aggregate_verify(&pks, &wrong, &agg),
                    eth::fast_aggregate_verify(&pks[..n - 1], &msg, &agg),
                    eth::pop_verify(&pks[0], &eth::pop_prove(&sks[0])),
                    eth::pop_verify(&pks[0], &sigs[0]),
                    MinSigPop::verify(&min_sig_pk, &msg, &min_sig),
                    MinSigPop::verify(&min_sig_pk, &wrong, &min_sig),
                ]
            })
        };
        let want = [true, false, true, true, false, false, true, false, true, false];
        assert_eq!(run(&pools[0]), want, "one thread, round {round}");
        assert_eq!(run(&pools[1]), want, "two threads, round {round}");
    }
}

/// min_pk with Ethereum's POP DST: KeyGen, SkToPk, Sign, Verify (valid, wrong message, wrong
/// key, tampered signature), Aggregate, AggregateVerify, FastAggregateVerify, PopProve,
/// batch verification.
#[test]
fn differential_blst_min_pk() {
    use blst::min_pk as b;
    use blst::BLST_ERROR::BLST_SUCCESS;
    let mut rng = ChaCha20Rng::seed_from_u64(0xb15);
    let dst = eth::DST;
    for round in 0..12 {
        let n = 1 + round % 4;
        let mut sks = Vec::new();
        let mut bsks = Vec::new();
        for _ in 0..n {
            let ikm = random_ikm(&mut rng);
            let info: Vec<u8> = if round % 3 == 0 { b"key info".to_vec() } else { vec![] };
            let sk = SecretKey::key_gen(&ikm, &info).unwrap();
            let bsk = b::SecretKey::key_gen(&ikm, &info).unwrap();
            assert_eq!(sk.to_bytes()[..], bsk.to_bytes()[..]);
            sks.push(sk);
            bsks.push(bsk);
        }
        let pks: Vec<eth::PublicKey> = sks.iter().map(|s| s.public_key()).collect();
        let bpks: Vec<b::PublicKey> = bsks.iter().map(|s| s.sk_to_pk()).collect();
        for (p, bp) in pks.iter().zip(&bpks) {
            assert_eq!(p.to_bytes(), bp.to_bytes());
        }
        let msgs: Vec<Vec<u8>> = (0..n).map(|_| random_msg(&mut rng)).collect();
        let sigs: Vec<eth::Signature> = sks.iter().zip(&msgs).map(|(s, m)| eth::sign(s, m)).collect();
        let bsigs: Vec<b::Signature> = bsks.iter().zip(&msgs).map(|(s, m)| s.sign(m, dst, &[])).collect();
        for (s, bs) in sigs.iter().zip(&bsigs) {
            assert_eq!(s.to_bytes(), bs.to_bytes());
        }
        // Verify: valid, wrong message, wrong key, another signature.
        let other = other_msg(&mut rng);
        for i in 0..n {
            let j = (i + 1) % n;
            for (pk, m, s, bpk, bs) in [
                (&pks[i], &msgs[i], &sigs[i], &bpks[i], &bsigs[i]),
                (&pks[i], &other, &sigs[i], &bpks[i], &bsigs[i]),
                (&pks[j], &msgs[i], &sigs[i], &bpks[j], &bsigs[i]),
                (&pks[i], &msgs[i], &sigs[j], &bpks[i], &bsigs[j]),
            ] {
                let want = bs.verify(true, m, dst, &[], bpk, true) == BLST_SUCCESS;
                assert_eq!(eth::verify(pk, m, s), want, "round {round}");
            }
        }
        // Aggregation.
        let agg = eth::aggregate(&sigs).unwrap();
        let brefs: Vec<&b::Signature> = bsigs.iter().collect();
        let bagg = b::AggregateSignature::aggregate(&brefs, true).unwrap().to_signature();
        assert_eq!(agg.to_bytes(), bagg.to_bytes());
        let msg_refs: Vec<&[u8]> = msgs.iter().map(Vec::as_slice).collect();
        let bpk_refs: Vec<&b::PublicKey> = bpks.iter().collect();
        let want = bagg.aggregate_verify(true, &msg_refs, dst, &bpk_refs, true) == BLST_SUCCESS;
        assert_eq!(eth::aggregate_verify(&pks, &msg_refs, &agg), want);
        assert!(want);
        // Aggregate verify against a wrong message list.
        let mut wrong = msg_refs.clone();
        wrong[0] = &other;
        assert!(!eth::aggregate_verify(&pks, &wrong, &agg));
        // FastAggregateVerify: everyone signs one message.
        let fsigs: Vec<eth::Signature> = sks.iter().map(|s| eth::sign(s, &other)).collect();
        let fagg = eth::aggregate(&fsigs).unwrap();
        let bfagg = b::Signature::from_bytes(&fagg.to_bytes()).unwrap();
        for (m, want_ok) in [(&other, true), (&msgs[0], false)] {
            let want = bfagg.fast_aggregate_verify(true, m, dst, &bpk_refs) == BLST_SUCCESS;
            assert_eq!(want, want_ok);
            assert_eq!(eth::fast_aggregate_verify(&pks, m, &fagg), want);
        }
        // Proof of possession: blst signs the compressed key with the POP DST.
        let proof = eth::pop_prove(&sks[0]);
        let bproof = bsks[0].sign(&pks[0].to_bytes(), eth::POP_DST, &[]);
        assert_eq!(proof.to_bytes(), bproof.to_bytes());
        assert!(eth::pop_verify(&pks[0], &proof));
        assert!(!eth::pop_verify(&pks[0], &sigs[0]));
        // Batch: valid, then one set wrong (blst's verdict too).
        let mut sets: Vec<SignatureSet<'_, MinPk>> = pks
            .iter()
            .zip(&msgs)
            .zip(&sigs)
            .map(|((pk, m), s)| SignatureSet { public_key: pk, message: m, signature: s })
            .collect();
        let sig_refs: Vec<&b::Signature> = bsigs.iter().collect();
        let rands: Vec<blst::blst_scalar> = (0..n)
            .map(|_| {
                let mut s = blst::blst_scalar::default();
                s.b[..8].copy_from_slice(&rng.gen::<u64>().max(1).to_le_bytes());
                s
            })
            .collect();
        let bwant = b::Signature::verify_multiple_aggregate_signatures(
            &msg_refs, dst, &bpk_refs, true, &sig_refs, true, &rands, 64,
        ) == BLST_SUCCESS;
        assert!(bwant);
        assert_eq!(eth::batch_verify_with_rng(&sets, &mut rng), bwant);
        sets[n - 1].message = &other;
        assert!(!eth::batch_verify_with_rng(&sets, &mut rng));
        #[cfg(feature = "parallel")]
        assert!(!eth::batch_verify_parallel(&sets));
    }
}

/// min_sig (keys in G2, signatures in G1) and the basic and augmentation schemes on min_pk,
/// against blst (augmentation: blst's `aug` argument carries the key).
#[test]
fn differential_blst_other_suites() {
    use blst::BLST_ERROR::BLST_SUCCESS;
    let mut rng = ChaCha20Rng::seed_from_u64(0x5157);
    for _ in 0..6 {
        let ikm = random_ikm(&mut rng);
        let msg = random_msg(&mut rng);
        let other = other_msg(&mut rng);
        let sk = SecretKey::key_gen(&ikm, &[]).unwrap();

        // min_sig, basic and POP.
        let bsk = blst::min_sig::SecretKey::key_gen(&ikm, &[]).unwrap();
        let pk: bls::PublicKey<MinSig> = sk.public_key();
        let bpk = bsk.sk_to_pk();
        assert_eq!(pk.to_bytes(), bpk.to_bytes());
        for dst in [Ciphersuite::<MinSig, Basic>::dst(), Ciphersuite::<MinSig, ProofOfPossession>::dst()] {
            let dst = dst.as_bytes();
            let bsig = bsk.sign(&msg, dst, &[]);
            let sig = if dst.ends_with(b"NUL_") {
                Ciphersuite::<MinSig, Basic>::sign(&sk, &msg)
            } else {
                Ciphersuite::<MinSig, ProofOfPossession>::sign(&sk, &msg)
            };
            assert_eq!(sig.to_bytes(), bsig.to_bytes());
            for m in [&msg, &other] {
                let want = bsig.verify(true, m, dst, &[], &bpk, true) == BLST_SUCCESS;
                let got = if dst.ends_with(b"NUL_") {
                    Ciphersuite::<MinSig, Basic>::verify(&pk, m, &sig)
                } else {
                    Ciphersuite::<MinSig, ProofOfPossession>::verify(&pk, m, &sig)
                };
                assert_eq!(got, want);
            }
        }
        let proof = Ciphersuite::<MinSig, ProofOfPossession>::pop_prove(&sk);
        let bproof = bsk.sign(&pk.to_bytes(), Ciphersuite::<MinSig, ProofOfPossession>::pop_dst().as_bytes(), &[]);
        assert_eq!(proof.to_bytes(), bproof.to_bytes());
        assert!(Ciphersuite::<MinSig, ProofOfPossession>::pop_verify(&pk, &proof));

        // min_pk with message augmentation and basic.
        type Aug = Ciphersuite<MinPk, MessageAugmentation>;
        let bsk = blst::min_pk::SecretKey::key_gen(&ikm, &[]).unwrap();
        let pk: bls::PublicKey<MinPk> = sk.public_key();
        let sig = Aug::sign(&sk, &msg);
        let bsig = bsk.sign(&msg, Aug::dst().as_bytes(), &pk.to_bytes());
        assert_eq!(sig.to_bytes(), bsig.to_bytes());
        assert!(Aug::verify(&pk, &msg, &sig));
        assert!(!Aug::verify(&pk, &other, &sig));
        let nul = Ciphersuite::<MinPk, Basic>::sign(&sk, &msg);
        assert_eq!(nul.to_bytes(), bsk.sign(&msg, Ciphersuite::<MinPk, Basic>::dst().as_bytes(), &[]).to_bytes());
        assert!(!Ciphersuite::<MinPk, ProofOfPossession>::verify(&pk, &msg, &nul), "DSTs separate");
    }
}

/// The schemes' aggregate rules: the basic scheme rejects repeated messages, augmentation and
/// POP accept them; empty and mismatched inputs are `false`.
#[test]
fn aggregate_rules() {
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    let sks: Vec<SecretKey> = (0..2).map(|_| SecretKey::key_gen(&random_ikm(&mut rng), &[]).unwrap()).collect();
    let pks: Vec<bls::PublicKey<MinPk>> = sks.iter().map(|s| s.public_key()).collect();
    let m: &[u8] = b"same message";
    fn agg<S: bls::Scheme>(sks: &[SecretKey], m: &[u8]) -> bls::Signature<MinPk> {
        let s: Vec<_> = sks.iter().map(|k| Ciphersuite::<MinPk, S>::sign(k, m)).collect();
        bls::Signature::aggregate(&s).unwrap()
    }
    let msgs = [m, m];
    assert!(!Ciphersuite::<MinPk, Basic>::aggregate_verify(&pks, &msgs, &agg::<Basic>(&sks, m)));
    assert!(Ciphersuite::<MinPk, MessageAugmentation>::aggregate_verify(
        &pks,
        &msgs,
        &agg::<MessageAugmentation>(&sks, m)
    ));
    let pop = agg::<ProofOfPossession>(&sks, m);
    assert!(eth::aggregate_verify(&pks, &msgs, &pop));
    assert!(eth::fast_aggregate_verify(&pks, m, &pop));
    assert!(!eth::aggregate_verify(&pks, &msgs[..1], &pop));
    assert!(!eth::aggregate_verify(&[], &[], &pop));
    assert!(!eth::fast_aggregate_verify(&[], m, &pop));
    let inf = eth::Signature::from_bytes(&{
        let mut b = [0u8; 96];
        b[0] = 0xc0;
        b
    })
    .unwrap();
    assert!(eth::eth_fast_aggregate_verify(&[], m, &inf));
    assert!(!eth::fast_aggregate_verify(&[], m, &inf));
    assert!(!eth::verify(&pks[0], m, &inf));
    assert!(!eth::batch_verify(&[]));
    // Public-key aggregation: a key and its negation sum to the identity, an invalid key.
    let agg_pk = eth::eth_aggregate_pubkeys(&pks).unwrap();
    assert!(!bool::from(agg_pk.as_affine().is_identity()));
    assert!(eth::verify(&agg_pk, m, &pop));
    assert_eq!(eth::eth_aggregate_pubkeys(&[]), Err(Error::Empty));
    let neg = eth::PublicKey::from_affine(&pks[0].as_affine().neg()).unwrap();
    assert_eq!(eth::eth_aggregate_pubkeys(&[pks[0], neg]), Err(Error::Identity));
}

/// Uncompressed round trips and the skip-checks fast paths.
#[test]
fn public_key_encodings() {
    let mut rng = ChaCha20Rng::seed_from_u64(11);
    let sk = SecretKey::key_gen(&random_ikm(&mut rng), &[]).unwrap();
    let pk: eth::PublicKey = sk.public_key();
    let un = pk.to_uncompressed();
    assert_eq!(eth::PublicKey::from_uncompressed(&un), Ok(pk));
    assert_eq!(eth::PublicKey::from_uncompressed_unchecked(&un), Ok(pk));
    let mut inf = [0u8; 96];
    inf[0] = 0x40;
    assert_eq!(eth::PublicKey::from_uncompressed_unchecked(&inf), Err(Error::Identity));
    let pk2: bls::PublicKey<MinSig> = sk.public_key();
    let un2 = pk2.to_uncompressed();
    assert_eq!(bls::PublicKey::<MinSig>::from_uncompressed(&un2), Ok(pk2));
    assert_eq!(bls::PublicKey::<MinSig>::from_bytes(&pk2.to_bytes()), Ok(pk2));
}

// ---------------------------------------------------------------------------------------------
// Property tests (few cases: each costs pairings).

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// Sign/verify round trip and encodings; a flipped message bit fails.
    #[test]
    fn sign_verify_round_trip(ikm in prop::array::uniform32(any::<u8>()), msg in prop::collection::vec(any::<u8>(), 1..64), bit in 0usize..8) {
        let sk = eth::key_gen(&ikm).unwrap();
        let sk2 = SecretKey::from_bytes(&sk.to_bytes()[..]).unwrap();
        let pk = eth::sk_to_pk(&sk);
        prop_assert_eq!(pk, sk2.public_key());
        let pk = eth::PublicKey::from_bytes(&pk.to_bytes()).unwrap();
        let sig = eth::sign(&sk, &msg);
        let sig = eth::Signature::from_bytes(&sig.to_bytes()).unwrap();
        prop_assert!(eth::verify(&pk, &msg, &sig));
        let mut bad = msg.clone();
        bad[0] ^= 1 << bit;
        prop_assert!(!eth::verify(&pk, &bad, &sig));
    }

    /// Batch verification accepts exactly the batches of valid sets (one corrupted set,
    /// wherever it is, makes it fail).
    #[test]
    fn batch_detects_one_bad_set(seed in any::<u64>(), n in 1usize..5, bad in 0usize..5) {
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        let sks: Vec<SecretKey> = (0..n).map(|_| eth::key_gen(&random_ikm(&mut rng)).unwrap()).collect();
        let pks: Vec<eth::PublicKey> = sks.iter().map(eth::sk_to_pk).collect();
        let msgs: Vec<Vec<u8>> = (0..n).map(|i| vec![i as u8; 8]).collect();
        let mut sigs: Vec<eth::Signature> = sks.iter().zip(&msgs).map(|(s, m)| eth::sign(s, m)).collect();
        let make = |sigs: &[eth::Signature]| -> bool {
            let sets: Vec<SignatureSet<'_, MinPk>> = pks.iter().zip(&msgs).zip(sigs)
                .map(|((pk, m), s)| SignatureSet { public_key: pk, message: m, signature: s }).collect();
            eth::batch_verify_with_rng(&sets, &mut ChaCha20Rng::seed_from_u64(seed ^ 1))
        };
        prop_assert!(make(&sigs));
        let bad = bad % n;
        sigs[bad] = eth::sign(&sks[bad], b"something else");
        prop_assert!(!make(&sigs));
    }
}

/// The README's BLS API tour, verbatim.
#[test]
fn readme_tour() {
    use isochron::bls::eth; // BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_ (Ethereum)
    use isochron::bls::{Basic, Ciphersuite, MinSig, SignatureSet};

    let sk = eth::key_gen(&[7u8; 32]).unwrap(); // KeyGen (HKDF-SHA256), IKM ≥ 32 bytes; zeroized on drop
    let pk = eth::sk_to_pk(&sk); // 48-byte compressed G1
    let sig = eth::sign(&sk, b"message"); // 96-byte compressed G2; constant time in the key
    assert!(eth::verify(&pk, b"message", &sig));

    // Decoding validates once (on the curve, in the subgroup, not the identity): keep the
    // `PublicKey` and reuse it. `from_bytes_unchecked` skips the subgroup check for keys already
    // validated (the caller's own store).
    let pk = eth::PublicKey::from_bytes(&pk.to_bytes()).unwrap();
    let sig = eth::Signature::from_bytes(&sig.to_bytes()).unwrap();

    // Aggregation; empty lists are errors or `false`, as the consensus specs require.
    let sk2 = eth::key_gen(&[8u8; 32]).unwrap();
    let pk2 = eth::sk_to_pk(&sk2);
    let agg = eth::aggregate(&[eth::sign(&sk, b"m"), eth::sign(&sk2, b"m")]).unwrap();
    assert!(eth::fast_aggregate_verify(&[pk, pk2], b"m", &agg));
    let agg2 = eth::aggregate(&[sig, eth::sign(&sk2, b"other")]).unwrap();
    assert!(eth::aggregate_verify(&[pk, pk2], &[&b"message"[..], &b"other"[..]], &agg2));
    assert!(eth::pop_verify(&pk, &eth::pop_prove(&sk)));

    // Batch verification: random 64-bit blinding scalars (from the OS, or any CryptoRng), one
    // multi-pairing; `eth::batch_verify_parallel` (feature `parallel`) splits it over threads.
    let sets = [
        SignatureSet { public_key: &pk, message: b"message", signature: &sig },
        SignatureSet { public_key: &pk2, message: b"other", signature: &eth::sign(&sk2, b"other") },
    ];
    assert!(eth::batch_verify(&sets));

    // Other ciphersuites by type: min-sig (keys in G2, signatures in G1) with the basic scheme.
    type MinSigBasic = Ciphersuite<MinSig, Basic>;
    let s = MinSigBasic::sign(&sk, b"message");
    assert!(MinSigBasic::verify(&sk.public_key::<MinSig>(), b"message", &s));
}

/// Batch verification is generic: min-sig (keys in G2) with the basic scheme and min-pk with
/// message augmentation, serial and (feature `parallel`) multi-threaded.
#[test]
fn batch_other_suites() {
    fn run<V: Variant, S: bls::Scheme>(rng: &mut ChaCha20Rng) {
        let sks: Vec<SecretKey> = (0..5).map(|_| SecretKey::key_gen(&random_ikm(rng), &[]).unwrap()).collect();
        let pks: Vec<bls::PublicKey<V>> = sks.iter().map(|s| s.public_key()).collect();
        let msgs: Vec<Vec<u8>> = (0..5u8).map(|i| vec![i; 3]).collect();
        let mut sigs: Vec<bls::Signature<V>> =
            sks.iter().zip(&msgs).map(|(s, m)| Ciphersuite::<V, S>::sign(s, m)).collect();
        for round in 0..2 {
            let sets: Vec<SignatureSet<'_, V>> = pks
                .iter()
                .zip(&msgs)
                .zip(&sigs)
                .map(|((pk, m), s)| SignatureSet { public_key: pk, message: m, signature: s })
                .collect();
            let want = round == 0;
            assert_eq!(Ciphersuite::<V, S>::batch_verify_with_rng(&sets, rng), want);
            assert_eq!(Ciphersuite::<V, S>::batch_verify(&sets), want);
            #[cfg(feature = "parallel")]
            assert_eq!(Ciphersuite::<V, S>::batch_verify_parallel(&sets), want);
            sigs.swap(1, 2);
        }
    }
    let mut rng = ChaCha20Rng::seed_from_u64(42);
    run::<MinSig, Basic>(&mut rng);
    run::<MinPk, MessageAugmentation>(&mut rng);
    run::<MinSig, ProofOfPossession>(&mut rng);
}
