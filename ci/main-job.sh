#!/usr/bin/env bash
# Installs what is missing, builds in Release, and runs the main job: every
# core fast path against its baseline, interleaved runs measured until the
# compare.R table has decided each row (a look at 10 runs per side, then at
# 20: a row at *** stops there, every other row runs to MAX_RUNS, 30, as a
# fixed design of 30 would; docs/statistics.md), then the table on stdout
# and the reports and plots under out/ (and the plots' further pages,
# box-2.png, ..., for many benchmarks); then the same comparison counted
# (instructions and system calls per operation, a table each, exact where
# every process counts the same).
#
#   bash ci/main-job.sh                  # all fs and misc scenarios
#   RUNS=10 SCENARIOS="fs/read-file-sync" bash ci/main-job.sh  # a fixed 10 runs per side
#   COUNTS=0 bash ci/main-job.sh         # wall time only
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=build
out_dir=${OUT_DIR:-out}
scenarios=${SCENARIOS:-fs misc}
# RUNS set: the fixed design of that many runs per side, as before.
schedule=(--until-decided --max-runs "${MAX_RUNS:-30}")
if [ -n "${RUNS:-}" ]; then schedule=(--runs "$RUNS"); fi

bash ci/install-deps.sh
bash ci/mount-tracefs.sh
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build_dir" -j "$(nproc)" --target fpbench fpbench-scenarios fpbench-print

mkdir -p "$out_dir"
fpbench="$build_dir/harness/fpbench"
# shellcheck disable=SC2086
"$fpbench" run --old-impl baseline --new-impl fast $scenarios "${schedule[@]}" \
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
  # The counts beside the times of the same rows: fpbench compare warns of a
  # row whose instructions moved in a way its wall time cannot have
  # (docs/statistics.md, counts that contradict their times).
  /usr/bin/python3 - "$out_dir/samples.csv" > "$out_dir/checked.jsonl" <<'PY'
import csv, json, sys
for row in csv.DictReader(open(sys.argv[1], newline="")):
    print(json.dumps({"binary": row["binary"], "filename": row["filename"],
                      "configuration": row["configuration"], "iterations": 1,
                      "metrics": {"wall": {"value": float(row["rate"]),
                                           "time": float(row["time"]),
                                           "source": "clock"}}}))
PY
  cat "$out_dir/counts.jsonl" >> "$out_dir/checked.jsonl"
  "$fpbench" compare "$out_dir/checked.jsonl" --metric wall,instructions --format csv \
    > /dev/null 2> "$out_dir/contradictions.txt" || true
  if [ -s "$out_dir/contradictions.txt" ]; then
    cat "$out_dir/contradictions.txt" >&2
  else
    echo "counts and times agree: no row's instructions contradict its wall time" >&2
  fi
fi
