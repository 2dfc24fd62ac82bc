#!/usr/bin/env bash
# The add-a-scenario guide's example cannot rot:
#   guide_example_test.sh verbatim SOURCE_DIR
#     the guide's code block is the example file, byte for byte;
#   guide_example_test.sh run SOURCE_DIR FPBENCH PROGRAM
#     the program built with the example lists it, and `fpbench run` measures
#     it old against new into a CSV that `fpbench compare` reads.
set -euo pipefail
mode=$1 src=$2
guide=$src/docs/guide-add-a-scenario.md
example=docs/examples/count_lines_scenario.cpp

fail() {
  echo "guide_example_test: $*" >&2
  exit 1
}

case $mode in
verbatim)
  # The fenced block right after the marker line naming the file.
  block=$(awk -v marker="<!-- verbatim: $example -->" '
    $0 == marker { found = 1; next }
    found == 1 && /^```/ { inside = 1; found = 2; next }
    inside && /^```$/ { exit }
    inside { print }
  ' "$guide")
  [ -n "$block" ] || fail "$guide: no code block after <!-- verbatim: $example -->"
  if ! diff -u "$src/$example" <(printf '%s\n' "$block"); then
    fail "$guide: the code block differs from $example (diff above); paste the file again"
  fi
  ;;
run)
  fpbench=$3 program=$4
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  listing=$("$fpbench" list --scenario-program "$program" example)
  grep -q '^example/count-lines$' <<<"$listing" || fail "fpbench list does not show example/count-lines: $listing"
  grep -q 'lineLength: 16 1024' <<<"$listing" || fail "fpbench list does not show the grid: $listing"
  args=(run --scenario-program "$program" --old-impl baseline --new-impl fast
    example/count-lines --runs 2 --min-time 0.01 --no-progress --no-realtime
    -o "$work/samples.csv")
  if "$program" --build-info | grep -qE 'sanitized=yes|optimized=no|assertions=yes'; then
    # fpbench run refuses to time such a build; the example must still run.
    status=0
    "$fpbench" "${args[@]}" 2>"$work/err" || status=$?
    [ "$status" -eq 2 ] || fail "fpbench run of an untimeable build exited $status, not 2"
    "$program" --impl=baseline --benchmark_min_time=0 --benchmark_filter=example/ >/dev/null
    exit 0
  fi
  "$fpbench" "${args[@]}"
  rows=$(($(wc -l <"$work/samples.csv") - 1))
  # 2 configurations x 2 sides x 2 runs.
  [ "$rows" -eq 8 ] || fail "expected 8 samples, got $rows: $(cat "$work/samples.csv")"
  table=$("$fpbench" compare "$work/samples.csv")
  for line_length in 16 1024; do
    grep -q "^example/count-lines size=65536 lineLength=$line_length " <<<"$table" ||
      fail "fpbench compare has no row for lineLength=$line_length: $table"
  done
  ;;
*)
  fail "unknown mode $mode"
  ;;
esac
