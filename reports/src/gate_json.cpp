// fpbench gate --format json (and --json FILE): every decision with its
// numbers and reason. A metric's document is the same whether it stands
// alone (an input of rates) or is one of a list (JSON Lines with metrics).

#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "fpbench/base/check.hpp"
#include "fpbench/reports/gate_report.hpp"
#include "gate_cells.hpp"

namespace fpbench::reports {
namespace {

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

// The rows whose counted and timed metrics contradict each other, on one
// line: [] when none.
std::string contradictions(const std::vector<Contradiction>& all) {
  json out = json::array();
  for (const Contradiction& c : all) {
    out.push_back(json{
        {"name", c.name},
        {"counted_metric", c.counted_metric},
        {"counted_old", number(c.counted_old)},
        {"counted_new", number(c.counted_new)},
        {"counted_change_pct", number(c.counted_change_pct)},
        {"counted_exact", c.counted_exact},
        {"timed_metric", "wall"},
        {"timed_change_pct", number(c.timed_change_pct)},
        {"timed_half_width_99_pct", number(c.timed_half_width_pct)},
        {"time_moved_pct", number(c.time_moved_pct)},
        {"old_ns_per_op", number(c.old_ns_per_op)},
        {"note", contradiction_text(c)},
    });
  }
  return out.dump(-1, ' ', false, json::error_handler_t::replace);
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
  return fmt::format(
      "{{\"exit_code\": {}, \"contradictions\": {}, \"metrics\": [\n{}]}}\n",
      report.exit_code, contradictions(report.contradictions), documents);
}

}  // namespace fpbench::reports
