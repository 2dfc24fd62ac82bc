#!/usr/bin/env bash
# Builds the libFuzzer target of --date's parser (ci/fuzz/iso_date_fuzz.cpp:
# normalize_iso8601 against civil-calendar arithmetic, round trips and sort
# order) with clang, AddressSanitizer and UBSan, and runs it for SECONDS
# (default 600) at low priority. Seeds are ci/fuzz/iso_date_corpus; what the
# run finds goes to a scratch copy, crashes to BUILD_DIR/iso-date-crash-*.
# Exits non-zero on a crash or a broken property.
#
#   bash ci/fuzz-date.sh [SECONDS] [BUILD_DIR]      # BUILD_DIR: build-fuzz
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
build_dir=${2:-build-fuzz}

command -v clang++ >/dev/null ||
  { echo "ci/fuzz-date.sh: clang++ is missing (apt-get install -y clang)" >&2; exit 3; }
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  -DFPBENCH_FUZZ=ON -DFPBENCH_BUILD_TESTS=OFF "${launcher[@]}" >/dev/null
nice cmake --build "$build_dir" --target fpbench_iso_date_fuzz -j "$(nproc)"

corpus=$(mktemp -d "${TMPDIR:-/tmp}/fpbench-iso-date-corpus.XXXXXX")
trap 'rm -rf "$corpus"' EXIT
cp ci/fuzz/iso_date_corpus/* "$corpus"/
nice "$build_dir/ci/fpbench_iso_date_fuzz" -max_total_time="$seconds" -print_final_stats=1 \
  -artifact_prefix="$build_dir/iso-date-crash-" "$corpus"
