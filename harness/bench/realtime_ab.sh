#!/usr/bin/env bash
# fpbench run's samples at real-time priority (the default) against
# --no-realtime, end to end: ROUNDS short runs of each, alternating, the same
# program on both sides (A/A), then for each mode the median over benchmarks
# of each benchmark's CV (every sample of both sides), the share of rows
# `fpbench compare` stars, the load average at every switch, and how much
# faster each benchmark's median rate is at real-time priority.
#
#   harness/bench/realtime_ab.sh [BUILD_DIR] [ROUNDS] [RUNS] [-- RUN_ARGS...]
#
# RUN_ARGS is the selection given to `fpbench run` (default: fast readFileSync
# utf8 of 100 KiB against itself); e.g. Node's own scripts:
#   harness/bench/realtime_ab.sh build 4 5 -- --node --old node --new node \
#     --benchmark-dir /tmp/nodebench/benchmark --filter readFileSync fs
# LOAD=N runs N busy loops beside the measurement (0 by default), to see
# what each mode does when other work wants the CPU. KEEP=DIR keeps the
# samples and tables in DIR.
#
# Needs CAP_SYS_NICE (root) for the real-time side, else both sides run at
# normal priority.
set -euo pipefail
build_dir=${1:-build}
rounds=${2:-5}
runs=${3:-8}
[[ $# -gt 3 && $4 != -- ]] && { echo "usage: $0 [BUILD_DIR] [ROUNDS] [RUNS] [-- RUN_ARGS...]" >&2; exit 2; }
shift $(( $# < 4 ? $# : 4 ))
selection=("$@")
if [[ ${#selection[@]} -eq 0 ]]; then
  selection=(--old-impl fast --new-impl fast fs/read-file-sync --set path=existing
             --set encoding=utf8 --set useFd=true --set size=102400)
fi
fpbench=$(cd "$build_dir" && pwd)/harness/fpbench
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

for ((i = 1; i <= rounds; i++)); do
  for mode in realtime normal; do
    flag=()
    [[ $mode == normal ]] && flag=(--no-realtime)
    echo "round $i $mode: load $(cut -d' ' -f1 /proc/loadavg)"
    "$fpbench" run "${selection[@]}" --runs "$runs" --seed "$i" --no-progress \
      "${flag[@]}" > "$work/$mode-$i.csv"
    "$fpbench" compare --format csv "$work/$mode-$i.csv" > "$work/$mode-$i.compared"
  done
done
echo "end: load $(cut -d' ' -f1 /proc/loadavg)"
/usr/bin/python3 - "$work" <<'EOF'
import csv, glob, statistics, sys
work = sys.argv[1]
by_mode = {}
for mode in ("realtime", "normal"):
    rates = by_mode[mode] = {}
    for f in sorted(glob.glob(f"{work}/{mode}-*.csv")):
        for row in csv.DictReader(open(f)):
            rates.setdefault((row["filename"], row["configuration"]), []).append(float(row["rate"]))
    cvs = [statistics.stdev(r) / statistics.fmean(r) for r in rates.values() if len(r) > 1]
    compared = [row for f in glob.glob(f"{work}/{mode}-*.compared")
                for row in csv.DictReader(open(f))]
    starred = sum(int(row["stars"]) > 0 for row in compared)
    spread = ""
    if len(cvs) > 1:
        q = statistics.quantiles(cvs, n=4)
        spread = f" (quartiles {q[0]:.1%}-{q[2]:.1%})"
    print(f"{mode:8} {len(rates)} benchmarks, {sum(map(len, rates.values()))} samples: "
          f"median CV {statistics.median(cvs):.1%}{spread}, "
          f"{starred} of {len(compared)} compared rows starred")
ratios = [statistics.median(r) / statistics.median(by_mode["normal"][key])
          for key, r in by_mode["realtime"].items() if key in by_mode["normal"]]
spread = ""
if len(ratios) > 1:
    q = statistics.quantiles(ratios, n=4)
    spread = f" (quartiles {q[0]:.3f}-{q[2]:.3f})"
print(f"rate realtime / normal, median over {len(ratios)} benchmarks: "
      f"{statistics.median(ratios):.3f}{spread}")
EOF
