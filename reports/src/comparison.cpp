#include "fpbench/reports/comparison.hpp"

#include <algorithm>

#include "fpbench/reports/collation.hpp"

namespace fpbench::reports {

Comparison build_comparison(const SampleSet& samples) {
  Comparison out;
  out.rows.reserve(samples.benchmarks().size());
  for (const BenchmarkSamples& b : samples.benchmarks()) {
    out.rows.push_back(ComparisonRow{
        b.name, b.filename, b.configuration,
        stats::compare_rates(b.old_rates, b.new_rates), b.old_rates,
        b.new_rates});
  }
  // Names that collate equal (they differ only in ignorable characters)
  // keep the order they first appeared in, as R's sort leaves them.
  std::stable_sort(out.rows.begin(), out.rows.end(),
                   [](const ComparisonRow& a, const ComparisonRow& b) {
                     return collate(a.name, b.name) < 0;
                   });
  return out;
}

Comparison Comparison::only_significant() const {
  Comparison out;
  std::copy_if(rows.begin(), rows.end(), std::back_inserter(out.rows),
               [](const ComparisonRow& r) { return r.stats.stars > 0; });
  return out;
}

}  // namespace fpbench::reports
