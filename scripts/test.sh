#!/usr/bin/env bash
# README's test command: runs every test suite the project has, installing what they need.
#   1. formatting, lints and docs (cargo fmt, clippy -D warnings, rustdoc -D warnings) over the
#      whole workspace;
#   2. the Rust workspace tests, optimized (profile `ci`: release without LTO) (differential tests against peers, vectors,
#      property tests, the CLI's and the benchmark's own tests);
#   3. the constant-time check under valgrind (scripts/ctgrind.sh installs valgrind if missing).
# Later: the C, Python and Go suites. Exit status non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s\n' "$*"; }

# Rust comes from rustup (on every machine of the project's kind); rustfmt and clippy are
# rustup components of the same toolchain.
command -v cargo >/dev/null || { echo "test.sh: cargo not found (install Rust with rustup)" >&2; exit 1; }
cargo fmt --version >/dev/null 2>&1 || rustup component add rustfmt
cargo clippy --version >/dev/null 2>&1 || rustup component add clippy
# blst (a benchmark and test peer) is C and assembly built by the `cc` crate.
command -v cc >/dev/null || { apt-get update && apt-get install -y build-essential; }
# valgrind (the constant-time check) and libclang (crabgrind's build script runs bindgen, which
# clippy and the workspace tests build too).
# shellcheck source=scripts/deps.sh
. scripts/deps.sh
ensure_ctgrind_deps

step "cargo fmt --check"
cargo fmt --all --check

step "cargo clippy -D warnings"
cargo clippy --workspace --all-targets --locked -- -D warnings

step "cargo doc (rustdoc warnings are errors)"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --locked --lib

step "cargo test --workspace (release optimizations, profile ci)"
cargo test --workspace --profile ci --locked

if [ -x scripts/ctgrind.sh ]; then
    step "constant-time check (valgrind)"
    scripts/ctgrind.sh
fi
