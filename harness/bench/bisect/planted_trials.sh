#!/usr/bin/env bash
# Runs `fpbench bisect` on synthetic repositories (make_synthetic_repo.sh)
# with planted changes and checks that it names every planted commit. Each
# trial is a fresh repository and a fresh build cache; one line per trial,
# then a summary with the builds beyond the two ends and the samples.
# Too long for ctest: run by hand and quote its summary.
#
#   planted_trials.sh FPBENCH MODE [--broken PCT] [--trials N] [--work DIR]
#                     [-- BISECT-OPTIONS...]
#
# MODE:
#   counted   instructions, syscalls and allocs, each at 10 positions
#   wall      a 5% wall-time slowdown, --trials positions (default 20)
#   two       two changes in one range: same direction and opposite
# Example: harness/bench/bisect/planted_trials.sh build/harness/fpbench counted --broken 10
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 2 ] || { echo "usage: $0 FPBENCH counted|wall|two [--broken PCT] [--trials N] [--work DIR]" >&2; exit 2; }
fpbench=$(realpath "$1")
mode=$2
shift 2
broken=0
trials=20
work=${TMPDIR:-/tmp}/fpbench-bisect-trials
while [ $# -gt 0 ]; do
  case "$1" in
    --broken) broken=$2; shift 2 ;;
    --trials) trials=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --) shift; break ;;
    *) echo "$0: unknown option $1" >&2; exit 2 ;;
  esac
done
extra=("$@")
mkdir -p "$work"
build='mkdir -p build && g++ -O2 -o build/bench bench.cpp work.cpp -lbenchmark -lpthread'
positions=(3 9 16 22 29 35 41 48 54 61 5 12 19 26 32 38 44 51 57 60)

trial=0
right=0
summary=$(mktemp)
# run_trial METRIC PLANT... : one repository, one bisect, one line.
run_trial() {
  local metric=$1; shift
  local args=() p
  for p in "$@"; do args+=(--plant "$p"); done
  trial=$((trial + 1))
  local repo=$work/repo-$trial cache=$work/cache-$trial
  rm -rf "$cache"
  local planted
  planted=$(bash "$here/make_synthetic_repo.sh" "$repo" "${args[@]}" \
    --broken "$broken" --seed "$trial")
  local root head expected
  root=$(awk '$1 == "root" {print $2}' <<<"$planted")
  head=$(awk '$1 == "head" {print $2}' <<<"$planted")
  expected=$(awk '$1 != "root" && $1 != "head" {print $2}' <<<"$planted" | tr '\n' ' ')
  local json=$work/result-$trial.json status=0
  (cd "$repo" && "$fpbench" bisect --good "$root" --bad "$head" \
    --build "$build" --gbench-program build/bench BM_work --metric "$metric" \
    --cache "$cache" --json "$json" --no-progress "${extra[@]}" >"$work/out-$trial.txt" \
    2>"$work/err-$trial.txt") || status=$?
  local line
  line=$(python3 - "$json" "$expected" "$status" "$metric" "$*" <<'EOF'
import json, sys
path, expected, status, metric, plants = sys.argv[1:]
try:
    r = json.load(open(path))
except Exception:
    print(f"WRONG {metric} [{plants}] exit {status}: no result")
    sys.exit()
found = [c["sha"] for c in r["changes"]]
ok = found == expected.split()
print(("RIGHT" if ok else "WRONG") +
      f" {metric} [{plants}] exit {status} builds {r['builds'] - 2}"
      f" samples {r['samples']} skipped {len(r['skipped'])}"
      f" found {' '.join(s[:10] for s in found)}"
      f" planted {' '.join(s[:10] for s in expected.split())}")
EOF
)
  echo "$line"
  echo "$line" >>"$summary"
  case "$line" in RIGHT*) right=$((right + 1)) ;; esac
}

case "$mode" in
  counted)
    for kind in instructions syscalls allocs; do
      for pos in "${positions[@]:0:10}"; do run_trial "$kind" "$kind@$pos"; done
    done ;;
  wall)
    for ((i = 0; i < trials; i++)); do
      run_trial wall "wall@${positions[$((i % ${#positions[@]}))]}"
    done ;;
  two)
    run_trial instructions instructions@10 instructions@40
    # 1000 -> 1050 -> 1018 and 1000 -> 970 -> 1018 loop rounds: the first
    # change is more than the whole, or the other way.
    run_trial instructions wall@25 instructions-@50
    run_trial instructions instructions-@7 wall@33
    run_trial syscalls syscalls@12 syscalls@44
    run_trial allocs allocs@5 allocs@58 ;;
  *) echo "$0: unknown mode $mode" >&2; exit 2 ;;
esac

echo "right: $right of $trial (broken commits: $broken%)"
python3 - "$summary" <<'EOF'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
def field(row, name):
    return int(row[row.index(name) + 1])
builds = [field(r, "builds") for r in rows]
samples = [field(r, "samples") for r in rows]
print(f"builds beyond the two ends: median {statistics.median(builds)}, max {max(builds)}")
print(f"samples: median {statistics.median(samples)}, max {max(samples)}")
EOF
rm -f "$summary"
[ "$right" = "$trial" ]
