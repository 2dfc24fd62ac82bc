#!/usr/bin/env bash
# cmake --install into a scratch prefix: a man page for every command in
# share/man/man1, readable by man (when it is there).
#
#   bash man_install_test.sh BUILD_DIR FPBENCH_HISTORY
set -euo pipefail
test_name=man_install_test
build=${1:?usage: man_install_test.sh BUILD_DIR FPBENCH_HISTORY}
history=${2:?usage: man_install_test.sh BUILD_DIR FPBENCH_HISTORY}
# shellcheck source=harness/tests/fake_scenarios.sh
. "$(dirname "$0")/fake_scenarios.sh"

prefix=$(mktemp -d "${TMPDIR:-/tmp}/fpbench-install.XXXXXX")
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null ||
  fail "cmake --install $build --prefix $prefix failed"
[ -x "$prefix/bin/fpbench" ] || fail "no bin/fpbench in $prefix"

mapfile -t commands < <({ "$prefix/bin/fpbench" --cli-table && "$history" --cli-table; } |
  awk -F'\t' '$1 == "C" && $4 == "0" { print $2 }')
[ "${#commands[@]}" -ge 15 ] || fail "only ${#commands[@]} commands in the tables"
for command in "${commands[@]}"; do
  page=$prefix/share/man/man1/${command// /-}.1
  [ -s "$page" ] || fail "$command: not installed as $page"
  if command -v man >/dev/null; then
    man -P cat -l "$page" 2>/dev/null | grep -q "^NAME" || fail "man -l $page shows no NAME"
  fi
done

echo "$test_name: ${#commands[@]} pages in $prefix/share/man/man1"
