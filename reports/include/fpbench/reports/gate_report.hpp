#pragma once

// The result of `fpbench gate` as plain data, and its renderings. The policy
// that fills it in (which verdict, which exit code) is the gate in ci;
// these types carry its decisions to the formats.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "fpbench/reports/comparison.hpp"
#include "fpbench/stats/multiple_comparisons.hpp"

namespace fpbench::reports {

struct ThresholdRule {
  // A shell glob on the benchmark name; without * ? [ a substring.
  std::string pattern;
  double max_regression_pct = 5;
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
  double change_pct = 0;     // g: positive is better
  double lower_pct = 0;      // interval of g (NaN without a test)
  double upper_pct = 0;
  double p_adjusted = 0;     // NaN without a test
  double threshold_pct = 0;  // T for this benchmark
  Verdict verdict = Verdict::kNoChange;
  std::optional<std::size_t> runs_needed;  // for kNeedMoreRuns, when estimable
  std::string reason;
};

struct GateResult {
  std::vector<GateDecision> decisions;  // in the compare table's order
  double interval_level = 0;            // 1 - alpha/m (or 1 - alpha)
  GateOptions options;
  int exit_code = 0;
  std::string verdict_line;
};

// The compare table of the regressed, improved and undecided rows, one line
// per such decision, and the verdict line.
std::string format_gate_text(const GateResult& result);
// A pull-request comment.
std::string format_gate_markdown(const GateResult& result);
// Every decision with its numbers and reason.
std::string format_gate_json(const GateResult& result);

}  // namespace fpbench::reports
