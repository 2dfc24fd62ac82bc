#!/usr/bin/env bash
# The add-a-source guide's example cannot rot:
#   source_example_test.sh verbatim SOURCE_DIR
#     the guide's code block is the example file, byte for byte;
#   source_example_test.sh run SOURCE_DIR FPBENCH PROGRAM
#     the program measures two folders of scripts old against new into a
#     CSV that `fpbench compare` reads, a row per script both folders have.
set -euo pipefail
mode=$1 src=$2
guide=$src/docs/guide-add-a-source.md
example=docs/examples/script_dir_source.cpp

fail() {
  echo "source_example_test: $*" >&2
  exit 1
}

case $mode in
verbatim)
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
  mkdir "$work/old" "$work/new"
  for side in old new; do
    printf '#!/bin/sh\nexit 0\n' >"$work/$side/quick"
    printf '#!/bin/sh\nsleep 0.01\n' >"$work/$side/nap"
    chmod +x "$work/$side/quick" "$work/$side/nap"
  done
  printf 'not a script\n' >"$work/old/README"
  "$program" "$work/old" "$work/new" "$work/samples.csv"
  rows=$(($(wc -l <"$work/samples.csv") - 1))
  # 2 scripts x 2 sides x 3 runs.
  [ "$rows" -eq 12 ] || fail "expected 12 samples, got $rows: $(cat "$work/samples.csv")"
  table=$("$fpbench" compare "$work/samples.csv")
  for script in nap quick; do
    grep -q "^$script " <<<"$table" || fail "fpbench compare has no row for $script: $table"
  done
  status=0
  "$program" "$work/old" "$work/missing" "$work/other.csv" 2>"$work/err" || status=$?
  [ "$status" -eq 2 ] || fail "a missing folder exited $status, not 2"
  grep -q "missing: not a folder" "$work/err" || fail "no error naming the folder: $(cat "$work/err")"
  ;;
*)
  fail "unknown mode $mode"
  ;;
esac
