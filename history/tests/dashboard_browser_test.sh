#!/usr/bin/env bash
# Runs dashboard_browser_test.mjs with node and headless Chromium. Without
# either it skips (exit 77, ctest's SKIP_RETURN_CODE); under CI (CI set to
# anything but "", 0 or false) it fails instead, so a green run cannot hide
# that the browser test never ran.
#
#   bash dashboard_browser_test.sh FPBENCH_HISTORY WORKDIR
set -euo pipefail
here=$(dirname "$0")
in_ci=false
case "${CI:-}" in "" | 0 | false) ;; *) in_ci=true ;; esac
missing() {
  if [ "$in_ci" = true ]; then
    echo "dashboard_browser_test: $1; CI is set, so this is a failure, not a skip" >&2
    exit 1
  fi
  echo "dashboard_browser_test: $1; skipped" >&2
  exit 77
}
command -v node >/dev/null || missing "node is not on PATH"
browser=${FPBENCH_CHROMIUM:-}
if [ -z "$browser" ]; then
  for b in chromium chromium-browser google-chrome; do
    if command -v "$b" >/dev/null; then browser=$(command -v "$b"); break; fi
  done
fi
[ -n "$browser" ] || missing "no chromium on PATH (Debian: apt-get install chromium; or set FPBENCH_CHROMIUM)"
exec timeout 240 node "$here/dashboard_browser_test.mjs" "$1" "$2" "$browser"
