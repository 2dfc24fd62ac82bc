// A metric's comparison as data: JSON and CSV beside the tables of
// metric_table.cpp, from the same rows.

#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "fpbench/reports/metric_table.hpp"

namespace fpbench::reports {
namespace {

using nlohmann::json;

bool row_exact(const ComparisonRow& row, double noise_floor) {
  return row.stats.n_old > 0 && row.stats.n_new > 0 &&
         exact_samples(row.old_rates, noise_floor) &&
         exact_samples(row.new_rates, noise_floor);
}

json side(std::size_t n, double mean, const std::vector<double>& values) {
  return json{{"n", n}, {"mean", mean}, {"samples", values}};
}

std::string csv_quoted(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string number(double x) {
  if (std::isnan(x)) return "NA";
  if (std::isinf(x)) return x > 0 ? "Inf" : "-Inf";
  return fmt::format("{}", x);
}

}  // namespace

std::string format_metric_json(const MetricSamples& samples,
                               const Comparison& comparison) {
  json rows = json::array();
  for (const ComparisonRow& row : comparison.rows) {
    const stats::RateComparison& c = row.stats;
    const bool exact = row_exact(row, samples.info.noise_floor);
    json r{
        {"name", row.name},
        {"filename", row.filename},
        {"configuration", row.configuration},
        {"old", side(c.n_old, c.mean_old, row.old_rates)},
        {"new", side(c.n_new, c.mean_new, row.new_rates)},
        {"change_pct", c.improvement_pct},
        {"exact", exact},
        {"stars", c.test && !exact ? json(c.stars) : json(nullptr)},
        {"p_value", c.test && !exact ? json(c.test->p_value) : json(nullptr)},
        {"accuracy_95_pct",
         c.test && !exact ? json(c.half_width_pct[0]) : json(nullptr)}};
    rows.push_back(std::move(r));
  }
  const json doc{{"metric", samples.metric},
                 {"description", samples.info.description},
                 {"source", samples.source},
                 {"higher_is_better", !samples.info.lower_is_better},
                 {"comparisons", comparison.rows.size()},
                 {"rows", std::move(rows)}};
  return doc.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

std::string metric_csv_header() {
  return "metric,source,name,filename,configuration,n_old,n_new,mean_old,"
         "mean_new,change_pct,higher_is_better,exact,stars,p_value,"
         "accuracy_95_pct\n";
}

std::string format_metric_csv_rows(const MetricSamples& samples,
                                   const Comparison& comparison) {
  std::string out;
  for (const ComparisonRow& row : comparison.rows) {
    const stats::RateComparison& c = row.stats;
    const bool exact = row_exact(row, samples.info.noise_floor);
    const bool tested = c.test.has_value() && !exact;
    out += csv_quoted(samples.metric) + "," + csv_quoted(samples.source) + "," +
           csv_quoted(row.name) + "," + csv_quoted(row.filename) + "," +
           csv_quoted(row.configuration) +
           fmt::format(",{},{},", c.n_old, c.n_new) + number(c.mean_old) + "," +
           number(c.mean_new) + "," + number(c.improvement_pct) + "," +
           (samples.info.lower_is_better ? "false" : "true") + "," +
           (exact ? "true" : "false") + "," +
           (tested ? std::to_string(c.stars) : "NA") + "," +
           (tested ? number(c.test->p_value) : "NA") + "," +
           (tested ? number(c.half_width_pct[0]) : "NA") + "\n";
  }
  return out;
}

}  // namespace fpbench::reports
