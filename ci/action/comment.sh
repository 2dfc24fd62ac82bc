#!/usr/bin/env bash
# Posts the gate's Markdown as one comment on the pull request: the first
# push creates it, later pushes edit the same comment in place, found again
# by the marker on its first line. Nothing is posted for a nightly run, or
# when the gate wrote no gate.md (it stopped before deciding anything).
#
#   COMMAND=pr OUT=out/fpbench PR=123 REPO=owner/name GH_TOKEN=... bash ci/action/comment.sh
#
# Needs the GitHub CLI (gh) and a token that may write to pull requests
# (permissions: pull-requests: write; a pull request from a fork gets a
# read-only token, so set the action's comment: false there).
set -euo pipefail
marker='<!-- fpbench-gate -->'
# GitHub refuses a comment longer than 65536 characters.
max_bytes=${MAX_COMMENT_BYTES:-65000}
out=${OUT:-out/fpbench}
gate_md=$out/gate.md

[ "${COMMAND:-}" = pr ] || exit 0
if [ ! -f "$gate_md" ]; then
  echo "comment: no $gate_md, so no comment" >&2
  exit 0
fi
if [ -z "${PR:-}" ]; then
  echo "comment: not a pull request event, so no comment" >&2
  exit 0
fi
: "${REPO:?REPO is the repository, owner/name}"
command -v gh >/dev/null || { echo "::error title=fpbench::the comment needs the GitHub CLI (gh)" >&2; exit 1; }
export GH_REPO=$REPO

body=$(mktemp)
trap 'rm -f "$body"' EXIT
{
  echo "$marker"
  # Whole lines, so that a cut never splits a character.
  awk -v max="$max_bytes" -v note="*The report is cut here; the whole of it is gate.md in the run's artifact.*" '
    { size += length($0) + 1 }
    size > max { print ""; print note; exit }
    { print }' "$gate_md"
} >"$body"

# Every page: the comment may be far down a long discussion.
ids=$(gh api --paginate "repos/$REPO/issues/$PR/comments" \
  --jq ".[] | select(.body | startswith(\"$marker\")) | .id")
id=$(head -n 1 <<<"$ids")
if [ -n "$id" ]; then
  gh api -X PATCH "repos/$REPO/issues/comments/$id" -F "body=@$body" >/dev/null
  echo "comment: edited comment $id on #$PR" >&2
else
  gh pr comment "$PR" --body-file "$body"
fi
