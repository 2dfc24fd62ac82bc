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

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fpbench/base/result.hpp"
#include "fpbench/reports/gate_report.hpp"
#include "fpbench/reports/sample_sources.hpp"
#include "fpbench/reports/samples.hpp"

namespace fpbench::ci {

// The result model and its formats live in reports; they are named here too
// so the gate reads as one vocabulary.
using reports::format_gate_json;
using reports::format_gate_markdown;
using reports::format_gate_text;
using reports::GateDecision;
using reports::GateOptions;
using reports::GateReport;
using reports::GateResult;
using reports::ThresholdRule;
using reports::Verdict;
using reports::verdict_name;

// PATTERN=PCT with an optional % sign; a usage error otherwise.
Result<ThresholdRule> parse_threshold_rule(std::string_view text);
// "5", "5%", "0.5%": a non-negative finite percentage.
Result<double> parse_percentage(std::string_view text, std::string_view what);

// A usage error when a threshold could never be crossed: a higher-is-better
// rate that fell by 100% would be zero, so --max-regression or --threshold
// of 100% or more would pass every regression.
Result<void> check_thresholds(const GateOptions& options);

// --max-regression and --threshold as given, each parsed once. A value may
// name a metric (METRIC=PCT, METRIC:PATTERN=PCT); a plain one is wall
// time's and cpu's, or the rate's of an input without metrics. Order is
// kept: the last that applies wins.
struct GateThresholds {
  template <typename T>
  struct Named {
    std::optional<std::string> metric;  // none: the plain form
    T value;
  };
  std::vector<Named<double>> max_regressions;  // percentages
  std::vector<Named<ThresholdRule>> rules;
};

// PCT or METRIC=PCT each; a usage error for the first that is not.
Result<std::vector<GateThresholds::Named<double>>> parse_max_regressions(
    const std::vector<std::string>& texts);
// PATTERN=PCT or METRIC:PATTERN=PCT each, METRIC a known metric's name
// (else the colon is the pattern's); a usage error for the first that is not.
Result<std::vector<GateThresholds::Named<ThresholdRule>>> parse_threshold_rules(
    const std::vector<std::string>& texts);

// `base` with the threshold and rules that apply to `metric` ("" for the
// rate of an input without metrics): the plain --max-regression (5%), for
// instructions 1% and for system calls and faults 0 instead, then every
// value that applies in order. A usage error when one could never be
// crossed (check_thresholds).
Result<GateOptions> options_for_metric(const GateOptions& base,
                                       const GateThresholds& thresholds,
                                       std::string_view metric);

GateResult evaluate_gate(const reports::SampleSet& samples,
                         const GateOptions& options);

// These results as one report; its exit code is the worst of theirs: 1 if
// any regressed, else that of any other failure (3), else 0.
GateReport gate_report(std::vector<GateResult> metrics, bool by_metric);

// An input of rates alone gated on its rate, described as `base.metric`.
Result<GateReport> gate_rates(const reports::SampleSet& samples,
                              const GateOptions& base,
                              const GateThresholds& thresholds);
// Each metric of an input that measured them, in the direction, noise floor
// and thresholds that are its own.
Result<GateReport> gate_metrics(
    const std::vector<reports::MetricInput>& metrics, const GateOptions& base,
    const GateThresholds& thresholds);

}  // namespace fpbench::ci
