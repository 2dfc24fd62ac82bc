#!/usr/bin/env bash
# fpbench run on a full disk: the samples file is written to a 64 KiB tmpfs
# until it is full. The run must stop with exit 3 naming the file and the
# reason, leave whole rows only, resume without gluing a row to a torn one,
# and complete once there is room. Mounting needs root (skipped otherwise,
# failed under CI).
#
#   bash disk_full_test.sh FPBENCH
set -euo pipefail
test_name=disk_full_test
fpbench=${1:?usage: disk_full_test.sh FPBENCH}
# shellcheck source=harness/tests/fake_scenarios.sh
. "$(dirname "$0")/fake_scenarios.sh"

[ "$(id -u)" = 0 ] || skip_or_fail_in_ci "mounting a small tmpfs needs root"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/fpbench-disk-full.XXXXXX")
mnt=$scratch/disk
mkdir "$mnt"
if ! why=$(mount -t tmpfs -o size=64k tmpfs "$mnt" 2>&1); then
  rm -rf "$scratch"
  skip_or_fail_in_ci "mount -t tmpfs is not allowed here: $why"
fi
trap 'umount "$mnt" 2>/dev/null || true; rm -rf "$scratch"' EXIT

# Rows of about 1 KiB, 40 runs of 2 benchmarks per side: 160 KiB.
fake_scenarios "$scratch/program" 1000
csv=$mnt/samples.csv
run=("$fpbench" run --old "$scratch/program" --new "$scratch/program" --runs 40 --warmup 0
     --min-time 0.001 --no-progress --no-realtime --seed 3)
row='^"(old|new)","demo/[ab]","n=[12] pad=x+",1000000,0\.000010000$'

whole_rows_only() {
  [ -z "$(tail -c1 "$csv")" ] || fail "$1: $csv does not end with a newline: $(tail -c 40 "$csv")"
  local bad
  bad=$(tail -n +2 "$csv" | grep -Evc "$row" || true)
  [ "$bad" = 0 ] || fail "$1: $bad rows of $csv are not whole rows"
}

set +e
"${run[@]}" -o "$csv" 2>"$scratch/err"
status=$?
set -e
[ "$status" = 3 ] || fail "a full disk exited $status, not 3: $(cat "$scratch/err")"
whole_rows_only "after the disk filled"
grep -qF "cannot write to '$csv': No space left on device" "$scratch/err" ||
  fail "the error does not name the file and the reason: $(cat "$scratch/err")"
rows=$(($(wc -l < "$csv") - 1))
[ "$rows" -gt 0 ] || fail "no row was written before the disk filled"

# Resuming on the still-full disk fails the same way and keeps the file whole.
set +e
"${run[@]}" --resume "$csv" 2>"$scratch/err"
status=$?
set -e
[ "$status" = 3 ] || fail "resuming on a full disk exited $status: $(cat "$scratch/err")"
whole_rows_only "after resuming on the full disk"

# With room, the resumed run completes: 40 rows per side and benchmark.
mount -o remount,size=1m "$mnt"
"${run[@]}" --resume "$csv" 2>"$scratch/err" || fail "resuming with room failed: $(cat "$scratch/err")"
whole_rows_only "after the resumed run"
for side in old new; do
  for b in a b; do
    n=$(grep -c "^\"$side\",\"demo/$b\"" "$csv")
    [ "$n" = 40 ] || fail "$side demo/$b has $n rows after resuming, not 40"
  done
done
"$fpbench" compare "$csv" > /dev/null || fail "compare cannot read the resumed file"
# The --json document, written after the samples, on a disk that is full
# by then: an error naming the flag, and no cut-off document left behind.
dd if=/dev/zero of="$mnt/fill" bs=1k 2>/dev/null || true
set +e
"$fpbench" run --old "$scratch/program" --new "$scratch/program" --runs 2 --warmup 0 \
  --min-time 0.001 --no-progress --no-realtime -o "$scratch/beside.csv" --json "$mnt/run.json" \
  2>"$scratch/err"
status=$?
set -e
[ "$status" = 3 ] || fail "a --json on a full disk exited $status: $(cat "$scratch/err")"
grep -qF -- "--json: cannot write '$mnt/run.json': No space left on device" "$scratch/err" ||
  fail "the --json error does not name the flag, the file and the reason: $(cat "$scratch/err")"
[ ! -e "$mnt/run.json" ] || fail "a cut-off --json document was left behind"
"$fpbench" compare "$scratch/beside.csv" > /dev/null || fail "the samples beside the --json are not whole"
echo "$test_name: ok ($rows rows before the disk filled)"
