// hyperfine --export-json as samples: real exports of hyperfine 1.15 and
// handwritten files (data/hyperfine/README.md).

#include "fpbench/reports/hyperfine_json.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "json_samples_test_util.hpp"

namespace fpbench::reports {
namespace {

using namespace fpbench::reports::test_support;

TEST(HyperfineJson, RealExportGivesOneSamplePerRun) {
  const Loaded l = hyperfine_file("hyperfine-1.15-old.json");
  ASSERT_TRUE(l.result) << error_of(l);
  ASSERT_EQ(l.samples.benchmarks().size(), 2u);
  EXPECT_EQ(l.samples.sample_count(), 10u);
  const BenchmarkSamples& first = l.samples.benchmarks()[0];
  EXPECT_EQ(first.filename, "sleep 0.01");
  EXPECT_EQ(first.configuration, "");
  EXPECT_EQ(first.name, "sleep 0.01 ");
  ASSERT_EQ(first.new_rates.size(), 5u);
  EXPECT_TRUE(first.old_rates.empty());
  EXPECT_EQ(l.samples.benchmarks()[1].filename, "sleep 0.02");
  EXPECT_TRUE(l.warnings.empty());
}

TEST(HyperfineJson, RateIsOneOverEachTime) {
  const Loaded l = hyperfine_text(
      R"({"results": [{"command": "a", "times": [0.5, 0.25, 2]}]})", "h.json");
  ASSERT_TRUE(l.result) << error_of(l);
  EXPECT_EQ(l.samples.benchmarks()[0].new_rates,
            (std::vector<double>{2.0, 4.0, 0.5}));
}

TEST(HyperfineJson, ExportWithoutTimesIsAnError) {
  EXPECT_EQ(error_of(hyperfine_file("hyperfine-no-times.json")),
            "hyperfine-no-times.json: command 'sleep 0.01' has no \"times\": "
            "fpbench needs the raw time of every run, and this export holds "
            "only summary statistics (export with a hyperfine release that "
            "writes \"times\")");
}

TEST(HyperfineJson, FailedRunsAreLeftOutWithAWarning) {
  const Loaded l = hyperfine_file("hyperfine-failed-runs.json");
  ASSERT_TRUE(l.result) << error_of(l);
  EXPECT_EQ(l.samples.benchmarks()[0].new_rates,
            (std::vector<double>{1 / 0.015, 1 / 0.02}));
  EXPECT_EQ(l.warnings, std::vector<std::string>{
                            "hyperfine-failed-runs.json: command './flaky "
                            "--once': 2 run(s) failed (non-zero exit code) "
                            "and were left out"});
}

TEST(HyperfineJson, ZeroTimeIsAnError) {
  // What hyperfine writes when the shell's start-up time exceeds the run.
  const Loaded l = hyperfine_text(
      "{\"results\": [{\"command\": \"sleep 0.001\", \"times\": [0.001, "
      "0.0]}]}",
      "z.json");
  EXPECT_EQ(error_of(l).rfind("z.json: command 'sleep 0.001': times[1] is 0 s, "
                              "which cannot become a rate",
                              0),
            0u)
      << error_of(l);
  EXPECT_EQ(l.samples.sample_count(), 0u);
}

TEST(HyperfineJson, NegativeNonFiniteAndSubnormalTimesAreErrors) {
  const auto error_for = [](const std::string& time) {
    return error_of(hyperfine_text(
        "{\"results\": [{\"command\": \"c\", \"times\": [0.5, " + time + "]}]}",
        "h.json"));
  };
  EXPECT_EQ(error_for("-0.25"),
            "h.json: command 'c': times[1] is -0.25 s, which cannot become a "
            "rate: it is negative (a time must be positive, finite and "
            "normal)");
  EXPECT_EQ(error_for("1e-310"),
            "h.json: command 'c': times[1] is 1e-310 s, which cannot become a "
            "rate: it is subnormal (below 2.2e-308) (a time must be positive, "
            "finite and normal)");
  EXPECT_NE(error_for("Infinity")
                .find("times[1] is inf s, which cannot become "
                      "a rate: it is infinite"),
            std::string::npos)
      << error_for("Infinity");
}

TEST(HyperfineJson, WrongShapesAreErrors) {
  EXPECT_EQ(error_of(hyperfine_text("{}", "h.json")),
            "h.json: no \"results\" array: expected a hyperfine --export-json "
            "file");
  EXPECT_EQ(
      error_of(hyperfine_text(R"({"results": [{"times": [1]}]})", "h.json")),
      "h.json: results[0] has no \"command\" string");
  EXPECT_EQ(
      error_of(hyperfine_text(
          R"({"results": [{"command": "a", "times": ["1"]}]})", "h.json")),
      "h.json: command 'a': times[0] is a string, expected a number of "
      "seconds");
  EXPECT_EQ(error_of(hyperfine_text(R"({"results": []})", "h.json")),
            "h.json: no successful runs to use as samples");
  EXPECT_EQ(
      error_of(hyperfine_text("{\"results\": [\n{\"command\": }]}", "h.json"))
          .rfind("h.json:2:13: invalid JSON: ", 0),
      0u);
}

}  // namespace
}  // namespace fpbench::reports
