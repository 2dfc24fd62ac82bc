#!/usr/bin/env python3
"""Write a synthetic compare.js CSV: BENCHMARKS x RUNS x {old, new} samples.

Usage: gen_samples.py [--benchmarks 1000] [--runs 30] [--seed 1] > samples.csv

Names look like Node's benchmark files and configurations; rates are normal
around a per-benchmark level, and one benchmark in five gets a real change.
Rows come in compare.js's order (per run: all old, then all new).
"""
import argparse
import random
import sys


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--benchmarks", type=int, default=1000)
    p.add_argument("--runs", type=int, default=30)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    rng = random.Random(args.seed)

    files = ["fs/readFileSync.js", "fs/bench-writeFileSync.js", "fs/readdir.js",
             "misc/print.js", "buffers/buffer-from.js", "util/format.js"]
    benches = []
    for i in range(args.benchmarks):
        config = (f"n={rng.choice([600, 1000, 10000])} encoding='{rng.choice(['utf8', 'latin1', 'ascii'])}' "
                  f"length={rng.choice([1024, 102400, 1048576])} useFd='{rng.choice(['true', 'false'])}' id={i}")
        level = 10 ** rng.uniform(2, 6)
        change = rng.uniform(-0.2, 0.8) if rng.random() < 0.2 else 0.0
        benches.append((rng.choice(files), config, level, change, rng.uniform(0.005, 0.05)))

    out = sys.stdout
    out.write('"binary","filename","configuration","rate","time"\n')
    for _ in range(args.runs):
        for binary in ("old", "new"):
            for filename, config, level, change, noise in benches:
                mean = level * (1 + change if binary == "new" else 1)
                rate = max(rng.gauss(mean, mean * noise), mean * 0.01)
                out.write(f'"{binary}","{filename}","{config}",{rate!r},{1000 / rate:.9f}\n')


if __name__ == "__main__":
    main()
