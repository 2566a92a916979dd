//! The exceptions: `isochron.Error` (a `ValueError`) and its subclasses
//! `isochron.PrecompileError` and `isochron.KzgError` (also a `RuntimeError`).

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};

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

/// `isochron.KzgError`: the KZG functions' error, a subclass of both `isochron.Error` (a
/// `ValueError`) and `RuntimeError`, so that code written for `ckzg` (which raises
/// `ValueError` for malformed arguments and `RuntimeError` when the C library rejects an
/// input) catches it either way. Made at first use with `type(...)`: PyO3's
/// `create_exception!` takes one base.
static KZG_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// The `isochron.KzgError` type.
pub(crate) fn kzg_error_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    KZG_ERROR
        .get_or_try_init(py, || {
            let bases = PyTuple::new(py, [py.get_type::<Error>(), py.get_type::<PyRuntimeError>()])?;
            let dict = PyDict::new(py);
            dict.set_item("__module__", "isochron")?;
            dict.set_item(
                "__doc__",
                "A KZG input rejected by isochron (the message is the reason): an isochron.Error \
                 (ValueError) and a RuntimeError, as ckzg raises either.",
            )?;
            let t = py.get_type::<PyType>().call1(("KzgError", bases, dict))?;
            Ok(t.cast_into::<PyType>()?.unbind())
        })
        .map(|t| t.bind(py))
}

/// `Result<T, isochron::Error>` → `PyResult<T>` with `isochron.KzgError`.
pub(crate) trait IntoKzg<T> {
    /// The error as an `isochron.KzgError`.
    fn kzg_err(self, py: Python<'_>) -> PyResult<T>;
}

impl<T, E: core::fmt::Display> IntoKzg<T> for Result<T, E> {
    fn kzg_err(self, py: Python<'_>) -> PyResult<T> {
        self.map_err(|e| match kzg_error_type(py) {
            Ok(t) => PyErr::from_type(t.clone(), e.to_string()),
            Err(err) => err,
        })
    }
}
