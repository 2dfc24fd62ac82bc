// Golden tests of the trackers' formats (Bencher Metric Format and
// github-action-benchmark's custom JSON) on small hand-made samples: wall
// rates as the CSV gives them, and counted metrics as the JSON Lines do.

#include "fpbench/reports/tracker_formats.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "fpbench/reports/report_format.hpp"

namespace fpbench::reports {
namespace {

// New rates 1e6, 2e6, 4e6 and 4e6 operations per second: a mean of 2.75e6,
// or 1000, 500, 250 and 250 ns per operation, a mean of 500 (sd 353.553).
// misc/d.js has one new sample and misc/c.js none.
SampleSet wall_samples() {
  SampleSet s;
  for (double r : {1e6, 1e6}) s.add(Binary::kOld, "fs/b.js", "n=1", r);
  for (double r : {1e6, 2e6, 4e6, 4e6})
    s.add(Binary::kNew, "fs/b.js", "n=1", r);
  s.add(Binary::kOld, "misc/c.js", "", 10.0);
  s.add(Binary::kNew, "misc/d.js", "", 5e8);
  return s;
}

Comparison counted(const char* filename, const char* configuration,
                   std::initializer_list<double> new_values) {
  SampleSet s;
  s.add(Binary::kOld, filename, configuration, 1.0);
  for (double v : new_values) s.add(Binary::kNew, filename, configuration, v);
  return build_comparison(s);
}

// As fpbench run --metric wall,cpu,instructions,syscalls:openat gives them:
// CPU seconds and counts per operation.
std::vector<MetricComparison> metric_comparisons() {
  return {
      {"wall", build_comparison(wall_samples())},
      {"cpu", counted("fs/b.js", "n=1", {2e-6, 4e-6})},
      {"instructions", counted("fs/b.js", "n=1", {1000, 1000, 1000})},
      {"syscalls:openat", counted("misc/d.js", "", {3})},
  };
}

TEST(Bmf, WallRatesAreThroughput) {
  const std::string expected = R"({
  "fs/b.js n=1": {
    "throughput": {
      "lower_value": 1000000.0,
      "upper_value": 4000000.0,
      "value": 2750000.0
    }
  },
  "misc/d.js": {
    "throughput": {
      "lower_value": 500000000.0,
      "upper_value": 500000000.0,
      "value": 500000000.0
    }
  }
}
)";
  EXPECT_EQ(format_bmf({{"wall", build_comparison(wall_samples())}}), expected);
  // What compare --format bmf renders for a CSV, gbench or hyperfine input.
  EXPECT_EQ(*render_comparison(wall_samples(), ReportFormat::kBmf, {}),
            expected);
}

TEST(Bmf, EveryMetricIsAMeasureOfItsBenchmark) {
  const std::string expected = R"({
  "fs/b.js n=1": {
    "cpu": {
      "lower_value": 2000.0,
      "upper_value": 4000.0,
      "value": 3000.0
    },
    "instructions": {
      "lower_value": 1000.0,
      "upper_value": 1000.0,
      "value": 1000.0
    },
    "throughput": {
      "lower_value": 1000000.0,
      "upper_value": 4000000.0,
      "value": 2750000.0
    }
  },
  "misc/d.js": {
    "syscalls-openat": {
      "lower_value": 3.0,
      "upper_value": 3.0,
      "value": 3.0
    },
    "throughput": {
      "lower_value": 500000000.0,
      "upper_value": 500000000.0,
      "value": 500000000.0
    }
  }
}
)";
  EXPECT_EQ(format_bmf(metric_comparisons()), expected);
}

TEST(Bmf, NothingNewIsAnEmptyObject) {
  SampleSet s;
  s.add(Binary::kOld, "misc/c.js", "", 10.0);
  EXPECT_EQ(format_bmf({{"wall", build_comparison(s)}}), "{}\n");
}

TEST(GithubActionBenchmark, WallRatesAreNanosecondsPerOperation) {
  const std::string expected = R"([
  {
    "name": "fs/b.js n=1",
    "unit": "ns/op",
    "value": 500.0,
    "range": "± 353.553",
    "extra": "new: 4 samples, min 250, max 1000"
  },
  {
    "name": "misc/d.js",
    "unit": "ns/op",
    "value": 2.0,
    "extra": "new: 1 sample, min 2, max 2"
  }
]
)";
  EXPECT_EQ(format_github_action_benchmark(
                {{"wall", build_comparison(wall_samples())}}),
            expected);
  EXPECT_EQ(*render_comparison(wall_samples(),
                               ReportFormat::kGithubActionBenchmark, {}),
            expected);
}

TEST(GithubActionBenchmark, EveryMetricIsSmallerIsBetterAndNamed) {
  const std::string expected = R"([
  {
    "name": "fs/b.js n=1",
    "unit": "ns/op",
    "value": 500.0,
    "range": "± 353.553",
    "extra": "new: 4 samples, min 250, max 1000"
  },
  {
    "name": "misc/d.js",
    "unit": "ns/op",
    "value": 2.0,
    "extra": "new: 1 sample, min 2, max 2"
  },
  {
    "name": "fs/b.js n=1 [cpu]",
    "unit": "ns/op",
    "value": 3000.0,
    "range": "± 1414.21",
    "extra": "new: 2 samples, min 2000, max 4000"
  },
  {
    "name": "fs/b.js n=1 [instructions]",
    "unit": "instructions/op",
    "value": 1000.0,
    "range": "± 0",
    "extra": "new: 3 samples, min 1000, max 1000"
  },
  {
    "name": "misc/d.js [syscalls:openat]",
    "unit": "calls/op",
    "value": 3.0,
    "extra": "new: 1 sample, min 3, max 3"
  }
]
)";
  EXPECT_EQ(format_github_action_benchmark(metric_comparisons()), expected);
}

TEST(GithubActionBenchmark, NothingNewIsAnEmptyArray) {
  SampleSet s;
  s.add(Binary::kOld, "misc/c.js", "", 10.0);
  EXPECT_EQ(format_github_action_benchmark({{"wall", build_comparison(s)}}),
            "[]\n");
}

// compare.js configurations quote with ' and may hold ", \ and any UTF-8;
// JSON escapes what it must, keeps UTF-8 as it is, and replaces bytes that
// are not UTF-8 with U+FFFD rather than failing.
TEST(TrackerFormats, NamesAreEscapedAsJson) {
  SampleSet s;
  s.add(Binary::kNew, "fs/q.js", "s='\"caf\xc3\xa9\"\\' t='\x01'", 1e9);
  s.add(Binary::kNew, "fs/bad.js", "b='\xff'", 1e9);
  const std::vector<MetricComparison> wall = {{"wall", build_comparison(s)}};

  const std::string bmf = format_bmf(wall);
  EXPECT_NE(bmf.find(R"("fs/q.js s='\"café\"\\' t='\u0001'": {)"),
            std::string::npos)
      << bmf;
  EXPECT_NE(bmf.find("\"fs/bad.js b='\xef\xbf\xbd'\": {"), std::string::npos)
      << bmf;
  const auto bmf_doc = nlohmann::json::parse(bmf);
  EXPECT_TRUE(bmf_doc.contains("fs/q.js s='\"caf\xc3\xa9\"\\' t='\x01'"));

  const std::string gab = format_github_action_benchmark(wall);
  EXPECT_NE(gab.find(R"("name": "fs/q.js s='\"café\"\\' t='\u0001'")"),
            std::string::npos)
      << gab;
  const auto gab_doc = nlohmann::json::parse(gab);
  ASSERT_EQ(gab_doc.size(), 2u);
  EXPECT_EQ(gab_doc[1]["name"], "fs/q.js s='\"caf\xc3\xa9\"\\' t='\x01'");
}

TEST(TrackerFormats, AnUnknownFormatListsEveryFormat) {
  const auto r = parse_report_format("yaml");
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().message,
            "unknown format 'yaml': expected text, markdown (or md), json, "
            "csv, bmf or github-action-benchmark");
  EXPECT_EQ(*parse_report_format("bmf"), ReportFormat::kBmf);
  EXPECT_EQ(*parse_report_format("github-action-benchmark"),
            ReportFormat::kGithubActionBenchmark);
}

}  // namespace
}  // namespace fpbench::reports
