#!/usr/bin/env bash
# Installs what is missing, builds in Release, and runs the main job: every
# core fast path against its baseline, 30 interleaved runs per side, then the
# compare.R table on stdout and the reports and plots under out/ (and the
# plots' further pages, box-2.png, ..., for many benchmarks); then the
# same comparison counted (instructions and system calls per operation, a
# table each, exact where every process counts the same).
#
#   bash ci/main-job.sh                  # all fs and misc scenarios
#   RUNS=10 SCENARIOS="fs/read-file-sync" bash ci/main-job.sh
#   COUNTS=0 bash ci/main-job.sh         # wall time only
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=build
out_dir=${OUT_DIR:-out}
runs=${RUNS:-30}
scenarios=${SCENARIOS:-fs misc}

bash ci/install-deps.sh
bash ci/mount-tracefs.sh
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build_dir" -j "$(nproc)" --target fpbench fpbench-scenarios fpbench-print

mkdir -p "$out_dir"
fpbench="$build_dir/harness/fpbench"
# shellcheck disable=SC2086
"$fpbench" run --old-impl baseline --new-impl fast $scenarios --runs "$runs" \
  --min-time "${MIN_TIME:-0.05}" --output "$out_dir/samples.csv" --json "$out_dir/samples.json"
# One comparison, every format from it: the table on stdout, the rest files.
"$fpbench" compare "$out_dir/samples.csv" --markdown "$out_dir/compare.md" \
  --json "$out_dir/compare.json" --csv "$out_dir/compare.csv" --plot "$out_dir/box.png" \
  --plot-improvement "$out_dir/improvement.png" | tee "$out_dir/compare.txt"
echo "reports: $out_dir/compare.txt $out_dir/compare.md $out_dir/compare.json $out_dir/compare.csv" \
  "$out_dir/samples.csv $out_dir/box.png $out_dir/improvement.png" >&2

if [ "${COUNTS:-1}" != 0 ]; then
  # shellcheck disable=SC2086
  "$fpbench" run --old-impl baseline --new-impl fast $scenarios --metric instructions,syscalls \
    --output "$out_dir/counts.jsonl"
  echo
  "$fpbench" compare "$out_dir/counts.jsonl" --metric instructions,syscalls \
    --markdown "$out_dir/counts.md" | tee "$out_dir/counts.txt"
  echo "reports: $out_dir/counts.txt $out_dir/counts.md $out_dir/counts.jsonl" >&2
fi
