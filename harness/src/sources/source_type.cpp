// What every kind of source shares: the passes' settings, the selection by
// name, the defaults of source_type.hpp.

#include "fpbench/harness/source_type.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <thread>

#include "fpbench/base/parameters.hpp"
#include "fpbench/base/try.hpp"
#include "run/run_checks.hpp"

namespace fpbench::harness {

Result<void> SourceType::check_sets(const RunOptions& o) const {
  for (const std::string& set : o.sets) {
    if (auto a = params::parse_assignment(set); !a)
      return usage_error("--set " + set + ": " + a.error().message);
  }
  return {};
}

Result<std::vector<std::string>> SourceType::select(const Pass& first,
                                                    const RunOptions& o) const {
  return select_by_name(
      first, o, [](const std::string& job) { return job; },
      [](const std::string& sel) {
        return "no benchmark matches '" + sel + "'";
      });
}

std::string SourceType::program_in(const std::string& worktree,
                                   const std::string& program,
                                   const RunOptions& /*o*/) const {
  if (!program.empty() && program.front() == '/') return program;
  return worktree + "/" + program;
}

bool wants(const RunOptions& o, std::string_view metric) {
  return std::find(o.metrics.begin(), o.metrics.end(), metric) !=
         o.metrics.end();
}

std::string first_wanted(const RunOptions& o,
                         std::initializer_list<std::string_view> names) {
  for (std::string_view name : names) {
    if (wants(o, name)) return std::string(name);
  }
  return "";
}

std::string counter_list(const RunOptions& o,
                         std::initializer_list<std::string_view> names) {
  std::string out;
  for (std::string_view name : names) {
    const bool asked =
        name == "allocs"     ? wants(o, "allocs") || wants(o, "alloc_bytes")
        : name == "syscalls" ? wants(o, "syscalls") || wants(o, "syscalls_all")
                             : wants(o, name);
    if (asked) out += (out.empty() ? "" : ",") + std::string(name);
  }
  return out;
}

std::chrono::milliseconds sample_timeout(const RunOptions& o, bool many) {
  if (o.sample_timeout_s) {
    return std::chrono::milliseconds(
        static_cast<std::int64_t>(std::ceil(*o.sample_timeout_s * 1000)));
  }
  const std::chrono::milliseconds base = default_sample_timeout(o.min_time_s);
  return many ? base * 10 : base;
}

Pass& add_pass(
    Plan& plan, const RunOptions& o, const std::string& key, bool many,
    const std::function<std::unique_ptr<SampleSource>(std::size_t side)>&
        make) {
  Pass pass;
  pass.key_metric = key;
  for (std::size_t side = 0; side < 2; ++side) {
    plan.sources.push_back(make(side));
    pass.sources[side] = plan.sources.back().get();
  }
  const bool timed = key == "wall" || key == "cpu" || key == "faults";
  pass.runs = timed ? o.runs : o.counter_runs;
  pass.warmup = timed ? o.warmup : 0;
  pass.paired = timed && o.paired;
  pass.iterations_from_warmup = timed;
  pass.priority = timed ? o.priority : Priority::kNormal;
  pass.budgeted = timed;
  const unsigned cpus = std::max(1U, std::thread::hardware_concurrency());
  pass.parallel = timed ? 1 : o.jobs.value_or(static_cast<int>(cpus));
  pass.max_runs = o.max_runs;
  pass.sample_timeout = sample_timeout(o, many);
  plan.passes.push_back(std::move(pass));
  return plan.passes.back();
}

Result<std::vector<std::string>> select_by_name(
    const Pass& first, const RunOptions& o,
    const std::function<std::string(const std::string&)>& name_of,
    const std::function<std::string(const std::string&)>& unmatched,
    const std::function<bool(std::size_t, const std::string&)>& matches) {
  std::set<std::string> matched;
  const auto keep = [&](const std::string& job) {
    const std::string name = name_of(job);
    bool selected = o.selectors.empty();
    for (std::size_t i = 0; i < o.selectors.size(); ++i) {
      if (matches ? matches(i, name)
                  : detail::selector_matches(o.selectors[i], name)) {
        matched.insert(o.selectors[i]);
        selected = true;
      }
    }
    if (!selected) return false;
    if (!o.filters.empty() && !detail::contains_any(name, o.filters))
      return false;
    return !detail::contains_any(name, o.excludes);
  };
  FPBENCH_ASSIGN_OR_RETURN(std::vector<std::string> jobs,
                           common_jobs(first, keep));
  for (const std::string& sel : o.selectors) {
    if (matched.count(sel) == 0) return usage_error(unmatched(sel));
  }
  return jobs;
}

}  // namespace fpbench::harness

namespace fpbench::harness {

void append_wait4_metrics(
    std::vector<std::pair<std::string, reports::MetricReading>>& metrics,
    const ChildUsage& usage, Wait4Metrics which,
    std::string_view cpu_and_faults_tag, std::string_view rss_tag) {
  using reports::MetricReading;
  if (which.cpu) {
    metrics.emplace_back("cpu", MetricReading{usage.user_s + usage.system_s,
                                              std::string(cpu_and_faults_tag),
                                              {},
                                              {}});
  }
  if (which.faults) {
    metrics.emplace_back("faults",
                         MetricReading{static_cast<double>(usage.minor_faults +
                                                           usage.major_faults),
                                       std::string(cpu_and_faults_tag),
                                       {},
                                       {}});
  }
  if (which.rss) {
    metrics.emplace_back("rss",
                         MetricReading{static_cast<double>(usage.max_rss_kib),
                                       std::string(rss_tag),
                                       {},
                                       {}});
  }
}

}  // namespace fpbench::harness
