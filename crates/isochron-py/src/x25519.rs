//! `isochron.x25519`: X25519 (RFC 7748; `isochron::protocols::x25519`), 32-byte keys.

use pyo3::prelude::*;
use pyo3::types::PyBytes;

use isochron::protocols::x25519 as x;

use crate::errors::IntoPy;
use crate::util::{arr, b};

/// `X25519(k, u)` (RFC 7748 §5), the raw function: the scalar clamped, any u-coordinate (top
/// bit masked), no check of the output.
#[pyfunction]
fn x25519<'py>(py: Python<'py>, k: &[u8], u: &[u8]) -> PyResult<Bound<'py, PyBytes>> {
    Ok(b(py, &x::x25519(&arr(k, "scalar")?, &arr(u, "u-coordinate")?)))
}

/// The 32-byte public key `X25519(secret, 9)` of a 32-byte secret key (RFC 7748 §6.1).
#[pyfunction]
fn public_key<'py>(py: Python<'py>, secret: &[u8]) -> PyResult<Bound<'py, PyBytes>> {
    Ok(b(py, &x::public_key(&arr(secret, "secret key")?)))
}

/// The 32-byte shared secret `X25519(secret, peer_public_key)` (RFC 7748 §6.1); raises
/// `isochron.Error` when it is all zeros (the peer's key has small order).
#[pyfunction]
fn shared_secret<'py>(py: Python<'py>, secret: &[u8], peer_public_key: &[u8]) -> PyResult<Bound<'py, PyBytes>> {
    let s = x::shared_secret(&arr(secret, "secret key")?, &arr(peer_public_key, "public key")?).py_err()?;
    Ok(b(py, &s))
}

/// Registers the module's functions and the base point.
pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(x25519, m)?)?;
    m.add_function(wrap_pyfunction!(public_key, m)?)?;
    m.add_function(wrap_pyfunction!(shared_secret, m)?)?;
    m.add("BASEPOINT", b(m.py(), &x::BASEPOINT))?;
    Ok(())
}
