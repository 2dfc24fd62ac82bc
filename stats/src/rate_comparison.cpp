#include "fpbench/stats/rate_comparison.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "fpbench/stats/descriptive.hpp"
#include "unit_scale.hpp"

namespace fpbench::stats {

int significance_stars(double p_value) {
  if (p_value < 0.001) return 3;
  if (p_value < 0.01) return 2;
  if (p_value < 0.05) return 1;
  return 0;
}

RateComparison compare_rates(std::span<const double> old_rates,
                             std::span<const double> new_rates) {
  RateComparison c;
  c.n_old = old_rates.size();
  c.n_new = new_rates.size();
  c.mean_old = mean(old_rates);
  c.mean_new = mean(new_rates);
  c.improvement_pct = (c.mean_new - c.mean_old) / c.mean_old * 100;
  c.half_width_pct.fill(std::numeric_limits<double>::quiet_NaN());
  c.test = welch_t_test(old_rates, new_rates);
  if (!c.test) return c;

  c.stars = significance_stars(c.test->p_value);
  // On the samples scaled as the test scales them (unit_scale.hpp), so that
  // se / mean_old neither overflows nor underflows; summed in this order
  // (old first) to match compare.R's welch.sd exactly.
  const double factor = detail::unit_scale(
      std::max(std::fabs(c.mean_old), std::fabs(c.mean_new)));
  const std::vector<double> old_scaled = detail::scaled(old_rates, factor);
  const std::vector<double> new_scaled = detail::scaled(new_rates, factor);
  const double shared_se =
      std::sqrt(variance(old_scaled) / static_cast<double>(c.n_old) +
                variance(new_scaled) / static_cast<double>(c.n_new));
  const double mean_old = mean(old_scaled);
  for (std::size_t i = 0; i < kRiskLevels.size(); ++i) {
    const double q = student_t_quantile(1 - kRiskLevels[i] / 2, c.test->df);
    c.half_width_pct[i] = q * shared_se / mean_old * 100;
  }
  return c;
}

}  // namespace fpbench::stats
