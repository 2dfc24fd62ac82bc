#pragma once

// `fpbench run`: old against new, sample by sample, in an order randomized
// afresh every round so that neither side always runs first, warmer or
// later; each sample a fresh process; samples appended to the CSV as they
// arrive.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fpbench/base/result.hpp"

namespace fpbench::harness {

struct RunOptions {
  // "all", a category ("fs") or a scenario; with `node`, benchmark scripts.
  std::vector<std::string> selectors;
  // Drive Node.js benchmark scripts (benchmark/fs/readFileSync.js) with the
  // node binaries --old and --new instead of fpbench-scenarios.
  bool node = false;
  std::string scenario_program;        // used for a side without its own program
  std::optional<std::string> old_impl;
  std::optional<std::string> new_impl;
  std::optional<std::string> old_program;
  std::optional<std::string> new_program;
  std::vector<std::string> sets;      // key=value, replacing that key's values
  std::vector<std::string> filters;   // keep scenarios whose name contains one
  std::vector<std::string> excludes;  // drop scenarios whose name contains one
  int runs = 30;
  std::uint64_t seed = 0;
  std::string output = "-";
  std::optional<std::string> resume;  // CSV to continue up to `runs` per side
  std::optional<std::string> json;    // samples with the machine context
  std::optional<int> cpu;
  bool progress = true;
  double target_accuracy_pct = 0;  // 0: a fixed number of runs
  int max_runs = 200;
  int warmup = 1;  // samples per side and configuration run first and dropped
  double min_time_s = 0.1;
};

struct RunSummary {
  std::size_t samples_written = 0;
  std::vector<std::string> failures;       // one line each, with stderr
  std::vector<std::string> not_converged;  // with --target-accuracy
};

// Fails (usage or bad input) before anything is measured; afterwards
// failures of single samples are collected in the summary.
Result<RunSummary> run_benchmarks(const RunOptions& options);

// The --node form: each sample round runs every script once with each node
// binary (one process per script, binary and round, in shuffled order) and
// parses the lines Node's benchmark/common.js prints when run standalone:
//   fs/readFileSync.js n=600 path="existing" encoding="utf8": 123,456.78
// Configuration values in double quotes are written in single quotes, the
// form compare.R tables use; time is the script's wall-clock time.
Result<RunSummary> run_node_benchmarks(const RunOptions& options);

struct NodeResultLine {
  std::string filename;
  std::string configuration;
  double rate_ops_per_s = 0;
};
// One standalone output line, or nullopt for any other line.
std::optional<NodeResultLine> parse_node_result_line(std::string_view line);

}  // namespace fpbench::harness
