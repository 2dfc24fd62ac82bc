#!/usr/bin/env bash
# Builds one libFuzzer target with clang (-DFPBENCH_FUZZ=ON: ASan and UBSan
# too) and runs it, from its seed corpus, for SECONDS, or for FUZZ_RUNS
# inputs when that is set (the ctest smoke). New inputs go to a corpus in the
# build folder, never to the seeds in the tree; a crash is saved there too,
# named by the last lines of the output, and the script fails.
#
#   bash ci/fuzz.sh TARGET [SECONDS]        # SECONDS defaults to 60
#   bash ci/fuzz.sh --list                  # the targets
#   FUZZ_RUNS=2000 bash ci/fuzz.sh set_parser
#
# Environment: FUZZ_BUILD_DIR (build-fuzz), FUZZ_CXX (clang++), FUZZ_ARGS
# (more libFuzzer flags, e.g. -jobs=2). Without clang it exits 77, which
# ctest counts as a skip, or 1 under CI (CI set to anything but "", 0 or
# false), where a skip would hide that the target no longer builds.
set -euo pipefail
cd "$(dirname "$0")/.."

# NAME  FOLDER (its CMakeLists.txt)  SEED CORPUS FOLDERS...
# The CMake target is fpbench_NAME_fuzz, built in FOLDER of the build tree.
targets=(
  "set_parser base base/fuzz/set_parser_corpus"
  "transcode core"
  "base64_decode core"
  "base64_encode core"
  "utf8_from_utf16 core"
  "sample_csv reports reports/fuzz/corpus reports/tests/data/compare-r"
  "gbench_json reports reports/tests/data/gbench reports/tests/data/hyperfine"
  "iso_date history history/fuzz/iso_date_corpus"
)

usage() {
  echo "usage: ci/fuzz.sh TARGET [SECONDS]   (TARGET: ${targets[*]%% *})" >&2
  exit 2
}
[ $# -ge 1 ] || usage
if [ "$1" = --list ]; then
  for t in "${targets[@]}"; do echo "${t%% *}"; done
  exit 0
fi
name=$1
seconds=${2:-60}
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || usage
line=""
for t in "${targets[@]}"; do
  if [ "${t%% *}" = "$name" ]; then line=$t; fi
done
[ -n "$line" ] || usage
read -r _ folder seeds <<<"$line"

cxx=${FUZZ_CXX:-clang++}
if ! command -v "$cxx" >/dev/null; then
  case "${CI:-}" in
    "" | 0 | false)
      echo "ci/fuzz.sh: $cxx not found; skipped (ci/install-deps.sh installs clang)" >&2
      exit 77 ;;
    *)
      echo "ci/fuzz.sh: ERROR: $cxx not found and CI is set" >&2
      exit 1 ;;
  esac
fi

build=${FUZZ_BUILD_DIR:-build-fuzz}
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER="$cxx" \
    -DFPBENCH_FUZZ=ON -DFPBENCH_BUILD_TESTS=OFF "${launcher[@]}" >/dev/null
fi
cmake --build "$build" --target "fpbench_${name}_fuzz" -j "$(nproc)" >/dev/null

corpus="$build/fuzz-corpus/$name"
artifacts="$build/fuzz-artifacts/$name"
mkdir -p "$corpus" "$artifacts"
limit=(-max_total_time="$seconds")
[ -n "${FUZZ_RUNS:-}" ] && limit=(-runs="$FUZZ_RUNS")
# shellcheck disable=SC2086  # seeds and FUZZ_ARGS are word lists
exec "$build/$folder/fpbench_${name}_fuzz" "${limit[@]}" -print_final_stats=1 \
  -artifact_prefix="$artifacts/" ${FUZZ_ARGS:-} "$corpus" $seeds
