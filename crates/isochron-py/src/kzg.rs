//! `isochron.kzg`: EIP-4844 and EIP-7594 KZG (`isochron::protocols::{eip4844, eip7594}`), with
//! the function names and argument order of the `ckzg` Python package (c-kzg-4844's binding),
//! so that `import isochron.kzg as ckzg` switches an application over. The setup is an
//! opaque `KZGSettings`; `load_trusted_setup()` with no file, or `mainnet_trusted_setup()`,
//! gives the embedded mainnet setup.
//!
//! As in `ckzg`, `verify_blob_kzg_proof_batch` takes the blobs, commitments and proofs
//! concatenated into three `bytes` (it also takes three lists of `bytes`); the EIP-7594
//! functions take and return lists. Malformed inputs raise `isochron.KzgError` (an
//! `isochron.Error`, so a `ValueError`, and a `RuntimeError`, as `ckzg` raises either) with the reason;
//! a well-formed proof that does not verify is `False`.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyTuple};

use isochron::protocols::eip4844::{self, KzgSettings as Settings};
use isochron::protocols::eip7594;

use crate::errors::{kzg_error_type, IntoKzg};
use crate::util::{b, list_of_bytes};

/// A loaded KZG trusted setup (opaque): the embedded mainnet setup or one read from a file.
/// Pass it as the last argument of every function, as with `ckzg`.
#[pyclass(module = "isochron.kzg", name = "KZGSettings", frozen)]
pub(crate) struct KzgSettings(Setup);

enum Setup {
    Mainnet(&'static Settings),
    Loaded(Arc<Settings>),
}

impl KzgSettings {
    fn get(&self) -> &Settings {
        match &self.0 {
            Setup::Mainnet(s) => s,
            Setup::Loaded(s) => s,
        }
    }
}

#[pymethods]
impl KzgSettings {
    fn __repr__(&self) -> &'static str {
        match self.0 {
            Setup::Mainnet(_) => "KZGSettings(mainnet)",
            Setup::Loaded(_) => "KZGSettings(loaded)",
        }
    }
}

/// Loads a trusted setup in c-kzg-4844's text format from the path `file` (every point is
/// decoded with every check and the setup's parts are checked to agree); with no file (`None`),
/// the embedded mainnet setup. `precompute` is accepted for compatibility with `ckzg` and
/// ignored: the fixed-base tables and the EIP-7594 tables are built on first use.
#[pyfunction]
#[pyo3(signature = (file = None, precompute = 0))]
fn load_trusted_setup(py: Python<'_>, file: Option<std::path::PathBuf>, precompute: u64) -> PyResult<KzgSettings> {
    let _ = precompute;
    match file {
        None => Ok(mainnet_trusted_setup(py)),
        Some(path) => {
            let text = std::fs::read_to_string(&path)
                .map_err(|e| kzg_msg(py, format!("trusted setup {}: {e}", path.display())))?;
            let s = py.detach(|| Settings::load(&text)).kzg_err(py)?;
            Ok(KzgSettings(Setup::Loaded(Arc::new(s))))
        }
    }
}

/// The embedded mainnet trusted setup (parsed and checked on first use, then shared).
#[pyfunction]
fn mainnet_trusted_setup(py: Python<'_>) -> KzgSettings {
    KzgSettings(Setup::Mainnet(py.detach(Settings::mainnet)))
}

/// `blob_to_kzg_commitment(blob, s)`: the 48-byte commitment to a 131072-byte blob.
#[pyfunction]
fn blob_to_kzg_commitment<'py>(py: Python<'py>, blob: &[u8], s: &KzgSettings) -> PyResult<Bound<'py, PyBytes>> {
    let c = py.detach(|| s.get().blob_to_kzg_commitment(blob)).kzg_err(py)?;
    Ok(b(py, &c))
}

/// `compute_kzg_proof(blob, z_bytes, s)`: `(proof, y)`, the proof that the blob's polynomial
/// takes the value `y` at `z` (both 32-byte field elements).
#[pyfunction]
fn compute_kzg_proof<'py>(
    py: Python<'py>,
    blob: &[u8],
    z_bytes: &[u8],
    s: &KzgSettings,
) -> PyResult<Bound<'py, PyTuple>> {
    let (proof, y) = py.detach(|| s.get().compute_kzg_proof(blob, z_bytes)).kzg_err(py)?;
    PyTuple::new(py, [b(py, &proof), b(py, &y)])
}

/// `compute_blob_kzg_proof(blob, commitment_bytes, s)`: the blob proof for the commitment.
#[pyfunction]
fn compute_blob_kzg_proof<'py>(
    py: Python<'py>,
    blob: &[u8],
    commitment_bytes: &[u8],
    s: &KzgSettings,
) -> PyResult<Bound<'py, PyBytes>> {
    let p = py.detach(|| s.get().compute_blob_kzg_proof(blob, commitment_bytes)).kzg_err(py)?;
    Ok(b(py, &p))
}

/// `verify_kzg_proof(commitment_bytes, z_bytes, y_bytes, proof_bytes, s)`: whether the proof
/// shows that the committed polynomial takes the value `y` at `z`.
#[pyfunction]
fn verify_kzg_proof(
    py: Python<'_>,
    commitment_bytes: &[u8],
    z_bytes: &[u8],
    y_bytes: &[u8],
    proof_bytes: &[u8],
    s: &KzgSettings,
) -> PyResult<bool> {
    py.detach(|| s.get().verify_kzg_proof(commitment_bytes, z_bytes, y_bytes, proof_bytes)).kzg_err(py)
}

/// `verify_blob_kzg_proof(blob, commitment_bytes, proof_bytes, s)`: whether the blob proof
/// is valid for the blob and commitment.
#[pyfunction]
fn verify_blob_kzg_proof(
    py: Python<'_>,
    blob: &[u8],
    commitment_bytes: &[u8],
    proof_bytes: &[u8],
    s: &KzgSettings,
) -> PyResult<bool> {
    py.detach(|| s.get().verify_blob_kzg_proof(blob, commitment_bytes, proof_bytes)).kzg_err(py)
}

/// The items of a batch argument: `bytes` holding them concatenated (`ckzg`'s convention: the
/// length must be a multiple of the item size), or a list of `bytes`.
enum Items<'py> {
    Concat(Bound<'py, PyBytes>, usize),
    List(Vec<Bound<'py, PyBytes>>),
}

impl<'py> Items<'py> {
    fn new(obj: &Bound<'py, PyAny>, size: usize, what: &str) -> PyResult<Self> {
        let py = obj.py();
        if let Ok(bytes) = obj.cast::<PyBytes>() {
            let len = bytes.as_bytes().len();
            if len % size != 0 {
                return Err(kzg_msg(py, format!("{what}: {len} bytes is not a multiple of {size}")));
            }
            return Ok(Items::Concat(bytes.clone(), size));
        }
        let list = obj
            .cast::<PyList>()
            .map_err(|_| kzg_msg(py, format!("{what}: expected bytes (concatenated) or a list of bytes")))?;
        let items = list
            .iter()
            .map(|item| {
                item.cast_into::<PyBytes>().map_err(|_| kzg_msg(py, format!("{what}: expected a list of bytes")))
            })
            .collect::<PyResult<Vec<_>>>()?;
        Ok(Items::List(items))
    }

    fn slices(&self) -> Vec<&[u8]> {
        match self {
            Items::Concat(bytes, size) => bytes.as_bytes().chunks_exact(*size).collect(),
            Items::List(items) => items.iter().map(|x| x.as_bytes()).collect(),
        }
    }
}

/// `verify_blob_kzg_proof_batch(blobs_bytes, commitments_bytes, proofs_bytes, s)`: whether every
/// blob proof is valid (one random linear combination, one multi-pairing). As in `ckzg`, each
/// argument holds its items concatenated (a list of `bytes` is accepted too); the counts must
/// agree. No blobs is `True`.
#[pyfunction]
fn verify_blob_kzg_proof_batch(
    py: Python<'_>,
    blobs_bytes: &Bound<'_, PyAny>,
    commitments_bytes: &Bound<'_, PyAny>,
    proofs_bytes: &Bound<'_, PyAny>,
    s: &KzgSettings,
) -> PyResult<bool> {
    let blobs = Items::new(blobs_bytes, eip4844::BYTES_PER_BLOB, "blobs")?;
    let commitments = Items::new(commitments_bytes, eip4844::BYTES_PER_COMMITMENT, "commitments")?;
    let proofs = Items::new(proofs_bytes, eip4844::BYTES_PER_PROOF, "proofs")?;
    let (blobs, commitments, proofs) = (blobs.slices(), commitments.slices(), proofs.slices());
    py.detach(|| s.get().verify_blob_kzg_proof_batch(&blobs, &commitments, &proofs)).kzg_err(py)
}

/// `compute_cells(blob, s)`: the 128 cells (2048 bytes each) of the extended blob, as a list.
#[pyfunction]
fn compute_cells<'py>(py: Python<'py>, blob: &[u8], s: &KzgSettings) -> PyResult<Vec<Bound<'py, PyBytes>>> {
    let cells = py.detach(|| s.get().compute_cells(blob)).kzg_err(py)?;
    Ok(list_of_bytes(py, &cells))
}

/// `compute_cells_and_kzg_proofs(blob, s)`: `(cells, proofs)`, two lists of 128.
#[pyfunction]
fn compute_cells_and_kzg_proofs<'py>(py: Python<'py>, blob: &[u8], s: &KzgSettings) -> PyResult<Bound<'py, PyTuple>> {
    let (cells, proofs) = py.detach(|| s.get().compute_cells_and_kzg_proofs(blob)).kzg_err(py)?;
    PyTuple::new(py, [list_of_bytes(py, &cells), list_of_bytes(py, &proofs)])
}

/// `recover_cells_and_kzg_proofs(cell_indices, cells, s)`: `(cells, proofs)` of the whole
/// extended blob from at least half of its cells (indices strictly ascending, below 128).
#[pyfunction]
fn recover_cells_and_kzg_proofs<'py>(
    py: Python<'py>,
    cell_indices: Vec<u64>,
    cells: Vec<Bound<'py, PyBytes>>,
    s: &KzgSettings,
) -> PyResult<Bound<'py, PyTuple>> {
    let cells: Vec<&[u8]> = cells.iter().map(|c| c.as_bytes()).collect();
    let (cells, proofs) = py.detach(|| s.get().recover_cells_and_kzg_proofs(&cell_indices, &cells)).kzg_err(py)?;
    PyTuple::new(py, [list_of_bytes(py, &cells), list_of_bytes(py, &proofs)])
}

/// `verify_cell_kzg_proof_batch(commitments_bytes, cell_indices, cells, proofs_bytes, s)`:
/// whether every `proofs[k]` shows that `cells[k]` is cell `cell_indices[k]` of the blob
/// committed to by `commitments[k]` (four lists of the same length; empty is `True`).
#[pyfunction]
fn verify_cell_kzg_proof_batch(
    py: Python<'_>,
    commitments_bytes: Vec<Bound<'_, PyBytes>>,
    cell_indices: Vec<u64>,
    cells: Vec<Bound<'_, PyBytes>>,
    proofs_bytes: Vec<Bound<'_, PyBytes>>,
    s: &KzgSettings,
) -> PyResult<bool> {
    let commitments: Vec<&[u8]> = commitments_bytes.iter().map(|c| c.as_bytes()).collect();
    let cells: Vec<&[u8]> = cells.iter().map(|c| c.as_bytes()).collect();
    let proofs: Vec<&[u8]> = proofs_bytes.iter().map(|c| c.as_bytes()).collect();
    py.detach(|| s.get().verify_cell_kzg_proof_batch(&commitments, &cell_indices, &cells, &proofs)).kzg_err(py)
}

/// `isochron.KzgError` with a message of the bindings' own.
fn kzg_msg(py: Python<'_>, m: String) -> PyErr {
    match kzg_error_type(py) {
        Ok(t) => PyErr::from_type(t.clone(), m),
        Err(e) => e,
    }
}

/// Registers the module's class, functions and constants.
pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<KzgSettings>()?;
    m.add("KzgError", kzg_error_type(m.py())?)?;
    m.add_function(wrap_pyfunction!(load_trusted_setup, m)?)?;
    m.add_function(wrap_pyfunction!(mainnet_trusted_setup, m)?)?;
    m.add_function(wrap_pyfunction!(blob_to_kzg_commitment, m)?)?;
    m.add_function(wrap_pyfunction!(compute_kzg_proof, m)?)?;
    m.add_function(wrap_pyfunction!(compute_blob_kzg_proof, m)?)?;
    m.add_function(wrap_pyfunction!(verify_kzg_proof, m)?)?;
    m.add_function(wrap_pyfunction!(verify_blob_kzg_proof, m)?)?;
    m.add_function(wrap_pyfunction!(verify_blob_kzg_proof_batch, m)?)?;
    m.add_function(wrap_pyfunction!(compute_cells, m)?)?;
    m.add_function(wrap_pyfunction!(compute_cells_and_kzg_proofs, m)?)?;
    m.add_function(wrap_pyfunction!(recover_cells_and_kzg_proofs, m)?)?;
    m.add_function(wrap_pyfunction!(verify_cell_kzg_proof_batch, m)?)?;
    m.add("BYTES_PER_BLOB", eip4844::BYTES_PER_BLOB)?;
    m.add("BYTES_PER_COMMITMENT", eip4844::BYTES_PER_COMMITMENT)?;
    m.add("BYTES_PER_PROOF", eip4844::BYTES_PER_PROOF)?;
    m.add("BYTES_PER_FIELD_ELEMENT", eip4844::BYTES_PER_FIELD_ELEMENT)?;
    m.add("FIELD_ELEMENTS_PER_BLOB", eip4844::FIELD_ELEMENTS_PER_BLOB)?;
    m.add("BYTES_PER_CELL", eip7594::BYTES_PER_CELL)?;
    m.add("CELLS_PER_EXT_BLOB", eip7594::CELLS_PER_EXT_BLOB)?;
    m.add("FIELD_ELEMENTS_PER_CELL", eip7594::FIELD_ELEMENTS_PER_CELL)?;
    Ok(())
}
