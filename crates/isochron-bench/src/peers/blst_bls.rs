//! blst's BLS kernels through its `min_pk` API (the Ethereum variant) and `blst_hash_to_g*`,
//! on the inputs of [`crate::ops`]' BLS ops. As on isochron's side, keys and signatures are
//! decoded outside the timed loop and verification skips their validation
//! (`sig_groupcheck = pk_validate = false`).
//!
//! Batches: `blst` is blst's single-threaded batch (one `Pairing` context fed by
//! `mul_n_aggregate` with 64-bit blinding scalars, `commit`, `finalverify`: what
//! `verify_multiple_aggregate_signatures` runs on each of its threads); `blst-mt` is
//! `verify_multiple_aggregate_signatures` itself, which spreads the sets over blst's thread
//! pool (every CPU).

use blst::min_pk::{AggregateSignature, PublicKey, SecretKey, Signature};
use blst::{blst_p1, blst_p1_affine, blst_p2, blst_p2_affine, blst_scalar, Pairing, BLST_ERROR};

use super::Peer;
use crate::fixtures::Fixtures;
use crate::op::{EthBlsOp, Op};
use crate::timing::{repeat, Kernel};

/// `blst-mt`: blst's batch verification on its thread pool, on the `eth_bls` batches only.
pub struct BlstMt;

impl Peer for BlstMt {
    fn name(&self) -> &'static str {
        "blst-mt"
    }

    fn kernel(&self, op: Op, inputs: &[Vec<u8>], fixtures: &Fixtures) -> Option<Kernel> {
        match op {
            Op::EthBls(EthBlsOp::BatchVerify(_) | EthBlsOp::BatchVerifyParallel(_)) => {
                Some(batch_verify(op, inputs, fixtures, true))
            }
            _ => None,
        }
    }
}

/// Ethereum's DST.
const DST: &[u8] = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";
/// The G1 hash op's DST (`ops::eth_bls::G1_DST`).
const G1_DST: &[u8] = b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";

/// `blst_hash_to_g1` on input `[msg]`.
pub fn hash_to_g1(inputs: &[Vec<u8>]) -> Kernel {
    repeat(inputs[0].clone(), |m| {
        let mut p = blst_p1::default();
        // SAFETY: FFI call; the pointers and lengths describe the message and DST slices, the
        // (empty) augmentation is a null pointer with length 0.
        unsafe {
            blst::blst_hash_to_g1(&mut p, m.as_ptr(), m.len(), G1_DST.as_ptr(), G1_DST.len(), core::ptr::null(), 0)
        };
        p
    })
}

/// `blst_hash_to_g2` on input `[msg]`.
pub fn hash_to_g2(inputs: &[Vec<u8>]) -> Kernel {
    repeat(inputs[0].clone(), |m| {
        let mut p = blst_p2::default();
        // SAFETY: FFI call; the pointers and lengths describe the message and DST slices, the
        // (empty) augmentation is a null pointer with length 0.
        unsafe { blst::blst_hash_to_g2(&mut p, m.as_ptr(), m.len(), DST.as_ptr(), DST.len(), core::ptr::null(), 0) };
        p
    })
}

fn pk(b: &[u8]) -> PublicKey {
    PublicKey::key_validate(b).expect("a valid key")
}

fn sig(b: &[u8]) -> Signature {
    Signature::sig_validate(b, false).expect("a valid signature")
}

/// The `eth_bls/…` kernel for `op` (the batches on one thread).
pub fn eth_bls(op: EthBlsOp, inputs: &[Vec<u8>], fixtures: &Fixtures) -> Kernel {
    let x = inputs;
    match op {
        EthBlsOp::KeyGen => repeat(x[0].clone(), |ikm| SecretKey::key_gen(ikm, &[]).expect("32 bytes")),
        EthBlsOp::Sign => {
            let sk = SecretKey::from_bytes(&x[0]).expect("a valid key");
            repeat((sk, x[1].clone()), |(sk, m)| sk.sign(m, DST, &[]))
        }
        EthBlsOp::Verify => repeat((pk(&x[0]), x[1].clone(), sig(&x[2])), |(pk, m, s)| {
            let ok = s.verify(false, m, DST, &[], pk, false) == BLST_ERROR::BLST_SUCCESS;
            assert!(ok);
            ok
        }),
        EthBlsOp::Aggregate(_) => {
            let sigs: Vec<Signature> = x.iter().map(|b| sig(b)).collect();
            repeat(sigs, |sigs| {
                let refs: Vec<&Signature> = sigs.iter().collect();
                AggregateSignature::aggregate(&refs, false).expect("non-empty").to_signature()
            })
        }
        EthBlsOp::FastAggregateVerify(_) => {
            let pks: Vec<PublicKey> = x[2..].iter().map(|b| pk(b)).collect();
            repeat((pks, x[0].clone(), sig(&x[1])), |(pks, m, s)| {
                let refs: Vec<&PublicKey> = pks.iter().collect();
                let ok = s.fast_aggregate_verify(false, m, DST, &refs) == BLST_ERROR::BLST_SUCCESS;
                assert!(ok);
                ok
            })
        }
        EthBlsOp::PubkeyDeserializeChecked => repeat(x[0].clone(), |b| pk(b)),
        EthBlsOp::SignatureDeserializeChecked => repeat(x[0].clone(), |b| sig(b)),
        EthBlsOp::BatchVerify(_) | EthBlsOp::BatchVerifyParallel(_) => {
            batch_verify(Op::EthBls(op), inputs, fixtures, false)
        }
    }
}

/// The decoded signature sets of a batch and their blinding scalars.
type Batch = (Vec<(PublicKey, Vec<u8>, Signature)>, Vec<blst_scalar>);

/// The batch of `op` on inputs `[pk₁, msg₁, sig₁, …]`, decoded once for both of blst's batch
/// kernels: the sets and `n` non-zero 64-bit blinding scalars, drawn as isochron draws them.
fn batch(op: Op, x: &[Vec<u8>], fixtures: &Fixtures) -> std::sync::Arc<Batch> {
    fixtures.shared(&format!("blst/{op}"), || {
        let sets: Vec<(PublicKey, Vec<u8>, Signature)> =
            x.chunks(3).map(|c| (pk(&c[0]), c[1].clone(), sig(&c[2]))).collect();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let rands: Vec<blst_scalar> = (0..sets.len())
            .map(|_| {
                // SplitMix64: non-zero 64-bit blinding scalars, as isochron draws them.
                seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut z = seed;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                let mut s = blst_scalar::default();
                s.b[..8].copy_from_slice(&(z ^ (z >> 31)).max(1).to_le_bytes());
                s
            })
            .collect();
        (sets, rands)
    })
}

/// Batch verification of `op`'s sets: `threaded` is `verify_multiple_aggregate_signatures`
/// on blst's thread pool (`blst-mt`), otherwise one `Pairing` context on one thread (`blst`).
fn batch_verify(op: Op, x: &[Vec<u8>], fixtures: &Fixtures, threaded: bool) -> Kernel {
    let batch = batch(op, x, fixtures);
    if threaded {
        repeat(batch, |batch| {
            let (sets, rands) = &**batch;
            let msgs: Vec<&[u8]> = sets.iter().map(|(_, m, _)| m.as_slice()).collect();
            let pks: Vec<&PublicKey> = sets.iter().map(|(p, _, _)| p).collect();
            let sigs: Vec<&Signature> = sets.iter().map(|(_, _, s)| s).collect();
            let ok = Signature::verify_multiple_aggregate_signatures(&msgs, DST, &pks, false, &sigs, false, rands, 64)
                == BLST_ERROR::BLST_SUCCESS;
            assert!(ok);
            ok
        })
    } else {
        repeat(batch, |batch| {
            let (sets, rands) = &**batch;
            let mut pairing = Pairing::new(true, DST);
            for ((p, m, s), r) in sets.iter().zip(rands) {
                let p: &blst_p1_affine = p.into();
                let s: &blst_p2_affine = s.into();
                let e = pairing.mul_n_aggregate(p, false, s, false, &r.b[..8], 64, m, &[]);
                assert_eq!(e, BLST_ERROR::BLST_SUCCESS);
            }
            pairing.commit();
            let ok = pairing.finalverify(None);
            assert!(ok);
            ok
        })
    }
}
