#!/usr/bin/env bash
# Installs what is missing, builds everything with warnings as errors, and
# runs every test with ctest: once in Release, once built with AddressSanitizer
# and UBSan (timings never come from that build; its tests catch memory and
# undefined-behaviour errors the Release run cannot see).
#
# The history store's PostgreSQL tests run against a throwaway server from
# ci/start-test-postgres.sh when one can be started; otherwise they skip. The
# core tests that compare with Node need `node` on PATH; otherwise they skip.
# Under CI (CI set to anything but "", 0 or false, as CI services set it) those
# tests fail instead of skipping, and this script says so first.
#
#   bash ci/test.sh [BUILD_DIR]       # FPBENCH_SANITIZED_TESTS=0 skips the second pass
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build}

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
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DFPBENCH_WERROR=ON >/dev/null
cmake --build "$build_dir" -j "$(nproc)"
ctest --test-dir "$build_dir" --output-on-failure -j "$(nproc)"

if [ "${FPBENCH_SANITIZED_TESTS:-1}" != 0 ]; then
  cmake -S . -B "$build_dir-sanitized" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DFPBENCH_SANITIZE=ON -DFPBENCH_WERROR=ON >/dev/null
  cmake --build "$build_dir-sanitized" -j "$(nproc)"
  ctest --test-dir "$build_dir-sanitized" --output-on-failure -j "$(nproc)"
fi
