#pragma once

// `fpbench history record | detect | report | plot`, as functions from
// options to output text and an exit code, so the CLI only parses flags.
//
// Series: per benchmark x machine x metric x source, one point per recorded
// run, the mean of one side ("new" by default: the product; "old" is the
// control), in (date, recording) order. --metric chooses the metric (wall,
// the default: ops/s, higher is better; the counts per operation, lower is
// better; detect also takes "all"). Change points come from
// stats::detect_change_points on those means; one that moves the worse way
// (a rate down, a count up) is a REGRESSION, the other way an improvement.
// A metric with a measured noise floor between processes (instructions)
// reports no change smaller than that floor, whatever --min-magnitude says.
//
// --benchmark PATTERN matches benchmark names ("filename configuration",
// as compare.R names them) by plain substring, case-sensitive; no wildcards.
//
// --since selects the newest runs a regression must lie in to fail detect
// (exit 1): empty, the last run; all digits and at most 6 characters, the
// last N runs of each series; otherwise a commit (a unique prefix of at
// least 4 characters), and every run at or after that commit's run (same
// machine; on a machine without it, runs dated at or after it).

#include <cstddef>
#include <string>
#include <vector>

#include "fpbench/base/result.hpp"
#include "fpbench/history/history_store.hpp"
#include "fpbench/reports/history_report.hpp"

namespace fpbench::history {

struct CommandOutput {
  std::string text;  // for stdout
  int exit_code = kExitOk;
};

struct RecordOptions {
  // compare.js CSV or fpbench's JSON Lines (every metric), or - for stdin
  std::string file;
  std::string db;
  std::string commit;
  std::string date;  // ISO 8601; empty: now (UTC)
  std::string
      machine;  // empty: the context's machine_name, else this host's name
  // The --json file `fpbench run` wrote beside the samples: its context gives
  // the run's fingerprint (machine_class.hpp). Empty: this host's CPU, cores
  // and kernel, with the programs' compilers unknown.
  std::string context{};
  // The machine changed on purpose: start a new machine class instead of
  // refusing a fingerprint that differs from the machine's latest run.
  bool new_machine_class = false;
};

// One line: "recorded run 12 (commit abc, machine m, 2026-...Z): 1000
// benchmarks, 60000 samples, new run" (or "replaced the earlier recording"),
// then "machine class X (fingerprint from ...)";
// for JSON Lines a second naming the metrics and sources stored, and one per
// metric left out as unknown.
Result<CommandOutput> history_record(const RecordOptions& options);

struct SeriesOptions {
  std::string db;
  std::string side = "new";
  std::string metric = "wall";  // a metric_info name; "all" for detect only
  std::string machine;
  // As fpbench run selects: benchmarks whose name contains one of
  // `filters` (all when none), less those containing an exclude.
  std::vector<std::string> filters;
  std::vector<std::string> excludes;
  std::size_t window = 50;
  double p_value = 0.001;       // after the correction for split positions
  std::size_t min_segment = 4;  // fewest runs on either side of a change point
  double min_magnitude_pct =
      0;  // |change| below this percentage is not reported
};

struct DetectOptions {
  SeriesOptions series;
  std::string since;
  std::string format = "text";  // text | markdown | json
};

// Exit code kExitRegression when a regression lies in the --since runs.
Result<CommandOutput> history_detect(const DetectOptions& options);

struct ReportOptions {
  SeriesOptions series;
  std::string format = "markdown";  // markdown | json
  std::size_t last = 0;  // list change points of the last N runs only; 0: all
};

// Per benchmark: latest run vs the previous one and vs the level before the
// last change point, and the change points. Exit code 0.
Result<CommandOutput> history_report(const ReportOptions& options);

// The JSON the history plot renders (reports::format_history_plot_json) of
// every selected series.
Result<std::string> history_plot_json(const SeriesOptions& options);

// Writes history_plot_json next to `png_path` (OUT.png -> OUT.json), then
// draws the PNG from it with reports::render_plot (the matplotlib script).
Result<CommandOutput> history_plot(const SeriesOptions& options,
                                   const std::string& png_path);

// --- The analysis the commands share (exposed for tests) ---

using reports::DetectedChange;
using reports::SeriesAnalysis;

Result<std::vector<SeriesAnalysis>> analyse_history(
    HistoryStore& store, const SeriesOptions& options,
    const std::string& since);

}  // namespace fpbench::history
