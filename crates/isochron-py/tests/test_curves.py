"""isochron.curves: G1/G2 of BLS12-381 and BN254, the pairing check, encodings and errors;
constantine's scalar-multiplication vectors (crates/isochron/tests/vectors/scalar_mul)."""

import json

import pytest

import isochron
from isochron.curves import bls12_381, bn254
from conftest import VECTORS

GROUPS = [
    (bls12_381.G1, bls12_381, 48, 96, "eip2537", 128),
    (bls12_381.G2, bls12_381, 96, 192, "eip2537", 256),
    (bn254.G1, bn254, 32, 64, "evm_bytes", 64),
    (bn254.G2, bn254, 64, 128, "evm_bytes", 128),
]
IDS = ["bls12_381.G1", "bls12_381.G2", "bn254.G1", "bn254.G2"]


@pytest.mark.parametrize("G,curve,nc,nu,extra,ne", GROUPS, ids=IDS)
def test_group_law_and_encodings(G, curve, nc, nu, extra, ne):
    g, o = G.generator(), G.identity()
    assert o.is_identity() and not g.is_identity()
    assert g + o == g and g - g == o and -(-g) == g
    assert g * 2 == g + g == g.double() == 2 * g
    assert g * curve.ORDER == o and g * (curve.ORDER + 3) == g * 3
    assert g * -1 == -g
    assert g * (7).to_bytes(32, "big") == g * 7
    p = g * 123456789
    assert len(p.to_compressed()) == nc and len(p.to_uncompressed()) == nu
    assert G.from_compressed(p.to_compressed()) == p
    assert G.from_uncompressed(p.to_uncompressed()) == p
    enc = getattr(p, "to_" + extra)()
    assert len(enc) == ne and getattr(G, "from_" + extra)(enc) == p
    assert G.from_compressed(o.to_compressed()) == o
    assert bytes(p) == p.to_compressed() and hash(p) == hash(G.from_compressed(bytes(p)))
    assert G.__module__ == curve.__name__ and repr(p).startswith(curve.__name__)
    assert {p, G.from_compressed(bytes(p))} == {p}


@pytest.mark.parametrize("G,curve,nc,nu,extra,ne", GROUPS, ids=IDS)
def test_msm(G, curve, nc, nu, extra, ne):
    g = G.generator()
    pts = [g * (i + 1) for i in range(70)]
    ks = [(i * 0x1234567 + 99) ** 3 for i in range(70)]
    want = G.identity()
    for p, k in zip(pts, ks):
        want = want + p * k
    assert G.msm(pts, ks) == want
    assert G.msm([], []) == G.identity()
    with pytest.raises(isochron.Error):
        G.msm(pts, ks[:-1])


@pytest.mark.parametrize("G,curve,nc,nu,extra,ne", GROUPS, ids=IDS)
def test_decoding_errors(G, curve, nc, nu, extra, ne):
    with pytest.raises(isochron.Error, match="length"):
        G.from_compressed(bytes(nc - 1))
    with pytest.raises(isochron.Error, match="length"):
        G.from_uncompressed(bytes(nu + 1))
    with pytest.raises(isochron.Error):
        G.from_uncompressed(b"\x01" * nu)  # off the curve or non-canonical
    with pytest.raises(isochron.Error):
        getattr(G, "from_" + extra)(b"\x01" * ne)
    with pytest.raises(isochron.Error):
        G.generator() * b"\xff" * 32  # scalar >= r
    with pytest.raises(TypeError):
        G.generator() * 1.5


def test_pairing_check():
    for curve in (bls12_381, bn254):
        g1, g2 = curve.G1.generator(), curve.G2.generator()
        a, b = 1234567, 7654321
        assert curve.pairing_check([(g1 * a, g2 * b), (-(g1 * (a * b)), g2)])
        assert not curve.pairing_check([(g1 * a, g2 * b), (-(g1 * (a * b + 1)), g2)])
        assert curve.pairing_check([])
        assert not curve.pairing_check([(g1, g2)])


def test_not_in_subgroup():
    # A BLS12-381 G1 point on the curve but outside the subgroup: x = 4 is on y^2 = x^3 + 4
    # (cofactor h = 0x396c8c005555e1568c00aaab0000aaab), from the ZCash encoding.
    P = bls12_381.FIELD_MODULUS
    for x in range(1, 200):
        rhs = (x**3 + 4) % P
        y = pow(rhs, (P + 1) // 4, P)
        if y * y % P == rhs:
            enc = x.to_bytes(48, "big") + y.to_bytes(48, "big")
            try:
                bls12_381.G1.from_uncompressed(enc)
            except isochron.Error as e:
                assert "subgroup" in str(e)
                return
    raise AssertionError("no point outside the subgroup found")


def test_hash_to_curve():
    dst = b"QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_"
    p = bls12_381.hash_to_g1(b"", dst)
    # RFC 9380 J.9.1, msg = "".
    assert p.to_uncompressed().hex().startswith("052926add2207b76ca4fa57a8734416c8dc95e24501772c814278700eed6d1e4e8cf62d9c09db0fac349612b759e79a1")
    with pytest.raises(isochron.Error):
        bls12_381.hash_to_g1(b"", b"")
    assert not bn254.hash_to_g1(b"abc", b"dst").is_identity()


def scalar_mul_vectors():
    files = sorted((VECTORS / "scalar_mul").glob("*.json"))
    assert files
    return files


@pytest.mark.parametrize("path", scalar_mul_vectors(), ids=lambda p: p.stem)
def test_scalar_mul_vectors(path):
    """constantine's SageMath vectors: affine x, y (Fp2 as {c0, c1}) and the scalar, in hex."""
    data = json.loads(path.read_text())
    curve = bls12_381 if "BLS12_381" in path.name else bn254
    G = curve.G1 if "_G1_" in path.name else curve.G2
    n = 0
    for v in data["vectors"]:
        def enc(pt):
            def fe(c):
                if isinstance(c, dict):  # Fp2: EIP-2537 (c0 ‖ c1), BN254 EVM (c1 ‖ c0)
                    c0, c1 = int(c["c0"], 16), int(c["c1"], 16)
                    pair = (c0, c1) if curve is bls12_381 else (c1, c0)
                    return b"".join(fe_int(x) for x in pair)
                return fe_int(int(c, 16))

            def fe_int(x):
                return x.to_bytes(64, "big") if curve is bls12_381 else x.to_bytes(32, "big")

            return fe(pt["x"]) + fe(pt["y"])

        dec = G.from_eip2537 if curve is bls12_381 else G.from_evm_bytes
        P, Q = dec(enc(v["P"])), dec(enc(v["Q"]))
        assert P * int(v["scalar"], 16) == Q
        n += 1
    assert n == 40
