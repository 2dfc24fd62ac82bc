#include "fpbench/reports/json.hpp"

#include <nlohmann/json.hpp>
#include <vector>

namespace fpbench::reports {
namespace {

using nlohmann::json;

json side(std::size_t n, double mean, const std::vector<double>& samples) {
  return json{{"n", n}, {"mean", mean}, {"samples", samples}};
}

json row_json(const ComparisonRow& row) {
  const stats::RateComparison& c = row.stats;
  json r{{"name", row.name},
         {"filename", row.filename},
         {"configuration", row.configuration},
         {"old", side(c.n_old, c.mean_old, row.old_rates)},
         {"new", side(c.n_new, c.mean_new, row.new_rates)},
         {"improvement_pct", c.improvement_pct},
         {"stars", c.test ? json(c.stars) : json(nullptr)}};
  if (c.test) {
    r["welch"] = json{{"t", c.test->t},
                      {"df", c.test->df},
                      {"p_value", c.test->p_value},
                      {"std_error", c.test->std_error}};
  } else {
    r["welch"] = nullptr;
  }
  json intervals = json::array();
  for (std::size_t i = 0; i < stats::kRiskLevels.size(); ++i) {
    intervals.push_back(
        json{{"risk", stats::kRiskLevels[i]},
             {"half_width_pct",
              c.test ? json(c.half_width_pct[i]) : json(nullptr)}});
  }
  r["confidence_intervals"] = std::move(intervals);
  return r;
}

}  // namespace

std::string format_json(const Comparison& comparison) {
  json rows = json::array();
  for (const ComparisonRow& row : comparison.rows)
    rows.push_back(row_json(row));
  const json doc{{"higher_is_better", true},
                 {"metric", "rate_ops_per_s"},
                 {"comparisons", comparison.rows.size()},
                 {"rows", std::move(rows)}};
  // NaN and infinities are written as null; names that are not UTF-8 get
  // U+FFFD rather than aborting the report.
  return doc.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace fpbench::reports
