#!/usr/bin/env bash
# Installs what is missing, builds in Release, and runs the main job: the
# baseline-vs-fast comparison table. Usage: bash ci/main-job.sh [CSV]
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=build

bash ci/install-deps.sh
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build_dir" -j "$(nproc)" --target fpbench

# Until the harness produces samples of its own, compare recorded ones: the
# Node.js readFileSync fast-path samples shipped with the tests.
input=${1:-harness/tests/data/compare-r/readfilesync.csv}
"$build_dir/harness/fpbench" compare "$input"
