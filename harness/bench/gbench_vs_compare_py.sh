#!/usr/bin/env bash
# Google Benchmark's compare.py against fpbench run --gbench on the test
# suite's two builds of demo_bench.cpp, on BM_same (the same code in both),
# with a CPU-bound load (one busy process per CPU) started halfway through
# each tool's run. compare.py runs the old binary, then the new one, so the
# load lands on the new side only; fpbench interleaves the sides. fpbench is
# run twice: at real-time priority (its default) and with --no-realtime.
#
#   harness/bench/gbench_vs_compare_py.sh [BUILD_DIR] [REPETITIONS]   # defaults: build 20
set -euo pipefail
build_dir=$(cd "${1:-build}" && pwd)
reps=${2:-20}
fpbench=$build_dir/harness/fpbench
old=$build_dir/harness/fpbench_demo_bench_old
new=$build_dir/harness/fpbench_demo_bench_new
compare_py=/usr/share/benchmark/compare.py
[ -f "$compare_py" ] || { echo "needs $compare_py (apt-get install libbenchmark-tools)" >&2; exit 1; }
work=$(mktemp -d)
hogs=()
stop_hogs() { for pid in "${hogs[@]}"; do kill "$pid" 2>/dev/null || true; done; hogs=(); }
trap 'stop_hogs; rm -rf "$work"' EXIT
start_hogs() {
  for ((i = 0; i < $(nproc); i++)); do
    sha256sum /dev/zero >/dev/null &
    hogs+=($!)
  done
}

# run_with_load_halfway SECONDS CMD...: CMD, with the load from SECONDS on.
run_with_load_halfway() {
  local after=$1
  shift
  "$@" &
  local pid=$!
  sleep "$after"
  start_hogs
  local status=0
  wait "$pid" || status=$?
  stop_hogs
  return "$status"
}

flags=(--benchmark_filter='^BM_same/2000$' --benchmark_repetitions="$reps" --benchmark_min_time=0.05)
start=$(date +%s.%N)
"$old" "${flags[@]}" >/dev/null 2>&1
one_side=$(echo "$(date +%s.%N) - $start" | bc)
echo "one side alone takes ${one_side} s; the load starts after that long"
run_with_load_halfway "$one_side" /usr/bin/python3 "$compare_py" benchmarks "$old" "$new" \
  "${flags[@]}" > "$work/compare_py.txt" 2>&1 || true
echo "--- compare.py (old, then new; load during new):"
grep -E "BM_same/2000_pvalue|BM_same/2000_mean|BM_same/2000_median|U Test" "$work/compare_py.txt" | sed 's/\x1b\[[0-9;]*m//g'

for mode in realtime normal; do
  extra=()
  [ "$mode" = normal ] && extra=(--no-realtime)
  start=$(date +%s.%N)
  "$fpbench" run --gbench --old "$old" --new "$new" --runs "$reps" --min-time 0.05 \
    --no-progress "${extra[@]}" -o "$work/quiet.csv" 'BM_same' 2>/dev/null
  whole=$(echo "$(date +%s.%N) - $start" | bc)
  run_with_load_halfway "$(echo "$whole / 2" | bc -l)" "$fpbench" run --gbench --old "$old" \
    --new "$new" --runs "$reps" --min-time 0.05 --no-progress "${extra[@]}" \
    -o "$work/loaded-$mode.csv" 'BM_same' 2>/dev/null
  echo "--- fpbench run --gbench ($mode priority), load from halfway; fpbench gate:"
  "$fpbench" gate "$work/loaded-$mode.csv" | tail -n 2 || true
done
