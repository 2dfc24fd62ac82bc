// fpbench-scenarios: the program that is measured. It registers every
// scenario configuration as a Google Benchmark and runs them with one
// implementation:
//
//   fpbench-scenarios --impl=fast --benchmark_filter='^fs/read-file-sync '
//   fpbench-scenarios --list             # scenarios and their grids
//   fpbench-scenarios --list-configs     # one benchmark name per line
//   fpbench-scenarios --list-parameters  # what each key takes, tab-separated
//                                        # (fpbench/base/parameters.hpp)
//   fpbench-scenarios --set=length=4096  # replace a key's values (--set)
//   fpbench-scenarios --build-info       # how it was built, key=value lines
//   fpbench-scenarios --counters=syscalls,instructions,cpu,faults,allocs
//       --iterations=20                  # count around the timed loop
//                                        # (fpbench/scenarios/counters.hpp)
//   fpbench-scenarios --counters=syscalls --check-counters
//                                        # exit 3, saying why, if one cannot
//                                        # be read; else the tracepoints
//   FPBENCH_IMPL=baseline fpbench-scenarios  # the same choice by environment
//
// Google Benchmark's own flags (--benchmark_format=json, ...) pass through.

#include <malloc.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "build_info.hpp"
#include "fpbench/base/parameters.hpp"
#include "fpbench/base/try.hpp"
#include "fpbench/core/implementation.hpp"
#include "fpbench/core/transcode.hpp"
#include "fpbench/scenarios/counters.hpp"
#include "fpbench/scenarios/registry.hpp"

namespace {

using fpbench::core::Implementation;

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
    __has_feature(memory_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

#ifdef __OPTIMIZE__
constexpr bool kOptimized = true;
#else
constexpr bool kOptimized = false;
#endif

// Timings from an unoptimized or sanitized build say nothing about the code
// users run; the harness asks before it measures, and records the rest beside
// the samples so that a comparison of two builds says what each side was.
void print_build_info() {
  namespace info = fpbench::scenarios::build_info;
  std::printf("optimized=%s\nsanitized=%s\nassertions=%s\n",
              kOptimized ? "yes" : "no", kSanitized ? "yes" : "no",
#ifdef NDEBUG
              "no"
#else
              "yes"
#endif
  );
  std::printf("compiler=%s\nflags=%s\nbuild_type=%s\ncommit=%s\n",
              info::kCompiler, info::kFlags, info::kBuildType, info::kCommit);
}

void list_scenarios() {
  for (const auto& s : fpbench::scenarios::all_scenarios()) {
    std::printf("%s\n", s.name.c_str());
    for (const auto& [parameter, values] : s.grid.keys()) {
      std::printf("  %s:", parameter.key.c_str());
      for (const auto& v : values) {
        std::printf(" %s", fpbench::scenarios::format_value(v).c_str());
      }
      std::printf("  [%s]\n", fpbench::params::describe(parameter).c_str());
    }
  }
}

void list_parameters() {
  std::vector<fpbench::params::ScenarioParameters> all;
  for (const auto& s : fpbench::scenarios::all_scenarios()) {
    all.push_back({s.name, s.grid.parameters()});
  }
  std::fputs(fpbench::params::format_parameter_lines(all).c_str(), stdout);
}

// Like Node's --set, the key's values are replaced in every scenario that
// has it. A scenario that cannot take the value is left out, since it could
// not run; a key no scenario has, or a value none takes, is an error.
fpbench::Result<void> apply_set(
    std::vector<fpbench::scenarios::Scenario>& scenarios,
    std::string_view text) {
  FPBENCH_ASSIGN_OR_RETURN(const auto a,
                           fpbench::params::parse_assignment(text));
  bool taken = false;
  std::optional<fpbench::Error> refused;
  std::erase_if(scenarios, [&](fpbench::scenarios::Scenario& s) {
    if (!s.grid.has(a.key)) return false;
    const auto set = s.grid.set(a.key, a.value);
    if (set) {
      taken = true;
      return false;
    }
    if (!refused)
      refused = fpbench::usage_error(s.name + ": " + set.error().message);
    return true;
  });
  if (taken) return {};
  if (refused) return *refused;
  return fpbench::usage_error("no scenario has a parameter '" + a.key +
                              "' (see --list)");
}

}  // namespace

int main(int argc, char** argv) {
  std::string impl_name = "fast";
  if (const char* env = std::getenv("FPBENCH_IMPL");
      env != nullptr && *env != '\0') {
    impl_name = env;
  }
  std::vector<char*> passed{argv[0]};
  bool list_configs = false;
  bool check_counters = false;
  std::string counters;
  long long iterations = 0;
  auto& scenarios = fpbench::scenarios::all_scenarios();
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--list") {
      list_scenarios();
      return 0;
    }
    if (arg == "--list-parameters") {
      list_parameters();
      return 0;
    }
    if (arg == "--build-info") {
      print_build_info();
      return 0;
    }
    if (arg == "--list-configs") {
      list_configs = true;
    } else if (arg == "--check-counters") {
      check_counters = true;
    } else if (arg.rfind("--counters=", 0) == 0) {
      counters = std::string(arg.substr(11));
    } else if (arg.rfind("--iterations=", 0) == 0) {
      char* end = nullptr;
      iterations = std::strtoll(argv[i] + 13, &end, 10);
      if (end == argv[i] + 13 || *end != '\0' || iterations < 1) {
        std::fprintf(stderr,
                     "fpbench-scenarios: error: --iterations needs a count >= "
                     "1, got '%s'\n",
                     argv[i] + 13);
        return 2;
      }
    } else if (arg.rfind("--impl=", 0) == 0) {
      impl_name = std::string(arg.substr(7));
    } else if (arg.rfind("--set=", 0) == 0) {
      if (const auto set = apply_set(scenarios, arg.substr(6)); !set) {
        std::fprintf(stderr, "fpbench-scenarios: error: --set %s: %s\n",
                     argv[i] + 6, set.error().message.c_str());
        return 2;
      }
    } else {
      passed.push_back(argv[i]);
    }
  }
  if (list_configs) {
    for (const auto& s : scenarios) {
      for (const auto& config : s.grid.expand()) {
        std::printf("%s %s\n", s.name.c_str(), config.to_string().c_str());
      }
    }
    return 0;
  }
  const auto impl = fpbench::core::parse_implementation(impl_name);
  if (!impl) {
    std::fprintf(
        stderr,
        "fpbench-scenarios: error: unknown implementation '%s': expected "
        "baseline, fast or floor\n",
        impl_name.c_str());
    return 2;
  }

  const auto selection = fpbench::scenarios::parse_counter_selection(counters);
  if (!selection) {
    std::fprintf(stderr, "fpbench-scenarios: error: %s\n",
                 selection.error().message.c_str());
    return 2;
  }
  auto& loop_counters = fpbench::scenarios::LoopCounters::instance();
  loop_counters.open(*selection);
  if (selection->syscalls || selection->instructions) {
    // One malloc arena for every thread: a thread pool's threads otherwise
    // each create their own, in whichever thread allocates first, and the
    // calls and instructions that costs vary from process to process.
    ::mallopt(M_ARENA_MAX, 1);
  }
  for (const std::string& why : loop_counters.unavailable()) {
    std::fprintf(stderr, "fpbench-scenarios: note: %s\n", why.c_str());
  }
  if (check_counters) {
    for (const std::string& t : loop_counters.tracepoints())
      std::printf("tracepoint %s\n", t.c_str());
    return loop_counters.unavailable().empty() ? 0 : 3;
  }
  fpbench::scenarios::set_fixed_iterations(iterations);

  for (const auto& s : scenarios) {
    for (const auto& config : s.grid.expand()) {
      const std::string name = s.name + " " + config.to_string();
      auto* registered = benchmark::RegisterBenchmark(
          name.c_str(),
          [body = s.body, config, which = *impl](benchmark::State& state) {
            body(state, config, which);
          });
      registered->UseRealTime();
      if (iterations > 0) registered->Iterations(iterations);
    }
  }
  int benchmark_argc = static_cast<int>(passed.size());
  benchmark::Initialize(&benchmark_argc, passed.data());
  if (benchmark::ReportUnrecognizedArguments(benchmark_argc, passed.data()))
    return 2;
  benchmark::AddCustomContext(
      "fpbench_impl", std::string(fpbench::core::implementation_name(*impl)));
  benchmark::AddCustomContext("fpbench_isa",
                              std::string(fpbench::core::fast::isa()));
  benchmark::AddCustomContext("fpbench_counter_sources",
                              loop_counters.sources());
  std::string unavailable;
  for (const std::string& why : loop_counters.unavailable()) {
    unavailable += (unavailable.empty() ? "" : "; ") + why;
  }
  if (!unavailable.empty())
    benchmark::AddCustomContext("fpbench_counters_unavailable", unavailable);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return fpbench::scenarios::any_failed() ? 3 : 0;
}
