#pragma once

// One benchmark's old-versus-new comparison, the numbers behind a row of
// Node's benchmark/compare.R table.
//
//   improvement  = (mean_new - mean_old) / mean_old * 100            [%]
//   half_width_r = qt(1 - r/2, df) * sqrt(var_old/n_old + var_new/n_new)
//                  / mean_old * 100   for risk r in {0.05, 0.01, 0.001} [%]
//   stars        = 3 if p < 0.001, 2 if p < 0.01, 1 if p < 0.05, else 0
//
// Rates are higher-is-better (operations per second). The interval is
// relative to the old mean because the improvement is.
//
// n = 0 on a side: that mean is NaN and so is the improvement. n = 1 on a
// side, zero or essentially zero variance, or overflow: the improvement is
// still computed from the means, but there is no test (test is empty, the
// half-widths are NaN and stars is 0).

#include <array>
#include <cstddef>
#include <optional>
#include <span>

#include "fpbench/stats/welch.hpp"

namespace fpbench::stats {

inline constexpr std::array<double, 3> kRiskLevels = {0.05, 0.01, 0.001};

struct RateComparison {
  std::size_t n_old = 0;
  std::size_t n_new = 0;
  double mean_old = 0;
  double mean_new = 0;
  double improvement_pct = 0;
  std::optional<WelchTest> test;
  std::array<double, 3> half_width_pct{};  // per kRiskLevels
  int stars = 0;
};

RateComparison compare_rates(std::span<const double> old_rates,
                             std::span<const double> new_rates);

// Number of stars for a p-value: 3 below 0.001, 2 below 0.01, 1 below 0.05.
int significance_stars(double p_value);

}  // namespace fpbench::stats
