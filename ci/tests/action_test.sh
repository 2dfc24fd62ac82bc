#!/usr/bin/env bash
# The steps of the GitHub Action (action.yml, its logic in ci/action/*.sh)
# outside GitHub, against stand-ins first on PATH:
# - gh keeps one pull request's comments, serves them two to a page (so a
#   script that reads only the first page would post a second comment),
#   evaluates --jq with jq (the language gh embeds), and logs every call with
#   the body it was given. comment.sh must create one comment with the
#   marker and gate.md, edit that same comment on the next push, and post
#   nothing without gate.md, for a nightly run or outside a pull request.
# - fpbench records its arguments and exits with a chosen code: run.sh must
#   build the command line of `fpbench pr` and `fpbench nightly` and put the
#   exit code in GITHUB_OUTPUT without failing.
# finish.sh must fail with fpbench's exit code and say what it means;
# history-path.sh must find the store to cache; install.sh must refuse what
# it cannot do before doing anything.
#
#   bash ci/tests/action_test.sh SOURCE_DIR FPBENCH
#
# Exits 77 (skipped) without jq, except under CI (CI=true), where that fails.
set -euo pipefail
src=$(cd "${1:?usage: action_test.sh SOURCE_DIR FPBENCH}" && pwd)
real_fpbench=${2:?usage: action_test.sh SOURCE_DIR FPBENCH}
action=$src/ci/action
scratch=$(mktemp -d "${TMPDIR:-/tmp}/fpbench-action.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
fail() { echo "action_test: FAILED: $*" >&2; exit 1; }
if ! command -v jq >/dev/null; then
  case "${CI:-}" in '' | 0 | false) echo "action_test: no jq to evaluate gh's --jq with; skipped" >&2; exit 77 ;; esac
  fail "no jq, and CI is set"
fi

bin=$scratch/bin
mkdir -p "$bin"
cat >"$bin/gh" <<'GH'
#!/usr/bin/env bash
# Stand-in GitHub CLI over the comments of one pull request in
# $GH_STATE/comments.json; logs each call to $GH_STATE/calls.log.
set -euo pipefail
comments=$GH_STATE/comments.json
log=$GH_STATE/calls.log
{ printf 'gh'; printf ' [%s]' "$@"; echo; } >>"$log"
die() { echo "stand-in gh: $*" >&2; exit 1; }
[ -n "${GH_TOKEN:-}" ] || die "no GH_TOKEN"
[ "${GH_REPO:-}" = "$EXPECT_REPO" ] || die "GH_REPO is '${GH_REPO:-}', not $EXPECT_REPO"
[ "${GH_FAIL:-0}" = 0 ] || die "HTTP 502: Bad Gateway"
log_body() { { echo "--- body of $1"; cat "$1"; echo "--- end"; } >>"$log"; }

if [ "$1 $2" = "pr comment" ]; then
  [ $# = 5 ] && [ "$3" = "$EXPECT_PR" ] && [ "$4" = --body-file ] || die "unexpected: gh $*"
  log_body "$5"
  id=$(jq '(map(.id) | max // 1000) + 1' "$comments")
  jq --argjson id "$id" --rawfile body "$5" '. + [{id: $id, body: $body}]' "$comments" >"$comments.new"
  mv "$comments.new" "$comments"
  echo "https://github.com/$EXPECT_REPO/pull/$EXPECT_PR#issuecomment-$id"
  exit 0
fi

[ "$1" = api ] || die "unexpected: gh $*"
shift
method=GET paginate=0 jq_expr= field= path=
while [ $# -gt 0 ]; do
  case "$1" in
    -X) method=$2; shift 2 ;;
    --paginate) paginate=1; shift ;;
    --jq) jq_expr=$2; shift 2 ;;
    -F) field=$2; shift 2 ;;
    -*) die "unexpected option $1" ;;
    *) [ -z "$path" ] || die "two paths"; path=$1; shift ;;
  esac
done
case "$method $path" in
  "GET repos/$EXPECT_REPO/issues/$EXPECT_PR/comments")
    pages=$(jq 'length / 2 | ceil' "$comments")
    [ "$paginate" = 1 ] || pages=1
    for ((p = 0; p < pages; p++)); do
      page=$(jq -c ".[$((2 * p)):$((2 * p + 2))]" "$comments")
      if [ -n "$jq_expr" ]; then jq -r "$jq_expr" <<<"$page"; else echo "$page"; fi
    done
    ;;
  "PATCH repos/$EXPECT_REPO/issues/comments/"*)
    id=${path##*/}
    [[ $field == body=@* ]] || die "PATCH without -F body=@FILE"
    file=${field#body=@}
    log_body "$file"
    jq -e --argjson id "$id" 'any(.id == $id)' "$comments" >/dev/null || die "HTTP 404: no comment $id"
    jq --argjson id "$id" --rawfile body "$file" 'map(if .id == $id then .body = $body else . end)' \
      "$comments" >"$comments.new"
    mv "$comments.new" "$comments"
    jq -c --argjson id "$id" '.[] | select(.id == $id)' "$comments"
    ;;
  *) die "unexpected: gh api -X $method $path" ;;
esac
GH

cat >"$bin/fpbench" <<'FPBENCH'
#!/usr/bin/env bash
# Stand-in fpbench: one argument a line in $FPBENCH_ARGS, reports in --out,
# exit $FPBENCH_EXIT.
set -euo pipefail
[ "$1" = --version ] && { echo "fpbench 0.0.0 (stand-in)"; exit 0; }
printf '%s\n' "$@" >"$FPBENCH_ARGS"
out=
while [ $# -gt 0 ]; do [ "$1" = --out ] && out=$2; shift; done
mkdir -p "$out"
echo "gate of the stand-in" >"$out/gate.md"
echo "alert of the stand-in" >"$out/alert.md"
exit "${FPBENCH_EXIT:-0}"
FPBENCH
chmod +x "$bin/gh" "$bin/fpbench"
export PATH=$bin:$PATH

# ---- comment.sh
export GH_STATE=$scratch/gh EXPECT_REPO=octo/repo EXPECT_PR=7
mkdir -p "$GH_STATE"
marker='<!-- fpbench-gate -->'
# Earlier discussion fills the first page; one mentions the marker in passing.
jq -n --arg m "$marker" '[{id: 11, body: "LGTM"}, {id: 12, body: ("why is " + $m + " here?")},
  {id: 13, body: "rebased"}]' >"$GH_STATE/comments.json"
out=$scratch/out
mkdir -p "$out"
comment() { env COMMAND=pr OUT="$out" PR=7 REPO=octo/repo GH_TOKEN=token "$@" bash "$action/comment.sh"; }
calls() { grep -c "^gh " "$GH_STATE/calls.log" 2>/dev/null || true; }
creates() { grep -c '^gh \[pr\] \[comment\]' "$GH_STATE/calls.log" || true; }
ours() { jq -r --arg m "$marker" '[.[] | select(.body | startswith($m))]' "$GH_STATE/comments.json"; }
expect_body() { # the one comment of ours holds the marker, then gate.md
  [ "$(ours | jq length)" = 1 ] || fail "$1: $(ours | jq length) comments with the marker"
  diff <(ours | jq -j '.[0].body') <(echo "$marker"; cat "$out/gate.md") >&2 ||
    fail "$1: the comment is not the marker and gate.md"
}

printf '## fpbench gate\n\nPASS: 0 of 9 benchmarks regressed\n' >"$out/gate.md"
comment >/dev/null 2>&1 || fail "first push: comment.sh failed"
[ "$(creates)" = 1 ] || fail "first push: $(creates) comments created"
expect_body "first push"
id=$(ours | jq '.[0].id')
[ "$(jq length "$GH_STATE/comments.json")" = 4 ] || fail "first push: the earlier comments changed"

printf '## fpbench gate\n\nFAIL: 1 of 9 benchmarks regressed\n' >"$out/gate.md"
comment >/dev/null 2>&1 || fail "second push: comment.sh failed"
[ "$(creates)" = 1 ] || fail "second push created a second comment"
grep -q "^gh \[api\] \[-X\] \[PATCH\] \[repos/octo/repo/issues/comments/$id\] " "$GH_STATE/calls.log" ||
  fail "second push did not edit comment $id"
expect_body "second push"
grep -q '^FAIL: 1 of 9' "$GH_STATE/calls.log" || fail "the log lacks the edited body"

before=$(calls)
rm "$out/gate.md"
comment >/dev/null 2>&1 || fail "no gate.md: comment.sh failed"
[ "$(calls)" = "$before" ] || fail "no gate.md, yet gh was called"
echo "gate of a nightly run" >"$out/gate.md"
comment COMMAND=nightly >/dev/null 2>&1 || fail "nightly: comment.sh failed"
comment PR= >/dev/null 2>&1 || fail "no pull request: comment.sh failed"
[ "$(calls)" = "$before" ] || fail "a nightly run or a push outside a pull request called gh"

# A gate.md beyond GitHub's 65536 characters is cut at a line, with a note.
for ((i = 0; i < 3000; i++)); do printf '| fs/read-file-sync size=%d | +0.1%% | same |\n' "$i"; done >"$out/gate.md"
comment >/dev/null 2>&1 || fail "long gate.md: comment.sh failed"
[ "$(creates)" = 1 ] || fail "long gate.md created a second comment"
body=$(ours | jq -r '.[0].body')
[ "${#body}" -le 65536 ] || fail "long gate.md: a comment of ${#body} characters"
grep -q '^\*The report is cut here' <<<"$body" || fail "long gate.md: no note where it is cut"
grep -q '^| fs/read-file-sync size=0 |' <<<"$body" || fail "long gate.md: the start is missing"

if comment GH_FAIL=1 >/dev/null 2>&1; then fail "comment.sh succeeded when gh failed"; fi

# ---- run.sh
work=$scratch/work
mkdir -p "$work"
cd "$work"
export FPBENCH_ARGS=$scratch/args GITHUB_OUTPUT=$scratch/github-output GITHUB_STEP_SUMMARY=$scratch/summary
run_case() { # NAME EXPECTED_ARGS EXPECTED_CODE EXPECTED_VERDICT ENV...
  local name=$1 args=$2 code=$3 verdict=$4
  shift 4
  rm -f "$FPBENCH_ARGS" "$GITHUB_OUTPUT" "$GITHUB_STEP_SUMMARY"
  env "$@" bash "$action/run.sh" 2>"$scratch/run.err" || { cat "$scratch/run.err" >&2; fail "$name: run.sh failed"; }
  [ "$(cat "$FPBENCH_ARGS")" = "$(printf '%s\n' "$args" | tr '|' '\n')" ] ||
    fail "$name: fpbench $(tr '\n' '|' <"$FPBENCH_ARGS"), expected $args"
  grep -qx "exit-code=$code" "$GITHUB_OUTPUT" || fail "$name: GITHUB_OUTPUT: $(cat "$GITHUB_OUTPUT")"
  grep -qx "verdict=$verdict" "$GITHUB_OUTPUT" || fail "$name: GITHUB_OUTPUT: $(cat "$GITHUB_OUTPUT")"
}
run_case "pr, regression" "pr|--base|origin/main|--head|HEAD|--config|fpbench.toml|--out|out/fpbench" 1 regression \
  COMMAND=pr GITHUB_BASE_REF=main FPBENCH_EXIT=1
grep -qx "gate of the stand-in" "$GITHUB_STEP_SUMMARY" || fail "pr: gate.md is not in the job summary"
run_case "pr, a base given" "pr|--base|v1.0|--head|feature|--config|my config.toml|--out|o" 0 pass \
  COMMAND=pr GITHUB_BASE_REF=main BASE=v1.0 HEAD_REF=feature "CONFIG=my config.toml" OUT=o FPBENCH_EXIT=0
run_case "pr, no base known" "pr|--head|HEAD|--config|fpbench.toml|--out|out/fpbench" 2 bad-input \
  COMMAND=pr GITHUB_BASE_REF= FPBENCH_EXIT=2
run_case "nightly, pass" "nightly|HEAD|--config|fpbench.toml|--out|out/fpbench" 0 pass \
  COMMAND=nightly GITHUB_BASE_REF= FPBENCH_EXIT=0
[ ! -s "$GITHUB_STEP_SUMMARY" ] || fail "nightly: an alert in the summary without a regression"
run_case "nightly, regression" "nightly|abc123|--config|c.toml|--out|n" 1 regression \
  COMMAND=nightly HEAD_REF=abc123 CONFIG=c.toml OUT=n FPBENCH_EXIT=1
grep -qx "alert of the stand-in" "$GITHUB_STEP_SUMMARY" || fail "nightly: alert.md is not in the job summary"
run_case "nightly, failure" "nightly|HEAD|--config|fpbench.toml|--out|out/fpbench" 3 failure \
  COMMAND=nightly FPBENCH_EXIT=3
run_case "crash" "nightly|HEAD|--config|fpbench.toml|--out|out/fpbench" 139 error \
  COMMAND=nightly FPBENCH_EXIT=139
rm -f "$FPBENCH_ARGS"
if COMMAND=nighty bash "$action/run.sh" 2>/dev/null; then fail "run.sh took command nighty"; fi
[ ! -e "$FPBENCH_ARGS" ] || fail "run.sh ran fpbench for command nighty"

# ---- finish.sh
finish_case() { # EXIT_CODE EXPECTED_STATUS WORDS
  local status=0 said
  said=$(COMMAND=pr EXIT_CODE=$1 bash "$action/finish.sh" 2>&1) || status=$?
  [ "$status" = "$2" ] || fail "finish.sh exited $status for exit code '$1', not $2"
  grep -q "$3" <<<"$said" || fail "finish.sh for exit code '$1' said: $said"
}
finish_case 0 0 "no regression"
finish_case 1 1 "::error .*a regression"
finish_case 2 2 "::error .*bad input"
finish_case 3 3 "::error .*failure"
finish_case "" 3 "::error .*did not run"
said=$(COMMAND=nightly EXIT_CODE=1 bash "$action/finish.sh" 2>&1) && fail "finish.sh passed a nightly regression"
grep -q "alert.md" <<<"$said" || fail "finish.sh for a nightly regression said: $said"

# ---- history-path.sh
history_case() { # NAME CONFIG_TEXT EXPECTED_PATH
  printf '%b' "$2" >"$work/fpbench.toml"
  rm -f "$GITHUB_OUTPUT"
  CONFIG=fpbench.toml FPBENCH=$real_fpbench bash "$action/history-path.sh" 2>/dev/null || fail "$1: history-path.sh failed"
  [ "$(cat "$GITHUB_OUTPUT")" = "path=$3" ] || fail "$1: $(cat "$GITHUB_OUTPUT"), expected path=$3"
}
entry='[build]\ncommand = "make"\n[[benchmarks]]\ngbench = "b"\n'
history_case "a file" "$entry"'[history]\n  store = "history.sqlite"  # carried\n' history.sqlite
history_case "a literal string" "$entry""[ history ]\nstore='db/h.sqlite'\n" db/h.sqlite
history_case "a dotted key" 'history.store = "h.sqlite"\n'"$entry" h.sqlite
history_case "an absolute path" "$entry"'[history]\nstore = "/var/lib/h.sqlite"\n' /var/lib/h.sqlite
history_case "a server" "$entry"'[history]\nstore = "postgresql://bench@db/history"\n' ""
history_case "the default store" "$entry"'[history]\nmachine = "ci"\n' history.sqlite
history_case "a config fpbench refuses" "$entry"'[history]\nstroe = "x"\n' ""
rm -f "$work/fpbench.toml" "$GITHUB_OUTPUT"
CONFIG=fpbench.toml FPBENCH=$real_fpbench bash "$action/history-path.sh" 2>/dev/null || fail "no config: history-path.sh failed"
[ "$(cat "$GITHUB_OUTPUT")" = "path=" ] || fail "no config: $(cat "$GITHUB_OUTPUT")"

# ---- install.sh: what it refuses before installing anything
install_fails() { # NAME WORDS ENV...
  local name=$1 words=$2 said
  shift 2
  if said=$(env "$@" bash "$action/install.sh" 2>&1); then fail "install.sh accepted $name"; fi
  grep -q "$words" <<<"$said" || fail "install.sh for $name said: $said"
}
COMMAND=pr INSTALL=path bash "$action/install.sh" | grep -q "fpbench 0.0.0 (stand-in)" ||
  fail "install: path did not find the fpbench on PATH"
install_fails "deb without deb-url" "deb-url" COMMAND=nightly INSTALL=deb DEB_URL=
install_fails "install: brew" "unknown install 'brew'" COMMAND=nightly INSTALL=brew
install_fails "command: nighty" "unknown command 'nighty'" COMMAND=nighty INSTALL=path
mkdir -p "$scratch/empty"
if ! PATH=/usr/bin:/bin command -v fpbench >/dev/null; then
  install_fails "path without fpbench" "not on PATH" COMMAND=nightly INSTALL=path PATH="$scratch/empty:/usr/bin:/bin"
fi
echo "action_test: ok"
