// history record's input: compare.js CSV or fpbench's JSON Lines, grouped by
// metric and source.

#include "history_input.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "fpbench/base/try.hpp"
#include "fpbench/reports/metric_samples.hpp"
#include "fpbench/reports/sample_csv.hpp"

namespace fpbench::history::detail {
namespace {

constexpr std::string_view kByNamePrefix = "syscalls:";

// known_metrics() order first, then the calls by name, each by source.
using MetricKey = std::tuple<std::size_t, std::string, std::string>;

std::size_t rank(std::string_view metric) {
  const auto& known = reports::known_metrics();
  const auto at = std::find(known.begin(), known.end(), metric);
  return static_cast<std::size_t>(at - known.begin());  // by name: known.size()
}

}  // namespace

Result<RecordInput> parse_record_input(std::string_view text,
                                       const std::string& input_name) {
  RecordInput out;
  if (!reports::looks_like_sample_jsonl(text)) {
    FPBENCH_ASSIGN_OR_RETURN(auto samples,
                             reports::parse_samples_csv(text, input_name));
    out.metrics.push_back(RecordedMetric{"wall", "clock", std::move(samples)});
    return out;
  }
  FPBENCH_ASSIGN_OR_RETURN(auto records,
                           reports::parse_sample_jsonl(text, input_name));
  out.from_jsonl = true;
  std::map<MetricKey, reports::SampleSet> grouped;
  for (const reports::SampleRecord& r : records) {
    for (const auto& [metric, reading] : r.metrics) {
      if (metric.starts_with(kByNamePrefix) || !reports::metric_info(metric)) {
        if (std::find(out.skipped.begin(), out.skipped.end(), metric) ==
            out.skipped.end()) {
          out.skipped.push_back(metric);
        }
        continue;
      }
      grouped[{rank(metric), metric, reading.source}].add(
          r.binary, r.filename, r.configuration, reading.value);
      for (const auto& [call, count] : reading.by_name) {
        const std::string name = std::string(kByNamePrefix) + call;
        grouped[{reports::known_metrics().size(), name, reading.source}].add(
            r.binary, r.filename, r.configuration, count);
      }
    }
  }
  for (auto& [key, samples] : grouped) {
    out.metrics.push_back(
        RecordedMetric{std::get<1>(key), std::get<2>(key), std::move(samples)});
  }
  return out;
}

}  // namespace fpbench::history::detail
