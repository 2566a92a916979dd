//! Protocols built on the named curves, each pinned to its specification.
//!
//! - [`eip4844`]: EIP-4844 (Deneb) KZG polynomial commitments to blobs, byte for byte per the
//!   consensus-specs `specs/deneb/polynomial-commitments.md`, with the mainnet trusted setup
//!   embedded.

pub mod eip4844;
