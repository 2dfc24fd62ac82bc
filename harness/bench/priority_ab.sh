#!/usr/bin/env bash
# One selection measured under fpbench run's three priorities, taking turns
# round by round: the default (real-time priority while a sample runs alone),
# --no-realtime and --realtime-always. For each priority: the compare.R table
# of all its rounds together, and each benchmark's CV per side (every sample
# of the side), so that what real-time priority does to a program's own
# threads shows beside what it does to interference.
#
#   harness/bench/priority_ab.sh [BUILD_DIR] [ROUNDS] [RUNS] [-- RUN_ARGS...]
#
# RUN_ARGS default to the thread-pool program (bench/pool_demo.cpp) old
# against new. LOAD=N runs N busy loops beside the measurement; KEEP=DIR
# keeps the samples and tables.
set -euo pipefail
build_dir=${1:-build}
rounds=${2:-3}
runs=${3:-10}
[[ $# -gt 3 && $4 != -- ]] && { echo "usage: $0 [BUILD_DIR] [ROUNDS] [RUNS] [-- RUN_ARGS...]" >&2; exit 2; }
shift $(( $# < 4 ? $# : 4 ))
build=$(cd "$build_dir" && pwd)
fpbench=$build/harness/fpbench
selection=("$@")
if [[ ${#selection[@]} -eq 0 ]]; then
  pool=$build/harness/fpbench-pool-demo
  selection=(--command --name pool --old "$pool --impl old" --new "$pool --impl new")
fi
if [[ -n ${KEEP:-} ]]; then
  mkdir -p "$KEEP" && work=$(cd "$KEEP" && pwd)
else
  work=$(mktemp -d)
fi
loaders=()
cleanup() {
  for pid in "${loaders[@]}"; do kill "$pid" 2>/dev/null || true; done
  [[ -n ${KEEP:-} ]] || rm -rf "$work"
}
trap cleanup EXIT
for ((i = 0; i < ${LOAD:-0}; i++)); do
  (while :; do :; done) &
  loaders+=($!)
done

modes=(default normal always)
for ((i = 1; i <= rounds; i++)); do
  for mode in "${modes[@]}"; do
    flag=()
    [[ $mode == normal ]] && flag=(--no-realtime)
    [[ $mode == always ]] && flag=(--realtime-always)
    echo "round $i $mode: load $(cut -d' ' -f1 /proc/loadavg)" >&2
    "$fpbench" run "${selection[@]}" --runs "$runs" --seed "$i" --no-progress \
      "${flag[@]}" > "$work/$mode-$i.csv" 2> "$work/$mode-$i.err"
    grep -h "priority:" -A3 "$work/$mode-$i.err" | grep -v "^fpbench: [a-z]* pass" >&2 || true
  done
done
for mode in "${modes[@]}"; do
  head -n 1 "$work/$mode-1.csv" > "$work/$mode.csv"
  for ((i = 1; i <= rounds; i++)); do tail -n +2 "$work/$mode-$i.csv" >> "$work/$mode.csv"; done
  echo
  echo "== $mode ($rounds rounds of $runs runs per side)"
  "$fpbench" compare "$work/$mode.csv" | tee "$work/$mode.txt"
done
/usr/bin/python3 - "$work" "${modes[@]}" <<'PY'
import csv, statistics, sys
work, modes = sys.argv[1], sys.argv[2:]
print("\nCV of each side's rates, all rounds (median rate in parentheses)")
for mode in modes:
    rows = list(csv.DictReader(open(f"{work}/{mode}.csv")))
    groups = {}
    for r in rows:
        groups.setdefault((r["filename"] + " " + r["configuration"], r["binary"]), []).append(float(r["rate"]))
    for (name, side), rates in sorted(groups.items()):
        cv = statistics.stdev(rates) / statistics.mean(rates) * 100
        print(f"  {mode:8} {side:4} {name}: CV {cv:5.1f}% ({statistics.median(rates):.4g}/s, n={len(rates)})")
PY
