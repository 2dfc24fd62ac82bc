#pragma once

// `fpbench run`: old against new, sample by sample, in an order randomized
// afresh every round so that neither side always runs first, warmer or
// later; each sample a fresh process; samples appended to the CSV as they
// arrive.
//
// Schedules. A round gives every configuration one sample of each side.
//  - default: the round is a random permutation of all (configuration, side)
//    jobs, so the old and new sample of a configuration can be the whole
//    round apart.
//  - paired: the round is a random permutation of the configurations, and a
//    configuration's old and new sample run back to back, in an order decided
//    by a coin from the seeded RNG per pair, so that both see the same host
//    speed when it drifts or switches between regimes lasting seconds.
//    Both rows of a pair are written in one write(2), once both are measured.
//    Warm-up samples are scheduled the same way.
// Pairing property: within a configuration, the k-th old row and the k-th
// new row of the CSV were measured in the same round (with --paired: in the
// same back-to-back pair), in both schedules, because every round appends at
// most one sample per side and configuration. It can break:
//  - on a failure. Either schedule stops running the configuration. Default:
//    rows already written stay, so the failing round may leave one unmatched
//    row. Paired: the pair's other sample is not written (the failure line
//    says so), so the rows stay aligned.
//  - on --resume from a file with unequal counts (a default-schedule run cut
//    mid-round). Default: both sides are topped up round by round, so the
//    k-th rows of the later rounds are one round apart. Paired: the first
//    round runs only the lagging side of such a configuration, alone; the
//    k-th rows stay aligned by index but that one pair was not back to back.
// With --paired, a resumed CSV is taken as pairs k-th old with k-th new.

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
  // Run a configuration's old and new sample back to back (see above).
  bool paired = false;
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
