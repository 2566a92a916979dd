"""EIP-4844 and EIP-7594 KZG commitments, with the function names and argument order of the
``ckzg`` package (c-kzg-4844's Python binding): switch by changing an import::

    import isochron.kzg as ckzg
    ts = ckzg.load_trusted_setup("trusted_setup.txt", 0)   # or load_trusted_setup() for mainnet
    commitment = ckzg.blob_to_kzg_commitment(blob, ts)

The setup is an opaque :class:`KZGSettings`. ``load_trusted_setup()`` with no file, or
:func:`mainnet_trusted_setup`, gives the embedded mainnet setup. Malformed inputs raise
:class:`isochron.KzgError` with the reason: an :class:`isochron.Error` (so a ``ValueError``)
and a ``RuntimeError``, since ``ckzg`` raises one or the other. Proofs that do not verify give
``False``.
"""

from ._native import KzgError
from ._native import kzg as _kzg

KZGSettings = _kzg.KZGSettings
load_trusted_setup = _kzg.load_trusted_setup
mainnet_trusted_setup = _kzg.mainnet_trusted_setup
blob_to_kzg_commitment = _kzg.blob_to_kzg_commitment
compute_kzg_proof = _kzg.compute_kzg_proof
compute_blob_kzg_proof = _kzg.compute_blob_kzg_proof
verify_kzg_proof = _kzg.verify_kzg_proof
verify_blob_kzg_proof = _kzg.verify_blob_kzg_proof
verify_blob_kzg_proof_batch = _kzg.verify_blob_kzg_proof_batch
compute_cells = _kzg.compute_cells
compute_cells_and_kzg_proofs = _kzg.compute_cells_and_kzg_proofs
recover_cells_and_kzg_proofs = _kzg.recover_cells_and_kzg_proofs
verify_cell_kzg_proof_batch = _kzg.verify_cell_kzg_proof_batch

BYTES_PER_BLOB = _kzg.BYTES_PER_BLOB
BYTES_PER_COMMITMENT = _kzg.BYTES_PER_COMMITMENT
BYTES_PER_PROOF = _kzg.BYTES_PER_PROOF
BYTES_PER_FIELD_ELEMENT = _kzg.BYTES_PER_FIELD_ELEMENT
FIELD_ELEMENTS_PER_BLOB = _kzg.FIELD_ELEMENTS_PER_BLOB
BYTES_PER_CELL = _kzg.BYTES_PER_CELL
CELLS_PER_EXT_BLOB = _kzg.CELLS_PER_EXT_BLOB
FIELD_ELEMENTS_PER_CELL = _kzg.FIELD_ELEMENTS_PER_CELL

__all__ = [
    "KzgError",
    "KZGSettings",
    "load_trusted_setup",
    "mainnet_trusted_setup",
    "blob_to_kzg_commitment",
    "compute_kzg_proof",
    "compute_blob_kzg_proof",
    "verify_kzg_proof",
    "verify_blob_kzg_proof",
    "verify_blob_kzg_proof_batch",
    "compute_cells",
    "compute_cells_and_kzg_proofs",
    "recover_cells_and_kzg_proofs",
    "verify_cell_kzg_proof_batch",
    "BYTES_PER_BLOB",
    "BYTES_PER_COMMITMENT",
    "BYTES_PER_PROOF",
    "BYTES_PER_FIELD_ELEMENT",
    "FIELD_ELEMENTS_PER_BLOB",
    "BYTES_PER_CELL",
    "CELLS_PER_EXT_BLOB",
    "FIELD_ELEMENTS_PER_CELL",
]
