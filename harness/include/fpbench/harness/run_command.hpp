#pragma once

// `fpbench run`: old against new, sample by sample, in an order randomized
// afresh every round so that neither side always runs first, warmer or
// later; each sample a fresh process; samples appended to the CSV as they
// arrive.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fpbench/base/result.hpp"

namespace fpbench::harness {

struct RunOptions {
  std::vector<std::string> selectors;  // "all", a category ("fs") or a scenario
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

}  // namespace fpbench::harness
