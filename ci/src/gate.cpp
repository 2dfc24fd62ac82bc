#include "fpbench/ci/gate.hpp"

#include <fmt/format.h>
#include <fnmatch.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <string_view>

#include "fpbench/base/try.hpp"
#include "fpbench/reports/metric_samples.hpp"
#include "fpbench/reports/percent.hpp"
#include "fpbench/stats/deterministic.hpp"
#include "fpbench/stats/paired.hpp"
#include "fpbench/stats/power.hpp"
#include "fpbench/stats/sequential.hpp"
#include "fpbench/stats/welch.hpp"

namespace fpbench::ci {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool is_glob(std::string_view pattern) {
  return pattern.find_first_of("*?[") != std::string_view::npos;
}

// A rule names a benchmark as compare prints it ("BM_Decode 4096") or as
// its program does, the first space a '/' ("BM_Decode/4096", Google
// Benchmark's name; "fs/read-file/len=16" of a scenario's).
bool matches(const ThresholdRule& rule, const std::string& name) {
  std::string slashed = name;
  const std::size_t space = slashed.find(' ');
  if (space != std::string::npos) slashed[space] = '/';
  for (const std::string* n :
       std::array<const std::string*, 2>{&name, &slashed}) {
    if (is_glob(rule.pattern)
            ? ::fnmatch(rule.pattern.c_str(), n->c_str(), 0) == 0
            : n->find(rule.pattern) != std::string::npos)
      return true;
  }
  return false;
}

double threshold_for(const GateOptions& options, const std::string& name) {
  double t = options.max_regression_pct;
  for (const ThresholdRule& rule : options.thresholds) {
    if (matches(rule, name)) t = rule.max_regression_pct;
  }
  return t;
}

// The verdict from g, its interval and the adjusted p-value; the runs that
// would decide come from `runs_needed` when the interval is too wide.
void decide(GateDecision& d, double alpha,
            const std::function<std::optional<std::size_t>()>& runs_needed) {
  const double t = d.threshold_pct;
  const std::string bounds =
      reports::percent_interval(d.lower_pct, d.upper_pct);
  // Read in sentences: "the interval -2.00% .. +1.00% is too wide", "the
  // undefined interval is too wide".
  const std::string interval =
      bounds == "undefined" ? "undefined interval" : "interval " + bounds;
  if (d.p_adjusted < alpha) {
    if (d.change_pct > 0) {
      d.verdict = Verdict::kImproved;
      d.reason = fmt::format("significantly better ({})", interval);
    } else if (d.lower_pct <= -t) {
      d.verdict = Verdict::kRegression;
      d.reason = fmt::format("significantly worse and the {} reaches past -{}%",
                             interval, t);
    } else if (std::isnan(d.lower_pct) && d.change_pct <= -t) {
      // No interval to bound it: the change itself is past the threshold,
      // which no reading of "within" can pass.
      d.verdict = Verdict::kRegression;
      d.reason = fmt::format(
          "significantly worse and the change {:+.2f}% is past -{}% ({})",
          d.change_pct, t, interval);
    } else {
      d.verdict = Verdict::kMinorRegression;
      d.reason =
          fmt::format("significantly worse but within -{}% ({})", t, interval);
    }
    return;
  }
  if (d.lower_pct > -t) {
    d.verdict = Verdict::kNoChange;
    d.reason = fmt::format(
        "no significant change; any slowdown is within -{}% ({})", t, interval);
    return;
  }
  d.verdict = Verdict::kNeedMoreRuns;
  d.runs_needed = runs_needed();
  d.reason = fmt::format(
      "the {} is too wide to rule out a slowdown beyond -{}%; ", interval, t);
  d.reason +=
      d.runs_needed
          ? fmt::format("about {} runs per side would decide", *d.runs_needed)
          : std::string("more runs would not decide at this variance");
}

// Welch's test on the two sides, as the compare table.
void decide_unpaired(GateDecision& d, double alpha, double interval_alpha,
                     bool lower_is_better) {
  const stats::RateComparison& c = d.row.stats;
  const double q =
      stats::student_t_quantile(1 - interval_alpha / 2, c.test->df);
  const double half = q * c.test->std_error / c.mean_old * 100;
  d.lower_pct = d.change_pct - half;
  d.upper_pct = d.change_pct + half;
  decide(d, alpha, [&] {
    // The power analysis works on the samples as given: for lower-is-better
    // values a regression is a rise, so mirror the boundary by swapping sides.
    const reports::ComparisonRow& r = d.row;
    return lower_is_better
               ? stats::runs_to_decide(r.new_rates, r.old_rates,
                                       d.threshold_pct, interval_alpha)
               : stats::runs_to_decide(r.old_rates, r.new_rates,
                                       d.threshold_pct, interval_alpha);
  });
}

// The pairs' log ratios.
void decide_paired(GateDecision& d, const stats::PairedTest& test, double alpha,
                   double interval_alpha, bool lower_is_better) {
  const double m = lower_is_better ? -test.mean_log_ratio : test.mean_log_ratio;
  d.change_pct = std::expm1(m) * 100;
  const stats::PercentInterval i =
      stats::paired_interval_pct(m, test.sd_log_ratio, test.n, interval_alpha);
  d.lower_pct = i.lower_pct;
  d.upper_pct = i.upper_pct;
  decide(d, alpha, [&] {
    return stats::paired_runs_to_decide(test, d.threshold_pct, interval_alpha,
                                        lower_is_better);
  });
}

void decide_untested(GateDecision& d) {
  const stats::RateComparison& c = d.row.stats;
  d.lower_pct = d.upper_pct = kNaN;
  if (c.n_old < 2 || c.n_new < 2) {
    d.verdict = Verdict::kMissing;
    d.reason =
        fmt::format("needs at least two samples per side (old {}, new {})",
                    c.n_old, c.n_new);
    return;
  }
  // No variance to test with: the means are all there is.
  if (d.change_pct < 0 && d.change_pct <= -d.threshold_pct) {
    d.verdict = Verdict::kRegression;
  } else if (d.change_pct < 0) {
    d.verdict = Verdict::kMinorRegression;
  } else if (d.change_pct > 0) {
    d.verdict = Verdict::kImproved;
  } else {
    d.verdict = Verdict::kNoChange;
  }
  d.reason = fmt::format(
      "no variance to test with; decided on the means ({})",
      reports::signed_percent(d.change_pct, c.mean_old, c.mean_new));
}

// Two exact sides: the difference is the change, with no test needed. A
// threshold of 0 fails any worsening; a change within the metric's noise
// floor (instructions move by a few in a million between processes) is none.
void decide_exact(GateDecision& d, bool lower_is_better, double noise_floor) {
  const stats::RateComparison& c = d.row.stats;
  d.exact = true;
  d.lower_pct = d.upper_pct = d.change_pct;
  d.p_adjusted = kNaN;
  const double worse = -d.change_pct;  // % worse than old
  const double change = lower_is_better ? -d.change_pct : d.change_pct;
  const std::string what =
      fmt::format("exact {} ({:.6g} to {:.6g} per operation, {:+.6g})",
                  reports::signed_percent(change, c.mean_old, c.mean_new),
                  c.mean_old, c.mean_new, c.mean_new - c.mean_old);
  const std::string limit =
      fmt::format("{}{}%", lower_is_better ? "+" : "-", d.threshold_pct);
  if (worse > 0 && worse > d.threshold_pct) {
    d.verdict = Verdict::kRegression;
    d.reason = fmt::format("{}: worse beyond the threshold {}", what, limit);
  } else if (worse > 0) {
    d.verdict = Verdict::kMinorRegression;
    d.reason = fmt::format("{}: worse, within the threshold {}", what, limit);
  } else if (worse < 0) {
    d.verdict = Verdict::kImproved;
    d.reason = what + ": better";
  } else {
    d.verdict = Verdict::kNoChange;
    d.reason = what + ": unchanged";
  }
  if (d.change_pct != 0 && std::fabs(d.change_pct) <= noise_floor * 100) {
    d.verdict = Verdict::kNoChange;
    d.reason = fmt::format("{}: unchanged (within the noise floor of {:g}%)",
                           what, noise_floor * 100);
  }
}

// The nominal level of the last look a benchmark with n runs per side has
// had, with alpha spent over the looks for m benchmarks (Bonferroni).
class SequentialLevels {
 public:
  SequentialLevels(const reports::SequentialPlan& plan, double alpha,
                   std::size_t m)
      : plan_(plan), alpha_(alpha), m_(std::max<std::size_t>(m, 1)) {}

  double nominal_alpha(std::size_t n) {
    std::vector<double> t;
    for (int look = plan_.first_look;
         look <= static_cast<int>(n) && look <= plan_.max_runs;
         look += std::max(plan_.look_every, 1)) {
      t.push_back(static_cast<double>(look) / plan_.max_runs);
    }
    if (t.empty()) return 0;  // no look yet: nothing is significant
    const auto cached = cache_.find(t.size());
    if (cached != cache_.end()) return cached->second;
    const auto b = stats::family_sequential_boundaries(t, alpha_, m_);
    const double nominal = b.empty() ? 0 : b.back().nominal_alpha;
    cache_.emplace(t.size(), nominal);
    return nominal;
  }

 private:
  reports::SequentialPlan plan_;
  double alpha_;
  std::size_t m_;
  std::map<std::size_t, double> cache_;
};

std::string verdict_line(const GateResult& r) {
  std::size_t regressed = 0, missing = 0, undecided = 0, improved = 0;
  for (const GateDecision& d : r.decisions) {
    regressed += d.verdict == Verdict::kRegression;
    missing += d.verdict == Verdict::kMissing;
    undecided += d.verdict == Verdict::kNeedMoreRuns;
    improved += d.verdict == Verdict::kImproved;
  }
  const char* status = r.exit_code == kExitOk           ? "PASS"
                       : r.exit_code == kExitRegression ? "FAIL"
                                                        : "INCOMPLETE";
  std::string line =
      fmt::format("{}: {} of {} benchmarks regressed beyond the threshold",
                  status, regressed, r.decisions.size());
  if (improved > 0) line += fmt::format(", {} improved", improved);
  if (undecided > 0) line += fmt::format(", {} need more runs", undecided);
  if (missing > 0) line += fmt::format(", {} missing samples", missing);
  return line;
}

// Each text as METRIC<separator>VALUE or VALUE, VALUE read by `parse`. With
// `known_only` the prefix names a metric only when it is a known one (a
// pattern may hold the separator itself).
template <typename T, typename Parse>
Result<std::vector<GateThresholds::Named<T>>> parse_named(
    const std::vector<std::string>& texts, char separator, bool known_only,
    Parse parse) {
  std::vector<GateThresholds::Named<T>> out;
  for (const std::string& text : texts) {
    std::optional<std::string> metric;
    std::string_view value = text;
    const std::size_t at = text.find(separator);
    if (at != std::string::npos &&
        (!known_only || reports::metric_info(text.substr(0, at)))) {
      metric = text.substr(0, at);
      value.remove_prefix(at + 1);
    }
    FPBENCH_ASSIGN_OR_RETURN(T parsed, parse(value));
    out.push_back({std::move(metric), std::move(parsed)});
  }
  return out;
}

}  // namespace

Result<double> parse_percentage(std::string_view text, std::string_view what) {
  std::string_view digits = text;
  if (!digits.empty() && digits.back() == '%') digits.remove_suffix(1);
  double value = 0;
  const auto [end, ec] =
      std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (digits.empty() || ec != std::errc() ||
      end != digits.data() + digits.size() || !std::isfinite(value) ||
      value < 0) {
    return usage_error(
        fmt::format("{} '{}' is not a percentage (like 5 or 5%)", what, text));
  }
  return value;
}

Result<ThresholdRule> parse_threshold_rule(std::string_view text) {
  const std::size_t eq = text.rfind('=');
  if (eq == std::string_view::npos || eq == 0) {
    return usage_error(
        fmt::format("--threshold '{}' is not PATTERN=PERCENT", text));
  }
  FPBENCH_ASSIGN_OR_RETURN(
      double value, parse_percentage(text.substr(eq + 1), "--threshold"));
  return ThresholdRule{std::string(text.substr(0, eq)), value};
}

Result<void> check_thresholds(const GateOptions& options) {
  if (options.lower_is_better) return {};
  const auto check = [&](double pct, const std::string& what) -> Result<void> {
    if (pct < 100) return {};
    return usage_error(fmt::format(
        "{}: {} is higher-is-better, and it cannot fall by 100% or more (that "
        "would be "
        "zero), so no regression could ever cross it; give less than 100%",
        what,
        options.metric.empty() ? std::string("the rate") : options.metric));
  };
  FPBENCH_TRY(
      check(options.max_regression_pct,
            fmt::format("--max-regression {}%", options.max_regression_pct)));
  for (const ThresholdRule& rule : options.thresholds) {
    FPBENCH_TRY(check(rule.max_regression_pct,
                      fmt::format("--threshold {}={}%", rule.pattern,
                                  rule.max_regression_pct)));
  }
  return {};
}

Result<std::vector<GateThresholds::Named<double>>> parse_max_regressions(
    const std::vector<std::string>& texts) {
  return parse_named<double>(texts, '=', false, [](std::string_view pct) {
    return parse_percentage(pct, "--max-regression");
  });
}

Result<std::vector<GateThresholds::Named<ThresholdRule>>> parse_threshold_rules(
    const std::vector<std::string>& texts) {
  return parse_named<ThresholdRule>(texts, ':', true, parse_threshold_rule);
}

Result<GateOptions> options_for_metric(const GateOptions& base,
                                       const GateThresholds& thresholds,
                                       std::string_view metric) {
  // The plain forms are about time: the rate of an input without metrics,
  // wall or cpu. Elsewhere only the last plain --max-regression reaches, as
  // the default of a metric without one of its own.
  const bool timed = metric.empty() || metric == "wall" || metric == "cpu";
  const auto applies = [&](const std::optional<std::string>& named) {
    return named ? !metric.empty() && *named == metric : timed;
  };
  GateOptions o = base;
  o.max_regression_pct = GateOptions{}.max_regression_pct;
  for (const auto& m : thresholds.max_regressions) {
    if (!m.metric) o.max_regression_pct = m.value;
  }
  // A metric's own default, from the one table of metrics.
  if (const auto info = reports::metric_info(metric);
      !metric.empty() && info && info->gate_threshold_pct) {
    o.max_regression_pct = *info->gate_threshold_pct;
  }
  for (const auto& m : thresholds.max_regressions) {
    if (applies(m.metric)) o.max_regression_pct = m.value;
  }
  o.thresholds.clear();
  for (const auto& r : thresholds.rules) {
    if (applies(r.metric)) o.thresholds.push_back(r.value);
  }
  FPBENCH_TRY(check_thresholds(o));
  return o;
}

GateResult evaluate_gate(const reports::SampleSet& samples,
                         const GateOptions& options) {
  GateResult result;
  result.options = options;
  const reports::Comparison comparison = reports::build_comparison(samples);
  std::vector<std::optional<stats::PairedTest>> paired(comparison.rows.size());
  std::vector<double> p_values;
  p_values.reserve(comparison.rows.size());
  for (std::size_t i = 0; i < comparison.rows.size(); ++i) {
    const reports::ComparisonRow& row = comparison.rows[i];
    if (options.paired) {
      paired[i] = stats::paired_log_ratio_test(row.old_rates, row.new_rates);
      p_values.push_back(paired[i] ? paired[i]->p_value : kNaN);
    } else {
      p_values.push_back(row.stats.test ? row.stats.test->p_value : kNaN);
    }
  }
  const std::vector<double> adjusted =
      stats::adjust_p_values(p_values, options.correction);
  std::size_t tested = 0;
  for (double p : p_values) tested += !std::isnan(p);
  const double interval_alpha =
      options.correction == stats::Correction::kNone || tested == 0
          ? options.alpha
          : options.alpha / static_cast<double>(tested);
  result.interval_level = 1 - interval_alpha;

  std::optional<SequentialLevels> sequential;
  if (options.sequential) {
    sequential.emplace(*options.sequential, options.alpha,
                       comparison.rows.size());
    result.interval_level = 0;  // per benchmark, from its looks
  }

  bool any_regression = false, any_missing = false;
  for (std::size_t i = 0; i < comparison.rows.size(); ++i) {
    GateDecision d;
    d.row = comparison.rows[i];
    const double improvement = d.row.stats.improvement_pct;
    d.change_pct = options.lower_is_better ? -improvement : improvement;
    d.p_adjusted = adjusted[i];
    d.threshold_pct = threshold_for(options, d.row.name);
    const bool exact =
        options.exact_noise_floor &&
        stats::deterministic_change(d.row.old_rates, d.row.new_rates,
                                    *options.exact_noise_floor)
            .deterministic;
    if (exact) {
      decide_exact(d, options.lower_is_better, *options.exact_noise_floor);
    } else if (sequential && !options.paired && d.row.stats.test) {
      // Repeated looks: the raw p against this look's nominal level, and the
      // repeated interval at that level.
      const double nominal = sequential->nominal_alpha(
          std::min(d.row.stats.n_old, d.row.stats.n_new));
      d.p_adjusted = p_values[i];
      result.interval_level = std::max(result.interval_level, 1 - nominal);
      decide_unpaired(d, nominal, nominal > 0 ? nominal : 1e-300,
                      options.lower_is_better);
    } else if (options.paired && paired[i]) {
      decide_paired(d, *paired[i], options.alpha, interval_alpha,
                    options.lower_is_better);
    } else if (options.paired && d.row.stats.n_old != d.row.stats.n_new) {
      d.lower_pct = d.upper_pct = kNaN;
      d.verdict = Verdict::kMissing;
      d.reason =
          fmt::format("pairs need as many old as new samples (old {}, new {})",
                      d.row.stats.n_old, d.row.stats.n_new);
    } else if (!options.paired && d.row.stats.test) {
      decide_unpaired(d, options.alpha, interval_alpha,
                      options.lower_is_better);
    } else {
      decide_untested(d);
    }
    any_regression |= d.verdict == Verdict::kRegression ||
                      (options.strict && d.verdict == Verdict::kNeedMoreRuns);
    any_missing |= d.verdict == Verdict::kMissing;
    result.decisions.push_back(std::move(d));
  }
  // Missing samples mean a benchmark did not run: a failure, not a verdict.
  result.exit_code = any_regression ? kExitRegression
                     : any_missing  ? exit_code(ErrorKind::kBenchmarkFailed)
                                    : kExitOk;
  result.verdict_line = verdict_line(result);
  return result;
}

GateReport gate_report(std::vector<GateResult> metrics, bool by_metric) {
  GateReport report{std::move(metrics), by_metric, kExitOk};
  for (const GateResult& r : report.metrics) {
    if (r.exit_code == kExitRegression || report.exit_code == kExitRegression) {
      report.exit_code = kExitRegression;
    } else if (r.exit_code != kExitOk) {
      report.exit_code = r.exit_code;
    }
  }
  return report;
}

Result<GateReport> gate_rates(const reports::SampleSet& samples,
                              const GateOptions& base,
                              const GateThresholds& thresholds) {
  FPBENCH_ASSIGN_OR_RETURN(const GateOptions options,
                           options_for_metric(base, thresholds, ""));
  return gate_report({evaluate_gate(samples, options)}, false);
}

Result<GateReport> gate_metrics(
    const std::vector<reports::MetricInput>& metrics, const GateOptions& base,
    const GateThresholds& thresholds) {
  std::vector<GateResult> results;
  for (const reports::MetricInput& m : metrics) {
    GateOptions o = base;
    o.lower_is_better = m.lower_is_better;
    o.exact_noise_floor = m.exact_noise_floor;
    // Counts come from a fixed number of counting runs, never from the
    // looks of --until-decided: they are tested once, as measured.
    if (m.exact_noise_floor) o.sequential.reset();
    o.metric = m.metric == "wall"
                   ? "rate_ops_per_s"
                   : fmt::format("{} per operation ({})", m.metric, m.source);
    FPBENCH_ASSIGN_OR_RETURN(const GateOptions options,
                             options_for_metric(o, thresholds, m.metric));
    results.push_back(evaluate_gate(m.samples, options));
  }
  return gate_report(std::move(results), true);
}

}  // namespace fpbench::ci
