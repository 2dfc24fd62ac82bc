#!/usr/bin/env bash
# fpbench pr and fpbench nightly on a generated repository
# (make_demo_repo.sh: a C++ library with a Google Benchmark program and a
# command-line tool, a planted rise in BM_Decode's instructions at one
# commit and one more system call of the tool at another):
# - config check accepts the repository's fpbench.toml as written;
# - pr across each planted commit fails on exactly that metric of those
#   benchmarks, and passes A/A (base = head);
# - a side that does not build is exit 3 naming the side and its log; a
#   benchmark only one side has is named in the comment; a typo'd key and a
#   threshold that does not parse are exit 2 naming file, line and key;
# - nightly run commit by commit alerts on each planted commit the night it
#   lands, and its bisect names it;
# - the user's checkout (an uncommitted edit, an untracked file) is byte for
#   byte as it was.
# The measurements use a smaller config beside the repository (fewer runs,
# the 4096-byte benchmarks), so the test takes a minute or two.
#
#   bash project_test.sh FPBENCH SOURCE_DIR
#
# Exits 77 (skipped) without valgrind or countable system calls, except
# under CI (CI=true), where that fails.
set -euo pipefail
fpbench=${1:?usage: project_test.sh FPBENCH SOURCE_DIR}
src=${2:?usage: project_test.sh FPBENCH SOURCE_DIR}
scratch=$(mktemp -d "${TMPDIR:-/tmp}/fpbench-project.XXXXXX")
cleanup() { git -C "$scratch/repo" worktree prune 2>/dev/null || true; rm -rf "$scratch"; }
trap cleanup EXIT
fail() { echo "project_test: FAILED: $*" >&2; exit 1; }
skip() {
  case "${CI:-}" in '' | 0 | false) echo "project_test: $*; skipped" >&2; exit 77 ;; esac
  fail "$* (and CI is set)"
}
command -v valgrind >/dev/null || skip "no valgrind to count instructions"
[ -e /sys/kernel/tracing/events/raw_syscalls/sys_enter/id ] ||
  [ -e /sys/kernel/debug/tracing/events/raw_syscalls/sys_enter/id ] ||
  skip "system calls are not countable (mount tracefs as root: ci/mount-tracefs.sh)"

repo=$scratch/repo
generated=$(bash "$src/harness/tests/project/make_demo_repo.sh" "$repo" --commits 8 2>"$scratch/generate.log") ||
  fail "make_demo_repo.sh: $(cat "$scratch/generate.log")"
value() { sed -n "s/^$1=//p" <<<"$generated"; }
planted_instructions=$(value planted_instructions)
planted_syscalls=$(value planted_syscalls)
read -r -a commits <<<"$(value commits)"
[ "${#commits[@]}" -eq 8 ] || fail "expected 8 commits, got: $generated"

git_in() { git -C "$repo" -c user.name=t -c user.email=t@example.com "$@"; }
# Branches the pull requests come from, made before the user's edits.
git_in checkout -q -b extra
cat >>"$repo/bench/codec_bench.cpp" <<'EOF'

static void BM_Extra(benchmark::State& state) {
  for (auto _ : state) benchmark::ClobberMemory();
}
BENCHMARK(BM_Extra);
EOF
git_in commit -qam "bench: add BM_Extra"
git_in checkout -q -b broken main
echo "#error planted" >>"$repo/tool/tool.cpp"
git_in commit -qam "tool: break the build"
git_in checkout -q main

# The user's checkout: an uncommitted edit and an untracked file.
echo "// an edit not committed" >>"$repo/tool/tool.cpp"
echo "notes" >"$repo/notes.txt"
snapshot() {
  (cd "$repo" && find . -path ./.git -prune -o -type f -print0 | sort -z | xargs -0 sha256sum)
  git -C "$repo" rev-parse HEAD
  git -C "$repo" symbolic-ref HEAD
  git -C "$repo" status --porcelain
  sha256sum "$repo/.git/index"
}
before=$(snapshot)

config=$scratch/fast.toml
sed -e 's|^filter = .*|filter = "^BM_(Encode\|Decode\|Extra)(/4096)?$"\nmin_time = 0.02|' \
  -e 's|^params = .*|params = { level = ["1", "6"] }\nmin_time = 0.02|' \
  -e 's|^\[gate\]|[gate]\nruns = 5\nmax_runs = 5\ncounter_runs = 2|' \
  "$repo/fpbench.toml" >"$config"
# The alert, as the notify command receives it on standard input.
echo "notify = $(printf '"cat > %s/notified.json"' "$scratch")" >>"$config"
cache=$scratch/cache
run() { # NAME EXPECTED_EXITS ARGS...: fpbench run inside the checkout; EXPECTED_EXITS "0" or "0|1"
  local name=$1 expected=$2 code=0 quiet=()
  shift 2
  case $1 in pr | nightly) quiet=(--no-progress) ;; esac
  (cd "$repo" && "$fpbench" "$@" "${quiet[@]}" >"$scratch/$name.out" 2>"$scratch/$name.err") || code=$?
  [[ "$code" =~ ^($expected)$ ]] || fail "$name: exit $code, expected $expected: $(tail -20 "$scratch/$name.err")"
}
# The (metric, benchmark) pairs a gate.json calls regressions, one a line.
regressions() {
  /usr/bin/python3 - "$1" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
for m in doc["metrics"]:
    metric = m.get("metric", "").split(" ")[0]
    for d in m["decisions"]:
        if d["verdict"] == "regression":
            print(metric, d["name"].rstrip())
PY
}

# config check: the repository's file as written.
run check 0 config check
grep -q "fpbench.toml: valid" "$scratch/check.out" || fail "config check said: $(cat "$scratch/check.out")"

# pr across the instructions commit: BM_Decode's instructions regress.
parent=$(git -C "$repo" rev-parse "$planted_instructions^")
run pr-instructions 1 pr --base "$parent" --head "$planted_instructions" --config "$config" --out "$scratch/pr1" --cache "$cache"
found=$(regressions "$scratch/pr1/gate.json")
grep -qx "instructions BM_Decode 4096" <<<"$found" || fail "pr across the instructions commit: no instructions regression of BM_Decode 4096 in: $found"
# Counts are exact: no other benchmark may be blamed on them. (Wall time is
# a test at alpha 0.01, whose rare false alarm must not fail CI.)
if grep -v "BM_Decode" <<<"$found" | grep -q "^instructions\|^syscalls"; then
  fail "pr across the instructions commit blamed another benchmark: $found"
fi
if grep -q "^syscalls" <<<"$found"; then fail "pr across the instructions commit found a system call regression: $found"; fi
grep -q "^## fpbench gate: FAIL" "$scratch/pr1/gate.md" || fail "no comment written: $(ls "$scratch/pr1")"

# pr across the system-call commit: both levels of the tool, syscalls only.
parent=$(git -C "$repo" rev-parse "$planted_syscalls^")
run pr-syscalls 1 pr --base "$parent" --head "$planted_syscalls" --config "$config" --out "$scratch/pr2" --cache "$cache"
found=$(regressions "$scratch/pr2/gate.json")
[ "$(grep "^syscalls" <<<"$found" | sort)" = "$(printf 'syscalls cli level=1\nsyscalls cli level=6')" ] ||
  fail "pr across the system-call commit: $found"
if grep -q "^instructions" <<<"$found"; then fail "pr across the system-call commit found an instructions regression: $found"; fi

# A/A: the head against itself passes (a fixed number of runs, which the
# comment says; the run's notes are in run.log).
sed 's/^\[gate\]/[gate]\nuntil_decided = false/' "$config" >"$scratch/fixed.toml"
run pr-aa 0 pr --base main --head main --config "$scratch/fixed.toml" --out "$scratch/pr-aa" --cache "$cache"
[ -z "$(regressions "$scratch/pr-aa/gate.json")" ] || fail "A/A regressed: $(regressions "$scratch/pr-aa/gate.json")"
grep -q "^Wall time: 5 runs per side; the counted metrics used 2.$" "$scratch/pr-aa/gate.md" ||
  fail "the A/A comment ends: $(tail -3 "$scratch/pr-aa/gate.md")"
grep -q "fpbench: note: instructions: " "$scratch/pr-aa/run.log" || fail "run.log: $(cat "$scratch/pr-aa/run.log")"

# A benchmark only the new side has is named, not dropped in silence. (The
# new benchmark moves the program's code: the others' wall time may move
# with it, so the verdict is not asserted.)
run pr-extra "0|1" pr --base main --head extra --config "$config" --out "$scratch/pr-extra" --cache "$cache"
grep -q "BM_Extra is only on the new side" "$scratch/pr-extra/gate.md" ||
  fail "the comment does not name BM_Extra: $(cat "$scratch/pr-extra/gate.md")"

# A side that does not build: exit 3, the side, the commit and its log.
run pr-broken 3 pr --base main --head broken --config "$config" --out "$scratch/pr-broken" --cache "$cache"
grep -q "the new side (broken), commit [0-9a-f]\{12\}, does not build" "$scratch/pr-broken.err" ||
  fail "a broken build said: $(cat "$scratch/pr-broken.err")"
grep -q "the build log: .*\.log" "$scratch/pr-broken.err" || fail "no build log named: $(cat "$scratch/pr-broken.err")"

# Bad configs: exit 2, file, line, column and key.
sed 's/^instructions = "1%"/instrutions = "1%"/' "$config" >"$scratch/typo.toml"
run typo 2 pr --config "$scratch/typo.toml" --out "$scratch/pr-typo" --cache "$cache"
grep -q "typo.toml:[0-9]*:1: gate.instrutions: unknown key" "$scratch/typo.err" || fail "a typo'd key said: $(cat "$scratch/typo.err")"
sed 's/^syscalls = "0"/syscalls = "none"/' "$config" >"$scratch/threshold.toml"
run threshold 2 config check --config "$scratch/threshold.toml"
grep -q "threshold.toml:[0-9]*:[0-9]*: gate.syscalls: threshold \"none\" is not a percentage" "$scratch/threshold.err" ||
  fail "a bad threshold said: $(cat "$scratch/threshold.err")"

# nightly, commit by commit: an alert on each planted commit's night only,
# and its bisect names that commit.
for c in "${commits[@]}"; do
  expected=0
  [ "$c" = "$planted_instructions" ] || [ "$c" = "$planted_syscalls" ] && expected=1
  run "nightly-$c" "$expected" nightly "$c" --config "$config" --out "$scratch/night-$c" \
    --store "$scratch/history.sqlite" --cache "$cache"
done
named() { # ALERT_JSON METRIC: the commits the alert's bisects found for METRIC
  /usr/bin/python3 - "$1" "$2" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
print(" ".join(sorted({r["bisect"].get("commit", "none") for r in doc["regressions"] if r["metric"] == sys.argv[2]})))
PY
}
[ "$(named "$scratch/night-$planted_instructions/alert.json" instructions)" = "$planted_instructions" ] ||
  fail "the instructions alert: $(cat "$scratch/night-$planted_instructions/alert.json")"
[ "$(named "$scratch/night-$planted_syscalls/alert.json" syscalls)" = "$planted_syscalls" ] ||
  fail "the system-call alert: $(cat "$scratch/night-$planted_syscalls/alert.json")"
[ -f "$scratch/night-${commits[7]}/dashboard/index.html" ] || fail "no dashboard written"
[ "$(named "$scratch/notified.json" syscalls)" = "$planted_syscalls" ] ||
  fail "the notify command got: $(cat "$scratch/notified.json" 2>/dev/null)"

[ "$(snapshot)" = "$before" ] || fail "the checkout changed: $(diff <(echo "$before") <(snapshot))"
echo "project_test: pr and nightly found both planted commits; the checkout is unchanged"
