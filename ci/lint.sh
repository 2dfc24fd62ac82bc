#!/usr/bin/env bash
# Checks what a compiler does not: every tracked C++ file is formatted as
# .clang-format says (clang-format --dry-run --Werror), and every tracked
# shell script passes shellcheck. Prints each offence and exits 1 when there
# is one; changes nothing.
#
#   bash ci/lint.sh          # from anywhere in the checkout
#   CLANG_FORMAT=clang-format-14 bash ci/lint.sh
set -euo pipefail
cd "$(dirname "$0")/.."
clang_format=${CLANG_FORMAT:-clang-format}
for tool in "$clang_format" shellcheck; do
  command -v "$tool" >/dev/null ||
    { echo "ci/lint.sh: $tool is not installed (bash ci/install-deps.sh)" >&2; exit 1; }
done

failed=0
mapfile -t cxx < <(git ls-files -- '*.cpp' '*.hpp' '*.h' '*.cc')
if ! "$clang_format" --dry-run --Werror "${cxx[@]}"; then
  echo "ci/lint.sh: C++ files above are not formatted; run: $clang_format -i FILE" >&2
  failed=1
fi

scripts=()
while IFS= read -r f; do
  case "$f" in
    *.sh) scripts+=("$f") ;;
    *.*) ;;
    *) head -n 1 "$f" | grep -qE '^#!.*\b(ba)?sh\b' && scripts+=("$f") ;;
  esac
done < <(git ls-files)
if ! shellcheck --external-sources "${scripts[@]}"; then
  echo "ci/lint.sh: shellcheck found the problems above" >&2
  failed=1
fi
[ "$failed" = 0 ] && echo "ci/lint.sh: ${#cxx[@]} C++ files formatted, ${#scripts[@]} shell scripts pass shellcheck"
exit "$failed"
