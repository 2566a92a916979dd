//! `isochron._native`: the Python extension module of isochron (PyO3), over isochron's safe
//! Rust API (never over the C ABI). The pure-Python package `isochron` (`python/isochron/`)
//! re-exports each submodule (`isochron.bls`, `isochron.kzg`, `isochron.evm`,
//! `isochron.curves`, `isochron.ed25519`, `isochron.x25519`, `isochron.secp256k1`,
//! `isochron.p256`, `isochron.ristretto255`) with its type stubs.
//!
//! Conventions:
//! - `bytes` in, `bytes` out; a list of items is a Python list (or any sequence).
//! - Bad input raises `isochron.Error` (a `ValueError`) carrying isochron's reason
//!   (`isochron::Error`'s message); EVM precompile failures raise `isochron.PrecompileError`
//!   and KZG failures `isochron.KzgError` (subclasses; `KzgError` is also a `RuntimeError`,
//!   as `ckzg`'s errors are). A well-formed signature or proof that does not verify is `False`.
//! - The GIL is released (`Python::detach`) around the heavy calls: pairings, MSMs, KZG,
//!   batch verification. Inputs are copied or borrowed from immutable `bytes` first.
//! - A panic is turned into `pyo3_runtime.PanicException` by PyO3 (the release profile
//!   unwinds); none is expected (every decoder returns an error).

use pyo3::prelude::*;

mod bls;
mod curves;
mod ed25519;
mod errors;
mod evm;
mod kzg;
mod p256;
mod ristretto255;
mod secp256k1;
mod util;
mod x25519;

/// The native module; the submodules are added as attributes (`isochron._native.bls`…).
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Error", py.get_type::<errors::Error>())?;
    m.add("PrecompileError", py.get_type::<errors::PrecompileError>())?;
    m.add("KzgError", errors::kzg_error_type(py)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    for (name, init) in [
        ("bls", bls::init as fn(&Bound<'_, PyModule>) -> PyResult<()>),
        ("kzg", kzg::init),
        ("evm", evm::init),
        ("curves", curves::init),
        ("ed25519", ed25519::init),
        ("x25519", x25519::init),
        ("secp256k1", secp256k1::init),
        ("p256", p256::init),
        ("ristretto255", ristretto255::init),
    ] {
        let sub = PyModule::new(py, name)?;
        init(&sub)?;
        m.add_submodule(&sub)?;
    }
    Ok(())
}
