// fpbench run and fpbench list, end to end: with the real scenario program
// on a small grid, and with stand-in programs (shell scripts) that fail,
// crash or are built for debugging.

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "fpbench/harness/run_command.hpp"
#include "fpbench/harness/sample_csv.hpp"
#include "fpbench/harness/sample_writer.hpp"
#include "fpbench/harness/scenario_program.hpp"
#include "test_files.hpp"

namespace fpbench::harness {
namespace {

namespace fs = std::filesystem;
using fpbench::harness::test_support::slurp;


struct CliRun {
  int exit_code;
  std::string out;
  std::string err;
};

class Run : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("fpbench-run-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  CliRun fpbench(const std::string& args) {
    const fs::path out = dir_ / "stdout", err = dir_ / "stderr";
    const std::string cmd = std::string("'") + FPBENCH_CLI + "' " + args + " >'" +
                            out.string() + "' 2>'" + err.string() + "' </dev/null";
    const int status = std::system(cmd.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
  }

  // A stand-in scenario program: a shell script with the given body for a
  // sample run; --build-info and --list-configs answer as given.
  fs::path fake_program(const std::string& name, const std::string& build_info,
                        const std::string& run_body) {
    const fs::path p = dir_ / name;
    std::ofstream(p) << "#!/bin/sh\n"
                     << "case \"$1\" in\n"
                     << "  --build-info) printf '" << build_info << "'; exit 0;;\n"
                     << "  --list-configs) echo 'demo/a n=1'; echo 'demo/b n=2'; exit 0;;\n"
                     << "esac\n"
                     << run_body << "\n";
    ::chmod(p.c_str(), 0755);
    return p;
  }

  fs::path dir_;
};

constexpr const char* kRelease = "optimized=yes\\nsanitized=no\\nassertions=no\\n";
constexpr const char* kJsonSample =
    "echo '{\"benchmarks\":[{\"name\":\"x\",\"run_type\":\"iteration\",\"iterations\":10,"
    "\"real_time\":1000,\"time_unit\":\"ns\",\"items_per_second\":1000000}]}'";

TEST(ExactFilter, EscapesRegexCharacters) {
  EXPECT_EQ(exact_filter("fs/a n=1 x='a.b(c)'"), "^fs/a n=1 x='a\\.b\\(c\\)'(/real_time)?$");
}

TEST(ParseBenchmarkJson, RateTimeAndErrors) {
  const auto s = parse_benchmark_json(
      R"({"benchmarks":[{"name":"a/real_time","run_type":"iteration","iterations":4,)"
      R"("real_time":2.5,"time_unit":"ms","items_per_second":400.0}]})");
  ASSERT_TRUE(s.has_value());
  EXPECT_DOUBLE_EQ(s->rate_ops_per_s, 400.0);
  EXPECT_DOUBLE_EQ(s->time_s, 0.01);
  const auto e = parse_benchmark_json(
      R"({"benchmarks":[{"name":"a","error_occurred":true,"error_message":"ENOENT: x"}]})");
  ASSERT_FALSE(e.has_value());
  EXPECT_EQ(e.error().message, "ENOENT: x");
  EXPECT_FALSE(parse_benchmark_json("not json").has_value());
}

TEST(SampleCsvLine, QuotesLikeCompareJs) {
  EXPECT_EQ(sample_csv_line("old", "misc/print", "code='\"s\"'", 1234.5, 0.25),
            "\"old\",\"misc/print\",\"code='\"\"s\"\"'\",1234.5,0.250000000\n");
}

// Whether the fpbench-scenarios beside fpbench is a sanitized build, which
// fpbench run refuses to time.
bool scenarios_sanitized() {
  const fs::path program = fs::path(FPBENCH_CLI).parent_path() / "../scenarios/fpbench-scenarios";
  const std::string cmd = "'" + program.string() + "' --build-info | grep -q sanitized=yes";
  return std::system(cmd.c_str()) == 0;
}

TEST_F(Run, RealScenariosGiveACompleteComparableCsv) {
  const fs::path csv = dir_ / "samples.csv";
  if (scenarios_sanitized()) {
    const CliRun refused = fpbench("run --old-impl baseline --new-impl fast fs/read-file-sync --runs 1 --no-progress");
    EXPECT_EQ(refused.exit_code, 2);
    EXPECT_NE(refused.err.find("built with sanitizers"), std::string::npos) << refused.err;
    return;
  }
  const CliRun r = fpbench(
      "run --old-impl baseline --new-impl fast fs/read-file-sync --set path=existing "
      "--set size=1024 --set useFd=false --set encoding=utf8 --runs 3 --min-time 0 "
      "--no-progress --seed 7 -o '" + csv.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto samples = parse_samples_csv(slurp(csv), csv.string());
  ASSERT_TRUE(samples.has_value()) << samples.error().message;
  ASSERT_EQ(samples->benchmarks().size(), 1u);
  const auto& b = samples->benchmarks()[0];
  EXPECT_EQ(b.name, "fs/read-file-sync path='existing' encoding='utf8' useFd='false' size=1024");
  EXPECT_EQ(b.old_rates.size(), 3u);
  EXPECT_EQ(b.new_rates.size(), 3u);
  // Piped straight into compare.
  const CliRun c = fpbench("compare '" + csv.string() + "'");
  EXPECT_EQ(c.exit_code, 0);
  EXPECT_NE(c.out.find("fs/read-file-sync path='existing'"), std::string::npos);
}

TEST_F(Run, ResumeCompletesAnInterruptedRun) {
  const fs::path program = fake_program("ok.sh", kRelease, kJsonSample);
  const fs::path csv = dir_ / "resume.csv";
  const std::string common = "run --old '" + program.string() + "' --new '" + program.string() +
                             "' --no-progress --min-time 0 --warmup 0 ";
  ASSERT_EQ(fpbench(common + "--runs 1 -o '" + csv.string() + "'").exit_code, 0);
  // A line cut off mid-write would be an error; whole lines are kept.
  const CliRun r = fpbench(common + "--runs 3 --resume '" + csv.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto samples = parse_samples_csv(slurp(csv), csv.string());
  ASSERT_TRUE(samples.has_value()) << samples.error().message;
  ASSERT_EQ(samples->benchmarks().size(), 2u);
  for (const auto& b : samples->benchmarks()) {
    EXPECT_EQ(b.old_rates.size(), 3u) << b.name;
    EXPECT_EQ(b.new_rates.size(), 3u) << b.name;
  }
  EXPECT_EQ(slurp(csv).find("\"binary\""), 0u);
  EXPECT_EQ(slurp(csv).find("\"binary\"", 1), std::string::npos) << "one header only";
}

TEST_F(Run, FailingSamplesAreReportedAndTheRunContinues) {
  const fs::path good = fake_program("good.sh", kRelease, kJsonSample);
  const fs::path bad = fake_program(
      "bad.sh", kRelease,
      "case \"$*\" in *demo/a*) echo 'boom: cannot open fixture' >&2; exit 3;; esac\n" +
          std::string(kJsonSample));
  const CliRun r = fpbench("run --old '" + good.string() + "' --new '" + bad.string() +
                           "' --runs 2 --min-time 0 --warmup 0 --no-progress");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("1 benchmark(s) failed"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("demo/a n=1 [new]: exit status 3"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("boom: cannot open fixture"), std::string::npos);
  // demo/b still ran on both sides.
  const auto samples = parse_samples_csv(r.out, "stdout");
  ASSERT_TRUE(samples.has_value()) << samples.error().message;
  bool saw_b = false;
  for (const auto& b : samples->benchmarks()) {
    if (b.name == "demo/b n=2") {
      saw_b = true;
      EXPECT_EQ(b.old_rates.size(), 2u);
      EXPECT_EQ(b.new_rates.size(), 2u);
    }
  }
  EXPECT_TRUE(saw_b);
}

TEST_F(Run, ACrashIsNamedBySignal) {
  const fs::path good = fake_program("good.sh", kRelease, kJsonSample);
  const fs::path crash = fake_program("crash.sh", kRelease, "kill -SEGV $$");
  const CliRun r = fpbench("run --old '" + good.string() + "' --new '" + crash.string() +
                           "' --runs 1 --min-time 0 --warmup 0 --no-progress");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("killed by signal 11"), std::string::npos) << r.err;
}

TEST_F(Run, DebugAndSanitizedBuildsAreRefused) {
  const fs::path debug = fake_program("debug.sh", "optimized=no\\nsanitized=no\\n", kJsonSample);
  const CliRun r = fpbench("run --old '" + debug.string() + "' --new '" + debug.string() +
                           "' --runs 1 --no-progress");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("it is not optimized"), std::string::npos) << r.err;
  const fs::path asan = fake_program("asan.sh", "optimized=yes\\nsanitized=yes\\n", kJsonSample);
  const CliRun s = fpbench("run --old '" + asan.string() + "' --new '" + asan.string() +
                           "' --runs 1 --no-progress");
  EXPECT_EQ(s.exit_code, 2);
  EXPECT_NE(s.err.find("sanitizers"), std::string::npos) << s.err;
}

TEST_F(Run, UsageErrors) {
  EXPECT_EQ(fpbench("run fs").exit_code, 2);  // nothing to compare
  EXPECT_EQ(fpbench("run --old-impl baseline fs").exit_code, 2);
  const CliRun r = fpbench("run --old-impl baseline --new-impl fast nosuch --no-progress");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("no scenario matches 'nosuch'"), std::string::npos) << r.err;
}

TEST_F(Run, ListShowsGridsByCategory) {
  const CliRun r = fpbench("list fs");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("fs/write-file-sync\n  encoding: 'utf8' 'latin1' 'base64'"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(fpbench("list nosuch").exit_code, 2);
}

}  // namespace
}  // namespace fpbench::harness

namespace fpbench::harness {
namespace {

TEST(NodeResultLine, ParsesStandaloneOutput) {
  const auto r = parse_node_result_line(
      "fs/readFileSync.js n=600 path=\"existing\" encoding=\"utf8\": 123,456.78");
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->filename, "fs/readFileSync.js");
  EXPECT_EQ(r->configuration, "n=600 path='existing' encoding='utf8'");
  EXPECT_DOUBLE_EQ(r->rate_ops_per_s, 123456.78);
  const auto q = parse_node_result_line("misc/print.js code=\"it's\": 5");
  ASSERT_TRUE(q.has_value());
  EXPECT_EQ(q->configuration, "code=\"it's\"");
  EXPECT_FALSE(parse_node_result_line("not a result").has_value());
  EXPECT_FALSE(parse_node_result_line("x.js n=1: fast").has_value());
}

TEST_F(Run, NodeScriptsRunWithEachNodeBinary) {
  if (std::system("node --version > /dev/null 2>&1") != 0) GTEST_SKIP() << "no node on PATH";
  const std::string script = FPBENCH_SOURCE_DIR "/harness/tests/data/node-bench/fake.js";
  const CliRun r = fpbench("run --node --old node --new node --runs 2 --warmup 0 --seed 3 '" +
                           script + "' --set n=5");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto samples = parse_samples_csv(r.out, "stdout");
  ASSERT_TRUE(samples.has_value()) << samples.error().message << "\n" << r.out;
  ASSERT_EQ(samples->benchmarks().size(), 2u);
  EXPECT_EQ(samples->benchmarks()[0].name, "misc/fake.js n=5 kind='a'");
  for (const auto& b : samples->benchmarks()) {
    EXPECT_EQ(b.old_rates.size(), 2u);
    EXPECT_EQ(b.new_rates.size(), 2u);
  }
}

}  // namespace
}  // namespace fpbench::harness
