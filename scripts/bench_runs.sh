#!/usr/bin/env bash
# Runs the comparison benchmark (DESIGN.md §3) several times, each run from a fresh copy of its
# binary, and prints the median table (scripts/bench_table.py). On the project's machines the
# same binary has run some ops 10–25% slower from one file than from a copy of it, for tens of
# minutes (BENCHMARKS.md, "A measurement hazard on this host"): a fresh copy per run keeps one
# unlucky placement of the code's pages to one run, which the median then discards.
#
# Usage: scripts/bench_runs.sh [-n RUNS] [-o PREFIX] [-b BINARY] [FILTER...]
#   -n RUNS    how many runs (default 3)
#   -o PREFIX  the runs go to PREFIX1.jsonl, PREFIX2.jsonl, … (default: run)
#   -b BINARY  an isochron-bench binary to run (default: build target/release/isochron-bench)
#   FILTER...  passed to isochron-bench (ops whose name contains any of them)
set -euo pipefail
here="$PWD"
cd "$(dirname "$0")/.."
runs=3
prefix=run
bin=
while getopts "n:o:b:" opt; do
    case "$opt" in
        n) runs="$OPTARG" ;;
        o) prefix="$OPTARG" ;;
        b) bin="$OPTARG" ;;
        *) sed -n '8,12p' "$0" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
# Paths given relative to where the script was called from.
case "$prefix" in /*) ;; *) prefix="$here/$prefix" ;; esac
case "$bin" in /* | "") ;; *) bin="$here/$bin" ;; esac
if [ -z "$bin" ]; then
    cargo build --release -p isochron-bench --locked
    bin=target/release/isochron-bench
fi
dir="$(mktemp -d "${TMPDIR:-/tmp}/isochron-bench.XXXXXX")"
trap 'rm -rf "$dir"' EXIT
files=()
for i in $(seq 1 "$runs"); do
    cp "$bin" "$dir/run$i"
    "$dir/run$i" --json "$@" > "$prefix$i.jsonl"
    rm -f "$dir/run$i"
    files+=("$prefix$i.jsonl")
done
python3 scripts/bench_table.py "${files[@]}"
