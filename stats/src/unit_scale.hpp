#pragma once

// Samples are divided by a power of two near their magnitude before their
// variances are formed, so that rates around 1e300 do not overflow a squared
// deviation (or se^4 in Welch's df) and rates around 1e-300 do not
// underflow one to zero. Multiplying by a power of two is exact while the
// result stays normal, so at ordinary scales every result is bit for bit
// what the unscaled formula gives, and compare.R's table is unchanged.

#include <cmath>
#include <span>
#include <vector>

namespace fpbench::stats::detail {

// A power of two f with f * magnitude in [1, 2); 1 for zero, a subnormal
// or a non-finite magnitude, which no factor helps.
inline double unit_scale(double magnitude) {
  if (!std::isnormal(magnitude)) return 1.0;
  return std::ldexp(1.0, -std::ilogb(magnitude));
}

inline std::vector<double> scaled(std::span<const double> x, double factor) {
  std::vector<double> out(x.begin(), x.end());
  for (double& v : out) v *= factor;
  return out;
}

}  // namespace fpbench::stats::detail
