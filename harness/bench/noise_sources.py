#!/usr/bin/env python3
"""Where the spread between fresh fpbench-scenarios processes comes from.

Usage:
  harness/bench/noise_sources.py [--program build/scenarios/fpbench-scenarios]
      [--benchmark NAME] [--impl fast] [--n 30] [--min-time 0.1]
      [--repetitions 1] [--conditions default,no-aslr,...] [--seed 1]
      [--samples FILE.csv]

Runs one benchmark configuration as a fresh process per sample, the way
`fpbench run` does, under several conditions (real-time priority, ASLR off,
pinned to a CPU, a warm-up inside the process, malloc tunables, the fixture
on tmpfs, ...; --list names them all).
The conditions are interleaved: every round runs each condition once, in an
order shuffled from --seed, so a change in the machine's load reaches all of
them alike. One warm-up round is run first and dropped.

Per condition it prints n, the median rate, the CV of the per-process rates
(standard deviation / mean), a bootstrap 95% interval of that CV, the robust
CV (1.4826 * MAD / median, which one stray process cannot inflate) and the
ratio of each CV to the default condition's. With --repetitions R > 1 each
process runs R repetitions and the per-process rate is their mean; the
within-process CV and the first repetition's rate against the others' are
printed too. CPU% is the process's CPU time over its wall time in the timed
loop (below 100%: it waited for a CPU), and "CV cpu" the CV of the rates
computed from CPU time, i.e. with that waiting taken out. The 1-minute load
average is read every round; its range is printed with the table, since a
figure means little without it.

Bounded in time: about n * (conditions + 1) * (R * min-time + ~0.1 s).
Standard library only.
"""
import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

DEFAULT_BENCHMARK = "fs/read-file-sync path='existing' encoding='utf8' useFd='true' size=102400"

# name -> (command prefix, extra environment, extra arguments, what it tests)
CONDITIONS = {
    "default": ([], {}, [], "a plain child at normal priority (fpbench run --no-realtime)"),
    "rt": (["chrt", "-f", "1"], {}, [],
           "real-time FIFO priority 1, as fpbench run starts samples (needs CAP_SYS_NICE)"),
    "nice-20": (["nice", "-n", "-20"], {}, [], "highest CFS priority (needs CAP_SYS_NICE)"),
    "no-aslr": (["setarch", "-R"], {}, [], "address-space layout randomization off"),
    "no-aslr+env-pad": (["setarch", "-R"], {"FPBENCH_NOISE_PAD": None}, [],
                        "ASLR off, environment of random size (shifts the stack)"),
    "pin0": (["taskset", "-c", "0"], {}, [], "pinned to CPU 0"),
    "pin1": (["taskset", "-c", "1"], {}, [], "pinned to CPU 1"),
    "no-aslr+pin1": (["setarch", "-R", "taskset", "-c", "1"], {}, [], "no-aslr and pin1"),
    "warmup": ([], {}, ["--benchmark_min_warmup_time={warmup}"],
               "Google Benchmark's warm-up before timing"),
    "no-aslr+warmup": (["setarch", "-R"], {}, ["--benchmark_min_warmup_time={warmup}"],
                       "ASLR off and warm-up"),
    "mmap-fixed": ([], {"GLIBC_TUNABLES": "glibc.malloc.mmap_threshold=33554432"}, [],
                   "malloc never mmaps buffers below 32 MiB (no dynamic threshold)"),
    "malloc-thp": ([], {"GLIBC_TUNABLES": "glibc.malloc.hugetlb=1"}, [],
                   "malloc asks for transparent huge pages"),
    "tmpfs": ([], {"TMPDIR": "/dev/shm"}, [], "fixture file on tmpfs instead of /tmp"),
    "rt+pin1": (["chrt", "-f", "1", "taskset", "-c", "1"], {}, [], "rt and pin1"),
    "rt+no-aslr": (["chrt", "-f", "1", "setarch", "-R"], {}, [], "rt and no-aslr"),
    "rt+warmup": (["chrt", "-f", "1"], {}, ["--benchmark_min_warmup_time={warmup}"], "rt and warmup"),
    "rt+tmpfs": (["chrt", "-f", "1"], {"TMPDIR": "/dev/shm"}, [], "rt and tmpfs"),
    "no-aslr+nice-20": (["setarch", "-R", "nice", "-n", "-20"], {}, [], "no-aslr and nice-20"),
}


def exact_filter(benchmark):
    # As the harness escapes it (POSIX regex: only these are special).
    escaped = "".join("\\" + c if c in "\\^$.|?*+()[]{}" else c for c in benchmark)
    return "^" + escaped + "(/iterations:[0-9]+)?(/real_time)?$"


def load1():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def run_one(args, name, rng):
    prefix, extra_env, extra_args, _ = CONDITIONS[name]
    env = dict(os.environ)
    for key, value in extra_env.items():
        # None: a random size, so the stack of a non-randomized process moves.
        env[key] = "x" * rng.randrange(0, 4096) if value is None else value
    argv = prefix + [args.program, f"--impl={args.impl}",
                     "--benchmark_filter=" + exact_filter(args.benchmark),
                     "--benchmark_format=json", f"--benchmark_min_time={args.min_time}"]
    if args.repetitions > 1:
        argv.append(f"--benchmark_repetitions={args.repetitions}")
    argv += [a.format(warmup=args.warmup) for a in extra_args]
    p = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
    if p.returncode != 0:
        sys.exit(f"noise_sources: {name}: exit {p.returncode}: {p.stderr.strip()}")
    try:
        rows = [b for b in json.loads(p.stdout)["benchmarks"]
                if b.get("run_type", "iteration") == "iteration"]
    except (ValueError, KeyError):
        sys.exit(f"noise_sources: {name}: no Google Benchmark JSON: {p.stderr.strip()}")
    if not rows:
        sys.exit(f"noise_sources: {name}: no benchmark matched {args.benchmark!r}")
    # (wall-time rate, CPU time / wall time): below 1 the process waited for a CPU.
    return [(float(b["items_per_second"]), float(b["cpu_time"]) / float(b["real_time"]))
            for b in rows]


def cv(xs):
    return statistics.stdev(xs) / statistics.fmean(xs) if len(xs) > 1 else float("nan")


def robust_cv(xs):
    med = statistics.median(xs)
    return 1.4826 * statistics.median(abs(x - med) for x in xs) / med


def cv_interval(xs, rng, resamples=2000):
    boots = sorted(cv([rng.choice(xs) for _ in xs]) for _ in range(resamples))
    return boots[int(0.025 * resamples)], boots[int(0.975 * resamples) - 1]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--program", default="build/scenarios/fpbench-scenarios")
    p.add_argument("--benchmark", default=DEFAULT_BENCHMARK)
    p.add_argument("--impl", default="fast")
    p.add_argument("--n", type=int, default=30, help="processes per condition")
    p.add_argument("--min-time", type=float, default=0.1, help="seconds per repetition")
    p.add_argument("--warmup", type=float, default=0.1, help="seconds, for the warm-up conditions")
    p.add_argument("--repetitions", type=int, default=1, help="repetitions inside each process")
    p.add_argument("--conditions", default="default,rt,no-aslr,pin1,no-aslr+pin1,warmup,malloc-thp")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--samples", help="also write every process's rates to this CSV")
    p.add_argument("--list", action="store_true", help="list the conditions and exit")
    args = p.parse_args()
    if args.list:
        for name, (_, _, _, what) in CONDITIONS.items():
            print(f"{name:18} {what}")
        return
    names = args.conditions.split(",")
    unknown = [n for n in names if n not in CONDITIONS]
    if unknown:
        sys.exit(f"noise_sources: unknown condition {unknown[0]!r} (see --list)")
    if "default" not in names:
        names.insert(0, "default")
    if args.n < 2 or args.repetitions < 1 or args.min_time <= 0:
        sys.exit("noise_sources: needs --n >= 2, --repetitions >= 1, --min-time > 0")

    rng = random.Random(args.seed)
    reps = {n: [] for n in names}
    loads = [load1()]
    started = time.monotonic()
    for round_no in range(args.n + 1):
        order = names[:]
        rng.shuffle(order)
        for name in order:
            rates = run_one(args, name, rng)
            if round_no > 0:  # round 0 warms the page cache and the binary
                reps[name].append(rates)
        loads.append(load1())
    elapsed = time.monotonic() - started

    if args.samples:
        with open(args.samples, "w") as f:
            f.write("condition,process,repetition,rate,cpu_share\n")
            for name in names:
                for i, rates in enumerate(reps[name]):
                    for j, (r, share) in enumerate(rates):
                        f.write(f"{name},{i},{j},{r:.1f},{share:.4f}\n")

    print(f"benchmark: {args.benchmark}, impl {args.impl}")
    print(f"{args.n} processes per condition (+1 warm-up round dropped), min-time {args.min_time} s"
          f" x {args.repetitions} repetition(s), seed {args.seed}, {elapsed:.0f} s in all")
    print(f"load average (1 min) during the run: {min(loads):.2f} .. {max(loads):.2f}, "
          f"mean {statistics.fmean(loads):.2f}")
    head = f"{'condition':18} {'n':>3} {'median':>10} {'CV':>6} {'95% CI of CV':>14} " \
           f"{'vs def':>6} {'rCV':>6} {'vs def':>6}"
    head += f" {'CPU%':>5} {'CV cpu':>6}"
    if args.repetitions > 1:
        head += f" {'within':>7} {'1st/rest':>8}"
    print(head)

    def wall(name):
        return [[r for r, _ in process] for process in reps[name]]

    base = [statistics.fmean(r) for r in wall("default")]
    base_cv, base_rcv = cv(base), robust_cv(base)
    for name in names:
        per_rep = wall(name)
        means = [statistics.fmean(r) for r in per_rep]
        # The rate had the process never waited for a CPU: what is left of
        # the spread once other work on the machine is taken out.
        cpu_rates = [statistics.fmean(r / share for r, share in p) for p in reps[name]]
        share = statistics.fmean(s for p in reps[name] for _, s in p)
        lo, hi = cv_interval(means, rng)
        c, rc = cv(means), robust_cv(means)
        line = (f"{name:18} {len(means):3d} {statistics.median(means):10.0f} {c:6.1%} "
                f"{lo:6.1%}..{hi:6.1%} {c / base_cv:6.2f} {rc:6.1%} {rc / base_rcv:6.2f}"
                f" {share:5.0%} {cv(cpu_rates):6.1%}")
        if args.repetitions > 1:
            within = statistics.fmean(cv(r) for r in per_rep)
            first = statistics.fmean(r[0] / statistics.fmean(r[1:]) for r in per_rep)
            line += f" {within:7.1%} {first:8.3f}"
        print(line)


if __name__ == "__main__":
    main()
