//! Protocols built on the named curves, each pinned to its specification.
//!
//! - [`eip4844`]: EIP-4844 (Deneb) KZG polynomial commitments to blobs, byte for byte per the
//!   consensus-specs `specs/deneb/polynomial-commitments.md`, with the mainnet trusted setup
//!   embedded.
//! - [`eip7594`]: EIP-7594 (PeerDAS, Fulu) cells, cell proofs (FK20), their batch verification
//!   and recovery, per `specs/fulu/polynomial-commitments-sampling.md`, on the same setup.

pub mod eip4844;
pub mod eip7594;
