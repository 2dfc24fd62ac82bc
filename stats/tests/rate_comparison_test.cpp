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
