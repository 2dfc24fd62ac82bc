#!/usr/bin/env bash
# Installs what is missing, builds everything with warnings as errors, and
# runs every test with ctest: once in Release, once built with AddressSanitizer
# and UBSan (timings never come from that build; its tests catch memory and
# undefined-behaviour errors the Release run cannot see).
#
# The history store's PostgreSQL tests run against a throwaway server from
# ci/start-test-postgres.sh when one can be started; otherwise they skip.
#
#   bash ci/test.sh [BUILD_DIR]       # FPBENCH_SANITIZED_TESTS=0 skips the second pass
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build}

bash ci/install-deps.sh
bash ci/mount-tracefs.sh
if [ -z "${FPBENCH_TEST_POSTGRES_URL:-}" ]; then
  if pg_env=$(bash ci/start-test-postgres.sh); then
    eval "$pg_env"
    trap 'eval "$FPBENCH_TEST_POSTGRES_STOP"' EXIT
  else
    echo "ci/test.sh: no PostgreSQL test server; the PostgreSQL store tests will skip" >&2
  fi
fi
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DFPBENCH_WERROR=ON >/dev/null
cmake --build "$build_dir" -j "$(nproc)"
ctest --test-dir "$build_dir" --output-on-failure -j "$(nproc)"

if [ "${FPBENCH_SANITIZED_TESTS:-1}" != 0 ]; then
  cmake -S . -B "$build_dir-sanitized" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DFPBENCH_SANITIZE=ON -DFPBENCH_WERROR=ON >/dev/null
  cmake --build "$build_dir-sanitized" -j "$(nproc)"
  ctest --test-dir "$build_dir-sanitized" --output-on-failure -j "$(nproc)"
fi
