#!/usr/bin/env bash
# The Debian package cpack makes lists a man page for every command in
# /usr/share/man/man1. cpack builds every target first, so this runs after
# the whole build (needs dpkg-deb: skipped without it, failed under CI).
#
#   bash man_deb_test.sh BUILD_DIR FPBENCH FPBENCH_HISTORY
set -euo pipefail
test_name=man_deb_test
build=${1:?usage: man_deb_test.sh BUILD_DIR FPBENCH FPBENCH_HISTORY}
fpbench=${2:?usage: man_deb_test.sh BUILD_DIR FPBENCH FPBENCH_HISTORY}
history=${3:?usage: man_deb_test.sh BUILD_DIR FPBENCH FPBENCH_HISTORY}
# shellcheck source=harness/tests/fake_scenarios.sh
. "$(dirname "$0")/fake_scenarios.sh"

command -v dpkg-deb >/dev/null || skip_or_fail_in_ci "no dpkg-deb to read the package with"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/fpbench-deb.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
(cd "$build" && cpack -G DEB -B "$scratch" >"$scratch/cpack.log" 2>&1) ||
  fail "cpack -G DEB failed: $(tail -20 "$scratch/cpack.log")"
deb=$(find "$scratch" -maxdepth 1 -name 'fpbench_*.deb' | head -1)
[ -n "$deb" ] || fail "cpack made no fpbench_*.deb in $scratch"
listing=$(dpkg-deb -c "$deb")

mapfile -t commands < <({ "$fpbench" --cli-table && "$history" --cli-table; } |
  awk -F'\t' '$1 == "C" && $4 == "0" { print $2 }')
[ "${#commands[@]}" -ge 15 ] || fail "only ${#commands[@]} commands in the tables"
for command in "${commands[@]}"; do
  page=${command// /-}.1
  grep -q " \\./usr/share/man/man1/${page//./\\.}\$" <<<"$listing" ||
    fail "$command: the package has no /usr/share/man/man1/$page"
done
echo "$test_name: ${#commands[@]} pages in $(basename "$deb")"
