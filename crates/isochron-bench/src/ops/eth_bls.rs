//! The BLS ops: RFC 9380 hashing to G1/G2 (`bls12_381/hash_to_g1`, `bls12_381/hash_to_g2`) and
//! the Ethereum ciphersuite (`eth_bls/…`, [`isochron::bls::eth`]). Inputs are the standard
//! encodings: IKM, secret keys (32 bytes), messages (32 bytes), compressed public keys (48)
//! and signatures (96). Keys and signatures are decoded (validated) outside the timed loop,
//! as a client caches them; verification then skips their checks on both sides.

use isochron::bls::{eth, MinPk, SignatureSet};
use isochron::curves::bls12_381 as h2c;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use super::Side;
use crate::op::{EthBlsOp, Group};
use crate::timing::repeat;

/// The DST of the G1 hash op: the min-sig basic ciphersuite's ID (draft-irtf-cfrg-bls-
/// signature-05 §4.2.1).
pub const G1_DST: &[u8] = b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";

fn bytes(rng: &mut ChaCha8Rng, n: usize) -> Vec<u8> {
    let mut b = vec![0u8; n];
    rng.fill_bytes(&mut b);
    b
}

/// `count` random keys, each with a 32-byte message and its signature (the same message for
/// all when `same_message`).
fn signed(rng: &mut ChaCha8Rng, count: usize, same_message: bool) -> Vec<(eth::SecretKey, Vec<u8>, eth::Signature)> {
    let shared = bytes(rng, 32);
    (0..count)
        .map(|_| {
            let sk = eth::key_gen(&bytes(rng, 32)).expect("32 bytes of IKM");
            let msg = if same_message { shared.clone() } else { bytes(rng, 32) };
            let sig = eth::sign(&sk, &msg);
            (sk, msg, sig)
        })
        .collect()
}

/// Hashing a 32-byte message to G1 (with the min-sig DST) or G2 (with the Ethereum DST);
/// input `[msg]`.
pub fn hash_to_curve(group: Group, mut rng: ChaCha8Rng) -> Side {
    let msg = bytes(&mut rng, 32);
    let kernel = match group {
        Group::G1 => repeat(msg.clone(), |m| h2c::hash_to_g1(m, G1_DST).expect("non-empty DST")),
        Group::G2 => repeat(msg.clone(), |m| h2c::hash_to_g2(m, eth::DST).expect("non-empty DST")),
    };
    Side { inputs: vec![msg], kernel }
}

/// The `eth_bls/…` ops; inputs as each arm documents.
pub fn eth_bls(op: EthBlsOp, mut rng: ChaCha8Rng) -> Side {
    let (inputs, kernel) = match op {
        // [ikm]
        EthBlsOp::KeyGen => {
            let ikm = bytes(&mut rng, 32);
            (vec![ikm.clone()], repeat(ikm, |ikm| eth::key_gen(ikm).expect("32 bytes")))
        }
        // [sk, msg]
        EthBlsOp::Sign => {
            let (sk, msg, _) = signed(&mut rng, 1, false).remove(0);
            (vec![sk.to_bytes().to_vec(), msg.clone()], repeat((sk, msg), |(sk, m)| eth::sign(sk, m)))
        }
        // [pk, msg, sig]
        EthBlsOp::Verify => {
            let (sk, msg, sig) = signed(&mut rng, 1, false).remove(0);
            let pk = eth::sk_to_pk(&sk);
            assert!(eth::verify(&pk, &msg, &sig));
            let inputs = vec![pk.to_bytes().to_vec(), msg.clone(), sig.to_bytes().to_vec()];
            (inputs, repeat((pk, msg, sig), |(pk, m, s)| eth::verify(pk, m, s)))
        }
        // [sig₁, …, sigₙ]
        EthBlsOp::Aggregate(n) => {
            let sigs: Vec<eth::Signature> = signed(&mut rng, n, false).into_iter().map(|(_, _, s)| s).collect();
            let inputs = sigs.iter().map(|s| s.to_bytes().to_vec()).collect();
            (inputs, repeat(sigs, |s| eth::aggregate(s).expect("non-empty")))
        }
        // [msg, aggregate sig, pk₁, …, pkₙ]
        EthBlsOp::FastAggregateVerify(n) => {
            let sets = signed(&mut rng, n, true);
            let pks: Vec<eth::PublicKey> = sets.iter().map(|(sk, _, _)| eth::sk_to_pk(sk)).collect();
            let sigs: Vec<eth::Signature> = sets.iter().map(|(_, _, s)| *s).collect();
            let agg = eth::aggregate(&sigs).expect("non-empty");
            let msg = sets[0].1.clone();
            assert!(eth::fast_aggregate_verify(&pks, &msg, &agg));
            let mut inputs = vec![msg.clone(), agg.to_bytes().to_vec()];
            inputs.extend(pks.iter().map(|p| p.to_bytes().to_vec()));
            (inputs, repeat((pks, msg, agg), |(pks, m, s)| eth::fast_aggregate_verify(pks, m, s)))
        }
        // [pk]
        EthBlsOp::PubkeyDeserializeChecked => {
            let (sk, _, _) = signed(&mut rng, 1, false).remove(0);
            let pk = eth::sk_to_pk(&sk).to_bytes().to_vec();
            (vec![pk.clone()], repeat(pk, |b| eth::PublicKey::from_bytes(b).expect("valid")))
        }
        // [sig]
        EthBlsOp::SignatureDeserializeChecked => {
            let (_, _, sig) = signed(&mut rng, 1, false).remove(0);
            let sig = sig.to_bytes().to_vec();
            (vec![sig.clone()], repeat(sig, |b| eth::Signature::from_bytes(b).expect("valid")))
        }
        // [pk₁, msg₁, sig₁, …]: n sets, one multi-pairing with 64-bit blinding scalars.
        EthBlsOp::BatchVerify(n) | EthBlsOp::BatchVerifyParallel(n) => {
            let parallel = matches!(op, EthBlsOp::BatchVerifyParallel(_));
            let sets: Vec<(eth::PublicKey, Vec<u8>, eth::Signature)> =
                signed(&mut rng, n, false).into_iter().map(|(sk, m, s)| (eth::sk_to_pk(&sk), m, s)).collect();
            let inputs =
                sets.iter().flat_map(|(p, m, s)| [p.to_bytes().to_vec(), m.clone(), s.to_bytes().to_vec()]).collect();
            let kernel = repeat(sets, move |sets| {
                let sets: Vec<SignatureSet<'_, MinPk>> =
                    sets.iter().map(|(p, m, s)| SignatureSet { public_key: p, message: m, signature: s }).collect();
                let mut rng = ChaCha8Rng::seed_from_u64(sets.len() as u64);
                let ok = if parallel {
                    eth::Eth::batch_verify_parallel_with_rng(&sets, &mut rng)
                } else {
                    eth::batch_verify_with_rng(&sets, &mut rng)
                };
                assert!(ok);
                ok
            });
            (inputs, kernel)
        }
    };
    Side { inputs, kernel }
}
