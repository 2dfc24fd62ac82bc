#pragma once

// The result of `fpbench gate` as plain data, and its renderings: each a
// pure function of one GateReport, one file per format (HTML in
// gate_html.hpp). The policy that fills it in (which verdict, which
// threshold, which exit code) is the gate in ci; these types carry its
// decisions to the formats.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "fpbench/reports/comparison.hpp"
#include "fpbench/reports/contradictions.hpp"
#include "fpbench/reports/explain.hpp"
#include "fpbench/stats/multiple_comparisons.hpp"

namespace fpbench::reports {

struct ThresholdRule {
  // A shell glob on the benchmark name; without * ? [ a substring.
  std::string pattern;
  double max_regression_pct = 5;
};

// Looks at the data after every `look_every` runs per side from `first_look`
// on, up to `max_runs` (fpbench run --until-decided): the gate then spends
// alpha over the looks (stats/sequential.hpp) instead of correcting once.
struct SequentialPlan {
  int first_look = 10;
  int look_every = 10;
  int max_runs = 200;
};

struct GateOptions {
  stats::Correction correction = stats::Correction::kHolm;
  double alpha = 0.01;
  double max_regression_pct = 5;
  std::vector<ThresholdRule> thresholds;  // the last rule that matches wins
  bool lower_is_better = false;
  bool strict = false;
  bool paired = false;
  std::string metric = "rate_ops_per_s";  // described in every report
  // Counts (instructions, system calls): a side whose relative spread is at
  // most this is exact, and two exact sides are decided on their difference.
  std::optional<double> exact_noise_floor;
  std::optional<SequentialPlan> sequential;
};

enum class Verdict {
  kRegression,
  kNeedMoreRuns,
  kMissing,
  kMinorRegression,
  kImproved,
  kNoChange,
};

const char* verdict_name(Verdict v);

struct GateDecision {
  ComparisonRow row;
  double change_pct = 0;  // g: positive is better
  double lower_pct = 0;   // interval of g (NaN without a test)
  double upper_pct = 0;
  double p_adjusted = 0;     // NaN without a test
  double threshold_pct = 0;  // T for this benchmark
  bool exact = false;        // decided on two exact sides' difference
  Verdict verdict = Verdict::kNoChange;
  std::optional<std::size_t> runs_needed;  // for kNeedMoreRuns, when estimable
  std::string reason;
};

// The gate of one metric: a decision per benchmark.
struct GateResult {
  std::vector<GateDecision> decisions;  // in the compare table's order
  double interval_level = 0;            // 1 - alpha/m (or 1 - alpha)
  GateOptions options;
  int exit_code = 0;
  std::string verdict_line;
  // Where the counted changes of some decisions went (--explain; by
  // default the regressions of instructions, syscalls and allocs).
  std::vector<Explanation> explanations;
};

// The whole gate, which every format renders: a result per metric gated, in
// order. An input of rates alone (compare.js CSV, Google Benchmark,
// hyperfine) has one, of its rate.
struct GateReport {
  std::vector<GateResult> metrics;
  // The input measured metrics (fpbench's JSON Lines): the JSON is then the
  // exit code and a list of the metrics' documents, even of one metric;
  // otherwise the one result's document alone.
  bool by_metric = false;
  int exit_code = 0;  // the worst of the metrics'
  // Rows whose counted and timed metrics contradict each other
  // (contradictions.hpp): named before the metrics, in every format; they
  // change no decision and no exit code.
  std::vector<Contradiction> contradictions{};
};

// Per metric, the compare table of the regressed, improved and undecided
// rows, one line per such decision, and the verdict line (gate_text.cpp).
std::string format_gate_text(const GateReport& report);
// A pull-request comment (gate_markdown.cpp).
std::string format_gate_markdown(const GateReport& report);
// The explanations of one metric's result, for the Markdown (gate_explain.cpp).
std::string format_gate_explanations_markdown(const GateResult& result);
// Every decision with its numbers and reason (gate_json.cpp).
std::string format_gate_json(const GateReport& report);

}  // namespace fpbench::reports
