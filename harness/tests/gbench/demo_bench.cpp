// A Google Benchmark program of the kind teams bring to fpbench, built twice
// for the tests: FPBENCH_DEMO_NEW=0 is the old side, 1 the new side, where
// BM_work does 5% more work, BM_syscall makes one more system call per
// iteration and BM_alloc allocates once more per iteration; BM_same is the
// same in both. FPBENCH_DEMO_FAIL=error|crash in the environment makes
// BM_fails call SkipWithError or abort.

#include <benchmark/benchmark.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>

#ifndef FPBENCH_DEMO_NEW
#define FPBENCH_DEMO_NEW 0
#endif

namespace {

std::uint64_t mix(std::int64_t rounds) {
  std::uint64_t x = 88172645463325252ULL;
  for (std::int64_t i = 0; i < rounds; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    benchmark::DoNotOptimize(x);
  }
  return x;
}

void BM_work(benchmark::State& state) {
  const std::int64_t rounds =
      state.range(0) + (FPBENCH_DEMO_NEW ? state.range(0) / 20 : 0);
  for (auto _ : state) benchmark::DoNotOptimize(mix(rounds));
}
BENCHMARK(BM_work)->Arg(2000);

void BM_same(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(mix(state.range(0)));
}
BENCHMARK(BM_same)->Arg(2000);

void BM_syscall(benchmark::State& state) {
  for (auto _ : state) {
    benchmark::DoNotOptimize(::syscall(SYS_getppid));
    if (FPBENCH_DEMO_NEW) benchmark::DoNotOptimize(::syscall(SYS_getppid));
    benchmark::DoNotOptimize(mix(20));
  }
}
BENCHMARK(BM_syscall);

void BM_alloc(benchmark::State& state) {
  for (auto _ : state) {
    auto a = std::make_unique<char[]>(64);
    benchmark::DoNotOptimize(a.get());
    if (FPBENCH_DEMO_NEW) {
      auto b = std::make_unique<char[]>(64);
      benchmark::DoNotOptimize(b.get());
    }
    benchmark::DoNotOptimize(mix(20));
  }
}
BENCHMARK(BM_alloc);

// What a paused timer hides is not counted either: the allocation and the
// system call here happen only while the timer is paused.
void BM_paused(benchmark::State& state) {
  for (auto _ : state) {
    state.PauseTiming();
    auto hidden = std::make_unique<char[]>(4096);
    benchmark::DoNotOptimize(::syscall(SYS_getppid));
    benchmark::DoNotOptimize(hidden.get());
    state.ResumeTiming();
    benchmark::DoNotOptimize(mix(500));
  }
}
BENCHMARK(BM_paused);

void BM_fails(benchmark::State& state) {
  const char* fail = std::getenv("FPBENCH_DEMO_FAIL");
  if (fail != nullptr && std::strcmp(fail, "error") == 0) {
    state.SkipWithError("the fixture is broken");
  }
  if (fail != nullptr && std::strcmp(fail, "crash") == 0) std::abort();
  for (auto _ : state) benchmark::DoNotOptimize(mix(100));
}
BENCHMARK(BM_fails);

}  // namespace

BENCHMARK_MAIN();
