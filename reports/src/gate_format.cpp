// The gate's renderings: the decisions that matter as compare.R's table
// and one line each, a pull-request comment, and every decision as JSON.

#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "fpbench/reports/compare_r_text.hpp"
#include "fpbench/reports/gate_report.hpp"
#include "fpbench/reports/markdown.hpp"
#include "fpbench/reports/metric_table.hpp"
#include "fpbench/reports/percent.hpp"
#include "fpbench/stats/multiple_comparisons.hpp"

namespace fpbench::reports {
namespace {

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

std::string format_gate_text(const GateResult& result) {
  Comparison table;
  for (const GateDecision& d : result.decisions) {
    if (shown(d)) table.rows.push_back(d.row);
  }
  std::string out;
  if (!table.rows.empty() && result.options.exact_noise_floor) {
    // Counts: old, new and their change rather than compare.R's rates.
    MetricSamples header;
    header.metric = result.options.metric;
    header.info = MetricInfo{"", "the decided rows", true,
                             *result.options.exact_noise_floor, std::nullopt};
    header.source = "see below";
    std::string t = format_metric_text(header, table);
    out += t.substr(t.find('\n') + 1) + "\n";
  } else if (!table.rows.empty()) {
    out += format_compare_r_text(table) + "\n";
  }
  for (const GateDecision& d : result.decisions) {
    if (!shown(d)) continue;
    if (d.exact) {
      out += fmt::format("{}: {}: {}\n", verdict_name(d.verdict), d.row.name,
                         d.reason);
      continue;
    }
    out += fmt::format("{}: {}: {}, p(adj) {}, threshold -{}%: {}\n",
                       verdict_name(d.verdict), d.row.name, change_text(d),
                       p_text(d.p_adjusted), d.threshold_pct, d.reason);
  }
  out += fmt::format("{} ({})\n", result.verdict_line, basis(result));
  return out;
}

std::string format_gate_markdown(const GateResult& result) {
  std::string out = fmt::format("### fpbench gate: {}\n\n",
                                markdown_escape(result.verdict_line));
  bool any = false;
  for (const GateDecision& d : result.decisions) any |= shown(d);
  if (any) {
    out +=
        "| benchmark | verdict | change | interval | p (adjusted) | threshold "
        "| reason |\n"
        "| :-- | :-- | --: | --: | --: | --: | :-- |\n";
    for (const GateDecision& d : result.decisions) {
      if (!shown(d)) continue;
      out += fmt::format(
          "| {} | {} | {} | {} | {} | -{}% | {} |\n",
          markdown_escape(d.row.name), verdict_name(d.verdict),
          markdown_escape(change_text(d)), markdown_escape(interval_text(d)),
          p_text(d.p_adjusted), d.threshold_pct, markdown_escape(d.reason));
    }
    out += "\n";
  }
  std::size_t quiet = 0;
  for (const GateDecision& d : result.decisions) quiet += !shown(d);
  if (quiet > 0) {
    out += fmt::format(
        "{} other benchmark(s) showed no change beyond their threshold.\n\n",
        quiet);
  }
  out += markdown_escape(basis(result)) + ".\n";
  return out;
}

std::string format_gate_json(const GateResult& result) {
  using nlohmann::json;
  const auto number = [](double v) {
    return std::isfinite(v) ? json(v) : json(nullptr);
  };
  json decisions = json::array();
  for (const GateDecision& d : result.decisions) {
    const stats::RateComparison& c = d.row.stats;
    decisions.push_back(json{
        {"name", d.row.name},
        {"filename", d.row.filename},
        {"configuration", d.row.configuration},
        {"verdict", verdict_name(d.verdict)},
        {"reason", d.reason},
        {"old", json{{"n", c.n_old}, {"mean", number(c.mean_old)}}},
        {"new", json{{"n", c.n_new}, {"mean", number(c.mean_new)}}},
        {"change_pct", number(d.change_pct)},
        {"interval_pct",
         std::isnan(d.lower_pct)
             ? json(nullptr)
             : json::array({number(d.lower_pct), number(d.upper_pct)})},
        {"p_value", c.test ? number(c.test->p_value) : json(nullptr)},
        {"p_adjusted", number(d.p_adjusted)},
        {"threshold_pct", d.threshold_pct},
        {"runs_needed", d.runs_needed ? json(*d.runs_needed) : json(nullptr)},
    });
  }
  json thresholds = json::array();
  for (const ThresholdRule& t : result.options.thresholds) {
    thresholds.push_back(json{{"pattern", t.pattern},
                              {"max_regression_pct", t.max_regression_pct}});
  }
  const json doc{
      {"verdict", result.verdict_line},
      {"exit_code", result.exit_code},
      {"metric", result.options.metric},
      {"higher_is_better", !result.options.lower_is_better},
      {"correction", correction_name(result.options.correction)},
      {"alpha", result.options.alpha},
      {"interval_level", result.interval_level},
      {"max_regression_pct", result.options.max_regression_pct},
      {"thresholds", std::move(thresholds)},
      {"strict", result.options.strict},
      {"paired", result.options.paired},
      {"decisions", std::move(decisions)},
  };
  return doc.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace fpbench::reports
