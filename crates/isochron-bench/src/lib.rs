//! Measurement code of isochron's comparison benchmark (DESIGN.md §3), shared with the
//! `isochron bench` command.
//!
//! - [`timing`]: calibrated, alternating (A B A B …) timing with medians over rounds;
//! - [`ops`]: the registry of benchmarked operations with isochron's implementation of each;
//! - [`report`]: the table and JSON-lines output formats;
//! - `peers` (feature `peers`, on by default): the same operations in blst, arkworks, zkcrypto and
//!   substrate-bn,
//!   attached to the registry's ops by name. The CLI builds without it.
#![deny(missing_docs)]

pub mod ops;
#[cfg(feature = "peers")]
pub mod peers;
pub mod report;
pub mod timing;
