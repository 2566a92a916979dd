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
