#pragma once

// `fpbench gate`: the pull-request regression decision.
//
// Per benchmark, with g the change in goodness in % of the old mean (the
// improvement of the rate; its negation when values are lower-is-better),
// p the Welch p-value adjusted for the m benchmarks compared (Holm by
// default), and [lo, hi] the interval of g at level 1 - alpha/m (alpha when
// no correction is asked for), so the intervals hold simultaneously:
//
//   regression       p < alpha, g < 0 and lo <= -T: significant, and the
//                    slowdown may exceed the threshold T
//   minor regression p < alpha, g < 0 and lo > -T: real but within T (passes)
//   improved         p < alpha and g > 0 (passes)
//   no change        p >= alpha and lo > -T: any slowdown is within T (passes)
//   need more runs   p >= alpha and lo <= -T: too wide to rule out a
//                    regression beyond T; the runs per side that would decide
//                    come from the observed variances (stats/power.hpp)
//   missing          fewer than two samples on a side (exit 3)
//
// A benchmark whose samples have no variance has no test; it is decided on
// its means alone (a regression when g <= -T).
//
// `paired`: the k-th old and k-th new sample of a benchmark were measured
// together (`fpbench run --paired`, or the same round of `fpbench run`), so g,
// p and the interval come from the pairs' log ratios (stats/paired.hpp):
// g = exp(mean ln(new/old)) - 1. Drift of the machine that both samples of a
// pair share cancels. Both sides need the same number of samples.
//
// Exit code: 1 if any regression, else 3 if any benchmark is missing
// samples, else 0. "Need more runs" passes unless `strict` is set, when it
// fails like a regression.

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "fpbench/base/result.hpp"
#include "fpbench/reports/comparison.hpp"
#include "fpbench/reports/samples.hpp"
#include "fpbench/stats/multiple_comparisons.hpp"

namespace fpbench::ci {

struct ThresholdRule {
  std::string pattern;  // shell glob on the benchmark name; without * ? [ a substring
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
  reports::ComparisonRow row;
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

// PATTERN=PCT with an optional % sign; a usage error otherwise.
Result<ThresholdRule> parse_threshold_rule(std::string_view text);
// "5", "5%", "0.5%": a non-negative finite percentage.
Result<double> parse_percentage(std::string_view text, std::string_view what);

GateResult evaluate_gate(const reports::SampleSet& samples,
                         const GateOptions& options);

// The compare table of the regressed, improved and undecided rows, one line
// per such decision, and the verdict line.
std::string format_gate_text(const GateResult& result);
// A pull-request comment.
std::string format_gate_markdown(const GateResult& result);
// Every decision with its numbers and reason.
std::string format_gate_json(const GateResult& result);

}  // namespace fpbench::ci
