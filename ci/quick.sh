#!/usr/bin/env bash
# The loop between commits: builds Release in BUILD_DIR (ccache when
# installed) and runs the tests without the slow labels of
# cmake/testing.cmake (packaging, browser, external-tool, python,
# simulation, fuzz). `bash ci/test.sh` runs everything before a push.
#
#   bash ci/quick.sh [BUILD_DIR] [CTEST_ARGS...]     # e.g. bash ci/quick.sh build -R Gate
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build}
shift $(($# > 0 ? 1 : 0))
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  # Paths under the checkout hashed as relative ones, so that another clone
  # of the same commit (a CI run) finds what this one compiled.
  export CCACHE_BASEDIR=$PWD CCACHE_NOHASHDIR=1
fi
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DFPBENCH_WERROR=ON \
  "${launcher[@]}" >/dev/null
cmake --build "$build_dir" -j "$(nproc)"
costs=$build_dir/Testing/Temporary/CTestCostData.txt
if [ ! -s "$costs" ]; then
  mkdir -p "$(dirname "$costs")"
  cp ci/ctest-costs.txt "$costs"
fi
ctest --test-dir "$build_dir" --output-on-failure -j "$(nproc)" \
  -LE 'packaging|browser|external-tool|python|simulation|fuzz' "$@"
