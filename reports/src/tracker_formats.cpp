// Bencher Metric Format and github-action-benchmark's custom JSON
// (tracker_formats.hpp).

#include "fpbench/reports/tracker_formats.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

#include "fpbench/stats/descriptive.hpp"

namespace fpbench::reports {
namespace {

constexpr double kNsPerS = 1e9;

// The new side of one row in the unit the tracker gets.
struct Spread {
  std::size_t n = 0;
  double mean = 0;
  double min = 0;
  double max = 0;
  double sd = 0;  // NaN under two samples
};

// None when there is no new sample or the mean is not a finite number
// (JSON has no NaN, and the trackers would read null as 0).
std::optional<Spread> spread(const std::vector<double>& values) {
  if (values.empty()) return std::nullopt;
  Spread s;
  s.n = values.size();
  s.mean = stats::mean(values);
  if (!std::isfinite(s.mean)) return std::nullopt;
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  s.min = *lo;
  s.max = *hi;
  s.sd = std::sqrt(stats::variance(values));
  return s;
}

// A metric's values as the trackers get them: CPU seconds in nanoseconds,
// like every other time they show; rates and counts as they are.
std::vector<double> per_op(std::string_view metric,
                           const std::vector<double>& values) {
  const double factor = metric == "cpu" ? kNsPerS : 1.0;
  std::vector<double> out;
  out.reserve(values.size());
  for (const double v : values) out.push_back(v * factor);
  return out;
}

// Rates (operations per second) as nanoseconds per operation, per sample,
// so that the mean is the mean time of an operation.
std::vector<double> ns_per_op(const std::vector<double>& rates) {
  std::vector<double> out;
  out.reserve(rates.size());
  for (const double r : rates) out.push_back(kNsPerS / r);
  return out;
}

// Bencher's slugs are kebab case: "syscalls_all" -> "syscalls-all",
// "syscalls:openat" -> "syscalls-openat".
std::string kebab(std::string_view metric) {
  std::string out(metric);
  std::replace(out.begin(), out.end(), '_', '-');
  std::replace(out.begin(), out.end(), ':', '-');
  return out;
}

std::string_view gab_unit(std::string_view metric) {
  if (metric == "wall" || metric == "cpu") return "ns/op";
  if (metric == "syscalls" || metric == "syscalls_all") return "syscalls/op";
  if (metric.starts_with("syscalls:")) return "calls/op";
  if (metric == "alloc_bytes") return "bytes/op";
  if (metric == "rss") return "KiB";
  if (metric == "instructions") return "instructions/op";
  if (metric == "faults") return "faults/op";
  if (metric == "allocs") return "allocs/op";
  return "per op";
}

// Short and exact enough for a tooltip, without exponents in the range of
// times in nanoseconds: "1234.57", "0.0123", "15020918".
std::string short_number(double x) {
  return std::fabs(x) >= 1e5 ? fmt::format("{:.0f}", x)
                             : fmt::format("{:.6g}", x);
}

// Names that are not UTF-8 get U+FFFD rather than aborting the report.
// The benchmark's name, without the space an empty configuration leaves
// ("BM_sum", not "BM_sum "): a tracker keys its series by it.
std::string tracker_name(const ComparisonRow& row) {
  return row.configuration.empty() ? row.filename : row.name;
}

template <typename Json>
std::string dump(const Json& doc) {
  return doc.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace

std::string format_bmf(const std::vector<MetricComparison>& metrics) {
  // std::map-backed: benchmarks and their measures come out in byte order,
  // whatever order the metrics were given in.
  nlohmann::json doc = nlohmann::json::object();
  for (const MetricComparison& m : metrics) {
    const std::string slug =
        m.metric == "wall" ? "throughput" : kebab(m.metric);
    for (const ComparisonRow& row : m.comparison.rows) {
      const auto s = spread(per_op(m.metric, row.new_rates));
      if (!s) continue;
      // A finite mean has finite samples, so the bounds are finite too.
      doc[tracker_name(row)][slug] = {
          {"value", s->mean}, {"lower_value", s->min}, {"upper_value", s->max}};
    }
  }
  return dump(doc);
}

std::string format_github_action_benchmark(
    const std::vector<MetricComparison>& metrics) {
  nlohmann::ordered_json doc = nlohmann::ordered_json::array();
  for (const MetricComparison& m : metrics) {
    const bool wall = m.metric == "wall";
    for (const ComparisonRow& row : m.comparison.rows) {
      const auto s = spread(wall ? ns_per_op(row.new_rates)
                                 : per_op(m.metric, row.new_rates));
      if (!s) continue;
      std::string name = tracker_name(row);
      if (!wall) name += " [" + m.metric + "]";
      nlohmann::ordered_json entry{{"name", std::move(name)},
                                   {"unit", gab_unit(m.metric)},
                                   {"value", s->mean}};
      if (std::isfinite(s->sd)) entry["range"] = "± " + short_number(s->sd);
      entry["extra"] = fmt::format("new: {} sample{}, min {}, max {}", s->n,
                                   s->n == 1 ? "" : "s", short_number(s->min),
                                   short_number(s->max));
      doc.push_back(std::move(entry));
    }
  }
  return dump(doc);
}

}  // namespace fpbench::reports
