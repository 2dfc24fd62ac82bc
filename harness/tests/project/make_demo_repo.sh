#!/usr/bin/env bash
# Creates the git repository the tests of `fpbench pr` and `fpbench nightly`
# work on: a small C++ project (demo_repo/ beside this script, with its
# fpbench.toml) and a history of N commits, one day apart, with fixed names
# and dates so every sha is the same on every machine.
#
#   make_demo_repo.sh DIR [--commits N]      N >= 8, 22 by default
#
# Two commits are planted regressions, the rest benign (a README line, a
# comment, a renamed local variable: no change to any benchmark's
# instructions or system calls):
#   commit N/3   planted/decode-verifies-checksum.patch: BM_Decode executes
#                more instructions per iteration (a checksum pass over its
#                output), BM_Encode not one more;
#   commit 2N/3  planted/tool-stats-input.patch: build/tool makes exactly one
#                more system call per run (stat of FILE) at every level.
# Prints on stdout, and only there:
#   planted_instructions=SHA
#   planted_syscalls=SHA
#   head=SHA
#   commits=SHA1 SHA2 ... (oldest first)
# Everything else goes to stderr. Needs git >= 2.32, no network.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
me=make_demo_repo.sh

# usage [STATUS]: 2, a usage error, unless --help asked (0).
usage() {
  echo "usage: $me DIR [--commits N]   (N >= 8, default 22)" >&2
  exit "${1:-2}"
}
die() {
  echo "$me: $*" >&2
  exit 1
}

dir=
commits=22
while [ $# -gt 0 ]; do
  case $1 in
    --commits)
      [ $# -ge 2 ] || usage
      commits=$2
      shift 2 ;;
    --commits=*)
      commits=${1#--commits=}
      shift ;;
    -h | --help) usage 0 ;;
    -*) usage ;;
    *)
      [ -z "$dir" ] || usage
      dir=$1
      shift ;;
  esac
done
[ -n "$dir" ] || usage
if ! [[ $commits =~ ^[0-9]{1,6}$ ]] || [ "$((10#$commits))" -lt 8 ]; then
  die "--commits wants a whole number of at least 8, not '$commits'"
fi
commits=$((10#$commits))
if [ -e "$dir" ]; then
  [ -d "$dir" ] || die "$dir exists and is not a folder"
  [ -z "$(ls -A "$dir")" ] || die "$dir exists and is not empty"
fi

# The same commits whatever the caller's git configuration and environment:
# no system or global config is read (none is written), fixed identities.
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_OBJECT_DIRECTORY \
  GIT_ALTERNATE_OBJECT_DIRECTORIES GIT_NAMESPACE GIT_CONFIG \
  GIT_CONFIG_PARAMETERS GIT_CONFIG_COUNT
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
export GIT_AUTHOR_NAME="Demo Developer" GIT_AUTHOR_EMAIL=demo@example.com
export GIT_COMMITTER_NAME="Demo Developer" GIT_COMMITTER_EMAIL=demo@example.com
readonly first_day=1767268800 # 2026-01-01 12:00:00 UTC

repo() { git -C "$dir" "$@"; }

# commit INDEX SUBJECT BODY: commits everything, dated INDEX days after the
# first, and appends its sha to shas.
shas=()
commit() {
  local when=$((first_day + $1 * 86400))
  repo add -A
  GIT_AUTHOR_DATE="$when +0000" GIT_COMMITTER_DATE="$when +0000" \
    repo commit -q -m "$2" -m "$3"
  shas+=("$(repo rev-parse HEAD)")
  echo "$me: $1 ${shas[-1]:0:12} $2" >&2
}

# About 200 KB of text from a fixed-seed LCG: words, indentation and ruled
# lines, so that both delta and run-length coding find something to do.
write_big_text() {
  local words=(the codec run length delta byte buffer level encode decode
    value count header checksum input output pass stream block table fast
    slow small large zero one two many repeat window match literal)
  local state=20260101 line n text lines=()
  for ((line = 0; line < 3200; ++line)); do
    state=$(((state * 1103515245 + 12345) & 0x7fffffff))
    if ((line % 25 == 0)); then
      printf -v text '%*s' $((40 + state % 30)) ''
      lines+=("${text// /-}")
      continue
    fi
    printf -v text '%*s' $((state % 4 * 2)) ''
    for ((n = 8 + state % 6; n > 0; --n)); do
      state=$(((state * 1103515245 + 12345) & 0x7fffffff))
      text+="${words[state % ${#words[@]}]} "
    done
    lines+=("${text% }.")
  done
  printf '%s\n' "${lines[@]}" >"$1"
}

readme_notes=(
  "Level 1 suits data with long runs; higher levels suit smooth ramps."
  "A run never exceeds 255 bytes, so one count byte is enough."
  "testdata/big.txt is generated text; its exact bytes do not matter."
  "The benchmarks measure level 2 on runs of 1 to 8 equal bytes."
  "decode() returns nullopt for any buffer encode() cannot have written."
)
comment_notes=(
  "Each delta pass turns a run of equal bytes into one value and zeros."
  "The output is at most twice the input plus the header."
  "Levels above 2 rarely pay off on text."
  "Byte arithmetic wraps modulo 256, on purpose."
)
comment_files=(codec/src/encode.cpp bench/codec_bench.cpp tool/tool.cpp
  codec/src/checksum.cpp)
run_names=(run run_length repeat length)

# benign INDEX ORDINAL: the ORDINAL-th benign change, committed as INDEX.
benign() {
  local i=$1 k=$2 file note
  case $((k % 3)) in
    0)
      note=${readme_notes[k / 3 % ${#readme_notes[@]}]}
      echo "- $note" >>"$dir/README.md"
      commit "$i" "README: add note $((k / 3 + 1))" \
        "Documentation only; no source changes." ;;
    1)
      file=${comment_files[k / 3 % ${#comment_files[@]}]}
      note=${comment_notes[k / 3 % ${#comment_notes[@]}]}
      printf '\n// %s\n' "$note" >>"$dir/$file"
      commit "$i" "Add a comment to ${file##*/}" \
        "A comment only: the generated code is the same." ;;
    2)
      local from=${run_names[k / 3 % ${#run_names[@]}]}
      local to=${run_names[(k / 3 + 1) % ${#run_names[@]}]}
      # Code lines only: the comments say "run" in prose.
      sed -i "/^ *\\/\\//! s/\\<$from\\>/$to/g" "$dir/codec/src/encode.cpp"
      commit "$i" "encode: rename local '$from' to '$to'" \
        "A name only: the generated code is the same." ;;
  esac
}

mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
git init -q -b main "$dir"
cp -R "$here/demo_repo/." "$dir/"
mv "$dir/gitignore" "$dir/.gitignore"
mkdir -p "$dir/testdata"
write_big_text "$dir/testdata/big.txt"
commit 0 "Add the codec library, its benchmark and tool" \
  "A delta + run-length codec with a Google Benchmark program and a
command-line tool, measured as fpbench.toml says."

planted_instructions=$((commits / 3))
planted_syscalls=$((2 * commits / 3))
ordinal=0
for ((i = 1; i < commits; ++i)); do
  if ((i == planted_instructions)); then
    repo apply "$here/planted/decode-verifies-checksum.patch"
    commit "$i" "decode: verify the checksum of the output" \
      "Well-formed run-length pairs can still decode to the wrong bytes; the
header's checksum catches that, at the cost of one more pass."
  elif ((i == planted_syscalls)); then
    repo apply "$here/planted/tool-stats-input.patch"
    commit "$i" "tool: refuse a FILE that is not a regular file" \
      "A directory read as empty and a FIFO blocked; stat it first."
  else
    benign "$i" "$ordinal"
    ordinal=$((ordinal + 1))
  fi
done

echo "planted_instructions=${shas[planted_instructions]}"
echo "planted_syscalls=${shas[planted_syscalls]}"
echo "head=${shas[-1]}"
echo "commits=${shas[*]}"
