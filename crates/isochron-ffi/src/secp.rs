//! ECDSA (SEC 1 v2 §4.1, RFC 6979 nonces) and ECDH (SEC 1 v2 §3.3.1) on secp256k1 and P-256,
//! the curve named by `ISOCHRON_CURVE_SECP256K1` or `ISOCHRON_CURVE_P256`; BIP-340 Schnorr
//! signatures on secp256k1. Secret keys are 32-byte big-endian integers in `[1, n)`; public
//! keys are SEC1 points (33 bytes compressed or 65 uncompressed, every check on decoding);
//! ECDSA signatures are 64-byte `r ‖ s` with a recovery id `0..=3`.

use isochron::curve::PointEncoding;
use isochron::curves::{p256::P256, secp256k1::Secp256k1};
use isochron::field::PrimeField;
use isochron::protocols::ecdsa::{EcdsaCurve, RecoveryId, Signature, SigningKey, VerifyingKey};
use isochron::protocols::{bip340, ecdh};

use crate::isochron_status::{self, *};
use crate::{input, input_array, run, store, verdict, write, Outcome};

/// The curve secp256k1 (SEC 2).
pub const ISOCHRON_CURVE_SECP256K1: u32 = 3;
/// The curve P-256 (secp256r1, SP 800-186).
pub const ISOCHRON_CURVE_P256: u32 = 4;

/// Runs `$body` with `$c` the curve type of the id `$id`.
macro_rules! with_curve {
    ($id:expr, $c:ident => $body:expr) => {
        match $id {
            ISOCHRON_CURVE_SECP256K1 => {
                type $c = Secp256k1;
                $body
            }
            ISOCHRON_CURVE_P256 => {
                type $c = P256;
                $body
            }
            _ => Err(ISOCHRON_INVALID_ARGUMENT),
        }
    };
}

fn signing_key<C: EcdsaCurve>(sk: &[u8]) -> Result<SigningKey<C>, isochron_status>
where
    C::Base: PrimeField,
{
    Ok(SigningKey::<C>::from_bytes(sk)?)
}

/// Writes a SEC1 public key.
///
/// # Safety
/// `out` is valid for writes of `out_len` bytes.
unsafe fn emit_key<C: EcdsaCurve>(out: *mut u8, out_len: usize, pk: &VerifyingKey<C>, compressed: bool) -> Outcome
where
    C::Base: PrimeField,
    isochron::curve::short_weierstrass::Affine<C>: PointEncoding,
{
    // SAFETY: forwarded contract.
    unsafe {
        if compressed {
            write(out, out_len, pk.to_sec1_compressed().as_ref())
        } else {
            write(out, out_len, pk.to_sec1_uncompressed().as_ref())
        }
    }
}

/// The SEC1 public key (33 bytes if `compressed`, else 65) of a secret key.
#[no_mangle]
pub unsafe extern "C" fn isochron_ecdsa_public_key(
    pk_out: *mut u8,
    pk_out_len: usize,
    curve: u32,
    sk: *const u8,
    sk_len: usize,
    compressed: bool,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        let sk = unsafe { input(sk, sk_len) }?;
        with_curve!(curve, C => {
            let key = signing_key::<C>(sk)?;
            // SAFETY: as above.
            unsafe { emit_key(pk_out, pk_out_len, key.verifying_key(), compressed) }
        })
    })
}

/// Signs a message digest (SHA-256 or Keccak-256 output, say; any length, read as SEC 1's
/// `bits2int`: the leftmost 256 bits of a longer one): the 64-byte
/// `r ‖ s` into `sig_out` and the recovery id into `*recid_out`. Nonces per RFC 6979 with
/// `extra` (may be empty) mixed in as its §3.6 allows; on secp256k1 `s` is normalized low.
/// Constant time in the key and the nonce.
#[no_mangle]
pub unsafe extern "C" fn isochron_ecdsa_sign(
    sig_out: *mut u8,
    sig_out_len: usize,
    recid_out: *mut u8,
    curve: u32,
    sk: *const u8,
    sk_len: usize,
    digest: *const u8,
    digest_len: usize,
    extra: *const u8,
    extra_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        let (sk, digest, extra) = unsafe { (input(sk, sk_len)?, input(digest, digest_len)?, input(extra, extra_len)?) };
        if recid_out.is_null() {
            return Err(ISOCHRON_NULL_POINTER);
        }
        with_curve!(curve, C => {
            let (sig, id) = signing_key::<C>(sk)?.sign_prehash_with_entropy(digest, extra)?;
            // SAFETY: as above.
            unsafe {
                write(sig_out, sig_out_len, &sig.to_bytes())?;
                store(recid_out, id.to_u8())
            }
        })
    })
}

/// Verifies a 64-byte `r ‖ s` signature of a digest under a SEC1 public key; with `low_s_only`
/// a high `s` is invalid.
#[no_mangle]
pub unsafe extern "C" fn isochron_ecdsa_verify(
    curve: u32,
    pk: *const u8,
    pk_len: usize,
    digest: *const u8,
    digest_len: usize,
    sig: *const u8,
    sig_len: usize,
    low_s_only: bool,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        let (pk, digest, sig) = unsafe { (input(pk, pk_len)?, input(digest, digest_len)?, input(sig, sig_len)?) };
        with_curve!(curve, C => {
            let pk = VerifyingKey::<C>::from_sec1_bytes(pk)?;
            let sig = Signature::<C>::from_bytes(sig)?;
            verdict(if low_s_only { pk.verify_prehash_low_s(digest, &sig) } else { pk.verify_prehash(digest, &sig) })
        })
    })
}

/// Recovers the public key (SEC1, 33 or 65 bytes) that made a 64-byte `r ‖ s` signature of a
/// digest, from its recovery id `0..=3`. A signature no key makes is `ISOCHRON_VERIFY_FAILED`.
#[no_mangle]
pub unsafe extern "C" fn isochron_ecdsa_recover(
    pk_out: *mut u8,
    pk_out_len: usize,
    curve: u32,
    digest: *const u8,
    digest_len: usize,
    sig: *const u8,
    sig_len: usize,
    recid: u8,
    compressed: bool,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        let (digest, sig) = unsafe { (input(digest, digest_len)?, input(sig, sig_len)?) };
        let id = RecoveryId::new(recid).ok_or(ISOCHRON_INVALID_ARGUMENT)?;
        with_curve!(curve, C => {
            let sig = Signature::<C>::from_bytes(sig)?;
            let pk = VerifyingKey::<C>::recover_prehash(digest, &sig, id).map_err(|_| ISOCHRON_VERIFY_FAILED)?;
            // SAFETY: as above.
            unsafe { emit_key(pk_out, pk_out_len, &pk, compressed) }
        })
    })
}

/// ECDH: the 32-byte x-coordinate of `sk·peer` (the peer's SEC1 public key, validated).
/// Constant time in the secret key.
#[no_mangle]
pub unsafe extern "C" fn isochron_ecdh(
    secret_out: *mut u8,
    secret_out_len: usize,
    curve: u32,
    sk: *const u8,
    sk_len: usize,
    peer: *const u8,
    peer_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        let (sk, peer) = unsafe { (input(sk, sk_len)?, input(peer, peer_len)?) };
        with_curve!(curve, C => {
            let key = signing_key::<C>(sk)?;
            let secret = ecdh::shared_secret(&key, &VerifyingKey::<C>::from_sec1_bytes(peer)?)?;
            // SAFETY: as above.
            unsafe { write(secret_out, secret_out_len, secret.as_ref()) }
        })
    })
}

fn bip340_key(sk: &[u8]) -> Result<bip340::SigningKey<Secp256k1>, isochron_status> {
    Ok(bip340::SigningKey::<Secp256k1>::from_bytes(sk)?)
}

/// BIP-340: the 32-byte x-only public key of a secret key.
#[no_mangle]
pub unsafe extern "C" fn isochron_bip340_public_key(
    pk_out: *mut u8,
    pk_out_len: usize,
    sk: *const u8,
    sk_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        unsafe { write(pk_out, pk_out_len, &bip340_key(input(sk, sk_len)?)?.verifying_key().to_bytes()) }
    })
}

/// BIP-340 signing of `msg` (any length) with 32 bytes of auxiliary randomness `aux`: the
/// 64-byte signature. Constant time in the key and the nonce.
#[no_mangle]
pub unsafe extern "C" fn isochron_bip340_sign(
    sig_out: *mut u8,
    sig_out_len: usize,
    sk: *const u8,
    sk_len: usize,
    msg: *const u8,
    msg_len: usize,
    aux: *const u8,
    aux_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        unsafe {
            let key = bip340_key(input(sk, sk_len)?)?;
            let sig = key.sign(input(msg, msg_len)?, input_array::<32>(aux, aux_len)?);
            write(sig_out, sig_out_len, sig.as_ref())
        }
    })
}

/// BIP-340 verification of a 64-byte signature of `msg` under a 32-byte x-only key.
#[no_mangle]
pub unsafe extern "C" fn isochron_bip340_verify(
    pk: *const u8,
    pk_len: usize,
    msg: *const u8,
    msg_len: usize,
    sig: *const u8,
    sig_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        let (pk, msg, sig) = unsafe { (input(pk, pk_len)?, input(msg, msg_len)?, input_array::<64>(sig, sig_len)?) };
        verdict(bip340::VerifyingKey::<Secp256k1>::from_bytes(pk)?.verify(msg, sig))
    })
}
