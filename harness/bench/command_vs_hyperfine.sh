#!/usr/bin/env bash
# fpbench run --command against hyperfine -N on the same two commands, in
# one run: a 100 ms and a 1 ms command (sleep), RUNS samples of each side,
# hyperfine's mean from its --export-json, fpbench's from its samples' time
# column, and their ratio; then the spawn cost fpbench says it measured.
#
#   harness/bench/command_vs_hyperfine.sh [BUILD_DIR] [RUNS]   # defaults: build 30
set -euo pipefail
build_dir=$(cd "${1:-build}" && pwd)
runs=${2:-30}
fpbench=$build_dir/harness/fpbench
command -v hyperfine >/dev/null || { echo "needs hyperfine (apt-get install hyperfine)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for seconds in 0.1 0.001; do
  cmd="sleep $seconds"
  hyperfine -N --warmup 1 --runs "$runs" --export-json "$work/hf.json" "$cmd" "$cmd" >/dev/null 2>&1
  "$fpbench" run --command --old "$cmd" --new "$cmd" --runs "$runs" --no-progress \
    -o "$work/fp.csv" 2> "$work/fp.err"
  /usr/bin/python3 - "$work/hf.json" "$work/fp.csv" "$cmd" <<'PY'
import csv, json, statistics, sys
hf = json.load(open(sys.argv[1]))["results"]
hf_mean = statistics.mean(r["mean"] for r in hf)
rows = list(csv.DictReader(open(sys.argv[2])))
fp_mean = statistics.mean(float(r["time"]) for r in rows)
print(f"{sys.argv[3]}: hyperfine -N mean {hf_mean * 1e3:.3f} ms, "
      f"fpbench run --command mean {fp_mean * 1e3:.3f} ms "
      f"({len(rows)} samples), fpbench / hyperfine = {fp_mean / hf_mean:.4f}")
PY
  grep -h "starting a process" "$work/fp.err" || true
done
