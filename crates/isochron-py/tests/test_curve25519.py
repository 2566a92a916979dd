"""isochron.ed25519 and isochron.x25519: unit tests, errors, RFC 8032 / RFC 7748 vectors,
the original sign.input, and the ed25519-speccheck verdicts of each mode."""

import json

import pytest

import isochron
from isochron import ed25519, x25519
from conftest import VECTORS


def test_ed25519_roundtrip():
    seed = bytes(range(32))
    pk = ed25519.public_key(seed)
    sig = ed25519.sign(seed, b"msg")
    assert len(pk) == 32 and len(sig) == 64
    for mode in ("rfc8032", "strict", "zip215"):
        assert ed25519.verify(pk, b"msg", sig, mode=mode)
        assert not ed25519.verify(pk, b"msG", sig, mode=mode)
    ctx = ed25519.sign(seed, b"msg", context=b"ctx")
    assert ed25519.verify(pk, b"msg", ctx, context=b"ctx") and not ed25519.verify(pk, b"msg", ctx)
    ph = ed25519.sign(seed, b"msg", prehashed=True)
    assert ed25519.verify(pk, b"msg", ph, prehashed=True) and not ed25519.verify(pk, b"msg", ph)
    seeds = [bytes([i]) * 32 for i in range(10)]
    msgs = [b"m%d" % i for i in range(10)]
    pks = [ed25519.public_key(s) for s in seeds]
    sigs = [ed25519.sign(s, m) for s, m in zip(seeds, msgs)]
    assert ed25519.batch_verify(pks, msgs, sigs)
    assert not ed25519.batch_verify(pks, msgs, sigs[::-1])
    assert ed25519.batch_verify([], [], [])


@pytest.mark.parametrize(
    "call",
    [
        lambda: ed25519.public_key(bytes(31)),
        lambda: ed25519.sign(bytes(33), b""),
        lambda: ed25519.sign(bytes(32), b"", context=bytes(256)),
        lambda: ed25519.verify(bytes(32), b"", bytes(63)),
        lambda: ed25519.verify(bytes(31), b"", bytes(64)),
        lambda: ed25519.verify(bytes(32), b"", bytes(64), mode="lax"),
        lambda: ed25519.batch_verify([bytes(32)], [], [bytes(64)]),
        lambda: x25519.x25519(bytes(31), bytes(32)),
        lambda: x25519.public_key(bytes(33)),
        lambda: x25519.shared_secret(bytes([1]) * 32, bytes(32)),  # small-order peer: all-zero secret
    ],
)
def test_errors(call):
    with pytest.raises(isochron.Error):
        call()


def test_rfc8032_vectors():
    vectors = json.loads((VECTORS / "ed25519" / "rfc8032_ed25519.json").read_text())["vectors"]
    for v in vectors:
        seed, pk, msg, sig = (bytes.fromhex(v[k]) for k in ("secret_key", "public_key", "message", "signature"))
        ctx = bytes.fromhex(v["context"]) if "context" in v else None
        ph = v["algorithm"] == "Ed25519ph"
        assert ed25519.public_key(seed) == pk, v["name"]
        assert ed25519.sign(seed, msg, context=ctx, prehashed=ph) == sig, v["name"]
        for mode in ("rfc8032", "strict", "zip215"):
            assert ed25519.verify(pk, msg, sig, mode=mode, context=ctx, prehashed=ph), v["name"]
    assert len(vectors) == 10


def test_sign_input():
    lines = (VECTORS / "ed25519" / "sign.input").read_text().splitlines()
    for line in lines:
        sk, pk, msg, sig, _ = line.split(":")
        sk, pk, msg, sig = bytes.fromhex(sk), bytes.fromhex(pk), bytes.fromhex(msg), bytes.fromhex(sig)
        assert ed25519.public_key(sk[:32]) == pk
        assert ed25519.sign(sk[:32], msg) == sig[:64]
        assert ed25519.verify(pk, msg, sig[:64])
    assert len(lines) == 1024


def test_speccheck():
    cases = json.loads((VECTORS / "ed25519" / "speccheck" / "cases.json").read_text())
    assert len(cases) == 12
    expect = {
        "rfc8032": lambda i: i <= 3,
        "strict": lambda i: i == 3,
        "zip215": lambda i: i <= 5 or i >= 9,
    }
    for i, c in enumerate(cases):
        msg, pk, sig = (bytes.fromhex(c[k]) for k in ("message", "pub_key", "signature"))
        for mode, want in expect.items():
            assert ed25519.verify(pk, msg, sig, mode=mode) == want(i), (i, mode)
        assert ed25519.batch_verify([pk], [msg], [sig]) == expect["zip215"](i), i


def test_rfc7748_vectors():
    v = json.loads((VECTORS / "x25519" / "rfc7748_x25519.json").read_text())
    for c in v["x25519_single"]:
        assert x25519.x25519(bytes.fromhex(c["scalar"]), bytes.fromhex(c["u"])).hex() == c["output"]
    k = u = bytes.fromhex(v["x25519_iterated"]["start_k"])
    for i in range(1, 1001):
        k, u = x25519.x25519(k, u), k
        if i in (1, 1000):
            want = [r["k"] for r in v["x25519_iterated"]["results"] if r["iterations"] == i][0]
            assert k.hex() == want
    dh = v["x25519_dh"]
    a, b = bytes.fromhex(dh["alice_private"]), bytes.fromhex(dh["bob_private"])
    assert x25519.public_key(a).hex() == dh["alice_public"]
    assert x25519.public_key(b).hex() == dh["bob_public"]
    assert x25519.shared_secret(a, x25519.public_key(b)).hex() == dh["shared_secret"]
    assert x25519.shared_secret(b, bytes.fromhex(dh["alice_public"])).hex() == dh["shared_secret"]
    assert x25519.BASEPOINT == b"\x09" + bytes(31)
