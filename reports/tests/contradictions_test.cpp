// Rows whose counted and timed metrics contradict each other: the planted
// case of fs/read-file-sync's missing descriptor (-99.57% instructions,
// exact, while wall time held still) is named, with its figures, and each
// condition of the rule leaves out the rows it is there for.

#include "fpbench/reports/contradictions.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace fpbench::reports {
namespace {

// Rates around 2.8 million operations per second, spread by about 1%.
const std::vector<double> kSteadyRates = {2.80e6, 2.83e6, 2.78e6, 2.81e6,
                                          2.79e6, 2.82e6, 2.77e6, 2.80e6};

// The samples of one benchmark: wall rates per side, instructions per side.
std::vector<SampleRecord> records(const std::vector<double>& old_rates,
                                  const std::vector<double>& new_rates,
                                  const std::vector<double>& old_counts,
                                  const std::vector<double>& new_counts) {
  std::vector<SampleRecord> out;
  const auto add = [&](Binary b, const char* metric, const char* source,
                       const std::vector<double>& values) {
    for (double v : values) {
      SampleRecord r;
      r.binary = b;
      r.filename = "fs/read-file-sync";
      r.configuration = "path='non-existing' useFd='true'";
      r.metrics.emplace_back(metric, MetricReading{v, source, {}, {}});
      out.push_back(std::move(r));
    }
  };
  add(Binary::kOld, "wall", "clock", old_rates);
  add(Binary::kNew, "wall", "clock", new_rates);
  add(Binary::kOld, "instructions", "valgrind", old_counts);
  add(Binary::kNew, "instructions", "valgrind", new_counts);
  return out;
}

TEST(Contradictions, AnExactCountThatFellByFarMoreThanTheTimeCouldIsNamed) {
  const auto found = find_contradictions(records(kSteadyRates, kSteadyRates,
                                                 {917097, 917097, 917097},
                                                 {3910, 3910, 3910}));
  ASSERT_EQ(found.size(), 1u);
  const Contradiction& c = found[0];
  EXPECT_EQ(c.name, "fs/read-file-sync path='non-existing' useFd='true'");
  EXPECT_EQ(c.counted_metric, "instructions");
  EXPECT_NEAR(c.counted_change_pct, -99.5737, 1e-3);
  EXPECT_TRUE(c.counted_exact);
  EXPECT_NEAR(c.timed_change_pct, 0, 1e-9);
  EXPECT_GT(c.timed_half_width_pct, 0.5);
  EXPECT_LT(c.timed_half_width_pct, 3);
  EXPECT_NEAR(c.old_ns_per_op, 357.14, 0.01);
  const std::string text = contradiction_text(c);
  EXPECT_EQ(text.rfind("fs/read-file-sync path='non-existing' useFd='true': "
                       "counted and timed disagree: instructions -99.57% "
                       "(917097 -> 3910 per operation, exact) but wall "
                       "+0.00% ±",
                       0),
            0u)
      << text;
  EXPECT_NE(text.find("(99%): 913187 fewer instructions take at least 14269 "
                      "ns even at 64 per ns, yet the time per operation moved "
                      "by at most "),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("; the counted samples likely ran another path than "
                      "the timed ones"),
            std::string::npos)
      << text;
}

TEST(Contradictions, ACountThatGrewIsNamedToo) {
  const auto found = find_contradictions(records(kSteadyRates, kSteadyRates,
                                                 {3910, 3910, 3910},
                                                 {917097, 917097, 917097}));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_NE(contradiction_text(found[0]).find("913187 more instructions"),
            std::string::npos);
}

TEST(Contradictions, ATimeThatMovedWithTheCountIsNot) {
  // Instructions -99%, and the rate a hundred times higher.
  std::vector<double> faster;
  for (double r : kSteadyRates) faster.push_back(r * 100);
  EXPECT_TRUE(
      find_contradictions(records(kSteadyRates, faster,
                                  {917097, 917097, 917097}, {9171, 9171, 9171}))
          .empty());
}

TEST(Contradictions, AnOperationWhoseTimeIsSpentUncountedIsNot) {
  // A millisecond per operation (I/O, the kernel) and a thousand
  // instructions that fell to ten: too few to show in its time.
  std::vector<double> slow;
  for (double r : kSteadyRates) slow.push_back(r / 2800);
  EXPECT_TRUE(
      find_contradictions(records(slow, slow, {1000, 1000, 1000}, {10, 10, 10}))
          .empty());
}

TEST(Contradictions, ACountThatMovedLessThanHalfIsNot) {
  EXPECT_TRUE(find_contradictions(records(kSteadyRates, kSteadyRates,
                                          {917097, 917097, 917097},
                                          {550258, 550258, 550258}))
                  .empty());
}

TEST(Contradictions, AnImpreciseTimeIsNot) {
  // The 99% interval reaches past a rate of zero: the time may have moved
  // by any amount.
  EXPECT_TRUE(
      find_contradictions(records({1e6, 9e6, 2e6}, {1e6, 9e6, 2e6},
                                  {917097, 917097, 917097}, {3910, 3910, 3910}))
          .empty());
}

TEST(Contradictions, AnUndecidedCountIsNot) {
  // Instructions that vary this much are tested, and this is no change.
  EXPECT_TRUE(
      find_contradictions(records(kSteadyRates, kSteadyRates,
                                  {900000, 10, 500000}, {10, 900000, 480000}))
          .empty());
}

TEST(Contradictions, NoneWithoutBothMetricsOrWithoutATimedTest) {
  std::vector<SampleRecord> counts_only =
      records({}, {}, {917097, 917097}, {3910, 3910});
  EXPECT_TRUE(find_contradictions(counts_only).empty());
  EXPECT_TRUE(
      find_contradictions(records(kSteadyRates, kSteadyRates, {}, {})).empty());
  // One timed sample a side: no test, no interval.
  EXPECT_TRUE(find_contradictions(
                  records({2.8e6}, {2.8e6}, {917097, 917097}, {3910, 3910}))
                  .empty());
}

}  // namespace
}  // namespace fpbench::reports
