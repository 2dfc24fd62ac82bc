#!/usr/bin/env bash
# Generates a git repository of a small C++ program measured by a Google
# Benchmark binary (build/bench, benchmark BM_work), with planted changes,
# for trying `fpbench bisect` where the answer is known.
#
#   make_synthetic_repo.sh DIR [--commits 64] [--plant KIND@POS]...
#                              [--broken PCT] [--seed S]
#
# KIND is what the commit at position POS (1 = the first after the root
# commit, which is position 0) changes per operation of BM_work:
#   instructions   3% more loop work (about 3% more instructions)
#   instructions-  3% less loop work
#   wall           5% more loop work (a 5% wall-time slowdown)
#   syscalls       one more system call (getppid)
#   allocs         one more allocation (malloc and free of 64 bytes)
# Every other commit changes a constant off the measured path. --broken PCT
# makes that share of the other commits fail to compile (an #error the next
# commit removes); planted commits and both ends always build.
# Prints "POS SHA KIND" for each planted commit, then "root SHA" and
# "head SHA". Build each commit with:
#   g++ -O2 -o build/bench bench.cpp work.cpp -lbenchmark -lpthread
set -euo pipefail

usage() { echo "usage: $0 DIR [--commits N] [--plant KIND@POS]... [--broken PCT] [--seed S]" >&2; exit 2; }
[ $# -ge 1 ] || usage
dir=$1; shift
commits=64
broken_pct=0
seed=1
plants=()
while [ $# -gt 0 ]; do
  case "$1" in
    --commits) commits=$2; shift 2 ;;
    --plant) plants+=("$2"); shift 2 ;;
    --broken) broken_pct=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    *) usage ;;
  esac
done

rm -rf "$dir"
mkdir -p "$dir"
cd "$dir"
git init -q -b main
git config user.name "Synthetic Author"
git config user.email "synthetic@example.com"

cat > bench.cpp <<'EOF'
#include <benchmark/benchmark.h>

#include <cstdint>

#include "work.hpp"

static void BM_work(benchmark::State& state) {
  std::uint64_t x = 1;
  for (auto _ : state) {
    x = work(x);
    benchmark::DoNotOptimize(x);
  }
}
BENCHMARK(BM_work);
BENCHMARK_MAIN();
EOF

cat > work.hpp <<'EOF'
#pragma once
#include <cstdint>
std::uint64_t work(std::uint64_t x);
int revision();
EOF

cat > work.cpp <<'EOF'
#include "work.hpp"

#include <sys/syscall.h>
#include <unistd.h>

#include <cstdlib>

#include "params.hpp"

std::uint64_t work(std::uint64_t x) {
  for (int i = 0; i < kLoop; ++i) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    x ^= x >> 29;
  }
  for (int i = 0; i < kExtraSyscalls; ++i) x += syscall(SYS_getppid) & 1;
  for (int i = 0; i < kExtraAllocs; ++i) {
    void* volatile p = std::malloc(64);
    std::free(p);
  }
  return x;
}

// Off the measured path: what every unplanted commit changes.
int revision() { return kRevision; }
EOF

loop=1000
syscalls=0
allocs=0
write_params() {
  cat > params.hpp <<EOF
#pragma once
constexpr int kLoop = $loop;
constexpr int kExtraSyscalls = $syscalls;
constexpr int kExtraAllocs = $allocs;
constexpr int kRevision = $1;
EOF
}

planted_kind() {
  local p
  for p in "${plants[@]}"; do
    if [ "${p#*@}" = "$1" ]; then echo "${p%@*}"; return; fi
  done
}

write_params 0
git add -A
git commit -q -m "synthetic: the program and its benchmark"
echo "root $(git rev-parse HEAD)"

RANDOM=$seed
for ((pos = 1; pos < commits; pos++)); do
  kind=$(planted_kind "$pos")
  case "$kind" in
    "") subject="revision $pos: change a constant off the measured path" ;;
    instructions) loop=$((loop * 103 / 100)); subject="revision $pos: 3% more loop work" ;;
    instructions-) loop=$((loop * 97 / 100)); subject="revision $pos: 3% less loop work" ;;
    wall) loop=$((loop * 105 / 100)); subject="revision $pos: 5% more loop work" ;;
    syscalls) syscalls=$((syscalls + 1)); subject="revision $pos: one more system call" ;;
    allocs) allocs=$((allocs + 1)); subject="revision $pos: one more allocation" ;;
    *) echo "$0: unknown kind '$kind'" >&2; exit 2 ;;
  esac
  write_params "$pos"
  if [ -z "$kind" ] && [ "$pos" -lt $((commits - 1)) ] &&
     [ $((RANDOM % 100)) -lt "$broken_pct" ]; then
    echo '#error "this revision does not build"' >> params.hpp
    subject="$subject (does not build)"
  fi
  git add -A
  git commit -q -m "$subject"
  [ -z "$kind" ] || echo "$pos $(git rev-parse HEAD) $kind"
done
echo "head $(git rev-parse HEAD)"
