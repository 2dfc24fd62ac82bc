#!/usr/bin/env bash
# fpbench run --node against Node's own benchmark/compare.js on the same
# scripts, runs and node binary, alternating the two tools ROUNDS times:
# each run's wall and CPU time (user + system of the tool and everything it
# started, from /usr/bin/time), the medians, their ratios, and whether both
# CSVs name the same (filename, configuration) rows.
#
#   harness/bench/node_vs_compare_js.sh NODE_CHECKOUT [BUILD_DIR] [RUNS] [ROUNDS] -- SELECTION...
#   e.g. harness/bench/node_vs_compare_js.sh /tmp/nodebench build 5 3 -- \
#          --filter readFileSync --filter buffer-fill fs buffers
#
# NODE_CHECKOUT holds benchmark/ (compare.js, common.js and the scripts);
# SELECTION is what both tools are given (categories, --filter, --set).
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
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$checkout"

timed() {  # NAME ROUND COMMAND...: runs it, appends "NAME wall cpu" to $work/times
  local name=$1 round=$2
  shift 2
  /usr/bin/time -f "%e %U %S" -o "$work/t" "$@" > "$work/$name-$round.csv" 2> "$work/$name-$round.err"
  read -r wall user sys < "$work/t"
  echo "$name $wall $(echo "$user + $sys" | bc)" >> "$work/times"
  echo "$name round $round: wall ${wall} s, cpu $(echo "$user + $sys" | bc) s"
}

for ((r = 1; r <= rounds; r++)); do
  timed compare.js "$r" node benchmark/compare.js --old node --new node --runs "$runs" --no-progress "$@"
  timed fpbench "$r" "$fpbench" run --node --old node --new node --runs "$runs" --no-progress "$@"
done

/usr/bin/python3 - "$work" "$rounds" <<'PY'
import csv, statistics, sys
work, rounds = sys.argv[1], int(sys.argv[2])
times = {}
for line in open(f"{work}/times"):
    name, wall, cpu = line.split()
    times.setdefault(name, []).append((float(wall), float(cpu)))
med = {n: (statistics.median(w for w, _ in t), statistics.median(c for _, c in t))
       for n, t in times.items()}
for n, (w, c) in med.items():
    print(f"{n}: median wall {w:.1f} s, median cpu {c:.1f} s over {len(times[n])} runs")
print(f"fpbench / compare.js: wall {med['fpbench'][0] / med['compare.js'][0]:.3f}, "
      f"cpu {med['fpbench'][1] / med['compare.js'][1]:.3f}")
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
