//! Official conformance vectors (see `vectors/SOURCES.md`). Every suite asserts it ran cases.

use std::path::{Path, PathBuf};

use isochron::curve::PointEncoding;
use isochron::curves::{bls12_381, bn254};
use serde_json::Value;

fn vector_dir(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors").join(rel)
}

/// Every JSON file in the given folders (relative to `tests/vectors`).
fn json_cases(dirs: &[&str]) -> Vec<(String, Value)> {
    let mut out = Vec::new();
    for d in dirs {
        let mut files: Vec<_> = std::fs::read_dir(vector_dir(d)).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        for f in files {
            let v: Value = serde_json::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap();
            out.push((f.file_name().unwrap().to_string_lossy().into_owned(), v));
        }
    }
    out
}

fn unhex(s: &str) -> Vec<u8> {
    hex::decode(s.trim_start_matches("0x")).unwrap()
}

/// ethereum/bls12-381-tests `deserialization_G1` / `deserialization_G2`: `output` says whether
/// the compressed point is valid (right length, flags, canonical, on the curve, in the
/// subgroup).
#[test]
fn bls_deserialization() {
    let mut ran = 0;
    for (group, key) in [("G1", "pubkey"), ("G2", "signature")] {
        let dirs = [
            format!("bls/bls12-381-tests-v0.1.2/deserialization_{group}"),
            format!("bls/bls12-381-tests-master-006855c-unreleased/deserialization_{group}"),
        ];
        for (name, case) in json_cases(&[&dirs[0], &dirs[1]]) {
            let bytes = unhex(case["input"][key].as_str().unwrap());
            let want = case["output"].as_bool().unwrap();
            let got = if group == "G1" {
                bls12_381::G1Affine::from_compressed(&bytes).map(|p| {
                    let out = p.to_compressed();
                    assert_eq!(out.as_slice(), bytes.as_slice(), "{name}: re-encoding");
                })
            } else {
                bls12_381::G2Affine::from_compressed(&bytes).map(|p| {
                    let out = p.to_compressed();
                    assert_eq!(out.as_slice(), bytes.as_slice(), "{name}: re-encoding");
                })
            };
            assert_eq!(got.is_ok(), want, "{group} {name}: {got:?}");
            ran += 1;
        }
    }
    assert!(ran >= 31, "ran {ran} cases");
}

/// go-ethereum `bn256Pairing.json` (EIP-197): `k` pairs of a 64-byte G1 point and a 128-byte
/// G2 point; the output is 1 iff the product of pairings is one.
#[test]
fn evm_bn254_pairing_check() {
    let cases: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(vector_dir("evm/bn256Pairing.json")).unwrap()).unwrap();
    assert!(!cases.is_empty());
    for case in &cases {
        let input = unhex(case["Input"].as_str().unwrap());
        let expected = unhex(case["Expected"].as_str().unwrap());
        let pairs: Vec<_> = input
            .chunks(192)
            .map(|c| {
                let p = bn254::G1Affine::from_evm_bytes(&c[..64]).unwrap();
                let q = bn254::G2Affine::from_evm_bytes(&c[64..]).unwrap();
                (p, q)
            })
            .collect();
        let ok = <bn254::Bn254 as isochron::pairing::PairingEngine>::pairing_check(&pairs);
        assert_eq!(ok, expected[31] == 1, "{}", case["Name"]);
    }
}
