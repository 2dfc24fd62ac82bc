#pragma once

// fpbench's samples with every metric: JSON Lines, one sample (one process)
// per line, written as it arrives. `fpbench run --metric` writes it whenever
// a metric other than `wall` is asked for; with `wall` alone it writes the
// compare.js CSV, unchanged.
//
//   {"binary":"new","filename":"fs/read-file-sync","configuration":"...",
//    "iterations":19,"isa":"avx2",
//    "metrics":{"syscalls":{"value":4,"source":"tracepoint",
//                           "by_name":{"openat":1,"read":1,"close":1,...}},
//               "syscalls_all":{"value":4,"source":"tracepoint"}}}
//
// binary      "old" or "new"
// iterations  the operations the counters were read over (the loop's
//             counted iterations; for wall, all of them)
// isa         the instruction set the fast paths ran at ("avx512", "avx2",
//             "portable"); Valgrind hides AVX-512
// metrics     per metric: value per operation (wall: operations per second,
//             with "time", the sample's seconds) and the source it was read
//             from; syscalls also by name (every name counted, zeros too).
// profile     with instructions counted under callgrind: "functions",
//             {"NAME":[self, inclusive],...} instructions per operation of
//             the functions that ran in the loop (the largest
//             kMaxProfiledFunctions by inclusive count), and "alloc_sites",
//             {"CALLER":calls,...} per operation, the functions that called
//             an allocator (harness/callgrind_profile.hpp).
// outcome     what the measured code did, as its source reports it, by name:
//             {"units":1024,"failed":0,"label":"failed: EBADF (fstat)"},
//             numbers or texts; absent when the source reports none (and in
//             files written before fpbench had outcomes).
//
// A process reads the metrics its source can: a timed run gives wall, cpu
// and faults; a counting run syscalls; a Valgrind run instructions. The
// metrics of one sample are always in one line.

#include <compare>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "fpbench/base/result.hpp"
#include "fpbench/reports/samples.hpp"

namespace fpbench::reports {

struct MetricInfo {
  std::string_view name;         // "syscalls"
  std::string_view description;  // "system calls per operation"
  bool lower_is_better = true;
  // Relative spread (max - min over |mean|) of one side below which its
  // samples count as exact: the metric's measured noise between processes.
  double noise_floor = 0;
  // The gate's largest tolerated rise, in percent, when no --max-regression
  // names the metric; none: the plain --max-regression (wall, cpu).
  std::optional<double> gate_threshold_pct;
};

// "wall", "cpu", "faults", "rss", "syscalls", "syscalls_all",
// "instructions", "allocs", "alloc_bytes", or "syscalls:NAME" for one
// system call by name: the one table of metrics.
std::optional<MetricInfo> metric_info(std::string_view metric);
// Every metric name fpbench run measures, in the order tables list them.
const std::vector<std::string_view>& known_metrics();
// "wall, cpu, ... or syscalls:NAME", for help texts and errors.
std::string metric_names_text();

// Instructions of one function per operation: in its own code (self, these
// add up to the loop's count) and with what it calls (inclusive).
struct FunctionCount {
  double self = 0;
  double inclusive = 0;
  auto operator<=>(const FunctionCount&) const = default;
};

// The most functions one sample keeps; the rest of the loop's count stays
// in the total.
constexpr std::size_t kMaxProfiledFunctions = 256;

struct MetricReading {
  double value = 0;
  std::string source;
  std::optional<double> time_s;                         // wall only
  std::vector<std::pair<std::string, double>> by_name;  // syscalls only
};

// Where a sample's instructions and allocations were, per operation.
struct LoopProfile {
  std::vector<std::pair<std::string, FunctionCount>> functions;
  std::vector<std::pair<std::string, double>> alloc_sites;
  [[nodiscard]] bool empty() const {
    return functions.empty() && alloc_sites.empty();
  }
};

// What the measured code did, as a number or a text: values that do not
// depend on how long or how often it ran (the size a read returned, the
// share of operations that failed, the error they failed with, a command's
// exit status), so that a timed and a counted sample of one benchmark that
// took one path report the same (harness/src/run/outcome_check.hpp).
using OutcomeValue = std::variant<double, std::string>;

// Numbers equal to 1e-9 relative (they pass through JSON), texts exactly.
bool same_outcome(const OutcomeValue& a, const OutcomeValue& b);
// "1024", "0.5", "'failed: EBADF (fstat)'": for messages.
std::string outcome_text(const OutcomeValue& v);

struct SampleRecord {
  Binary binary = Binary::kOld;
  std::string filename;
  std::string configuration;
  std::int64_t iterations = 0;
  std::string isa;
  std::vector<std::pair<std::string, MetricReading>> metrics;
  LoopProfile profile{};  // instructions under callgrind only
  std::vector<std::pair<std::string, OutcomeValue>> outcomes{};

  [[nodiscard]] const MetricReading* find(std::string_view metric) const;
};

// One line, with its newline.
std::string sample_jsonl_line(const SampleRecord& record);
// True when the text starts (after white space and a byte-order mark) with
// '{': JSON Lines, not a CSV.
bool looks_like_sample_jsonl(std::string_view text);
// Errors name the input and line.
Result<std::vector<SampleRecord>> parse_sample_jsonl(
    std::string_view text, const std::string& input_name);

// The samples of one metric, ready to compare.
struct MetricSamples {
  SampleSet samples;  // values per operation (wall: rates)
  MetricInfo info;
  std::string metric;  // as asked, "syscalls:openat"
  std::string source;  // "tracepoint"; one per comparison
};

// A usage error for an unknown metric; bad input when the records of the
// metric come from more than one source, or when none has it.
Result<MetricSamples> select_metric(const std::vector<SampleRecord>& records,
                                    std::string_view metric,
                                    const std::string& input_name);
// The metrics that some record has, in known_metrics() order.
std::vector<std::string> metrics_present(
    const std::vector<SampleRecord>& records);

}  // namespace fpbench::reports
