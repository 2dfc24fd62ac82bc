// The cells the gate's formats share (gate_cells.hpp).

#include "gate_cells.hpp"

#include <fmt/format.h>

#include <cmath>

#include "fpbench/reports/percent.hpp"

namespace fpbench::reports {
namespace {

std::string direction(const GateOptions& o) {
  return o.lower_is_better ? fmt::format("{}, lower is better", o.metric)
                           : fmt::format("{}, higher is better", o.metric);
}

bool all_exact(const GateResult& r) {
  if (r.decisions.empty()) return false;
  for (const GateDecision& d : r.decisions) {
    if (!d.exact) return false;
  }
  return true;
}

}  // namespace

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::kRegression:
      return "regression";
    case Verdict::kNeedMoreRuns:
      return "need more runs";
    case Verdict::kMissing:
      return "missing samples";
    case Verdict::kMinorRegression:
      return "minor regression";
    case Verdict::kImproved:
      return "improved";
    case Verdict::kNoChange:
      return "no change";
  }
  return "unknown";
}

const char* correction_name(stats::Correction c) {
  switch (c) {
    case stats::Correction::kNone:
      return "none";
    case stats::Correction::kHolm:
      return "holm";
    case stats::Correction::kBenjaminiHochberg:
      return "bh";
  }
  return "unknown";
}

bool shown(const GateDecision& d) {
  return d.verdict == Verdict::kRegression || d.verdict == Verdict::kImproved ||
         d.verdict == Verdict::kNeedMoreRuns || d.verdict == Verdict::kMissing;
}

std::string basis(const GateResult& r) {
  if (all_exact(r)) {
    return fmt::format("{}; exact counts, decided on their difference",
                       direction(r.options));
  }
  if (r.options.sequential) {
    return fmt::format(
        "{}; Welch's t-test at looks every {} runs from {} to {}, alpha {} "
        "spent "
        "over the looks for {} benchmarks (O'Brien-Fleming), repeated "
        "intervals",
        direction(r.options), r.options.sequential->look_every,
        r.options.sequential->first_look, r.options.sequential->max_runs,
        r.options.alpha, r.decisions.size());
  }
  return fmt::format(
      "{}; {}, {} correction at alpha {}, intervals at {:.4g}%",
      direction(r.options),
      r.options.paired ? "paired t-test on log ratios" : "Welch's t-test",
      correction_name(r.options.correction), r.options.alpha,
      r.interval_level * 100);
}

std::string each_metric(const GateReport& report,
                        std::string (*section)(const GateResult&)) {
  std::string out;
  for (const GateResult& result : report.metrics) {
    if (!out.empty()) out += "\n";
    out += section(result);
  }
  return out;
}

std::string p_text(double p) {
  return std::isnan(p) ? "NA" : fmt::format("{:.3g}", p);
}

std::string change_text(const GateDecision& d) {
  return signed_percent(d.change_pct, d.row.stats.mean_old,
                        d.row.stats.mean_new);
}

std::string interval_text(const GateDecision& d) {
  if (std::isnan(d.lower_pct) && std::isnan(d.upper_pct)) return "NA";
  return percent_interval(d.lower_pct, d.upper_pct);
}

}  // namespace fpbench::reports
