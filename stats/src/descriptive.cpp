#include "fpbench/stats/descriptive.hpp"

#include <cmath>
#include <limits>

namespace fpbench::stats {

double mean(std::span<const double> x) {
  if (x.empty()) return std::numeric_limits<double>::quiet_NaN();
  const auto n = static_cast<long double>(x.size());
  long double sum = 0.0L;
  for (double v : x) sum += v;
  long double m = sum / n;
  if (!std::isfinite(static_cast<double>(m))) {
    // The plain sum overflowed: average terms that are each divided first.
    m = 0.0L;
    for (double v : x) m += static_cast<long double>(v) / n;
  }
  if (std::isfinite(static_cast<double>(m))) {
    long double residual = 0.0L;
    for (double v : x) residual += static_cast<long double>(v) - m;
    m += residual / n;
  }
  return static_cast<double>(m);
}

double variance(std::span<const double> x) {
  if (x.size() < 2) return std::numeric_limits<double>::quiet_NaN();
  const long double m = mean(x);
  long double sum = 0.0L;
  for (double v : x) {
    const long double d = static_cast<long double>(v) - m;
    sum += d * d;
  }
  return static_cast<double>(sum / static_cast<long double>(x.size() - 1));
}

}  // namespace fpbench::stats
