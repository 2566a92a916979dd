//! `isochron.secp256k1`: ECDSA (deterministic RFC 6979 nonces, low `s`, public-key recovery),
//! BIP-340 Schnorr signatures and ECDH on secp256k1 (`isochron::protocols::{ecdsa, bip340,
//! ecdh}`), `bytes` in and out. The ECDSA functions, also used by `isochron.p256`, are generic
//! over the curve here.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};

use isochron::curve::short_weierstrass::Affine;
use isochron::curve::PointEncoding;
use isochron::curves::secp256k1::Secp256k1;
use isochron::field::PrimeField;
use isochron::protocols::ecdsa::{EcdsaCurve, MessageHash, RecoveryId, Signature, SigningKey, VerifyingKey};
use isochron::protocols::{bip340, ecdh as ecdh_proto};

use crate::errors::{msg, IntoPy};
use crate::util::{arr, b};

/// The digest to sign or verify: `message` hashed with `hasher` (`"sha256"` or `"keccak256"`),
/// or `message` itself when `hasher` is `None` (then it must be 32 bytes).
pub(crate) fn digest(message: &[u8], hasher: Option<&str>) -> PyResult<[u8; 32]> {
    match hasher {
        None => arr(message, "message digest (hasher=None)"),
        Some("sha256") => Ok(MessageHash::Sha256.digest(message)),
        Some("keccak256") => Ok(MessageHash::Keccak256.digest(message)),
        Some(h) => Err(msg(format!("unknown hasher {h:?} (sha256, keccak256 or None)"))),
    }
}

/// The SEC1 encoding of a key, compressed (33 bytes) or not (65).
pub(crate) fn sec1<'py, C: EcdsaCurve>(py: Python<'py>, key: &VerifyingKey<C>, compressed: bool) -> Bound<'py, PyBytes>
where
    C::Base: PrimeField,
    Affine<C>: PointEncoding,
{
    if compressed {
        b(py, key.to_sec1_compressed().as_ref())
    } else {
        b(py, key.to_sec1_uncompressed().as_ref())
    }
}

pub(crate) fn public_key_of<'py, C: EcdsaCurve>(
    py: Python<'py>,
    secret: &[u8],
    compressed: bool,
) -> PyResult<Bound<'py, PyBytes>>
where
    C::Base: PrimeField,
    Affine<C>: PointEncoding,
{
    let sk = SigningKey::<C>::from_bytes(secret).py_err()?;
    Ok(sec1(py, sk.verifying_key(), compressed))
}

pub(crate) fn sign_recoverable<C: EcdsaCurve>(
    secret: &[u8],
    message: &[u8],
    hasher: Option<&str>,
) -> PyResult<([u8; 64], u8)>
where
    C::Base: PrimeField,
    Affine<C>: PointEncoding,
{
    let d = digest(message, hasher)?;
    let sk = SigningKey::<C>::from_bytes(secret).py_err()?;
    let (sig, id) = sk.sign_prehash(&d).py_err()?;
    Ok((sig.to_bytes(), id.to_u8()))
}

pub(crate) fn verify_sig<C: EcdsaCurve>(
    public_key: &[u8],
    message: &[u8],
    signature: &[u8],
    hasher: Option<&str>,
    low_s: bool,
) -> PyResult<bool>
where
    C::Base: PrimeField,
    Affine<C>: PointEncoding,
{
    let d = digest(message, hasher)?;
    let pk = VerifyingKey::<C>::from_sec1_bytes(public_key).py_err()?;
    let sig: [u8; 64] = arr(signature, "signature")?;
    let Ok(sig) = Signature::<C>::from_bytes(&sig) else {
        return Ok(false);
    };
    Ok(if low_s { pk.verify_prehash_low_s(&d, &sig) } else { pk.verify_prehash(&d, &sig) })
}

pub(crate) fn ecdh_of<'py, C: EcdsaCurve>(py: Python<'py>, secret: &[u8], peer: &[u8]) -> PyResult<Bound<'py, PyBytes>>
where
    C::Base: PrimeField,
    Affine<C>: PointEncoding,
{
    let sk = SigningKey::<C>::from_bytes(secret).py_err()?;
    let pk = VerifyingKey::<C>::from_sec1_bytes(peer).py_err()?;
    let s = ecdh_proto::shared_secret(&sk, &pk).py_err()?;
    Ok(b(py, s.as_ref()))
}

pub(crate) fn to_der<'py, C: EcdsaCurve>(py: Python<'py>, signature: &[u8]) -> PyResult<Bound<'py, PyBytes>>
where
    C::Base: PrimeField,
    Affine<C>: PointEncoding,
{
    Ok(b(py, &Signature::<C>::from_bytes(signature).py_err()?.to_der()))
}

pub(crate) fn from_der<'py, C: EcdsaCurve>(py: Python<'py>, der: &[u8]) -> PyResult<Bound<'py, PyBytes>>
where
    C::Base: PrimeField,
    Affine<C>: PointEncoding,
{
    Ok(b(py, &Signature::<C>::from_der(der).py_err()?.to_bytes()))
}

/// The SEC1 public key (33 bytes compressed, or 65) of a 32-byte big-endian secret key in
/// [1, n).
#[pyfunction]
#[pyo3(signature = (secret, compressed = true))]
fn public_key<'py>(py: Python<'py>, secret: &[u8], compressed: bool) -> PyResult<Bound<'py, PyBytes>> {
    public_key_of::<Secp256k1>(py, secret, compressed)
}

/// ECDSA: the 64-byte signature `r ‖ s` (low `s`, RFC 6979 nonce) of `message` hashed with
/// `hasher` (`"sha256"` default, `"keccak256"`, or `None` for a 32-byte digest).
#[pyfunction]
#[pyo3(signature = (secret, message, hasher = Some("sha256")))]
fn ecdsa_sign<'py>(
    py: Python<'py>,
    secret: &[u8],
    message: &[u8],
    hasher: Option<&str>,
) -> PyResult<Bound<'py, PyBytes>> {
    Ok(b(py, &sign_recoverable::<Secp256k1>(secret, message, hasher)?.0))
}

/// ECDSA with the recovery id: `(signature, recovery_id)`, the id in 0..=3 (Ethereum's `v`
/// is `27 + recovery_id`).
#[pyfunction]
#[pyo3(signature = (secret, message, hasher = Some("sha256")))]
fn ecdsa_sign_recoverable<'py>(
    py: Python<'py>,
    secret: &[u8],
    message: &[u8],
    hasher: Option<&str>,
) -> PyResult<Bound<'py, PyTuple>> {
    let (sig, id) = sign_recoverable::<Secp256k1>(secret, message, hasher)?;
    (b(py, &sig), id).into_pyobject(py)
}

/// ECDSA verification of a 64-byte `r ‖ s` signature under a SEC1 public key (33 or 65
/// bytes). High `s` is accepted unless `low_s=True`. A malformed key or a wrong length raises
/// `isochron.Error`; a signature with `r` or `s` out of range is `False`.
#[pyfunction]
#[pyo3(signature = (public_key, message, signature, hasher = Some("sha256"), low_s = false))]
fn ecdsa_verify(
    public_key: &[u8],
    message: &[u8],
    signature: &[u8],
    hasher: Option<&str>,
    low_s: bool,
) -> PyResult<bool> {
    verify_sig::<Secp256k1>(public_key, message, signature, hasher, low_s)
}

/// ECDSA public-key recovery (SEC 1 §4.1.6): the SEC1 key that made `signature` (64 bytes) on
/// `message` with `recovery_id` (0..=3); raises `isochron.Error` when none does.
#[pyfunction]
#[pyo3(signature = (message, signature, recovery_id, hasher = Some("sha256"), compressed = true))]
fn ecdsa_recover<'py>(
    py: Python<'py>,
    message: &[u8],
    signature: &[u8],
    recovery_id: u8,
    hasher: Option<&str>,
    compressed: bool,
) -> PyResult<Bound<'py, PyBytes>> {
    let d = digest(message, hasher)?;
    let sig = Signature::<Secp256k1>::from_bytes(signature).py_err()?;
    let id = RecoveryId::new(recovery_id).ok_or_else(|| msg(format!("recovery id {recovery_id} above 3")))?;
    let key = VerifyingKey::<Secp256k1>::recover_prehash(&d, &sig, id).py_err()?;
    Ok(sec1(py, &key, compressed))
}

/// The strict DER encoding of a 64-byte `r ‖ s` signature.
#[pyfunction]
fn signature_to_der<'py>(py: Python<'py>, signature: &[u8]) -> PyResult<Bound<'py, PyBytes>> {
    to_der::<Secp256k1>(py, signature)
}

/// The 64-byte `r ‖ s` of a strict DER signature.
#[pyfunction]
fn signature_from_der<'py>(py: Python<'py>, der: &[u8]) -> PyResult<Bound<'py, PyBytes>> {
    from_der::<Secp256k1>(py, der)
}

/// BIP-340: the 32-byte x-only public key of a 32-byte secret key.
#[pyfunction]
fn schnorr_public_key<'py>(py: Python<'py>, secret: &[u8]) -> PyResult<Bound<'py, PyBytes>> {
    let sk = bip340::SigningKey::<Secp256k1>::from_bytes(secret).py_err()?;
    Ok(b(py, &sk.verifying_key().to_bytes()))
}

/// BIP-340: the 64-byte Schnorr signature of `message` (any length) with 32 bytes of
/// auxiliary randomness `aux_rand` (fresh OS randomness when `None`).
#[pyfunction]
#[pyo3(signature = (secret, message, aux_rand = None))]
fn schnorr_sign<'py>(
    py: Python<'py>,
    secret: &[u8],
    message: &[u8],
    aux_rand: Option<&[u8]>,
) -> PyResult<Bound<'py, PyBytes>> {
    let sk = bip340::SigningKey::<Secp256k1>::from_bytes(secret).py_err()?;
    let aux: [u8; 32] = match aux_rand {
        Some(a) => arr(a, "aux_rand")?,
        None => {
            let mut a = [0u8; 32];
            rand_core::RngCore::fill_bytes(&mut rand_core::OsRng, &mut a);
            a
        }
    };
    Ok(b(py, &sk.sign(message, &aux)))
}

/// BIP-340 verification under a 32-byte x-only public key: `False` for a key that is not the
/// x-coordinate of a point, or an invalid signature; a wrong length raises `isochron.Error`.
#[pyfunction]
fn schnorr_verify(public_key: &[u8], message: &[u8], signature: &[u8]) -> PyResult<bool> {
    let pk: [u8; 32] = arr(public_key, "public key")?;
    let sig: [u8; 64] = arr(signature, "signature")?;
    Ok(bip340::VerifyingKey::<Secp256k1>::from_bytes(&pk).is_ok_and(|k| k.verify(message, &sig)))
}

/// BIP-340 batch verification of (x-only key, message, signature) triples: `True` iff all
/// verify (random weights). A key that does not decode makes the batch `False`.
#[pyfunction]
fn schnorr_batch_verify(
    py: Python<'_>,
    public_keys: Vec<Bound<'_, PyBytes>>,
    messages: Vec<Bound<'_, PyBytes>>,
    signatures: Vec<Bound<'_, PyBytes>>,
) -> PyResult<bool> {
    let n = public_keys.len();
    if messages.len() != n || signatures.len() != n {
        return Err(msg(format!(
            "schnorr_batch_verify: {n} public keys, {} messages and {} signatures",
            messages.len(),
            signatures.len()
        )));
    }
    let mut keys = Vec::with_capacity(n);
    for k in &public_keys {
        match bip340::VerifyingKey::<Secp256k1>::from_bytes(&arr::<32>(k.as_bytes(), "public key")?) {
            Ok(k) => keys.push(k),
            Err(_) => return Ok(false),
        }
    }
    let msgs: Vec<&[u8]> = messages.iter().map(|m| m.as_bytes()).collect();
    let sigs: Vec<&[u8]> = signatures.iter().map(|s| s.as_bytes()).collect();
    Ok(py.detach(|| {
        let items: Vec<_> = (0..n).map(|i| (&keys[i], msgs[i], sigs[i])).collect();
        bip340::verify_batch(&items, &mut rand_core::OsRng)
    }))
}

/// ECDH (SEC 1 §3.3.1): the 32-byte x-coordinate of `secret·peer_public_key` (SEC1 key, 33 or
/// 65 bytes, validated).
#[pyfunction]
fn ecdh<'py>(py: Python<'py>, secret: &[u8], peer_public_key: &[u8]) -> PyResult<Bound<'py, PyBytes>> {
    ecdh_of::<Secp256k1>(py, secret, peer_public_key)
}

/// Registers the module's functions.
pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(public_key, m)?)?;
    m.add_function(wrap_pyfunction!(ecdsa_sign, m)?)?;
    m.add_function(wrap_pyfunction!(ecdsa_sign_recoverable, m)?)?;
    m.add_function(wrap_pyfunction!(ecdsa_verify, m)?)?;
    m.add_function(wrap_pyfunction!(ecdsa_recover, m)?)?;
    m.add_function(wrap_pyfunction!(signature_to_der, m)?)?;
    m.add_function(wrap_pyfunction!(signature_from_der, m)?)?;
    m.add_function(wrap_pyfunction!(schnorr_public_key, m)?)?;
    m.add_function(wrap_pyfunction!(schnorr_sign, m)?)?;
    m.add_function(wrap_pyfunction!(schnorr_verify, m)?)?;
    m.add_function(wrap_pyfunction!(schnorr_batch_verify, m)?)?;
    m.add_function(wrap_pyfunction!(ecdh, m)?)?;
    Ok(())
}
