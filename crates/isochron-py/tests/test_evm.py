"""isochron.evm: the dispatcher, errors, and go-ethereum's precompile vectors
(crates/isochron/tests/vectors/evm/precompiles/, all 29 files, 1,883 cases)."""

import pytest

import isochron
from isochron import evm
from conftest import VECTORS, read_json, unhex

# (file, precompile, fork whose gas the file uses), as tests/evm_precompiles.rs.
FILES = [
    ("blake2F.json", "blake2f", "osaka"),
    ("fail-blake2f.json", "blake2f", "osaka"),
    ("blsG1Add.json", "bls12_g1add", "osaka"),
    ("fail-blsG1Add.json", "bls12_g1add", "osaka"),
    ("blsG1Mul.json", "bls12_g1msm", "osaka"),
    ("fail-blsG1Mul.json", "bls12_g1msm", "osaka"),
    ("blsG1MultiExp.json", "bls12_g1msm", "osaka"),
    ("fail-blsG1MultiExp.json", "bls12_g1msm", "osaka"),
    ("blsG2Add.json", "bls12_g2add", "osaka"),
    ("fail-blsG2Add.json", "bls12_g2add", "osaka"),
    ("blsG2Mul.json", "bls12_g2msm", "osaka"),
    ("fail-blsG2Mul.json", "bls12_g2msm", "osaka"),
    ("blsG2MultiExp.json", "bls12_g2msm", "osaka"),
    ("fail-blsG2MultiExp.json", "bls12_g2msm", "osaka"),
    ("blsMapG1.json", "bls12_map_fp_to_g1", "osaka"),
    ("fail-blsMapG1.json", "bls12_map_fp_to_g1", "osaka"),
    ("blsMapG2.json", "bls12_map_fp2_to_g2", "osaka"),
    ("fail-blsMapG2.json", "bls12_map_fp2_to_g2", "osaka"),
    ("blsPairing.json", "bls12_pairing", "osaka"),
    ("fail-blsPairing.json", "bls12_pairing", "osaka"),
    ("bn256Add.json", "bn254_add", "osaka"),
    ("bn256ScalarMul.json", "bn254_mul", "osaka"),
    ("bn256Pairing.json", "bn254_pairing", "osaka"),
    ("ecRecover.json", "ecrecover", "osaka"),
    ("modexp.json", "modexp", "istanbul"),
    ("modexp_eip2565.json", "modexp", "prague"),
    ("modexp_eip7883.json", "modexp", "osaka"),
    ("p256Verify.json", "p256verify", "osaka"),
    ("pointEvaluation.json", "point_evaluation", "osaka"),
]


def test_precompile_vectors():
    ok = failed = 0
    bad = []
    for file, name, fork in FILES:
        cases = read_json(VECTORS / "evm" / "precompiles" / file)
        assert cases, file
        for case in cases:
            data = unhex(case["Input"])
            if "ExpectedError" in case:
                try:
                    evm.run(name, data, fork)
                    bad.append(f"{file} {case['Name']}: expected {case['ExpectedError']}")
                except isochron.PrecompileError:
                    pass
                failed += 1
            else:
                out, gas = evm.run(name, data, fork)
                if (out, gas) != (unhex(case["Expected"]), case["Gas"]):
                    bad.append(f"{file} {case['Name']}: {out.hex()} gas {gas}")
                assert evm.gas(name, data, fork) == case["Gas"]
                ok += 1
    assert not bad, bad[:10]
    assert ok + failed == 1883


def test_names_addresses():
    data = bytes(128)
    assert evm.run("bn254_add", data) == evm.run("0x06", data) == evm.run(6, data) == (bytes(64), 150)
    assert evm.run("0x0000000000000000000000000000000000000002", b"")[1] == 60
    assert dict(evm.precompiles())["p256verify"] == 0x100
    assert len(evm.precompiles()) == 18
    assert evm.forks() == ["istanbul", "berlin", "cancun", "prague", "osaka"]
    out, gas = evm.run("sha256", b"abc")
    assert out.hex() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    assert evm.run("identity", b"xyz") == (b"xyz", 18)


def test_errors():
    with pytest.raises(isochron.PrecompileError, match="unknown"):
        evm.run("nope", b"")
    with pytest.raises(isochron.PrecompileError, match="unknown|no precompile"):
        evm.run(0x42, b"")
    with pytest.raises(isochron.PrecompileError, match="not active"):
        evm.run("p256verify", b"", "prague")
    with pytest.raises(isochron.PrecompileError, match="out of gas"):
        evm.run("bn254_mul", b"", gas_limit=5999)
    assert evm.run("bn254_mul", b"", gas_limit=6000)[1] == 6000
    with pytest.raises(isochron.PrecompileError, match="invalid input length"):
        evm.run("bls12_g1add", b"")
    with pytest.raises(isochron.PrecompileError, match="not on the curve"):
        evm.run("bn254_add", b"\x01" * 128)
    with pytest.raises(isochron.Error, match="unknown fork"):
        evm.run("sha256", b"", "frontier")
    with pytest.raises(TypeError):
        evm.run(1.5, b"")
    # PrecompileError is an isochron.Error is a ValueError.
    assert issubclass(isochron.PrecompileError, isochron.Error)
    assert issubclass(isochron.Error, ValueError)
