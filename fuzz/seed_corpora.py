#!/usr/bin/env python3
"""Seeds each fuzz target's corpus (fuzz/corpus/<target>/, not committed) from the project's
test vectors (crates/isochron/tests/vectors/) plus edge values, each input prefixed with the
target's selector byte (see the target's doc comment). Standard library only; idempotent (files
are named by the SHA-1 of their content, as libFuzzer names them)."""
import hashlib
import json
import os
import sys

ROOT = os.path.dirname(os.path.abspath(__file__))
VECTORS = os.path.join(ROOT, "..", "crates", "isochron", "tests", "vectors")
CORPUS = os.path.join(ROOT, "corpus")

counts = {}


def seed(target, sel, data):
    d = os.path.join(CORPUS, target)
    os.makedirs(d, exist_ok=True)
    blob = bytes([sel]) + bytes(data)
    with open(os.path.join(d, hashlib.sha1(blob).hexdigest()), "wb") as f:
        f.write(blob)
    counts[target] = counts.get(target, 0) + 1


def unhex(s):
    s = s[2:] if s.startswith("0x") else s
    try:
        return bytes.fromhex(s)
    except ValueError:
        return None


def hex_strings(node):
    """Every hex string in a JSON tree, with the key it sits under."""
    if isinstance(node, dict):
        for k, v in node.items():
            if isinstance(v, str):
                yield k, v
            else:
                for kk, vv in hex_strings(v):
                    yield (k if kk is None else kk), vv
    elif isinstance(node, list):
        for v in node:
            if isinstance(v, str):
                yield None, v
            else:
                yield from hex_strings(v)


def load_json(path):
    with open(path) as f:
        return json.load(f)


def evm_inputs(name):
    path = os.path.join(VECTORS, "evm", name)
    if not os.path.exists(path):
        return []
    return [bytes.fromhex(c["Input"]) for c in load_json(path)]


# Field elements: 0, 1, p - 1, p, 2^(8n) - 1 for each field, big- and little-endian.
MODULI = [
    (0, 0x1A0111EA397FE69A4B1BA7B6434BACD764774B84F38512BF6730D2A0F6B0F6241EABFFFEB153FFFFB9FEFFFFFFFFAAAB, 48),
    (1, 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001, 32),
    (2, 0x30644E72E131A029B85045B68181585D97816A916871CA8D3C208C16D87CFD47, 32),
    (3, 0x30644E72E131A029B85045B68181585D2833E84879B9709143E1F593F0000001, 32),
]
for field, p, n in MODULI:
    for v in (0, 1, 2, p - 1, p, p + 1, 2 ** (8 * n) - 1):
        be = v.to_bytes(n, "big")
        seed("field_elements", field << 1, be)
        seed("field_elements", (field << 1) | 1, be[::-1])

# BLS12-381 points from the EIP-2537 vectors (x ‖ y, 64-byte padded coordinates).
g1_points, g2_points = [], []
for name in ("blsG1Add.json", "fail-blsG1Add.json", "blsG1Mul.json"):
    for inp in evm_inputs(name):
        g1_points += [inp[i:i + 128] for i in range(0, len(inp) - 127, 160 if "Mul" in name else 128)]
for name in ("blsG2Add.json", "fail-blsG2Add.json", "blsG2Mul.json"):
    for inp in evm_inputs(name):
        g2_points += [inp[i:i + 256] for i in range(0, len(inp) - 255, 288 if "Mul" in name else 256)]
for inp in evm_inputs("blsPairing.json") + evm_inputs("fail-blsPairing.json"):
    for i in range(0, len(inp) - 383, 384):
        g1_points.append(inp[i:i + 128])
        g2_points.append(inp[i + 128:i + 384])
# At most 200 distinct points per group: enough variety, a short first pass over the corpus.
g1_points = sorted(set(g1_points), key=lambda b: hashlib.sha1(b).digest())[:200]
g2_points = sorted(set(g2_points), key=lambda b: hashlib.sha1(b).digest())[:200]
for pt in g1_points:
    seed("bls12_381_eip2537", 0, pt)
    seed("bls12_381_eip2537", 2, pt)
for pt in g2_points:
    seed("bls12_381_eip2537", 1, pt)
    seed("bls12_381_eip2537", 3, pt)


def unpad(b):
    return b"".join(b[i + 16:i + 64] for i in range(0, len(b), 64))


# ZCash uncompressed from the same points (G2 coefficients swapped to c1 ‖ c0).
for pt in g1_points[:64]:
    if any(pt):
        u = unpad(pt)
        for sel in (2, 6):
            seed("bls12_381_zcash", sel, u)
        seed("bls_eth", 2, u)
for pt in g2_points[:64]:
    if any(pt):
        x0, x1, y0, y1 = (pt[i + 16:i + 64] for i in range(0, 256, 64))
        for sel in (3, 7):
            seed("bls12_381_zcash", sel, x1 + x0 + y1 + y0)
for sel, n in ((2, 96), (3, 192)):
    seed("bls12_381_zcash", sel, b"\x40" + bytes(n - 1))

# Keys and signatures from the Ethereum BLS vectors.
for dirpath, _, files in os.walk(os.path.join(VECTORS, "bls")):
    for fname in files:
        if not fname.endswith(".json"):
            continue
        for key, s in hex_strings(load_json(os.path.join(dirpath, fname))):
            b = unhex(s)
            if b is None:
                continue
            if len(b) == 48:
                for sel in (0, 4):
                    seed("bls12_381_zcash", sel, b)
                seed("bls_eth", 0, b)
                seed("bls_eth", 1, b)
            if len(b) == 96:
                for sel in (1, 5):
                    seed("bls12_381_zcash", sel, b)
                seed("bls_eth", 3, b)
            if key == "privkey":
                seed("bls_eth", 4, b)

# BN254 points from the EIP-196/197 vectors.
for inp in evm_inputs("bn256Add.json") + evm_inputs("bn256ScalarMul.json"):
    for i in range(0, len(inp) - 63, 64):
        seed("bn254_evm", 0, inp[i:i + 64])
for inp in evm_inputs("bn256Pairing.json"):
    for i in range(0, len(inp) - 191, 192):
        seed("bn254_evm", 0, inp[i:i + 64])
        seed("bn254_evm", 1, inp[i + 64:i + 192])
seed("bn254_evm", 0, bytes(64))
seed("bn254_evm", 1, bytes(128))
# BN254 in arkworks' format: the identity (flag 0x40 in the last byte) of every kind, and the
# generators (G1 (1, 2) uncompressed: little-endian x ‖ y, no flag; compressed: x, and 2 is the
# smaller root of 4).
for sel, size in ((0, 32), (1, 64), (2, 64), (3, 128)):
    for checked in (0, 4):
        seed("bn254_ark", sel | checked, bytes(size - 1) + bytes([0x40]))
for checked in (0, 4):
    seed("bn254_ark", 2 | checked, (1).to_bytes(32, "little") + (2).to_bytes(32, "little"))
    seed("bn254_ark", checked, (1).to_bytes(32, "little"))

# The CLI's hex arguments (the selector byte is part of the string here: any byte is input).
for s in ("0x00", "0XfF", "abc", "0x", "", "zz", "0x0g", "DEADbeef", "0x" + "ab" * 48):
    d = os.path.join(CORPUS, "cli_hex")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, hashlib.sha1(s.encode()).hexdigest()), "wb") as f:
        f.write(s.encode())
    counts["cli_hex"] = counts.get("cli_hex", 0) + 1

# KZG: the data.yaml texts of one handler's cases in a vector tarball.
import re
import tarfile


def kzg_cases(tarball, handler):
    path = os.path.join(VECTORS, "kzg", tarball)
    if not os.path.exists(path):
        return
    with tarfile.open(path, "r:gz") as tar:
        for m in tar:
            if m.isfile() and m.name.startswith(handler + "/"):
                yield tar.extractfile(m).read().decode()


# EIP-4844: verify_kzg_proof cases (commitment ‖ z ‖ y ‖ proof), and verify_blob_kzg_proof's
# commitment ‖ proof with a zero blob.
for text in kzg_cases("eip4844.tar.gz", "verify_kzg_proof"):
    f = dict(re.findall(r"^  (\w+): '(0x[0-9a-fA-F]*)'", text, re.M))
    parts = [unhex(f.get(k, "")) for k in ("commitment", "z", "y", "proof")]
    if all(x is not None for x in parts):
        seed("eip4844", 0, b"".join(parts))
        seed("eip4844", 1, parts[0] + parts[3])

# EIP-7594: verify_cell_kzg_proof_batch cases of one cell (commitment ‖ index ‖ proof ‖ cell),
# and recovery from every other cell or the first half (zero cells: the zero blob's), or with a
# repeated index.
for text in kzg_cases("eip7594.tar.gz", "verify_cell_kzg_proof_batch"):
    idx = re.search(r"^  cell_indices: \[(\d+)\]$", text, re.M)
    items = [re.findall(r"^  %s:\n  - '(0x[0-9a-fA-F]*)'$" % k, text, re.M) for k in ("commitments", "proofs", "cells")]
    if idx and int(idx.group(1)) < 256 and all(len(i) == 1 for i in items):
        parts = [unhex(i[0]) for i in items]
        if all(x is not None for x in parts):
            seed("eip7594", 0, parts[0] + bytes([int(idx.group(1))]) + parts[1] + parts[2])
seed("eip7594", 1, bytes([0x55] * 16))
seed("eip7594", 1, bytes([0xff] * 8 + [0] * 8))
seed("eip7594", 3, bytes([0x0f] * 16))

# SEC1 (secp256k1: selector 0, P-256: 1): the generators compressed and uncompressed, the
# identity byte, x = p, and a bad prefix.
SEC1_CURVES = [
    (0, 2**256 - 2**32 - 977,
     0x79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798,
     0x483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8),
    (1, 2**256 - 2**224 + 2**192 + 2**96 - 1,
     0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296,
     0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5),
]
for sel, p, gx, gy in SEC1_CURVES:
    x, y = gx.to_bytes(32, "big"), gy.to_bytes(32, "big")
    seed("sec1", sel, bytes([2 | (gy & 1)]) + x)
    seed("sec1", sel, b"\x04" + x + y)
    seed("sec1", sel, b"\x00")
    seed("sec1", sel, b"\x02" + p.to_bytes(32, "big"))
    seed("sec1", sel, b"\x06" + x + y)

# EVM precompiles: go-ethereum's precompile vectors (success and failure inputs), with the
# selector of the fork whose rules the file follows (4 = Osaka; modexp's files 0 and 3), plus
# edge inputs in every fork.
import gzip

EVM_FILES = {
    "blake2F": "blake2f", "fail-blake2f": "blake2f",
    "blsG1Add": "bls12_g1add", "fail-blsG1Add": "bls12_g1add",
    "blsG1Mul": "bls12_g1msm", "fail-blsG1Mul": "bls12_g1msm",
    "blsG1MultiExp": "bls12_g1msm", "fail-blsG1MultiExp": "bls12_g1msm",
    "blsG2Add": "bls12_g2add", "fail-blsG2Add": "bls12_g2add",
    "blsG2Mul": "bls12_g2msm", "fail-blsG2Mul": "bls12_g2msm",
    "blsG2MultiExp": "bls12_g2msm", "fail-blsG2MultiExp": "bls12_g2msm",
    "blsMapG1": "bls12_map_fp_to_g1", "fail-blsMapG1": "bls12_map_fp_to_g1",
    "blsMapG2": "bls12_map_fp2_to_g2", "fail-blsMapG2": "bls12_map_fp2_to_g2",
    "blsPairing": "bls12_pairing", "fail-blsPairing": "bls12_pairing",
    "bn256Add": "bn254_add", "bn256ScalarMul": "bn254_mul", "bn256Pairing": "bn254_pairing",
    "ecRecover": "ecrecover", "modexp": "modexp", "modexp_eip2565": "modexp",
    "modexp_eip7883": "modexp", "p256Verify": "p256verify", "pointEvaluation": "point_evaluation",
}
EVM_FORK = {"modexp": 0, "modexp_eip2565": 3}
evm_dir = os.path.join(VECTORS, "evm", "precompiles")
for stem, name in EVM_FILES.items():
    path = os.path.join(evm_dir, stem + ".json")
    if os.path.exists(path):
        text = open(path).read()
    elif os.path.exists(path + ".gz"):
        text = gzip.open(path + ".gz", "rt").read()
    else:
        continue
    cases = json.loads(text)
    # At most 40 seeds per file (the MSM files are large).
    for case in cases[:40]:
        data = unhex(case["Input"])
        if data is not None:
            seed("evm_" + name, EVM_FORK.get(stem, 4), data)
for name in ("sha256", "ripemd160", "identity"):
    for data in (b"", b"abc", bytes(32), bytes(range(256))):
        seed("evm_" + name, 4, data)
for name in set(EVM_FILES.values()) | {"sha256", "ripemd160", "identity"}:
    for fork in range(5):
        seed("evm_" + name, fork, b"")

# Curve25519: the RFC 8032 and speccheck keys and signatures (selector 2: pk ‖ sig ‖ msg; their
# keys and R values also as Edwards encodings, selector 0), the RFC 9496 encodings (selector 1)
# and the RFC 7748 scalars and u values (selector 3).
ed = json.load(open(os.path.join(VECTORS, "ed25519", "rfc8032_ed25519.json")))["vectors"]
spec = json.load(open(os.path.join(VECTORS, "ed25519", "speccheck", "cases.json")))
for pk, sig, msg in [(v["public_key"], v["signature"], v["message"]) for v in ed] + [
    (c["pub_key"], c["signature"], c["message"]) for c in spec
]:
    pk, sig, msg = bytes.fromhex(pk), bytes.fromhex(sig), bytes.fromhex(msg)
    seed("curve25519", 2, pk + sig + msg)
    seed("curve25519", 0, pk)
    seed("curve25519", 0, sig[:32])
rist = json.load(open(os.path.join(VECTORS, "ristretto", "rfc9496_ristretto255.json")))
for key, value in rist.items():
    if isinstance(value, list):
        for item in value:
            for field in (item.values() if isinstance(item, dict) else [item]):
                b = unhex(field) if isinstance(field, str) else None
                if b is not None and len(b) == 32:
                    seed("curve25519", 1, b)
x = json.load(open(os.path.join(VECTORS, "x25519", "rfc7748_x25519.json")))
for c in x["x25519_single"]:
    seed("curve25519", 3, bytes.fromhex(c["scalar"]) + bytes.fromhex(c["u"]))
seed("curve25519", 0, bytes([0xff] * 31 + [0x7f]))
seed("curve25519", 0, bytes([1] + [0] * 30 + [0x80]))

for target in sorted(counts):
    print(f"seed_corpora: {target}: {counts[target]} seeds")
if len(counts) < 10:
    sys.exit("seed_corpora: some target got no seeds")
