#include "run/run_checks.hpp"

#include <fmt/format.h>
#include <sched.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "fpbench/base/cpu_list.hpp"
#include "fpbench/base/try.hpp"
#include "fpbench/harness/sample_writer.hpp"
#include "fpbench/harness/source_type.hpp"
#include "fpbench/reports/metric_samples.hpp"

namespace fpbench::harness::detail {

std::string samples_path(const RunOptions& o) {
  return o.resume.value_or(o.output.value_or("-"));
}

namespace {

// That --resume and -o agree and --json is somewhere else.
Result<void> check_output_paths(const RunOptions& o) {
  if (o.resume && o.output && !same_output_file(*o.output, *o.resume)) {
    return usage_error(
        fmt::format("--resume {} appends to that file: -o/--output '{}' names "
                    "another; drop -o",
                    *o.resume, *o.output));
  }
  if (o.json && same_output_file(*o.json, samples_path(o))) {
    return usage_error(
        fmt::format("--json '{}' is the samples file itself; writing it would "
                    "replace the samples: "
                    "give --json another path",
                    *o.json));
  }
  return {};
}

}  // namespace

Result<void> check_options(const RunOptions& o) {
  if (o.runs < 1) return usage_error("--runs must be at least 1");
  if (o.max_runs < 1) return usage_error("--max-runs must be at least 1");
  if ((o.target_accuracy_pct > 0 || o.wall_needs_more) && o.max_runs < o.runs) {
    return usage_error(fmt::format(
        "--max-runs ({}) must be at least --runs ({})", o.max_runs, o.runs));
  }
  if (o.counter_runs < 1)
    return usage_error("--counter-runs must be at least 1");
  if (o.counter_iterations && *o.counter_iterations < 1)
    return usage_error("--counter-iterations must be at least 1");
  if (o.jobs && *o.jobs < 1) return usage_error("--jobs must be at least 1");
  if (o.warmup < 0) return usage_error("--warmup must be 0 or more");
  if (!(o.min_time_s > 0) || !std::isfinite(o.min_time_s)) {
    return usage_error(
        "--min-time must be a finite number of seconds greater than 0");
  }
  if (o.sample_timeout_s &&
      !(*o.sample_timeout_s > 0 && std::isfinite(*o.sample_timeout_s) &&
        *o.sample_timeout_s <= 1e6)) {
    return usage_error("--sample-timeout must be a positive number of seconds");
  }
  FPBENCH_TRY(check_output_paths(o));
  if (o.metrics.empty()) return usage_error("--metric names no metric");
  for (const std::string& m : o.metrics) {
    const auto& known = reports::known_metrics();
    if (std::find(known.begin(), known.end(), m) == known.end()) {
      std::string names;
      for (std::string_view k : known)
        names += (names.empty() ? "" : ", ") + std::string(k);
      return usage_error(
          fmt::format("unknown metric '{}': expected {}", m, names));
    }
  }
  const SourceType* type = find_source_type(o.source);
  if (type == nullptr) {
    std::string names;
    for (const SourceType* t : source_types())
      names += (names.empty() ? "" : ", ") + std::string(t->name());
    return usage_error(
        fmt::format("unknown source '{}': expected {}", o.source, names));
  }
  return type->check_options(o);
}

std::chrono::milliseconds query_timeout(const RunOptions& o) {
  return sample_timeout(o, /*many=*/false);
}

Result<std::vector<int>> sample_cpus(const RunOptions& o) {
  std::string option = "--cpu";
  std::vector<int> cpus = o.cpus;
  const SourceType* type = find_source_type(o.source);
  const bool pins_by_cpuset = type != nullptr && type->pins_by_cpuset();
  for (const std::string& set : o.sets) {
    constexpr std::string_view kCpuset = "CPUSET=";
    if (!pins_by_cpuset || !set.starts_with(kCpuset)) continue;
    auto listed = parse_cpu_list(std::string_view(set).substr(kCpuset.size()));
    if (!listed)
      return usage_error("--set " + set + ": " + listed.error().message);
    if (!o.cpus.empty() && *listed != o.cpus) {
      return usage_error(
          fmt::format("--set {} and --cpu {} name other CPUs: give one of them",
                      set, cpu_list_text(o.cpus)));
    }
    option = "--set CPUSET";
    cpus = std::move(*listed);
  }
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  if (cpus.empty() || ::sched_getaffinity(0, sizeof allowed, &allowed) != 0)
    return cpus;
  std::vector<int> usable;
  for (int c = 0; c < CPU_SETSIZE; ++c) {
    if (CPU_ISSET(c, &allowed)) usable.push_back(c);
  }
  for (const int cpu : cpus) {
    if (CPU_ISSET(cpu, &allowed)) continue;
    return usage_error(fmt::format(
        "{} {}: CPU {} is not one this process may run on; it may run on "
        "CPUs {}",
        option, cpu_list_text(cpus), cpu, cpu_list_text(usable)));
  }
  return cpus;
}

bool selector_matches(const std::string& selector,
                      const std::string& scenario) {
  return selector == "all" || scenario == selector ||
         scenario.rfind(selector + "/", 0) == 0;
}

bool contains_any(const std::string& name,
                  const std::vector<std::string>& parts) {
  return std::any_of(parts.begin(), parts.end(), [&](const std::string& p) {
    return name.find(p) != std::string::npos;
  });
}

// A samples file continued by a run that measures other configurations
// (another --set, another script's grid) would mix them: refused, naming
// the first configuration of the file the run does not measure and what
// the run measures instead.
Result<void> check_resumed_configurations(
    const std::string& path, const std::vector<reports::SampleRecord>& resumed,
    const std::vector<std::string>& jobs, const SampleSource& source) {
  std::set<std::string> seen;
  std::vector<std::string> foreign;
  for (const reports::SampleRecord& r : resumed) {
    const std::string name = r.filename + " " + r.configuration;
    if (!seen.insert(name).second) continue;
    const bool measured =
        std::any_of(jobs.begin(), jobs.end(), [&](const std::string& job) {
          return source.owns(job, r.filename, r.configuration);
        });
    if (!measured) foreign.push_back(name);
  }
  if (foreign.empty()) return {};
  std::vector<std::string> missing;
  for (const std::string& job : jobs) {
    const bool held = std::any_of(
        resumed.begin(), resumed.end(), [&](const reports::SampleRecord& r) {
          return source.owns(job, r.filename, r.configuration);
        });
    if (!held) missing.push_back(source.label(job));
  }
  std::string message = fmt::format(
      "--resume {}: its configurations do not match this run's: it holds "
      "'{}'{}, which this run does not measure",
      path, foreign.front(),
      foreign.size() > 1 ? fmt::format(" and {} more", foreign.size() - 1)
                         : "");
  if (!missing.empty()) {
    message += fmt::format(
        "; this run measures '{}'{} instead", missing.front(),
        missing.size() > 1 ? fmt::format(" and {} more", missing.size() - 1)
                           : "");
  }
  return usage_error(message +
                     " (run with the --set, scripts and filters the file was "
                     "written with, or write a new file with -o)");
}

}  // namespace fpbench::harness::detail
