# Sourced by test.sh and ctgrind.sh: installs what the constant-time checker needs, only when
# it is missing (apt-get; the project's machines run as root).
ensure_ctgrind_deps() {
    local updated=""
    apt_install() {
        if [ -z "$updated" ]; then apt-get update; updated=1; fi
        apt-get install -y "$@"
    }
    command -v valgrind >/dev/null || apt_install valgrind
    # crabgrind's build script runs bindgen, which needs libclang and clang's own headers.
    if ! ls /usr/lib/llvm-*/lib/libclang.so* /usr/lib/*/libclang-*.so* >/dev/null 2>&1 \
        || ! ls /usr/lib/llvm-*/lib/clang/*/include/stddef.h >/dev/null 2>&1; then
        apt_install libclang-dev
    fi
}
