// Sequential Welch tests on simulated benchmarks: the false-alarm rate of
// A/A comparisons looked at after every round, the simultaneous coverage of
// the repeated intervals, and how many runs a real change takes to show.

#include <gtest/gtest.h>

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <vector>

#include "fpbench/stats/sequential.hpp"
#include "fpbench/stats/welch.hpp"
#include "fpbench/test_support/noise.hpp"

namespace fpbench::stats {
namespace {

using fpbench::test_support::Noise;

constexpr std::size_t kRound = 10;  // runs per side added between looks
constexpr double kMean = 100;
constexpr double kSd = 10;  // 10% of the old mean

std::vector<double> equal_looks(std::size_t looks) {
  std::vector<double> t;
  for (std::size_t k = 1; k <= looks; ++k) {
    t.push_back(static_cast<double>(k) / static_cast<double>(looks));
  }
  return t;
}

struct Outcome {
  std::optional<std::size_t>
      rejected_at;               // runs per side at the rejecting look
  bool interval_missed = false;  // some look's interval excluded the truth
};

// One comparison looked at after every round, old ~ N(100, 10) and new
// shifted by `shift` (a fraction of the old mean). With stop_on_reject unset
// every look is taken (for the intervals' coverage). nominal[k] is the
// level of look k.
Outcome run_comparison(const std::vector<double>& nominal, double shift,
                       std::uint64_t seed, bool stop_on_reject = true) {
  Noise noise(seed);
  std::vector<double> old_runs;
  std::vector<double> new_runs;
  Outcome out;
  const double truth = kMean * shift;
  for (std::size_t k = 0; k < nominal.size(); ++k) {
    for (std::size_t i = 0; i < kRound; ++i) {
      old_runs.push_back(kMean + kSd * noise.normal());
      new_runs.push_back(kMean + truth + kSd * noise.normal());
    }
    const auto w = welch_t_test(old_runs, new_runs);
    if (!w) continue;
    const double half = sequential_t_critical(nominal[k], w->df) * w->std_error;
    const double diff = w->mean_new - w->mean_old;
    if (truth < diff - half || truth > diff + half) out.interval_missed = true;
    if (!out.rejected_at && w->p_value < nominal[k]) {
      out.rejected_at = old_runs.size();
      if (stop_on_reject) break;
    }
  }
  return out;
}

std::vector<double> nominal_levels(const std::vector<SequentialBoundary>& b) {
  std::vector<double> levels;
  for (const auto& look : b) levels.push_back(look.nominal_alpha);
  return levels;
}

TEST(SequentialWelch, AHundredAaGatesRaiseAtMostOneFalseAlarm) {
  // 100 pull requests that change nothing, 4 benchmarks each, family alpha
  // 0.01 (alpha / 4 per benchmark), up to 10 looks of 10 runs per side. A
  // benchmark keeps going until it rejects: a real gate stops sooner on
  // "no change", which can only remove false alarms.
  constexpr std::size_t kGates = 100;
  constexpr std::size_t kBenchmarks = 4;
  const auto b =
      family_sequential_boundaries(equal_looks(10), 0.01, kBenchmarks);
  ASSERT_EQ(b.size(), 10u);
  const auto sequential = nominal_levels(b);
  // The same looks, each at the fixed-sample level alpha / 4.
  const std::vector<double> uncorrected(10, 0.01 / kBenchmarks);

  std::size_t false_alarms = 0;
  std::size_t uncorrected_alarms = 0;
  for (std::uint64_t gate = 0; gate < kGates; ++gate) {
    bool alarm = false;
    bool uncorrected_alarm = false;
    for (std::uint64_t bench = 0; bench < kBenchmarks; ++bench) {
      const std::uint64_t seed = 3'000'000 + gate * 100 + bench;
      alarm |= run_comparison(sequential, 0.0, seed).rejected_at.has_value();
      uncorrected_alarm |=
          run_comparison(uncorrected, 0.0, seed).rejected_at.has_value();
    }
    false_alarms += alarm ? 1 : 0;
    uncorrected_alarms += uncorrected_alarm ? 1 : 0;
  }
  EXPECT_LE(false_alarms, 1u);
  // The family is big enough to see what uncorrected looks would cost.
  EXPECT_GT(uncorrected_alarms, false_alarms + 1);
  std::printf(
      "A/A gates with a false alarm: %zu of %zu (uncorrected looks: %zu)\n",
      false_alarms, kGates, uncorrected_alarms);
}

TEST(SequentialWelch, FalseAlarmRateStaysNearAlphaOverTwoThousandComparisons) {
  constexpr std::size_t kTrials = 2000;
  constexpr double kAlpha = 0.05;
  // Three standard errors of a rate of 0.05 over 2,000 trials.
  constexpr double kMargin = 0.015;
  const auto t = equal_looks(10);
  std::uint64_t base = 4'000'000;
  for (const auto spending :
       {SpendingFunction::kOBrienFleming,
        SpendingFunction::kOBrienFlemingPerTail, SpendingFunction::kPocock}) {
    const auto levels =
        nominal_levels(sequential_boundaries(t, kAlpha, spending));
    const std::vector<double> uncorrected(t.size(), kAlpha);
    std::size_t rejected = 0;
    std::size_t uncorrected_rejected = 0;
    base += 10'000;
    for (std::uint64_t trial = 0; trial < kTrials; ++trial) {
      rejected += run_comparison(levels, 0.0, base + trial).rejected_at ? 1 : 0;
      uncorrected_rejected +=
          run_comparison(uncorrected, 0.0, base + trial).rejected_at ? 1 : 0;
    }
    const double rate = static_cast<double>(rejected) / kTrials;
    const double uncorrected_rate =
        static_cast<double>(uncorrected_rejected) / kTrials;
    const int s = static_cast<int>(spending);
    EXPECT_LE(rate, kAlpha + kMargin) << "spending " << s;
    // Not spending alpha would also keep the rate low; the exact boundary
    // spends nearly all of it.
    EXPECT_GE(rate, kAlpha - kMargin) << "spending " << s;
    EXPECT_GT(uncorrected_rate, 0.15) << "spending " << s;
    std::printf("spending %d: false alarms %.4f (uncorrected looks %.4f)\n", s,
                rate, uncorrected_rate);
  }
}

TEST(SequentialWelch, RepeatedIntervalsCoverTheChangeAtEveryLook) {
  // A real 5% change; every one of the 10 looks is taken. The intervals at
  // level 1 - nominal_alpha must all hold at once in about 95% of trials.
  constexpr std::size_t kTrials = 2000;
  const auto levels =
      nominal_levels(sequential_boundaries(equal_looks(10), 0.05));
  std::size_t missed = 0;
  for (std::uint64_t trial = 0; trial < kTrials; ++trial) {
    missed +=
        run_comparison(levels, -0.05, 5'000'000 + trial, false).interval_missed;
  }
  const double rate = static_cast<double>(missed) / kTrials;
  EXPECT_LE(rate, 0.05 + 0.015);
  std::printf("trials with some interval missing the change: %.4f\n", rate);
}

// Runs per side a fixed-sample two-sided test at level alpha needs for this
// power against a change of delta with standard deviation sd on each side
// (normal approximation).
double fixed_sample_runs(double alpha, double power, double delta, double sd) {
  const boost::math::normal standard;
  const double za = boost::math::quantile(standard, 1 - alpha / 2);
  const double zb = boost::math::quantile(standard, power);
  return 2 * sd * sd * (za + zb) * (za + zb) / (delta * delta);
}

TEST(SequentialWelch, DetectsAFivePercentChangeWithFewerRunsThanAFixedSample) {
  // alpha = 0.01, looks every 10 runs per side up to 130 (a fixed-sample
  // test at 0.01 needs 119 per side for 90% power against 5% in 10% noise).
  constexpr std::size_t kTrials = 1000;
  constexpr double kAlpha = 0.01;
  constexpr std::size_t kMaxRuns = 130;
  for (const auto spending :
       {SpendingFunction::kOBrienFleming, SpendingFunction::kPocock}) {
    const auto levels = nominal_levels(sequential_boundaries(
        equal_looks(kMaxRuns / kRound), kAlpha, spending));
    std::vector<double> runs;
    std::size_t detected = 0;
    for (std::uint64_t trial = 0; trial < kTrials; ++trial) {
      const Outcome o = run_comparison(levels, -0.05, 6'000'000 + trial);
      detected += o.rejected_at ? 1 : 0;
      runs.push_back(static_cast<double>(o.rejected_at.value_or(kMaxRuns)));
    }
    std::nth_element(runs.begin(), runs.begin() + kTrials / 2, runs.end());
    const double median = runs[kTrials / 2];
    const double power = static_cast<double>(detected) / kTrials;
    const double fixed = fixed_sample_runs(kAlpha, power, 0.05 * kMean, kSd);
    const int s = static_cast<int>(spending);
    EXPECT_GE(power, 0.8) << "spending " << s;
    EXPECT_LE(median, 0.8 * fixed) << "spending " << s;
    std::printf(
        "spending %d: power %.3f, median runs per side %.0f, fixed sample "
        "%.1f\n",
        s, power, median, fixed);
  }
}

}  // namespace
}  // namespace fpbench::stats
