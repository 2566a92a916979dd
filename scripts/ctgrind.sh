#!/usr/bin/env bash
# Constant-time check (DESIGN.md §4): runs crates/isochron-ctgrind under valgrind memcheck.
#   `ctgrind check` must be clean under `valgrind --error-exitcode=1`;
#   `ctgrind leaky` (the negative control) must make valgrind report errors, every case caught.
# Two builds, each asserting which Montgomery backend its run executes (`--backend`):
#   x86-64  `-C target-cpu=x86-64`, what users of the crate compile by default. Valgrind hides
#           ADX from the CPUID it emulates, so isochron's run-time detection selects the
#           portable code: expected backend "portable".
#   native  `-C target-cpu=broadwell`, with isochron's `fiat` feature: the project's kind of
#           build (.cargo/config.toml builds for the host) with the instruction set valgrind 3.19
#           decodes: ADX, BMI2 and AVX2, but not SHA-NI, AVX-512 or GFNI, which the machines of
#           this kind may have and the compiler would use with `target-cpu=native` (sha2's
#           rounds, vector moves; valgrind stops with SIGILL on them). ADX and BMI2 are enabled
#           at compile time, so the dispatch selects the MULX/ADCX/ADOX assembly: expected
#           backend "adx". A host without ADX/BMI2 fails the check (set CTGRIND_ALLOW_NO_ADX=1
#           to check a `target-cpu=native -C target-feature=-sha` build on the portable backend
#           there). Its check runs twice, with fiat-crypto's fields off (`--fiat off`: every
#           field on isochron's own kernels) and on (secp256k1's and P-256's fields and the
#           Curve25519 protocols on fiat-crypto's code), so every case on those curves is
#           checked on both field backends by one build (the run-time switch is a branch on a
#           public flag; the kernels are the same code as in a build without the feature).
# Nothing is skipped: a missing valgrind (installed if absent), a build or a run that cannot
# execute, or a backend other than the expected one fails the script. The documented public
# branches on secret-derived verdicts are declassified by crates/isochron-ctgrind/verdicts.supp.
# Usage: scripts/ctgrind.sh [FILTER]    (exit status non-zero on any failure)
set -euo pipefail
cd "$(dirname "$0")/.."
filter="${1:-}"

# shellcheck source=scripts/deps.sh
. scripts/deps.sh
ensure_ctgrind_deps
command -v valgrind >/dev/null || { echo "ctgrind.sh: valgrind is not available" >&2; exit 1; }

native_backend=adx
native_flags="-C target-cpu=broadwell"
if ! grep -qw adx /proc/cpuinfo || ! grep -qw bmi2 /proc/cpuinfo; then
    if [ "${CTGRIND_ALLOW_NO_ADX:-}" = 1 ]; then
        echo "=== ctgrind: this CPU has no ADX/BMI2: the native build is checked on the portable backend"
        native_backend=portable
        native_flags="-C target-cpu=native -C target-feature=-sha"
    else
        echo "ctgrind.sh: this CPU has no ADX/BMI2, so the ADX assembly cannot be checked here" >&2
        echo "            (CTGRIND_ALLOW_NO_ADX=1 checks the native build on the portable backend)" >&2
        exit 1
    fi
fi

supp="crates/isochron-ctgrind/verdicts.supp"
fail=0
start=$SECONDS
for v in x86-64 native; do
    case "$v" in
        x86-64) flags="-C target-cpu=x86-64"; backend=portable; features=""; runs=("") ;;
        native) flags="$native_flags"; backend=$native_backend; features="--features fiat"; runs=("--fiat off" "--fiat on") ;;
    esac
    echo "=== ctgrind [$v]: RUSTFLAGS=\"$flags\", expected backend: $backend"
    RUSTFLAGS="$flags" CARGO_TARGET_DIR="target/ctgrind/$v" CARGO_PROFILE_RELEASE_DEBUG=line-tables-only \
        cargo build --release --locked -p isochron-ctgrind $features
    bin="target/ctgrind/$v/release/ctgrind"
    vg=(valgrind --error-exitcode=1 --suppressions="$supp")

    for run in "${runs[@]}"; do
        # shellcheck disable=SC2086 # $run and $filter are lists of words (or empty)
        if "${vg[@]}" "$bin" check --backend "$backend" $run $filter; then
            echo "=== [$v${run:+ $run}] check: clean"
        else
            echo "=== [$v${run:+ $run}] check: FAILED (secret-dependent branch or address, wrong backend, or a crash above)"; fail=1
        fi
    done

    set +e
    out=$("${vg[@]}" "$bin" leaky --backend "$backend" 2>&1); rc=$?
    set -e
    grep -v '^==' <<<"$out" || true
    # (Here-strings, not `echo | grep -q`: with pipefail, grep -q's early exit fails the pipe.)
    if [ "$rc" -eq 1 ] && grep -Eq '^ctgrind leaky: [1-9][0-9]* cases, 0 failed$' <<<"$out"; then
        echo "=== [$v] leaky: every deliberate leak reported"
    else
        echo "=== [$v] leaky: FAILED (valgrind exit $rc; a deliberate leak went unreported, or the run failed)"; fail=1
    fi
done
echo "=== ctgrind: $((SECONDS - start)) s"
exit "$fail"
