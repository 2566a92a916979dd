//! Protocols built on the named curves, each pinned to its specification.
//!
//! - [`eip4844`]: EIP-4844 (Deneb) KZG polynomial commitments to blobs, byte for byte per the
//!   consensus-specs `specs/deneb/polynomial-commitments.md`, with the mainnet trusted setup
//!   embedded.
//! - [`eip7594`]: EIP-7594 (PeerDAS, Fulu) cells, cell proofs (FK20), their batch verification
//!   and recovery, per `specs/fulu/polynomial-commitments-sampling.md`, on the same setup.

//! - [`bip340`]: BIP-340 Schnorr signatures (secp256k1): x-only keys, tagged hashes, batch
//!   verification.
//! - [`ecdh`]: ECDH (SEC 1 v2 §3.3.1) on the same curves and keys.
//! - [`evm`]: the EVM's cryptographic precompiles (0x01–0x11, 0x100), byte- and gas-exact per
//!   their EIPs, for the forks Istanbul to Osaka.
//! - [`ed25519`]: Ed25519, Ed25519ctx and Ed25519ph (RFC 8032 §5.1) with the RFC 8032, strict
//!   and ZIP 215 verification rules, and batch verification.
//! - [`x25519`]: X25519 Diffie–Hellman (RFC 7748).
//! - [`ecdsa`]: ECDSA (SEC 1 v2 §4.1) with RFC 6979 nonces and DER signatures, generic over
//!   the short Weierstrass curves (secp256k1, P-256).

pub mod bip340;
pub mod ecdh;
pub mod ecdsa;
pub mod ed25519;
pub mod eip4844;
pub mod eip7594;
pub mod evm;
mod verdict;
pub mod x25519;
