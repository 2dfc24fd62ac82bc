#!/usr/bin/env bash
# ci/gate-acceptance's own exit code, without its long trials: a copy of the
# script runs in a scratch git repository holding just what its A/B part
# patches, with PR_GATE pointing at a stand-in gate whose exit code each case
# chooses. The stand-in also checks what it was asked to compare: A/B two
# different commits, the second with the slowdown patch applied; A/A one
# commit twice.
#
#   bash ci/tests/gate_acceptance_test.sh SOURCE_DIR
set -euo pipefail
src=$(cd "${1:?usage: gate_acceptance_test.sh SOURCE_DIR}" && pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/fpbench-gate-acceptance.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

repo=$scratch/repo
mkdir -p "$repo/ci/demo-patches"
cp "$src/ci/gate-acceptance" "$repo/ci/"
cp "$src/ci/demo-patches/slow-read-5pct.patch" "$repo/ci/demo-patches/"
(cd "$src" && git apply --numstat ci/demo-patches/slow-read-5pct.patch) | while read -r _ _ path; do
  mkdir -p "$repo/$(dirname "$path")"
  cp "$src/$path" "$repo/$path"
done
git -C "$repo" init -q
git -C "$repo" add -A
git -C "$repo" -c user.name=test -c user.email=test@localhost commit -qm base

# The stand-in gate: exit AB_STATUS for A/B, and for A/A the AA_STATUSES
# entry of this trial (one per call, in order).
cat > "$scratch/stub-gate" <<'STUB'
#!/usr/bin/env bash
set -euo pipefail
base=$1 head=$2
mkdir -p "$OUT_DIR"
if [ "$base" != "$head" ]; then
  git diff --quiet "$base" "$head" -- && { echo "stub: A/B head equals base" >&2; exit 99; }
  git show "$head" | grep -q 'std::chrono' || { echo "stub: A/B head lacks the patch" >&2; exit 99; }
  echo "verdict of A/B" > "$OUT_DIR/gate.txt"
  exit "$AB_STATUS"
fi
calls=$(cat "$STUB_CALLS" 2>/dev/null || echo 0)
echo $((calls + 1)) > "$STUB_CALLS"
read -r -a statuses <<< "$AA_STATUSES"
echo "verdict of A/A $((calls + 1))" > "$OUT_DIR/gate.txt"
exit "${statuses[$calls]}"
STUB
chmod +x "$scratch/stub-gate"

failures=0
# expect EXIT PART AB_STATUS AA_STATUSES: runs the copy and checks its exit.
expect() {
  local want=$1 part=$2 ab=$3 aa=$4 got=0
  local trials
  trials=$(wc -w <<< "$aa")
  rm -f "$scratch/calls"
  (cd "$repo" && PR_GATE="$scratch/stub-gate" OUT_DIR="$scratch/out" STUB_CALLS="$scratch/calls" \
    AB_STATUS=$ab AA_STATUSES="$aa" AA_TRIALS=$trials ci/gate-acceptance "$part") \
    >"$scratch/log" 2>&1 || got=$?
  if [ "$got" != "$want" ]; then
    echo "FAIL: gate-acceptance $part with A/B gate exit $ab, A/A exits '$aa': exit $got, expected $want" >&2
    sed 's/^/  | /' "$scratch/log" >&2
    failures=$((failures + 1))
  else
    echo "ok: gate-acceptance $part with A/B gate exit $ab, A/A exits '$aa': exit $got"
  fi
}

expect 0 ab 1 "0"
expect 1 ab 0 "0"           # the slowdown passed the gate
expect 1 ab 3 "0"           # the gate could not decide
expect 0 aa 1 "0 0 0"
expect 1 aa 1 "0 1 0"       # one A/A trial failed
expect 1 aa 1 "0 0 3"
expect 0 all 1 "0 0"
expect 1 all 0 "0 0"
expect 1 all 1 "1 0"
expect 2 bogus 1 "0"

# A patch that no longer applies must fail the script before any gate runs.
# Were it ignored, the "A/B" would compare HEAD with itself, which the stub
# answers as an A/A trial with exit 1 here, and the script would pass.
(cd "$src" && git apply --numstat ci/demo-patches/slow-read-5pct.patch) | while read -r _ _ path; do
  printf '// moved on\n' > "$repo/$path"
done
git -C "$repo" -c user.name=test -c user.email=test@localhost commit -qam "the patched file moved on"
expect 1 ab 1 "1"
grep -q 'slow-read-5pct.patch does not apply' "$scratch/log" ||
  { echo "FAIL: gate-acceptance did not say the patch does not apply" >&2; failures=$((failures + 1)); }
[ ! -e "$scratch/calls" ] ||
  { echo "FAIL: gate-acceptance ran a gate although its patch did not apply" >&2; failures=$((failures + 1)); }

[ "$(git -C "$repo" worktree list | wc -l)" = 1 ] ||
  { echo "FAIL: gate-acceptance left a worktree behind" >&2; failures=$((failures + 1)); }
[ "$failures" = 0 ]
