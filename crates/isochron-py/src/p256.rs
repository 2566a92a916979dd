//! `isochron.p256`: ECDSA (deterministic RFC 6979 nonces) and ECDH on NIST P-256
//! (`isochron::protocols::{ecdsa, ecdh}`), `bytes` in and out.

use pyo3::prelude::*;
use pyo3::types::PyBytes;

use isochron::curves::p256::P256;

use crate::secp256k1::{ecdh_of, from_der, public_key_of, sign_recoverable, to_der, verify_sig};
use crate::util::b;

/// The SEC1 public key (33 bytes compressed, or 65) of a 32-byte big-endian secret key in
/// [1, n).
#[pyfunction]
#[pyo3(signature = (secret, compressed = true))]
fn public_key<'py>(py: Python<'py>, secret: &[u8], compressed: bool) -> PyResult<Bound<'py, PyBytes>> {
    public_key_of::<P256>(py, secret, compressed)
}

/// ECDSA: the 64-byte signature `r ‖ s` (RFC 6979 nonce; `s` not normalized, as is customary
/// on P-256) of `message` hashed with `hasher` (`"sha256"` default, or `None` for a 32-byte
/// digest).
#[pyfunction]
#[pyo3(signature = (secret, message, hasher = Some("sha256")))]
fn sign<'py>(py: Python<'py>, secret: &[u8], message: &[u8], hasher: Option<&str>) -> PyResult<Bound<'py, PyBytes>> {
    Ok(b(py, &sign_recoverable::<P256>(secret, message, hasher)?.0))
}

/// ECDSA verification of a 64-byte `r ‖ s` signature under a SEC1 public key (33 or 65
/// bytes). A malformed key or a wrong length raises `isochron.Error`; a signature with `r` or
/// `s` out of range is `False`.
#[pyfunction]
#[pyo3(signature = (public_key, message, signature, hasher = Some("sha256")))]
fn verify(public_key: &[u8], message: &[u8], signature: &[u8], hasher: Option<&str>) -> PyResult<bool> {
    verify_sig::<P256>(public_key, message, signature, hasher, false)
}

/// The strict DER encoding of a 64-byte `r ‖ s` signature.
#[pyfunction]
fn signature_to_der<'py>(py: Python<'py>, signature: &[u8]) -> PyResult<Bound<'py, PyBytes>> {
    to_der::<P256>(py, signature)
}

/// The 64-byte `r ‖ s` of a strict DER signature.
#[pyfunction]
fn signature_from_der<'py>(py: Python<'py>, der: &[u8]) -> PyResult<Bound<'py, PyBytes>> {
    from_der::<P256>(py, der)
}

/// ECDH (SEC 1 §3.3.1): the 32-byte x-coordinate of `secret·peer_public_key` (SEC1 key,
/// validated).
#[pyfunction]
fn ecdh<'py>(py: Python<'py>, secret: &[u8], peer_public_key: &[u8]) -> PyResult<Bound<'py, PyBytes>> {
    ecdh_of::<P256>(py, secret, peer_public_key)
}

/// Registers the module's functions.
pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(public_key, m)?)?;
    m.add_function(wrap_pyfunction!(sign, m)?)?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(signature_to_der, m)?)?;
    m.add_function(wrap_pyfunction!(signature_from_der, m)?)?;
    m.add_function(wrap_pyfunction!(ecdh, m)?)?;
    Ok(())
}
