#!/usr/bin/env bash
# Constant-time check (DESIGN.md §4): runs crates/isochron-ctgrind under valgrind memcheck.
#   `ctgrind check` must be clean under `valgrind --error-exitcode=1`;
#   `ctgrind leaky` (the negative control) must make valgrind report errors, every case caught.
# Built once per Montgomery backend: "portable" (valgrind hides ADX from CPUID, so run-time
# detection picks the portable code) and, on an ADX host, "adx" (+adx,+bmi2 at compile time, so
# the dispatch picks the assembly; valgrind 3.19 decodes MULX/ADCX/ADOX).
# Not target-cpu=native: valgrind does not decode every native instruction.
# Usage: scripts/ctgrind.sh [FILTER]    (exit status non-zero on any failure)
set -euo pipefail
cd "$(dirname "$0")/.."
filter="${1:-}"

# shellcheck source=scripts/deps.sh
. scripts/deps.sh
ensure_ctgrind_deps

variants=(portable)
grep -qw adx /proc/cpuinfo && grep -qw bmi2 /proc/cpuinfo && variants+=(adx)

fail=0
for v in "${variants[@]}"; do
    flags="-C target-cpu=x86-64-v3"
    [ "$v" = adx ] && flags="$flags -C target-feature=+adx,+bmi2"
    echo "=== ctgrind [$v]: RUSTFLAGS=\"$flags\""
    # Debug line info makes memcheck's reports point at source lines.
    RUSTFLAGS="$flags" CARGO_TARGET_DIR="target/ctgrind/$v" CARGO_PROFILE_RELEASE_DEBUG=line-tables-only \
        cargo build --release --locked -p isochron-ctgrind
    bin="target/ctgrind/$v/release/ctgrind"

    if valgrind --error-exitcode=1 "$bin" check $filter; then
        echo "=== [$v] check: clean"
    else
        echo "=== [$v] check: FAILED (secret-dependent branch or address above)"; fail=1
    fi

    set +e
    out=$(valgrind --error-exitcode=1 "$bin" leaky 2>&1); rc=$?
    set -e
    grep -v '^==' <<<"$out" || true
    # (Here-strings, not `echo | grep -q`: with pipefail, grep -q's early exit fails the pipe.)
    if [ "$rc" -eq 1 ] && grep -Eq '^ctgrind leaky: [1-9][0-9]* cases, 0 failed$' <<<"$out"; then
        echo "=== [$v] leaky: every deliberate leak reported"
    else
        echo "=== [$v] leaky: FAILED (valgrind exit $rc; a deliberate leak went unreported)"; fail=1
    fi
done
exit "$fail"
