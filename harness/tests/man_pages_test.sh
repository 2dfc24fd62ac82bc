#!/usr/bin/env bash
# Each command's man page, as `man -l` renders it, lists every option its
# --help shows, each as an entry of its own (at a line's start), and no page
# is missing. man is needed (skipped without it, failed under CI).
#
#   bash man_pages_test.sh FPBENCH FPBENCH_HISTORY MAN_DIR
set -euo pipefail
test_name=man_pages_test
fpbench=${1:?usage: man_pages_test.sh FPBENCH FPBENCH_HISTORY MAN_DIR}
history=${2:?usage: man_pages_test.sh FPBENCH FPBENCH_HISTORY MAN_DIR}
man_dir=${3:?usage: man_pages_test.sh FPBENCH FPBENCH_HISTORY MAN_DIR}
# shellcheck source=harness/tests/fake_scenarios.sh
. "$(dirname "$0")/fake_scenarios.sh"
export FPBENCH_HISTORY=$history

command -v man >/dev/null ||
  skip_or_fail_in_ci "man is not installed (apt-get install man-db groff-base)"

# The commands, from the definitions: "fpbench run", "fpbench history html".
mapfile -t commands < <({ "$fpbench" --cli-table && "$history" --cli-table; } |
  awk -F'\t' '$1 == "C" && $4 == "0" { print $2 }')
[ "${#commands[@]}" -ge 15 ] || fail "only ${#commands[@]} commands in the tables"

checked=0
for command in "${commands[@]}"; do
  page=$man_dir/${command// /-}.1
  [ -s "$page" ] || fail "$command: no page $page"
  read -ra words <<<"$command"
  help=$("$fpbench" "${words[@]:1}" --help)
  rendered=$(MANWIDTH=100 LC_ALL=C.UTF-8 man -P cat -l "$page" 2>&1 | col -b)
  grep -q "^NAME" <<<"$rendered" || fail "$command: man -l $page renders no NAME: $rendered"
  # Option names: the first column of --help's option lines.
  mapfile -t names < <(sed -nE 's/^ +(-[^ ]+).*/\1/p' <<<"$help" | tr ',' '\n' | sed '/^$/d')
  [ "${#names[@]}" -ge 1 ] || fail "$command: no option in its --help"
  for name in "${names[@]}"; do
    grep -qE -- "^ +([^ ]+, )*${name}(,| |$)" <<<"$rendered" ||
      fail "$command: $name is in --help but not an entry of $page"
    checked=$((checked + 1))
  done
done
echo "$test_name: ${#commands[@]} pages, $checked options found"
