#!/usr/bin/env bash
# The C ABI's tests (issue 15, item 1), run by scripts/test.sh:
#   1. builds crates/isochron-ffi (profile `ci`, for Broadwell so that valgrind decodes it) and
#      installs libisochron.a, libisochron.so and include/isochron.h under target/c/
#      (scripts/build_c.sh);
#   2. compiles crates/isochron-ffi/c/test_isochron.c against the static library and
#      c/example.c against the shared one, with -Wall -Wextra -Werror, and runs both;
#   3. runs both again under valgrind memcheck: no invalid read or write, no use of
#      uninitialised memory, no leak (definite or indirect) — any is an error.
set -euo pipefail
cd "$(dirname "$0")/.."

PROFILE=${PROFILE:-ci} PORTABLE=1 scripts/build_c.sh
out=target/c
cflags=(-std=c11 -O1 -g -Wall -Wextra -Werror -I "$out/include")
cc "${cflags[@]}" crates/isochron-ffi/c/test_isochron.c "$out/lib/libisochron.a" -lpthread -ldl -lm -o "$out/test_isochron"
cc "${cflags[@]}" crates/isochron-ffi/c/example.c -L "$out/lib" -lisochron -o "$out/example"

"$out/test_isochron"
LD_LIBRARY_PATH="$out/lib" "$out/example"

command -v valgrind >/dev/null || { apt-get update && apt-get install -y valgrind; }
vg=(valgrind --quiet --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect
    --errors-for-leak-kinds=definite,indirect)
"${vg[@]}" "$out/test_isochron"
LD_LIBRARY_PATH="$out/lib" "${vg[@]}" "$out/example"
echo "test_c.sh: C tests passed (also under valgrind)"
