#include "run_checks.hpp"

#include <fmt/format.h>
#include <sched.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "fpbench/base/cpu_list.hpp"
#include "fpbench/base/try.hpp"
#include "fpbench/harness/sample_writer.hpp"
#include "fpbench/harness/scenario_program.hpp"
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
  if (o.source == SourceKind::kNode) {
    if (!o.old_program || !o.new_program) {
      return usage_error("--node needs --old NODE and --new NODE");
    }
    if (o.selectors.empty()) {
      return usage_error(
          "--node needs categories (fs, buffers, all) or benchmark scripts to "
          "run");
    }
    if (o.old_impl || o.new_impl)
      return usage_error(
          "--old-impl/--new-impl are fpbench-scenarios' options, not --node's");
    return {};
  }
  if (o.source == SourceKind::kGbench) {
    if (!o.old_program || !o.new_program)
      return usage_error("--gbench needs --old BINARY and --new BINARY");
    if (o.old_impl || o.new_impl)
      return usage_error(
          "--old-impl/--new-impl are fpbench-scenarios' options, not "
          "--gbench's");
    if (!o.sets.empty())
      return usage_error(
          "--set is fpbench-scenarios' option; give a Google Benchmark binary "
          "its flags after --");
    return {};
  }
  if (o.source == SourceKind::kCommand) {
    if (!o.old_program || !o.new_program)
      return usage_error("--command needs --old 'COMMAND' and --new 'COMMAND'");
    if (!o.selectors.empty()) {
      return usage_error(fmt::format(
          "--command takes no benchmark names ('{}'): quote each command as "
          "one argument of --old and --new",
          o.selectors.front()));
    }
    if (o.old_impl || o.new_impl || !o.sets.empty())
      return usage_error(
          "--old-impl/--new-impl/--set are fpbench-scenarios' options, not "
          "--command's");
    return {};
  }
  if (!o.program_args.empty())
    return usage_error(
        "arguments after -- go to Google Benchmark binaries (--gbench)");
  if ((o.old_impl || o.new_impl) && (!o.old_impl || !o.new_impl)) {
    return usage_error("--old-impl and --new-impl go together");
  }
  if ((o.old_program || o.new_program) && (!o.old_program || !o.new_program)) {
    return usage_error("--old and --new go together");
  }
  if (!o.old_impl && !o.old_program) {
    return usage_error(
        "say what to compare: --old-impl baseline --new-impl fast, or "
        "--old PATH --new PATH");
  }
  return {};
}

Result<std::vector<int>> sample_cpus(const RunOptions& o) {
  std::string option = "--cpu";
  std::vector<int> cpus = o.cpus;
  for (const std::string& set : o.sets) {
    constexpr std::string_view kCpuset = "CPUSET=";
    if (o.source != SourceKind::kNode || !set.starts_with(kCpuset)) continue;
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

namespace {

// Whether the selectors, --filter and --exclude keep this scenario.
bool scenario_kept(const RunOptions& o, const std::string& scenario) {
  const bool selected =
      o.selectors.empty() || std::any_of(o.selectors.begin(), o.selectors.end(),
                                         [&](const std::string& s) {
                                           return selector_matches(s, scenario);
                                         });
  return selected && (o.filters.empty() || contains_any(scenario, o.filters)) &&
         !contains_any(scenario, o.excludes);
}

}  // namespace

Result<void> check_sets(const RunOptions& o) {
  if (o.source == SourceKind::kNode) {
    // common.js reads KEY=VALUE with any value, spaces and quotes included
    // (its /^(.+?)=([\s\S]*)$/).
    for (const std::string& set : o.sets) {
      if (set.find('=') == std::string::npos || set.front() == '=') {
        return usage_error(
            "--set " + set +
            ": expected KEY=VALUE, as Node's common.js reads it");
      }
    }
    return {};
  }
  for (const std::string& set : o.sets) {
    if (auto a = params::parse_assignment(set); !a)
      return usage_error("--set " + set + ": " + a.error().message);
  }
  if (o.source != SourceKind::kScenarios || o.sets.empty()) return {};
  std::vector<std::string> paths = {o.old_program.value_or(o.scenario_program)};
  const std::string new_path = o.new_program.value_or(o.scenario_program);
  if (new_path != paths[0]) paths.push_back(new_path);
  for (const std::string& path : paths) {
    FPBENCH_ASSIGN_OR_RETURN(
        const auto described,
        ScenarioProgram(path, std::nullopt, {}, query_timeout(o))
            .list_parameters());
    if (!described) continue;
    std::vector<params::ScenarioParameters> kept;
    for (const params::ScenarioParameters& s : *described) {
      if (scenario_kept(o, s.scenario)) kept.push_back(s);
    }
    // With nothing kept, select_jobs says which selector matched nothing.
    if (kept.empty()) continue;
    FPBENCH_TRY(params::check_assignments(o.sets, kept));
  }
  return {};
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
