#!/usr/bin/env python3
"""Issue 15's Python targets: isochron vs the established Python packages, in one process, on
the same inputs, alternating the two (A B A B ...) and reporting medians.

- KZG (EIP-4844): ``isochron.kzg`` vs ``ckzg`` (c-kzg-4844 over blst) for
  ``blob_to_kzg_commitment`` and ``verify_blob_kzg_proof_batch`` of 64 blobs
  (target: ratio <= 0.70).
- BLS verify (Ethereum ciphersuite): ``isochron.bls.verify`` vs ``blspy``'s
  ``PopSchemeMPL.verify`` and ``py_arkworks_bls12381`` (hash_to_curve + pairing_check, the
  operation assembled from its primitives: it has no BLS verify) (target: ratio <= 0.80).

Each peer that is not installed is skipped. ``ratio = isochron / peer`` (below 1: isochron is
faster). Usage: ``python bench/python_compare.py [--rounds N] [--json]``. isochron's
multi-threaded paths (rayon) use every core unless ``RAYON_NUM_THREADS=1`` is set; the peers are
single-threaded. Build isochron in release mode (``pip install ./crates/isochron-py``).
"""

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

import isochron
from isochron import bls, kzg

SETUP = Path(__file__).resolve().parents[2] / "isochron" / "src" / "protocols" / "eip4844" / "trusted_setup.txt"


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def commit() -> str:
    try:
        return subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=Path(__file__).parent, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def blobs(n: int, seed: int = 15):
    """`n` random valid blobs (each 32-byte field element below the modulus: top byte < 0x73)."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        b = bytearray(rng.randbytes(kzg.BYTES_PER_BLOB))
        for i in range(0, len(b), 32):
            b[i] &= 0x3F
        out.append(bytes(b))
    return out


def timed(f) -> float:
    t = time.perf_counter()
    f()
    return time.perf_counter() - t


def compare(name, ours, peers, rounds, inner=1):
    """Alternates isochron and each peer `rounds` times (each sample `inner` calls); returns rows."""
    ours()
    for _, f in peers:
        f()  # warm up
    samples = {"isochron": []}
    for p, _ in peers:
        samples[p] = []
    for _ in range(rounds):
        samples["isochron"].append(timed(lambda: [ours() for _ in range(inner)]) / inner)
        for p, f in peers:
            samples[p].append(timed(lambda: [f() for _ in range(inner)]) / inner)
    iso = statistics.median(samples["isochron"])
    rows = []
    for p, _ in peers:
        peer = statistics.median(samples[p])
        rows.append({"op": name, "peer": p, "isochron_ms": iso * 1e3, "peer_ms": peer * 1e3, "ratio": iso / peer})
    if not peers:
        rows.append({"op": name, "peer": None, "isochron_ms": iso * 1e3, "peer_ms": None, "ratio": None})
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--json", action="store_true", help="one JSON object per line")
    args = ap.parse_args()

    rows = []
    # ---- KZG -------------------------------------------------------------------------------
    ts = kzg.load_trusted_setup(str(SETUP), 0)
    bl = blobs(64)
    cs = [kzg.blob_to_kzg_commitment(b, ts) for b in bl]
    ps = [kzg.compute_blob_kzg_proof(b, c, ts) for b, c in zip(bl, cs)]
    blobs_cat, cs_cat, ps_cat = b"".join(bl), b"".join(cs), b"".join(ps)
    assert kzg.verify_blob_kzg_proof_batch(blobs_cat, cs_cat, ps_cat, ts)
    try:
        import ckzg

        cts = ckzg.load_trusted_setup(str(SETUP), 0)
        assert ckzg.blob_to_kzg_commitment(bl[0], cts) == cs[0]
        assert ckzg.verify_blob_kzg_proof_batch(blobs_cat, cs_cat, ps_cat, cts)
        commit_peers = [("ckzg", lambda: ckzg.blob_to_kzg_commitment(bl[1], cts))]
        batch_peers = [("ckzg", lambda: ckzg.verify_blob_kzg_proof_batch(blobs_cat, cs_cat, ps_cat, cts))]
    except ImportError:
        commit_peers = batch_peers = []
    rows += compare("kzg/blob_to_kzg_commitment", lambda: kzg.blob_to_kzg_commitment(bl[1], ts), commit_peers, args.rounds, 4)
    rows += compare(
        "kzg/verify_blob_kzg_proof_batch/64",
        lambda: kzg.verify_blob_kzg_proof_batch(blobs_cat, cs_cat, ps_cat, ts),
        batch_peers,
        args.rounds,
    )

    # ---- BLS verify ------------------------------------------------------------------------
    ikm = bytes(range(32))
    msg = b"\x56" * 32
    sk = bls.SecretKey.key_gen(ikm)
    pk, sig = sk.public_key(), sk.sign(msg)
    pk_b, sig_b = pk.to_bytes(), sig.to_bytes()
    assert bls.verify(pk, msg, sig)
    peers = []
    try:
        from blspy import G1Element, G2Element, PopSchemeMPL

        bpk, bsig = G1Element.from_bytes(pk_b), G2Element.from_bytes(sig_b)
        assert PopSchemeMPL.verify(bpk, msg, bsig)
        peers.append(("blspy", lambda: PopSchemeMPL.verify(bpk, msg, bsig)))
    except ImportError:
        pass
    try:
        import py_arkworks_bls12381 as ark

        apk, asig = ark.G1Point.from_compressed_bytes(pk_b), ark.G2Point.from_compressed_bytes(sig_b)
        neg_g1 = -ark.G1Point()

        def ark_verify():
            h = ark.G2Point.hash_to_curve(msg, bls.DST)
            return ark.GT.pairing_check([apk, neg_g1], [h, asig])

        assert ark_verify()
        peers.append(("py_arkworks_bls12381", ark_verify))
    except ImportError:
        pass
    rows += compare("bls/verify", lambda: bls.verify(pk, msg, sig), peers, args.rounds * 2, 10)
    # From bytes (decoding with every check included), as blspy/arkworks users would call it.
    bytes_peers = []
    for p, _ in peers:
        if p == "blspy":
            bytes_peers.append(
                ("blspy", lambda: PopSchemeMPL.verify(G1Element.from_bytes(pk_b), msg, G2Element.from_bytes(sig_b)))
            )
        else:
            bytes_peers.append(
                (
                    p,
                    lambda: ark.GT.pairing_check(
                        [ark.G1Point.from_compressed_bytes(pk_b), neg_g1],
                        [ark.G2Point.hash_to_curve(msg, bls.DST), ark.G2Point.from_compressed_bytes(sig_b)],
                    ),
                )
            )
    rows += compare(
        "bls/verify_from_bytes",
        lambda: bls.verify(bls.PublicKey.from_bytes(pk_b), msg, bls.Signature.from_bytes(sig_b)),
        bytes_peers,
        args.rounds * 2,
        10,
    )

    info = {
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "rayon_threads": os.environ.get("RAYON_NUM_THREADS", "all"),
        "python": platform.python_version(),
        "isochron": isochron.__version__,
        "commit": commit(),
        "rounds": args.rounds,
    }
    if args.json:
        print(json.dumps({"info": info}))
        for r in rows:
            print(json.dumps(r))
        return
    print(f"CPU: {info['cpu']} ({info['cores']} cores); Python {info['python']}; commit {info['commit']}; "
          f"RAYON_NUM_THREADS={info['rayon_threads']}")
    print(f"{'op':38} {'peer':22} {'isochron ms':>12} {'peer ms':>10} {'ratio':>7}")
    for r in rows:
        peer_ms = f"{r['peer_ms']:10.3f}" if r["peer_ms"] is not None else f"{'-':>10}"
        ratio = f"{r['ratio']:7.3f}" if r["ratio"] is not None else f"{'-':>7}"
        print(f"{r['op']:38} {str(r['peer']):22} {r['isochron_ms']:12.3f} {peer_ms} {ratio}")


if __name__ == "__main__":
    sys.exit(main())
