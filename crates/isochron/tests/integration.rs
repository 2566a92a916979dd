//! The library's integration tests, built as one binary (see `autotests` in Cargo.toml): one
//! module per file of this folder, each documented at its top; `common` holds their shared
//! helpers.

mod common;

mod bip340;
mod bls;
mod curve_groups;
mod differential_arkworks;
mod differential_blst;
mod ecdh;
mod ecdsa;
mod ed25519;
mod edwards25519;
mod eip2537;
mod evm_differential;
mod evm_precompiles;
mod fft;
mod field_props;
mod gt;
mod hash_to_curve;
mod hash_to_curve_25519;
mod kzg;
mod layering;
mod msm;
mod pairing;
mod pairing_differential;
mod point_encoding;
mod ristretto;
mod scalar_mul;
mod secp_p256;
mod subgroup_encoding;
mod tower_differential;
mod tower_props;
mod traits;
mod vectors;
mod x25519;
mod zkcrypto_groth16;

/// With `autotests` off, a test file is built only if its crate's `tests/integration.rs` names
/// it: every `tests/*.rs` of the workspace crates whose tests are gathered so (this one, the
/// benchmark's and the CLI's) must be declared there as a module.
#[test]
fn every_test_file_is_a_module() {
    let crates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for krate in ["isochron", "isochron-bench", "isochron-cli"] {
        let dir = crates.join(krate).join("tests");
        let root = std::fs::read_to_string(dir.join("integration.rs")).expect("tests/integration.rs");
        for entry in std::fs::read_dir(&dir).expect("tests/") {
            let path = entry.expect("directory entry").path();
            let Some(name) = path.file_stem().and_then(|s| s.to_str()) else { continue };
            if path.extension().is_some_and(|e| e == "rs") && name != "integration" {
                let declared = root.lines().any(|l| l.trim() == format!("mod {name};"));
                assert!(declared, "{krate}/tests/{name}.rs is not a module of its tests/integration.rs");
            }
        }
    }
}
