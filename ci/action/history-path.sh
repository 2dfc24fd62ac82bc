#!/usr/bin/env bash
# Which file the nightly run's history lives in, for the Actions cache to
# carry from night to night: the [history] store of the configuration when
# it is a file (relative to the repository's root), nothing when it is a
# postgresql:// server, which keeps the history itself.
#
#   CONFIG=fpbench.toml GITHUB_OUTPUT=file bash ci/action/history-path.sh   # writes path=...
#
# The store is read by fpbench itself (`fpbench config get history.store`,
# $FPBENCH or fpbench on PATH), defaults included; a config it refuses is
# not cached, with a warning (the run then says what is wrong with it).
set -euo pipefail
config=${CONFIG:-fpbench.toml}
: "${GITHUB_OUTPUT:?GITHUB_OUTPUT must name the file for the outputs of the step}"
warn() { echo "::warning title=fpbench history::$*; the history is not carried between runs" >&2; }

path=
if [ ! -f "$config" ]; then
  warn "no $config"
else
  store=$("${FPBENCH:-fpbench}" config get history.store --config "$config" 2>/dev/null) || store=
  case "$store" in
    "") warn "fpbench cannot read the [history] store of $config" ;;
    *://*) echo "history: $config keeps the history in a database server; nothing to cache" >&2 ;;
    /*) path=$store ;;
    *)
      here=$(pwd -P)
      root=$(git -C "$(dirname "$config")" rev-parse --show-toplevel 2>/dev/null || echo "$here")
      path=$root/$store
      [ "$root" = "$here" ] && path=$store
      ;;
  esac
fi
echo "path=$path" >>"$GITHUB_OUTPUT"
