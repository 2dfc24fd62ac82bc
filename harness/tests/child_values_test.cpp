// The rates and times a child reports pass the same check as every other
// sample source (reports::check_rate): a bad value is that sample's failure,
// named by its configuration.

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "fpbench/harness/sample_source.hpp"

namespace fpbench::harness {
namespace {

namespace fs = std::filesystem;

std::string scenario_json(const std::string& real_time,
                          const std::string& rate) {
  return R"({"benchmarks":[{"name":"fs/a n=1","run_type":"iteration","iterations":4,)"
         R"("real_time":)" +
         real_time + R"(,"time_unit":"ns","items_per_second":)" + rate + "}]}";
}

std::string scenario_error(const std::string& real_time,
                           const std::string& rate) {
  const auto r = parse_scenario_json(scenario_json(real_time, rate));
  EXPECT_FALSE(r.has_value()) << real_time << " " << rate;
  if (r) return "";
  EXPECT_EQ(r.error().kind, ErrorKind::kBenchmarkFailed);
  return r.error().message;
}

TEST(ChildValues, ScenarioRatesThatAreNotPositiveNormalNumbersFailTheSample) {
  EXPECT_EQ(scenario_error("1000", "-5"),
            "fs/a n=1: rate -5 is negative: a rate must be a positive, finite, "
            "normal number "
            "of operations per second");
  EXPECT_EQ(scenario_error("1000", "0"),
            "fs/a n=1: rate 0 is zero: a rate must be a positive, finite, "
            "normal number of "
            "operations per second");
  EXPECT_EQ(scenario_error("1000", "1e-310"),
            "fs/a n=1: rate 1e-310 is subnormal (below 2.2e-308): a rate must "
            "be a positive, "
            "finite, normal number of operations per second");
  const std::string negative_time = scenario_error("-1000", "5");
  EXPECT_EQ(negative_time.rfind("fs/a n=1: time -4", 0), 0u) << negative_time;
  EXPECT_NE(negative_time.find(" is negative: a time must be"),
            std::string::npos)
      << negative_time;
  EXPECT_EQ(scenario_error("0", "5"),
            "fs/a n=1: time 0 is zero: a time must be a positive, finite, "
            "normal number of "
            "seconds");
  EXPECT_TRUE(parse_scenario_json(scenario_json("1000", "4e6")).has_value());
}

// Each is one field of a well-formed row (scenario_json's) replaced: the
// sample fails saying which field held what, instead of a JSON library
// exception ending the whole run.
TEST(ChildValues, WellFormedJsonOfTheWrongTypeFailsTheSampleNamingTheField) {
  const std::string row =
      R"({"name":"fs/a n=1","run_type":"iteration","iterations":4,)"
      R"("real_time":1000,"time_unit":"ns","items_per_second":5)";
  const struct {
    std::string json;
    std::string message;
  } cases[] = {
      {R"({"benchmarks":[{"name":"fs/a n=1","run_type":"iteration","iterations":4,)"
       R"("real_time":1000,"time_unit":"ns","items_per_second":"fast"}]})",
       R"(the benchmark's items_per_second is "fast", not a number)"},
      {R"({"benchmarks":[{"name":"fs/a n=1","run_type":"iteration","iterations":4,)"
       R"("real_time":1000,"time_unit":"ns","items_per_second":null}]})",
       "the benchmark's items_per_second is null, not a number"},
      {R"({"benchmarks":[{"name":"fs/a n=1","run_type":"iteration","iterations":4,)"
       R"("real_time":[1000],"time_unit":"ns","items_per_second":5}]})",
       "the benchmark's real_time is [1000], not a number"},
      {R"({"benchmarks":[{"name":"fs/a n=1","iterations":4,)"
       R"("real_time":1000,"time_unit":"ns","items_per_second":5}]})",
       "the benchmark's row has no run_type"},
      {R"({"benchmarks":[{"name":"fs/a n=1","run_type":5,"iterations":4,)"
       R"("real_time":1000,"time_unit":"ns","items_per_second":5}]})",
       "the benchmark's run_type is 5, not a string"},
      {R"({"benchmarks":[)" + row + R"(,"error_occurred":"yes"}]})",
       R"(the benchmark's error_occurred is "yes", not true or false)"},
      {R"({"benchmarks":[)" + row +
           R"(,"error_occurred":true,"error_message":7}]})",
       "the benchmark's error_message is 7, not a string"},
      {R"({"benchmarks":[{"name":5,"run_type":"iteration","iterations":4,)"
       R"("real_time":1000,"time_unit":"ns","items_per_second":5}]})",
       "the benchmark's name is 5, not a string"},
      {R"({"context":[],"benchmarks":[)" + row + "}]}",
       "the benchmark's context is [], not an object"},
      {R"({"benchmarks":[)" + row + R"(,"fpbench_counted_iterations":"ten"}]})",
       R"(the benchmark's fpbench_counted_iterations is "ten", not a number)"},
      {R"({"benchmarks":[)" + row +
           R"(,"fpbench_counted_iterations":10,"fpbench_syscalls":{}}]})",
       "the benchmark's fpbench_syscalls is {}, not a number"},
      {R"({"benchmarks":[)" + row +
           R"(,"fpbench_counted_iterations":10,"fpbench_syscalls":3,"fpbench_syscall_read":"x"}]})",
       R"(the benchmark's fpbench_syscall_read is "x", not a number)"},
      {R"({"benchmarks":[{"name":"fs/a n=1","run_type":"iteration","iterations":1e300,)"
       R"("real_time":1000,"time_unit":"ns","items_per_second":5}]})",
       "the benchmark's iterations is 1e+300, not a count of 1 or more"},
      {R"({"benchmarks":[7]})",
       "the benchmark printed a row that is 7, not an object"},
      {R"({"benchmarks":[)" + row + R"(,"fpbench_outcome_units":"x"}]})",
       R"(the benchmark's fpbench_outcome_units is "x", not a number)"},
      {R"({"benchmarks":[)" + row + R"(,"label":3}]})",
       "the benchmark's label is 3, not a string"},
  };
  for (const auto& c : cases) {
    const auto r = parse_scenario_json(c.json);
    ASSERT_FALSE(r.has_value()) << c.json;
    EXPECT_EQ(r.error().kind, ErrorKind::kBenchmarkFailed) << c.json;
    EXPECT_EQ(r.error().message, c.message) << c.json;
  }
  EXPECT_TRUE(
      parse_scenario_json(R"({"benchmarks":[)" + row + "}]}").has_value());
}

// A row's fpbench_outcome_* counters are its outcomes; its label is one
// where the program is fpbench-scenarios (whose label says what its loop
// ended with), not where it is someone's Google Benchmark binary.
TEST(ChildValues, OutcomeCountersAndAScenarioLabelAreTheRowsOutcomes) {
  const std::string json =
      R"({"benchmarks":[{"name":"fs/a n=1","run_type":"iteration","iterations":4,)"
      R"("real_time":1000,"time_unit":"ns","items_per_second":5,"units":7,)"
      R"("fpbench_outcome_units":0,"fpbench_outcome_failed":1,)"
      R"x("label":"failed: EBADF (fstat)"}]})x";
  const auto scenario = parse_scenario_json(json);
  ASSERT_TRUE(scenario.has_value()) << scenario.error().message;
  const auto& outcomes = scenario->front().outcomes;
  ASSERT_EQ(outcomes.size(), 3u);
  // In the order of their names, as the JSON library keeps them.
  EXPECT_EQ(outcomes[0].first, "failed");
  EXPECT_TRUE(reports::same_outcome(outcomes[0].second, 1.0));
  EXPECT_EQ(outcomes[1].first, "units");
  EXPECT_TRUE(reports::same_outcome(outcomes[1].second, 0.0));
  EXPECT_EQ(outcomes[2].first, "label");
  EXPECT_TRUE(reports::same_outcome(outcomes[2].second,
                                    std::string("failed: EBADF (fstat)")));
  const auto gbench =
      parse_scenario_json(json, RowRate::kPerIteration, RowLabel::kText);
  ASSERT_TRUE(gbench.has_value()) << gbench.error().message;
  EXPECT_EQ(gbench->front().outcomes.size(), 2u) << "no label";
}

}  // namespace
}  // namespace fpbench::harness
