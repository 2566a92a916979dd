"""isochron.bls: unit tests, error cases and the ethereum/bls12-381-tests vectors."""

import json

import pytest

import isochron
from isochron import bls
from conftest import VECTORS, unhex

V012 = VECTORS / "bls" / "bls12-381-tests-v0.1.2"
UNRELEASED = VECTORS / "bls" / "bls12-381-tests-master-006855c-unreleased"
IKM = bytes(range(32))


def cases(folder):
    files = sorted(folder.glob("*.json"))
    assert files, folder
    return [(f.stem, json.loads(f.read_text())) for f in files]


def test_sign_verify_roundtrip():
    sk = bls.SecretKey.key_gen(IKM)
    pk = sk.public_key()
    sig = sk.sign(b"hello")
    assert bls.verify(pk, b"hello", sig)
    assert not bls.verify(pk, b"hellO", sig)
    assert bls.SecretKey.from_bytes(sk.to_bytes()).public_key() == pk
    assert bls.PublicKey.from_bytes(pk.to_bytes()) == pk
    assert bls.PublicKey.from_uncompressed(pk.to_uncompressed()) == pk
    assert bls.Signature.from_bytes(sig.to_bytes()) == sig
    assert bytes(sig) == sig.to_bytes() and len(bytes(pk)) == 48 and len(bytes(sig)) == 96
    assert hash(pk) == hash(bls.PublicKey.from_bytes(bytes(pk)))
    assert "secret" in repr(sk) and sk.to_bytes().hex() not in repr(sk)
    assert bls.DST == b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_"


def test_aggregates():
    sks = [bls.SecretKey.key_gen(bytes([i]) * 32) for i in range(1, 5)]
    pks = [sk.public_key() for sk in sks]
    msg = b"same message"
    sigs = [sk.sign(msg) for sk in sks]
    agg = bls.aggregate(sigs)
    assert agg == bls.Signature.aggregate(sigs) == bls.aggregate_signatures(sigs)
    assert bls.fast_aggregate_verify(pks, msg, agg)
    assert bls.verify(bls.aggregate(pks), msg, agg)
    assert bls.aggregate(pks) == bls.PublicKey.aggregate(pks)
    msgs = [b"m%d" % i for i in range(4)]
    agg2 = bls.aggregate([sk.sign(m) for sk, m in zip(sks, msgs)])
    assert bls.aggregate_verify(pks, msgs, agg2)
    assert not bls.aggregate_verify(pks, msgs[::-1], agg2)
    assert not bls.fast_aggregate_verify([], msg, agg)
    ident = bls.Signature.from_bytes(b"\xc0" + bytes(95))
    assert ident.is_identity()
    assert bls.eth_fast_aggregate_verify([], msg, ident)
    assert sks[0].public_key().pop_verify(sks[0].pop_prove())
    assert not sks[1].public_key().pop_verify(sks[0].pop_prove())


def test_batch_verify():
    sks = [bls.SecretKey.key_gen(bytes([i]) * 32) for i in range(1, 9)]
    msgs = [b"batch %d" % i for i in range(8)]
    sigs = [sk.sign(m) for sk, m in zip(sks, msgs)]
    pks = [sk.public_key() for sk in sks]
    assert bls.batch_verify(pks, msgs, sigs)
    assert not bls.batch_verify(pks, msgs, sigs[1:] + sigs[:1])
    assert not bls.batch_verify([], [], [])
    with pytest.raises(isochron.Error):
        bls.batch_verify(pks, msgs[:-1], sigs)


@pytest.mark.parametrize(
    "call",
    [
        lambda: bls.SecretKey.from_bytes(bytes(31)),
        lambda: bls.SecretKey.from_bytes(bytes(32)),  # zero
        lambda: bls.SecretKey.from_bytes(b"\xff" * 32),  # >= r
        lambda: bls.SecretKey.key_gen(bytes(31)),  # IKM too short
        lambda: bls.PublicKey.from_bytes(bytes(47)),
        lambda: bls.PublicKey.from_bytes(b"\xc0" + bytes(47)),  # identity key
        lambda: bls.PublicKey.from_bytes(b"\x80" + b"\x11" * 47),  # not on the curve / not canonical
        lambda: bls.Signature.from_bytes(bytes(96)),  # no compression flag
        lambda: bls.Signature.from_bytes(b"\xc0" + bytes(96)),
        lambda: bls.aggregate_signatures([]),
        lambda: bls.aggregate_public_keys([]),
        lambda: bls.aggregate_verify([bls.SecretKey.key_gen(IKM).public_key()], [], bls.Signature.from_bytes(b"\xc0" + bytes(95))),
    ],
)
def test_errors(call):
    with pytest.raises(isochron.Error) as e:
        call()
    assert isinstance(e.value, ValueError) and str(e.value)


def test_error_reason():
    with pytest.raises(isochron.Error, match="expected 48 bytes, got 47"):
        bls.PublicKey.from_bytes(bytes(47))
    with pytest.raises(isochron.Error, match="infinity"):
        bls.PublicKey.from_bytes(b"\xc0" + bytes(47))


def test_wrong_types():
    with pytest.raises(TypeError):
        bls.verify(b"not a key", b"m", b"not a sig")


# ---- the shared vectors (ethereum/bls12-381-tests) ------------------------------------------


def pk_or_none(h):
    try:
        return bls.PublicKey.from_bytes(unhex(h))
    except isochron.Error:
        return None


def sig_or_none(h):
    try:
        return bls.Signature.from_bytes(unhex(h))
    except isochron.Error:
        return None


def test_vectors_sign():
    n = 0
    for name, case in cases(V012 / "sign"):
        want = case["output"]
        try:
            sk = bls.SecretKey.from_bytes(unhex(case["input"]["privkey"]))
        except isochron.Error:
            assert want is None, name
        else:
            assert sk.sign(unhex(case["input"]["message"])).to_bytes() == unhex(want), name
        n += 1
    assert n == 10


def test_vectors_verify():
    n = 0
    for name, case in cases(V012 / "verify"):
        i = case["input"]
        pk, sig = pk_or_none(i["pubkey"]), sig_or_none(i["signature"])
        got = pk is not None and sig is not None and bls.verify(pk, unhex(i["message"]), sig)
        assert got == case["output"], name
        n += 1
    assert n == 29


def test_vectors_aggregate():
    n = 0
    for name, case in cases(V012 / "aggregate"):
        sigs = [bls.Signature.from_bytes(unhex(s)) for s in case["input"]]
        if case["output"] is None:
            with pytest.raises(isochron.Error):
                bls.aggregate_signatures(sigs)
        else:
            assert bls.aggregate_signatures(sigs).to_bytes() == unhex(case["output"]), name
        n += 1
    assert n == 6


def test_vectors_fast_aggregate_verify():
    n = 0
    for name, case in cases(V012 / "fast_aggregate_verify"):
        i = case["input"]
        pks = [pk_or_none(p) for p in i["pubkeys"]]
        sig = sig_or_none(i["signature"])
        ok = None not in pks and sig is not None and bls.fast_aggregate_verify(pks, unhex(i["message"]), sig)
        assert ok == case["output"], name
        n += 1
    assert n == 12


def test_vectors_aggregate_verify():
    n = 0
    for name, case in cases(V012 / "aggregate_verify"):
        i = case["input"]
        pks = [pk_or_none(p) for p in i["pubkeys"]]
        sig = sig_or_none(i["signature"])
        msgs = [unhex(m) for m in i["messages"]]
        ok = None not in pks and sig is not None and bls.aggregate_verify(pks, msgs, sig)
        assert ok == case["output"], name
        n += 1
    assert n == 5


def test_vectors_batch_verify():
    n = 0
    for name, case in cases(V012 / "batch_verify"):
        i = case["input"]
        pks = [pk_or_none(p) for p in i["pubkeys"]]
        sigs = [sig_or_none(s) for s in i["signatures"]]
        msgs = [unhex(m) for m in i["messages"]]
        ok = None not in pks and None not in sigs and bls.batch_verify(pks, msgs, sigs)
        assert ok == case["output"], name
        n += 1
    assert n == 4


def test_vectors_deserialization():
    """`output` says whether the point decodes; a public key must also not be the identity."""
    from isochron.curves import bls12_381

    n = 0
    for folder in (V012, UNRELEASED):
        for name, case in cases(folder / "deserialization_G1"):
            data = unhex(case["input"]["pubkey"])
            try:
                point = bls12_381.G1.from_compressed(data)
            except isochron.Error:
                point = None
            assert (point is not None) == case["output"], name
            pk = pk_or_none(case["input"]["pubkey"])
            assert (pk is not None) == (point is not None and not point.is_identity()), name
            if pk is not None:
                assert pk.to_bytes() == data, name
            n += 1
        for name, case in cases(folder / "deserialization_G2"):
            assert (sig_or_none(case["input"]["signature"]) is not None) == case["output"], name
            n += 1
    assert n == 13 + 15 + 3 + 3


def test_vectors_hash_to_g2():
    from isochron.curves import bls12_381

    n = 0
    for name, case in cases(V012 / "hash_to_G2"):
        p = bls12_381.hash_to_g2(case["input"]["msg"].encode(), b"QUUX-V01-CS02-with-BLS12381G2_XMD:SHA-256_SSWU_RO_")

        def coord(s):
            c0, c1 = (unhex(h) for h in s.split(","))
            return c1 + c0

        want = coord(case["output"]["x"]) + coord(case["output"]["y"])
        assert p.to_uncompressed() == want, name
        n += 1
    assert n == 4
