#include "fpbench/stats/paired.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace fpbench::stats {
namespace {

// R 4.2.2:
//   o <- c(100,110,95,105,120,98); n <- c(96,104,92,99,116,93)
//   r <- t.test(log(n), log(o), paired=TRUE, conf.level=0.99)
const std::vector<double> kOld = {100, 110, 95, 105, 120, 98};
const std::vector<double> kNew = {96, 104, 92, 99, 116, 93};

TEST(PairedLogRatio, MatchesRsPairedTTestOnLogs) {
  const auto t = paired_log_ratio_test(kOld, kNew);
  ASSERT_TRUE(t.has_value());
  EXPECT_EQ(t->n, 6u);
  EXPECT_NEAR(t->mean_log_ratio, -0.045684968823121667, 1e-15);
  EXPECT_NEAR(t->sd_log_ratio, 0.011604746739660088, 1e-15);
  EXPECT_NEAR(t->t, -9.6430249657377001, 1e-12);
  EXPECT_EQ(t->df, 5);
  EXPECT_NEAR(t->p_value / 0.00020344888474616829, 1, 1e-10);
  // r$conf.int is on the log scale; the interval of the change is exp() - 1.
  const PercentInterval i =
      paired_interval_pct(t->mean_log_ratio, t->sd_log_ratio, t->n, 0.01);
  EXPECT_NEAR(i.lower_pct, std::expm1(-0.064787722072086093) * 100, 1e-10);
  EXPECT_NEAR(i.upper_pct, std::expm1(-0.026582215574157464) * 100, 1e-10);
}

TEST(PairedLogRatio, SharedDriftCancels) {
  // Every pair 2% slower, while the machine's speed swings by 40% between
  // pairs: unpaired this is noise, paired it is a clear change.
  std::vector<double> old_v, new_v;
  for (int k = 0; k < 20; ++k) {
    const double level = (k % 3 == 0 ? 1400 : 1000) * (1 + 0.001 * (k % 5));
    old_v.push_back(level);
    new_v.push_back(level * 0.98 * (1 + 0.0005 * (k % 4)));
  }
  const auto t = paired_log_ratio_test(old_v, new_v);
  ASSERT_TRUE(t.has_value());
  EXPECT_LT(t->p_value, 1e-10);
  EXPECT_NEAR(std::expm1(t->mean_log_ratio), -0.02, 0.001);
}

TEST(PairedLogRatio, UndefinedCases) {
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_FALSE(paired_log_ratio_test(std::vector<double>{1, 2, 3},
                                     std::vector<double>{1, 2}));
  EXPECT_FALSE(
      paired_log_ratio_test(std::vector<double>{1}, std::vector<double>{1}));
  EXPECT_FALSE(paired_log_ratio_test(std::vector<double>{1, 0},
                                     std::vector<double>{1, 1}));
  EXPECT_FALSE(paired_log_ratio_test(std::vector<double>{1, -1},
                                     std::vector<double>{1, 1}));
  EXPECT_FALSE(paired_log_ratio_test(std::vector<double>{1, inf},
                                     std::vector<double>{1, 1}));
  // The same ratio in every pair: no spread to test with.
  EXPECT_FALSE(paired_log_ratio_test(std::vector<double>{1, 2, 4},
                                     std::vector<double>{2, 4, 8}));
}

TEST(PairedRunsToDecide, ReturnedNDecidesAndOneFewerDoesNot) {
  const auto t = paired_log_ratio_test(kOld, kNew);
  ASSERT_TRUE(t.has_value());
  // -4.5% against a 5% threshold: decided once the interval lies below zero
  // while reaching past -5% (4 pairs), or clears -5% altogether.
  const auto n = paired_runs_to_decide(*t, 5, 0.01, false);
  ASSERT_TRUE(n.has_value());
  const auto decides = [&](std::size_t k) {
    const PercentInterval i =
        paired_interval_pct(t->mean_log_ratio, t->sd_log_ratio, k, 0.01);
    return i.lower_pct >= -5 || (i.upper_pct < 0 && i.lower_pct < -5);
  };
  EXPECT_TRUE(decides(*n));
  EXPECT_FALSE(decides(*n - 1));
  EXPECT_EQ(*n, 4u);
  // Mirrored: the same ratios read as times are a 4.7% improvement; with 3
  // pairs the 99% interval (qt = 9.92 at 2 df) already stays above -5%.
  EXPECT_EQ(paired_runs_to_decide(*t, 5, 0.01, true),
            std::optional<std::size_t>(3));
}

}  // namespace
}  // namespace fpbench::stats
