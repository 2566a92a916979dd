//! The integration tests of `isochron-cli`, built as one binary (see `autotests` in
//! Cargo.toml): one module per file of this folder, each documented at its top.

mod common;

mod bls;
mod c25519;
mod cli;
mod ec;
mod evm;
mod kzg;
