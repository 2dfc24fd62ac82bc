// Google Benchmark JSON as samples: real outputs of Google Benchmark 1.7.1
// and handwritten files in the shapes other versions print
// (data/gbench/README.md).

#include "fpbench/reports/gbench_json.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "json_samples_test_util.hpp"

namespace fpbench::reports {
namespace {

using namespace fpbench::reports::test_support;

// One iteration row in the 1.7 shape, for small inline files.
std::string row(const std::string& name, const std::string& time,
                const std::string& unit = "ns") {
  return R"({"name": ")" + name + R"(", "run_name": ")" + name +
         R"(", "run_type": "iteration", "repetitions": 1, "repetition_index": 0, "threads": 1, "iterations": 10, "real_time": )" +
         time + R"(, "cpu_time": )" + time + R"(, "time_unit": ")" + unit +
         R"("})";
}

std::string file_of(const std::string& rows) {
  return "{\n  \"context\": {},\n  \"benchmarks\": [" + rows + "]\n}\n";
}

TEST(GbenchJson, RealOutputGivesOneSamplePerRepetition) {
  const Loaded l = gbench_file("tiny-1.7.1-old.json");
  ASSERT_TRUE(l.result) << error_of(l);
  ASSERT_EQ(l.samples.benchmarks().size(), 3u);
  EXPECT_EQ(l.samples.sample_count(), 9u);
  const BenchmarkSamples* small = find(l.samples, "BM_memcpy 64/real_time");
  ASSERT_NE(small, nullptr);
  EXPECT_EQ(small->filename, "BM_memcpy");
  EXPECT_EQ(small->configuration, "64/real_time");
  EXPECT_TRUE(small->new_rates.empty());
  EXPECT_EQ(small->old_rates,
            (std::vector<double>{1e9 / 4.5601368390808448e+00,
                                 1e9 / 4.5648099383289509e+00,
                                 1e9 / 4.6758271596855199e+00}));
  EXPECT_NE(find(l.samples, "BM_memcpy 4096/real_time"), nullptr);
  // The failing benchmark errs in all three repetitions: one warning.
  EXPECT_EQ(l.warnings, std::vector<std::string>{
                            "tiny-1.7.1-old.json: benchmark 'BM_fails' "
                            "skipped: device not found"});
}

TEST(GbenchJson, NameWithoutSlashHasAnEmptyConfiguration) {
  const Loaded l = gbench_file("tiny-1.7.1-old.json");
  const BenchmarkSamples* sum = find(l.samples, "BM_sum ");
  ASSERT_NE(sum, nullptr);
  EXPECT_EQ(sum->filename, "BM_sum");
  EXPECT_EQ(sum->configuration, "");
  // time_unit "us": 1e6 / time.
  EXPECT_EQ(sum->old_rates,
            (std::vector<double>{1e6 / 8.6874802224273340e-01,
                                 1e6 / 7.3785824245830478e-01,
                                 1e6 / 7.0450673503484618e-01}));
}

TEST(GbenchJson, CpuTimeMetricReadsCpuTime) {
  const Loaded l = gbench_file("tiny-1.7.1-old.json", TimeMetric::kCpuTime);
  ASSERT_TRUE(l.result) << error_of(l);
  const BenchmarkSamples* sum = find(l.samples, "BM_sum ");
  ASSERT_NE(sum, nullptr);
  EXPECT_EQ(sum->old_rates,
            (std::vector<double>{1e6 / 7.0791431473166577e-01,
                                 1e6 / 7.3651143895659688e-01,
                                 1e6 / 7.0189058156938322e-01}));
}

TEST(GbenchJson, ThisProjectsScenarioOutput) {
  const Loaded l = gbench_file("scenarios-calibration-1.7.1.json");
  ASSERT_TRUE(l.result) << error_of(l);
  ASSERT_EQ(l.samples.benchmarks().size(), 1u);
  const BenchmarkSamples& b = l.samples.benchmarks()[0];
  EXPECT_EQ(b.filename, "calibration");
  EXPECT_EQ(b.configuration, "spin spinUs=100/real_time");
  EXPECT_EQ(b.old_rates, (std::vector<double>{1e9 / 3.0057251428193663e+05,
                                              1e9 / 2.4311474999194613e+05,
                                              1e9 / 2.1473246428545931e+05}));
  EXPECT_TRUE(l.warnings.empty());
}

TEST(GbenchJson, SideSelectsTheBinary) {
  const Loaded l = gbench_text(data(kGbenchDir + "time-units.json"), "t",
                               TimeMetric::kRealTime, Binary::kNew);
  ASSERT_TRUE(l.result) << error_of(l);
  for (const BenchmarkSamples& b : l.samples.benchmarks()) {
    EXPECT_TRUE(b.old_rates.empty()) << b.name;
    EXPECT_EQ(b.new_rates.size(), 1u) << b.name;
  }
}

TEST(GbenchJson, BareNanAndInfinityTokensAreRead) {
  const Loaded l = gbench_file("nan-infinity.json");
  ASSERT_TRUE(l.result) << error_of(l);
  ASSERT_EQ(l.samples.benchmarks().size(), 1u);
  EXPECT_EQ(l.samples.benchmarks()[0].old_rates,
            (std::vector<double>{1e9 / 250, 1e9 / 500}));
  const Loaded cpu = gbench_file("nan-infinity.json", TimeMetric::kCpuTime);
  ASSERT_TRUE(cpu.result) << error_of(cpu);
  EXPECT_EQ(cpu.samples.benchmarks()[0].old_rates,
            (std::vector<double>{1e9 / 240, 1e9 / 400}));
}

TEST(GbenchJson, NonFiniteWordsInsideStringsAndExponentsAreLeftAlone) {
  // A name that spells NaN and a time with a negative exponent.
  const Loaded l =
      gbench_text(file_of(row("BM_NaN/Infinity", "2.5e-1", "s")), "x");
  ASSERT_TRUE(l.result) << error_of(l);
  ASSERT_EQ(l.samples.benchmarks().size(), 1u);
  EXPECT_EQ(l.samples.benchmarks()[0].filename, "BM_NaN");
  EXPECT_EQ(l.samples.benchmarks()[0].configuration, "Infinity");
  EXPECT_EQ(l.samples.benchmarks()[0].old_rates, std::vector<double>{4.0});
  // A quoted "NaN" is a string, not a number.
  const Loaded quoted = gbench_text(file_of(row("BM_q", "\"NaN\"")), "q.json");
  EXPECT_EQ(error_of(quoted),
            "q.json: benchmark 'BM_q': \"real_time\" is a string, expected a "
            "number");
}

TEST(GbenchJson, NanTimeIsAnErrorNamingFileAndBenchmark) {
  const Loaded l = gbench_file("nan-time.json");
  EXPECT_EQ(error_of(l),
            "nan-time.json: benchmark 'BM_broken/2': real_time is nan ns, "
            "which cannot become a rate: it is not a number (a time must be "
            "positive, finite and normal)");
  // Nothing is added from a file with an error, not even its good rows.
  EXPECT_EQ(l.samples.sample_count(), 0u);
}

TEST(GbenchJson, InfiniteZeroAndNegativeTimesAreErrors) {
  for (const char* time : {"Infinity", "-Infinity", "0", "-3.5", "0.0e+00"}) {
    const Loaded l =
        gbench_text(file_of(row("BM_t/1", std::string(time))), "t.json");
    EXPECT_NE(error_of(l).find("t.json: benchmark 'BM_t/1': real_time is "),
              std::string::npos)
        << time << ": " << error_of(l);
    EXPECT_NE(error_of(l).find("cannot become a rate"), std::string::npos);
  }
}

TEST(GbenchJson, SubnormalTimesAndRatesAreErrors) {
  // 1e-300 ns is 1e-309 s, subnormal; 1e300 s makes a subnormal rate.
  const Loaded tiny = gbench_text(file_of(row("BM_t/1", "1e-300")), "t.json");
  EXPECT_EQ(error_of(tiny),
            "t.json: benchmark 'BM_t/1': real_time is 1e-300 ns, which cannot "
            "become a rate: it is subnormal (below 2.2e-308) (a time must be "
            "positive, finite and normal)");
  const Loaded huge =
      gbench_text(file_of(row("BM_t/1", "1e308", "s")), "t.json");
  EXPECT_NE(error_of(huge).find("is subnormal"), std::string::npos)
      << error_of(huge);
  const Loaded fine = gbench_text(file_of(row("BM_t/1", "1e-290")), "t.json");
  EXPECT_TRUE(fine.result) << error_of(fine);
}

TEST(GbenchJson, TimeUnitsBecomeIterationsPerSecond) {
  const Loaded l = gbench_file("time-units.json");
  ASSERT_TRUE(l.result) << error_of(l);
  ASSERT_EQ(l.samples.sample_count(), 4u);
  EXPECT_EQ(find(l.samples, "BM_ns ")->old_rates, std::vector<double>{2.5e8});
  EXPECT_EQ(find(l.samples, "BM_us ")->old_rates, std::vector<double>{4e5});
  EXPECT_EQ(find(l.samples, "BM_ms ")->old_rates,
            std::vector<double>{1e3 / 3.0});
  EXPECT_EQ(find(l.samples, "BM_s ")->old_rates, std::vector<double>{0.8});
  const Loaded cpu = gbench_file("time-units.json", TimeMetric::kCpuTime);
  EXPECT_EQ(find(cpu.samples, "BM_ns ")->old_rates,
            std::vector<double>{1.25e8});
  EXPECT_EQ(find(cpu.samples, "BM_s ")->old_rates, std::vector<double>{0.4});
}

TEST(GbenchJson, UnknownOrMissingTimeUnitIsAnError) {
  EXPECT_EQ(error_of(gbench_text(file_of(row("BM_m", "1", "min")), "u.json")),
            "u.json: benchmark 'BM_m': unknown time_unit 'min': expected ns, "
            "us, ms or s");
  EXPECT_EQ(
      error_of(gbench_text(
          file_of(
              R"({"name": "BM_n", "run_type": "iteration", "real_time": 1})"),
          "u.json")),
      "u.json: benchmark 'BM_n' has no \"time_unit\"");
}

TEST(GbenchJson, AggregatesOnlyIsAnError) {
  const Loaded l = gbench_file("aggregates-only.json");
  EXPECT_EQ(error_of(l),
            "aggregates-only.json: no iteration rows to use as samples: it "
            "holds only 5 aggregate row(s); run without "
            "--benchmark_report_aggregates_only to keep the repetitions");
}

TEST(GbenchJson, SkippedAndErroredRowsAreLeftOutWithWarnings) {
  const Loaded l = gbench_file("skipped-1.8.json");
  ASSERT_TRUE(l.result) << error_of(l);
  ASSERT_EQ(l.samples.sample_count(), 1u);
  EXPECT_EQ(find(l.samples, "BM_open existing")->old_rates,
            std::vector<double>{1e9 / 8000});
  EXPECT_EQ(l.warnings,
            (std::vector<std::string>{
                "skipped-1.8.json: benchmark 'BM_needs_gpu' skipped: no GPU on "
                "this machine",
                "skipped-1.8.json: benchmark 'BM_open/missing' skipped: "
                "ENOENT: no such file"}));
}

TEST(GbenchJson, AllRowsSkippedIsAnError) {
  const std::string text = file_of(
      R"({"name": "BM_e", "run_type": "iteration", "error_occurred": true, "iterations": 0, "real_time": 0, "cpu_time": 0, "time_unit": "ns"})");
  const Loaded l = gbench_text(text, "e.json");
  EXPECT_EQ(error_of(l),
            "e.json: no iteration rows to use as samples: all 1 iteration "
            "row(s) were skipped or errored");
  EXPECT_TRUE(l.warnings.empty());  // the error says it all
}

TEST(GbenchJson, OldFormatWithoutRunType) {
  const Loaded l = gbench_file("old-format-1.4.json");
  ASSERT_TRUE(l.result) << error_of(l);
  ASSERT_EQ(l.samples.benchmarks().size(), 2u);
  const BenchmarkSamples* insert = find(l.samples, "BM_SetInsert 1024/1");
  ASSERT_NE(insert, nullptr);
  EXPECT_EQ(insert->old_rates, (std::vector<double>{1e9 / 29275, 1e9 / 29300}));
  EXPECT_EQ(find(l.samples, "BM_Sort ")->old_rates, std::vector<double>{500.0});
}

TEST(GbenchJson, MalformedJsonErrorHasFileAndLine) {
  const Loaded l = gbench_file("malformed.json");
  EXPECT_EQ(error_of(l),
            "malformed.json:8:16: invalid JSON: expected '}', found string "
            "literal");
  // A bare NaN earlier on does not move the line.
  const Loaded shifted =
      gbench_text("{\"x\": NaN,\n\"y\": -Infinity,\n\"z\": }", "s.json");
  EXPECT_EQ(error_of(shifted).rfind("s.json:3: invalid JSON: ", 0), 0u)
      << error_of(shifted);
  const Loaded truncated = gbench_text("{\"benchmarks\": [\n", "t.json");
  EXPECT_EQ(error_of(truncated).rfind("t.json:2:1: invalid JSON: ", 0), 0u)
      << error_of(truncated);
}

TEST(GbenchJson, MalformedJsonSaysColumnAndWhatWasExpectedInWords) {
  const Loaded l =
      gbench_text("{\"benchmarks\": [\n  {\"name\": }]}", "b.json");
  EXPECT_EQ(error_of(l),
            "b.json:2:12: invalid JSON: expected '[', '{', or a literal, found "
            "'}'");
  const Loaded truncated = gbench_text("{\"benchmarks\": [\n", "t.json");
  EXPECT_EQ(error_of(truncated),
            "t.json:2:1: invalid JSON: expected '[', '{', or a literal, found "
            "the end of the input");
  for (const Loaded& bad :
       {l, truncated, gbench_text("{\"a\": tru}", "x.json")}) {
    EXPECT_EQ(error_of(bad).find("json.exception"), std::string::npos)
        << error_of(bad);
    EXPECT_EQ(error_of(bad).find("syntax error"), std::string::npos)
        << error_of(bad);
  }
}

TEST(GbenchJson, WrongShapesAreErrors) {
  EXPECT_EQ(error_of(gbench_text("", "e.json")),
            "e.json: empty input: expected Google Benchmark JSON "
            "(--benchmark_format=json)");
  EXPECT_EQ(error_of(gbench_text("{\"context\": {}}", "c.json")),
            "c.json: no \"benchmarks\" array: expected Google Benchmark JSON "
            "(--benchmark_format=json)");
  EXPECT_EQ(error_of(gbench_text("[1, 2]", "a.json")),
            "a.json: no \"benchmarks\" array: expected Google Benchmark JSON "
            "(--benchmark_format=json)");
  EXPECT_EQ(error_of(gbench_text("{\"benchmarks\": {}}", "o.json")),
            "o.json: no \"benchmarks\" array: expected Google Benchmark JSON "
            "(--benchmark_format=json)");
  EXPECT_EQ(error_of(gbench_text("{\"benchmarks\": []}", "z.json")),
            "z.json: no iteration rows to use as samples: the \"benchmarks\" "
            "array is empty");
  EXPECT_EQ(error_of(gbench_text(file_of("1"), "r.json")),
            "r.json: benchmarks[0] is a number, expected an object");
  EXPECT_EQ(error_of(gbench_text(file_of(R"({"name": 3})"), "n.json")),
            "n.json: benchmarks[0] has no \"name\" string");
  EXPECT_EQ(
      error_of(
          gbench_text(file_of(R"({"name": "BM_x", "run_type": 1})"), "t.json")),
      "t.json: benchmark 'BM_x': \"run_type\" is a number, expected a string");
  EXPECT_EQ(
      error_of(gbench_text(file_of(R"({"name": "BM_x", "run_type": "warmup"})"),
                           "t.json")),
      "t.json: benchmark 'BM_x': unknown run_type 'warmup': expected "
      "'iteration' or 'aggregate'");
  EXPECT_EQ(
      error_of(gbench_text(
          file_of(
              R"({"name": "BM_x", "run_type": "iteration", "time_unit": "ns"})"),
          "m.json")),
      "m.json: benchmark 'BM_x' has no \"real_time\"");
  EXPECT_EQ(
      error_of(gbench_text(
          file_of(
              R"({"name": "BM_x", "run_type": "iteration", "error_occurred": "yes"})"),
          "b.json")),
      "b.json: benchmark 'BM_x': \"error_occurred\" is a string, expected a "
      "boolean");
  EXPECT_EQ(
      error_of(gbench_text(
          file_of(R"({"name": "BM_x", "run_type": "iteration", "skipped": 1})"),
          "b.json")),
      "b.json: benchmark 'BM_x': \"skipped\" is a number, expected a "
      "boolean");
}

TEST(GbenchJson, ParseTimeMetric) {
  EXPECT_EQ(*parse_time_metric("real_time"), TimeMetric::kRealTime);
  EXPECT_EQ(*parse_time_metric("cpu_time"), TimeMetric::kCpuTime);
  const auto bad = parse_time_metric("wall");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().kind, ErrorKind::kUsage);
}

}  // namespace
}  // namespace fpbench::reports
