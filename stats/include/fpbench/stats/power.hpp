#pragma once

// How many runs would decide a comparison: a power analysis from the
// observed variances.
//
// With n runs on each side the (1 - alpha) interval of the improvement
// (relative to the old mean, in %) has half-width
//
//   h(n) = qt(1 - alpha/2, df(n)) * sqrt((var_old + var_new) / n) / mean_old *
//   100
//
// where df(n) is Welch-Satterthwaite with these variances and n per side.
// Assuming the observed improvement d and variances hold, the smallest n for
// which the interval [d - h, d + h] lands wholly on one side of a boundary
// (zero, or -threshold) is the number of runs that decides.
//
// h(n) falls as n grows (sqrt(1/n) and qt both shrink), so a decision once
// reached holds for every larger n; the search doubles n from 2 until the
// interval decides, then bisects.
//
// Assumptions: as welch.hpp; the observed variance is a fair estimate.
// n = 0 or 1 on a side, zero variance on both sides (no degrees of freedom),
// mean_old <= 0 (rates are positive), alpha outside (0, 1), non-finite
// numbers, threshold_pct < 0: no estimate (nullopt). With threshold 0 an
// observed d of exactly 0 never decides (nullopt); any other d does for
// large enough n.

#include <cstddef>
#include <functional>
#include <optional>
#include <span>

namespace fpbench::stats {

struct IntervalSpec {
  double alpha = 0.01;  // two-sided risk of the interval
};

// Half-width h(n) in % of the old mean for n runs per side with the given
// variances; NaN if it cannot be computed (n < 2, mean_old == 0, a negative
// or NaN variance, both variances zero, alpha outside (0, 1)). Computed with
// the same operations as compare_rates, so at the observed n (equal on both
// sides) it is the half-width compare_rates reports.
double projected_half_width_pct(double var_old, double var_new, double mean_old,
                                std::size_t runs_per_side, double alpha);

// The smallest n per side (up to max_runs) such that
//   lower bound (d - h(n)) >= -threshold_pct   or   upper bound (d + h(n)) < 0
//   and lower bound < -threshold_pct
// i.e. the interval either excludes a regression beyond the threshold or
// shows a significant regression that may exceed it. nullopt when the
// samples give no variance estimate, or when even max_runs would not decide.
std::optional<std::size_t> runs_to_decide(std::span<const double> old_rates,
                                          std::span<const double> new_rates,
                                          double threshold_pct, double alpha,
                                          std::size_t max_runs = 100000);

// The smallest n in [2, max_runs] for which decides(n) holds, for a
// predicate that stays true once true; nullopt when max_runs does not decide.
std::optional<std::size_t> smallest_deciding_n(
    const std::function<bool(std::size_t)>& decides, std::size_t max_runs);

}  // namespace fpbench::stats
