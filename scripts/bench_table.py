#!/usr/bin/env python3
"""Median table of several runs of `isochron-bench --json` (one JSON object per line), for
BENCHMARKS.md: per op and peer, the median over the runs of isochron's and the peer's times and
of the ratio, and each run's ratio.

Usage: scripts/bench_table.py run1.jsonl run2.jsonl run3.jsonl [--targets targets.json]
where targets.json maps "op|peer" to a target ("≤ 0.85" or "< 1.00"), marked met or missed
against the median ratio.
"""
import json
import statistics
import sys


def fmt_ns(ns):
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.1f} µs"
    return f"{ns:.1f} ns"


def main(argv):
    targets = {}
    if "--targets" in argv:
        i = argv.index("--targets")
        targets = json.load(open(argv[i + 1]))
        argv = argv[:i] + argv[i + 2:]
    runs = []
    order = []
    for path in argv:
        rows = {}
        for line in open(path):
            line = line.strip()
            if not line.startswith("{"):
                continue
            r = json.loads(line)
            key = (r["op"], r.get("peer", "-"))
            rows[key] = r
            if key not in order:
                order.append(key)
        runs.append(rows)
    print("| op | peer | isochron | peer | ratio (median) | runs | target |")
    print("| --- | --- | ---: | ---: | ---: | --- | --- |")
    for key in order:
        rs = [run[key] for run in runs if key in run]
        iso = statistics.median(r["isochron_ns"] for r in rs)
        if any(r["peer_ns"] is None for r in rs):
            # An op with no peer (isochron's own figure only): no ratio.
            print(f"| {key[0]} | - | {fmt_ns(iso)} | - | - | - | |")
            continue
        peer = statistics.median(r["peer_ns"] for r in rs)
        ratios = [r["ratio"] for r in rs]
        t = targets.get(f"{key[0]}|{key[1]}", "")
        if t:
            bound = float(t.split()[-1])
            ok = statistics.median(ratios) < bound if t.startswith("<") else statistics.median(ratios) <= bound
            t += " — met" if ok else " — **missed**"
        print(f"| {key[0]} | {key[1]} | {fmt_ns(iso)} | {fmt_ns(peer)} | {statistics.median(ratios):.3f} | "
              f"{', '.join(f'{x:.3f}' for x in ratios)} | {t} |")


if __name__ == "__main__":
    main(sys.argv[1:])
