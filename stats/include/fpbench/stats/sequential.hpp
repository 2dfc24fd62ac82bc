#pragma once

// Group-sequential two-sided tests: looking at a comparison after every round
// of runs and stopping as soon as it is decided, without the extra false
// alarms that repeated looks at a fixed level bring (ten looks at 5% each
// reject a true null about 19% of the time).
//
// Lan-DeMets alpha spending. With n_max the most runs per side the comparison
// may get, the information fraction at a look with n runs per side is
// t = n / n_max, and the spending function says how much of the two-sided
// alpha may have been used by then:
//
//   O'Brien-Fleming type  alpha(t) = 2 - 2 Phi(z_{alpha/2} / sqrt(t))
//     per tail            alpha(t) = 2 (2 - 2 Phi(z_{alpha/4} / sqrt(t)))
//   Pocock type           alpha(t) = alpha ln(1 + (e - 1) t)
//
// (alpha(0) = 0, alpha(1) = alpha, z_p = Phi^{-1}(1 - p)). O'Brien-Fleming
// spends almost nothing early and keeps the last look's level close to alpha;
// Pocock spends evenly, so it stops sooner on large effects but needs more
// runs when it goes the distance. The first form is Lan and DeMets' for a
// two-sided alpha; the per-tail form applies it to alpha / 2 on each side, as
// gsDesign (sfLDOF) and most design software do for symmetric two-sided
// tests: it spends even less early (K = 5 equal looks at alpha = 0.05:
// c = 4.877, 3.357, 2.680, 2.290, 2.031 against 4.383, 3.100, 2.553, 2.254,
// 2.064). Pocock's form is the same either way.
//
// Boundary at look k (exact, not Bonferroni over looks): under H0 the
// standardised statistics Z_1..Z_k are those of a Brownian motion,
// Z_j = B(t_j) / sqrt(t_j) with independent increments
// B(t_j) - B(t_{j-1}) ~ N(0, t_j - t_{j-1}). The critical value c_k solves
//
//   P(|Z_1| < c_1, ..., |Z_{k-1}| < c_{k-1}, |Z_k| >= c_k)
//       = alpha(t_k) - alpha(t_{k-1})
//
// so the chance of any false rejection through look k is exactly alpha(t_k).
// c_1 = Phi^{-1}(1 - alpha(t_1)/2). For k >= 2 the sub-density of B(t_{k-1})
// on the continuation region is carried forward look by look
// (Armitage-McPherson-Rowe):
//
//   f_k(x) = integral over |u| < c_{k-1} sqrt(t_{k-1}) of
//            f_{k-1}(u) phi((x - u) / s) / s du,   s = sqrt(t_k - t_{k-1})
//
// by composite Simpson's rule on an even grid (step at most 1/12 of the
// smaller of the increments' standard deviations on either side of the look,
// the range cut at 10 standard deviations of B(t), the Gaussian kernel at 9),
// and c_k found by bisection on the crossing probability. The work per look
// grows as 1 / sqrt(t_k - t_{k-1}); looks at least 1% of n_max apart keep a
// call of 100 looks well under a second. Accuracy: c_k to about 1e-5 (checked
// against direct adaptive quadrature for two and three looks and by Monte
// Carlo). An increment below 1e-15 gets the marginal
// c_k = Phi^{-1}(1 - increment / 2), which can only be conservative.
// nominal_alpha = 2 (1 - Phi(c_k)) is the two-sided level of the test at
// look k; it is never below the increment and never above alpha(t_k).
//
// Welch's t (finite degrees of freedom): the boundary assumes known variance.
// It is applied through its nominal level (the significance level approach):
// reject at look k when Welch's two-sided p < nominal_alpha, i.e.
// |t| >= qt(1 - nominal_alpha / 2, df) with that look's Welch df. This keeps
// the error near alpha when df is moderate (about 10 or more: simulated A/A
// comparisons with 10 runs per side at the first look stay within sampling
// error of alpha); with fewer runs per side it can be somewhat liberal.
//
// Repeated confidence intervals (Jennison & Turnbull): the interval at look k
// is estimate +- qt(1 - nominal_alpha / 2, df) * se, i.e. the gate's interval
// at level 1 - nominal_alpha. These intervals cover the true change at every
// look simultaneously with probability >= 1 - alpha, whatever the reason for
// stopping, so "the interval lies above -threshold" stays a valid decision at
// any look, and the test rejects exactly when the interval excludes zero.
//
// Many benchmarks: `alpha` is per comparison. Pass alpha / m for m benchmarks
// (Bonferroni, as the gate's intervals at level 1 - alpha / m): each
// comparison's false rejection over all its looks is at most alpha / m, so the
// family's is at most alpha, whatever the dependence between benchmarks and
// whether or not they share a look schedule. Holm-style reuse of the alpha of
// a benchmark already rejected is not offered.
//
// Assumptions: independent runs; the information grows in proportion to the
// runs per side (the variances do not drift); n_max is fixed before the first
// look, and when to look does not depend on the observed differences (after
// every round or every few rounds on a plan; dropping a comparison once it is
// decided is part of the method).
//
// At look k, for m benchmarks: nominal = family_sequential_boundaries(t_1..t_k,
// alpha, m).back().nominal_alpha; a benchmark is significant when its
// (unadjusted) Welch p < nominal, and its interval is the gate's at
// interval_alpha = nominal. Undecided benchmarks get another round until
// n_max; at t = 1 the last of the alpha is spent.
//
// Data: the boundaries need none. A look whose Welch test is undefined
// (n < 2 on a side, zero variance) cannot reject; counts without spread are
// for deterministic.hpp.
// Edge cases: no looks, alpha outside (0, 1), information fractions not
// finite, not strictly increasing or outside (0, 1]: no boundaries (empty).
// A fraction small enough that alpha(t) underflows to zero: c = +infinity and
// nominal_alpha = 0 (that look cannot reject).
// References: Lan & DeMets, Biometrika 70 (1983) 659-663; Armitage, McPherson
// & Rowe, JRSS A 132 (1969) 235-244; Jennison & Turnbull, Group Sequential
// Methods with Applications to Clinical Trials (2000): error spending ch. 7,
// repeated confidence intervals ch. 9, numerical computation ch. 19.

#include <cstddef>
#include <span>
#include <vector>

namespace fpbench::stats {

enum class SpendingFunction { kOBrienFleming, kOBrienFlemingPerTail, kPocock };

struct SequentialBoundary {
  double information_fraction = 0;  // t_k
  double alpha_spent = 0;           // alpha(t_k), cumulative
  double critical_z = 0;            // c_k: reject when |Z_k| >= c_k
  // 2 (1 - Phi(c_k)): the test's level at this look; its repeated interval
  // has level 1 - nominal_alpha.
  double nominal_alpha = 0;
};

// Cumulative two-sided alpha spent by information fraction t: 0 for t <= 0,
// alpha for t >= 1. NaN for alpha outside (0, 1) or NaN t.
double alpha_spent(SpendingFunction spending, double alpha, double t);

// t for a look with runs_old and runs_new runs: the information of a
// difference of means relative to n_max runs per side, under equal variances
// n_eff / n_max with n_eff = 2 n_old n_new / (n_old + n_new) (= n when both
// sides have n), capped at 1. 0 when either side has no runs; NaN for
// max_runs_per_side = 0.
double information_fraction(std::size_t runs_old, std::size_t runs_new,
                            std::size_t max_runs_per_side);

// The boundary at every look so far, in order; the last is the current look.
// The earlier entries do not depend on later fractions, so calling again with
// one more fraction leaves them unchanged. alpha is per comparison.
std::vector<SequentialBoundary> sequential_boundaries(
    std::span<const double> information_fractions, double alpha,
    SpendingFunction spending = SpendingFunction::kOBrienFleming);

// The boundaries for any spending: cumulative_alpha[k] is the two-sided alpha
// spent through look k (non-decreasing, in [0, 1), one per fraction). Empty
// when the lengths differ or either sequence is invalid.
std::vector<SequentialBoundary> spending_boundaries(
    std::span<const double> information_fractions,
    std::span<const double> cumulative_alpha);

// The same for one of m comparisons whose family-wise error is family_alpha:
// sequential_boundaries at family_alpha / m. Empty for m = 0.
std::vector<SequentialBoundary> family_sequential_boundaries(
    std::span<const double> information_fractions, double family_alpha,
    std::size_t comparisons,
    SpendingFunction spending = SpendingFunction::kOBrienFleming);

// Critical |t| at a look for a t statistic with df degrees of freedom:
// qt(1 - nominal_alpha / 2, df). +infinity for nominal_alpha = 0; NaN for
// nominal_alpha outside [0, 1) or df <= 0.
double sequential_t_critical(double nominal_alpha, double df);

}  // namespace fpbench::stats
