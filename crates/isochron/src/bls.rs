//! BLS signatures over BLS12-381: draft-irtf-cfrg-bls-signature-05 ("BLS Signatures", Boneh,
//! Gorbunov, Wahby, Wee, Wood, Zhang) and the Ethereum consensus specifications
//! (`specs/phase0/beacon-chain.md` §BLS signatures, `specs/altair/bls.md`).
//!
//! The draft's two variants and three schemes are type parameters, written once:
//! - [`Variant`]: [`MinPk`] (public keys in G1, 48 bytes; signatures in G2, 96 bytes — the
//!   Ethereum choice) or [`MinSig`] (public keys in G2, signatures in G1);
//! - [`Scheme`]: [`Basic`] (`_NUL_`, distinct messages in aggregates), [`MessageAugmentation`]
//!   (`_AUG_`, the public key prepended to each message) or [`ProofOfPossession`] (`_POP_`,
//!   with `PopProve`/`PopVerify` and `FastAggregateVerify`);
//! - [`Ciphersuite`]`<V, S>` holds the operations of §2–3 for one pair (its DST is
//!   `BLS_SIG_` + the hash-to-curve suite + the scheme's tag);
//! - [`eth`] pins the Ethereum ciphersuite `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`.
//!
//! Keys and signatures ([`keys`], [`signature`]): [`SecretKey`] (KeyGen by HKDF-SHA256, §2.3;
//! zeroized on drop; every use constant time), [`PublicKey`] (validated once when decoded:
//! on the curve, in the subgroup, not the identity — KeyValidate, §2.5 — so verification does
//! not check it again), [`Signature`] (decoded with every check; the identity is a valid
//! signature encoding). Batch verification ([`Ciphersuite::batch_verify_with_rng`] over
//! [`SignatureSet`]s): random 64-bit blinding scalars and one multi-pairing, optionally
//! multi-threaded (feature `parallel`).
//!
//! Hashing to the signature group is RFC 9380 `hash_to_curve` ([`crate::hash_to_curve`]).

mod batch;
pub mod eth;
#[cfg(feature = "parallel")]
mod handoff;
pub mod keys;
mod scheme;
pub mod signature;
mod variant;

pub use batch::SignatureSet;
pub use keys::{hkdf_mod_r, PublicKey, SecretKey};
pub use scheme::{Basic, Ciphersuite, DomainTag, MessageAugmentation, ProofOfPossession, Scheme};
pub use signature::Signature;
pub use variant::{ByteArray, MinPk, MinSig, Variant};
