// fpbench run [SELECTION...] (--old-impl A --new-impl B | --old PROG --new
// PROG)
//             [--set K=V]... [--filter T]... [--exclude T]... [--runs N]
//             [--seed S] [--warmup N] [--min-time SECONDS]
//             [--scenario-program PROG]
//             [--output CSV] [--resume CSV] [--json FILE] [--cpu LIST]
//             [--paired]
//             [--target-accuracy PCT --max-runs N]
//             [--until-decided [--look-every N] [--max-runs N]
//              [--max-regression PCT] [--alpha A]]
//             [--node [--benchmark-dir DIR]]
//             [--metric wall,cpu,faults,syscalls,syscalls_all,instructions]
//             [--counter-runs N] [--counter-iterations N] [--jobs N]
//             [--time-budget 10m] [--sample-timeout SECONDS]
//             [--shard K/N [--shard-costs SAMPLES]] [--machine NAME]

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <exception>
#include <limits>
#include <random>
#include <string>

#include "fpbench/base/cli_vocabulary.hpp"
#include "fpbench/base/cpu_list.hpp"
#include "fpbench/base/try.hpp"
#include "fpbench/ci/gate.hpp"
#include "fpbench/harness/project.hpp"
#include "fpbench/harness/run_benchmarks.hpp"
#include "fpbench/harness/source_type.hpp"
#include "fpbench/harness/until_decided.hpp"
#include "fpbench/reports/metric_samples.hpp"
#include "subcommands.hpp"

namespace fpbench::cli {
namespace {

// --until-decided without a gate threshold: compare.R's table decides, from
// a first look at 10 runs per side up to the fixed design's 30.
constexpr int kTableFirstLook = 10;
constexpr int kTableMaxRuns = 30;

class Run : public Subcommand {
 public:
  Run(CLI::App& app, std::vector<std::string> program_args) {
    options_.scenario_program = default_scenario_program();
    options_.preload = default_preload_library();
    options_.counted_exec = default_counted_exec();
    options_.node_callgrind_addon = default_node_callgrind_addon();
    options_.program_args = std::move(program_args);
    options_.seed = std::random_device{}();
    command_ = app.add_subcommand("run",
                                  "Run scenarios old vs new, randomized and "
                                  "interleaved, one process per sample");
    auto& o = options_;
    command_->add_option(
        "selection", o.selectors,
        "Categories (fs), scenarios (fs/read-file-sync) or all; with --node, "
        "categories of --benchmark-dir, all, or scripts; with --gbench, "
        "regular expressions of benchmark names");
    command_
        ->add_option("--old-impl", o.old_impl,
                     "Implementation for the old side (baseline)")
        ->group(kGroupPrograms);
    command_
        ->add_option("--new-impl", o.new_impl,
                     "Implementation for the new side (fast)")
        ->group(kGroupPrograms);
    command_
        ->add_option("--old", o.old_program,
                     "fpbench-scenarios build for the old side")
        ->group(kGroupPrograms);
    command_
        ->add_option("--new", o.new_program,
                     "fpbench-scenarios build for the new side")
        ->group(kGroupPrograms);
    command_
        ->add_option("--scenario-program", o.scenario_program,
                     "fpbench-scenarios to run (default: $FPBENCH_SCENARIOS, "
                     "else the one beside fpbench, else on PATH)")
        ->group(kGroupPrograms);
    add_old_spelling(*command_, "--scenarios", "--scenario-program",
                     o.scenario_program);
    command_
        ->add_option("--set", o.sets,
                     "key=value: replace that key's values (repeatable)")
        ->allow_extra_args(false)
        ->group(kGroupSelection);
    command_
        ->add_option("--filter", o.filters,
                     "Keep scenarios whose name contains TEXT (with --node: "
                     "scripts whose file name does, as compare.js)")
        ->allow_extra_args(false)
        ->group(kGroupSelection);
    command_
        ->add_option("--exclude", o.excludes,
                     "Drop scenarios whose name contains TEXT (with --node: "
                     "scripts whose file name does, as compare.js)")
        ->allow_extra_args(false)
        ->group(kGroupSelection);
    command_
        ->add_option("--runs", o.runs,
                     "Samples per side and configuration; with "
                     "--until-decided, those of the first look (10 by "
                     "default there, unless --max-regression or --alpha is "
                     "given)")
        ->capture_default_str()
        ->group(kGroupSchedule);
    command_
        ->add_option("--seed", seed_,
                     "Seed of the randomized order (default: random)")
        ->group(kGroupSchedule);
    command_
        ->add_option("--output,-o", o.output,
                     "Samples CSV, - for stdout (the default)")
        ->group(kGroupOutput);
    command_
        ->add_option("--resume", o.resume,
                     "Continue the run in this CSV up to --runs")
        ->group(kGroupSchedule);
    command_
        ->add_option("--json", o.json,
                     "Also write the samples with the machine context")
        ->group(kGroupOutput);
    command_
        ->add_option("--cpu", cpus_,
                     "Pin every sample to these CPUs (taskset's list: 0, 0-2, "
                     "0,2-4)")
        ->type_name("LIST")
        ->group(kGroupSchedule);
    command_
        ->add_flag("--no-progress", no_progress_, "No progress line on stderr")
        ->group(kGroupOutput);
    command_
        ->add_flag(
            "--no-realtime", no_realtime_,
            "Time samples at normal priority (by default a sample runs at "
            "real-time priority SCHED_FIFO 1 where permitted while it is one "
            "thread with no child and few file writes: other work then "
            "cannot take the CPU from it)")
        ->group(kGroupSchedule);
    command_
        ->add_flag("--realtime-always", realtime_always_,
                   "Time every thread and child of a sample at real-time "
                   "priority, even where that changes how a program's own "
                   "threads, children or writeback are scheduled")
        ->group(kGroupSchedule);
    command_
        ->add_option(
            "--target-accuracy", target_accuracy_,
            "Add runs until every 95% interval is within this, e.g. 2%")
        ->group(kGroupSchedule);
    command_
        ->add_option("--max-runs", o.max_runs,
                     "Upper bound with --target-accuracy or --until-decided "
                     "(30 by default with --until-decided, unless "
                     "--max-regression or --alpha is given)")
        ->capture_default_str()
        ->group(kGroupSchedule);
    command_
        ->add_option(
            "--warmup", o.warmup,
            "Samples per side and configuration to discard (with --node: "
            "per side and script, and none unless asked, as compare.js; "
            "listing a script's configurations has started node and loaded "
            "it)")
        ->capture_default_str()
        ->group(kGroupSchedule);
    command_
        ->add_option("--min-time", o.min_time_s,
                     "Seconds each sample measures for")
        ->capture_default_str()
        ->group(kGroupSchedule);
    command_
        ->add_option(
            "--sample-timeout", o.sample_timeout_s,
            "Seconds before a sample's process (and what it started) is killed "
            "and the sample failed (default max(60, 20 x --min-time); 10x that "
            "for a Node script or under callgrind)")
        ->group(kGroupSchedule);
    command_
        ->add_flag("--node", node_,
                   "Run Node.js benchmark scripts with the node binaries --old "
                   "and --new")
        ->group(kGroupPrograms);
    command_
        ->add_option("--benchmark-dir", options_.benchmark_dir,
                     "With --node: Node's benchmark folder, whose categories "
                     "(fs, buffers, all) name scripts as compare.js's do")
        ->capture_default_str()
        ->group(kGroupPrograms);
    command_
        ->add_flag(
            "--command", command_kind_,
            "--old and --new are commands: each sample runs one, the whole "
            "process being the operation")
        ->group(kGroupPrograms);
    command_
        ->add_option("--param", params_,
                     "With --command: NAME=V1,V2,... ({NAME} in the commands "
                     "takes each value; every combination is a configuration)")
        ->allow_extra_args(false)
        ->group(kGroupPrograms);
    command_
        ->add_option("--name", o.command.name,
                     "With --command: the filename of its rows")
        ->capture_default_str()
        ->group(kGroupPrograms);
    command_
        ->add_option("--setup", o.command.setup,
                     "With --command: run once per configuration and "
                     "side before its first sample, untimed")
        ->group(kGroupPrograms);
    command_
        ->add_option("--prepare", o.command.prepare,
                     "With --command: run before every sample, untimed")
        ->group(kGroupPrograms);
    command_
        ->add_flag("--shell", o.command.shell,
                   "With --command: run the commands with /bin/sh -c "
                   "instead of executing their words")
        ->group(kGroupPrograms);
    command_
        ->add_flag("--ignore-failure", o.command.ignore_failure,
                   "With --command: a non-zero exit status is still a "
                   "sample")
        ->group(kGroupPrograms);
    command_
        ->add_flag(
            "--gbench", gbench_,
            "--old and --new are Google Benchmark binaries: one benchmark per "
            "process; arguments after -- go to both")
        ->group(kGroupPrograms);
    command_
        ->add_flag("--paired", o.paired,
                   "Run each configuration's old and new sample back to "
                   "back, in random order")
        ->group(kGroupSchedule);
    command_
        ->add_option("--metric", metrics_,
                     "Comma-separated: " + reports::metric_names_text() +
                         " (default wall; any other writes JSON Lines)")
        ->group(kGroupMetrics);
    command_
        ->add_option(
            "--counter-runs", o.counter_runs,
            "Samples per side of the counted metrics (syscalls, instructions)")
        ->capture_default_str()
        ->group(kGroupMetrics);
    command_
        ->add_option("--counter-iterations", o.counter_iterations,
                     "Iterations of a counting sample, the first not counted "
                     "(default 11; "
                     "5 under callgrind)")
        ->group(kGroupMetrics);
    command_
        ->add_option("--jobs,-j", o.jobs,
                     "Counting samples run at once (default: CPUs)")
        ->group(kGroupSchedule);
    command_
        ->add_option("--valgrind", o.valgrind,
                     "valgrind to count instructions with")
        ->capture_default_str()
        ->group(kGroupMetrics);
    command_
        ->add_flag(
            "--explain", o.explain,
            "Count instructions under callgrind, keeping each loop's counts by "
            "function and allocating call sites (for compare/gate --explain)")
        ->group(kGroupMetrics);
    command_
        ->add_option("--time-budget", time_budget_,
                     "Start no new round after this long: 90s, 10m, 1h")
        ->group(kGroupSchedule);
    command_
        ->add_option(
            "--shard", shard_,
            "K/N: measure only part K of N of the selected configurations (the "
            "same split on every machine)")
        ->group(kGroupSelection);
    command_
        ->add_option(
            "--shard-costs", o.shard_costs,
            "Balance the shards by the time each configuration took in this "
            "earlier run's samples (CSV or JSON Lines)")
        ->group(kGroupSelection);
    command_
        ->add_option(
            "--machine", o.machine_name,
            "Machine name for the --json context (default: the host name)")
        ->group(kGroupOutput);
    command_
        ->add_flag(
            "--until-decided", until_decided_,
            "After --runs, add rounds only for the benchmarks not yet decided, "
            "looking every --look-every runs up to --max-runs. Without a gate "
            "threshold, decided is compare's ***: a benchmark stops at a look "
            "where Welch's p < 0.001, the rest run to --max-runs. With "
            "--max-regression or --alpha, the gate decides (alpha spent over "
            "the looks); gate the result with fpbench gate --until-decided")
        ->group(kGroupSchedule);
    command_
        ->add_option("--look-every", look_every_,
                     "With --until-decided: runs between looks")
        ->capture_default_str()
        ->group(kGroupSchedule);
    command_
        ->add_option("--max-regression", max_regression_,
                     "With --until-decided: the gate's threshold, e.g. 5%; "
                     "given (or --alpha), the gate decides when to stop")
        ->capture_default_str()
        ->group(kGroupDecisions);
    command_
        ->add_option("--alpha", alpha_,
                     "With --until-decided: the gate's alpha; given (or "
                     "--max-regression), the gate decides when to stop")
        ->capture_default_str()
        ->group(kGroupDecisions);
  }

  [[nodiscard]] bool parsed() const override { return command_->parsed(); }

  Result<int> run() override {
    if (int(node_) + int(gbench_) + int(command_kind_) > 1) {
      return usage_error(
          "--node, --gbench and --command name different kinds of program: "
          "pick one");
    }
    // The flag that picks a kind of source names it (source_type.hpp).
    for (const auto& [picked, kind] :
         {std::pair{node_, "node"}, std::pair{gbench_, "gbench"},
          std::pair{command_kind_, "command"}}) {
      if (picked) options_.source = kind;
    }
    if (command_->count("--warmup") == 0) {
      options_.warmup =
          harness::find_source_type(options_.source)->default_warmup();
    }
    if (cpus_) {
      auto cpus = parse_cpu_list(*cpus_);
      if (!cpus) return usage_error("--cpu " + cpus.error().message);
      options_.cpus = std::move(*cpus);
    }
    for (const std::string& text : params_) {
      FPBENCH_ASSIGN_OR_RETURN(auto param, harness::parse_command_param(text));
      options_.command.params.push_back(std::move(param));
    }
    if (!command_kind_) {
      const auto& c = options_.command;
      if (!params_.empty() || c.setup || c.prepare || c.shell ||
          c.ignore_failure || c.name != "command") {
        return usage_error(
            "--param, --name, --setup, --prepare, --shell and "
            "--ignore-failure go with --command");
      }
    }
    options_.progress = !no_progress_;
    if (no_realtime_ && realtime_always_) {
      return usage_error(
          "--no-realtime and --realtime-always ask for different priorities: "
          "pick one");
    }
    options_.priority = no_realtime_       ? Priority::kNormal
                        : realtime_always_ ? Priority::kRealtime
                                           : Priority::kRealtimeAlone;
    if (!seed_.empty()) {
      FPBENCH_ASSIGN_OR_RETURN(options_.seed, parse_seed(seed_));
    }
    if (look_every_ < 1) return usage_error("--look-every must be at least 1");
    if (!(alpha_ > 0 && alpha_ < 1))
      return usage_error("--alpha must be between 0 and 1");
    FPBENCH_ASSIGN_OR_RETURN(
        const auto max_regression,
        ci::parse_percentage(max_regression_, "--max-regression"));
    if (!target_accuracy_.empty()) {
      FPBENCH_ASSIGN_OR_RETURN(
          const double pct,
          ci::parse_percentage(target_accuracy_, "--target-accuracy"));
      if (!(pct > 0))
        return usage_error("--target-accuracy must be a positive percentage");
      options_.target_accuracy_pct = pct;
    }
    if (!metrics_.empty()) {
      options_.metrics.clear();
      std::size_t start = 0;
      while (start <= metrics_.size()) {
        const std::size_t comma =
            std::min(metrics_.find(',', start), metrics_.size());
        options_.metrics.push_back(metrics_.substr(start, comma - start));
        start = comma + 1;
      }
    }
    if (!shard_.empty()) {
      FPBENCH_ASSIGN_OR_RETURN(options_.shard, harness::parse_shard(shard_));
    }
    if (!time_budget_.empty()) {
      const auto budget = harness::parse_duration(time_budget_);
      if (!budget)
        return usage_error("--time-budget: " + budget.error().message);
      options_.time_budget = *budget;
    }
    if (until_decided_) {
      if (!target_accuracy_.empty()) {
        return usage_error(
            "--until-decided and --target-accuracy are two stopping rules: "
            "pick one");
      }
      FPBENCH_TRY(set_stopping_rule(max_regression));
    }
    FPBENCH_ASSIGN_OR_RETURN(const auto summary,
                             harness::run_benchmarks(options_));
    for (const std::string& line : harness::summary_lines(summary)) {
      std::fprintf(stderr, "%s\n", line.c_str());
    }
    if (summary.failures.empty()) return kExitOk;
    // The samples that ran are written; the failures end the command.
    std::string message =
        std::to_string(summary.failures.size()) + " benchmark(s) failed:";
    for (const std::string& f : summary.failures) message += "\n  " + f;
    return benchmark_error(message);
  }

 private:
  // --until-decided: the gate's rule when a threshold is given, else the
  // table's, with its own defaults for the looks.
  Result<void> set_stopping_rule(double max_regression_pct) {
    const bool by_gate =
        command_->count("--max-regression") + command_->count("--alpha") > 0;
    const bool runs_given = command_->count("--runs") > 0;
    const bool max_runs_given = command_->count("--max-runs") > 0;
    if (!by_gate && !runs_given) options_.runs = kTableFirstLook;
    if (!by_gate && !max_runs_given) options_.max_runs = kTableMaxRuns;
    const auto named = [&](const char* option, int value, bool given) {
      return std::string(option) + " (" + std::to_string(value) +
             (given ? "" : ", its default with --until-decided") + ")";
    };
    if (options_.runs < 2) {
      return usage_error(
          "--until-decided needs --runs, its first look, of "
          "at least 2; got " +
          std::to_string(options_.runs));
    }
    if (options_.max_runs < options_.runs) {
      return usage_error(
          "--until-decided: " +
          named("--max-runs", options_.max_runs, max_runs_given || by_gate) +
          " is below the first look, " +
          named("--runs", options_.runs, runs_given || by_gate));
    }
    if (options_.paired)
      return usage_error("--until-decided does not apply to --paired");
    const reports::SequentialPlan plan{options_.runs, look_every_,
                                       options_.max_runs};
    if (!by_gate) {
      options_.wall_needs_more =
          [plan](const std::vector<harness::BenchmarkValues>& all) {
            return harness::undecided_by_table(all, plan);
          };
      return {};
    }
    ci::GateOptions gate;
    gate.alpha = alpha_;
    gate.max_regression_pct = max_regression_pct;
    FPBENCH_TRY(ci::check_thresholds(gate));
    gate.sequential = plan;
    options_.wall_needs_more =
        [gate](const std::vector<harness::BenchmarkValues>& all) {
          return harness::undecided_by_gate(all, gate);
        };
    return {};
  }

  CLI::App* command_ = nullptr;
  harness::RunOptions options_;
  std::string seed_;
  std::string target_accuracy_;
  std::string metrics_;
  std::string time_budget_;
  std::string shard_;
  bool until_decided_ = false;
  int look_every_ = 10;
  std::string max_regression_ = "5%";
  double alpha_ = 0.01;
  bool no_progress_ = false;
  bool no_realtime_ = false;
  bool realtime_always_ = false;
  bool node_ = false;
  std::optional<std::string> cpus_;
  bool gbench_ = false;
  bool command_kind_ = false;
  std::vector<std::string> params_;
};

}  // namespace

// A whole decimal number that fits 64 bits. Read as an unsigned integer by
// CLI11, -1 or 2^64 would silently become another seed.
Result<std::uint64_t> parse_seed(const std::string& text) {
  std::uint64_t seed = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, seed);
  if (text.empty() || ec != std::errc() || ptr != end) {
    return usage_error(
        "--seed must be an integer from 0 to " +
        std::to_string(std::numeric_limits<std::uint64_t>::max()) + ", got '" +
        text + "'");
  }
  return seed;
}

std::unique_ptr<Subcommand> add_run(CLI::App& app,
                                    std::vector<std::string> program_args) {
  return std::make_unique<Run>(app, std::move(program_args));
}

}  // namespace fpbench::cli
