//! The Ethereum consensus-layer BLS ciphersuite, pinned: `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`
//! (draft-irtf-cfrg-bls-signature-05 §4.2.3, minimal-pubkey-size, proof of possession).
//!
//! - Public keys: 48-byte compressed G1 points, validated (KeyValidate: in the subgroup, not
//!   the identity) when decoded — `specs/phase0/beacon-chain.md` §BLS signatures.
//! - Signatures: 96-byte compressed G2 points, decoded with every check; the identity
//!   (`0xc0…00`) decodes.
//! - Secret keys: 32-byte big-endian integers in `[1, r)`.
//! - Messages are hashed with RFC 9380 `BLS12381G2_XMD:SHA-256_SSWU_RO_` and the DST above.
//! - Empty inputs: `Aggregate([])` is an error, `AggregateVerify` and `FastAggregateVerify`
//!   with no keys are `false`; Altair's [`eth_fast_aggregate_verify`] accepts no keys with
//!   the identity signature (`specs/altair/bls.md`).
//!
//! Conformance vectors: ethereum/bls12-381-tests (`crates/isochron/tests/bls.rs`).

use rand_core::{CryptoRng, RngCore};

use super::scheme::DomainTag;
use super::variant::MinPk;
use super::{Ciphersuite, ProofOfPossession, SignatureSet};
use crate::error::Error;

pub use super::keys::SecretKey;

/// The Ethereum ciphersuite: minimal-pubkey-size with proof of possession.
pub type Eth = Ciphersuite<MinPk, ProofOfPossession>;
/// An Ethereum (G1, 48-byte) public key, validated.
pub type PublicKey = super::PublicKey<MinPk>;
/// An Ethereum (G2, 96-byte) signature.
pub type Signature = super::Signature<MinPk>;

/// The ciphersuite ID and hash-to-curve DST of signatures.
pub const DST: &[u8] = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";
/// The DST of proofs of possession.
pub const POP_DST: &[u8] = b"BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";

/// The DST, as the generic ciphersuite builds it (equal to [`DST`]).
pub fn dst() -> DomainTag {
    Eth::dst()
}

/// KeyGen (draft-05 §2.3) with an empty `key_info`: at least 32 bytes of IKM.
pub fn key_gen(ikm: &[u8]) -> Result<SecretKey, Error> {
    SecretKey::key_gen(ikm, &[])
}

/// SkToPk (draft-05 §2.4).
pub fn sk_to_pk(sk: &SecretKey) -> PublicKey {
    sk.public_key()
}

/// Sign (draft-05 §3.3, CoreSign §2.6). Constant time in the key.
pub fn sign(sk: &SecretKey, msg: &[u8]) -> Signature {
    Eth::sign(sk, msg)
}

/// Verify (CoreVerify, draft-05 §2.7).
pub fn verify(pk: &PublicKey, msg: &[u8], sig: &Signature) -> bool {
    Eth::verify(pk, msg, sig)
}

/// Aggregate (draft-05 §2.8); an empty list is an error.
pub fn aggregate(sigs: &[Signature]) -> Result<Signature, Error> {
    Signature::aggregate(sigs)
}

/// AggregateVerify (draft-05 §3.3's, i.e. CoreAggregateVerify §2.9: repeated messages are
/// allowed under proof of possession); `false` for no keys.
pub fn aggregate_verify(pks: &[PublicKey], msgs: &[&[u8]], sig: &Signature) -> bool {
    Eth::aggregate_verify(pks, msgs, sig)
}

/// FastAggregateVerify (draft-05 §3.3.4); `false` for no keys.
pub fn fast_aggregate_verify(pks: &[PublicKey], msg: &[u8], sig: &Signature) -> bool {
    Eth::fast_aggregate_verify(pks, msg, sig)
}

/// Altair's `eth_fast_aggregate_verify` (`specs/altair/bls.md`): as FastAggregateVerify,
/// except that no keys with the identity signature is `true` (sync committees with no
/// participant).
pub fn eth_fast_aggregate_verify(pks: &[PublicKey], msg: &[u8], sig: &Signature) -> bool {
    if pks.is_empty() && sig.is_identity() {
        return true;
    }
    fast_aggregate_verify(pks, msg, sig)
}

/// Altair's `eth_aggregate_pubkeys`: the sum of the keys; an empty list or an identity sum is
/// an error.
pub fn eth_aggregate_pubkeys(pks: &[PublicKey]) -> Result<PublicKey, Error> {
    PublicKey::aggregate(pks)
}

/// PopProve (draft-05 §3.3.2).
pub fn pop_prove(sk: &SecretKey) -> Signature {
    Eth::pop_prove(sk)
}

/// PopVerify (draft-05 §3.3.3).
pub fn pop_verify(pk: &PublicKey, proof: &Signature) -> bool {
    Eth::pop_verify(pk, proof)
}

/// Batch verification with the OS random source ([`Ciphersuite::batch_verify`]).
#[cfg(feature = "std")]
pub fn batch_verify(sets: &[SignatureSet<'_, MinPk>]) -> bool {
    Eth::batch_verify(sets)
}

/// Batch verification with blinding scalars from `rng`.
pub fn batch_verify_with_rng(sets: &[SignatureSet<'_, MinPk>], rng: &mut (impl RngCore + CryptoRng)) -> bool {
    Eth::batch_verify_with_rng(sets, rng)
}

/// Multi-threaded batch verification with the OS random source
/// ([`Ciphersuite::batch_verify_parallel`]).
#[cfg(feature = "parallel")]
pub fn batch_verify_parallel(sets: &[SignatureSet<'_, MinPk>]) -> bool {
    Eth::batch_verify_parallel(sets)
}
