#!/usr/bin/env bash
# README's test command: runs every test suite the project has, installing what they need.
#   1. formatting, lints and docs (cargo fmt, clippy -D warnings, rustdoc -D warnings) over the
#      whole workspace;
#   2. the Rust workspace tests, optimized (profile `ci`: release without LTO) (differential tests against peers, vectors,
#      property tests, the CLI's and the benchmark's own tests);
#   3. the constant-time check under valgrind (scripts/ctgrind.sh installs valgrind if missing);
#   habits (issue 10, item 7), each a separate block below:
#   - the library builds `no_std` (`--no-default-features`);
#   - the workspace tests run with feature `parallel` on, and the library's tests again with it
#     off (the `cargo test` runs include tests/layering.rs and README's API tour as doctests);
#   - cargo deny: licenses, bans (duplicate versions), sources; advisories when the RustSec
#     database can be fetched (not on the project's CI machines: see the block);
#   - the crate package (`cargo package --list`) ships no LGPL test vectors;
#   - every cargo-fuzz target (fuzz/, nightly Rust) for a bounded time (FUZZ_SECONDS each).
#   - the bindings (issue 15): scripts/test_c.sh builds libisochron and runs the C test program
#     and example, natively and under valgrind (the latter in the background beside the Go,
#     Python and constant-time steps; the header's freshness is a cargo test);
#     scripts/test_go.sh runs the Go package's tests (cgo, static link) and benchmarks once;
#     scripts/test_python.sh installs the Python package into a virtual environment with
#     pinned maturin and pytest and runs its pytest suite.
# Exit status non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step's header carries the seconds since the start (CI's limit is 90 minutes on 2 cores).
step() { printf '\n=== [%ss] %s\n' "$SECONDS" "$*"; }

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

# ---- habits: no_std build (issue 10, item 7) --------------------------------------------------
# The library without `std` (DESIGN.md §1: no_std + alloc). Only the host target is installed on
# the project's machines, so this builds for it with `#![no_std]` in force; the tree check below
# makes sure no runtime dependency turns its own `std` on (or pulls getrandom/rayon) there.
step "no_std build (cargo build -p isochron --no-default-features)"
cargo build -p isochron --no-default-features --profile ci --locked
nostd_tree=$(cargo tree -p isochron --no-default-features --locked -e features,normal,no-proc-macro --prefix none)
if grep -E 'feature "std"|^(getrandom|rayon) ' <<<"$nostd_tree"; then
    echo "test.sh: the no_std build enables std in a dependency (above)" >&2
    exit 1
fi
# ---- end no_std ------------------------------------------------------------------------------

step "cargo test --workspace, feature parallel on (release optimizations, profile ci)"
cargo test --workspace --profile ci --locked --features isochron/parallel

# ---- habits: feature `parallel` off (issue 10, item 7); issue 12: the verified field backend --
# The run above has `parallel` on (named explicitly; the benchmark crate enables it as well).
# Only the library has code behind either feature, so only its tests (unit, integration,
# doctests) run again, once, with `parallel` off and `fiat` on: secp256k1's and P-256's fields
# then compute with fiat-crypto's generated code, and `field::fiat`'s unit test compares the two
# backends on random inputs. The two features touch disjoint code, so one build covers both
# (a build of the library's tests is most of a run's time). The CLI, benchmark and checker
# crates are not re-run.
step "cargo test -p isochron, feature parallel off, feature fiat (fiat-crypto field backend)"
cargo clippy -p isochron --all-targets --locked --features fiat -- -D warnings
cargo test -p isochron --profile ci --locked --no-default-features --features std,fiat
# ---- end parallel off, fiat -------------------------------------------------------------------

# The rust-eth-kzg peers live in a build of their own (isochron-bench's `rust-eth-kzg` feature
# changes blst's build for every peer): their lint and their agreement with c-kzg and isochron.
step "isochron-bench with the rust-eth-kzg peers (clippy, tests)"
cargo clippy -p isochron-bench --all-targets --locked --features rust-eth-kzg -- -D warnings
cargo test -p isochron-bench --profile ci --locked --features rust-eth-kzg --lib

# ---- issue 15: the bindings -------------------------------------------------------------------
step "C ABI: test program and example natively (scripts/test_c.sh --native)"
scripts/test_c.sh --native
# The same programs under valgrind take minutes (the KZG setup's checks and tables at valgrind's
# speed) on one core: they run in the background beside the next steps, joined after the
# constant-time check. A failure of a step in between ends the script (the trap stops the
# background script; a valgrind run it started ends with the job).
c_valgrind_log=target/c/valgrind.log
scripts/test_c.sh --valgrind >"$c_valgrind_log" 2>&1 &
c_valgrind=$!
trap 'kill "$c_valgrind" 2>/dev/null || true' EXIT
step "Go package: gofmt, vet, tests with the shared vectors, benchmarks once (scripts/test_go.sh)"
scripts/test_go.sh
step "Python package: pip install ./crates/isochron-py in a venv, pytest (scripts/test_python.sh)"
scripts/test_python.sh
# ---- end bindings ----------------------------------------------------------------------------

if [ -x scripts/ctgrind.sh ]; then
    step "constant-time check (valgrind)"
    scripts/ctgrind.sh
fi

step "C ABI under valgrind (scripts/test_c.sh --valgrind, started after the native run)"
if ! wait "$c_valgrind"; then
    cat "$c_valgrind_log"
    echo "test.sh: the C tests failed under valgrind" >&2
    exit 1
fi
trap - EXIT
cat "$c_valgrind_log"

# ---- habits: cargo deny (issue 10, item 7) ----------------------------------------------------
# deny.toml: licenses (the permissive set in use), bans (duplicate versions), sources (crates.io
# only). Three graphs: the workspace with every peer (duplicates warn: the peers bring their own
# majors), the library as users link it (duplicates denied), and the fuzz crate.
step "cargo deny: licenses, bans, sources"
command -v cargo-deny >/dev/null || cargo install --locked cargo-deny
cargo deny check --hide-inclusion-graph licenses bans sources
cargo deny --manifest-path crates/isochron/Cargo.toml --all-features --exclude-dev \
    check --hide-inclusion-graph -D duplicate bans
cargo deny --manifest-path fuzz/Cargo.toml check --hide-inclusion-graph licenses bans sources
# Advisories need the RustSec advisory database, a git repository on GitHub. The project's CI
# machines reach package registries only (crates.io, PyPI, Debian, ...), not GitHub, so there the
# fetch fails and `advisories` is NOT checked: this says so and goes on. Where the database can
# be fetched, the check runs and any advisory fails the command.
step "cargo deny: advisories"
if cargo deny --log-level error fetch db; then
    cargo deny --log-level error check advisories
    cargo deny --log-level error --manifest-path fuzz/Cargo.toml check advisories
else
    echo "test.sh: NOT CHECKED: cargo deny advisories (the RustSec advisory database," \
        "github.com/RustSec/advisory-db, cannot be fetched from this machine)" >&2
fi
# ---- end cargo deny --------------------------------------------------------------------------

# ---- habits: the crate package ships no LGPL test vectors (issue 10, item 7) ------------------
# Which vectors are LGPL/GPL is read from the SOURCES.md tables under tests/vectors (a row whose
# license column names GPL; its first path, relative to that SOURCES.md, gives the folder);
# crates/isochron/Cargo.toml excludes them. No packaged file may sit in such a folder.
step "cargo package --list -p isochron: no LGPL test vectors"
pkg_files=$(cargo package --list -p isochron --allow-dirty --locked 2>/dev/null)
gpl_dirs=$(cd crates/isochron && for f in $(find tests/vectors -name SOURCES.md); do
    grep -E '^\|.*GPL' "$f" | sed -E 's/^\| *`([^`]*)`.*/\1/' | while read -r p; do
        case "$p" in
            */) echo "$(dirname "$f")/$p" ;;
            *) echo "$(dirname "$f")/$(dirname "$p")/" ;;
        esac
    done
done | sed 's#/\./#/#g' | sort -u)
[ -n "$gpl_dirs" ] && echo "LGPL/GPL vector folders (kept out of the package):" $gpl_dirs
for d in $gpl_dirs; do
    if grep -F "$d" <<<"$pkg_files"; then
        echo "test.sh: the crate package ships the LGPL/GPL vectors above ($d)" >&2
        exit 1
    fi
done
echo "package: $(wc -l <<<"$pkg_files") files, $(grep -c '^tests/vectors/' <<<"$pkg_files") of them vectors, none LGPL/GPL"
# ---- end package -----------------------------------------------------------------------------

# ---- habits: fuzzing (issue 10, item 7) -------------------------------------------------------
# fuzz/: cargo-fuzz targets for every decoder, compared with a peer (fuzz/fuzz_targets/*.rs), and
# one per EVM precompile (evm_*, issue 13), compared with revm-precompile.
# They need nightly Rust (libFuzzer and the sanitizer flags); a missing nightly is an error, not
# a skip. Each target runs FUZZ_SECONDS (default 10) from a corpus seeded from the vectors; a
# crash, a sanitizer report or a disagreement with the peer fails the command (the input is
# saved under fuzz/artifacts/<target>/).
step "fuzzing (cargo +nightly fuzz), ${FUZZ_SECONDS:=10} s per target"
if ! cargo +nightly --version >/dev/null 2>&1; then
    echo "test.sh: the nightly toolchain is missing; the fuzz targets need it:" \
        "rustup toolchain install nightly" >&2
    exit 1
fi
command -v cargo-fuzz >/dev/null || cargo install --locked cargo-fuzz
command -v python3 >/dev/null || { apt-get update && apt-get install -y python3; }
python3 fuzz/seed_corpora.py
(
    cd fuzz
    cargo fmt --check
    cargo +nightly fetch --locked  # the committed fuzz/Cargo.lock, unchanged (cargo-fuzz has no --locked)
    cargo +nightly fuzz build
    for target in $(cargo +nightly fuzz list); do
        step "fuzz $target (${FUZZ_SECONDS} s)"
        cargo +nightly fuzz run "$target" -- -max_total_time="$FUZZ_SECONDS" -print_final_stats=1 2>&1 \
            | grep -vE '^#[0-9]+\s+(NEW|REDUCE|pulse)' || { echo "test.sh: fuzz target $target failed" >&2; exit 1; }
    done
)
# ---- end fuzzing -----------------------------------------------------------------------------
