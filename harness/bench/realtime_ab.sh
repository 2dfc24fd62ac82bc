#!/usr/bin/env bash
# fpbench run's samples at real-time priority (the default) against
# --no-realtime, end to end: ROUNDS short runs of each, alternating, the same
# build on both sides (fast against fast), then n, median and CV of every
# sample of each mode, with the load average at every switch.
#
#   harness/bench/realtime_ab.sh [BUILD_DIR] [ROUNDS] [RUNS]   # defaults: build 5 8
#
# Takes about ROUNDS * 2 * (2 * RUNS + 2) * 0.25 s. Needs CAP_SYS_NICE (root)
# for the real-time side, else both sides run at normal priority.
set -euo pipefail
build_dir=${1:-build}
rounds=${2:-5}
runs=${3:-8}
fpbench=$(cd "$build_dir" && pwd)/harness/fpbench
benchmark=(fs/read-file-sync --set path=existing --set encoding=utf8 --set useFd=true
           --set size=102400)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for ((i = 1; i <= rounds; i++)); do
  for mode in realtime normal; do
    flag=()
    [[ $mode == normal ]] && flag=(--no-realtime)
    echo "round $i $mode: load $(cut -d' ' -f1 /proc/loadavg)"
    "$fpbench" run --old-impl fast --new-impl fast "${benchmark[@]}" --runs "$runs" \
      --seed "$i" --no-progress "${flag[@]}" > "$work/$mode-$i.csv"
  done
done
echo "end: load $(cut -d' ' -f1 /proc/loadavg)"
python3 - "$work" <<'EOF'
import csv, glob, statistics, sys
for mode in ("realtime", "normal"):
    rates = [float(row["rate"]) for f in sorted(glob.glob(f"{sys.argv[1]}/{mode}-*.csv"))
             for row in csv.DictReader(open(f))]
    print(f"{mode:8} n={len(rates)} median={statistics.median(rates):.0f} "
          f"CV={statistics.stdev(rates) / statistics.fmean(rates):.1%}")
EOF
