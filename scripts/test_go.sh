#!/usr/bin/env bash
# The Go package's tests (issue 15, item 3), for scripts/test.sh:
#   1. builds the C ABI (profile `ci`, for Broadwell: the same build as scripts/test_c.sh, so
#      the test command builds it once) and installs target/c/lib/libisochron.a, which
#      bindings/go links statically with cgo (scripts/build_c.sh);
#   2. in bindings/go: gofmt -l (must list nothing), go vet, go test (unit tests and the shared
#      BLS, KZG and EVM vectors), and every benchmark once (-benchtime 1x: they still compile
#      and run).
# Go comes from /usr/local/go (the project's machines) or, when missing, Debian's golang-go.
# Exit status non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

export PATH="/usr/local/go/bin:$PATH"
if ! command -v go >/dev/null; then
    apt-get update && apt-get install -y golang-go
fi
command -v cc >/dev/null || { apt-get update && apt-get install -y build-essential; }
export CGO_ENABLED=1

PROFILE=${PROFILE:-ci} PORTABLE=1 scripts/build_c.sh

# go's build cache does not hash the static library named in the package's #cgo LDFLAGS: tie
# the package's build to the library's content (an inert -D in CGO_CFLAGS, which it hashes),
# so that a rebuilt library is always relinked.
lib_sha=$(sha256sum target/c/lib/libisochron.a | cut -c1-16)
export CGO_CFLAGS="${CGO_CFLAGS:--O2 -g} -DISOCHRON_LIB_SHA256=$lib_sha"

cd bindings/go
go version
echo "test_go.sh: gofmt -l"
unformatted=$(gofmt -l .)
if [ -n "$unformatted" ]; then
    echo "test_go.sh: not gofmt'ed:" >&2
    echo "$unformatted" >&2
    exit 1
fi
echo "test_go.sh: go vet"
go vet ./...
echo "test_go.sh: go test"
go test -count=1 ./...
echo "test_go.sh: benchmarks, once each"
go test -count=1 -run '^$' -bench . -benchtime 1x ./...
echo "test_go.sh: Go tests passed"
