#include "fpbench/stats/deterministic.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

#include "fpbench/stats/descriptive.hpp"
#include "nan.hpp"

namespace fpbench::stats {
namespace {

using detail::kNaN;
constexpr double kInf = std::numeric_limits<double>::infinity();

double relative_change(double mean_old, double mean_new) {
  if (mean_old == 0) {
    if (mean_new == 0) return 0;
    return mean_new > 0 ? kInf : -kInf;
  }
  return (mean_new - mean_old) / mean_old;
}

}  // namespace

bool is_deterministic(std::span<const double> values, double noise_floor,
                      bool allow_single) {
  if (!(noise_floor >= 0) || values.empty()) return false;
  if (values.size() == 1 && !allow_single) return false;
  if (!std::all_of(values.begin(), values.end(),
                   [](double v) { return std::isfinite(v); })) {
    return false;
  }
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  // An infinite floor would make 0 * inf a NaN for all-zero data.
  if (*hi == *lo) return true;
  return *hi - *lo <= noise_floor * std::fabs(mean(values));
}

DeterministicChange deterministic_change(std::span<const double> old_values,
                                         std::span<const double> new_values,
                                         double noise_floor,
                                         bool allow_single) {
  DeterministicChange d;
  d.old_deterministic = is_deterministic(old_values, noise_floor, allow_single);
  d.new_deterministic = is_deterministic(new_values, noise_floor, allow_single);
  d.deterministic = d.old_deterministic && d.new_deterministic;
  d.mean_old = mean(old_values);
  d.mean_new = mean(new_values);
  d.relative_change =
      d.deterministic ? relative_change(d.mean_old, d.mean_new) : kNaN;
  return d;
}

}  // namespace fpbench::stats
