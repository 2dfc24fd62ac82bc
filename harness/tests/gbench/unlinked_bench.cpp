// A program that speaks Google Benchmark's command line and JSON output
// without linking libbenchmark, as a binary with libbenchmark linked in
// statically looks to fpbench: its timed loop cannot be reached from
// outside, so its counts are the whole process's. BM_unlinked makes 1000
// getppid calls in its loop (2000 with FPBENCH_DEMO_NEW=1) and one
// allocation each.

#include <sys/syscall.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#ifndef FPBENCH_DEMO_NEW
#define FPBENCH_DEMO_NEW 0
#endif

namespace {

constexpr long kIterations = 1000;

void run_loop() {
  for (long i = 0; i < kIterations; ++i) {
    for (int k = 0; k < 1 + FPBENCH_DEMO_NEW; ++k) ::syscall(SYS_getppid);
    void* volatile p = std::malloc(64);
    std::free(p);
  }
}

}  // namespace

int main(int argc, char** argv) {
  bool json = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--benchmark_list_tests") {
      std::puts("BM_unlinked");
      return 0;
    }
    if (arg == "--benchmark_format=json") {
      json = true;
    } else if (arg.rfind("--benchmark_filter=", 0) != 0 &&
               arg.rfind("--benchmark_min_time=", 0) != 0) {
      std::fprintf(stderr, "%s: error: unrecognized command-line flag: %s\n",
                   argv[0], argv[i]);
      return 1;
    }
  }
  const auto start = std::chrono::steady_clock::now();
  run_loop();
  const double ns = std::chrono::duration<double, std::nano>(
                        std::chrono::steady_clock::now() - start)
                        .count() /
                    kIterations;
  if (!json) {
    std::printf("BM_unlinked %.1f ns %ld\n", ns, kIterations);
    return 0;
  }
  std::printf(
      "{\"context\": {\"library_build_type\": \"release\"},\n"
      " \"benchmarks\": [{\"name\": \"BM_unlinked\", \"run_name\": "
      "\"BM_unlinked\", \"run_type\": \"iteration\", \"repetitions\": 1, "
      "\"repetition_index\": 0, \"threads\": 1, \"iterations\": %ld, "
      "\"real_time\": %.3f, \"cpu_time\": %.3f, \"time_unit\": \"ns\"}]}\n",
      kIterations, ns, ns);
  return 0;
}
