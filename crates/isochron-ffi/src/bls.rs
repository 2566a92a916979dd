//! Ethereum BLS signatures (`isochron::bls::eth`: draft-irtf-cfrg-bls-signature-05,
//! `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`): 32-byte big-endian secret keys, 48-byte
//! compressed G1 public keys (validated: in the subgroup, not the identity), 96-byte compressed
//! G2 signatures.

use isochron::bls::eth::{self, PublicKey, SecretKey, Signature};
use isochron::bls::SignatureSet;

use crate::{input, input_items, input_list, isochron_status, run, verdict, write, Outcome};

/// Bytes of a secret key.
pub const ISOCHRON_BLS_SECRET_KEY_BYTES: usize = 32;
/// Bytes of a compressed public key.
pub const ISOCHRON_BLS_PUBLIC_KEY_BYTES: usize = 48;
/// Bytes of a compressed signature.
pub const ISOCHRON_BLS_SIGNATURE_BYTES: usize = 96;

fn secret_key(b: &[u8]) -> Result<SecretKey, isochron_status> {
    Ok(SecretKey::from_bytes(b)?)
}

fn public_keys(items: &[&[u8]]) -> Result<Vec<PublicKey>, isochron_status> {
    items.iter().map(|b| Ok(PublicKey::from_bytes(b)?)).collect()
}

fn signatures(items: &[&[u8]]) -> Result<Vec<Signature>, isochron_status> {
    items.iter().map(|b| Ok(Signature::from_bytes(b)?)).collect()
}

/// KeyGen (draft-05 §2.3, empty `key_info`): a secret key (32 bytes into `sk_out`) from at
/// least 32 bytes of input key material.
#[no_mangle]
pub unsafe extern "C" fn isochron_bls_key_gen(
    sk_out: *mut u8,
    sk_out_len: usize,
    ikm: *const u8,
    ikm_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        unsafe {
            let sk = eth::key_gen(input(ikm, ikm_len)?)?;
            write(sk_out, sk_out_len, sk.to_bytes().as_ref())
        }
    })
}

/// SkToPk (draft-05 §2.4): the 48-byte public key of a secret key. Constant time.
#[no_mangle]
pub unsafe extern "C" fn isochron_bls_sk_to_pk(
    pk_out: *mut u8,
    pk_out_len: usize,
    sk: *const u8,
    sk_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        unsafe {
            let sk = secret_key(input(sk, sk_len)?)?;
            write(pk_out, pk_out_len, &eth::sk_to_pk(&sk).to_bytes())
        }
    })
}

/// Sign (draft-05 §3.3): the 96-byte signature of `msg`. Constant time in the key.
#[no_mangle]
pub unsafe extern "C" fn isochron_bls_sign(
    sig_out: *mut u8,
    sig_out_len: usize,
    sk: *const u8,
    sk_len: usize,
    msg: *const u8,
    msg_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        unsafe {
            let sk = secret_key(input(sk, sk_len)?)?;
            write(sig_out, sig_out_len, &eth::sign(&sk, input(msg, msg_len)?).to_bytes())
        }
    })
}

/// PopProve (draft-05 §3.3.2): the 96-byte proof of possession of a secret key.
#[no_mangle]
pub unsafe extern "C" fn isochron_bls_pop_prove(
    proof_out: *mut u8,
    proof_out_len: usize,
    sk: *const u8,
    sk_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        unsafe {
            let sk = secret_key(input(sk, sk_len)?)?;
            write(proof_out, proof_out_len, &eth::pop_prove(&sk).to_bytes())
        }
    })
}

/// PopVerify (draft-05 §3.3.3).
#[no_mangle]
pub unsafe extern "C" fn isochron_bls_pop_verify(
    pk: *const u8,
    pk_len: usize,
    proof: *const u8,
    proof_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        let (pk, proof) = unsafe { (input(pk, pk_len)?, input(proof, proof_len)?) };
        verdict(eth::pop_verify(&PublicKey::from_bytes(pk)?, &Signature::from_bytes(proof)?))
    })
}

/// Verify (draft-05 §2.7): `ISOCHRON_OK` if `sig` is `pk`'s signature of `msg`.
#[no_mangle]
pub unsafe extern "C" fn isochron_bls_verify(
    pk: *const u8,
    pk_len: usize,
    msg: *const u8,
    msg_len: usize,
    sig: *const u8,
    sig_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        let (pk, msg, sig) = unsafe { (input(pk, pk_len)?, input(msg, msg_len)?, input(sig, sig_len)?) };
        verdict(eth::verify(&PublicKey::from_bytes(pk)?, msg, &Signature::from_bytes(sig)?))
    })
}

/// Aggregate (draft-05 §2.8): the sum of `sigs` (concatenated 96-byte signatures, at least
/// one), 96 bytes into `sig_out`.
#[no_mangle]
pub unsafe extern "C" fn isochron_bls_aggregate_signatures(
    sig_out: *mut u8,
    sig_out_len: usize,
    sigs: *const u8,
    sigs_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        unsafe {
            let sigs = signatures(&input_items(sigs, sigs_len, ISOCHRON_BLS_SIGNATURE_BYTES)?)?;
            write(sig_out, sig_out_len, &eth::aggregate(&sigs)?.to_bytes())
        }
    })
}

/// Altair's `eth_aggregate_pubkeys`: the sum of `pks` (concatenated 48-byte keys, at least
/// one), 48 bytes into `pk_out`; an identity sum is `ISOCHRON_IDENTITY`.
#[no_mangle]
pub unsafe extern "C" fn isochron_bls_aggregate_public_keys(
    pk_out: *mut u8,
    pk_out_len: usize,
    pks: *const u8,
    pks_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        unsafe {
            let pks = public_keys(&input_items(pks, pks_len, ISOCHRON_BLS_PUBLIC_KEY_BYTES)?)?;
            write(pk_out, pk_out_len, &eth::eth_aggregate_pubkeys(&pks)?.to_bytes())
        }
    })
}

/// FastAggregateVerify (draft-05 §3.3.4): `sig` signs `msg` by every key of `pks`
/// (concatenated 48-byte keys). With `eth_rules` non-zero, Altair's `eth_fast_aggregate_verify`
/// (no keys with the identity signature is valid).
#[no_mangle]
pub unsafe extern "C" fn isochron_bls_fast_aggregate_verify(
    pks: *const u8,
    pks_len: usize,
    msg: *const u8,
    msg_len: usize,
    sig: *const u8,
    sig_len: usize,
    eth_rules: bool,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        let (pks, msg, sig) = unsafe {
            (input_items(pks, pks_len, ISOCHRON_BLS_PUBLIC_KEY_BYTES)?, input(msg, msg_len)?, input(sig, sig_len)?)
        };
        let (pks, sig) = (public_keys(&pks)?, Signature::from_bytes(sig)?);
        verdict(if eth_rules {
            eth::eth_fast_aggregate_verify(&pks, msg, &sig)
        } else {
            eth::fast_aggregate_verify(&pks, msg, &sig)
        })
    })
}

/// AggregateVerify (draft-05 §3.3): `sig` is the aggregate of each key of `pks` (concatenated
/// 48-byte keys) signing its message (`n_msgs` messages: `msgs[i]`, `msg_lens[i]`).
#[no_mangle]
pub unsafe extern "C" fn isochron_bls_aggregate_verify(
    pks: *const u8,
    pks_len: usize,
    msgs: *const *const u8,
    msg_lens: *const usize,
    n_msgs: usize,
    sig: *const u8,
    sig_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        let (pks, msgs, sig) = unsafe {
            (
                input_items(pks, pks_len, ISOCHRON_BLS_PUBLIC_KEY_BYTES)?,
                input_list(msgs, msg_lens, n_msgs)?,
                input(sig, sig_len)?,
            )
        };
        if pks.len() != msgs.len() {
            return Err(isochron_status::ISOCHRON_COUNT_MISMATCH);
        }
        verdict(eth::aggregate_verify(&public_keys(&pks)?, &msgs, &Signature::from_bytes(sig)?))
    })
}

/// Batch verification of `n` (key, message, signature) sets at once (random 64-bit blinding,
/// one multi-pairing, every core): `ISOCHRON_OK` iff every set verifies. `pks` are `n`
/// concatenated 48-byte keys, `sigs` `n` concatenated 96-byte signatures; an empty batch is
/// `ISOCHRON_EMPTY`.
#[no_mangle]
pub unsafe extern "C" fn isochron_bls_batch_verify(
    pks: *const u8,
    pks_len: usize,
    msgs: *const *const u8,
    msg_lens: *const usize,
    n_msgs: usize,
    sigs: *const u8,
    sigs_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        let (pks, msgs, sigs) = unsafe {
            (
                input_items(pks, pks_len, ISOCHRON_BLS_PUBLIC_KEY_BYTES)?,
                input_list(msgs, msg_lens, n_msgs)?,
                input_items(sigs, sigs_len, ISOCHRON_BLS_SIGNATURE_BYTES)?,
            )
        };
        batch_verify(&public_keys(&pks)?, &msgs, &signatures(&sigs)?)
    })
}

fn batch_verify(pks: &[PublicKey], msgs: &[&[u8]], sigs: &[Signature]) -> Outcome {
    if pks.len() != msgs.len() || sigs.len() != msgs.len() {
        return Err(isochron_status::ISOCHRON_COUNT_MISMATCH);
    }
    if msgs.is_empty() {
        return Err(isochron_status::ISOCHRON_EMPTY);
    }
    let sets: Vec<SignatureSet<'_, _>> = pks
        .iter()
        .zip(msgs)
        .zip(sigs)
        .map(|((public_key, message), signature)| SignatureSet { public_key, message, signature })
        .collect();
    verdict(eth::batch_verify_parallel(&sets))
}
