#include "fpbench/reports/comparison.hpp"

#include <algorithm>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "fpbench/reports/collation.hpp"

namespace fpbench::reports {

Comparison build_comparison(const SampleSet& samples) {
  Comparison out;
  out.rows.reserve(samples.benchmarks().size());
  for (const BenchmarkSamples& b : samples.benchmarks()) {
    out.rows.push_back(
        ComparisonRow{b.name, b.filename, b.configuration,
                      stats::compare_rates(b.old_rates, b.new_rates),
                      b.old_rates, b.new_rates});
  }
  // Names that collate equal (they differ only in ignorable characters)
  // keep the order they first appeared in, as R's sort leaves them. ASCII
  // names (the usual case) sort by their keys, computed once each.
  std::vector<std::string> keys;
  keys.reserve(out.rows.size());
  for (const ComparisonRow& row : out.rows) {
    auto key = collation_key(row.name);
    if (!key) break;
    keys.push_back(std::move(*key));
  }
  if (keys.size() < out.rows.size()) {
    std::stable_sort(out.rows.begin(), out.rows.end(),
                     [](const ComparisonRow& a, const ComparisonRow& b) {
                       return collate(a.name, b.name) < 0;
                     });
    return out;
  }
  std::vector<std::size_t> order(out.rows.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(
      order.begin(), order.end(),
      [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
  std::vector<ComparisonRow> sorted;
  sorted.reserve(out.rows.size());
  for (std::size_t i : order) sorted.push_back(std::move(out.rows[i]));
  out.rows = std::move(sorted);
  return out;
}

Comparison Comparison::only_significant() const {
  Comparison out;
  std::copy_if(rows.begin(), rows.end(), std::back_inserter(out.rows),
               [](const ComparisonRow& r) { return r.stats.stars > 0; });
  return out;
}

}  // namespace fpbench::reports
