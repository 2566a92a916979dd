//! Curve25519 (RFC 7748, RFC 8032): the base field GF(2^255 − 19) in [`field`] (isochron's own
//! arithmetic, and fiat-crypto's with the feature `fiat` in `field_fiat`).

pub mod field;
#[cfg(feature = "fiat")]
pub mod field_fiat;
