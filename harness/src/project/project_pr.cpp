// fpbench pr: the merge base against the head, every entry of fpbench.toml
// in one schedule, gated with its thresholds (project.hpp).

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <future>

#include "fpbench/base/try.hpp"
#include "fpbench/harness/project.hpp"
#include "fpbench/reports/input.hpp"
#include "project/project_steps.hpp"

namespace fpbench::harness {
namespace {

namespace fs = std::filesystem;
using namespace project_detail;

// The branch a pull request goes into when --base is not given.
Result<std::string> default_base(const std::string& top) {
  for (const char* ref :
       {"origin/HEAD", "origin/main", "origin/master", "main", "master"}) {
    if (auto sha = bisect_detail::resolve_commit(top, ref, "--base")) {
      return std::string(ref);
    }
  }
  return usage_error(
      "--base not given, and none of origin/HEAD, origin/main, "
      "origin/master, main or master names a commit in " +
      top);
}

std::string joined(const std::vector<std::string>& words, const char* sep) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : sep) + w;
  return out;
}

// The sentence ci/pr-gate's comment always ended with: how the runs were
// chosen.
std::string schedule_note(const GateConfig& gate, bool budget_spent) {
  if (!gate.until_decided) {
    return fmt::format(
        "\nWall time: {} runs per side; the counted metrics used {}.\n",
        gate.runs, gate.counter_runs);
  }
  // The budget as it is written: 10m, 90s, 1h.
  const auto seconds = gate.time_budget.count();
  const std::string budget =
      seconds % 3600 == 0 ? fmt::format("{}h", seconds / 3600)
      : seconds % 60 == 0 ? fmt::format("{}m", seconds / 60)
                          : fmt::format("{}s", seconds);
  return fmt::format(
      "\nWall time was measured until decided: {} runs per side, then a look "
      "every {} runs up to {}, within a time budget of {} ({}). The counted "
      "metrics used {} runs per side.\n",
      gate.runs, gate.look_every, gate.max_runs, budget,
      budget_spent ? "it was spent, and the run stopped there"
                   : "it was not spent: every benchmark decided or reached "
                     "its runs",
      gate.counter_runs);
}

}  // namespace

Result<int> run_pr(const ProjectConfig& config, const PrOptions& options) {
  const ProjectOptions& p = options.project;
  FPBENCH_ASSIGN_OR_RETURN(const std::string top,
                           bisect_detail::repository_top(p.repo));
  std::string base_ref = options.base;
  if (base_ref.empty()) {
    FPBENCH_ASSIGN_OR_RETURN(base_ref, default_base(top));
  }
  FPBENCH_ASSIGN_OR_RETURN(
      const std::string head,
      bisect_detail::resolve_commit(top, options.head, "--head"));
  FPBENCH_ASSIGN_OR_RETURN(
      const std::string base,
      bisect_detail::resolve_commit(top, base_ref, "--base"));
  FPBENCH_ASSIGN_OR_RETURN(const std::string old_sha,
                           bisect_detail::merge_base(top, base, head));
  std::fprintf(stderr, "fpbench pr: old = merge base %s (%s), new = %s (%s)\n",
               old_sha.substr(0, 12).c_str(), base_ref.c_str(),
               head.substr(0, 12).c_str(), options.head.c_str());
  if (bisect_detail::has_uncommitted_changes(top)) {
    std::fprintf(stderr,
                 "fpbench pr: note: the checkout's uncommitted changes are "
                 "not measured: both sides are commits\n");
  }
  std::error_code ec;
  fs::create_directories(p.out_dir, ec);
  if (ec) return io_error("--out " + p.out_dir + ": " + ec.message());

  bisect_detail::BuildCache cache(
      top, p.cache_dir.value_or(bisect_detail::default_cache_root()),
      build_command(config.build));
  FPBENCH_TRY(cache.checkout(old_sha));
  FPBENCH_TRY(cache.checkout(head));
  // The two builds run together (BuildCache::build may be called from two
  // threads); one commit against itself is built once.
  const std::string old_side = "the old side (merge base of " + base_ref + ")";
  const std::string new_side = "the new side (" + options.head + ")";
  auto old_build = std::async(
      std::launch::async, [&] { return build_side(cache, old_sha, old_side); });
  Result<std::string> new_dir =
      head == old_sha ? old_build.get() : build_side(cache, head, new_side);
  Result<std::string> old_dir = head == old_sha ? new_dir : old_build.get();
  FPBENCH_TRY(old_dir);
  FPBENCH_TRY(new_dir);

  FPBENCH_ASSIGN_OR_RETURN(
      const Measured m, measure_entries(config, p, *old_dir, *new_dir, true));
  if (m.summary.records.empty()) {
    return benchmark_error("no benchmark measured anything; see " + p.out_dir +
                           "/run.log");
  }

  // One gate, every format from it: the text on stdout, the comment, JSON.
  const GateConfig& gate = config.gate;
  std::vector<std::string> args = {"gate",       m.samples,
                                   "--alpha",    fmt::format("{}", gate.alpha),
                                   "--json",     p.out_dir + "/gate.json",
                                   "--markdown", p.out_dir + "/gate.md"};
  if (gate.paired) args.emplace_back("--paired");
  if (gate.until_decided) {
    args.insert(args.end(),
                {"--until-decided", "--first-look", std::to_string(gate.runs),
                 "--look-every", std::to_string(gate.look_every), "--max-runs",
                 std::to_string(gate.max_runs)});
  }
  if (gate.strict) args.emplace_back("--strict");
  if (!m.csv) {
    args.emplace_back("--metric");
    args.push_back(joined(m.metrics, ","));
  }
  for (std::string& flag : gate_threshold_flags(gate, m.csv))
    args.push_back(std::move(flag));
  FPBENCH_ASSIGN_OR_RETURN(const SelfRun verdict, run_self(p.self, args));
  std::fputs(verdict.out.c_str(), stdout);
  std::fflush(stdout);
  FPBENCH_TRY(write_text(p.out_dir + "/gate.txt", verdict.out));
  if (fs::exists(p.out_dir + "/gate.md")) {
    FPBENCH_ASSIGN_OR_RETURN(std::string md,
                             reports::read_input(p.out_dir + "/gate.md"));
    md += schedule_note(gate, m.summary.budget_spent);
    if (!m.summary.one_sided.empty()) {
      md += "\nNot compared:\n";
      for (const std::string& why : m.summary.one_sided)
        md += "- " + why + "\n";
    }
    FPBENCH_TRY(write_text(p.out_dir + "/gate.md", md));
  }

  // compare's JSON and plots of wall time, for the artifacts.
  if (std::find(m.metrics.begin(), m.metrics.end(), "wall") !=
      m.metrics.end()) {
    std::vector<std::string> compare = {"compare", m.samples};
    if (!m.csv) compare.insert(compare.end(), {"--metric", "wall"});
    compare.insert(compare.end(),
                   {"--json", p.out_dir + "/compare.json", "--plot",
                    p.out_dir + "/box.png", "--plot-improvement",
                    p.out_dir + "/improvement.png"});
    auto drawn = run_self(p.self, compare);
    if (!drawn || drawn->exit_code != 0)
      std::fprintf(stderr, "fpbench pr: compare or its plots failed\n");
  }

  if (!m.summary.failures.empty() && verdict.exit_code == kExitOk) {
    return benchmark_error(fmt::format(
        "{} benchmark(s) failed (the gate passed the rest): see {}/run.log",
        m.summary.failures.size(), p.out_dir));
  }
  return verdict.exit_code;
}

}  // namespace fpbench::harness
