#include "fpbench/stats/paired.hpp"

#include <cmath>
#include <vector>

#include "fpbench/stats/descriptive.hpp"
#include "fpbench/stats/power.hpp"
#include "fpbench/stats/welch.hpp"

namespace fpbench::stats {

std::optional<PairedTest> paired_log_ratio_test(
    std::span<const double> old_values, std::span<const double> new_values) {
  if (old_values.size() != new_values.size() || old_values.size() < 2)
    return std::nullopt;
  std::vector<double> ratios;
  ratios.reserve(old_values.size());
  for (std::size_t k = 0; k < old_values.size(); ++k) {
    const double a = old_values[k], b = new_values[k];
    if (!(a > 0) || !(b > 0) || !std::isfinite(a) || !std::isfinite(b))
      return std::nullopt;
    ratios.push_back(std::log(b / a));
  }
  PairedTest test;
  test.n = ratios.size();
  test.mean_log_ratio = mean(ratios);
  test.sd_log_ratio = std::sqrt(variance(ratios));
  test.std_error = test.sd_log_ratio / std::sqrt(static_cast<double>(test.n));
  if (!(test.std_error > 0) || !std::isfinite(test.std_error))
    return std::nullopt;
  test.t = test.mean_log_ratio / test.std_error;
  test.df = static_cast<double>(test.n - 1);
  test.p_value = student_t_two_sided_p(test.t, test.df);
  return test;
}

PercentInterval paired_interval_pct(double mean_log_ratio, double sd_log_ratio,
                                    std::size_t n, double alpha) {
  const double nan = std::nan("");
  if (n < 2 || !(alpha > 0 && alpha < 1)) return {nan, nan};
  const double q =
      student_t_quantile(1 - alpha / 2, static_cast<double>(n - 1));
  const double h = q * sd_log_ratio / std::sqrt(static_cast<double>(n));
  return {std::expm1(mean_log_ratio - h) * 100,
          std::expm1(mean_log_ratio + h) * 100};
}

std::optional<std::size_t> paired_runs_to_decide(const PairedTest& test,
                                                 double threshold_pct,
                                                 double alpha,
                                                 bool lower_is_better,
                                                 std::size_t max_runs) {
  if (!(threshold_pct >= 0) || !std::isfinite(threshold_pct) ||
      !(alpha > 0 && alpha < 1)) {
    return std::nullopt;
  }
  // For lower-is-better values the goodness ratio is the inverse: -m.
  const double m = lower_is_better ? -test.mean_log_ratio : test.mean_log_ratio;
  return smallest_deciding_n(
      [&](std::size_t n) {
        const PercentInterval i =
            paired_interval_pct(m, test.sd_log_ratio, n, alpha);
        return i.lower_pct >= -threshold_pct ||
               (i.upper_pct < 0 && i.lower_pct < -threshold_pct);
      },
      max_runs);
}

}  // namespace fpbench::stats
