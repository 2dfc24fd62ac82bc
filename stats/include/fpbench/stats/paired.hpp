#pragma once

// Old against new run in pairs: the k-th old and the k-th new sample were
// measured back to back (`fpbench run --paired`, or the same round), so they
// share whatever state the machine was in. Comparing each pair's ratio
// removes that shared part of the noise, which on a host whose speed drifts
// is most of it.
//
//   r_k = ln(new_k / old_k),  k = 1..n
//   m = mean(r),  se = sd(r) / sqrt(n),  t = m / se,  df = n - 1
//   p = 2 * P(T_df < -|t|)                                 (two-sided)
//   change = exp(m) - 1           (ratio of geometric means, new over old)
//   interval of the change = exp(m -+ qt(1 - alpha/2, df) * se) - 1
//
// Assumptions: the pairs are independent of each other and the log ratios
// roughly normal (or n large enough). Reference: Student's paired t-test on
// log-transformed data, e.g. Bland & Altman, BMJ 312 (1996) 1079.
//
// Undefined (nullopt): n_old != n_new, n < 2, any value that is not a finite
// positive number, or zero spread of the ratios (every pair the same ratio).

#include <cstddef>
#include <optional>
#include <span>

namespace fpbench::stats {

struct PairedTest {
  std::size_t n = 0;
  double mean_log_ratio = 0;  // m
  double sd_log_ratio = 0;    // sd(r)
  double std_error = 0;       // se
  double t = 0;
  double df = 0;
  double p_value = 0;
};

std::optional<PairedTest> paired_log_ratio_test(
    std::span<const double> old_values, std::span<const double> new_values);

// The interval [lower, upper] of the change exp(m) - 1, in %, at level
// 1 - alpha, for n pairs with the observed mean and spread of the log ratios.
struct PercentInterval {
  double lower_pct = 0;
  double upper_pct = 0;
};
PercentInterval paired_interval_pct(double mean_log_ratio, double sd_log_ratio,
                                    std::size_t n, double alpha);

// The smallest number of pairs (up to max_runs) whose interval of the change
// would lie wholly above -threshold_pct, or wholly below zero while reaching
// past -threshold_pct, if the observed mean and spread of the log ratios held
// (the rule of power.hpp's runs_to_decide). `lower_is_better` mirrors it for
// values where a rise is worse. nullopt when max_runs would not decide.
std::optional<std::size_t> paired_runs_to_decide(const PairedTest& test,
                                                 double threshold_pct,
                                                 double alpha,
                                                 bool lower_is_better,
                                                 std::size_t max_runs = 100000);

}  // namespace fpbench::stats
