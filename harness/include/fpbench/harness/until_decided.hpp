#pragma once

// `fpbench run --until-decided` without a gate threshold: measure each
// benchmark until compare.R's table has decided it, as a Pass::needs_more
// callback (runner.hpp) sees the data. The gate's rule, with a threshold,
// is the CLI's (it needs ci's gate); both look on one schedule.
//
// Looks: at n runs per side for n = first_look, first_look + look_every,
// ..., below max_runs; max_runs ends every benchmark.
//
// The table's rule: a benchmark stops at a look where Welch's p < 0.001,
// the row compare.R prints with *** (stats/rate_comparison.hpp's stars, so
// the decision is the table's own); every other benchmark runs to max_runs
// and is the row a fixed design of max_runs would print. Under no change a
// row ends *** with probability at most K x 0.001 over K looks counting
// the last (Bonferroni; 0.3% for looks at 10, 20 and 30).
// docs/statistics.md has the argument and a simulation.
//
// Runs per side of a benchmark: the fewer of its two sides'. No test (fewer
// than two values on a side, constant data) is no star: it runs on.

#include <vector>

#include "fpbench/harness/runner.hpp"
#include "fpbench/reports/benchmark_key.hpp"
#include "fpbench/reports/gate_report.hpp"

namespace fpbench::harness {

// Whether n runs per side is a look of `plan`: first_look, then every
// look_every runs (max_runs itself is not checked here).
[[nodiscard]] bool is_look(int n, const reports::SequentialPlan& plan);

// The benchmarks to measure again under the table's rule: between looks
// every one below max_runs, at a look those not yet at ***.
std::vector<reports::BenchmarkKey> undecided_by_table(
    const std::vector<BenchmarkValues>& all,
    const reports::SequentialPlan& plan);

}  // namespace fpbench::harness
