#!/usr/bin/env bash
# Installs what is missing, builds everything with warnings as errors, and
# runs every test with ctest, in two passes:
#  1. Release (GCC): every test.
#  2. clang at -O0 with AddressSanitizer and UBSan, the fuzzed parsers
#     with the fuzzers' instrumentation, in a unity build (timings never
#     come from that build; see below): the tests that exercise
#     fpbench's own C++, and every fuzz target fed its seeds. Tests labelled
#     packaging, browser, external-tool, python or simulation (see
#     cmake/testing.cmake) only repeat another tool's work or a seeded
#     simulation there, so they run once, in the first pass.
# ccache is used when installed (ci/install-deps.sh installs it). Each pass
# starts the longest tests first, from the costs in ci/ctest-costs.txt
# (written by `bash ci/test-costs.sh` from a full run). The slowest tests of
# the run are printed at the end.
#
# The history store's PostgreSQL tests run against a throwaway server from
# ci/start-test-postgres.sh when one can be started; otherwise they skip. The
# core tests that compare with Node need `node` on PATH, and the tests that
# draw plots a Python with matplotlib ($FPBENCH_PYTHON, else
# /usr/bin/python3); otherwise they skip. Under CI (CI set to anything but
# "", 0 or false, as CI services set it) those tests fail instead of
# skipping, and this script says so first.
#
#   bash ci/test.sh [BUILD_DIR]       # FPBENCH_SANITIZED_TESTS=0 skips the second pass
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build}
sanitized_dir=$build_dir-sanitized

in_ci=false
case "${CI:-}" in "" | 0 | false) ;; *) in_ci=true ;; esac
missing() {
  if [ "$in_ci" = true ]; then
    printf '%s\n' "ci/test.sh: ERROR: $1; CI is set, so the tests that need it will FAIL" >&2
  else
    printf '%s\n' "ci/test.sh: $1; the tests that need it will skip" >&2
  fi
}

bash ci/install-deps.sh
bash ci/mount-tracefs.sh
if [ -z "${FPBENCH_TEST_POSTGRES_URL:-}" ]; then
  if pg_env=$(bash ci/start-test-postgres.sh); then
    eval "$pg_env"
    trap 'eval "$FPBENCH_TEST_POSTGRES_STOP"' EXIT
  else
    missing "no PostgreSQL test server could be started (see above)"
  fi
fi
command -v node >/dev/null || missing "node is not on PATH"
"${FPBENCH_PYTHON:-/usr/bin/python3}" -c 'import matplotlib' 2>/dev/null ||
  missing "no Python with matplotlib (\$FPBENCH_PYTHON, else /usr/bin/python3)"

launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  # Paths under the checkout hashed as relative ones, so that another clone
  # of the same commit (a CI run) finds what this one compiled.
  export CCACHE_BASEDIR=$PWD CCACHE_NOHASHDIR=1
fi
logs=$(mktemp -d)
trap 'rm -rf "$logs"; [ -z "${FPBENCH_TEST_POSTGRES_STOP:-}" ] || eval "$FPBENCH_TEST_POSTGRES_STOP"' EXIT

# ctest [ARGS...] in BUILD, longest tests first, its output kept in $logs.
run_tests() {
  local build=$1 name=$2
  shift 2
  local costs=$build/Testing/Temporary/CTestCostData.txt
  if [ ! -s "$costs" ]; then
    mkdir -p "$(dirname "$costs")"
    cp ci/ctest-costs.txt "$costs"
  fi
  ctest --test-dir "$build" --output-on-failure -j "$(nproc)" "$@" | tee "$logs/$name.log"
}

cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DFPBENCH_WERROR=ON \
  "${launcher[@]}" >/dev/null
cmake --build "$build_dir" -j "$(nproc)"
run_tests "$build_dir" release

if [ "${FPBENCH_SANITIZED_TESTS:-1}" != 0 ]; then
  # -O0 and a unity build: this tree is compiled for its checks, never
  # timed, and at -O0 ASan's instrumentation costs half the compile it
  # costs at -O1, with every check the same.
  cmake -S . -B "$sanitized_dir" -DCMAKE_CXX_COMPILER=clang++ \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O0 -gline-tables-only -DNDEBUG" \
    -DCMAKE_UNITY_BUILD=ON -DFPBENCH_SANITIZE=ON -DFPBENCH_FUZZ=ON -DFPBENCH_WERROR=ON \
    "${launcher[@]}" >/dev/null
  cmake --build "$sanitized_dir" -j "$(nproc)"
  run_tests "$sanitized_dir" sanitized -LE 'packaging|browser|external-tool|python|simulation'
fi

echo "ci/test.sh: the 15 slowest tests of this run:"
for log in "$logs"/*.log; do
  sed -nE "s/^ *[0-9]+\/[0-9]+ Test +#[0-9]+: ([^ ]+) .* ([0-9.]+) sec\$/\2 \1 ($(basename "$log" .log))/p" "$log"
done | sort -rn | awk 'NR <= 15 { printf "  %8.2f s  %s %s\n", $1, $2, $3 }'
