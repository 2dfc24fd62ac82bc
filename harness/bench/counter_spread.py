#!/usr/bin/env python3
"""Spread of counted metrics between processes, from fpbench's JSON Lines.

For an A/A run (the same implementation on both sides), every sample of a
benchmark should count the same: this prints, per metric, how many
benchmarks were identical in every process and the largest relative spread
(max - min) / mean, with the benchmark it belongs to.

    fpbench run --old-impl fast --new-impl fast fs misc \
        --metric instructions,syscalls --counter-runs 10 -o aa.jsonl
    python3 harness/bench/counter_spread.py aa.jsonl [--side old|new|both]
"""

import argparse
import json
import sys
from collections import defaultdict


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("samples", help="fpbench run --metric ... output (JSON Lines)")
    parser.add_argument("--side", choices=["old", "new", "both"], default="both")
    parser.add_argument("--show", type=int, default=5, help="widest spreads to list per metric")
    args = parser.parse_args()

    values = defaultdict(lambda: defaultdict(list))  # metric -> benchmark -> values
    with open(args.samples, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as e:
                sys.exit(f"{args.samples}:{number}: {e.msg}")
            if args.side != "both" and record["binary"] != args.side:
                continue
            name = record["filename"] + " " + record["configuration"]
            for metric, reading in record["metrics"].items():
                values[metric][name].append(reading["value"])

    for metric in sorted(values):
        spreads = []
        for name, vs in values[metric].items():
            mean = sum(vs) / len(vs)
            spread = (max(vs) - min(vs)) / mean if mean else (0.0 if max(vs) == min(vs) else float("inf"))
            spreads.append((spread, name, len(vs)))
        spreads.sort(reverse=True)
        identical = sum(1 for s in spreads if s[0] == 0)
        counts = sorted({n for _, _, n in spreads})
        print(f"{metric}: {len(spreads)} benchmarks, {counts} samples each, "
              f"{identical} identical in every process, widest spread {spreads[0][0] * 100:.4f}%")
        for spread, name, _ in spreads[: args.show]:
            if spread > 0:
                print(f"  {spread * 100:9.4f}%  {name}")


if __name__ == "__main__":
    main()
