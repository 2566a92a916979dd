import os
from typing import List, Optional, Sequence, Tuple, Union

from . import KzgError as KzgError

BYTES_PER_BLOB: int
BYTES_PER_COMMITMENT: int
BYTES_PER_PROOF: int
BYTES_PER_FIELD_ELEMENT: int
FIELD_ELEMENTS_PER_BLOB: int
BYTES_PER_CELL: int
CELLS_PER_EXT_BLOB: int
FIELD_ELEMENTS_PER_CELL: int

class KZGSettings:
    """An opaque, loaded KZG trusted setup."""

def load_trusted_setup(file: Optional[Union[str, os.PathLike[str]]] = None, precompute: int = 0) -> KZGSettings: ...
def mainnet_trusted_setup() -> KZGSettings: ...
def blob_to_kzg_commitment(blob: bytes, s: KZGSettings) -> bytes: ...
def compute_kzg_proof(blob: bytes, z_bytes: bytes, s: KZGSettings) -> Tuple[bytes, bytes]: ...
def compute_blob_kzg_proof(blob: bytes, commitment_bytes: bytes, s: KZGSettings) -> bytes: ...
def verify_kzg_proof(commitment_bytes: bytes, z_bytes: bytes, y_bytes: bytes, proof_bytes: bytes, s: KZGSettings) -> bool: ...
def verify_blob_kzg_proof(blob: bytes, commitment_bytes: bytes, proof_bytes: bytes, s: KZGSettings) -> bool: ...
def verify_blob_kzg_proof_batch(
    blobs_bytes: Union[bytes, List[bytes]],
    commitments_bytes: Union[bytes, List[bytes]],
    proofs_bytes: Union[bytes, List[bytes]],
    s: KZGSettings,
) -> bool: ...
def compute_cells(blob: bytes, s: KZGSettings) -> List[bytes]: ...
def compute_cells_and_kzg_proofs(blob: bytes, s: KZGSettings) -> Tuple[List[bytes], List[bytes]]: ...
def recover_cells_and_kzg_proofs(
    cell_indices: Sequence[int], cells: Sequence[bytes], s: KZGSettings
) -> Tuple[List[bytes], List[bytes]]: ...
def verify_cell_kzg_proof_batch(
    commitments_bytes: Sequence[bytes],
    cell_indices: Sequence[int],
    cells: Sequence[bytes],
    proofs_bytes: Sequence[bytes],
    s: KZGSettings,
) -> bool: ...
