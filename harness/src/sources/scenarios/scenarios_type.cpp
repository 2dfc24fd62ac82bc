// fpbench-scenarios as a kind of source: two builds (--old, --new) or one
// build (--scenario-program) and two implementations (--old-impl,
// --new-impl). Timed samples find their iteration count as Google
// Benchmark does; counting ones run a fixed count; instructions without a
// PMU come from callgrind, a scenario's configurations sharing a process.

#include <array>
#include <optional>

#include "fpbench/base/try.hpp"
#include "fpbench/harness/scenario_program.hpp"
#include "fpbench/harness/source_type.hpp"
#include "fpbench/reports/benchmark_key.hpp"
#include "run/run_checks.hpp"

namespace fpbench::harness {
namespace {

constexpr std::int64_t kCountingIterations = 11;
constexpr std::int64_t kCallgrindIterations = 5;

// Whether the selectors, --filter and --exclude keep this scenario.
bool scenario_kept(const RunOptions& o, const std::string& scenario) {
  const bool selected =
      o.selectors.empty() ||
      std::any_of(o.selectors.begin(), o.selectors.end(),
                  [&](const std::string& s) {
                    return detail::selector_matches(s, scenario);
                  });
  return selected &&
         (o.filters.empty() || detail::contains_any(scenario, o.filters)) &&
         !detail::contains_any(scenario, o.excludes);
}

class ScenariosType : public SourceType {
 public:
  [[nodiscard]] std::string_view name() const override { return "scenarios"; }

  [[nodiscard]] Result<void> check_options(const RunOptions& o) const override {
    if (!o.program_args.empty())
      return usage_error(
          "arguments after -- go to Google Benchmark binaries (--gbench)");
    if ((o.old_impl || o.new_impl) && (!o.old_impl || !o.new_impl)) {
      return usage_error("--old-impl and --new-impl go together");
    }
    if ((o.old_program || o.new_program) &&
        (!o.old_program || !o.new_program)) {
      return usage_error("--old and --new go together");
    }
    if (!o.old_impl && !o.old_program) {
      return usage_error(
          "say what to compare: --old-impl baseline --new-impl fast, or "
          "--old PATH --new PATH");
    }
    return {};
  }

  // Each --set against what the kept scenarios of each side's program
  // take, before any of them runs with it: a child would otherwise measure
  // a value it cannot mean, or stop on it in every sample. A program too
  // old to say is not asked.
  [[nodiscard]] Result<void> check_sets(const RunOptions& o) const override {
    FPBENCH_TRY(SourceType::check_sets(o));
    if (o.sets.empty()) return {};
    std::vector<std::string> paths = {
        o.old_program.value_or(o.scenario_program)};
    const std::string new_path = o.new_program.value_or(o.scenario_program);
    if (new_path != paths[0]) paths.push_back(new_path);
    for (const std::string& path : paths) {
      FPBENCH_ASSIGN_OR_RETURN(
          const auto described,
          ScenarioProgram(path, std::nullopt, {}, detail::query_timeout(o))
              .list_parameters());
      if (!described) continue;
      std::vector<params::ScenarioParameters> kept;
      for (const params::ScenarioParameters& s : *described) {
        if (scenario_kept(o, s.scenario)) kept.push_back(s);
      }
      // With nothing kept, select says which selector matched nothing.
      if (kept.empty()) continue;
      FPBENCH_TRY(params::check_assignments(o.sets, kept));
    }
    return {};
  }

  [[nodiscard]] Result<Plan> plan(const RunOptions& o) const override {
    Plan plan;
    const std::array<std::string, 2> programs = {
        o.old_program.value_or(o.scenario_program),
        o.new_program.value_or(o.scenario_program)};
    const std::array<std::optional<std::string>, 2> impls = {o.old_impl,
                                                             o.new_impl};
    const auto scenario = [&](ScenarioMeasure how) {
      how.query_timeout = detail::query_timeout(o);
      return [&, how](std::size_t side) {
        return make_scenario_source(programs[side], impls[side], o.sets, how);
      };
    };
    if (const std::string key =
            first_wanted(o, {"wall", "cpu", "faults", "rss"});
        !key.empty()) {
      ScenarioMeasure how;
      how.min_time_s = o.min_time_s;
      how.counters = counter_list(o, {"cpu", "faults"});
      how.rss = wants(o, "rss");
      add_pass(plan, o, key, false, scenario(how));
    }
    if (const std::string key = first_wanted(
            o, {"syscalls", "syscalls_all", "allocs", "alloc_bytes"});
        !key.empty()) {
      ScenarioMeasure how;
      how.mode = MeasureMode::kCounting;
      how.counters = counter_list(o, {"syscalls", "allocs"});
      how.preload = o.preload;
      how.iterations = o.counter_iterations.value_or(kCountingIterations);
      add_pass(plan, o, key.rfind("syscalls", 0) == 0 ? "syscalls" : key, false,
               scenario(how));
    }
    if (wants(o, "instructions")) {
      ScenarioMeasure how;
      how.counters = "instructions";
      if (!o.explain && hardware_instruction_counter_available()) {
        how.mode = MeasureMode::kCounting;
        how.iterations = o.counter_iterations.value_or(kCountingIterations);
      } else {
        how.mode = MeasureMode::kCallgrind;
        // Callgrind counts every thread, whatever ran in the process before,
        // so a scenario's configurations share one process and its start-up.
        how.batch = true;
        how.valgrind = o.valgrind;
        how.iterations = o.counter_iterations.value_or(kCallgrindIterations);
        plan.notes.push_back(
            "instructions: no hardware counter here, so they are counted "
            "under " +
            o.valgrind +
            " --tool=callgrind (the fast paths run at most AVX2 there)");
      }
      add_pass(plan, o, "instructions", true, scenario(how));
    }
    return plan;
  }

  [[nodiscard]] Result<std::vector<std::string>> select(
      const Pass& first, const RunOptions& o) const override {
    return select_by_name(
        first, o,
        [](const std::string& job) {
          return reports::BenchmarkKey::from_text(job).filename;
        },
        [](const std::string& sel) {
          return "no scenario matches '" + sel + "' (see fpbench list)";
        });
  }
};

}  // namespace

const SourceType& scenarios_source_type() {
  static const ScenariosType type;
  return type;
}

}  // namespace fpbench::harness
