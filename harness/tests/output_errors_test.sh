#!/usr/bin/env bash
# Output that cannot be written is an I/O error, exit 3, with the reason,
# for every command: a full device (/dev/full) and a pipe whose reader has
# gone while SIGPIPE is ignored (as under some CI runners and daemons).
#
#   bash output_errors_test.sh FPBENCH SOURCE_DIR
# The sh -c scripts below expand $0 and $1 in their own shell, not here.
# shellcheck disable=SC2016
set -euo pipefail
test_name=output_errors_test
fpbench=${1:?usage: output_errors_test.sh FPBENCH SOURCE_DIR}
src=${2:?usage: output_errors_test.sh FPBENCH SOURCE_DIR}
# shellcheck source=harness/tests/fake_scenarios.sh
. "$(dirname "$0")/fake_scenarios.sh"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/fpbench-output-errors.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

csv=$src/reports/tests/data/compare-r/readfilesync.csv
fake_scenarios "$scratch/program"
run=(run --old "$scratch/program" --new "$scratch/program" --runs 2 --warmup 0 --min-time 0.001
     --no-progress --no-realtime)
"$fpbench" history record "$csv" --db "$scratch/h.sqlite" --commit abc --date 2026-01-01 \
  > /dev/null

# expect_io_error WHAT REASON CMD...: CMD exits 3 saying REASON.
expect_io_error() {
  local what=$1 reason=$2 status
  shift 2
  set +e
  "$@" 2>"$scratch/err"
  status=$?
  set -e
  [ "$status" = 3 ] || fail "$what exited $status, not 3: $(cat "$scratch/err")"
  grep -qF "$reason" "$scratch/err" || fail "$what did not say '$reason': $(cat "$scratch/err")"
}

full="No space left on device"
expect_io_error "compare > /dev/full" "$full" sh -c '"$0" compare "$1" > /dev/full' "$fpbench" "$csv"
expect_io_error "compare --help > /dev/full" "$full" sh -c '"$0" compare --help > /dev/full' "$fpbench"
expect_io_error "gate > /dev/full" "$full" sh -c '"$0" gate "$1" > /dev/full' "$fpbench" "$csv"
expect_io_error "gate --json /dev/full" "$full" \
  sh -c '"$0" gate "$1" --json /dev/full > /dev/null' "$fpbench" "$csv"
expect_io_error "list > /dev/full" "$full" sh -c '"$0" list > /dev/full' "$fpbench"
expect_io_error "history report > /dev/full" "$full" \
  sh -c '"$0" history report --db "$1" > /dev/full' "$fpbench" "$scratch/h.sqlite"
expect_io_error "history --help > /dev/full" "$full" sh -c '"$0" history --help > /dev/full' "$fpbench"
expect_io_error "run -o /dev/full" "$full" "$fpbench" "${run[@]}" -o /dev/full
expect_io_error "run > /dev/full" "$full" sh -c '"$0" "$@" > /dev/full' "$fpbench" "${run[@]}"
expect_io_error "run --json /dev/full" "$full" "$fpbench" "${run[@]}" -o "$scratch/s.csv" \
  --json /dev/full

# into_gone_reader CMD...: runs CMD with SIGPIPE ignored, writing into a pipe
# whose reader closed it before CMD started.
into_gone_reader() {
  local gone=$scratch/reader-gone
  rm -f "$gone"
  (
    trap '' PIPE
    while [ ! -e "$gone" ]; do sleep 0.01; done
    "$@"
  ) | (
    exec 0<&-
    touch "$gone"
    sleep 0.2
  )
  return "${PIPESTATUS[0]}"
}

pipe="Broken pipe"
expect_io_error "compare into a closed pipe" "$pipe" into_gone_reader "$fpbench" compare "$csv"
expect_io_error "compare --help into a closed pipe" "$pipe" into_gone_reader "$fpbench" compare --help
expect_io_error "gate into a closed pipe" "$pipe" into_gone_reader "$fpbench" gate "$csv"
expect_io_error "run into a closed pipe" "$pipe" into_gone_reader "$fpbench" "${run[@]}"
expect_io_error "history report into a closed pipe" "$pipe" \
  into_gone_reader "$fpbench" history report --db "$scratch/h.sqlite"
echo "$test_name: ok"
