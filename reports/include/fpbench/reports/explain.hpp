#pragma once

// Where a counted change went (`--explain` of compare, gate and bisect):
// the parts of one benchmark's change of instructions, system calls or
// allocations per operation, and the rest, which together are the measured
// change.
//
//   instructions  by function, self instructions (which add up to the
//                 loop's count), inclusive shown beside; from the samples'
//                 callgrind profile (metric_samples.hpp)
//   syscalls      by system call name (the syscalls reading's by_name)
//   allocs        by the function that called the allocator; from the
//                 callgrind profile of the same benchmark's samples
//
// Each side's value of a part is its mean over that side's samples that
// carry the parts (a part missing from a sample is zero there); the total
// is the metric's mean over that side's samples, and the rest is the total
// less the listed parts, so listed parts + rest = the measured change
// exactly. The rest holds the parts not listed and whatever the parts'
// source does not see (functions beyond the profile's limit, allocations
// counted by the preload but not called from a profiled loop).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fpbench/reports/benchmark_key.hpp"
#include "fpbench/reports/metric_samples.hpp"

namespace fpbench::reports {

struct ExplainedPart {
  std::string name;
  double old_value = 0;  // per operation
  double new_value = 0;
  // Functions: their inclusive instructions per operation.
  std::optional<double> old_inclusive;
  std::optional<double> new_inclusive;
  [[nodiscard]] double change() const { return new_value - old_value; }
};

struct Explanation {
  std::string metric;     // "instructions", "syscalls", "allocs"
  std::string benchmark;  // BenchmarkKey::text()
  std::string part_kind;  // "function (self)", "system call", "call site"
  double old_total = 0;   // the metric per operation, mean of each side
  double new_total = 0;
  std::vector<ExplainedPart> parts;  // largest change first
  double rest_old = 0;               // total less the listed parts
  double rest_new = 0;
  // When the samples carry no parts: why, and what would give them.
  std::string unavailable;

  [[nodiscard]] double change() const { return new_total - old_total; }
  [[nodiscard]] double rest_change() const { return rest_new - rest_old; }
};

// True for the metrics explained: instructions, syscalls, allocs.
bool explainable(std::string_view metric);

// The explanation of `metric` for one benchmark, with at most `max_parts`
// parts (those whose change is largest in size; a part that moved by less
// than 1% of the change is left in the rest); nullopt when the metric is not
// explainable or no sample of the benchmark has it on both sides.
std::optional<Explanation> explain_change(
    const std::vector<SampleRecord>& records, const BenchmarkKey& key,
    std::string_view metric, std::size_t max_parts = 5);

// Plain text, a few lines indented by two spaces under a heading line.
std::string format_explanation_text(const Explanation& e);
// A Markdown table with the same rows, under a bold heading line.
std::string format_explanation_markdown(const Explanation& e);

}  // namespace fpbench::reports
