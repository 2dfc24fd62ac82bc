// fpbench-scenarios: the program that is measured. It registers every
// scenario configuration as a Google Benchmark and runs them with one
// implementation:
//
//   fpbench-scenarios --impl=fast --benchmark_filter='^fs/read-file-sync '
//   fpbench-scenarios --list                 # scenarios and their grids
//   FPBENCH_IMPL=baseline fpbench-scenarios  # the same choice by environment
//
// Google Benchmark's own flags (--benchmark_format=json, ...) pass through.

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "fpbench/core/implementation.hpp"
#include "fpbench/scenarios/registry.hpp"

namespace {

using fpbench::core::Implementation;

void list_scenarios() {
  for (const auto& s : fpbench::scenarios::all_scenarios()) {
    std::printf("%s\n", s.name.c_str());
    for (const auto& [key, values] : s.grid.keys()) {
      std::printf("  %s:", key.c_str());
      for (const auto& v : values) {
        std::printf(" %s", fpbench::scenarios::format_value(v).c_str());
      }
      std::printf("\n");
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::string impl_name = "fast";
  if (const char* env = std::getenv("FPBENCH_IMPL"); env != nullptr && *env != '\0') {
    impl_name = env;
  }
  std::vector<char*> passed{argv[0]};
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--list") {
      list_scenarios();
      return 0;
    }
    if (arg.rfind("--impl=", 0) == 0) {
      impl_name = std::string(arg.substr(7));
    } else {
      passed.push_back(argv[i]);
    }
  }
  const auto impl = fpbench::core::parse_implementation(impl_name);
  if (!impl) {
    std::fprintf(stderr,
                 "fpbench-scenarios: error: unknown implementation '%s': expected "
                 "baseline, fast or floor\n",
                 impl_name.c_str());
    return 2;
  }

  for (const auto& s : fpbench::scenarios::all_scenarios()) {
    for (const auto& config : s.grid.expand()) {
      const std::string name = s.name + " " + config.to_string();
      benchmark::RegisterBenchmark(
          name.c_str(),
          [body = s.body, config, which = *impl](benchmark::State& state) {
            body(state, config, which);
          })
          ->UseRealTime();
    }
  }
  int benchmark_argc = static_cast<int>(passed.size());
  benchmark::Initialize(&benchmark_argc, passed.data());
  if (benchmark::ReportUnrecognizedArguments(benchmark_argc, passed.data())) return 2;
  benchmark::AddCustomContext("fpbench_impl", std::string(fpbench::core::implementation_name(*impl)));
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return fpbench::scenarios::any_failed() ? 3 : 0;
}
