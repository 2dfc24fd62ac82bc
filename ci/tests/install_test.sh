#!/usr/bin/env bash
# `cmake --install` into a scratch prefix, then the installed fpbench used
# from another directory with nothing of the build tree on PATH: it must find
# fpbench-scenarios, fpbench-history and the plot script in the prefix.
#
#   bash ci/tests/install_test.sh BUILD_DIR
#
# Exits 77 (skipped) without a Python that has matplotlib, except under CI
# (CI=true), where that fails.
set -euo pipefail
build=$(cd "${1:?usage: install_test.sh BUILD_DIR}" && pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/fpbench-install.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
prefix=$scratch/prefix
fail() { echo "install_test: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$prefix" >"$scratch/install.log" || { cat "$scratch/install.log" >&2; fail "install failed"; }
for f in bin/fpbench libexec/fpbench/fpbench-scenarios libexec/fpbench/fpbench-print \
         libexec/fpbench/fpbench-history share/fpbench/fpbench_plot.py; do
  [ -e "$prefix/$f" ] || fail "$f is not installed"
done

work=$scratch/elsewhere
mkdir -p "$work"
cd "$work"
export PATH=/usr/bin:/bin
unset FPBENCH_SCENARIOS FPBENCH_HISTORY FPBENCH_PLOT_SCRIPT
fpbench=$prefix/bin/fpbench

version=$("$fpbench" --version)
[[ $version =~ ^fpbench\ [0-9]+\.[0-9]+\.[0-9]+\ \(commit\ [0-9a-f]{7,}(-dirty)?\)$|^fpbench\ [0-9]+\.[0-9]+\.[0-9]+\ \(commit\ unknown\)$ ]] ||
  fail "--version printed '$version'"

"$fpbench" list calibration | grep -q '^calibration/spin' || fail "fpbench list did not run the installed fpbench-scenarios"
"$fpbench" history --help | grep -q 'record' || fail "fpbench history did not run the installed fpbench-history"

cat > x.csv <<'CSV'
"binary","filename","configuration","rate","time"
"old","fs/a.js","n=1",100,0.01
"old","fs/a.js","n=1",101,0.01
"old","fs/a.js","n=1",99,0.01
"new","fs/a.js","n=1",120,0.01
"new","fs/a.js","n=1",121,0.01
"new","fs/a.js","n=1",119,0.01
CSV

python=/usr/bin/python3
if ! "$python" -c 'import matplotlib' 2>/dev/null; then
  case "${CI:-}" in ''|0|false) echo "install_test: no Python with matplotlib; plot not checked" >&2; exit 77;; esac
  fail "no Python with matplotlib, and CI is set"
fi
# A Python that notes which script it ran, so the test sees the installed one used.
cat > "$scratch/python" <<PY
#!/bin/sh
echo "\$1" >> "$scratch/scripts-run"
exec $python "\$@"
PY
chmod +x "$scratch/python"
FPBENCH_PYTHON=$scratch/python "$fpbench" compare x.csv --plot x.png >/dev/null || fail "compare --plot failed"
[ "$(head -c 4 x.png | od -An -c | tr -d ' ')" = "211PNG" ] || fail "x.png is not a PNG"
script=$(cat "$scratch/scripts-run")
[ "$(realpath "$script")" = "$(realpath "$prefix/share/fpbench/fpbench_plot.py")" ] ||
  fail "the plot came from $script, not the installed script"
echo "install_test: ok ($version)"
