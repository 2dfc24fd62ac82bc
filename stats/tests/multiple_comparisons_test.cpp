#include "fpbench/stats/multiple_comparisons.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

namespace fpbench::stats {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Reference values: R 4.2.2, p.adjust(p, "holm") and p.adjust(p, "BH"),
// printed with sprintf("%.17g"); NA and NaN are both NaN here.
void expect_same(const std::vector<double>& actual,
                 const std::vector<double>& expected) {
  ASSERT_EQ(actual.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (std::isnan(expected[i])) {
      EXPECT_TRUE(std::isnan(actual[i])) << "at " << i << ": " << actual[i];
    } else {
      EXPECT_EQ(actual[i], expected[i]) << "at " << i;
    }
  }
}

TEST(ParseCorrection, KnownNames) {
  EXPECT_EQ(parse_correction("holm"), Correction::kHolm);
  EXPECT_EQ(parse_correction("bh"), Correction::kBenjaminiHochberg);
  EXPECT_EQ(parse_correction("BH"), Correction::kBenjaminiHochberg);
  EXPECT_EQ(parse_correction("fdr"), Correction::kBenjaminiHochberg);
  EXPECT_EQ(parse_correction("none"), Correction::kNone);
}

TEST(ParseCorrection, UnknownNamesAreRejected) {
  EXPECT_FALSE(parse_correction("").has_value());
  EXPECT_FALSE(parse_correction("bonferroni").has_value());
  EXPECT_FALSE(parse_correction("Holm").has_value());
  EXPECT_FALSE(parse_correction("holm ").has_value());
  EXPECT_FALSE(parse_correction("b").has_value());
}

TEST(AdjustPValues, Increasing) {
  // p <- c(0.01, 0.02, 0.03, 0.04, 0.05)
  const std::vector<double> p = {0.01, 0.02, 0.029999999999999999,
                                 0.040000000000000001, 0.050000000000000003};
  expect_same(adjust_p_values(p, Correction::kHolm),
              {0.050000000000000003, 0.080000000000000002, 0.089999999999999997,
               0.089999999999999997, 0.089999999999999997});
  expect_same(adjust_p_values(p, Correction::kBenjaminiHochberg),
              {0.050000000000000003, 0.050000000000000003, 0.050000000000000003,
               0.050000000000000003, 0.050000000000000003});
}

TEST(AdjustPValues, NaNStaysNaNAndIsNotCounted) {
  // p <- c(0.04, NaN, 0.001, NA, 0.03, 0.2): m = 4
  const std::vector<double> p = {
      0.040000000000000001, kNaN, 0.001, kNaN, 0.029999999999999999,
      0.20000000000000001};
  expect_same(adjust_p_values(p, Correction::kHolm),
              {0.089999999999999997, kNaN, 0.0040000000000000001, kNaN,
               0.089999999999999997, 0.20000000000000001});
  expect_same(adjust_p_values(p, Correction::kBenjaminiHochberg),
              {0.05333333333333333, kNaN, 0.0040000000000000001, kNaN,
               0.05333333333333333, 0.20000000000000001});
}

TEST(AdjustPValues, TiesGetEqualValues) {
  // p <- c(0.02, 0.02, 0.01, 0.5, 0.02, 0.01)
  const std::vector<double> p = {0.02, 0.02, 0.01, 0.5, 0.02, 0.01};
  expect_same(adjust_p_values(p, Correction::kHolm),
              {0.080000000000000002, 0.080000000000000002, 0.059999999999999998,
               0.5, 0.080000000000000002, 0.059999999999999998});
  expect_same(adjust_p_values(p, Correction::kBenjaminiHochberg),
              {0.024, 0.024, 0.024, 0.5, 0.024, 0.024});
}

TEST(AdjustPValues, CappedAtOne) {
  // p <- c(0.3, 0.6, 0.8, 0.9)
  const std::vector<double> p = {0.29999999999999999, 0.59999999999999998,
                                 0.80000000000000004, 0.90000000000000002};
  expect_same(adjust_p_values(p, Correction::kHolm), {1, 1, 1, 1});
  expect_same(adjust_p_values(p, Correction::kBenjaminiHochberg),
              {0.90000000000000002, 0.90000000000000002, 0.90000000000000002,
               0.90000000000000002});
}

TEST(AdjustPValues, UnsortedMixedMagnitudes) {
  // p <- c(1e-10, 0.00013, 0.0049, 0.012, 0.27, 0.0312, 0.99, 0.5, 0.004999,
  // 0.0488)
  const std::vector<double> p = {1e-10,
                                 0.00012999999999999999,
                                 0.0048999999999999998,
                                 0.012,
                                 0.27000000000000002,
                                 0.031199999999999999,
                                 0.98999999999999999,
                                 0.5,
                                 0.004999,
                                 0.048800000000000003};
  expect_same(adjust_p_values(p, Correction::kHolm),
              {1.0000000000000001e-09, 0.0011699999999999998,
               0.039199999999999999, 0.072000000000000008, 0.81000000000000005,
               0.156, 1, 1, 0.039199999999999999, 0.19520000000000001});
  expect_same(adjust_p_values(p, Correction::kBenjaminiHochberg),
              {1.0000000000000001e-09, 0.00064999999999999997, 0.0124975, 0.024,
               0.33750000000000002, 0.051999999999999998, 0.98999999999999999,
               0.55555555555555558, 0.0124975, 0.069714285714285715});
}

TEST(AdjustPValues, RoundingAsR) {
  // p <- exp(-(1:12) / 2): decreasing, none exactly representable
  const std::vector<double> p = {
      0.60653065971263342,  0.36787944117144233,   0.22313016014842982,
      0.1353352832366127,   0.0820849986238988,    0.049787068367863944,
      0.030197383422318501, 0.018315638888734179,  0.011108996538242306,
      0.006737946999085467, 0.0040867714384640666, 0.0024787521766663585};
  expect_same(
      adjust_p_values(p, Correction::kHolm),
      {0.73575888234288467, 0.73575888234288467, 0.66939048044528948,
       0.54134113294645081, 0.41042499311949399, 0.29872241020718365,
       0.2113816839562295, 0.14652511110987343, 0.099980968844180756,
       0.067379469990854673, 0.044954485823104733, 0.029745026119996302});
  expect_same(adjust_p_values(p, Correction::kBenjaminiHochberg),
              {0.60653065971263342, 0.40132302673248249, 0.26775619217811575,
               0.18044704431548358, 0.12312749793584821, 0.085349260059195325,
               0.060394766844637002, 0.043957533332962026, 0.033326989614726917,
               0.026951787996341868, 0.0245206286307844, 0.0245206286307844});
}

TEST(AdjustPValues, SingleTestIsUnchanged) {
  // p.adjust(0.3, m) == 0.3; p.adjust(c(NaN, 0.7, NA), m) keeps 0.7 (m = 1)
  const std::vector<double> one = {0.3};
  expect_same(adjust_p_values(one, Correction::kHolm), {0.3});
  expect_same(adjust_p_values(one, Correction::kBenjaminiHochberg), {0.3});
  const std::vector<double> one_left = {kNaN, 0.69999999999999996, kNaN};
  expect_same(adjust_p_values(one_left, Correction::kHolm),
              {kNaN, 0.69999999999999996, kNaN});
  expect_same(adjust_p_values(one_left, Correction::kBenjaminiHochberg),
              {kNaN, 0.69999999999999996, kNaN});
}

TEST(AdjustPValues, EmptyAndAllNaN) {
  EXPECT_TRUE(adjust_p_values({}, Correction::kHolm).empty());
  EXPECT_TRUE(adjust_p_values({}, Correction::kBenjaminiHochberg).empty());
  const std::vector<double> nans = {kNaN, kNaN};
  expect_same(adjust_p_values(nans, Correction::kHolm), {kNaN, kNaN});
  expect_same(adjust_p_values(nans, Correction::kBenjaminiHochberg),
              {kNaN, kNaN});
}

TEST(AdjustPValues, NoneReturnsTheInput) {
  const std::vector<double> p = {0.04, kNaN, 0.001, 0.5};
  expect_same(adjust_p_values(p, Correction::kNone), p);
}

}  // namespace
}  // namespace fpbench::stats
