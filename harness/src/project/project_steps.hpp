#pragma once

// The steps `fpbench pr` and `fpbench nightly` share: the builds in
// worktrees, the entries' run, and fpbench's own subcommands run as
// processes (gate, compare, history).

#include <string>
#include <vector>

#include "bisect/bisect_worktrees.hpp"
#include "fpbench/base/result.hpp"
#include "fpbench/harness/project.hpp"

namespace fpbench::harness::project_detail {

// The build command with [build] env exported before it.
std::string build_command(const BuildConfig& build);

// A commit built in its worktree (checked out first: cache.checkout, which
// is not safe from two threads, while this is); a failure (exit 3) naming the
// commit, the side ("the new side") and the build log otherwise.
Result<std::string> build_side(bisect_detail::BuildCache& cache,
                               const std::string& sha, const std::string& side);

// What a run wrote and said.
struct Measured {
  std::string samples;  // the samples file
  bool csv = false;     // compare.js CSV (wall alone), else JSON Lines
  std::vector<std::string> metrics;  // those the samples hold
  RunSummary summary;
};

// Every entry measured, old_dir's build against new_dir's, in one schedule;
// samples into out_dir (samples.csv or samples.jsonl, samples.json), the
// run's notes into run.log and on stderr. `until_decided` (and the
// config's gate.until_decided): wall time by the gate's looks within the
// budget; else gate.runs runs per side.
Result<Measured> measure_entries(const ProjectConfig& config,
                                 const ProjectOptions& options,
                                 const std::string& old_dir,
                                 const std::string& new_dir,
                                 bool until_decided);

// This fpbench's subcommand `args`: its stdout is returned with its exit
// code, its stderr passed on. Fails only when it cannot be started.
struct SelfRun {
  int exit_code = 0;
  std::string out;
};
Result<SelfRun> run_self(const std::string& program,
                         const std::vector<std::string>& args);

Result<void> write_text(const std::string& path, const std::string& text);

// The history store of the config: a URL as it is, a path relative to the
// repository's top.
std::string store_location(const ProjectConfig& config, const std::string& top);

}  // namespace fpbench::harness::project_detail
