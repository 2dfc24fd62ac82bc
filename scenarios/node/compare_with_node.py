#!/usr/bin/env python3
"""Rates of fpbench's implementations beside Node's own fs, per configuration.

Runs fpbench-scenarios (baseline, fast, floor) and scenarios/node/fs_sync.js
on the same machine, one after the other, and prints a Markdown table of
operations per second with the ratios fast/baseline, floor/fast (how far
the fast path is from the floor) and
fast/node, then a summary: per operation family (write by path or by
descriptor, read, each encoding) the worst fast/baseline, floor/fast and
fast/node, with the row each came from. With ROUNDS > 1 the four programs
run in turn ROUNDS times and each rate is the median of its rounds, so that
a slow spell of the machine lands on every implementation alike. Usage:

    python3 scenarios/node/compare_with_node.py build/scenarios/fpbench-scenarios [SECONDS [ROUNDS]]
"""
import json
import os
import re
import statistics
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


def family(name):
    """The operation family of a row: the scenario, by path or descriptor, encoding."""
    config = dict(re.findall(r"(\w+)='([^']*)'", name))
    scenario = name.split(" ", 1)[0].removeprefix("fs/")
    target = "fd" if config.get("useFd") == "true" else "path"
    return f"{scenario} {target} {config.get('encoding', '?')}"


def summary(rows):
    """Per family, the worst (lowest) fast/baseline and fast/node and the
    worst (highest) floor/fast, each with its row's size."""
    worst = {}
    for name, base, fast, floor, nd in rows:
        w = worst.setdefault(family(name), {})
        size = re.search(r"(?:length|size)=(\d+)", name)
        label = (size.group(1) if size else "") + (" " + re.search(r"data='([^']*)'", name).group(1)
                                                   if "data=" in name else "")
        for key, value, lower_is_worse in (("fast/baseline", fast / base if base else None, True),
                                           ("floor/fast", floor / fast if floor else None, False),
                                           ("fast/node", fast / nd if nd else None, True)):
            if value is None:
                continue
            old = w.get(key)
            if old is None or (value < old[0] if lower_is_worse else value > old[0]):
                w[key] = (value, label)
    print()
    print("| family | worst fast/baseline | worst floor/fast | worst fast/node |")
    print("| :-- | --: | --: | --: |")
    for fam in sorted(worst):
        cells = [f"{worst[fam][k][0]:.2f}x ({worst[fam][k][1]})" if k in worst[fam] else "-"
                 for k in ("fast/baseline", "floor/fast", "fast/node")]
        print(f"| {fam} | " + " | ".join(cells) + " |")
    for key, pick in (("fast/baseline", min), ("floor/fast", max), ("fast/node", min)):
        found = [(w[key][0], fam, w[key][1]) for fam, w in worst.items() if key in w]
        if found:
            value, fam, label = pick(found)
            print(f"\nworst {key} overall: {value:.2f}x ({fam} {label})", end="")
    print()


def main():
    program = sys.argv[1]
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 0.3
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    if rounds < 1:
        sys.exit("compare_with_node.py: ROUNDS must be at least 1")
    runs = {impl: [] for impl in ("baseline", "fast", "floor", "node")}
    for _ in range(rounds):
        for impl in ("baseline", "fast", "floor"):
            runs[impl].append(fpbench_rates(program, impl, seconds))
        runs["node"].append(node_rates(seconds))

    def medians(per_round):
        names = dict.fromkeys(name for r in per_round for name in r)  # first-seen order
        return {name: statistics.median(r[name] for r in per_round if name in r)
                for name in names}
    impls = {impl: medians(runs[impl]) for impl in ("baseline", "fast", "floor")}
    node = medians(runs["node"])
    if rounds > 1:
        print(f"Medians of {rounds} rounds.\n")
    print("| benchmark | baseline ops/s | fast ops/s | floor ops/s | node ops/s "
          "| fast/baseline | floor/fast | fast/node |")
    print("| :-- | --: | --: | --: | --: | --: | --: | --: |")
    rows = []
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
        rows.append((name, base, fast, floor, nd))
    summary(rows)


if __name__ == "__main__":
    main()
