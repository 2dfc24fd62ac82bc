#include "fpbench/stats/deterministic.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace fpbench::stats::deterministic_test {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

using V = std::vector<double>;

TEST(IsDeterministic, FloorZeroMeansAllEqual) {
  EXPECT_TRUE(is_deterministic(V{7, 7, 7}, 0));
  EXPECT_FALSE(is_deterministic(V{7, 7, 7.000000001}, 0));
  EXPECT_TRUE(is_deterministic(V{0, 0}, 0));
}

TEST(IsDeterministic, SpreadWithinTheFloorOfTheMean) {
  // Mean 1e6, spread 100: 1e-4 of the mean, exactly at a 0.01% floor.
  EXPECT_TRUE(is_deterministic(V{999'950, 1'000'050, 1'000'000}, 1e-4));
  EXPECT_FALSE(is_deterministic(V{999'950, 1'000'051, 1'000'000}, 1e-4));
  // Negative values: the floor is relative to |mean|.
  EXPECT_TRUE(is_deterministic(V{-1000, -1000.05}, 1e-4));
}

TEST(IsDeterministic, ZeroMeanNeedsAllZero) {
  EXPECT_FALSE(is_deterministic(V{-1, 1}, 0.5));
  EXPECT_FALSE(is_deterministic(V{-1, 1}, 1e9));
  EXPECT_TRUE(is_deterministic(V{0, 0, 0}, 0.5));
}

TEST(IsDeterministic, EmptyAndSingleValues) {
  EXPECT_FALSE(is_deterministic(V{}, 0.01));
  EXPECT_FALSE(is_deterministic(V{}, 0.01, true));
  EXPECT_FALSE(is_deterministic(V{42}, 0.01));
  EXPECT_TRUE(is_deterministic(V{42}, 0.01, true));
  EXPECT_TRUE(is_deterministic(V{42}, 0, true));
}

TEST(IsDeterministic, NonFiniteDataOrFloor) {
  EXPECT_FALSE(is_deterministic(V{1, kNaN}, 0.01));
  EXPECT_FALSE(is_deterministic(V{kInf, kInf}, 0.01));
  EXPECT_FALSE(is_deterministic(V{1, 1}, -0.01));
  EXPECT_FALSE(is_deterministic(V{1, 1}, kNaN));
}

TEST(DeterministicChange, ExactRelativeChangeOfTheMeans) {
  // Instructions per operation: 1,000,000 before, 987,700 after.
  const auto d = deterministic_change(V{1e6, 1e6, 1e6}, V{987'700, 987'700}, 0);
  EXPECT_TRUE(d.old_deterministic);
  EXPECT_TRUE(d.new_deterministic);
  EXPECT_TRUE(d.deterministic);
  EXPECT_EQ(d.mean_old, 1e6);
  EXPECT_EQ(d.mean_new, 987'700.0);
  EXPECT_DOUBLE_EQ(d.relative_change, -0.0123);
}

TEST(DeterministicChange, WithinTheFloorUsesTheMeans) {
  const auto d =
      deterministic_change(V{1000, 1000.05}, V{1010, 1010.05, 1010.1}, 1e-4);
  EXPECT_TRUE(d.deterministic);
  EXPECT_NEAR(d.relative_change, (1010.05 - 1000.025) / 1000.025, 1e-15);
}

TEST(DeterministicChange, OneNoisySideIsNotExact) {
  const auto d = deterministic_change(V{5, 5, 5}, V{5, 6, 5}, 0);
  EXPECT_TRUE(d.old_deterministic);
  EXPECT_FALSE(d.new_deterministic);
  EXPECT_FALSE(d.deterministic);
  EXPECT_TRUE(std::isnan(d.relative_change));
  EXPECT_EQ(d.mean_old, 5.0);
}

TEST(DeterministicChange, ZeroOldMean) {
  // System calls per operation: none before.
  EXPECT_EQ(deterministic_change(V{0, 0}, V{0, 0}, 0).relative_change, 0.0);
  EXPECT_EQ(deterministic_change(V{0, 0}, V{2, 2}, 0).relative_change, kInf);
  EXPECT_EQ(deterministic_change(V{0, 0}, V{-2, -2}, 0).relative_change, -kInf);
}

TEST(DeterministicChange, EmptyOrSingleSides) {
  const auto empty = deterministic_change(V{}, V{3, 3}, 0);
  EXPECT_FALSE(empty.deterministic);
  EXPECT_TRUE(std::isnan(empty.mean_old));
  EXPECT_TRUE(std::isnan(empty.relative_change));

  const auto single = deterministic_change(V{4}, V{5}, 0);
  EXPECT_FALSE(single.deterministic);
  const auto allowed = deterministic_change(V{4}, V{5}, 0, true);
  EXPECT_TRUE(allowed.deterministic);
  EXPECT_DOUBLE_EQ(allowed.relative_change, 0.25);
}

}  // namespace
}  // namespace fpbench::stats::deterministic_test
