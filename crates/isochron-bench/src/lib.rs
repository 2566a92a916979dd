//! Measurement code of isochron's comparison benchmark (DESIGN.md §3), shared with the
//! `isochron bench` command. The modules depend one way, each only on those listed before it:
//!
//! - [`timing`]: calibrated, alternating (A B A B …) timing of kernels with medians over rounds;
//! - [`report`]: the table and JSON-lines output formats of a [`timing::Measurement`];
//! - [`op`]: what an op is, as types ([`op::Op`]), and its name printed from that;
//! - [`fixtures`]: each op's seeded input generator, and values built once and shared;
//! - [`ops`]: isochron's side of each op: its inputs and isochron's kernel;
//! - [`peers`]: the [`peers::Peer`] trait and, with the feature `peers` (on by default), the
//!   same ops in blst, arkworks, zkcrypto, substrate-bn, c-kzg, libsecp256k1, k256 and p256
//!   (rust-eth-kzg with its own feature) and the list of peers
//!   `peers::ALL`; the CLI builds without the feature;
//! - [`registry`]: the list of ops and [`registry::Case`], an op with its inputs and the
//!   kernels of isochron and of the peers it is given.
#![deny(missing_docs)]

pub mod fixtures;
pub mod op;
pub mod ops;
pub mod peers;
pub mod registry;
pub mod report;
pub mod timing;
