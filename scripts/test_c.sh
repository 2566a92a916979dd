#!/usr/bin/env bash
# The C ABI's tests (issue 15, item 1), run by scripts/test.sh:
#   1. builds crates/isochron-ffi (profile `ci`, for Broadwell so that valgrind decodes it) and
#      installs libisochron.a, libisochron.so and include/isochron.h under target/c/
#      (scripts/build_c.sh);
#   2. compiles crates/isochron-ffi/c/test_isochron.c against the static library and
#      c/example.c against the shared one, with -Wall -Wextra -Werror, and runs both;
#   3. runs both again under valgrind memcheck: no invalid read or write, no use of
#      uninitialised memory, no leak (definite or indirect) — any is an error.
# `--native` does steps 1 and 2 and leaves copies of the two programs and the shared library
# in target/c/valgrind/ (later builds of target/c/lib cannot touch them); `--valgrind` does
# step 3 on those copies. scripts/test.sh runs the two apart, the second (minutes: the
# library's KZG setup under valgrind) in the background beside the next steps.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-all}
case "$mode" in
    all | --native | --valgrind) ;;
    *) echo "usage: scripts/test_c.sh [--native | --valgrind]" >&2; exit 2 ;;
esac
out=target/c
staged=$out/valgrind

if [ "$mode" != --valgrind ]; then
    PROFILE=${PROFILE:-ci} PORTABLE=1 scripts/build_c.sh
    cflags=(-std=c11 -O1 -g -Wall -Wextra -Werror -I "$out/include")
    cc "${cflags[@]}" crates/isochron-ffi/c/test_isochron.c "$out/lib/libisochron.a" -lpthread -ldl -lm -o "$out/test_isochron"
    cc "${cflags[@]}" crates/isochron-ffi/c/example.c -L "$out/lib" -lisochron -o "$out/example"

    "$out/test_isochron"
    LD_LIBRARY_PATH="$out/lib" "$out/example"

    rm -rf "$staged" && mkdir -p "$staged"
    cp "$out/test_isochron" "$out/example" "$out/lib/libisochron.so" "$staged/"
    [ "$mode" = --native ] && { echo "test_c.sh: C tests passed natively"; exit 0; }
fi

command -v valgrind >/dev/null || { apt-get update && apt-get install -y valgrind; }
vg=(valgrind --quiet --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect
    --errors-for-leak-kinds=definite,indirect)
"${vg[@]}" "$staged/test_isochron"
LD_LIBRARY_PATH="$staged" "${vg[@]}" "$staged/example"
echo "test_c.sh: C tests passed under valgrind"
