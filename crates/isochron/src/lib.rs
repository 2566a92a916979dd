//! # isochron
//!
//! Constant-time elliptic-curve and pairing cryptography.
//!
//! Layers (each uses only the ones above it, see DESIGN.md §1):
//! - [`ct`]: constant-time compare/select/swap over machine words and arrays, zeroizing;
//! - [`limbs`]: `[u64; N]` multi-precision arithmetic, Montgomery constants derived by `const fn`,
//!   portable CIOS multiplication and x86-64 MULX/ADCX/ADOX assembly selected at run time;
//! - [`field`]: prime fields `Fp<P, N>` in Montgomery form with constant-time inversion and square
//!   roots, and the extension towers Fp2, Fp6, Fp12;
//! - [`curves`]: named curves — constants and parameter declarations only;
//! - [`bls`]: BLS signatures (draft-irtf-cfrg-bls-signature-05, Ethereum's ciphersuite in
//!   [`bls::eth`]) with batch verification.
//!
//! Functions whose running time depends on their inputs end in `_vartime` and must only be given
//! public data.
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs)]
#![forbid(unsafe_op_in_unsafe_fn)]

extern crate alloc;

pub mod bls;
pub mod ct;
pub mod curve;
pub mod curves;
pub mod error;
pub mod field;
pub mod hash_to_curve;
pub mod limbs;
pub mod pairing;
#[cfg(test)]
mod test_util;

pub use error::Error;
pub use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

/// README.md's Rust code blocks (the API tour) compiled and run as doctests; its `sh` and `toml`
/// blocks are not Rust and are skipped.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
