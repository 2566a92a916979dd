//! `isochron.ed25519`: Ed25519 (RFC 8032 §5.1; `isochron::protocols::ed25519`) with `bytes`
//! in and out: 32-byte seeds (secret keys), 32-byte public keys, 64-byte signatures; the
//! Ed25519ctx and Ed25519ph variants; the verification modes `"rfc8032"` (default),
//! `"strict"` and `"zip215"`; batch verification.

use pyo3::prelude::*;
use pyo3::types::PyBytes;

use isochron::protocols::ed25519::{self, Mode, SigningKey, Variant};

use crate::errors::{msg, IntoPy};
use crate::util::{arr, b};

/// The variant of `context` and `prehashed`: Ed25519 when both are absent, Ed25519ctx with a
/// context, Ed25519ph when `prehashed` (with the context, empty by default).
fn variant<'a>(context: Option<&'a [u8]>, prehashed: bool) -> Variant<'a> {
    match (context, prehashed) {
        (None, false) => Variant::Pure,
        (Some(c), false) => Variant::Ctx(c),
        (c, true) => Variant::Ph(c.unwrap_or(&[])),
    }
}

fn mode(name: &str) -> PyResult<Mode> {
    match name {
        "rfc8032" => Ok(Mode::Rfc8032),
        "strict" => Ok(Mode::Strict),
        "zip215" => Ok(Mode::Zip215),
        _ => Err(msg(format!("unknown Ed25519 verification mode {name:?} (rfc8032, strict or zip215)"))),
    }
}

/// The 32-byte public key of a 32-byte seed (RFC 8032 §5.1.5).
#[pyfunction]
fn public_key<'py>(py: Python<'py>, seed: &[u8]) -> PyResult<Bound<'py, PyBytes>> {
    Ok(b(py, &ed25519::public_key(&arr(seed, "seed")?)))
}

/// The 64-byte signature of `message` under the 32-byte `seed` (RFC 8032 §5.1.6,
/// deterministic). With `context`: Ed25519ctx; with `prehashed=True`: Ed25519ph (the message
/// is hashed with SHA-512 first; `context` optional).
#[pyfunction]
#[pyo3(signature = (seed, message, context = None, prehashed = false))]
fn sign<'py>(
    py: Python<'py>,
    seed: &[u8],
    message: &[u8],
    context: Option<&[u8]>,
    prehashed: bool,
) -> PyResult<Bound<'py, PyBytes>> {
    let key = SigningKey::from_seed(&arr(seed, "seed")?);
    let sig = key.sign_with(message, variant(context, prehashed)).py_err()?;
    Ok(b(py, &sig))
}

/// Whether `signature` (64 bytes) signs `message` under `public_key` (32 bytes), by the rules
/// of `mode`: `"rfc8032"` (cofactorless, canonical encodings), `"strict"` (also rejects
/// small-order keys and R) or `"zip215"` (cofactored, non-canonical encodings accepted).
/// `context`/`prehashed` select Ed25519ctx/Ed25519ph as in `sign`. Wrong lengths raise
/// `isochron.Error`; an invalid key or signature of the right length is `False`.
#[pyfunction]
#[pyo3(signature = (public_key, message, signature, mode = "rfc8032", context = None, prehashed = false))]
fn verify(
    public_key: &[u8],
    message: &[u8],
    signature: &[u8],
    mode: &str,
    context: Option<&[u8]>,
    prehashed: bool,
) -> PyResult<bool> {
    let m = self::mode(mode)?;
    let pk = arr(public_key, "public key")?;
    let sig = arr(signature, "signature")?;
    Ok(ed25519::verify_with(&pk, message, &sig, variant(context, prehashed), m))
}

/// Verifies many (public key, message, signature) triples at once (one multiscalar
/// multiplication with random 128-bit weights; ZIP 215 rules). The three lists must have the
/// same length; an empty batch is `True`.
#[pyfunction]
fn batch_verify(
    py: Python<'_>,
    public_keys: Vec<Bound<'_, PyBytes>>,
    messages: Vec<Bound<'_, PyBytes>>,
    signatures: Vec<Bound<'_, PyBytes>>,
) -> PyResult<bool> {
    let n = public_keys.len();
    if messages.len() != n || signatures.len() != n {
        return Err(msg(format!(
            "batch_verify: {n} public keys, {} messages and {} signatures",
            messages.len(),
            signatures.len()
        )));
    }
    let pks = public_keys.iter().map(|k| arr::<32>(k.as_bytes(), "public key")).collect::<PyResult<Vec<_>>>()?;
    let sigs = signatures.iter().map(|s| arr::<64>(s.as_bytes(), "signature")).collect::<PyResult<Vec<_>>>()?;
    let msgs: Vec<&[u8]> = messages.iter().map(|m| m.as_bytes()).collect();
    Ok(py.detach(|| {
        let items: Vec<_> = (0..n).map(|i| (&pks[i], msgs[i], &sigs[i])).collect();
        ed25519::batch_verify(&items, &mut rand_core::OsRng)
    }))
}

/// Registers the module's functions.
pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(public_key, m)?)?;
    m.add_function(wrap_pyfunction!(sign, m)?)?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(batch_verify, m)?)?;
    Ok(())
}
