//! Named curves: constants and parameter declarations only, one module per curve.

pub mod bls12_381;
pub mod bn254;
