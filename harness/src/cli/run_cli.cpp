// fpbench run [SCENARIO...] (--old-impl A --new-impl B | --old PROG --new PROG)
//             [--set K=V]... [--filter T]... [--exclude T]... [--runs N] [--seed S]
//             [--output CSV] [--resume CSV] [--json FILE] [--cpu N] [--paired]
//             [--target-accuracy PCT --max-runs N] [--node]

#include <cstdio>
#include <random>
#include <string>

#include "fpbench/ci/gate.hpp"
#include "fpbench/harness/run_command.hpp"
#include "subcommands.hpp"

namespace fpbench::cli {
namespace {

class Run : public Subcommand {
 public:
  explicit Run(CLI::App& app) {
    options_.scenario_program = default_scenario_program();
    options_.seed = std::random_device{}();
    command_ = app.add_subcommand(
        "run", "Run scenarios old vs new, randomized and interleaved, one process per sample");
    auto& o = options_;
    command_->add_option("scenarios", o.selectors,
                         "Categories (fs), scenarios (fs/read-file-sync) or all");
    command_->add_option("--old-impl", o.old_impl, "Implementation for the old side (baseline)");
    command_->add_option("--new-impl", o.new_impl, "Implementation for the new side (fast)");
    command_->add_option("--old", o.old_program, "fpbench-scenarios build for the old side");
    command_->add_option("--new", o.new_program, "fpbench-scenarios build for the new side");
    command_->add_option("--scenarios", o.scenario_program, "fpbench-scenarios to run")
        ->capture_default_str();
    command_->add_option("--set", o.sets, "key=value: replace that key's values (repeatable)")
        ->allow_extra_args(false);
    command_->add_option("--filter", o.filters, "Keep scenarios whose name contains TEXT")
        ->allow_extra_args(false);
    command_->add_option("--exclude", o.excludes, "Drop scenarios whose name contains TEXT")
        ->allow_extra_args(false);
    command_->add_option("--runs", o.runs, "Samples per side and configuration")
        ->capture_default_str();
    command_->add_option("--seed", o.seed, "Seed of the randomized order");
    command_->add_option("--output,-o", o.output, "Samples CSV, - for stdout")
        ->capture_default_str();
    command_->add_option("--resume", o.resume, "Continue the run in this CSV up to --runs");
    command_->add_option("--json", o.json, "Also write the samples with the machine context");
    command_->add_option("--cpu", o.cpu, "Pin every sample to this CPU");
    command_->add_flag("--no-progress", no_progress_, "No progress line on stderr");
    command_->add_option("--target-accuracy", target_accuracy_,
                         "Add runs until every 95% interval is within this, e.g. 2%");
    command_->add_option("--max-runs", o.max_runs, "Upper bound with --target-accuracy")
        ->capture_default_str();
    command_->add_option("--warmup", o.warmup, "Samples per side and configuration to discard")
        ->capture_default_str();
    command_->add_option("--min-time", o.min_time_s, "Seconds each sample measures for")
        ->capture_default_str();
    command_->add_flag("--node", o.node,
                       "Run Node.js benchmark scripts with the node binaries --old and --new");
    command_->add_flag("--paired", o.paired,
                       "Run each configuration's old and new sample back to back, in random order");
  }

  [[nodiscard]] bool parsed() const override { return command_->parsed(); }

  Result<int> run() override {
    options_.progress = !no_progress_;
    if (!target_accuracy_.empty()) {
      const Result<double> pct = ci::parse_percentage(target_accuracy_, "--target-accuracy");
      if (!pct) return pct.error();
      if (!(*pct > 0)) return usage_error("--target-accuracy must be a positive percentage");
      options_.target_accuracy_pct = *pct;
    }
    const auto summary = harness::run_benchmarks(options_);
    if (!summary) return summary.error();
    for (const std::string& line : summary->not_converged) {
      std::fprintf(stderr, "fpbench: not converged: %s\n", line.c_str());
    }
    if (summary->failures.empty()) return kExitOk;
    // The samples that ran are written; the failures end the command.
    std::string message = std::to_string(summary->failures.size()) + " benchmark(s) failed:";
    for (const std::string& f : summary->failures) message += "\n  " + f;
    return benchmark_error(message);
  }

 private:
  CLI::App* command_ = nullptr;
  harness::RunOptions options_;
  std::string target_accuracy_;
  bool no_progress_ = false;
};

}  // namespace

std::unique_ptr<Subcommand> add_run(CLI::App& app) { return std::make_unique<Run>(app); }

}  // namespace fpbench::cli
