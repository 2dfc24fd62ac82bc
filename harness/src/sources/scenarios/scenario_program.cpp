#include "fpbench/harness/scenario_program.hpp"

#include <optional>
#include <sstream>
#include <string_view>

#include "fpbench/base/try.hpp"

namespace fpbench::harness {
namespace {

// "WHAT: exit status 3" and the end of the child's stderr.
Error failed(const std::string& what, const ProcessResult& p) {
  return benchmark_error(what + ": " + p.failure_text());
}

}  // namespace

ScenarioProgram::ScenarioProgram(
    std::string path, std::optional<std::string> impl,
    std::vector<std::string> sets,
    std::optional<std::chrono::milliseconds> query_timeout)
    : path_(std::move(path)),
      impl_(std::move(impl)),
      sets_(std::move(sets)),
      query_timeout_(query_timeout) {}

std::vector<std::string> ScenarioProgram::base_argv() const {
  std::vector<std::string> argv{path_};
  if (impl_) argv.push_back("--impl=" + *impl_);
  for (const std::string& s : sets_) argv.push_back("--set=" + s);
  return argv;
}

Result<std::vector<std::string>> ScenarioProgram::list_configs() const {
  std::vector<std::string> argv = base_argv();
  argv.emplace_back("--list-configs");
  FPBENCH_ASSIGN_OR_RETURN(const auto p, run_process(argv, query_options()));
  if (!p.ok()) return failed(path_ + " --list-configs", p);
  std::vector<std::string> names;
  std::istringstream lines(p.out);
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty()) names.push_back(line);
  }
  return names;
}

Result<std::optional<std::vector<params::ScenarioParameters>>>
ScenarioProgram::list_parameters() const {
  FPBENCH_ASSIGN_OR_RETURN(
      const auto p, run_process({path_, "--list-parameters"}, query_options()));
  // A build that does not know the option exits with an error; one that
  // never answers is broken, not old.
  if (p.timed_out) return failed(path_ + " --list-parameters", p);
  if (!p.ok()) return std::optional<std::vector<params::ScenarioParameters>>();
  auto described = params::parse_parameter_lines(p.out);
  if (!described) {
    return benchmark_error(path_ +
                           " --list-parameters: " + described.error().message);
  }
  return std::optional(std::move(*described));
}

Result<void> ScenarioProgram::check_release_build() const {
  FPBENCH_ASSIGN_OR_RETURN(
      const auto p, run_process({path_, "--build-info"}, query_options()));
  if (!p.ok()) return failed(path_ + " --build-info", p);
  const std::string& info = p.out;
  std::string why;
  if (info.find("optimized=yes") == std::string::npos)
    why = "it is not optimized";
  if (info.find("sanitized=yes") != std::string::npos)
    why = "it is built with sanitizers";
  if (info.find("assertions=yes") != std::string::npos && why.empty()) {
    why = "it is built with assertions (no NDEBUG)";
  }
  if (why.empty()) return {};
  return usage_error("refusing to time " + path_ + ": " + why +
                     "; build it with -DCMAKE_BUILD_TYPE=Release");
}

std::vector<std::string> ScenarioProgram::argv_for(
    const std::vector<std::string>& benchmarks) const {
  std::vector<std::string> argv = base_argv();
  std::string filter;
  for (const std::string& b : benchmarks) {
    filter += (filter.empty() ? "" : "|") + exact_filter(b);
  }
  argv.push_back("--benchmark_filter=" + filter);
  argv.emplace_back("--benchmark_format=json");
  return argv;
}

std::string exact_filter(const std::string& benchmark) {
  constexpr std::string_view kSpecial = "\\^$.|?*+()[]{}";
  std::string out = "^";
  for (char c : benchmark) {
    if (kSpecial.find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out + "(/iterations:[0-9]+)?(/real_time)?$";
}

}  // namespace fpbench::harness
