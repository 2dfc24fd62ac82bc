#pragma once

// Reading Google Benchmark's JSON output (--benchmark_format=json or
// --benchmark_out=FILE) as samples, from any program built with Google
// Benchmark 1.4 to 1.9.
//
// One sample per iteration row, that is per repetition of a benchmark:
//   rate = iterations per second = 1 / time_in_seconds
// where time is the row's real_time or cpu_time (TimeMetric), which Google
// Benchmark reports per iteration in the row's time_unit (ns, us, ms or s).
// The rate is what the compare table and the gate use, higher is better;
// the division is done once, 1e9 / time for ns, so it is exactly rounded.
//
// Naming: the benchmark name (run_name when present, else name) is split at
// its first '/': the family before it becomes the filename, the rest the
// configuration. "BM_memcpy/1024/real_time" -> "BM_memcpy", "1024/real_time";
// "BM_sum" -> "BM_sum", "".
//
// Rows that are not samples:
// - aggregates (run_type "aggregate": mean, median, stddev, cv, user
//   statistics, BigO, RMS) are ignored. Files older than 1.5 have no
//   run_type; there a row is an aggregate when it has aggregate_name, big_o
//   or rms, or its name ends in _mean, _median, _stddev, _cv, _BigO or _RMS.
// - rows with "error_occurred": true (SkipWithError) or "skipped": true
//   (1.8+ SkipWithMessage) are left out with a warning,
//   "FILE: benchmark 'X' skipped: message", given once per distinct
//   benchmark and message.
//
// Errors (bad-input, naming the file; parse errors also the line): invalid
// JSON, no "benchmarks" array, a row that is not an object or whose fields
// have the wrong type, an unknown run_type or time_unit, a time that is
// NaN, infinite or <= 0 (it cannot become a rate), and a file without a
// single usable iteration row.

#include <string>
#include <string_view>
#include <vector>

#include "fpbench/base/result.hpp"
#include "fpbench/reports/samples.hpp"

namespace fpbench::reports {

enum class TimeMetric { kRealTime, kCpuTime };

// Parses "real_time" or "cpu_time" (usage error otherwise).
Result<TimeMetric> parse_time_metric(std::string_view name);
// "real_time" or "cpu_time".
std::string_view time_metric_name(TimeMetric metric);

// Adds every iteration row of the file to `out` as a sample of `side`, and
// appends the warnings for left-out rows to `warnings`. On error nothing is
// added to `out`.
Result<void> add_gbench_json(std::string_view json_text,
                             std::string_view source_name, Binary side,
                             TimeMetric metric, SampleSet& out,
                             std::vector<std::string>& warnings);

}  // namespace fpbench::reports
