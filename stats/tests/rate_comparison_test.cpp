#include "fpbench/stats/rate_comparison.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace fpbench::stats {
namespace {

TEST(SignificanceStars, Thresholds) {
  EXPECT_EQ(significance_stars(0.0), 3);
  EXPECT_EQ(significance_stars(0.000999), 3);
  EXPECT_EQ(significance_stars(0.001), 2);
  EXPECT_EQ(significance_stars(0.00999), 2);
  EXPECT_EQ(significance_stars(0.01), 1);
  EXPECT_EQ(significance_stars(0.0499), 1);
  EXPECT_EQ(significance_stars(0.05), 0);
  EXPECT_EQ(significance_stars(1.0), 0);
  EXPECT_EQ(significance_stars(std::nan("")), 0);
}

TEST(CompareRates, MissingSideGivesNaNImprovementAndNoTest) {
  const std::vector<double> old_rates = {10, 11, 12};
  const RateComparison c = compare_rates(old_rates, {});
  EXPECT_EQ(c.n_old, 3u);
  EXPECT_EQ(c.n_new, 0u);
  EXPECT_TRUE(std::isnan(c.mean_new));
  EXPECT_TRUE(std::isnan(c.improvement_pct));
  EXPECT_FALSE(c.test.has_value());
  EXPECT_EQ(c.stars, 0);
  for (double hw : c.half_width_pct) EXPECT_TRUE(std::isnan(hw));
}

TEST(CompareRates, OneSampleKeepsImprovementWithoutTest) {
  const std::vector<double> old_rates = {100};
  const std::vector<double> new_rates = {110, 112, 111};
  const RateComparison c = compare_rates(old_rates, new_rates);
  EXPECT_DOUBLE_EQ(c.improvement_pct, 11.0);
  EXPECT_FALSE(c.test.has_value());
  EXPECT_TRUE(std::isnan(c.half_width_pct[0]));
}

TEST(CompareRates, ConstantDataGivesImprovementWithoutTest) {
  // R's t.test stops here ("data are essentially constant"); the row stays.
  const std::vector<double> old_rates = {100, 100, 100};
  const std::vector<double> new_rates = {120, 120};
  const RateComparison c = compare_rates(old_rates, new_rates);
  EXPECT_DOUBLE_EQ(c.improvement_pct, 20.0);
  EXPECT_FALSE(c.test.has_value());
}

TEST(CompareRates, ClearImprovementHasThreeStarsAndNestedIntervals) {
  const std::vector<double> old_rates = {100, 101, 99, 100.5, 99.5, 100.2};
  const std::vector<double> new_rates = {120, 121, 119, 120.5, 119.5, 120.2};
  const RateComparison c = compare_rates(old_rates, new_rates);
  ASSERT_TRUE(c.test.has_value());
  EXPECT_DOUBLE_EQ(c.improvement_pct, (720.2 - 600.2) / 600.2 * 100);
  EXPECT_EQ(c.stars, 3);
  EXPECT_GT(c.test->t, 0);
  // A lower risk needs a wider interval.
  EXPECT_LT(c.half_width_pct[0], c.half_width_pct[1]);
  EXPECT_LT(c.half_width_pct[1], c.half_width_pct[2]);
}

TEST(CompareRates, RegressionHasNegativeImprovementAndT) {
  const std::vector<double> old_rates = {100, 101, 99, 100.5};
  const std::vector<double> new_rates = {90, 91, 89, 90.5};
  const RateComparison c = compare_rates(old_rates, new_rates);
  ASSERT_TRUE(c.test.has_value());
  EXPECT_LT(c.improvement_pct, 0);
  EXPECT_LT(c.test->t, 0);
}

}  // namespace
}  // namespace fpbench::stats

namespace fpbench::stats {
namespace {

TEST(CompareRates, ScaleDoesNotChangeStarsOrIntervals) {
  const std::vector<double> old_rates = {1013.4, 1084.7, 1002.2,
                                         1050.9, 1031.3, 995.1};
  const std::vector<double> new_rates = {1101.6, 1080.2, 1123.4,
                                         1069.9, 1110.0, 1092.5};
  const RateComparison base = compare_rates(old_rates, new_rates);
  ASSERT_TRUE(base.test.has_value());
  for (double factor : {1e77, 1e200, 1e-80, 1e-300}) {
    std::vector<double> o = old_rates, n = new_rates;
    for (double& v : o) v *= factor;
    for (double& v : n) v *= factor;
    const RateComparison c = compare_rates(o, n);
    ASSERT_TRUE(c.test.has_value()) << "factor " << factor;
    EXPECT_EQ(c.stars, base.stars) << "factor " << factor;
    EXPECT_NEAR(c.improvement_pct, base.improvement_pct, 1e-9)
        << "factor " << factor;
    for (std::size_t i = 0; i < kRiskLevels.size(); ++i) {
      EXPECT_NEAR(c.half_width_pct[i], base.half_width_pct[i], 1e-9)
          << "factor " << factor;
    }
  }
}

}  // namespace
}  // namespace fpbench::stats
