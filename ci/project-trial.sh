#!/usr/bin/env bash
# The full trial of fpbench pr and nightly on the generated repository
# (harness/tests/project/make_demo_repo.sh, 22 commits by default) with its
# fpbench.toml exactly as written (the README's example): pr across each
# planted commit and A/A, then nightly on every commit in order. ctest runs
# a shorter version (project_pr_nightly); this one is run by hand and
# quoted.
#
#   ci/project-trial.sh [FPBENCH [COMMITS]]   # default: build/harness/fpbench, 22
#
# Prints a line per run: the command, its exit code and seconds, and what
# the gate or the alert named; exits 1 when an expectation fails.
set -euo pipefail
cd "$(dirname "$0")/.."
fpbench=$(realpath "${1:-build/harness/fpbench}")
count=${2:-22}
scratch=$(mktemp -d "${TMPDIR:-/tmp}/fpbench-trial.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
repo=$scratch/repo
generated=$(bash harness/tests/project/make_demo_repo.sh "$repo" --commits "$count" 2>/dev/null)
value() { sed -n "s/^$1=//p" <<<"$generated"; }
planted_instructions=$(value planted_instructions)
planted_syscalls=$(value planted_syscalls)
read -r -a commits <<<"$(value commits)"
echo "trial: $count commits; instructions planted at ${planted_instructions:0:12}, one more system call at ${planted_syscalls:0:12}"
failed=0
expect() { # WHAT OK
  if [ "$2" = 1 ]; then echo "  ok: $1"; else echo "  FAILED: $1"; failed=1; fi
}
timed() { # NAME ARGS...: runs fpbench in the repository; sets code and seconds
  local name=$1 start
  shift
  start=$(date +%s.%N)
  code=0
  (cd "$repo" && "$fpbench" "$@" --no-progress >"$scratch/$name.out" 2>"$scratch/$name.err") || code=$?
  seconds=$(echo "$(date +%s.%N) - $start" | bc)
  printf 'fpbench %s: exit %s, %.0f s\n' "$*" "$code" "$seconds"
}
regressions() {
  /usr/bin/python3 - "$1" <<'PY'
import json, sys
for m in json.load(open(sys.argv[1]))["metrics"]:
    for d in m["decisions"]:
        if d["verdict"] == "regression":
            print("   ", m["metric"], "|", d["name"].rstrip(), "|", "%+.2f%%" % d["change_pct"])
PY
}

for planted in "$planted_instructions" "$planted_syscalls"; do
  timed "pr-$planted" pr --base "$planted^" --head "$planted" --out "$scratch/pr-$planted" --cache "$scratch/cache"
  regressions "$scratch/pr-$planted/gate.json"
  expect "pr across ${planted:0:12} exits 1" "$([ "$code" = 1 ] && echo 1)"
done
timed pr-aa pr --base main --head main --out "$scratch/pr-aa" --cache "$scratch/cache"
regressions "$scratch/pr-aa/gate.json"
expect "A/A exits 0" "$([ "$code" = 0 ] && echo 1)"

for c in "${commits[@]}"; do
  timed "nightly-$c" nightly "$c" --out "$scratch/night-$c" --store "$scratch/history.sqlite" --cache "$scratch/cache"
  # The alert's rows, without its header (the separator has no space).
  if [ -f "$scratch/night-$c/alert.md" ]; then grep '^| ' "$scratch/night-$c/alert.md" | tail -n +2 | sed 's/^/   /'; fi
  # A planted commit's night alerts and its bisect names it. Another night
  # may alert only on a change that a planted commit made (a wall time's
  # change point is seen once min-segment nights hold its new level).
  found=
  if [ -f "$scratch/night-$c/alert.json" ]; then
    found=$(/usr/bin/python3 -c 'import json,sys; print(" ".join(sorted({r["bisect"].get("commit","none") for r in json.load(open(sys.argv[1]))["regressions"]})))' "$scratch/night-$c/alert.json")
  fi
  if [ "$c" = "$planted_instructions" ] || [ "$c" = "$planted_syscalls" ]; then
    expect "nightly ${c:0:12} exits 1" "$([ "$code" = 1 ] && echo 1)"
    expect "its bisect names ${c:0:12}" "$([ "$found" = "$c" ] && echo 1)"
  elif [ "$code" = 1 ]; then
    expect "nightly ${c:0:12} alerts on a planted commit's change" \
      "$([ "$found" = "$planted_instructions" ] || [ "$found" = "$planted_syscalls" ] && echo 1)"
  else
    expect "nightly ${c:0:12} exits 0" "$([ "$code" = 0 ] && echo 1)"
  fi
done
exit "$failed"
