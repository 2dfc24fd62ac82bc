// Node.js benchmark scripts as a kind of source (--node), run as
// benchmark/compare.js runs them: the selectors are categories or scripts
// (discover_node_scripts), every configuration of a script its own job,
// --set as common.js reads it, --set CPUSET=LIST as compare.js's taskset.

#include <array>
#include <memory>

#include "fpbench/base/try.hpp"
#include "fpbench/harness/node_source.hpp"
#include "fpbench/harness/source_type.hpp"
#include "run/run_checks.hpp"

namespace fpbench::harness {
namespace {

class NodeType : public SourceType {
 public:
  [[nodiscard]] std::string_view name() const override { return "node"; }

  [[nodiscard]] Result<void> check_options(const RunOptions& o) const override {
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
    if (o.shard_costs) {
      return usage_error(
          "--shard-costs does not apply to --node (its jobs are scripts)");
    }
    return {};
  }

  // common.js reads KEY=VALUE with any value, spaces and quotes included
  // (its /^(.+?)=([\s\S]*)$/).
  [[nodiscard]] Result<void> check_sets(const RunOptions& o) const override {
    for (const std::string& set : o.sets) {
      if (set.find('=') == std::string::npos || set.front() == '=') {
        return usage_error(
            "--set " + set +
            ": expected KEY=VALUE, as Node's common.js reads it");
      }
    }
    return {};
  }

  [[nodiscard]] bool pins_by_cpuset() const override { return true; }
  // compare.js runs no warm-up: each script warms itself.
  [[nodiscard]] int default_warmup() const override { return 0; }

  // A configuration's timed process gives wall time (the rate and the time
  // of its timed section), cpu and faults (counted around that section),
  // rss; system calls and instructions are counted in processes of their
  // own. Each side's configurations are listed once for all its passes.
  [[nodiscard]] Result<Plan> plan(const RunOptions& o) const override {
    FPBENCH_ASSIGN_OR_RETURN(const std::vector<NodeScript> scripts,
                             discover_node_scripts(o.benchmark_dir, o.selectors,
                                                   o.filters, o.excludes));
    FPBENCH_TRY(check_node_binary("--old", *o.old_program));
    if (*o.new_program != *o.old_program)
      FPBENCH_TRY(check_node_binary("--new", *o.new_program));
    Plan plan;
    std::array<std::shared_ptr<const NodeSuite>, 2> suites;
    suites[0] = std::make_shared<NodeSuite>(*o.old_program, scripts, o.sets);
    suites[1] =
        *o.new_program == *o.old_program
            ? suites[0]
            : std::make_shared<NodeSuite>(*o.new_program, scripts, o.sets);
    NodeMeasure base;
    base.counted_exec = o.counted_exec;
    const auto node = [&](NodeMeasure how) {
      return [&, how](std::size_t side) {
        return make_node_source(suites[side], how);
      };
    };
    // A script sets its own n, never --min-time: every pass is given the
    // longer timeout of a process that runs many benchmarks.
    if (const std::string key =
            first_wanted(o, {"wall", "cpu", "faults", "rss"});
        !key.empty()) {
      NodeMeasure how = base;
      how.counters = counter_list(o, {"cpu", "faults"});
      how.rss = wants(o, "rss");
      add_pass(plan, o, key, true, node(how));
    }
    if (wants(o, "syscalls") || wants(o, "syscalls_all")) {
      NodeMeasure how = base;
      how.mode = MeasureMode::kCounting;
      how.counters = "syscalls";
      add_pass(plan, o, "syscalls", true, node(how));
    }
    if (wants(o, "instructions")) {
      NodeMeasure how = base;
      how.counters = "instructions";
      if (hardware_instruction_counter_available()) {
        how.mode = MeasureMode::kCounting;
      } else {
        how.mode = MeasureMode::kCallgrind;
        how.valgrind = o.valgrind;
        how.callgrind_addon = o.node_callgrind_addon;
        plan.notes.push_back(
            "instructions: no hardware counter here, so they are counted "
            "under " +
            o.valgrind +
            " --tool=callgrind, from each configuration's bench.start() to "
            "its bench.end(n)");
      }
      add_pass(plan, o, "instructions", true, node(how));
    }
    return plan;
  }

  // discover_node_scripts applied the selectors, --filter and --exclude.
  [[nodiscard]] Result<std::vector<std::string>> select(
      const Pass& first, const RunOptions& /*o*/) const override {
    return common_jobs(first, [](const std::string&) { return true; });
  }

  [[nodiscard]] Result<void> check_resumed(
      const std::string& path,
      const std::vector<reports::SampleRecord>& resumed,
      const std::vector<std::string>& jobs,
      const SampleSource& source) const override {
    return detail::check_resumed_configurations(path, resumed, jobs, source);
  }
};

}  // namespace

const SourceType& node_source_type() {
  static const NodeType type;
  return type;
}

}  // namespace fpbench::harness
