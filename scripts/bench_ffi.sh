#!/usr/bin/env bash
# FFI overhead (issue 15 target: a C call of BLS verify within 2% of the Rust call): builds the
# release library (scripts/build_c.sh), the C timing program c/bench_verify.c (against the
# static library) and the Rust example examples/bench_verify.rs (the same work through the Rust
# API), runs them alternately RUNS times (default 5) and prints each median, the medians of
# the medians and their ratio C / Rust, with the CPU model.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
scripts/build_c.sh >/dev/null
cargo build --release -p isochron-ffi --example bench_verify --locked 2>/dev/null
cc -O2 -I target/c/include crates/isochron-ffi/c/bench_verify.c target/c/lib/libisochron.a \
    -lpthread -ldl -lm -o target/c/bench_verify
c=(); r=()
for _ in $(seq "$runs"); do
    c+=("$(target/c/bench_verify | awk '{print $2}')")
    r+=("$(target/release/examples/bench_verify | awk '{print $2}')")
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
mc=$(median "${c[@]}"); mr=$(median "${r[@]}")
echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "C    bls verify (ns): ${c[*]}  median $mc"
echo "Rust bls verify (ns): ${r[*]}  median $mr"
awk -v c="$mc" -v r="$mr" 'BEGIN {printf "ratio C / Rust: %.3f\n", c / r}'
