#!/usr/bin/env bash
# What fpbench run --node and Node's compare.js cost beyond the scripts' own
# work: both run harness/bench/node/empty-section.js (ten configurations with
# next to no timed section) through node_vs_compare_js.sh, from a scratch
# benchmark folder holding a copy of the checkout's compare.js, common.js
# and their helpers (the checkout itself is not written to).
#
#   harness/bench/node_overhead.sh NODE_CHECKOUT [BUILD_DIR] [RUNS] [ROUNDS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
checkout=$(cd "${1:?usage: $0 NODE_CHECKOUT [BUILD_DIR] [RUNS] [ROUNDS]}" && pwd)
build_dir=$(cd "${2:-build}" && pwd)
runs=${3:-10}
rounds=${4:-3}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/benchmark/overhead"
cp "$checkout"/benchmark/*.js "$scratch/benchmark/"
cp "$here/node/empty-section.js" "$scratch/benchmark/overhead/"
bash "$here/node_vs_compare_js.sh" "$scratch" "$build_dir" "$runs" "$rounds" -- overhead
