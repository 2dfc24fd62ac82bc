// Google Benchmark binaries as a kind of source (--gbench): every sample
// runs one benchmark in a fresh process; the selectors are regular
// expressions, as --benchmark_filter takes them.

#include <fmt/format.h>

#include <array>
#include <regex>

#include "fpbench/base/try.hpp"
#include "fpbench/harness/source_type.hpp"
#include "run/run_checks.hpp"

namespace fpbench::harness {
namespace {

class GbenchType : public SourceType {
 public:
  [[nodiscard]] std::string_view name() const override { return "gbench"; }

  [[nodiscard]] Result<void> check_options(const RunOptions& o) const override {
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

  [[nodiscard]] Result<Plan> plan(const RunOptions& o) const override {
    Plan plan;
    const std::array<std::string, 2> programs = {*o.old_program,
                                                 *o.new_program};
    GbenchMeasure base;
    base.min_time_s = o.min_time_s;
    base.preload = o.preload;
    base.valgrind = o.valgrind;
    base.args = o.program_args;
    base.query_timeout = detail::query_timeout(o);
    const auto gbench = [&](GbenchMeasure how) {
      return [&, how](std::size_t side) {
        return make_gbench_source(programs[side], how);
      };
    };
    if (const std::string key =
            first_wanted(o, {"wall", "cpu", "faults", "rss"});
        !key.empty()) {
      GbenchMeasure how = base;
      how.counters = counter_list(o, {"cpu", "faults"});
      how.rss = wants(o, "rss");
      add_pass(plan, o, key, false, gbench(how));
    }
    if (const std::string key = first_wanted(
            o, {"syscalls", "syscalls_all", "allocs", "alloc_bytes"});
        !key.empty()) {
      GbenchMeasure how = base;
      how.mode = MeasureMode::kCounting;
      how.counters = counter_list(o, {"syscalls", "allocs"});
      add_pass(plan, o, key.rfind("syscalls", 0) == 0 ? "syscalls" : key, false,
               gbench(how));
    }
    if (wants(o, "instructions")) {
      GbenchMeasure how = base;
      how.counters = "instructions";
      if (!o.explain && hardware_instruction_counter_available()) {
        how.mode = MeasureMode::kCounting;
      } else {
        how.mode = MeasureMode::kCallgrind;
        plan.notes.push_back(
            "instructions: no hardware counter here, so they are counted "
            "under " +
            o.valgrind + " --tool=callgrind");
      }
      add_pass(plan, o, "instructions", true, gbench(how));
    }
    return plan;
  }

  // A benchmark is kept when its full name contains a match of one of the
  // expressions (as --benchmark_filter) and --filter and --exclude keep it.
  [[nodiscard]] Result<std::vector<std::string>> select(
      const Pass& first, const RunOptions& o) const override {
    std::vector<std::regex> regexes;
    for (const std::string& sel : o.selectors) {
      try {
        regexes.emplace_back(sel, std::regex::extended);
      } catch (const std::regex_error& e) {
        return usage_error(
            fmt::format("'{}' is not a regular expression: {}", sel, e.what()));
      }
    }
    return select_by_name(
        first, o, [](const std::string& job) { return job; },
        [&](const std::string& sel) {
          return fmt::format("no benchmark of {} matches '{}'",
                             first.sources[0]->describe(), sel);
        },
        [&](std::size_t i, const std::string& name) {
          return std::regex_search(name, regexes[i]);
        });
  }
};

}  // namespace

const SourceType& gbench_source_type() {
  static const GbenchType type;
  return type;
}

}  // namespace fpbench::harness
