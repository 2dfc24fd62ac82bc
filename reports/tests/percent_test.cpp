#include "fpbench/reports/percent.hpp"

#include <gtest/gtest.h>

#include <limits>

namespace fpbench::reports::percent_test {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

TEST(Percent, FiniteValuesHaveASignAndTwoDecimals) {
  EXPECT_EQ(signed_percent(4.256), "+4.26%");
  EXPECT_EQ(signed_percent(-12.5, 8, 7), "-12.50%");
  EXPECT_EQ(percent_interval(-1.2, 3.4), "-1.20% .. +3.40%");
}

TEST(Percent, UndefinedValuesAreSaidInWords) {
  EXPECT_EQ(signed_percent(kInf, 0, 2), "undefined (old mean is 0)");
  EXPECT_EQ(signed_percent(kNaN, 0, 0), "undefined (old and new means are 0)");
  EXPECT_EQ(signed_percent(kNaN, kNaN, 3), "undefined (no old samples)");
  EXPECT_EQ(signed_percent(kNaN, 3, kNaN), "undefined (no new samples)");
  EXPECT_EQ(signed_percent(-kInf), "undefined");
  for (double v : {kInf, -kInf, kNaN}) {
    EXPECT_EQ(signed_percent(v).find("inf"), std::string::npos);
    EXPECT_EQ(signed_percent(v).find("nan"), std::string::npos);
  }
}

TEST(Percent, AnIntervalOutOfOrderOrOpenIsUndefined) {
  EXPECT_EQ(percent_interval(5, -5), "undefined");
  EXPECT_EQ(percent_interval(-kInf, kInf), "undefined");
  EXPECT_EQ(percent_interval(kNaN, 1), "undefined");
}

}  // namespace
}  // namespace fpbench::reports::percent_test
