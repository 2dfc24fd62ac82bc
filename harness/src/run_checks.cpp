#include "run_checks.hpp"

#include <fmt/format.h>
#include <sched.h>

#include <algorithm>

#include "fpbench/harness/scenario_program.hpp"

namespace fpbench::harness::detail {

Result<void> check_cpu(int cpu) {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  if (::sched_getaffinity(0, sizeof allowed, &allowed) != 0) return {};
  if (cpu >= 0 && cpu < CPU_SETSIZE && CPU_ISSET(cpu, &allowed)) return {};
  std::string list;
  for (int c = 0; c < CPU_SETSIZE; ++c) {
    if (!CPU_ISSET(c, &allowed)) continue;
    int last = c;
    while (last + 1 < CPU_SETSIZE && CPU_ISSET(last + 1, &allowed)) ++last;
    list += (list.empty() ? "" : ",") + std::to_string(c) +
            (last > c ? "-" + std::to_string(last) : "");
    c = last;
  }
  return usage_error(fmt::format(
      "--cpu {}: no such CPU for this process; it may run on CPUs {}", cpu,
      list));
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
  for (const std::string& set : o.sets) {
    if (auto a = params::parse_assignment(set); !a)
      return usage_error("--set " + set + ": " + a.error().message);
  }
  if (o.node || o.sets.empty()) return {};
  std::vector<std::string> paths = {o.old_program.value_or(o.scenario_program)};
  const std::string new_path = o.new_program.value_or(o.scenario_program);
  if (new_path != paths[0]) paths.push_back(new_path);
  for (const std::string& path : paths) {
    const auto described =
        ScenarioProgram(path, std::nullopt, {}, query_timeout(o))
            .list_parameters();
    if (!described) return described.error();
    if (!*described) continue;
    std::vector<params::ScenarioParameters> kept;
    for (const params::ScenarioParameters& s : **described) {
      if (scenario_kept(o, s.scenario)) kept.push_back(s);
    }
    // With nothing kept, select_jobs says which selector matched nothing.
    if (kept.empty()) continue;
    if (auto ok = params::check_assignments(o.sets, kept); !ok) return ok;
  }
  return {};
}

}  // namespace fpbench::harness::detail
