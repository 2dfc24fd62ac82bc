#!/usr/bin/env bash
# Soaks the history store's concurrent recording: TRIALS trials (default
# 200) of ten `fpbench history record` processes started at once on a new
# store, on SQLite and, when a PostgreSQL test server can be started
# (ci/start-test-postgres.sh), on PostgreSQL; every run must land. ctest
# runs the same test with 20 trials.
#
#   bash ci/soak-history.sh [TRIALS] [BUILD_DIR]     # BUILD_DIR: build, already built
set -euo pipefail
cd "$(dirname "$0")/.."
trials=${1:-200}
build_dir=${2:-build}
tests="$build_dir/history/fpbench_history_tests"
[ -x "$tests" ] || { echo "ci/soak-history.sh: $tests is not built" >&2; exit 3; }
if [ -z "${FPBENCH_TEST_POSTGRES_URL:-}" ] && pg_env=$(bash ci/start-test-postgres.sh); then
  eval "$pg_env"
  trap 'eval "$FPBENCH_TEST_POSTGRES_STOP"' EXIT
fi
FPBENCH_CONCURRENCY_TRIALS=$trials "$tests" \
  --gtest_filter='Backends/HistoryFaults.ConcurrentRecordersOnANewStoreAllLand/*'
