#pragma once

// A build of fpbench-scenarios driven one sample at a time: each sample is a
// fresh process running one configuration with one implementation, which
// times its own loop (Google Benchmark) and reports operations per second.

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "fpbench/base/parameters.hpp"
#include "fpbench/base/process.hpp"
#include "fpbench/base/result.hpp"

namespace fpbench::harness {

class ScenarioProgram {
 public:
  // impl: --impl for the program, or none to use its default; sets: Node
  // --set style key=value overrides passed to every invocation;
  // query_timeout: how long --list-configs, --list-parameters and
  // --build-info may take.
  ScenarioProgram(
      std::string path, std::optional<std::string> impl,
      std::vector<std::string> sets,
      std::optional<std::chrono::milliseconds> query_timeout = std::nullopt);

  [[nodiscard]] const std::string& path() const { return path_; }
  [[nodiscard]] const std::optional<std::string>& impl() const { return impl_; }

  // Every benchmark name, "category/name key=value ...", in grid order.
  [[nodiscard]] Result<std::vector<std::string>> list_configs() const;

  // What each scenario's keys take (--list-parameters), or nothing from a
  // build that cannot say (one older than --list-parameters).
  [[nodiscard]] Result<std::optional<std::vector<params::ScenarioParameters>>>
  list_parameters() const;

  // Refuses a build whose timings would mislead: unoptimized, sanitized or
  // with assertions on.
  [[nodiscard]] Result<void> check_release_build() const;

  // The command line that runs exactly these benchmarks and prints Google
  // Benchmark's JSON; callers add how it measures.
  [[nodiscard]] std::vector<std::string> argv_for(
      const std::vector<std::string>& benchmarks) const;

  // How the program's own queries are run.
  [[nodiscard]] ProcessOptions query_options() const {
    ProcessOptions o;
    o.timeout = query_timeout_;
    return o;
  }

 private:
  [[nodiscard]] std::vector<std::string> base_argv() const;

  std::string path_;
  std::optional<std::string> impl_;
  std::vector<std::string> sets_;
  std::optional<std::chrono::milliseconds> query_timeout_;
};

// An anchored regex that matches exactly this benchmark name (Google
// Benchmark may append "/iterations:N" and "/real_time").
std::string exact_filter(const std::string& benchmark);

}  // namespace fpbench::harness
