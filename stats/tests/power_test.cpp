#include "fpbench/stats/power.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <vector>

#include "fpbench/stats/descriptive.hpp"
#include "fpbench/stats/rate_comparison.hpp"
#include "fpbench/stats/welch.hpp"

namespace fpbench::stats::power_test {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// h(n) written out from the header's formula, independently of power.cpp:
// df = (v_o + v_n)^2 (n - 1) / (v_o^2 + v_n^2) is Welch-Satterthwaite with
// n per side.
double direct_half_width(double var_old, double var_new, double mean_old,
                         std::size_t runs, double alpha) {
  const auto n = static_cast<double>(runs);
  const double df = (var_old + var_new) * (var_old + var_new) * (n - 1) /
                    (var_old * var_old + var_new * var_new);
  return student_t_quantile(1 - alpha / 2, df) *
         std::sqrt((var_old + var_new) / n) / mean_old * 100;
}

// The header's rule, evaluated directly for n runs per side.
bool direct_decides(const std::vector<double>& old_rates,
                    const std::vector<double>& new_rates, double threshold_pct,
                    double alpha, std::size_t runs) {
  const double m_old = mean(old_rates);
  const double d = (mean(new_rates) - m_old) / m_old * 100;
  const double h = direct_half_width(variance(old_rates), variance(new_rates),
                                     m_old, runs, alpha);
  const double lower = d - h;
  const double upper = d + h;
  return lower >= -threshold_pct || (upper < 0 && lower < -threshold_pct);
}

// n decides and n - 1 does not (n = 2 is the smallest n with an interval).
void expect_smallest(const std::vector<double>& old_rates,
                     const std::vector<double>& new_rates, double threshold_pct,
                     double alpha, std::size_t n) {
  EXPECT_TRUE(direct_decides(old_rates, new_rates, threshold_pct, alpha, n))
      << n;
  if (n > 2) {
    EXPECT_FALSE(
        direct_decides(old_rates, new_rates, threshold_pct, alpha, n - 1))
        << n;
  }
}

const std::vector<double> kOld = {100.0, 103.0, 97.0, 101.5, 98.0, 100.5};

TEST(ProjectedHalfWidth, MatchesRsQt) {
  // R 4.2.2: vo <- 4; vn <- 9; n <- 10; se <- sqrt(vo/n + vn/n)
  //   df <- se^4 / ((vo/n)^2/(n-1) + (vn/n)^2/(n-1))   # 15.680412371134022
  //   qt(1 - 0.01/2, df) * se / 100 * 100              # 3.3391940770773281
  const double h = projected_half_width_pct(4, 9, 100, 10, 0.01);
  EXPECT_NEAR(h, 3.3391940770773281, 1e-13 * 3.3391940770773281);
}

TEST(ProjectedHalfWidth, AtTheObservedNItIsCompareRatesInterval) {
  const std::vector<double> new_rates = {95.0, 96.5, 93.0, 97.0, 94.5, 95.5};
  const RateComparison c = compare_rates(kOld, new_rates);
  ASSERT_TRUE(c.test.has_value());
  for (std::size_t i = 0; i < kRiskLevels.size(); ++i) {
    EXPECT_EQ(projected_half_width_pct(variance(kOld), variance(new_rates),
                                       mean(kOld), kOld.size(), kRiskLevels[i]),
              c.half_width_pct[i])
        << "risk " << kRiskLevels[i];
  }
}

TEST(ProjectedHalfWidth, AgreesWithTheFormula) {
  for (std::size_t n : {2u, 3u, 7u, 30u, 1000u, 100000u}) {
    const double h = projected_half_width_pct(2.5, 0.7, 50, n, 0.05);
    EXPECT_NEAR(h, direct_half_width(2.5, 0.7, 50, n, 0.05), 1e-12 * h) << n;
  }
}

TEST(ProjectedHalfWidth, ShrinksAsRunsGrow) {
  double previous = projected_half_width_pct(3, 1, 10, 2, 0.01);
  for (std::size_t n = 3; n <= 2000; ++n) {
    const double h = projected_half_width_pct(3, 1, 10, n, 0.01);
    ASSERT_LT(h, previous) << n;
    previous = h;
  }
}

TEST(ProjectedHalfWidth, OneSideWithoutSpreadUsesTheOther) {
  // df = n - 1 when one variance is zero.
  const double h = projected_half_width_pct(0, 4, 100, 5, 0.05);
  EXPECT_NEAR(h, student_t_quantile(0.975, 4) * std::sqrt(4.0 / 5) / 100 * 100,
              1e-14);
}

TEST(ProjectedHalfWidth, UndefinedCases) {
  EXPECT_TRUE(std::isnan(projected_half_width_pct(1, 1, 100, 0, 0.01)));
  EXPECT_TRUE(std::isnan(projected_half_width_pct(1, 1, 100, 1, 0.01)));
  EXPECT_TRUE(std::isnan(projected_half_width_pct(1, 1, 0, 10, 0.01)));
  EXPECT_TRUE(std::isnan(projected_half_width_pct(0, 0, 100, 10, 0.01)));
  EXPECT_TRUE(std::isnan(projected_half_width_pct(-1, 1, 100, 10, 0.01)));
  EXPECT_TRUE(std::isnan(projected_half_width_pct(kNaN, 1, 100, 10, 0.01)));
  EXPECT_TRUE(std::isnan(projected_half_width_pct(1, 1, 100, 10, 0)));
  EXPECT_TRUE(std::isnan(projected_half_width_pct(1, 1, 100, 10, 1)));
  EXPECT_TRUE(std::isnan(projected_half_width_pct(1, 1, 100, 10, kNaN)));
}

TEST(RunsToDecide, SmallRegressionWithinThreshold) {
  // d is about -1.3%: enough runs show it is no worse than -5%.
  const std::vector<double> new_rates = {99.0, 101.0, 96.0, 100.0, 97.5, 98.0};
  const auto n = runs_to_decide(kOld, new_rates, 5.0, 0.01);
  ASSERT_TRUE(n.has_value());
  expect_smallest(kOld, new_rates, 5.0, 0.01, *n);
  const double d = (mean(new_rates) - mean(kOld)) / mean(kOld) * 100;
  const double h = projected_half_width_pct(variance(kOld), variance(new_rates),
                                            mean(kOld), *n, 0.01);
  EXPECT_GE(d - h, -5.0);
}

TEST(RunsToDecide, RegressionBeyondThreshold) {
  // d is about -8%: the interval ends below zero while reaching past -5%.
  const std::vector<double> new_rates = {92.0, 95.0, 89.0, 93.5, 90.0, 92.5};
  const auto n = runs_to_decide(kOld, new_rates, 5.0, 0.01);
  ASSERT_TRUE(n.has_value());
  expect_smallest(kOld, new_rates, 5.0, 0.01, *n);
  const double d = (mean(new_rates) - mean(kOld)) / mean(kOld) * 100;
  const double h = projected_half_width_pct(variance(kOld), variance(new_rates),
                                            mean(kOld), *n, 0.01);
  EXPECT_LT(d + h, 0.0);
  EXPECT_LT(d - h, -5.0);
}

TEST(RunsToDecide, ImprovementAgainstZeroThreshold) {
  const std::vector<double> new_rates = {100.5, 104.0, 98.5,
                                         102.0, 99.0,  101.0};
  const auto n = runs_to_decide(kOld, new_rates, 0.0, 0.05);
  ASSERT_TRUE(n.has_value());
  EXPECT_GT(*n, kOld.size());
  expect_smallest(kOld, new_rates, 0.0, 0.05, *n);
}

TEST(RunsToDecide, AlreadyDecidedNeedsNoMoreThanObserved) {
  const std::vector<double> old_rates = {100.0, 100.2, 99.8, 100.1, 99.9};
  const std::vector<double> new_rates = {150.0, 150.3, 149.9, 150.1, 149.7};
  const auto n = runs_to_decide(old_rates, new_rates, 5.0, 0.01);
  ASSERT_TRUE(n.has_value());
  EXPECT_EQ(*n, 2u);
}

TEST(RunsToDecide, MaxRunsIsACap) {
  const std::vector<double> new_rates = {99.0, 101.0, 96.0, 100.0, 97.5, 98.0};
  const auto n = runs_to_decide(kOld, new_rates, 5.0, 0.01);
  ASSERT_TRUE(n.has_value());
  ASSERT_GT(*n, 2u);
  EXPECT_EQ(runs_to_decide(kOld, new_rates, 5.0, 0.01, *n), n);
  EXPECT_FALSE(runs_to_decide(kOld, new_rates, 5.0, 0.01, *n - 1).has_value());
}

TEST(RunsToDecide, TinyEffectNeedsManyRuns) {
  // d = 0.01% against threshold 0 with a 1.6% spread: about
  // 5 * (2.58 / 0.01)^2 = 330,000 runs, far beyond the default cap.
  const std::vector<double> old_rates = {99.0, 101.0, 100.0, 98.0, 102.0};
  const std::vector<double> new_rates = {99.01, 101.01, 100.01, 98.01, 102.01};
  EXPECT_FALSE(runs_to_decide(old_rates, new_rates, 0.0, 0.01).has_value());
  const auto n = runs_to_decide(old_rates, new_rates, 0.0, 0.01, 100000000);
  ASSERT_TRUE(n.has_value());
  EXPECT_GT(*n, 100000u);
  expect_smallest(old_rates, new_rates, 0.0, 0.01, *n);
}

TEST(RunsToDecide, NoEstimate) {
  const std::vector<double> one = {100.0};
  const std::vector<double> flat = {100.0, 100.0, 100.0};
  const std::vector<double> flat_new = {90.0, 90.0};
  const std::vector<double> zeros = {0.0, 0.0, 0.0};
  const std::vector<double> noisy_zero_mean = {-1.0, 1.0, 0.0};
  EXPECT_FALSE(runs_to_decide({}, kOld, 5, 0.01).has_value());
  EXPECT_FALSE(runs_to_decide(one, kOld, 5, 0.01).has_value());
  EXPECT_FALSE(runs_to_decide(kOld, one, 5, 0.01).has_value());
  EXPECT_FALSE(runs_to_decide(flat, flat_new, 5, 0.01).has_value());
  EXPECT_FALSE(runs_to_decide(zeros, kOld, 5, 0.01).has_value());
  EXPECT_FALSE(runs_to_decide(noisy_zero_mean, kOld, 5, 0.01).has_value());
  EXPECT_FALSE(runs_to_decide(kOld, kOld, 5, 0).has_value());
  EXPECT_FALSE(runs_to_decide(kOld, kOld, 5, 1).has_value());
  EXPECT_FALSE(runs_to_decide(kOld, kOld, -1, 0.01).has_value());
  EXPECT_FALSE(runs_to_decide(kOld, kOld, kNaN, 0.01).has_value());
  EXPECT_FALSE(runs_to_decide(kOld, kOld, 5, 0.01, 1).has_value());
}

TEST(RunsToDecide, OneFlatSideStillGivesAnEstimate) {
  const std::vector<double> flat = {100.0, 100.0, 100.0};
  const std::vector<double> new_rates = {99.0, 101.0, 98.5, 100.5};
  const auto n = runs_to_decide(flat, new_rates, 5.0, 0.01);
  ASSERT_TRUE(n.has_value());
  expect_smallest(flat, new_rates, 5.0, 0.01, *n);
}

TEST(RunsToDecide, NoChangeAgainstZeroThresholdNeverDecides) {
  // The same sample on both sides: d = 0 exactly sits on the boundary.
  EXPECT_FALSE(runs_to_decide(kOld, kOld, 0.0, 0.01).has_value());
  // With a threshold it is decided once the interval is narrower than it.
  const auto n = runs_to_decide(kOld, kOld, 1.0, 0.01);
  ASSERT_TRUE(n.has_value());
  expect_smallest(kOld, kOld, 1.0, 0.01, *n);
}

}  // namespace
}  // namespace fpbench::stats::power_test

namespace fpbench::stats::power_test {
namespace {

TEST(RunsToDecide, ScaleDoesNotChangeTheAnswer) {
  const std::vector<double> old_rates = {100.0, 104.0, 97.0,
                                         102.0, 99.0,  101.0};
  const std::vector<double> new_rates = {98.0, 101.0, 95.0, 100.0, 97.0, 99.5};
  const auto base = runs_to_decide(old_rates, new_rates, 5.0, 0.05);
  ASSERT_TRUE(base.has_value());
  for (double factor : {1e80, 1e200, 1e-300}) {
    std::vector<double> o = old_rates, n = new_rates;
    for (double& v : o) v *= factor;
    for (double& v : n) v *= factor;
    EXPECT_EQ(runs_to_decide(o, n, 5.0, 0.05), base) << "factor " << factor;
  }
  // The projection itself, from variances whose se^4 overflows a double.
  const double h = projected_half_width_pct(4.0, 9.0, 100.0, 10, 0.05);
  EXPECT_NEAR(projected_half_width_pct(4.0e160, 9.0e160, 100.0e80, 10, 0.05), h,
              1e-9 * h);
}

}  // namespace
}  // namespace fpbench::stats::power_test
