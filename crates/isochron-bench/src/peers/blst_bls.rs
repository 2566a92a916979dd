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

use crate::timing::{repeat, Kernel};

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

/// The `eth_bls/…` kernel for `op` (the name's part after `eth_bls/`), `None` for an op blst
/// lacks; `threaded` selects `verify_multiple_aggregate_signatures` for the batches.
pub fn eth_bls(op: &str, inputs: &[Vec<u8>], threaded: bool) -> Kernel {
    let x = inputs;
    match op {
        "keygen" => repeat(x[0].clone(), |ikm| SecretKey::key_gen(ikm, &[]).expect("32 bytes")),
        "sign" => {
            let sk = SecretKey::from_bytes(&x[0]).expect("a valid key");
            repeat((sk, x[1].clone()), |(sk, m)| sk.sign(m, DST, &[]))
        }
        "verify" => repeat((pk(&x[0]), x[1].clone(), sig(&x[2])), |(pk, m, s)| {
            let ok = s.verify(false, m, DST, &[], pk, false) == BLST_ERROR::BLST_SUCCESS;
            assert!(ok);
            ok
        }),
        "aggregate_128" => {
            let sigs: Vec<Signature> = x.iter().map(|b| sig(b)).collect();
            repeat(sigs, |sigs| {
                let refs: Vec<&Signature> = sigs.iter().collect();
                AggregateSignature::aggregate(&refs, false).expect("non-empty").to_signature()
            })
        }
        "fast_aggregate_verify_128" => {
            let pks: Vec<PublicKey> = x[2..].iter().map(|b| pk(b)).collect();
            repeat((pks, x[0].clone(), sig(&x[1])), |(pks, m, s)| {
                let refs: Vec<&PublicKey> = pks.iter().collect();
                let ok = s.fast_aggregate_verify(false, m, DST, &refs) == BLST_ERROR::BLST_SUCCESS;
                assert!(ok);
                ok
            })
        }
        "pubkey_deserialize_checked" => repeat(x[0].clone(), |b| pk(b)),
        "signature_deserialize_checked" => repeat(x[0].clone(), |b| sig(b)),
        _ => {
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
            if threaded {
                repeat((sets, rands), |(sets, rands)| {
                    let msgs: Vec<&[u8]> = sets.iter().map(|(_, m, _)| m.as_slice()).collect();
                    let pks: Vec<&PublicKey> = sets.iter().map(|(p, _, _)| p).collect();
                    let sigs: Vec<&Signature> = sets.iter().map(|(_, _, s)| s).collect();
                    let ok = Signature::verify_multiple_aggregate_signatures(
                        &msgs, DST, &pks, false, &sigs, false, rands, 64,
                    ) == BLST_ERROR::BLST_SUCCESS;
                    assert!(ok);
                    ok
                })
            } else {
                repeat((sets, rands), |(sets, rands)| {
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
    }
}
