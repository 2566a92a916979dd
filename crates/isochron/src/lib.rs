//! # isochron
//!
//! Constant-time elliptic-curve and pairing cryptography.
//!
//! **Start here.** Everything above the curve layer is written against traits with associated
//! types and no limb count: [`field::PrimeField`] (a base or scalar field),
//! [`curve::Group`] / [`curve::AffinePoint`] (a prime-order group with its `Scalar` and
//! `Affine`), [`curve::PointEncoding`] (a curve's compressed and uncompressed encodings, fixed
//! arrays in, checked decoders out) and [`pairing::PairingEngine`] (`G1`, `G2`, `Gt`, `pairing`,
//! `multi_miller_loop`, `final_exponentiation`, `pairing_check`). The named curves in
//! [`curves`] give the concrete types (`curves::bls12_381::{Fr, G1Projective, G2Affine, Gt, …}`),
//! the engines [`curves::bls12_381::Bls12_381`] and [`curves::bn254::Bn254`], and free functions
//! (`curves::bls12_381::pairing(&p, &q)`, `curves::bls12_381::pairing_check(&[(p, q)])`,
//! `curves::bls12_381::hash_to_g2`).
//!
//! Layers (each uses only the ones above it, see DESIGN.md §1):
//! - [`ct`]: constant-time compare/select/swap over machine words and arrays, zeroizing;
//! - `limbs` (crate-private, exposed as [`hazmat::limbs`]): `[u64; N]` multi-precision
//!   arithmetic, Montgomery constants derived by `const fn`, portable CIOS multiplication and
//!   x86-64 MULX/ADCX/ADOX assembly selected at run time;
//! - [`field`]: prime fields `Fp<P, N>` in Montgomery form with constant-time inversion and square
//!   roots, and the extension towers Fp2, Fp6, Fp12;
//! - [`curve`]: the group traits and short Weierstrass points (complete projective formulas,
//!   constant-time GLV/GLS scalar multiplication, wNAF, subgroup checks);
//! - [`pairing`], [`hash_to_curve`], [`msm`]: optimal-ate pairings and GT; RFC 9380;
//!   multi-scalar multiplication (Pippenger, batch-affine buckets);
//! - [`curves`]: named curves — constants, parameter declarations and their encodings;
//! - [`bls`]: BLS signatures (draft-irtf-cfrg-bls-signature-05, Ethereum's ciphersuite in
//!   [`bls::eth`]) with batch verification;
//! - [`protocols`]: pinned protocols, EIP-4844 KZG commitments ([`protocols::eip4844`]).
//!
//! Functions whose running time depends on their inputs end in `_vartime` and must only be given
//! public data.
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs)]
#![forbid(unsafe_op_in_unsafe_fn)]

extern crate alloc;

pub mod bls;
#[cfg(any(feature = "zkcrypto", feature = "serde"))]
mod codec;
pub mod ct;
pub mod curve;
pub mod curves;
pub mod error;
pub mod fft;
pub mod field;
pub mod hash_to_curve;
pub mod hazmat;
mod hmac;
pub(crate) mod limbs;
mod md;
pub mod msm;
pub mod pairing;
pub mod protocols;
#[cfg(feature = "serde")]
mod serde_impls;
mod std_traits;
#[cfg(test)]
mod test_util;
#[cfg(feature = "zkcrypto")]
pub mod zkcrypto;

pub use error::Error;
pub use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

/// README.md's Rust code blocks (the API tour) compiled and run as doctests; its `sh` and `toml`
/// blocks are not Rust and are skipped.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
