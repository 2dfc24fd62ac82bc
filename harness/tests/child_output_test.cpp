// What fpbench run reads from its children: Google Benchmark's JSON from a
// scenario program, callgrind's parts, and the filter
// that selects one benchmark.

#include <gtest/gtest.h>

#include <string>

#include "fpbench/harness/run_benchmarks.hpp"
#include "fpbench/harness/sample_source.hpp"
#include "fpbench/harness/scenario_program.hpp"

namespace fpbench::harness {
namespace {

TEST(ExactFilter, EscapesRegexCharacters) {
  EXPECT_EQ(exact_filter("fs/a n=1 x='a.b(c)'"),
            "^fs/a n=1 x='a\\.b\\(c\\)'(/iterations:[0-9]+)?(/real_time)?$");
}

TEST(ScenarioJson, RateTimeAndErrors) {
  const auto s = parse_scenario_json(
      R"({"benchmarks":[{"name":"a/real_time","run_type":"iteration","iterations":4,)"
      R"("real_time":2.5,"time_unit":"ms","items_per_second":400.0}]})");
  ASSERT_TRUE(s.has_value()) << s.error().message;
  const reports::MetricReading* wall = s->front().find("wall");
  ASSERT_NE(wall, nullptr);
  EXPECT_DOUBLE_EQ(wall->value, 400.0);
  EXPECT_DOUBLE_EQ(*wall->time_s, 0.01);
  const auto e = parse_scenario_json(
      R"({"benchmarks":[{"name":"a","error_occurred":true,"error_message":"ENOENT: x"}]})");
  ASSERT_FALSE(e.has_value());
  EXPECT_EQ(e.error().message, "ENOENT: x");
  EXPECT_EQ(e.error().kind, ErrorKind::kBenchmarkFailed);
  const auto garbage = parse_scenario_json("not json");
  ASSERT_FALSE(garbage.has_value());
  EXPECT_EQ(garbage.error().kind, ErrorKind::kBenchmarkFailed);
  const auto wrong_type = parse_scenario_json(
      R"({"benchmarks":[{"name":"a","run_type":"iteration","iterations":2,)"
      R"("real_time":0.5,"time_unit":"s","items_per_second":"fast"}]})");
  ASSERT_FALSE(wrong_type.has_value());
  EXPECT_EQ(wrong_type.error().kind, ErrorKind::kBenchmarkFailed);
}

TEST(ScenarioJson, OutputThatIsNotItsJsonSaysWhatWasPrinted) {
  const auto nan = parse_scenario_json("NaN\n");
  ASSERT_FALSE(nan.has_value());
  EXPECT_EQ(nan.error().message,
            "the benchmark printed no Google Benchmark JSON (its output "
            "begins: NaN)");
  const auto empty = parse_scenario_json(" \n");
  ASSERT_FALSE(empty.has_value());
  EXPECT_EQ(
      empty.error().message,
      "the benchmark printed no Google Benchmark JSON (its output was empty)");
  const auto other = parse_scenario_json(R"({"results":[]})");
  ASSERT_FALSE(other.has_value());
  EXPECT_EQ(
      other.error().message,
      R"(the benchmark printed JSON without Google Benchmark's "benchmarks" array: {"results":[]})");
  EXPECT_EQ(other.error().kind, ErrorKind::kBenchmarkFailed);
}

TEST(ScenarioJson, AnUnknownOrMissingTimeUnitIsAnErrorNamingIt) {
  const auto seconds = parse_scenario_json(
      R"({"benchmarks":[{"name":"a","run_type":"iteration","iterations":2,)"
      R"("real_time":0.5,"time_unit":"s","items_per_second":2.0}]})");
  ASSERT_TRUE(seconds.has_value()) << seconds.error().message;
  EXPECT_DOUBLE_EQ(*seconds->front().find("wall")->time_s, 1.0);
  const auto minutes = parse_scenario_json(
      R"({"benchmarks":[{"name":"a","run_type":"iteration","iterations":2,)"
      R"("real_time":0.5,"time_unit":"min","items_per_second":2.0}]})");
  ASSERT_FALSE(minutes.has_value());
  EXPECT_EQ(minutes.error().message,
            "the benchmark reported an unknown time_unit 'min': expected ns, "
            "us, ms or s");
  const auto none = parse_scenario_json(
      R"({"benchmarks":[{"name":"a","run_type":"iteration","iterations":2,)"
      R"("real_time":0.5,"items_per_second":2.0}]})");
  ASSERT_FALSE(none.has_value());
  EXPECT_EQ(none.error().message, "the benchmark reported no time_unit");
}

TEST(CallgrindParts, OneCountPerLoopAndNoneForTheExitPart) {
  const std::string out =
      "version: 1\ncreator: callgrind-3.19.0\npart: 1\ndesc: Trigger: Client "
      "Request: "
      "fpbench-loop\nevents: Ir\nsummary: 4297\nfn=x\n1 4297\ntotals: "
      "4297\n\npart: 2\n"
      "desc: Trigger: Client Request: fpbench-loop\nevents: Ir\nsummary: "
      "447876\ntotals: "
      "452173\n\npart: 3\ndesc: Trigger: Program termination\nevents: "
      "Ir\nsummary: "
      "18446744073704959943\ntotals: 0\n";
  const auto parts = parse_callgrind_parts(out);
  ASSERT_TRUE(parts.has_value()) << parts.error().message;
  ASSERT_EQ(parts->size(), 2u);
  EXPECT_EQ((*parts)[0], 4297u);
  EXPECT_EQ((*parts)[1], 447876u);
  EXPECT_FALSE(
      parse_callgrind_parts("part: 1\ndesc: Trigger: Program termination\n"
                            "summary: 5\n")
          .has_value());
}

TEST(ScenarioJson, CountersBecomeMetricsPerCountedIteration) {
  const auto records = parse_scenario_json(
      R"({"context":{"fpbench_isa":"avx2","fpbench_counter_sources":"syscalls=tracepoint"},)"
      R"("benchmarks":[{"name":"fs/x n=1/iterations:11/real_time","run_type":"iteration",)"
      R"("iterations":11,"real_time":10,"time_unit":"us","items_per_second":100000,)"
      R"("fpbench_counted_iterations":10,"fpbench_syscalls":40,"fpbench_syscalls_all":42,)"
      R"("fpbench_syscall_read":10,"fpbench_syscall_futex":2}]})");
  ASSERT_TRUE(records.has_value()) << records.error().message;
  ASSERT_EQ(records->size(), 1u);
  const reports::SampleRecord& r = records->front();
  EXPECT_EQ(r.filename, "fs/x");
  EXPECT_EQ(r.configuration, "n=1");
  EXPECT_EQ(r.isa, "avx2");
  EXPECT_EQ(r.iterations, 10);
  const reports::MetricReading* calls = r.find("syscalls");
  ASSERT_NE(calls, nullptr);
  EXPECT_DOUBLE_EQ(calls->value, 4.0);
  EXPECT_EQ(calls->source, "tracepoint");
  ASSERT_EQ(calls->by_name.size(), 2u);
  EXPECT_DOUBLE_EQ(r.find("syscalls_all")->value, 4.2);
  EXPECT_EQ(r.find("instructions"),
            nullptr);  // not measured: absent, never zero
}

}  // namespace
}  // namespace fpbench::harness
