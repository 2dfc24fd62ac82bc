// `fpbench run --command`: words split as a shell splits them, {NAME}
// parameters, counts of the whole process tree, and refusals before anything
// runs.

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
#include <string>

#include "fpbench/harness/sample_source.hpp"
#include "fpbench/reports/metric_samples.hpp"
#include "fpbench/test_support/programs.hpp"
#include "fpbench/test_support/test_files.hpp"

namespace fpbench::harness {
namespace {

namespace fs = std::filesystem;
using test_support::CliRun;
using Words = std::vector<std::string>;

TEST(CommandWords, SplitAsAShellSplitsWithoutExpanding) {
  EXPECT_EQ(*split_command_words("gzip -k  -9\tfile"),
            (Words{"gzip", "-k", "-9", "file"}));
  EXPECT_EQ(*split_command_words(R"(sh -c 'echo "$HOME" x' "a \"b\" \$c")"),
            (Words{"sh", "-c", "echo \"$HOME\" x", "a \"b\" $c"}));
  EXPECT_EQ(*split_command_words(R"(a\ b 'c'"d"e)"), (Words{"a b", "cde"}));
  EXPECT_EQ(*split_command_words("''"), (Words{""}));
  EXPECT_EQ(*split_command_words("   "), Words{});
  for (const char* bad : {"echo 'open", "echo \"open", "echo \\"}) {
    const auto r = split_command_words(bad);
    EXPECT_FALSE(r.has_value()) << bad;
  }
}

TEST(CommandParams, EveryCombinationIsAConfigurationInTheOrderGiven) {
  const auto n = parse_command_param("n=1,10,100");
  const auto mode = parse_command_param("mode=fast,slow");
  ASSERT_TRUE(n.has_value() && mode.has_value());
  const auto configs = command_configurations({*n, *mode});
  std::vector<std::string> names;
  for (const auto& c : configs) names.push_back(c.first);
  EXPECT_EQ(names,
            (Words{"n=1 mode=fast", "n=1 mode=slow", "n=10 mode=fast",
                   "n=10 mode=slow", "n=100 mode=fast", "n=100 mode=slow"}));
  const auto none = command_configurations({});
  ASSERT_EQ(none.size(), 1U);
  EXPECT_EQ(none[0].first, "");
  for (const char* bad : {"n", "=1", "n=", "1n=2", "n=1,,2", "a-b=1"}) {
    const auto r = parse_command_param(bad);
    ASSERT_FALSE(r.has_value()) << bad;
    EXPECT_NE(r.error().message.find("--param"), std::string::npos);
  }
}

TEST(CommandParams, PlaceholdersTakeTheirValueAndUnknownOnesAreRefused) {
  const std::vector<std::pair<std::string, std::string>> values = {
      {"n", "10"}, {"file", "a.txt"}};
  EXPECT_EQ(*substitute_params("head -n {n} {file}", values),
            "head -n 10 a.txt");
  EXPECT_EQ(*substitute_params("awk '{{print}}' {file}", values),
            "awk '{print}' a.txt");
  EXPECT_EQ(*substitute_params("echo {} { n} {1}", values), "echo {} { n} {1}");
  const auto missing = substitute_params("seq {count}", values);
  ASSERT_FALSE(missing.has_value());
  EXPECT_NE(missing.error().message.find("{count} has no --param count"),
            std::string::npos)
      << missing.error().message;
}

class CommandRun : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("fpbench-command-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  CliRun fpbench(const std::string& args) {
    return test_support::run_program(FPBENCH_CLI, args, dir_);
  }

  fs::path dir_;
};

// --until-decided is the runner's, so a command's run closes with the runs
// each configuration took as every source's does.
TEST_F(CommandRun, UntilDecidedSaysTheRunsEachConfigurationTook) {
  const CliRun r = fpbench(
      "run --command --old 'true {n}' --new 'true {n}' --param n=1,2 "
      "--until-decided --runs 2 --look-every 1 --max-runs 3 --warmup 0 "
      "--no-progress -o '" +
      (dir_ / "wall.csv").string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(test_support::runs_per_configuration_line(r.err, 2));
}

TEST_F(CommandRun, ParamsGiveOneRowPerValueUnderTheName) {
  const fs::path out = dir_ / "wall.csv";
  const CliRun r = fpbench(
      "run --command --old 'true {n}' --new 'true {n} x' --param n=1,2,3 "
      "--name tool --runs 2 --warmup 0 --no-progress -o '" +
      out.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("a command that does nothing (true) takes"),
            std::string::npos)
      << r.err;
  const std::string csv = test_support::slurp(out);
  for (const char* row :
       {"\"old\",\"tool\",\"n=1\",", "\"new\",\"tool\",\"n=2\",",
        "\"old\",\"tool\",\"n=3\","}) {
    EXPECT_NE(csv.find(row), std::string::npos) << row << "\n" << csv;
  }
}

TEST_F(CommandRun, CountsTheSystemCallsAndAllocationsOfTheWholeProcessTree) {
  const fs::path out = dir_ / "counts.jsonl";
  // The new side makes two more write(2) calls, one of them in a child.
  const CliRun r = fpbench(
      "run --command --shell --old 'echo a >/dev/null' --new 'echo a "
      ">/dev/null; echo b >/dev/null; /bin/echo c >/dev/null' --metric "
      "syscalls,allocs --counter-runs 3 --no-progress -o '" +
      out.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto records =
      reports::parse_sample_jsonl(test_support::slurp(out), out.string());
  ASSERT_TRUE(records.has_value()) << records.error().message;
  // A process per sample, metric and side: system calls and allocations
  // are counted apart (writing the allocation counts is a system call).
  ASSERT_EQ(records->size(), 12U);
  std::map<std::string, std::set<double>> writes;
  std::size_t with_allocs = 0;
  for (const auto& rec : *records) {
    if (const auto* allocs = rec.find("allocs")) {
      EXPECT_GT(allocs->value, 0);  // sh allocates as it starts
      ++with_allocs;
    }
    const auto* calls = rec.find("syscalls");
    if (calls == nullptr) continue;
    for (const auto& [name, n] : calls->by_name) {
      if (name == "write")
        writes[rec.binary == reports::Binary::kOld ? "old" : "new"].insert(n);
    }
  }
  EXPECT_EQ(with_allocs, 6U);
  EXPECT_EQ(writes["old"], std::set<double>{1});
  EXPECT_EQ(writes["new"], std::set<double>{3});
}

TEST_F(CommandRun, ANonZeroExitFailsTheSampleUnlessIgnored) {
  const CliRun failed = fpbench(
      "run --command --old false --new true --runs 1 --warmup 0 "
      "--no-progress -o /dev/null");
  EXPECT_EQ(failed.exit_code, 3) << failed.err;
  EXPECT_NE(failed.err.find("exit status 1"), std::string::npos) << failed.err;
  const CliRun ignored = fpbench(
      "run --command --old false --new true --runs 1 --warmup 0 "
      "--ignore-failure --no-progress -o /dev/null");
  EXPECT_EQ(ignored.exit_code, 0) << ignored.err;
}

// A command whose failure is a sample reports its exit status as an
// outcome: one that exits otherwise under callgrind (which preloads its
// own library) than timed ran another path, and the run says so.
TEST_F(CommandRun, AnExitStatusThatDiffersUnderCallgrindFailsTheRun) {
  ASSERT_EQ(std::system("valgrind --version >/dev/null 2>&1"), 0)
      << "valgrind is needed to count instructions here";
  const CliRun r = fpbench(
      "run --command --shell --old 'case \"$LD_PRELOAD\" in *vgpreload*) "
      "exit 1;; esac' --new true --ignore-failure --metric wall,instructions "
      "--runs 1 --counter-runs 1 --warmup 0 --no-progress -o /dev/null");
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.err.find("1 benchmark(s) failed"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("command [old]: outcome 'exit_status' is 1 in the "
                       "instructions pass but 0 in the wall pass"),
            std::string::npos)
      << r.err;
}

TEST_F(CommandRun, BadCommandsAreRefusedBeforeAnythingRuns) {
  const fs::path marker = dir_ / "ran";
  const CliRun missing =
      fpbench("run --command --old 'touch " + marker.string() +
              "' --new 'no-such-program-fpbench x' --no-progress -o /dev/null");
  EXPECT_EQ(missing.exit_code, 2) << missing.err;
  EXPECT_NE(missing.err.find("no program 'no-such-program-fpbench'"),
            std::string::npos)
      << missing.err;
  EXPECT_FALSE(fs::exists(marker)) << "the old side ran before the refusal";

  const CliRun placeholder = fpbench(
      "run --command --old 'seq {count}' --new 'seq {count}' --no-progress -o "
      "/dev/null");
  EXPECT_EQ(placeholder.exit_code, 2);
  EXPECT_NE(placeholder.err.find("{count} has no --param count"),
            std::string::npos)
      << placeholder.err;

  const CliRun quote = fpbench(
      "run --command --old \"echo 'x\" --new true --no-progress -o /dev/null");
  EXPECT_EQ(quote.exit_code, 2);
  EXPECT_NE(quote.err.find("unterminated ' quote"), std::string::npos)
      << quote.err;

  const CliRun stray =
      fpbench("run --old-impl baseline --new-impl fast --param n=1");
  EXPECT_EQ(stray.exit_code, 2);
  EXPECT_NE(stray.err.find("go with --command"), std::string::npos)
      << stray.err;
}

}  // namespace
}  // namespace fpbench::harness

namespace fpbench::harness {
namespace {

TEST_F(CommandRun, DoctorSaysWhatItFoundAndMeasuresTheSpread) {
  const CliRun r = fpbench(std::string("doctor --runs 3 --scenario-program '") +
                           FPBENCH_SCENARIOS + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("load average"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("real-time priority"), std::string::npos) << r.out;
  // A sanitized scenario program is refused for timing, and doctor says so.
  const bool measured = r.out.find(
                            "spread of calibration/spin spinUs=100 (3 "
                            "processes") != std::string::npos;
  const bool refused =
      r.out.find("it is built with sanitizers") != std::string::npos;
  EXPECT_TRUE(measured || refused) << r.out;
  const CliRun bad = fpbench("doctor --runs 1");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--runs must be at least 2"), std::string::npos)
      << bad.err;
  const CliRun old = fpbench("doctor --samples 1");
  EXPECT_EQ(old.err.rfind("fpbench: note: --samples is now --runs;", 0), 0u)
      << old.err;
}

}  // namespace
}  // namespace fpbench::harness
