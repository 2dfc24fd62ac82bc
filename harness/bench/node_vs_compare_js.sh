#!/usr/bin/env bash
# fpbench run --node against Node's own benchmark/compare.js on the same
# scripts, runs and node binary, alternating the two tools ROUNDS times
# (which goes first alternates too): each run's wall and CPU time (user +
# system of the tool and everything it started, from /usr/bin/time), how
# much of the wall time was outside the configurations' timed sections (the
# sum of the CSV's time column taken off), the medians, their ratios, and
# whether both CSVs name the same (filename, configuration) rows.
#
#   harness/bench/node_vs_compare_js.sh NODE_CHECKOUT [BUILD_DIR] [RUNS] [ROUNDS] -- SELECTION...
#   e.g. harness/bench/node_vs_compare_js.sh /tmp/nodebench build 5 3 -- \
#          --filter readFileSync --filter buffer-fill fs buffers
#
# NODE_CHECKOUT holds benchmark/ (compare.js, common.js and the scripts);
# SELECTION is what both tools are given (categories, --filter, --set).
# KEEP=DIR keeps every CSV, its stderr and the times in DIR.
set -euo pipefail
checkout=$(cd "$1" && pwd)
shift
build_dir=build runs=5 rounds=3
[[ $# -gt 0 && $1 != -- ]] && { build_dir=$1; shift; }
[[ $# -gt 0 && $1 != -- ]] && { runs=$1; shift; }
[[ $# -gt 0 && $1 != -- ]] && { rounds=$1; shift; }
[[ ${1:-} == -- ]] || { echo "usage: $0 NODE_CHECKOUT [BUILD_DIR] [RUNS] [ROUNDS] -- SELECTION..." >&2; exit 2; }
shift
fpbench=$(cd "$build_dir" && pwd)/harness/fpbench
if [[ -n ${KEEP:-} ]]; then
  mkdir -p "$KEEP" && work=$(cd "$KEEP" && pwd)
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi
cd "$checkout"

timed() {  # NAME ROUND COMMAND...: runs it, appends "NAME wall cpu" to $work/times
  local name=$1 round=$2
  shift 2
  /usr/bin/time -f "%e %U %S" -o "$work/t" "$@" > "$work/$name-$round.csv" 2> "$work/$name-$round.err"
  read -r wall user sys < "$work/t"
  echo "$name $wall $(echo "$user + $sys" | bc)" >> "$work/times"
  echo "$name round $round: wall ${wall} s, cpu $(echo "$user + $sys" | bc) s"
}

run_compare_js() {
  timed compare.js "$1" node benchmark/compare.js --old node --new node --runs "$runs" --no-progress "${selection[@]}"
}
run_fpbench() {
  timed fpbench "$1" "$fpbench" run --node --old node --new node --runs "$runs" --no-progress "${selection[@]}"
}
selection=("$@")
for ((r = 1; r <= rounds; r++)); do
  if ((r % 2)); then
    run_compare_js "$r"
    run_fpbench "$r"
  else
    run_fpbench "$r"
    run_compare_js "$r"
  fi
done

/usr/bin/python3 - "$work" "$rounds" <<'PY'
import csv, statistics, sys
work, rounds = sys.argv[1], int(sys.argv[2])
def timed_s(name, r):
    return sum(float(row["time"]) for row in csv.DictReader(open(f"{work}/{name}-{r}.csv")))
times = {}
rounds_seen = {}
for line in open(f"{work}/times"):
    name, wall, cpu = line.split()
    r = rounds_seen[name] = rounds_seen.get(name, 0) + 1
    times.setdefault(name, []).append((float(wall), float(cpu), float(wall) - timed_s(name, r)))
med = {n: [statistics.median(x[i] for x in t) for i in range(3)] for n, t in times.items()}
for n, (w, c, o) in med.items():
    print(f"{n}: median wall {w:.1f} s, cpu {c:.1f} s, outside timed sections {o:.1f} s "
          f"over {len(times[n])} runs")
a, b = med["fpbench"], med["compare.js"]
print(f"fpbench / compare.js: wall {a[0] / b[0]:.3f}, cpu {a[1] / b[1]:.3f}, "
      f"outside timed sections {a[2] / b[2]:.3f}")
per_round = [f[0] / c[0] for f, c in zip(times["fpbench"], times["compare.js"])]
print("per round, wall fpbench / compare.js: " + " ".join(f"{x:.3f}" for x in per_round))
def keys(path):
    rows = list(csv.DictReader(open(path)))
    return rows, {(r["filename"], r["configuration"]) for r in rows}
for r in range(1, rounds + 1):
    a, ka = keys(f"{work}/compare.js-{r}.csv")
    b, kb = keys(f"{work}/fpbench-{r}.csv")
    print(f"round {r}: compare.js {len(a)} rows, fpbench {len(b)} rows, "
          f"{len(ka)} and {len(kb)} (filename, configuration) keys, "
          f"{'the same' if ka == kb else 'DIFFERENT'}")
PY
