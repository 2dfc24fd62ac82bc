#pragma once

// The one result model every report format is rendered from: one row per
// benchmark, in compare.R's order (ICU root collation of the names).

#include <cstddef>
#include <string>
#include <vector>

#include "fpbench/reports/samples.hpp"
#include "fpbench/stats/rate_comparison.hpp"

namespace fpbench::reports {

struct ComparisonRow {
  std::string name;
  std::string filename;
  std::string configuration;
  stats::RateComparison stats;
  // The samples the statistics were computed from, in input order, so that
  // reports can draw their distribution (the JSON's box plot input).
  std::vector<double> old_rates;
  std::vector<double> new_rates;
};

struct Comparison {
  std::vector<ComparisonRow> rows;

  // Rows with at least one star.
  [[nodiscard]] Comparison only_significant() const;
};

Comparison build_comparison(const SampleSet& samples);

// What every format takes besides the comparison itself.
struct ReportOptions {
  bool only_significant = false;  // text and Markdown: rows with a star only
};

}  // namespace fpbench::reports
