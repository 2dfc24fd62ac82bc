#include "fpbench/stats/descriptive.hpp"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <vector>

namespace fpbench::stats {
namespace {

TEST(Mean, EmptyIsNaN) { EXPECT_TRUE(std::isnan(mean({}))); }

TEST(Mean, SmallExact) {
  const std::vector<double> x = {1, 2, 3, 4};
  EXPECT_EQ(mean(x), 2.5);
}

TEST(Mean, LongDoubleAccumulationAsR) {
  // In double, 1e16 + 1 rounds back to 1e16 and the mean would come out 0.
  // R's mean(c(1e16, 1, -1e16)) prints 0.33365885416666669 with digits = 17:
  // the long double sum keeps the 1, the residual pass adds R's own rounding.
  const std::vector<double> x = {1e16, 1.0, -1e16};
  EXPECT_EQ(mean(x), 0.33365885416666669);
}

TEST(Mean, LargeValuesDoNotOverflow) {
  const std::vector<double> x = {DBL_MAX, DBL_MAX};
  EXPECT_EQ(mean(x), DBL_MAX);
}

TEST(Variance, FewerThanTwoIsNaN) {
  EXPECT_TRUE(std::isnan(variance({})));
  const std::vector<double> one = {3.0};
  EXPECT_TRUE(std::isnan(variance(one)));
}

TEST(Variance, Unbiased) {
  const std::vector<double> x = {1, 2, 3, 4};
  EXPECT_DOUBLE_EQ(variance(x), 5.0 / 3.0);
}

TEST(Variance, ConstantIsZero) {
  const std::vector<double> x = {7.25, 7.25, 7.25};
  EXPECT_EQ(variance(x), 0.0);
}

TEST(Variance, ShiftInvariantForLargeOffsets) {
  // The two-pass formula keeps the variance of 1e9 + {1,2,3,4} exact, where
  // the one-pass sum-of-squares formula loses it to cancellation.
  const std::vector<double> x = {1e9 + 1, 1e9 + 2, 1e9 + 3, 1e9 + 4};
  EXPECT_DOUBLE_EQ(variance(x), 5.0 / 3.0);
}

}  // namespace
}  // namespace fpbench::stats
