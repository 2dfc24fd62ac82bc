#pragma once

// compare's results as the JSON that continuous-benchmarking trackers read,
// so that a team can feed fpbench's measurements to the dashboard it has.
// Both carry the new side only (the tracker compares commits itself), one
// entry per benchmark and metric; a benchmark without new samples, or whose
// value is not finite, is left out. Names are compare's (BenchmarkKey text).
//
// Bencher Metric Format (https://bencher.dev/docs/reference/
// bencher-metric-format): {"BENCHMARK": {"MEASURE": {"value", "lower_value",
// "upper_value"}}}, keys in byte order. value is the new mean, lower_value
// and upper_value the new side's smallest and largest sample: the spread one
// process to the next, which needs no assumption about its distribution.
// Measures:
//   wall          "throughput", operations per second (fpbench's wall
//                 samples are rates, higher is better: Bencher's built-in
//                 throughput measure is exactly that)
//   cpu           "cpu", nanoseconds of CPU time per operation
//   any other     its name in kebab case ("instructions", "syscalls-all",
//                 "alloc-bytes", "syscalls-openat"), per operation as
//                 fpbench counts it (rss: KiB, per process)
//
// github-action-benchmark's custom JSON (README, "customSmallerIsBetter"):
// [{"name", "unit", "value", "range", "extra"}], by metric then benchmark in
// compare's order. The action takes one direction per file, so every value
// is smaller-is-better and the file is always `tool:
// 'customSmallerIsBetter'`: wall's rates become nanoseconds per operation
// (1e9 / rate, sample by sample, then the mean). value is the new mean,
// range "± SD" the new side's sample standard deviation (none under two
// samples), extra "new: N samples, min X, max Y". Wall keeps the plain
// benchmark name; any other metric is named "NAME [metric]". Units: ns/op
// (wall, cpu), instructions/op, syscalls/op (syscalls, syscalls_all),
// calls/op (syscalls:NAME), faults/op, allocs/op, bytes/op (alloc_bytes),
// KiB (rss).

#include <string>
#include <vector>

#include "fpbench/reports/comparison.hpp"

namespace fpbench::reports {

// One metric's comparison: "wall" (rates) or a counted metric's name.
struct MetricComparison {
  std::string metric;
  Comparison comparison;
};

std::string format_bmf(const std::vector<MetricComparison>& metrics);
std::string format_github_action_benchmark(
    const std::vector<MetricComparison>& metrics);

}  // namespace fpbench::reports
