#include "fpbench/stats/power.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "fpbench/stats/descriptive.hpp"
#include "fpbench/stats/welch.hpp"
#include "nan.hpp"
#include "unit_scale.hpp"

namespace fpbench::stats {
namespace {

using detail::kNaN;

struct Observed {
  double var_old = 0;
  double var_new = 0;
  double mean_old = 0;
  double improvement_pct = 0;
};

// Whether n runs per side would decide, if the observed numbers held.
bool decides(const Observed& o, double threshold_pct, double alpha,
             std::size_t n) {
  const double h =
      projected_half_width_pct(o.var_old, o.var_new, o.mean_old, n, alpha);
  if (std::isnan(h)) return false;
  const double lower = o.improvement_pct - h;
  const double upper = o.improvement_pct + h;
  return lower >= -threshold_pct || (upper < 0 && lower < -threshold_pct);
}

}  // namespace

double projected_half_width_pct(double var_old, double var_new, double mean_old,
                                std::size_t runs_per_side, double alpha) {
  if (runs_per_side < 2 || mean_old == 0 || !(var_old >= 0) ||
      !(var_new >= 0) || !(alpha > 0 && alpha < 1)) {
    return kNaN;
  }
  const auto n = static_cast<double>(runs_per_side);
  // df as welch_t_test and the scale as compare_rates compute them, so that
  // at the observed n on both sides this is the interval compare_rates shows.
  // df from the standard errors scaled to about 1 (unit_scale.hpp): se^4
  // overflows for rates past 1e77 and underflows below 1e-77.
  const double factor = detail::unit_scale(
      std::max(std::sqrt(var_old / n), std::sqrt(var_new / n)));
  const double se_old = std::sqrt(var_old / n) * factor;
  const double se_new = std::sqrt(var_new / n) * factor;
  const double se = std::sqrt(se_old * se_old + se_new * se_new);
  const double df = std::pow(se, 4) / (std::pow(se_old, 4) / (n - 1) +
                                       std::pow(se_new, 4) / (n - 1));
  const double q = student_t_quantile(1 - alpha / 2, df);
  const double shared_se = std::sqrt(var_old / n + var_new / n);
  return q * shared_se / mean_old * 100;
}

std::optional<std::size_t> runs_to_decide(std::span<const double> old_rates,
                                          std::span<const double> new_rates,
                                          double threshold_pct, double alpha,
                                          std::size_t max_runs) {
  if (old_rates.size() < 2 || new_rates.size() < 2 || max_runs < 2 ||
      !(alpha > 0 && alpha < 1)) {
    return std::nullopt;
  }
  // Scaled as the test scales them (unit_scale.hpp); the interval in
  // percent does not depend on the scale.
  const double factor = detail::unit_scale(
      std::max(std::fabs(mean(old_rates)), std::fabs(mean(new_rates))));
  const std::vector<double> old_scaled = detail::scaled(old_rates, factor);
  const std::vector<double> new_scaled = detail::scaled(new_rates, factor);
  Observed o;
  o.var_old = variance(old_scaled);
  o.var_new = variance(new_scaled);
  o.mean_old = mean(old_scaled);
  const double mean_new = mean(new_scaled);
  o.improvement_pct = (mean_new - o.mean_old) / o.mean_old * 100;
  if (!(o.mean_old > 0) || !(o.var_old + o.var_new > 0) ||
      !std::isfinite(o.var_old + o.var_new) ||
      !std::isfinite(o.improvement_pct) || !std::isfinite(threshold_pct) ||
      threshold_pct < 0) {
    return std::nullopt;
  }

  // h(n) falls as n grows (more runs, more degrees of freedom), so "decides"
  // stays true once true.
  return smallest_deciding_n(
      [&](std::size_t n) { return decides(o, threshold_pct, alpha, n); },
      max_runs);
}

std::optional<std::size_t> smallest_deciding_n(
    const std::function<bool(std::size_t)>& decides, std::size_t max_runs) {
  if (max_runs < 2) return std::nullopt;
  // Double until it holds, then bisect.
  std::size_t undecided = 1;  // largest n known not to decide
  std::size_t decided = 2;
  while (!decides(decided)) {
    if (decided >= max_runs) return std::nullopt;
    undecided = decided;
    decided = decided > max_runs / 2 ? max_runs : decided * 2;
  }
  while (decided - undecided > 1) {
    const std::size_t mid = undecided + (decided - undecided) / 2;
    if (decides(mid)) {
      decided = mid;
    } else {
      undecided = mid;
    }
  }
  return decided;
}

}  // namespace fpbench::stats
