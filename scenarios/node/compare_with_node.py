#!/usr/bin/env python3
"""Rates of fpbench's implementations beside Node's own fs, per configuration.

Runs fpbench-scenarios (baseline, fast, floor) and scenarios/node/fs_sync.js
on the same machine, one after the other, and prints a Markdown table of
operations per second with the ratios fast/baseline, floor/fast (how far
the fast path is from the floor) and
fast/node. Usage:

    python3 scenarios/node/compare_with_node.py build/scenarios/fpbench-scenarios [SECONDS]
"""
import json
import os
import re
import subprocess
import sys


def fpbench_rates(program, impl, seconds):
    out = subprocess.run(
        [program, f"--impl={impl}", "--benchmark_filter=^fs/(write|read)-file-sync",
         f"--benchmark_min_time={seconds}", "--benchmark_format=json"],
        check=True, capture_output=True, text=True).stdout
    rates = {}
    for b in json.loads(out)["benchmarks"]:
        if b.get("run_type") == "iteration" and "items_per_second" in b:
            rates[b["run_name"].removesuffix("/real_time")] = b["items_per_second"]
    return rates


def node_rates(seconds):
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fs_sync.js")
    out = subprocess.run(["node", script, str(seconds)], check=True,
                         capture_output=True, text=True).stdout
    rates = {}
    for line in out.splitlines():
        m = re.match(r"^(.*): ([0-9.]+)$", line)
        if m:
            rates[m.group(1)] = float(m.group(2))
    return rates


def main():
    program = sys.argv[1]
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 0.3
    impls = {impl: fpbench_rates(program, impl, seconds) for impl in ("baseline", "fast", "floor")}
    node = node_rates(seconds)
    print("| benchmark | baseline ops/s | fast ops/s | floor ops/s | node ops/s "
          "| fast/baseline | floor/fast | fast/node |")
    print("| :-- | --: | --: | --: | --: | --: | --: | --: |")
    for name, fast in impls["fast"].items():
        if "non-existing" in name:
            continue
        base = impls["baseline"].get(name)
        floor = impls["floor"].get(name)
        nd = node.get(name)

        def ratio(a, b):
            return f"{a / b:.2f}x" if a and b else "-"
        print(f"| {name} | {base:,.0f} | {fast:,.0f} | {floor:,.0f} | "
              f"{f'{nd:,.0f}' if nd else '-'} | {ratio(fast, base)} | {ratio(floor, fast)} "
              f"| {ratio(fast, nd)} |")


if __name__ == "__main__":
    main()
