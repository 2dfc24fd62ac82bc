#include "fpbench/harness/shard.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <numeric>

#include "fpbench/base/try.hpp"
#include "fpbench/reports/input.hpp"
#include "fpbench/reports/metric_samples.hpp"
#include "fpbench/reports/sample_csv.hpp"

namespace fpbench::harness {
namespace {

constexpr int kMaxShards = 10000;

bool parse_int(std::string_view text, int& out) {
  const auto [end, ec] =
      std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

std::string name_of(const std::string& filename,
                    const std::string& configuration) {
  return configuration.empty() ? filename : filename + " " + configuration;
}

}  // namespace

Result<ShardSpec> parse_shard(std::string_view text) {
  const auto slash = text.find('/');
  ShardSpec spec;
  if (slash == std::string_view::npos ||
      !parse_int(text.substr(0, slash), spec.index) ||
      !parse_int(text.substr(slash + 1), spec.count) || spec.count < 1 ||
      spec.count > kMaxShards || spec.index < 1 || spec.index > spec.count) {
    return usage_error(fmt::format(
        "--shard: expected K/N with 1 <= K <= N <= {} (e.g. 2/4), got '{}'",
        kMaxShards, text));
  }
  return spec;
}

Result<ShardCosts> read_shard_costs(const std::string& path) {
  FPBENCH_ASSIGN_OR_RETURN(const auto text, reports::read_input(path));
  ShardCosts costs;
  if (reports::looks_like_sample_jsonl(text)) {
    FPBENCH_ASSIGN_OR_RETURN(const auto records,
                             reports::parse_sample_jsonl(text, path));
    for (const reports::SampleRecord& r : records) {
      const reports::MetricReading* wall = r.find("wall");
      costs[name_of(r.filename, r.configuration)] +=
          wall != nullptr && wall->time_s ? *wall->time_s : 1.0;
    }
    return costs;
  }
  FPBENCH_ASSIGN_OR_RETURN(const auto rows,
                           reports::parse_sample_csv_rows(text, path));
  for (const reports::SampleCsvRow& r : rows) {
    costs[name_of(r.filename, r.configuration)] += r.time_s;
  }
  return costs;
}

std::map<std::string, int> shard_assignment(
    const std::vector<std::string>& jobs, int count, const ShardCosts& costs) {
  std::vector<std::string> names = jobs;
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  // The mean over the configurations named, in name order, so that the sum
  // (and so the result) is the same on every machine.
  double known_sum = 0;
  std::size_t known = 0;
  for (const std::string& n : names) {
    if (const auto it = costs.find(n); it != costs.end()) {
      known_sum += it->second;
      ++known;
    }
  }
  const double fallback =
      known == 0 ? 1.0 : known_sum / static_cast<double>(known);
  std::vector<std::pair<double, const std::string*>> weighted;
  for (const std::string& n : names) {
    const auto it = costs.find(n);
    weighted.emplace_back(
        costs.empty() ? 1.0 : (it != costs.end() ? it->second : fallback), &n);
  }
  std::stable_sort(
      weighted.begin(), weighted.end(),
      [](const auto& a, const auto& b) { return a.first > b.first; });
  // Cost, then how many it holds: configurations that cost nothing (a
  // samples file without times) are still dealt out evenly.
  std::vector<std::pair<double, std::size_t>> load(
      static_cast<std::size_t>(count), {0.0, 0});
  std::map<std::string, int> part;
  for (const auto& [cost, name] : weighted) {
    const auto least = std::min_element(load.begin(), load.end());
    least->first += cost;
    ++least->second;
    part[*name] = static_cast<int>(least - load.begin()) + 1;
  }
  return part;
}

std::vector<std::string> shard_jobs(const std::vector<std::string>& jobs,
                                    const ShardSpec& spec,
                                    const ShardCosts& costs) {
  if (spec.count == 1) return jobs;
  const auto part = shard_assignment(jobs, spec.count, costs);
  std::vector<std::string> out;
  for (const std::string& job : jobs) {
    if (part.at(job) == spec.index) out.push_back(job);
  }
  return out;
}

}  // namespace fpbench::harness
