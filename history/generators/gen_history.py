#!/usr/bin/env python3
"""Synthetic nightly samples for sizing the history store.

Writes one night's samples as a compare.js CSV ("binary","filename",
"configuration","rate","time") on stdout: BENCHMARKS benchmarks x SAMPLES
samples per side. Each benchmark has its own base rate; every sample is the
night's level times Gaussian noise (2% sd). From night STEP_NIGHT on, every
STEP_EVERY-th benchmark's "new" side runs STEP_PCT percent faster (negative:
slower), a change point detect should find. Deterministic per (seed, night).

  python3 history/generators/gen_history.py --night 12 > night-12.csv
"""

import argparse
import random
import sys


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--night", type=int, required=True, help="night number, from 1")
    parser.add_argument("--benchmarks", type=int, default=1000)
    parser.add_argument("--samples", type=int, default=30, help="samples per side")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--step-night", type=int, default=200)
    parser.add_argument("--step-pct", type=float, default=-5.0)
    parser.add_argument("--step-every", type=int, default=50)
    args = parser.parse_args()

    rng = random.Random(args.seed * 1_000_003 + args.night)
    out = ['"binary","filename","configuration","rate","time"']
    for b in range(args.benchmarks):
        base = 1000.0 * (1 + (b * 7919) % 97)
        new_level = base * 1.5
        if args.night >= args.step_night and b % args.step_every == 0:
            new_level *= 1 + args.step_pct / 100
        config = f"n={b} encoding='utf8'"
        filename = f"fs/synthetic-{b // 100}.js"
        for binary, level in (("old", base), ("new", new_level)):
            for _ in range(args.samples):
                rate = level * rng.gauss(1.0, 0.02)
                out.append(f'"{binary}","{filename}","{config}",{rate:.6f},{1.0 / rate:.9f}')
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
