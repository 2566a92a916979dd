//! `isochron.curves`: the groups G1 and G2 of BLS12-381 and BN254 (`isochron::curves`), with
//! their encodings, the group law, scalar multiplication, MSM and the pairing check.
//!
//! Points are immutable values in projective coordinates. Scalars are Python `int`s (reduced
//! modulo the group order `r`, negative values included) or 32 big-endian `bytes` below `r`.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyInt, PyType};

use isochron::curve::{Group, PointEncoding};
use isochron::curves::{bls12_381, bn254};
use isochron::field::PrimeField;

use crate::errors::{msg, IntoPy};
use crate::util::b;

/// A scalar of the field `F` from a Python `int` (any size, reduced mod `r`) or 32 (`F::BYTES`)
/// canonical big-endian bytes.
pub(crate) fn scalar<F: PrimeField + core::ops::Neg<Output = F>>(k: &Bound<'_, PyAny>) -> PyResult<F> {
    if let Ok(int) = k.cast::<PyInt>() {
        let negative = int.lt(0)?;
        let abs = if negative { int.neg()? } else { int.clone().into_any() };
        let bits: usize = abs.call_method0("bit_length")?.extract()?;
        let bytes = abs.call_method1("to_bytes", (bits.div_ceil(8), "big"))?;
        let v = F::from_bytes_be_wide(bytes.cast::<PyBytes>()?.as_bytes());
        return Ok(if negative { -v } else { v });
    }
    if let Ok(bytes) = k.cast::<PyBytes>() {
        return F::from_bytes_be(bytes.as_bytes()).py_err();
    }
    Err(PyTypeError::new_err(format!("scalar: expected an int or 32 bytes, got {}", k.get_type().name()?)))
}

/// The modulus of `F` as a Python `int`.
pub(crate) fn modulus<'py, F: PrimeField>(py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
    let mut be = Vec::new();
    for w in F::MODULUS.as_ref().iter().rev() {
        be.extend_from_slice(&w.to_be_bytes());
    }
    py.get_type::<PyInt>().call_method1("from_bytes", (PyBytes::new(py, &be), "big"))
}

macro_rules! group_class {
    (
        $cls:ident, name = $name:literal, module = $module:literal, doc = $doc:literal,
        proj = $proj:ty, affine = $aff:ty,
        extra_from = $extra_from:ident, extra_to = $extra_to:ident, extra_doc = $extra_doc:literal
    ) => {
        #[doc = $doc]
        #[pyclass(module = $module, name = $name, frozen, eq)]
        #[derive(Clone, PartialEq, Eq)]
        pub(crate) struct $cls(pub(crate) $proj);

        #[pymethods]
        impl $cls {
            /// The group's fixed generator.
            #[classmethod]
            fn generator(_cls: &Bound<'_, PyType>) -> Self {
                $cls(<$proj as Group>::generator())
            }

            /// The identity (point at infinity).
            #[classmethod]
            fn identity(_cls: &Bound<'_, PyType>) -> Self {
                $cls(<$proj as Group>::identity())
            }

            /// Decodes a compressed point with every check (length, flags, canonical
            /// coordinates, on the curve, in the subgroup); raises `isochron.Error` with the
            /// reason.
            #[classmethod]
            fn from_compressed(_cls: &Bound<'_, PyType>, data: &[u8]) -> PyResult<Self> {
                Ok($cls(<$aff as PointEncoding>::from_compressed(data).py_err()?.into()))
            }

            /// Decodes an uncompressed point with every check.
            #[classmethod]
            fn from_uncompressed(_cls: &Bound<'_, PyType>, data: &[u8]) -> PyResult<Self> {
                Ok($cls(<$aff as PointEncoding>::from_uncompressed(data).py_err()?.into()))
            }

            #[doc = concat!("Decodes the ", $extra_doc, " encoding with every check.")]
            #[classmethod]
            fn $extra_from(_cls: &Bound<'_, PyType>, data: &[u8]) -> PyResult<Self> {
                Ok($cls(<$aff>::$extra_from(data).py_err()?.into()))
            }

            /// The compressed encoding.
            fn to_compressed<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
                b(py, self.0.to_affine().to_compressed().as_ref())
            }

            /// The uncompressed encoding.
            fn to_uncompressed<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
                b(py, self.0.to_affine().to_uncompressed().as_ref())
            }

            #[doc = concat!("The ", $extra_doc, " encoding.")]
            fn $extra_to<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
                b(py, self.0.to_affine().$extra_to().as_ref())
            }

            /// Whether this is the identity.
            fn is_identity(&self) -> bool {
                self.0.is_identity().into()
            }

            /// `2·P`.
            fn double(&self) -> Self {
                $cls(self.0.double())
            }

            /// Multi-scalar multiplication `Σ kᵢ·Pᵢ` (Pippenger, multi-threaded; variable time:
            /// for public scalars). The lists must have the same length; empty is the identity.
            #[classmethod]
            fn msm(
                _cls: &Bound<'_, PyType>,
                py: Python<'_>,
                points: Vec<$cls>,
                scalars: Vec<Bound<'_, PyAny>>,
            ) -> PyResult<Self> {
                if points.len() != scalars.len() {
                    return Err(msg(format!("msm: {} points but {} scalars", points.len(), scalars.len())));
                }
                let ks = scalars.iter().map(|k| scalar(k)).collect::<PyResult<Vec<_>>>()?;
                let ps: Vec<$proj> = points.iter().map(|p| p.0).collect();
                Ok($cls(py.detach(|| {
                    let affine = <$proj as Group>::batch_normalize(&ps);
                    <$proj as Group>::msm_vartime_parallel(&affine, &ks)
                })))
            }

            fn __add__(&self, other: &Self) -> Self {
                $cls(self.0 + other.0)
            }

            fn __sub__(&self, other: &Self) -> Self {
                $cls(self.0 - other.0)
            }

            fn __neg__(&self) -> Self {
                $cls(-self.0)
            }

            /// `k·P` (constant time in `k`).
            fn __mul__(&self, k: &Bound<'_, PyAny>) -> PyResult<Self> {
                Ok($cls(self.0 * scalar::<<$proj as Group>::Scalar>(k)?))
            }

            fn __rmul__(&self, k: &Bound<'_, PyAny>) -> PyResult<Self> {
                self.__mul__(k)
            }

            fn __hash__(&self) -> u64 {
                use std::hash::{Hash, Hasher};
                let mut h = std::collections::hash_map::DefaultHasher::new();
                self.0.to_affine().to_compressed().hash(&mut h);
                h.finish()
            }

            fn __bytes__<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
                self.to_compressed(py)
            }

            fn __repr__(&self) -> String {
                let hex: String =
                    self.0.to_affine().to_compressed().as_ref().iter().map(|x| format!("{x:02x}")).collect();
                format!("{}.{}({})", $module, $name, hex)
            }
        }

        impl $cls {
            fn affine(&self) -> $aff {
                self.0.to_affine()
            }
        }
    };
}

group_class!(
    Bls12381G1,
    name = "G1",
    module = "isochron.curves.bls12_381",
    doc = "A point of BLS12-381 G1 (compressed 48 bytes in the ZCash format, uncompressed 96; EIP-2537 128).",
    proj = bls12_381::G1Projective,
    affine = bls12_381::G1Affine,
    extra_from = from_eip2537,
    extra_to = to_eip2537,
    extra_doc = "EIP-2537 (128-byte, padded big-endian x ‖ y)"
);
group_class!(
    Bls12381G2,
    name = "G2",
    module = "isochron.curves.bls12_381",
    doc = "A point of BLS12-381 G2 (compressed 96 bytes in the ZCash format, uncompressed 192; EIP-2537 256).",
    proj = bls12_381::G2Projective,
    affine = bls12_381::G2Affine,
    extra_from = from_eip2537,
    extra_to = to_eip2537,
    extra_doc = "EIP-2537 (256-byte, padded big-endian)"
);
group_class!(
    Bn254G1,
    name = "G1",
    module = "isochron.curves.bn254",
    doc = "A point of BN254 (alt_bn128) G1 (arkworks format: compressed 32 bytes, uncompressed 64; EVM 64).",
    proj = bn254::G1Projective,
    affine = bn254::G1Affine,
    extra_from = from_evm_bytes,
    extra_to = to_evm_bytes,
    extra_doc = "EVM (EIP-196: 64-byte big-endian x ‖ y)"
);
group_class!(
    Bn254G2,
    name = "G2",
    module = "isochron.curves.bn254",
    doc = "A point of BN254 (alt_bn128) G2 (arkworks format: compressed 64 bytes, uncompressed 128; EVM 128).",
    proj = bn254::G2Projective,
    affine = bn254::G2Affine,
    extra_from = from_evm_bytes,
    extra_to = to_evm_bytes,
    extra_doc = "EVM (EIP-197: 128-byte, Fp2 imaginary part first)"
);

/// BLS12-381: whether `∏ e(Pᵢ, Qᵢ) = 1` for a list of `(G1, G2)` pairs (one multi-Miller
/// loop and one final exponentiation); `True` for an empty list.
#[pyfunction]
fn bls12_381_pairing_check(py: Python<'_>, pairs: Vec<(Bls12381G1, Bls12381G2)>) -> bool {
    let pairs: Vec<_> = pairs.iter().map(|(p, q)| (p.affine(), q.affine())).collect();
    py.detach(|| bls12_381::pairing_check(&pairs))
}

/// BN254: whether `∏ e(Pᵢ, Qᵢ) = 1` for a list of `(G1, G2)` pairs; `True` for an empty list.
#[pyfunction]
fn bn254_pairing_check(py: Python<'_>, pairs: Vec<(Bn254G1, Bn254G2)>) -> bool {
    let pairs: Vec<_> = pairs.iter().map(|(p, q)| (p.affine(), q.affine())).collect();
    py.detach(|| bn254::pairing_check(&pairs))
}

/// BLS12-381: RFC 9380 `hash_to_curve` to G1 (`BLS12381G1_XMD:SHA-256_SSWU_RO_`) with the
/// domain separation tag `dst`.
#[pyfunction]
fn bls12_381_hash_to_g1(msg: &[u8], dst: &[u8]) -> PyResult<Bls12381G1> {
    Ok(Bls12381G1(bls12_381::hash_to_g1(msg, dst).py_err()?))
}

/// BLS12-381: RFC 9380 `hash_to_curve` to G2 (`BLS12381G2_XMD:SHA-256_SSWU_RO_`) with the
/// domain separation tag `dst`.
#[pyfunction]
fn bls12_381_hash_to_g2(msg: &[u8], dst: &[u8]) -> PyResult<Bls12381G2> {
    Ok(Bls12381G2(bls12_381::hash_to_g2(msg, dst).py_err()?))
}

/// BN254: RFC 9380 `hash_to_curve` to G1 (`BN254G1_XMD:SHA-256_SVDW_RO_`) with the domain
/// separation tag `dst`.
#[pyfunction]
fn bn254_hash_to_g1(msg: &[u8], dst: &[u8]) -> PyResult<Bn254G1> {
    Ok(Bn254G1(bn254::hash_to_g1(msg, dst).py_err()?))
}

/// Registers the classes (as `BLS12_381_G1`…), the pairing checks and the group orders.
pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("BLS12_381_G1", py.get_type::<Bls12381G1>())?;
    m.add("BLS12_381_G2", py.get_type::<Bls12381G2>())?;
    m.add("BN254_G1", py.get_type::<Bn254G1>())?;
    m.add("BN254_G2", py.get_type::<Bn254G2>())?;
    m.add_function(wrap_pyfunction!(bls12_381_pairing_check, m)?)?;
    m.add_function(wrap_pyfunction!(bn254_pairing_check, m)?)?;
    m.add_function(wrap_pyfunction!(bls12_381_hash_to_g1, m)?)?;
    m.add_function(wrap_pyfunction!(bls12_381_hash_to_g2, m)?)?;
    m.add_function(wrap_pyfunction!(bn254_hash_to_g1, m)?)?;
    m.add("BLS12_381_ORDER", modulus::<bls12_381::Fr>(py)?)?;
    m.add("BLS12_381_FIELD_MODULUS", modulus::<bls12_381::Fp>(py)?)?;
    m.add("BN254_ORDER", modulus::<bn254::Fr>(py)?)?;
    m.add("BN254_FIELD_MODULUS", modulus::<bn254::Fp>(py)?)?;
    Ok(())
}
