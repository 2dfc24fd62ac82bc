// The gate's renderings of one GateReport: per metric the decisions that
// matter as compare.R's table and one line each, a pull-request comment, and
// every decision as JSON.

#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "fpbench/base/check.hpp"
#include "fpbench/reports/compare_r_text.hpp"
#include "fpbench/reports/gate_report.hpp"
#include "fpbench/reports/markdown.hpp"
#include "fpbench/reports/metric_table.hpp"
#include "fpbench/reports/percent.hpp"
#include "fpbench/stats/multiple_comparisons.hpp"

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

std::string table(const GateResult& result) {
  Comparison shown_rows;
  for (const GateDecision& d : result.decisions) {
    if (shown(d)) shown_rows.rows.push_back(d.row);
  }
  if (shown_rows.rows.empty()) return "";
  if (!result.options.exact_noise_floor)
    return format_compare_r_text(shown_rows) + "\n";
  // Counts: old, new and their change rather than compare.R's rates; the
  // metric table's heading is the verdict line's to say.
  MetricSamples header;
  header.metric = result.options.metric;
  header.info = MetricInfo{"", "the decided rows", true,
                           *result.options.exact_noise_floor};
  header.source = "see below";
  const std::string t = format_metric_text(header, shown_rows);
  return t.substr(t.find('\n') + 1) + "\n";
}

std::string text_section(const GateResult& result) {
  std::string out = table(result);
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

std::string markdown_section(const GateResult& result) {
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

using nlohmann::json;

json number(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }

json decision(const GateDecision& d) {
  const stats::RateComparison& c = d.row.stats;
  return json{
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
  };
}

std::string document(const GateResult& result) {
  json decisions = json::array();
  for (const GateDecision& d : result.decisions)
    decisions.push_back(decision(d));
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

std::string format_gate_text(const GateReport& report) {
  return each_metric(report, text_section);
}

std::string format_gate_markdown(const GateReport& report) {
  return each_metric(report, markdown_section);
}

std::string format_gate_json(const GateReport& report) {
  if (!report.by_metric) {
    FPBENCH_CHECK(report.metrics.size() == 1);
    return document(report.metrics.front());
  }
  // The list is framed by hand around each metric's document as it would
  // stand alone, which ci/pr-gate's gate.json has always had.
  std::string documents;
  for (const GateResult& result : report.metrics) {
    if (!documents.empty()) documents += ",\n";
    documents += document(result);
  }
  return fmt::format("{{\"exit_code\": {}, \"metrics\": [\n{}]}}\n",
                     report.exit_code, documents);
}

}  // namespace fpbench::reports
