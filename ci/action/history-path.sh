#!/usr/bin/env bash
# Which file the nightly run's history lives in, for the Actions cache to
# carry from night to night: the [history] store of the configuration when
# it is a file (relative to the repository's root), nothing when it is a
# postgresql:// server, which keeps the history itself.
#
#   CONFIG=fpbench.toml GITHUB_OUTPUT=file bash ci/action/history-path.sh   # writes path=...
#
# Reads the one key, `store` under [history] (or `history.store` at the
# top), as a basic or literal string on one line; fpbench itself checks the
# whole file. A store it cannot read this way is not cached, with a warning.
set -euo pipefail
config=${CONFIG:-fpbench.toml}
: "${GITHUB_OUTPUT:?GITHUB_OUTPUT must name the file for the outputs of the step}"
warn() { echo "::warning title=fpbench history::$*; the history is not carried between runs" >&2; }

path=
if [ ! -f "$config" ]; then
  warn "no $config"
else
  store=$(awk -v q="'" '
    function value(s,  c, rest) {
      sub(/^[^=]*=[ \t]*/, "", s)
      c = substr(s, 1, 1)
      if (c != "\"" && c != q) return ""
      rest = substr(s, 2)
      return substr(rest, 1, index(rest, c) - 1)
    }
    /^[ \t]*\[/ { t = $0; gsub(/[ \t\[\]]/, "", t); section = t; next }
    section == "history" && /^[ \t]*store[ \t]*=/ { print value($0); exit }
    section == "" && /^[ \t]*history[ \t]*\.[ \t]*store[ \t]*=/ { print value($0); exit }
  ' "$config")
  case "$store" in
    "") warn "no [history] store in $config that this step can read" ;;
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
