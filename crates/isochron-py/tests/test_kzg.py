"""isochron.kzg: the ckzg-compatible API, error cases, and the consensus-spec-tests KZG vectors
(the project's compressed copy, crates/isochron/tests/vectors/kzg/*.tar.gz)."""

import inspect
import os
from pathlib import Path

import pytest

import isochron
from isochron import kzg
from conftest import VECTORS, kzg_cases, unhex

SETUP_FILE = Path(__file__).resolve().parents[2] / "isochron" / "src" / "protocols" / "eip4844" / "trusted_setup.txt"
BLOB = bytes(kzg.BYTES_PER_BLOB)


def blob_of(seed: int) -> bytes:
    """A valid blob: field elements below the modulus (top byte cleared)."""
    out = bytearray(os.urandom(kzg.BYTES_PER_BLOB)) if seed < 0 else bytearray((seed * 7 + i) % 251 for i in range(kzg.BYTES_PER_BLOB))
    for i in range(0, len(out), 32):
        out[i] = 0
    return bytes(out)


def test_setup(ts):
    assert isinstance(ts, kzg.KZGSettings)
    assert "mainnet" in repr(ts)
    assert isinstance(kzg.mainnet_trusted_setup(), kzg.KZGSettings)
    loaded = kzg.load_trusted_setup(str(SETUP_FILE), 0)
    blob = blob_of(1)
    assert kzg.blob_to_kzg_commitment(blob, loaded) == kzg.blob_to_kzg_commitment(blob, ts)
    assert isinstance(kzg.load_trusted_setup(SETUP_FILE), kzg.KZGSettings)


def test_setup_errors(tmp_path):
    with pytest.raises(isochron.Error):
        kzg.load_trusted_setup(str(tmp_path / "missing.txt"), 0)
    bad = tmp_path / "bad.txt"
    bad.write_text("4096\n65\nnot hex\n")
    with pytest.raises(isochron.KzgError, match="line 3"):
        kzg.load_trusted_setup(str(bad), 0)


def test_eip4844_roundtrip(ts):
    blob = blob_of(3)
    c = kzg.blob_to_kzg_commitment(blob, ts)
    assert len(c) == 48
    z = (5).to_bytes(32, "big")
    proof, y = kzg.compute_kzg_proof(blob, z, ts)
    assert kzg.verify_kzg_proof(c, z, y, proof, ts)
    assert not kzg.verify_kzg_proof(c, z, (int.from_bytes(y, "big") ^ 1).to_bytes(32, "big"), proof, ts)
    bp = kzg.compute_blob_kzg_proof(blob, c, ts)
    assert kzg.verify_blob_kzg_proof(blob, c, bp, ts)
    blobs = [blob_of(i) for i in range(3)]
    cs = [kzg.blob_to_kzg_commitment(b, ts) for b in blobs]
    ps = [kzg.compute_blob_kzg_proof(b, cc, ts) for b, cc in zip(blobs, cs)]
    # ckzg's convention: the items concatenated; lists are accepted too.
    assert kzg.verify_blob_kzg_proof_batch(b"".join(blobs), b"".join(cs), b"".join(ps), ts)
    assert kzg.verify_blob_kzg_proof_batch(blobs, cs, ps, ts)
    assert not kzg.verify_blob_kzg_proof_batch(blobs, cs, ps[::-1], ts)
    assert kzg.verify_blob_kzg_proof_batch(b"", b"", b"", ts)


def test_eip7594_roundtrip(ts):
    blob = blob_of(4)
    c = kzg.blob_to_kzg_commitment(blob, ts)
    cells, proofs = kzg.compute_cells_and_kzg_proofs(blob, ts)
    assert len(cells) == kzg.CELLS_PER_EXT_BLOB and len(cells[0]) == kzg.BYTES_PER_CELL
    assert kzg.compute_cells(blob, ts) == cells
    idx = list(range(0, 128, 2))
    rc, rp = kzg.recover_cells_and_kzg_proofs(idx, [cells[i] for i in idx], ts)
    assert rc == cells and rp == proofs
    assert kzg.verify_cell_kzg_proof_batch([c] * 3, [0, 5, 127], [cells[0], cells[5], cells[127]], [proofs[0], proofs[5], proofs[127]], ts)
    assert not kzg.verify_cell_kzg_proof_batch([c], [1], [cells[0]], [proofs[0]], ts)


@pytest.mark.parametrize(
    "call",
    [
        lambda ts: kzg.blob_to_kzg_commitment(b"12", ts),
        lambda ts: kzg.blob_to_kzg_commitment(b"\xff" * kzg.BYTES_PER_BLOB, ts),  # non-canonical
        lambda ts: kzg.compute_kzg_proof(BLOB, bytes(31), ts),
        lambda ts: kzg.verify_kzg_proof(bytes(48), bytes(32), bytes(32), bytes(48), ts),  # no flag
        lambda ts: kzg.verify_blob_kzg_proof_batch(BLOB + b"1", b"", b"", ts),
        lambda ts: kzg.verify_blob_kzg_proof_batch(BLOB, b"", b"", ts),  # counts differ
        lambda ts: kzg.recover_cells_and_kzg_proofs([0, 1, 2], [bytes(2048)] * 3, ts),
        lambda ts: kzg.verify_cell_kzg_proof_batch([b"\xc0" + bytes(47)], [128], [bytes(2048)], [b"\xc0" + bytes(47)], ts),
    ],
)
def test_errors(ts, call):
    with pytest.raises(isochron.KzgError) as e:
        call(ts)
    # As ckzg raises ValueError or RuntimeError, KzgError is both (and an isochron.Error).
    assert isinstance(e.value, ValueError) and isinstance(e.value, RuntimeError)
    assert isinstance(e.value, isochron.Error) and str(e.value)


def test_ckzg_signatures_match():
    """Names and argument order as in ckzg (its functions are C; its docs and this list agree)."""
    expected = {
        "load_trusted_setup": ["file", "precompute"],
        "blob_to_kzg_commitment": ["blob", "s"],
        "compute_kzg_proof": ["blob", "z_bytes", "s"],
        "compute_blob_kzg_proof": ["blob", "commitment_bytes", "s"],
        "verify_kzg_proof": ["commitment_bytes", "z_bytes", "y_bytes", "proof_bytes", "s"],
        "verify_blob_kzg_proof": ["blob", "commitment_bytes", "proof_bytes", "s"],
        "verify_blob_kzg_proof_batch": ["blobs_bytes", "commitments_bytes", "proofs_bytes", "s"],
        "compute_cells": ["blob", "s"],
        "compute_cells_and_kzg_proofs": ["blob", "s"],
        "recover_cells_and_kzg_proofs": ["cell_indices", "cells", "s"],
        "verify_cell_kzg_proof_batch": ["commitments_bytes", "cell_indices", "cells", "proofs_bytes", "s"],
    }
    for name, params in expected.items():
        assert list(inspect.signature(getattr(kzg, name)).parameters) == params, name
        assert getattr(kzg, name).__doc__


# ---- consensus-spec-tests vectors ------------------------------------------------------------


def run_case(handler, f, ts):
    """Calls the function of `handler` on the case's input."""
    b = unhex
    if handler == "blob_to_kzg_commitment":
        return kzg.blob_to_kzg_commitment(b(f["blob"]), ts)
    if handler == "compute_kzg_proof":
        return list(kzg.compute_kzg_proof(b(f["blob"]), b(f["z"]), ts))
    if handler == "compute_blob_kzg_proof":
        return kzg.compute_blob_kzg_proof(b(f["blob"]), b(f["commitment"]), ts)
    if handler == "verify_kzg_proof":
        return kzg.verify_kzg_proof(b(f["commitment"]), b(f["z"]), b(f["y"]), b(f["proof"]), ts)
    if handler == "verify_blob_kzg_proof":
        return kzg.verify_blob_kzg_proof(b(f["blob"]), b(f["commitment"]), b(f["proof"]), ts)
    if handler == "verify_blob_kzg_proof_batch":
        return kzg.verify_blob_kzg_proof_batch(
            [b(x) for x in f["blobs"]], [b(x) for x in f["commitments"]], [b(x) for x in f["proofs"]], ts
        )
    if handler == "compute_cells":
        return kzg.compute_cells(b(f["blob"]), ts)
    if handler == "compute_cells_and_kzg_proofs":
        return list(kzg.compute_cells_and_kzg_proofs(b(f["blob"]), ts))
    if handler == "recover_cells_and_kzg_proofs":
        return list(kzg.recover_cells_and_kzg_proofs([int(i) for i in f["cell_indices"]], [b(x) for x in f["cells"]], ts))
    if handler == "verify_cell_kzg_proof_batch":
        return kzg.verify_cell_kzg_proof_batch(
            [b(x) for x in f["commitments"]],
            [int(i) for i in f["cell_indices"]],
            [b(x) for x in f["cells"]],
            [b(x) for x in f["proofs"]],
            ts,
        )
    raise AssertionError(handler)


def expected(out):
    """The case's output in the form `run_case` returns it."""
    if out == "null":
        return None
    if out in ("true", "false"):
        return out == "true"
    if isinstance(out, str):
        return unhex(out)
    return [expected(x) for x in out]


@pytest.mark.parametrize(
    "tarball,count", [("eip4844.tar.gz", 253), ("eip7594.tar.gz", 72)]
)
def test_vectors(ts, tarball, count):
    n = 0
    bad = []
    for handler, cases in sorted(kzg_cases(tarball).items()):
        for case, fields in sorted(cases.items()):
            want = expected(fields["output"])
            try:
                got = run_case(handler, fields, ts)
            except (isochron.Error, ValueError, OverflowError):
                got = None
            if got != want:
                bad.append(f"{handler}/{case}")
            n += 1
    assert not bad, bad
    assert n == count


def test_same_results_as_ckzg(ts):
    """Drop-in check against ckzg (skipped when it is not installed): the same calls with the
    same arguments give the same results, on random blobs and on malformed inputs."""
    ckzg = pytest.importorskip("ckzg")
    cts = ckzg.load_trusted_setup(str(SETUP_FILE), 0)
    blobs = [blob_of(-1) for _ in range(3)]
    cs = [kzg.blob_to_kzg_commitment(b, ts) for b in blobs]
    assert cs == [ckzg.blob_to_kzg_commitment(b, cts) for b in blobs]
    z = os.urandom(31).rjust(32, b"\0")
    assert kzg.compute_kzg_proof(blobs[0], z, ts) == ckzg.compute_kzg_proof(blobs[0], z, cts)
    ps = [kzg.compute_blob_kzg_proof(b, c, ts) for b, c in zip(blobs, cs)]
    assert ps == [ckzg.compute_blob_kzg_proof(b, c, cts) for b, c in zip(blobs, cs)]
    args = (b"".join(blobs), b"".join(cs), b"".join(ps))
    assert kzg.verify_blob_kzg_proof_batch(*args, ts) is ckzg.verify_blob_kzg_proof_batch(*args, cts) is True
    bad = (args[0], args[1], b"".join(ps[::-1]))
    assert kzg.verify_blob_kzg_proof_batch(*bad, ts) is ckzg.verify_blob_kzg_proof_batch(*bad, cts) is False
    cells, proofs = kzg.compute_cells_and_kzg_proofs(blobs[1], ts)
    assert (cells, proofs) == tuple(ckzg.compute_cells_and_kzg_proofs(blobs[1], cts))
    idx = list(range(64, 128))
    assert kzg.recover_cells_and_kzg_proofs(idx, cells[64:], ts) == tuple(
        ckzg.recover_cells_and_kzg_proofs(idx, cells[64:], cts)
    )
    # Both reject a short blob; ckzg with ValueError, isochron with KzgError (a ValueError).
    for mod, s in ((ckzg, cts), (kzg, ts)):
        with pytest.raises(ValueError):
            mod.blob_to_kzg_commitment(b"12", s)
    # ckzg raises RuntimeError where the C library rejects an input; KzgError is one too.
    for mod, s in ((ckzg, cts), (kzg, ts)):
        with pytest.raises(RuntimeError):
            mod.verify_kzg_proof(cs[0], z, b"\xff" * 32, ps[0], s)
