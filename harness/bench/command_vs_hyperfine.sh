#!/usr/bin/env bash
# fpbench run --command against hyperfine -N on the same commands, in one
# run: a program that computes for 100 ms and for 1 ms (bench/spin.cpp), and
# `sleep` for the same times; RUNS samples of each side, hyperfine's mean and
# median from its --export-json, fpbench's from its samples' time column, and
# their ratios; then the spawn cost fpbench says it measured. Both at normal
# priority (fpbench run --no-realtime), as hyperfine runs its commands.
#
#   harness/bench/command_vs_hyperfine.sh [BUILD_DIR] [RUNS]   # defaults: build 30
set -euo pipefail
build_dir=$(cd "${1:-build}" && pwd)
runs=${2:-30}
fpbench=$build_dir/harness/fpbench
command -v hyperfine >/dev/null || { echo "needs hyperfine (apt-get install hyperfine)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

spin=$build_dir/harness/fpbench-spin
for cmd in "$spin 100000" "$spin 1000" "sleep 0.1" "sleep 0.001"; do
  hyperfine -N --warmup 1 --runs "$runs" --export-json "$work/hf.json" "$cmd" "$cmd" >/dev/null 2>&1
  "$fpbench" run --command --old "$cmd" --new "$cmd" --runs "$runs" --no-progress --no-realtime \
    -o "$work/fp.csv" 2> "$work/fp.err"
  /usr/bin/python3 - "$work/hf.json" "$work/fp.csv" "$cmd" <<'PY'
import csv, json, statistics, sys
hf = json.load(open(sys.argv[1]))["results"]
hf_times = [t for r in hf for t in r["times"]]
rows = list(csv.DictReader(open(sys.argv[2])))
fp_times = [float(r["time"]) for r in rows]
hf_mean, fp_mean = statistics.mean(hf_times), statistics.mean(fp_times)
hf_med, fp_med = statistics.median(hf_times), statistics.median(fp_times)
name = sys.argv[3].rsplit("/", 1)[-1]
print(f"{name}: hyperfine -N mean {hf_mean * 1e3:.3f} ms median "
      f"{hf_med * 1e3:.3f} ms; fpbench run --command mean {fp_mean * 1e3:.3f} "
      f"ms median {fp_med * 1e3:.3f} ms ({len(rows)} samples); fpbench / "
      f"hyperfine: mean {fp_mean / hf_mean:.4f}, median {fp_med / hf_med:.4f}")
PY
  grep -h "does nothing" "$work/fp.err" || true
done
