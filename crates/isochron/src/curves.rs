//! Named curves: constants and parameter declarations only, one module per curve.

pub mod bls12_381;
pub mod bn254;
pub mod curve25519;
pub mod p256;
pub mod secp256k1;
