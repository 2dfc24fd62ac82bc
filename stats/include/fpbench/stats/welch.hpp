#pragma once

// Welch's unequal-variances two-sample t-test, as R's t.test(var.equal=FALSE).
//
//   se = sqrt(var_old / n_old + var_new / n_new)
//   t  = (mean_new - mean_old) / se                (positive: new is higher)
//   df = se^4 / ((var_old/n_old)^2 / (n_old - 1) + (var_new/n_new)^2 / (n_new -
//   1)) p  = 2 * P(T_df < -|t|)                         (two-sided)
//
// Welch-Satterthwaite degrees of freedom are not integers; the Student t
// distribution is Boost.Math's, evaluated at the non-integer df.
// Reference: B. L. Welch, Biometrika 34 (1947) 28-35; R's
// stats:::t.test.default.
//
// Assumptions: independent samples, each roughly normal or large enough for
// the central limit theorem; the variances may differ.
//
// Scale: the test runs on the samples multiplied by a power of two that
// brings the larger mean to [1, 2) (exact, so ordinary inputs give R's
// numbers bit for bit), so rates around 1e300 or 1e-300 give the p-value of
// the same data around 1e3, where R's own arithmetic overflows or
// underflows. One exception keeps compare.R's table: where R's unscaled se^4
// alone overflows, R's df is Inf, and so is df here.
//
// Undefined (std::nullopt): fewer than two values on a side (n = 0 or 1),
// "essentially constant" data (se < 10 * DBL_EPSILON * max(|mean_old|,
// |mean_new|), which includes zero variance on both sides, where R stops with
// an error), or any non-finite input or intermediate.

#include <optional>
#include <span>

namespace fpbench::stats {

struct WelchTest {
  double mean_old = 0;
  double mean_new = 0;
  double std_error = 0;  // se above
  double t = 0;
  double df = 0;
  double p_value = 0;
};

std::optional<WelchTest> welch_t_test(std::span<const double> old_sample,
                                      std::span<const double> new_sample);

// Quantile function of Student's t distribution with df degrees of freedom
// (R's qt(probability, df)); df may be non-integer. NaN outside 0 < p < 1 or
// for df <= 0.
double student_t_quantile(double probability, double df);

// Two-sided tail probability 2 * P(T_df < -|t|). NaN for df <= 0 or NaN t.
double student_t_two_sided_p(double t, double df);

}  // namespace fpbench::stats
