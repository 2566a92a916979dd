#!/usr/bin/env bash
# Builds the C ABI (crates/isochron-ffi) and installs it under target/c/:
#   target/c/lib/libisochron.a, target/c/lib/libisochron.so, target/c/include/isochron.h.
# PROFILE selects the cargo profile (default `release`; the test command uses `ci`). With
# PORTABLE=1 the build targets Broadwell (x86-64 with AVX2, BMI2, ADX) instead of this machine
# (.cargo/config.toml's target-cpu=native), in a target directory of its own: valgrind decodes
# every instruction of that build (not AVX-512 or SHA-NI); the library still picks its assembly
# kernels at run time.
set -euo pipefail
cd "$(dirname "$0")/.."
profile=${PROFILE:-release}
target_dir=target
if [ "${PORTABLE:-0}" = 1 ]; then
    export RUSTFLAGS="-C target-cpu=broadwell"
    target_dir=target/c-portable
fi
CARGO_TARGET_DIR=$target_dir cargo build -p isochron-ffi --profile "$profile" --locked
dir=$target_dir/$profile
[ "$profile" = dev ] && dir=$target_dir/debug
mkdir -p target/c/lib target/c/include
cp "$dir/libisochron_ffi.a" target/c/lib/libisochron.a
cp "$dir/libisochron_ffi.so" target/c/lib/libisochron.so
cp crates/isochron-ffi/include/isochron.h target/c/include/
echo "build_c.sh: target/c/lib/libisochron.{a,so}, target/c/include/isochron.h ($profile)"
