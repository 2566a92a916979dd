//! The exceptions: `isochron.Error` (a `ValueError`) and its subclass
//! `isochron.PrecompileError`.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::PyErr;

create_exception!(
    isochron,
    Error,
    PyValueError,
    "Bad input rejected by isochron; the message is the library's reason (wrong length, not on \
     the curve, not in the subgroup, non-canonical, ...)."
);
create_exception!(
    isochron,
    PrecompileError,
    Error,
    "An EVM precompile call failed (the EVM's exceptional halt); the message says which rule of \
     the specification the input broke."
);

/// `isochron.Error` with isochron's reason.
pub(crate) fn err(e: impl core::fmt::Display) -> PyErr {
    Error::new_err(e.to_string())
}

/// `isochron.Error` with a message of the bindings' own.
pub(crate) fn msg(m: impl Into<String>) -> PyErr {
    Error::new_err(m.into())
}

/// `Result<T, isochron::Error>` → `PyResult<T>`.
pub(crate) trait IntoPy<T> {
    /// The error as an `isochron.Error`.
    fn py_err(self) -> pyo3::PyResult<T>;
}

impl<T, E: core::fmt::Display> IntoPy<T> for Result<T, E> {
    fn py_err(self) -> pyo3::PyResult<T> {
        self.map_err(err)
    }
}
