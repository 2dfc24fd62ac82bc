#pragma once

// --explain of compare and gate: the explanations of the benchmarks whose
// counted metric changed (reports/explain.hpp).

#include <string>
#include <vector>

#include "fpbench/reports/benchmark_key.hpp"
#include "fpbench/reports/explain.hpp"

namespace fpbench::cli {

// The benchmarks of `records` whose `metric` differs between old and new,
// in the order they first appear, explained.
std::vector<reports::Explanation> explain_changes(
    const std::vector<reports::SampleRecord>& records,
    const std::string& metric);

// The explanation of each of `keys` that has one.
std::vector<reports::Explanation> explain_keys(
    const std::vector<reports::SampleRecord>& records,
    const std::string& metric, const std::vector<reports::BenchmarkKey>& keys);

// Each as text (or Markdown), separated by blank lines.
std::string format_explanations(const std::vector<reports::Explanation>& all,
                                bool markdown);

}  // namespace fpbench::cli
