"""isochron.ristretto255: the group law, errors and the RFC 9496 vectors."""

import json

import pytest

import isochron
from isochron import ristretto255 as r
from conftest import VECTORS

V = json.loads((VECTORS / "ristretto" / "rfc9496_ristretto255.json").read_text())


def test_vectors_multiples():
    g, acc = r.Point.generator(), r.Point.identity()
    for v in V["multiples_of_generator"]:
        assert acc.to_bytes().hex() == v["encoding"], v["multiple"]
        assert (g * v["multiple"]).to_bytes().hex() == v["encoding"]
        assert r.Point.mul_base(v["multiple"]) == acc
        assert r.Point.from_bytes(bytes.fromhex(v["encoding"])) == acc
        acc = acc + g
    assert len(V["multiples_of_generator"]) == 16


def test_vectors_invalid():
    for v in V["invalid_encodings"]:
        with pytest.raises(isochron.Error):
            r.Point.from_bytes(bytes.fromhex(v["encoding"]))
    assert len(V["invalid_encodings"]) == 29


def test_vectors_from_uniform_bytes():
    for v in V["from_uniform_bytes"]:
        assert r.Point.from_uniform_bytes(bytes.fromhex(v["input"])).to_bytes().hex() == v["output"], v["label"]
    assert len(V["from_uniform_bytes"]) == 11


def test_group_law():
    g = r.Point.generator()
    assert g * r.ORDER == r.Point.identity() and (g * r.ORDER).is_identity()
    assert g - g == r.Point.identity() and -(-g) == g and 3 * g == g + g + g
    assert g * (5).to_bytes(32, "little") == g * 5 == g * (5 - r.ORDER)
    assert hash(g * 7) == hash(r.Point.from_bytes(bytes(g * 7)))
    p = r.Point.hash_to_group(b"msg", b"dst")
    assert not p.is_identity() and p == r.Point.hash_to_group(b"msg", b"dst")
    with pytest.raises(isochron.Error):
        r.Point.hash_to_group(b"msg", b"")
    with pytest.raises(isochron.Error):
        r.Point.from_bytes(bytes(31))
    with pytest.raises(isochron.Error):
        r.Point.from_uniform_bytes(bytes(63))
    with pytest.raises(isochron.Error):
        g * (b"\xff" * 32)  # not below the order
