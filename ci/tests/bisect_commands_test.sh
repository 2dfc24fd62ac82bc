#!/usr/bin/env bash
# ci/bisect-commands.sh prints one fpbench bisect command per regression
# change point among the selected runs, and nothing for the others.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/detect.json" <<'JSON'
{"series": [
  {"benchmark": "fs/read-file-sync encoding='utf8' size=1024 ",
   "change_points": [
     {"commit": "bbbbbbbbbbbbbbbb", "last_good_commit": "aaaaaaaaaaaaaaaa",
      "regression": true, "selected": true},
     {"commit": "cccccccccccccccc", "last_good_commit": "bbbbbbbbbbbbbbbb",
      "regression": false, "selected": true},
     {"commit": "dddddddddddddddd", "last_good_commit": "cccccccccccccccc",
      "regression": true, "selected": false}]}]}
JSON
out=$(bash "$here/bisect-commands.sh" "$tmp/detect.json" history.sqlite instructions build-nightly)
echo "$out"
[ "$(grep -c 'fpbench bisect' <<<"$out")" = 1 ] || { echo "FAILED: expected one command" >&2; exit 1; }
grep -q "between aaaaaaaaaaaa and bbbbbbbbbbbb" <<<"$out" || { echo "FAILED: range" >&2; exit 1; }
grep -q -- "--from-history history.sqlite --benchmark 'fs/read-file-sync encoding='\"'\"'utf8'\"'\"' size=1024' --metric instructions" <<<"$out" ||
  { echo "FAILED: command" >&2; exit 1; }
grep -q -- "--scenario-program build-nightly/scenarios/fpbench-scenarios" <<<"$out" || { echo "FAILED: source" >&2; exit 1; }
echo "bisect_commands: ok"
