#pragma once

// Where the samples of a comparison come from: one entry point for every
// command that compares old with new (compare, gate).
//
// Exactly one kind of input is used:
// - a compare.js samples CSV (both sides in one file, "-" for stdin);
// - two Google Benchmark JSON files, OLD and NEW (gbench_json.hpp);
// - two hyperfine --export-json files, OLD and NEW (hyperfine_json.hpp).
// With two files, every sample of the first is the old binary's and every
// sample of the second the new binary's.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fpbench/base/result.hpp"
#include "fpbench/reports/gbench_json.hpp"
#include "fpbench/reports/metric_samples.hpp"
#include "fpbench/reports/samples.hpp"

namespace fpbench::reports {

struct SampleInputs {
  std::string csv_path;                // "-" for stdin; empty if not used
  std::vector<std::string> gbench;     // OLD, NEW
  std::vector<std::string> hyperfine;  // OLD, NEW
  TimeMetric metric = TimeMetric::kRealTime;  // gbench only
  std::vector<std::string>
      metric_names;  // fpbench's metrics; empty: the default
  // As fpbench run selects: keep the benchmarks whose name ("filename
  // configuration") contains one of `filters` (all when none), then drop
  // those containing an exclude.
  std::vector<std::string> filters;
  std::vector<std::string> excludes;
};

// True when a benchmark's `name` is selected by that rule (also the
// history's, over its series' names).
bool name_selected(std::string_view name,
                   const std::vector<std::string>& filters,
                   const std::vector<std::string>& excludes);

// One metric's samples, described for the reports: what the numbers are
// ("rate_ops_per_s", "instructions per operation (valgrind), lower is
// better"), which way is better, and whether exact counts are possible.
struct MetricInput {
  std::string metric;  // "wall", "instructions", "syscalls:openat", ...
  SampleSet samples;
  std::string description;
  bool lower_is_better = false;
  std::optional<double> exact_noise_floor;
  std::string source;
};

struct LoadedSamples {
  SampleSet samples;
  // Rows left out, one line each without the "fpbench: warning: " prefix;
  // also a note when OLD and NEW share no benchmark name.
  std::vector<std::string> warnings;
  // What the rates are: "rate_ops_per_s" for CSV, "1/real_time (iterations
  // per second)" or "1/cpu_time (...)" for gbench, "1/time (runs per
  // second)" for hyperfine.
  std::string metric_description;
  // fpbench's JSON Lines with every metric (metric_samples.hpp): the records,
  // and `samples` left empty until a metric is chosen (select_metrics).
  bool has_metrics = false;
  std::vector<SampleRecord> records;
  std::string input_name;
};

// The samples of each named metric of a JSON Lines input (all it has when
// `names` is empty); for any other input, its one metric ("wall").
Result<std::vector<MetricInput>> select_metrics(
    const LoadedSamples& loaded, const std::vector<std::string>& names);

// Usage errors: no input or more than one kind, a file list that is not
// exactly OLD and NEW, a --filter/--exclude that leaves no benchmark.
// Otherwise the errors of reading and parsing.
Result<LoadedSamples> load_samples(const SampleInputs& inputs);

}  // namespace fpbench::reports
