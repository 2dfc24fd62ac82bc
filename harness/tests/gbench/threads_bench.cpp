// A Google Benchmark program whose benchmark runs its timed loop on two
// threads, where counts around one loop are not counts per iteration.

#include <benchmark/benchmark.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace {

void BM_two_threads(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(::syscall(SYS_getppid));
}
BENCHMARK(BM_two_threads)->Threads(2);

}  // namespace

BENCHMARK_MAIN();
