//! Conversions shared by the submodules.

use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::errors::msg;

/// A `bytes` object of `data`.
pub(crate) fn b<'py>(py: Python<'py>, data: &[u8]) -> Bound<'py, PyBytes> {
    PyBytes::new(py, data)
}

/// `data` as a fixed-size array, or `isochron.Error` naming `what`.
pub(crate) fn arr<const L: usize>(data: &[u8], what: &str) -> PyResult<[u8; L]> {
    data.try_into().map_err(|_| msg(format!("{what}: wrong length: expected {L} bytes, got {}", data.len())))
}

/// A list of `bytes` objects.
pub(crate) fn list_of_bytes<'py, T: AsRef<[u8]>>(py: Python<'py>, items: &[T]) -> Vec<Bound<'py, PyBytes>> {
    items.iter().map(|i| PyBytes::new(py, i.as_ref())).collect()
}
