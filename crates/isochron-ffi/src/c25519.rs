//! Curve25519: Ed25519 (RFC 8032: 32-byte seeds and public keys, 64-byte signatures; Ed25519,
//! Ed25519ctx and Ed25519ph; three verification modes), X25519 (RFC 7748) and Ristretto255
//! (RFC 9496: 32-byte encodings, scalars as 32-byte little-endian integers below ℓ).

use isochron::curves::curve25519::{scalar, RistrettoPoint, Scalar};
use isochron::protocols::ed25519::{self, Mode, SigningKey, Variant};
use isochron::protocols::x25519;

use crate::isochron_status::{self, *};
use crate::{input, input_array, input_items, input_list, run, verdict, write, Outcome};

/// `verify`: RFC 8032 §5.1.7, cofactorless, canonical encodings only.
pub const ISOCHRON_ED25519_RFC8032: u32 = 0;
/// `verify_strict`: as RFC 8032, and small-order public keys and `R` rejected.
pub const ISOCHRON_ED25519_STRICT: u32 = 1;
/// `verify_zip215`: ZIP 215, cofactored, non-canonical encodings accepted (consensus rules).
pub const ISOCHRON_ED25519_ZIP215: u32 = 2;

/// The variant from `(ctx, ph)`: Ed25519 for no context and no prehash, Ed25519ctx for a
/// non-empty context, Ed25519ph when `ph` is set.
fn variant(ctx: &[u8], ph: bool) -> Variant<'_> {
    match (ph, ctx.is_empty()) {
        (true, _) => Variant::Ph(ctx),
        (false, true) => Variant::Pure,
        (false, false) => Variant::Ctx(ctx),
    }
}

/// The Ed25519 public key (32 bytes) of a 32-byte seed.
#[no_mangle]
pub unsafe extern "C" fn isochron_ed25519_public_key(
    pk_out: *mut u8,
    pk_out_len: usize,
    seed: *const u8,
    seed_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        unsafe { write(pk_out, pk_out_len, &ed25519::public_key(input_array(seed, seed_len)?)) }
    })
}

/// Signs `msg` with the key of a 32-byte seed: 64 bytes into `sig_out`. `ctx` (may be empty)
/// and `ph` choose Ed25519 (empty, false), Ed25519ctx (non-empty, false) or Ed25519ph (`ph`
/// true); a context over 255 bytes is `ISOCHRON_BAD_LENGTH`. Constant time in the seed.
#[no_mangle]
pub unsafe extern "C" fn isochron_ed25519_sign(
    sig_out: *mut u8,
    sig_out_len: usize,
    seed: *const u8,
    seed_len: usize,
    msg: *const u8,
    msg_len: usize,
    ctx: *const u8,
    ctx_len: usize,
    ph: bool,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        unsafe {
            let key = SigningKey::from_seed(input_array(seed, seed_len)?);
            let sig = key.sign_with(input(msg, msg_len)?, variant(input(ctx, ctx_len)?, ph))?;
            write(sig_out, sig_out_len, &sig)
        }
    })
}

fn mode(m: u32) -> Result<Mode, isochron_status> {
    match m {
        ISOCHRON_ED25519_RFC8032 => Ok(Mode::Rfc8032),
        ISOCHRON_ED25519_STRICT => Ok(Mode::Strict),
        ISOCHRON_ED25519_ZIP215 => Ok(Mode::Zip215),
        _ => Err(ISOCHRON_INVALID_ARGUMENT),
    }
}

/// Verifies a 64-byte signature of `msg` under a 32-byte public key in `mode`
/// (`ISOCHRON_ED25519_*`), for the variant `(ctx, ph)` as in [`isochron_ed25519_sign`]. A key or
/// signature that does not decode is `ISOCHRON_VERIFY_FAILED`; wrong lengths are
/// `ISOCHRON_BAD_LENGTH`.
#[no_mangle]
pub unsafe extern "C" fn isochron_ed25519_verify(
    pk: *const u8,
    pk_len: usize,
    msg: *const u8,
    msg_len: usize,
    sig: *const u8,
    sig_len: usize,
    ctx: *const u8,
    ctx_len: usize,
    ph: bool,
    mode: u32,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        let (pk, msg, sig, ctx) = unsafe {
            (input_array(pk, pk_len)?, input(msg, msg_len)?, input_array(sig, sig_len)?, input(ctx, ctx_len)?)
        };
        verdict(ed25519::verify_with(pk, msg, sig, variant(ctx, ph), self::mode(mode)?))
    })
}

/// Verifies `n` Ed25519 signatures at once (ZIP 215 rules, random 128-bit weights, one
/// multiscalar multiplication, every core): `pks` are `n` concatenated 32-byte keys, `sigs`
/// `n` concatenated 64-byte signatures, the messages an array of pointers and lengths. An
/// empty batch is valid.
#[no_mangle]
pub unsafe extern "C" fn isochron_ed25519_batch_verify(
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
            (input_items(pks, pks_len, 32)?, input_list(msgs, msg_lens, n_msgs)?, input_items(sigs, sigs_len, 64)?)
        };
        if pks.len() != msgs.len() || sigs.len() != msgs.len() {
            return Err(ISOCHRON_COUNT_MISMATCH);
        }
        let items: Vec<(&[u8; 32], &[u8], &[u8; 64])> = pks
            .iter()
            .zip(&msgs)
            .zip(&sigs)
            .map(|((pk, msg), sig)| Some((<&[u8; 32]>::try_from(*pk).ok()?, *msg, <&[u8; 64]>::try_from(*sig).ok()?)))
            .collect::<Option<_>>()
            .ok_or(ISOCHRON_BAD_LENGTH)?;
        verdict(ed25519::batch_verify(&items, &mut rand_core::OsRng))
    })
}

/// X25519's public key (the ladder on the base point `u = 9`) of a 32-byte secret (clamped
/// per RFC 7748 §5). Constant time.
#[no_mangle]
pub unsafe extern "C" fn isochron_x25519_public_key(
    pk_out: *mut u8,
    pk_out_len: usize,
    sk: *const u8,
    sk_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        unsafe { write(pk_out, pk_out_len, &x25519::public_key(input_array(sk, sk_len)?)) }
    })
}

/// X25519 key agreement: the 32-byte shared secret of a secret and a peer's public key; an
/// all-zero result (a low-order peer key) is `ISOCHRON_IDENTITY`. Constant time in the secret.
#[no_mangle]
pub unsafe extern "C" fn isochron_x25519_shared_secret(
    secret_out: *mut u8,
    secret_out_len: usize,
    sk: *const u8,
    sk_len: usize,
    peer: *const u8,
    peer_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        unsafe {
            let s = x25519::shared_secret(input_array(sk, sk_len)?, input_array(peer, peer_len)?)
                .map_err(|_| ISOCHRON_IDENTITY)?;
            write(secret_out, secret_out_len, &s)
        }
    })
}

fn ristretto(bytes: &[u8; 32]) -> Result<RistrettoPoint, isochron_status> {
    Ok(RistrettoPoint::decode(bytes)?)
}

/// Writes a Ristretto255 point's encoding.
///
/// # Safety
/// `out` is valid for writes of `out_len` bytes.
unsafe fn emit(out: *mut u8, out_len: usize, p: &RistrettoPoint) -> Outcome {
    // SAFETY: forwarded contract.
    unsafe { write(out, out_len, &p.encode()) }
}

/// Checks a 32-byte Ristretto255 encoding (RFC 9496 §4.3.1: every non-canonical encoding is
/// rejected): `ISOCHRON_OK` or the reason.
#[no_mangle]
pub unsafe extern "C" fn isochron_ristretto255_validate(point: *const u8, point_len: usize) -> isochron_status {
    // SAFETY: the buffer is valid for its length (the crate's contract).
    run(|| ristretto(unsafe { input_array(point, point_len) }?).map(|_| ()))
}

/// `a + b` of two Ristretto255 points.
#[no_mangle]
pub unsafe extern "C" fn isochron_ristretto255_add(
    out: *mut u8,
    out_len: usize,
    a: *const u8,
    a_len: usize,
    b: *const u8,
    b_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        unsafe {
            let s = ristretto(input_array(a, a_len)?)? + ristretto(input_array(b, b_len)?)?;
            emit(out, out_len, &s)
        }
    })
}

/// `[k]·point` (constant time in `k`, a 32-byte little-endian scalar below ℓ); a NULL `point`
/// with length 0 multiplies the generator.
#[no_mangle]
pub unsafe extern "C" fn isochron_ristretto255_mul(
    out: *mut u8,
    out_len: usize,
    point: *const u8,
    point_len: usize,
    k: *const u8,
    k_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        unsafe {
            let k: Scalar = scalar::from_canonical_bytes(input_array(k, k_len)?).ok_or(ISOCHRON_NON_CANONICAL)?;
            let p = if point_len == 0 {
                RistrettoPoint::mul_base(&k)
            } else {
                ristretto(input_array(point, point_len)?)?.mul_ct(&k)
            };
            emit(out, out_len, &p)
        }
    })
}

/// RFC 9496 §4.3.4 one-way map: the point of 64 uniformly random bytes.
#[no_mangle]
pub unsafe extern "C" fn isochron_ristretto255_from_uniform_bytes(
    out: *mut u8,
    out_len: usize,
    bytes: *const u8,
    bytes_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        unsafe { emit(out, out_len, &RistrettoPoint::from_uniform_bytes(input_array(bytes, bytes_len)?)) }
    })
}

/// RFC 9380's `ristretto255_XMD:SHA-512_R255MAP_RO_` hash of `msg` with the domain tag `dst`
/// (non-empty).
#[no_mangle]
pub unsafe extern "C" fn isochron_ristretto255_hash_to_group(
    out: *mut u8,
    out_len: usize,
    msg: *const u8,
    msg_len: usize,
    dst: *const u8,
    dst_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        unsafe { emit(out, out_len, &RistrettoPoint::hash_to_group(input(msg, msg_len)?, input(dst, dst_len)?)?) }
    })
}
