#!/usr/bin/env bash
# Writes ci/ctest-costs.txt, the seconds each test took, from the cost data
# ctest kept in the build folders of a full `bash ci/test.sh` run (the larger
# of the two passes' figures for a test in both). ci/test.sh copies it into
# a build folder that has none, so that a clean clone starts the longest
# tests first.
#
#   bash ci/test-costs.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build}
files=()
for dir in "$build_dir" "$build_dir-sanitized"; do
  f=$dir/Testing/Temporary/CTestCostData.txt
  [ -s "$f" ] && files+=("$f")
done
[ ${#files[@]} -gt 0 ] || { echo "ci/test-costs.sh: no cost data in $build_dir; run bash ci/test.sh first" >&2; exit 1; }
# CTestCostData.txt: "NAME RUNS SECONDS" lines (a name may hold spaces), then
# "---" and the failed tests.
awk '/^---$/ { nextfile }
     NF >= 3 {
       name = $0; sub(/ [^ ]+ [^ ]+$/, "", name)
       if ($NF + 0 > cost[name] + 0) cost[name] = $NF
     }
     END { for (t in cost) printf "%s 1 %.3f\n", t, cost[t] }' "${files[@]}" |
  sort > ci/ctest-costs.txt
echo "---" >> ci/ctest-costs.txt
echo "ci/test-costs.sh: wrote ci/ctest-costs.txt ($(($(wc -l < ci/ctest-costs.txt) - 1)) tests)" >&2
