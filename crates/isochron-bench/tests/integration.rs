//! The integration tests of `isochron-bench`, built as one binary (see `autotests` in
//! Cargo.toml): one module per file of this folder, each documented at its top.

mod bench_cli;
mod c25519_agreement;
mod layering;
mod pinned_ops;
mod sec_agreement;
