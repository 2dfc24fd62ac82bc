#pragma once

// `fpbench pr` and `fpbench nightly`: a repository's fpbench.toml
// (project_config.hpp) run as a pull-request gate and as a nightly with a
// history. Every commit is built in a worktree of its own under the cache
// (bisect_worktrees.hpp: never the user's checkout, never a dirty tree's
// files) and kept for the next run; paths in the config are relative to
// each worktree.
//
// pr: the merge base of --base and --head (old) against --head (new), every
// entry in one randomized interleaved schedule (run_benchmarks over several
// RunOptions), wall time until decided within the time budget; then the
// gate with the config's thresholds, compare's JSON and plots. Exit code:
// the gate's; 3 when a side does not build (naming the commit, the side and
// the build log) or a benchmark failed.
//
// nightly: one commit built and measured (each entry against itself, the
// old side a control run in the same schedule), recorded into the history
// store, every metric's change points detected; each new regression is
// bisected between its last good commit and its commit within the bisect
// budget, and the alert (Markdown and JSON, optionally piped to the
// config's notify command) names the commit found. Exit code: 1 when a new
// regression was found, else 0; 2 bad input, 3 a failure.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fpbench/base/result.hpp"
#include "fpbench/ci/gate.hpp"
#include "fpbench/harness/project_config.hpp"
#include "fpbench/harness/run_benchmarks.hpp"

namespace fpbench::harness {

struct ProjectOptions {
  std::string repo = ".";  // a folder inside the repository
  std::string out_dir;
  std::optional<std::string> cache_dir;  // none: default_cache_root()
  // The programs fpbench runs beside the measured ones (the preload
  // library, counted exec, the Node addon, fpbench-scenarios), the seed and
  // progress: copied into every entry's RunOptions.
  RunOptions defaults;
  // This fpbench, which the gate, compare, history and bisect steps run as
  // its own subcommands; and fpbench-history.
  std::string self;
  std::string history_program;
};

struct PrOptions {
  ProjectOptions project;
  std::string base;  // empty: origin/HEAD, origin/main, main or master
  std::string head = "HEAD";
};

struct NightlyOptions {
  ProjectOptions project;
  std::string ref = "HEAD";
  // The machine changed on purpose (history record --new-machine-class).
  bool new_machine_class = false;
};

// fpbench.toml at the top of the repository `dir` is in; bad input when it
// is in none.
Result<std::string> default_config_path(const std::string& dir);

Result<int> run_pr(const ProjectConfig& config, const PrOptions& options);
Result<int> run_nightly(const ProjectConfig& config,
                        const NightlyOptions& options);

// The RunOptions measuring `entry` with old_dir's build as old and
// new_dir's as new (worktrees; paths in the entry are relative to them).
Result<RunOptions> entry_run_options(const BenchmarkEntry& entry,
                                     const GateConfig& gate,
                                     const RunOptions& defaults,
                                     const std::string& old_dir,
                                     const std::string& new_dir);

// `fpbench gate`'s threshold flags for the config's [gate]: --max-regression
// METRIC=PCT and --threshold METRIC:PATTERN=PCT, or the plain forms for
// compare.js CSV (`csv`), whose one metric is wall time.
std::vector<std::string> gate_threshold_flags(const GateConfig& gate, bool csv);

// The benchmarks to measure again when the gate decides when to stop
// (`gate.sequential`'s looks): between looks every one it has not decided,
// at a look those it still cannot decide, none at max_runs.
std::vector<reports::BenchmarkKey> undecided_by_gate(
    const std::vector<BenchmarkValues>& all, const ci::GateOptions& gate);

}  // namespace fpbench::harness
