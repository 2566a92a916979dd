//! `isochron.ristretto255`: the prime-order group ristretto255 (RFC 9496;
//! `isochron::curves::curve25519::ristretto`): 32-byte canonical encodings, the group law,
//! scalar multiplication, the one-way map from 64 uniform bytes and RFC 9380's
//! `hash_to_ristretto255`.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyType};

use isochron::curves::curve25519::{scalar, RistrettoPoint, Scalar};

use crate::curves::{modulus, scalar as int_scalar};
use crate::errors::{msg, IntoPy};
use crate::util::{arr, b};

/// A scalar mod ℓ: a Python `int` (reduced mod ℓ) or 32 canonical little-endian bytes (the
/// RFC 8032 / RFC 9496 convention).
fn scalar_of(k: &Bound<'_, PyAny>) -> PyResult<Scalar> {
    if let Ok(bytes) = k.cast::<PyBytes>() {
        let le: [u8; 32] = arr(bytes.as_bytes(), "scalar")?;
        return scalar::from_canonical_bytes(&le).ok_or_else(|| msg("scalar: not below the group order ℓ"));
    }
    int_scalar::<Scalar>(k)
}

/// A ristretto255 element (immutable).
#[pyclass(module = "isochron.ristretto255", name = "Point", frozen, eq)]
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Point(RistrettoPoint);

#[pymethods]
impl Point {
    /// The generator (RFC 9496 §4.4).
    #[classmethod]
    fn generator(_cls: &Bound<'_, PyType>) -> Self {
        Point(RistrettoPoint::generator())
    }

    /// The identity.
    #[classmethod]
    fn identity(_cls: &Bound<'_, PyType>) -> Self {
        Point(RistrettoPoint::default())
    }

    /// Decodes a 32-byte encoding (RFC 9496 §4.3.1); raises `isochron.Error` for a
    /// non-canonical or invalid one.
    #[classmethod]
    fn from_bytes(_cls: &Bound<'_, PyType>, data: &[u8]) -> PyResult<Self> {
        Ok(Point(RistrettoPoint::decode(&arr(data, "ristretto255 encoding")?).py_err()?))
    }

    /// The one-way map (RFC 9496 §4.3.4) of 64 uniformly random bytes.
    #[classmethod]
    fn from_uniform_bytes(_cls: &Bound<'_, PyType>, data: &[u8]) -> PyResult<Self> {
        Ok(Point(RistrettoPoint::from_uniform_bytes(&arr(data, "uniform bytes")?)))
    }

    /// RFC 9380 `hash_to_ristretto255` (`ristretto255_XMD:SHA-512_R255MAP_RO_`) with the
    /// domain separation tag `dst` (non-empty).
    #[classmethod]
    fn hash_to_group(_cls: &Bound<'_, PyType>, msg: &[u8], dst: &[u8]) -> PyResult<Self> {
        Ok(Point(RistrettoPoint::hash_to_group(msg, dst).py_err()?))
    }

    /// `[k]·G` for the generator (constant time).
    #[classmethod]
    fn mul_base(_cls: &Bound<'_, PyType>, k: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(Point(RistrettoPoint::mul_base(&scalar_of(k)?)))
    }

    /// The canonical 32-byte encoding (RFC 9496 §4.3.2).
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        b(py, &self.0.encode())
    }

    /// Whether this is the identity.
    fn is_identity(&self) -> bool {
        self.0.is_identity().into()
    }

    fn __add__(&self, other: &Self) -> Self {
        Point(self.0 + other.0)
    }

    fn __sub__(&self, other: &Self) -> Self {
        Point(self.0 - other.0)
    }

    fn __neg__(&self) -> Self {
        Point(-self.0)
    }

    /// `[k]·P` (constant time in `k`).
    fn __mul__(&self, k: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(Point(self.0.mul_ct(&scalar_of(k)?)))
    }

    fn __rmul__(&self, k: &Bound<'_, PyAny>) -> PyResult<Self> {
        self.__mul__(k)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.0.encode().hash(&mut h);
        h.finish()
    }

    fn __bytes__<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        self.to_bytes(py)
    }

    fn __repr__(&self) -> String {
        let hex: String = self.0.encode().iter().map(|x| format!("{x:02x}")).collect();
        format!("isochron.ristretto255.Point({hex})")
    }
}

/// Registers the class and the group order ℓ.
pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Point>()?;
    m.add("ORDER", modulus::<Scalar>(m.py())?)?;
    Ok(())
}
