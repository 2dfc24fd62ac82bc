#!/usr/bin/env bash
# fpbench run --gbench on the test suite's two builds of one Google
# Benchmark program (harness/tests/gbench/demo_bench.cpp), with counted
# metrics: the A/B once (old against new: BM_work does 5% more work,
# BM_syscall one more system call per iteration, BM_alloc one more
# allocation), then TRIALS A/A runs (old against old), each gated on
# instructions, syscalls and allocs with RUNS counting runs per side.
#
#   harness/bench/gbench_ab.sh [BUILD_DIR] [TRIALS] [RUNS]   # defaults: build 20 3
#
# Prints the gate's verdict per metric, which rows failed, and whether every
# process agreed (the gate's "exact"); exits 1 when the A/B does not fail
# exactly the expected rows or an A/A trial fails.
set -euo pipefail
build_dir=$(cd "${1:-build}" && pwd)
trials=${2:-20}
runs=${3:-3}
fpbench=$build_dir/harness/fpbench
old=$build_dir/harness/fpbench_demo_bench_old
new=$build_dir/harness/fpbench_demo_bench_new
select='BM_(work|same|syscall|alloc)'
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0

# failing_rows FILE METRIC: the gate's exit code, then the regressed rows and
# how many rows were not exact.
failing_rows() {
  local status=0
  "$fpbench" gate --format json --metric "$2" "$1" > "$work/gate.json" || status=$?
  /usr/bin/python3 - "$work/gate.json" "$status" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
decisions = doc["metrics"][0]["decisions"]
bad = sorted(d["filename"] for d in decisions if d["verdict"] == "regression")
inexact = [d["filename"] for d in decisions if not d["reason"].startswith("exact")]
print(f"exit {sys.argv[2]}; regressed: {' '.join(bad) or '-'}; not exact: {' '.join(inexact) or '-'}")
PY
}

expect() {  # expect METRIC WANT GOT
  if [[ $3 != *"regressed: $2;"*"not exact: -"* ]]; then
    echo "FAIL: $1: expected regressed: $2 with every row exact" >&2
    failed=1
  fi
}

"$fpbench" run --gbench --old "$old" --new "$new" --metric instructions,syscalls,allocs \
  --counter-runs "$runs" --no-progress -o "$work/ab.jsonl" "$select" 2>/dev/null
for metric in instructions syscalls allocs; do
  got=$(failing_rows "$work/ab.jsonl" "$metric")
  echo "A/B $metric: $got"
  case $metric in
    instructions) expect "$metric" "BM_alloc BM_syscall BM_work" "$got" ;;
    syscalls) expect "$metric" "BM_syscall" "$got" ;;
    allocs) expect "$metric" "BM_alloc" "$got" ;;
  esac
done

passes=0
for ((t = 1; t <= trials; t++)); do
  "$fpbench" run --gbench --old "$old" --new "$old" --metric instructions,syscalls,allocs \
    --counter-runs "$runs" --no-progress -o "$work/aa-$t.jsonl" "$select" 2>/dev/null
  ok=1
  for metric in instructions syscalls allocs; do
    got=$(failing_rows "$work/aa-$t.jsonl" "$metric")
    [[ $got == "exit 0; regressed: -; not exact: -" ]] || { ok=0; echo "A/A $t $metric: $got"; }
  done
  passes=$((passes + ok))
done
echo "A/A: $passes of $trials trials passed on every metric"
[ "$passes" = "$trials" ] || failed=1
exit "$failed"
