#!/usr/bin/env bash
# The action's main step: runs `fpbench pr` or `fpbench nightly` and keeps
# its exit code for the last step rather than failing here, so the comment
# and the upload still happen after a regression.
#
#   COMMAND=pr|nightly CONFIG=fpbench.toml OUT=out/fpbench [BASE=ref] HEAD_REF=HEAD \
#     GITHUB_OUTPUT=file bash ci/action/run.sh
#
# BASE defaults to origin/$GITHUB_BASE_REF (the pull request's target), and
# is left to fpbench when neither is set. Writes exit-code and verdict (pass,
# regression, bad-input, failure, or error for anything else, e.g. a crash)
# to GITHUB_OUTPUT, and the gate's Markdown (pr) or the alert (nightly, on a
# regression) to the job summary when GITHUB_STEP_SUMMARY is set.
set -euo pipefail
command=${COMMAND:-}
config=${CONFIG:-fpbench.toml}
out=${OUT:-out/fpbench}
head=${HEAD_REF:-HEAD}
: "${GITHUB_OUTPUT:?GITHUB_OUTPUT must name the file for the outputs of the step}"

case "$command" in
  pr)
    base=${BASE:-}
    [ -z "$base" ] && [ -n "${GITHUB_BASE_REF:-}" ] && base=origin/$GITHUB_BASE_REF
    args=(pr)
    [ -n "$base" ] && args+=(--base "$base")
    args+=(--head "$head")
    report=$out/gate.md
    ;;
  nightly)
    args=(nightly "$head")
    report=$out/alert.md
    ;;
  *)
    echo "::error title=fpbench::unknown command '$command' (pr or nightly)" >&2
    exit 2
    ;;
esac
args+=(--config "$config" --out "$out")

if [ "$(git rev-parse --is-shallow-repository 2>/dev/null || true)" = true ]; then
  echo "::warning title=fpbench::the checkout is shallow; fpbench needs the history (actions/checkout with fetch-depth: 0)" >&2
fi

echo "fpbench ${args[*]}" >&2
code=0
fpbench "${args[@]}" || code=$?

case "$code" in
  0) verdict=pass ;;
  1) verdict=regression ;;
  2) verdict=bad-input ;;
  3) verdict=failure ;;
  *) verdict=error ;;
esac
{
  echo "exit-code=$code"
  echo "verdict=$verdict"
} >>"$GITHUB_OUTPUT"

# The nightly alert means something only on a regression.
if [ -n "${GITHUB_STEP_SUMMARY:-}" ] && [ -f "$report" ] &&
  { [ "$command" = pr ] || [ "$code" = 1 ]; }; then
  cat "$report" >>"$GITHUB_STEP_SUMMARY"
fi
