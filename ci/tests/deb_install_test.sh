#!/usr/bin/env bash
# Builds the Debian package, installs it with dpkg, checks that the installed
# fpbench runs (version, its scenario program, fpbench-history, a plot from
# another directory), and removes it again. Needs root and a machine where
# fpbench is not installed otherwise; not part of ctest.
#
#   sudo bash ci/tests/deb_install_test.sh BUILD_DIR
set -euo pipefail
build=$(cd "${1:?usage: deb_install_test.sh BUILD_DIR}" && pwd)
[ "$(id -u)" -eq 0 ] || { echo "deb_install_test: needs root (dpkg -i)" >&2; exit 2; }
if dpkg -s fpbench >/dev/null 2>&1; then
  echo "deb_install_test: a fpbench package is installed already; not touching it" >&2; exit 2
fi
(cd "$build" && cpack -G DEB >/dev/null)
deb=$(find "$build" -maxdepth 1 -name 'fpbench_*.deb' -printf '%T@ %p\n' | sort -n | tail -1 | cut -d' ' -f2-)
[ -n "$deb" ] || { echo "FAIL: cpack made no fpbench_*.deb in $build" >&2; exit 1; }
dpkg-deb -f "$deb" Depends
scratch=$(mktemp -d "${TMPDIR:-/tmp}/fpbench-deb.XXXXXX")
trap 'dpkg -r fpbench >/dev/null 2>&1 || true; rm -rf "$scratch"' EXIT
dpkg -i "$deb" >/dev/null
cd "$scratch"
PATH=/usr/sbin:/usr/bin:/sbin:/bin  # nothing of the build tree
fpbench --version
fpbench list calibration | head -1
fpbench history --help | head -1
man -P cat fpbench-run | grep -q -- '--scenario-program' || { echo "FAIL: man fpbench-run" >&2; exit 1; }
printf '"binary","filename","configuration","rate","time"\n"old","a","n=1",100,1\n"old","a","n=1",102,1\n"new","a","n=1",120,1\n"new","a","n=1",118,1\n' > x.csv
fpbench compare x.csv --plot x.png | head -2
file x.png
# A name outside ASCII makes compare load ICU, which the package depends on.
printf '"binary","filename","configuration","rate","time"\n"old","\303\251t\303\251","n=1",100,1\n"old","\303\251t\303\251","n=1",102,1\n"new","\303\251t\303\251","n=1",120,1\n"new","\303\251t\303\251","n=1",118,1\n' > y.csv
fpbench compare y.csv | head -2
fpbench run --old-impl baseline --new-impl fast calibration --runs 2 --min-time 0.001 --no-progress --no-realtime | fpbench compare | head -2
fpbench history record x.csv --db h.sqlite --commit abcd1234 | head -1
dpkg -r fpbench >/dev/null
[ ! -e /usr/bin/fpbench ] && echo "deb_install_test: ok (installed, ran, removed)"
