// fpbench config check [--config FILE]
// fpbench config get KEY [--config FILE]
// fpbench pr [--base REF] [--head REF] [--config FILE] [--out DIR]
//            [--cache DIR] [--seed S] [--no-progress]
// fpbench nightly [REF] [--config FILE] [--out DIR] [--store DB]
//                 [--new-machine-class] [--cache DIR] [--seed S]
//                 [--no-progress]
//
// A repository's fpbench.toml (project_config.hpp) checked, run as a
// pull-request gate, or run as a nightly with a history (project.hpp).

#include <fmt/format.h>
#include <unistd.h>

#include <climits>
#include <cstdio>
#include <filesystem>
#include <random>
#include <string>

#include "fpbench/base/cli_vocabulary.hpp"
#include "fpbench/base/try.hpp"
#include "fpbench/harness/project.hpp"
#include "subcommands.hpp"

namespace fpbench::cli {
namespace {

// This program, which the projects' steps run as their subcommands.
std::string self_program() {
  char path[PATH_MAX];
  const ssize_t n = ::readlink("/proc/self/exe", path, sizeof path - 1);
  if (n <= 0) return "fpbench";
  return std::string(path, static_cast<std::size_t>(n));
}

// --config as given, else fpbench.toml at the top of the repository `repo`
// is in.
Result<std::string> config_path(const std::optional<std::string>& given) {
  if (given) return *given;
  return harness::default_config_path(".");
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : ", ") + w;
  return out;
}

std::string describe(const harness::ProjectConfig& c) {
  std::string out = c.path + ": valid\n";
  out += "  build: " + c.build.command + "\n";
  for (const harness::BenchmarkEntry& e : c.benchmarks) {
    out += "  " + e.kind + " " + e.program +
           (e.name != e.program ? " (" + e.name + ")" : "") + ": " +
           joined(e.metrics) + "\n";
  }
  std::vector<std::string> thresholds;
  for (const harness::MetricThreshold& t : c.gate.thresholds)
    thresholds.push_back(fmt::format("{} {}%", t.metric, t.pct));
  for (const harness::GateRuleConfig& rule : c.gate.rules) {
    for (const harness::MetricThreshold& t : rule.thresholds)
      thresholds.push_back(
          fmt::format("{} {}% for {}", t.metric, t.pct, rule.match));
  }
  out += "  gate: " +
         (thresholds.empty() ? std::string("the default thresholds")
                             : joined(thresholds)) +
         fmt::format("; alpha {}, {} runs first, up to {} within {}s\n",
                     c.gate.alpha, c.gate.runs, c.gate.max_runs,
                     c.gate.time_budget.count());
  out += "  history: " + c.history.store + "\n";
  return out;
}

class ConfigCommand : public Subcommand {
 public:
  explicit ConfigCommand(CLI::App& app) {
    command_ = app.add_subcommand(
        "config", "Check a repository's fpbench.toml without running anything");
    command_->require_subcommand(1);
    check_ = command_->add_subcommand(
        "check",
        "Read fpbench.toml (or --config) and say what it runs, or where it is "
        "wrong: exit 0 valid, 2 not");
    get_ = command_->add_subcommand(
        "get",
        "Print one setting as fpbench reads it, defaults included (for "
        "scripts): build.command, history.store or history.machine");
    for (CLI::App* sub : {check_, get_}) {
      sub->add_option("--config", config_,
                      "The file (default: fpbench.toml at the repository's "
                      "root)")
          ->group(kGroupInput);
    }
    get_->add_option("key", key_, "The setting")->required();
  }
  [[nodiscard]] bool parsed() const override { return command_->parsed(); }
  Result<int> run() override {
    FPBENCH_ASSIGN_OR_RETURN(const std::string path, config_path(config_));
    FPBENCH_ASSIGN_OR_RETURN(const auto config,
                             harness::load_project_config(path));
    if (!get_->parsed()) {
      FPBENCH_TRY(write_stdout(describe(config)));
      return kExitOk;
    }
    const std::vector<std::pair<std::string, std::string>> settings = {
        {"build.command", config.build.command},
        {"history.store", config.history.store},
        {"history.machine", config.history.machine}};
    for (const auto& [key, value] : settings) {
      if (key != key_) continue;
      FPBENCH_TRY(write_stdout(value + "\n"));
      return kExitOk;
    }
    return usage_error("config get: unknown setting '" + key_ +
                       "': expected build.command, history.store or "
                       "history.machine");
  }

 private:
  CLI::App* command_ = nullptr;
  CLI::App* check_ = nullptr;
  CLI::App* get_ = nullptr;
  std::optional<std::string> config_;
  std::string key_;
};

// What pr and nightly share: the config, the folders, the seed.
struct ProjectFlags {
  std::optional<std::string> config;
  std::optional<std::string> cache;
  std::string out;
  std::string seed;
  bool no_progress = false;

  void add(CLI::App& command, const std::string& default_out) {
    out = default_out;
    command
        .add_option("--config", config,
                    "fpbench.toml to run (default: the one at the "
                    "repository's root)")
        ->group(kGroupInput);
    command.add_option("--out", out, "Folder for the results")
        ->capture_default_str()
        ->group(kGroupOutput);
    command
        .add_option("--cache", cache,
                    "Where the commits' worktrees and builds are kept "
                    "(default: ~/.cache/fpbench/bisect, shared with bisect)")
        ->group(kGroupPrograms);
    command.add_option("--seed", seed, "Seed of the randomized order")
        ->group(kGroupSchedule);
    command.add_flag("--no-progress", no_progress, "No progress on stderr")
        ->group(kGroupOutput);
  }

  Result<std::pair<harness::ProjectConfig, harness::ProjectOptions>> load()
      const {
    FPBENCH_ASSIGN_OR_RETURN(const std::string path, config_path(config));
    FPBENCH_ASSIGN_OR_RETURN(harness::ProjectConfig c,
                             harness::load_project_config(path));
    harness::ProjectOptions p;
    p.out_dir = out;
    p.cache_dir = cache;
    p.self = self_program();
    p.history_program = history_program();
    harness::RunOptions& d = p.defaults;
    d.scenario_program = default_scenario_program();
    d.preload = default_preload_library();
    d.counted_exec = default_counted_exec();
    d.node_callgrind_addon = default_node_callgrind_addon();
    d.progress = !no_progress;
    d.seed = std::random_device{}();
    if (!seed.empty()) {
      FPBENCH_ASSIGN_OR_RETURN(d.seed, parse_seed(seed));
    }
    return std::pair{std::move(c), std::move(p)};
  }
};

class PrCommand : public Subcommand {
 public:
  explicit PrCommand(CLI::App& app) {
    command_ = app.add_subcommand(
        "pr",
        "Gate a pull request as fpbench.toml says: the merge base against "
        "the head, each built in a worktree of its own; exit 0 pass, 1 "
        "regression, 2 bad input, 3 a side does not build or a benchmark "
        "failed");
    command_
        ->add_option("--base", options_.base,
                     "The branch the change goes into (default: origin/HEAD, "
                     "else origin/main, main or master); its merge base with "
                     "--head is the old side")
        ->group(kGroupPrograms);
    command_->add_option("--head", options_.head, "The change (the new side)")
        ->capture_default_str()
        ->group(kGroupPrograms);
    flags_.add(*command_, "fpbench-out/pr");
  }
  [[nodiscard]] bool parsed() const override { return command_->parsed(); }
  Result<int> run() override {
    FPBENCH_ASSIGN_OR_RETURN(auto loaded, flags_.load());
    options_.project = std::move(loaded.second);
    return harness::run_pr(loaded.first, options_);
  }

 private:
  CLI::App* command_ = nullptr;
  ProjectFlags flags_;
  harness::PrOptions options_;
};

class NightlyCommand : public Subcommand {
 public:
  explicit NightlyCommand(CLI::App& app) {
    command_ = app.add_subcommand(
        "nightly",
        "Measure one commit as fpbench.toml says, record it in the history, "
        "detect change points and bisect new regressions; exit 1 when one "
        "was found, 0 when none, 2 bad input, 3 a failure");
    command_->add_option("ref", options_.ref, "The commit to measure")
        ->capture_default_str();
    command_
        ->add_option("--store", store_,
                     "The history store instead of the config's [history] "
                     "store: an SQLite file or a postgresql:// URL")
        ->group(kGroupInput);
    command_
        ->add_flag("--new-machine-class", options_.new_machine_class,
                   "The machine changed on purpose (CPU, kernel, compiler): "
                   "start a new class of it instead of refusing the run")
        ->group(kGroupInput);
    flags_.add(*command_, "fpbench-out/nightly");
  }
  [[nodiscard]] bool parsed() const override { return command_->parsed(); }
  Result<int> run() override {
    FPBENCH_ASSIGN_OR_RETURN(auto loaded, flags_.load());
    if (store_) {
      // A path on the command line is the shell's, not the repository's.
      const bool url = store_->find("://") != std::string::npos;
      loaded.first.history.store =
          url ? *store_ : std::filesystem::absolute(*store_).string();
    }
    options_.project = std::move(loaded.second);
    return harness::run_nightly(loaded.first, options_);
  }

 private:
  CLI::App* command_ = nullptr;
  ProjectFlags flags_;
  std::optional<std::string> store_;
  harness::NightlyOptions options_;
};

}  // namespace

std::unique_ptr<Subcommand> add_config(CLI::App& app) {
  return std::make_unique<ConfigCommand>(app);
}
std::unique_ptr<Subcommand> add_pr(CLI::App& app) {
  return std::make_unique<PrCommand>(app);
}
std::unique_ptr<Subcommand> add_nightly(CLI::App& app) {
  return std::make_unique<NightlyCommand>(app);
}

}  // namespace fpbench::cli
