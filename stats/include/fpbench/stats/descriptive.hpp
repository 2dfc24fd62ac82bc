#pragma once

// Descriptive statistics computed the way R computes them, so that every
// number downstream (t, df, p, intervals) agrees with R to the last bits.

#include <span>

namespace fpbench::stats {

// Arithmetic mean, as R's mean(): the sum is accumulated in long double, then
// refined by a second pass that adds the mean residual, sum(x - m) / n, which
// removes most of the rounding error of the first pass.
// n = 0: NaN (R's mean(numeric(0)) is NaN).
double mean(std::span<const double> x);

// Unbiased sample variance, as R's var(): sum((x - mean)^2) / (n - 1) with the
// mean from mean() rounded to double and the sum accumulated in long double.
// n < 2: NaN (R gives NA). Zero variance is returned as 0.
double variance(std::span<const double> x);

}  // namespace fpbench::stats
