//! The EVM precompiles (`protocols::evm`) on go-ethereum's precompile vectors
//! (`tests/vectors/evm/precompiles/`, see `vectors/SOURCES.md`): every success case by output
//! and gas, every failure case by failing. Also the dispatcher, the forks and the gas-only
//! functions.

use std::io::Read;
use std::path::Path;

use isochron::protocols::evm::{self, Fork, Precompile, PrecompileError};
use serde_json::Value;

fn cases(file: &str) -> Vec<Value> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors/evm/precompiles");
    let plain = dir.join(file);
    let text = if plain.exists() {
        std::fs::read_to_string(plain).unwrap()
    } else {
        let gz = std::fs::read(dir.join(format!("{file}.gz"))).unwrap();
        let mut s = String::new();
        flate2::read::GzDecoder::new(&gz[..]).read_to_string(&mut s).unwrap();
        s
    };
    let v: Vec<Value> = serde_json::from_str(&text).unwrap();
    assert!(!v.is_empty(), "{file}: no cases");
    v
}

fn unhex(v: &Value) -> Vec<u8> {
    hex::decode(v.as_str().unwrap()).unwrap()
}

/// `(vector file, precompile, fork whose gas the file uses)`.
const FILES: [(&str, Precompile, Fork); 29] = [
    ("blake2F.json", Precompile::Blake2f, Fork::Osaka),
    ("fail-blake2f.json", Precompile::Blake2f, Fork::Osaka),
    ("blsG1Add.json", Precompile::Bls12G1Add, Fork::Osaka),
    ("fail-blsG1Add.json", Precompile::Bls12G1Add, Fork::Osaka),
    ("blsG1Mul.json", Precompile::Bls12G1Msm, Fork::Osaka),
    ("fail-blsG1Mul.json", Precompile::Bls12G1Msm, Fork::Osaka),
    ("blsG1MultiExp.json", Precompile::Bls12G1Msm, Fork::Osaka),
    ("fail-blsG1MultiExp.json", Precompile::Bls12G1Msm, Fork::Osaka),
    ("blsG2Add.json", Precompile::Bls12G2Add, Fork::Osaka),
    ("fail-blsG2Add.json", Precompile::Bls12G2Add, Fork::Osaka),
    ("blsG2Mul.json", Precompile::Bls12G2Msm, Fork::Osaka),
    ("fail-blsG2Mul.json", Precompile::Bls12G2Msm, Fork::Osaka),
    ("blsG2MultiExp.json", Precompile::Bls12G2Msm, Fork::Osaka),
    ("fail-blsG2MultiExp.json", Precompile::Bls12G2Msm, Fork::Osaka),
    ("blsMapG1.json", Precompile::Bls12MapFpToG1, Fork::Osaka),
    ("fail-blsMapG1.json", Precompile::Bls12MapFpToG1, Fork::Osaka),
    ("blsMapG2.json", Precompile::Bls12MapFp2ToG2, Fork::Osaka),
    ("fail-blsMapG2.json", Precompile::Bls12MapFp2ToG2, Fork::Osaka),
    ("blsPairing.json", Precompile::Bls12Pairing, Fork::Osaka),
    ("fail-blsPairing.json", Precompile::Bls12Pairing, Fork::Osaka),
    ("bn256Add.json", Precompile::Bn254Add, Fork::Osaka),
    ("bn256ScalarMul.json", Precompile::Bn254Mul, Fork::Osaka),
    ("bn256Pairing.json", Precompile::Bn254Pairing, Fork::Osaka),
    ("ecRecover.json", Precompile::Ecrecover, Fork::Osaka),
    // modexp.json prices with EIP-198's original formula, modexp_eip2565.json with EIP-2565's
    // (Berlin to Prague), modexp_eip7883.json with Osaka's.
    ("modexp.json", Precompile::Modexp, Fork::Istanbul),
    ("modexp_eip2565.json", Precompile::Modexp, Fork::Prague),
    ("modexp_eip7883.json", Precompile::Modexp, Fork::Osaka),
    ("p256Verify.json", Precompile::P256Verify, Fork::Osaka),
    ("pointEvaluation.json", Precompile::PointEvaluation, Fork::Osaka),
];

#[test]
fn precompile_vectors() {
    let (mut ok, mut failed) = (0usize, 0usize);
    let mut bad = Vec::new();
    for (file, p, fork) in FILES {
        for case in cases(file) {
            let name = case["Name"].as_str().unwrap_or("?");
            let input = unhex(&case["Input"]);
            let got = p.run(&input, fork);
            if case.get("ExpectedError").is_some() {
                if got.is_ok() {
                    bad.push(format!("{file} {name}: expected {}, got {got:?}", case["ExpectedError"]));
                }
                failed += 1;
            } else {
                let expected = (unhex(&case["Expected"]), case["Gas"].as_u64().unwrap());
                match got {
                    Ok(g) if g == expected => {}
                    Ok((out, gas)) => bad.push(format!(
                        "{file} {name}: output {} gas {gas}, expected {} gas {}",
                        hex::encode(out),
                        hex::encode(&expected.0),
                        expected.1
                    )),
                    Err(e) => bad.push(format!("{file} {name}: error {e}")),
                }
                // The gas-only function agrees.
                assert_eq!(p.gas(&input, fork), expected.1, "{file} {name}: gas-only");
                ok += 1;
            }
        }
    }
    println!("EVM precompile vectors: {} cases ({ok} success, {failed} failure)", ok + failed);
    assert!(bad.is_empty(), "{} of {} cases wrong:\n{}", bad.len(), ok + failed, bad.join("\n"));
    assert_eq!(ok + failed, 1883);
}

#[test]
fn dispatcher_names_addresses_forks() {
    for p in Precompile::ALL {
        assert_eq!(Precompile::parse(p.name()), Some(p));
        assert_eq!(Precompile::parse(&format!("0x{:02x}", p.address())), Some(p));
        assert_eq!(Precompile::parse(&format!("0x{}", hex::encode(p.address_bytes()))), Some(p));
        assert_eq!(Precompile::from_address(p.address()), Some(p));
    }
    assert_eq!(Precompile::parse("0x06"), Some(Precompile::Bn254Add));
    assert_eq!(Precompile::parse("0x100"), Some(Precompile::P256Verify));
    assert_eq!(Precompile::parse("0x12"), None);
    assert_eq!(Precompile::parse("sha3"), None);
    assert_eq!(evm::run("nope", &[], Fork::Osaka), Err(PrecompileError::UnknownPrecompile));
    assert_eq!(evm::run("p256verify", &[], Fork::Prague), Err(PrecompileError::NotActive));
    assert_eq!(evm::run("bls12_g1add", &[], Fork::Cancun), Err(PrecompileError::NotActive));
    assert_eq!(evm::run("point_evaluation", &[], Fork::Berlin), Err(PrecompileError::NotActive));
    assert_eq!(evm::run("0x02", b"", Fork::Berlin).unwrap().1, 60);
    for f in Fork::ALL {
        assert_eq!(f.name().parse::<Fork>(), Ok(f));
    }
    assert_eq!(Fork::default(), Fork::Osaka);
    // Gas limit: checked before the work.
    assert_eq!(evm::execute("bn254_mul", &[], 5999, Fork::Osaka), Err(PrecompileError::OutOfGas));
    assert!(evm::execute("bn254_mul", &[], 6000, Fork::Osaka).is_ok());
}

#[test]
fn modexp_bounds_and_forks() {
    // EIP-7823: a 1025-byte modulus is rejected from Osaka on, accepted before.
    let mut input = vec![0u8; 96];
    input[31] = 1;
    input[63] = 1;
    input[94] = 0x04;
    input[95] = 0x01;
    input.extend([2u8, 3]);
    input.extend(vec![0xffu8; 1025]);
    assert_eq!(evm::modexp(&input), Err(PrecompileError::ModexpInputTooLarge));
    let (out, _) = evm::modexp_with_fork(&input, Fork::Prague).unwrap();
    assert_eq!(out.len(), 1025);
    // Lengths of 2^255: out of gas before Osaka, too large from Osaka.
    let mut huge = vec![0u8; 96];
    huge[0] = 0x80;
    huge[95] = 1;
    assert_eq!(evm::modexp_with_fork(&huge, Fork::Berlin), Err(PrecompileError::OutOfGas));
    assert_eq!(evm::modexp(&huge), Err(PrecompileError::ModexpInputTooLarge));
    // Empty input: zero lengths, empty output, the minimum gas.
    assert_eq!(evm::modexp_with_fork(&[], Fork::Berlin), Ok((vec![], 200)));
    assert_eq!(evm::modexp(&[]), Ok((vec![], 500)));
}

/// The additions' special cases: `P + P` (the tangent), `P + (−P)`, the identity on either
/// side, against the group law.
#[test]
fn additions_special_cases() {
    use isochron::curve::short_weierstrass::{Projective, Scalar};
    use isochron::curves::{bls12_381 as bls, bn254};
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(13);
    for _ in 0..8 {
        let p = Projective::<bn254::G1Curve>::generator().mul_vartime(&Scalar::<bn254::G1Curve>::random(&mut rng));
        let (pa, two) = (p.to_affine(), p.double().to_affine());
        let zero = bn254::G1Affine::identity();
        for (a, b, sum) in [(pa, pa, two), (pa, pa.neg(), zero), (pa, zero, pa), (zero, pa, pa), (zero, zero, zero)] {
            let input = [a.to_evm_bytes(), b.to_evm_bytes()].concat();
            assert_eq!(evm::bn254_add(&input).unwrap().0, sum.to_evm_bytes().to_vec());
        }
        let q = Projective::<bls::G2Curve>::generator().mul_vartime(&Scalar::<bls::G2Curve>::random(&mut rng));
        let (qa, two) = (q.to_affine(), q.double().to_affine());
        let zero = bls::G2Affine::identity();
        for (a, b, sum) in [(qa, qa, two), (qa, qa.neg(), zero), (qa, zero, qa), (zero, qa, qa)] {
            let input = [a.to_eip2537(), b.to_eip2537()].concat();
            assert_eq!(evm::bls12_g2add(&input).unwrap().0, sum.to_eip2537().to_vec());
        }
        let r = Projective::<bls::G1Curve>::generator().mul_vartime(&Scalar::<bls::G1Curve>::random(&mut rng));
        let (ra, two) = (r.to_affine(), r.double().to_affine());
        let input = [ra.to_eip2537(), ra.to_eip2537()].concat();
        assert_eq!(evm::bls12_g1add(&input).unwrap().0, two.to_eip2537().to_vec());
    }
}
