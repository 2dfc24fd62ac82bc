#!/usr/bin/env python3
"""A synthetic fleet history written straight into an SQLite history store.

For sizing the store at fleet scale (machines x benchmarks x nights) without
running `fpbench history record` once per machine and night: rows go in with
one executemany per night, into a store that fpbench created (schema version
4; record any run into it first). Each machine is its own series set, with
its own base rates; every sample is its level times Gaussian noise (2% sd);
from night STEP_NIGHT on every STEP_EVERY-th benchmark's "new" side runs
STEP_PCT percent faster (negative: slower). run_stats rows are the same
aggregates record computes (R's mean and variance, the median; summed in
another order, so they may differ in the last bits). The runs
carry no fingerprint, so a machine's first fingerprinted recording gives them
its class. Deterministic per (seed, machine, night).

  python3 history/generators/synthetic_history.py DB --machines 10 --nights 365
"""

import argparse
import datetime
import hashlib
import random
import sqlite3
import sys


def ids(db, table, column, names, extra=None):
    out = {}
    for name in names:
        cols = [column] + (list(extra(name).keys()) if extra else [])
        vals = [name] + (list(extra(name).values()) if extra else [])
        db.execute(f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))}) "
                   f"ON CONFLICT ({column}) DO NOTHING", vals)
        out[name] = db.execute(f"SELECT id FROM {table} WHERE {column} = ?", (name,)).fetchone()[0]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("db", help="SQLite store at schema version 4")
    parser.add_argument("--machines", type=int, default=10)
    parser.add_argument("--benchmarks", type=int, default=1000)
    parser.add_argument("--nights", type=int, default=365)
    parser.add_argument("--samples", type=int, default=5, help="samples per side and night")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--step-night", type=int, default=200)
    parser.add_argument("--step-pct", type=float, default=-5.0)
    parser.add_argument("--step-every", type=int, default=50)
    args = parser.parse_args()

    db = sqlite3.connect(args.db)
    version = db.execute("SELECT MAX(version) FROM schema_migrations").fetchone()[0]
    if version != 4:
        sys.exit(f"{args.db}: schema version {version}, expected 4 (record a run with fpbench first)")
    db.execute("PRAGMA synchronous = OFF")
    names = [(f"fs/synthetic-{b // 100}.js", f"n={b} encoding='utf8'") for b in range(args.benchmarks)]
    benchmark = ids(db, "benchmarks", "name", [f"{f} {c}" for f, c in names],
                    lambda n: {"filename": n.split(" ", 1)[0], "configuration": n.split(" ", 1)[1]})
    db.execute("INSERT INTO metrics (name, source) VALUES ('wall', 'clock') ON CONFLICT DO NOTHING")
    wall = db.execute("SELECT id FROM metrics WHERE name = 'wall' AND source = 'clock'").fetchone()[0]
    machines = ids(db, "machines", "name", [f"fleet-{m + 1}" for m in range(args.machines)])
    start = datetime.date(2025, 1, 1)
    for m, machine in enumerate(machines.values()):
        for night in range(1, args.nights + 1):
            rng = random.Random((args.seed * 1_000_003 + m) * 1_000_003 + night)
            gauss, n = rng.gauss, args.samples
            commit = hashlib.sha1(f"night-{night}".encode()).hexdigest()
            date = (start + datetime.timedelta(days=night)).isoformat() + "T02:00:00Z"
            run = db.execute(
                "INSERT INTO runs (commit_sha, run_date, machine_id, recorded_at, source_file) "
                "VALUES (?, ?, ?, ?, 'synthetic') RETURNING id", (commit, date, machine, date)).fetchone()[0]
            samples, stats = [], []
            for b, (f, c) in enumerate(names):
                base = 1000.0 * (1 + (b * 7919 + m * 31) % 97)
                new_level = base * 1.5
                if night >= args.step_night and b % args.step_every == 0:
                    new_level *= 1 + args.step_pct / 100
                bid = benchmark[f"{f} {c}"]
                for side, level in (("old", base), ("new", new_level)):
                    values = sorted(level * gauss(1.0, 0.02) for _ in range(n))
                    samples.extend((run, bid, side, v, wall) for v in values)
                    mean = sum(values) / n
                    variance = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else None
                    median = values[n // 2] if n % 2 else (values[n // 2 - 1] + values[n // 2]) / 2
                    stats.append((run, bid, side, n, mean, variance, median, values[0], values[-1],
                                  wall))
            db.executemany("INSERT INTO samples (run_id, benchmark_id, side, value, metric_id) "
                           "VALUES (?, ?, ?, ?, ?)", samples)
            db.executemany("INSERT INTO run_stats (run_id, benchmark_id, side, n, mean, variance, "
                           "median, min_value, max_value, metric_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           stats)
            db.commit()
        print(f"{list(machines)[m]}: {args.nights} nights", file=sys.stderr)


if __name__ == "__main__":
    main()
