//! `isochron.evm`: the EVM's cryptographic precompiles (`isochron::protocols::evm`), by name
//! (`"bn254_add"`, `"bls12_pairing"`, `"p256verify"`…) or address (`"0x06"`, `6`).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyTuple};

use isochron::protocols::evm::{Fork, Precompile};

use crate::errors::{msg, PrecompileError};
use crate::util::b;

/// The precompile named or addressed by `p`: a lower-case name, an address in hex with `0x`,
/// or an integer address.
fn precompile(p: &Bound<'_, PyAny>) -> PyResult<Precompile> {
    if let Ok(s) = p.extract::<String>() {
        return Precompile::parse(&s).ok_or_else(|| PrecompileError::new_err(format!("unknown precompile {s:?}")));
    }
    if p.is_instance_of::<PyInt>() {
        let n: u64 = p.extract().map_err(|_| PrecompileError::new_err("unknown precompile address"))?;
        return u16::try_from(n)
            .ok()
            .and_then(Precompile::from_address)
            .ok_or_else(|| PrecompileError::new_err(format!("no precompile at address {n:#x}")));
    }
    Err(PyTypeError::new_err("precompile: expected a name or address (str) or an address (int)"))
}

/// The fork of `name` (`None`: Osaka, the default).
fn fork(name: Option<&str>) -> PyResult<Fork> {
    match name {
        None => Ok(Fork::default()),
        Some(n) => n.parse().map_err(|e| msg(format!("{e}: {n:?}"))),
    }
}

/// Runs a precompile: `run(name_or_address, data, fork=None, gas_limit=None)` returns
/// `(output, gas_used)`. `name_or_address` is a lower-case name (`"bn254_add"`), a hex address
/// (`"0x06"`, `"0x0100"`) or an int (`6`); `fork` one of `"istanbul"`, `"berlin"`, `"cancun"`,
/// `"prague"`, `"osaka"` (default); `gas_limit` the gas given to the call (default 2^32).
/// A failing call (the EVM's exceptional halt) raises `isochron.PrecompileError` with the
/// reason: bad input, out of gas, not active in the fork...
#[pyfunction]
#[pyo3(signature = (name_or_address, data, fork = None, gas_limit = None))]
fn run<'py>(
    py: Python<'py>,
    name_or_address: &Bound<'py, PyAny>,
    data: &[u8],
    fork: Option<&str>,
    gas_limit: Option<u64>,
) -> PyResult<Bound<'py, PyTuple>> {
    let p = precompile(name_or_address)?;
    let f = self::fork(fork)?;
    let limit = gas_limit.unwrap_or(isochron::protocols::evm::DEFAULT_GAS_LIMIT);
    let (out, gas) =
        py.detach(|| p.execute(data, limit, f)).map_err(|e| PrecompileError::new_err(format!("{}: {e}", p.name())))?;
    (b(py, &out), gas).into_pyobject(py)
}

/// The gas a call costs: `gas(name_or_address, data, fork=None)` (the gas formula alone,
/// whether or not the input is valid).
#[pyfunction]
#[pyo3(signature = (name_or_address, data, fork = None))]
fn gas(name_or_address: &Bound<'_, PyAny>, data: &[u8], fork: Option<&str>) -> PyResult<u64> {
    Ok(precompile(name_or_address)?.gas(data, self::fork(fork)?))
}

/// The precompiles as `(name, address)` pairs, in address order.
#[pyfunction]
fn precompiles() -> Vec<(&'static str, u16)> {
    Precompile::ALL.iter().map(|p| (p.name(), p.address())).collect()
}

/// The forks, oldest first.
#[pyfunction]
fn forks() -> Vec<&'static str> {
    Fork::ALL.iter().map(|f| f.name()).collect()
}

/// Registers the module's functions.
pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(run, m)?)?;
    m.add_function(wrap_pyfunction!(gas, m)?)?;
    m.add_function(wrap_pyfunction!(precompiles, m)?)?;
    m.add_function(wrap_pyfunction!(forks, m)?)?;
    m.add("DEFAULT_GAS_LIMIT", isochron::protocols::evm::DEFAULT_GAS_LIMIT)?;
    Ok(())
}
