// fpbench run when things go wrong around the measurements: a torn samples
// file on --resume, outputs that clash or cannot be written, children that
// hang or leave helpers behind, and what a failing child said. Commands run
// under timeout(1), so a hang fails the test instead of stalling ctest.

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "fpbench/reports/sample_csv.hpp"
#include "fpbench/test_support/programs.hpp"
#include "fpbench/test_support/test_files.hpp"

namespace fpbench::harness {
namespace {

namespace fs = std::filesystem;
using fpbench::test_support::slurp;

using fpbench::test_support::CliRun;

constexpr const char* kSample =
    "echo "
    "'{\"benchmarks\":[{\"name\":\"x\",\"run_type\":\"iteration\","
    "\"iterations\":10,"
    "\"real_time\":1000,\"time_unit\":\"ns\",\"items_per_second\":1000000}]}'";

class RunReliability : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("fpbench-reliability-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  CliRun fpbench(const std::string& args) {
    return test_support::run_program(FPBENCH_CLI, args, dir_);
  }

  // A stand-in scenario program with demo/a and demo/b; `body` runs for a
  // sample (after the --build-info and --list-configs answers).
  fs::path program(const std::string& name, const std::string& body) {
    const fs::path p = dir_ / name;
    std::ofstream(p)
        << "#!/bin/sh\n"
        << "case \" $* \" in\n"
        << "  *' --build-info '*) printf "
           "'optimized=yes\\nsanitized=no\\nassertions=no\\n'; exit 0;;\n"
        << "  *' --list-configs '*) echo 'demo/a n=1'; echo 'demo/b n=2'; exit "
           "0;;\n"
        << "esac\n"
        << body << "\n";
    ::chmod(p.c_str(), 0755);
    return p;
  }

  std::string both(const fs::path& old_program, const fs::path& new_program) {
    return "run --old '" + old_program.string() + "' --new '" +
           new_program.string() +
           "' --no-progress --no-realtime --min-time 0.001 --warmup 0 ";
  }

  fs::path write(const std::string& name, const std::string& text) {
    const fs::path p = dir_ / name;
    std::ofstream(p, std::ios::binary) << text;
    return p;
  }

  fs::path dir_;
};

const std::string kHeader =
    "\"binary\",\"filename\",\"configuration\",\"rate\",\"time\"\n";

TEST_F(RunReliability, ResumeRefusesATornCsvRowNamingItsLineAndWhatToDo) {
  const fs::path ok = program("ok.sh", kSample);
  const std::string torn = kHeader +
                           "\"old\",\"demo/a\",\"n=1\",1000000,0.00001\n" +
                           "\"new\",\"demo/a\",\"n=1\",10";
  const fs::path csv = write("torn.csv", torn);
  const CliRun r =
      fpbench(both(ok, ok) + "--runs 2 --resume '" + csv.string() + "'");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find(csv.string() + ":3: the last row is incomplete"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("delete that line"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(csv), torn) << "a refused resume must leave the file alone";
}

TEST_F(RunReliability, ResumeRefusesATornJsonLinesRowTheSameWay) {
  const fs::path ok = program("ok.sh", kSample);
  const std::string torn =
      "{\"binary\":\"old\",\"filename\":\"demo/"
      "a\",\"configuration\":\"n=1\",\"metrics\":"
      "{\"cpu\":{\"value\":1.0,\"source\":\"rusage\"}}}\n{\"binary\":\"new\","
      "\"filen";
  const fs::path jsonl = write("torn.jsonl", torn);
  const CliRun r = fpbench(both(ok, ok) + "--metric cpu --runs 2 --resume '" +
                           jsonl.string() + "'");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find(jsonl.string() + ":2: the last row is incomplete"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(slurp(jsonl), torn);
}

TEST_F(RunReliability, JsonNamingTheSamplesFileIsRefusedBeforeAnythingRuns) {
  const fs::path marker = dir_ / "sampled";
  const fs::path ok =
      program("ok.sh", "touch '" + marker.string() + "'\n" + kSample);
  fs::create_directories(dir_ / "sub");
  const fs::path csv = write("samples.csv", "keep me\n");
  fs::create_symlink(csv, dir_ / "link.csv");
  for (const std::string& json :
       {csv.string(), (dir_ / "sub" / ".." / "samples.csv").string(),
        (dir_ / "link.csv").string()}) {
    const CliRun r = fpbench(both(ok, ok) + "--runs 1 -o '" + csv.string() +
                             "' --json '" + json + "'");
    EXPECT_EQ(r.exit_code, 2) << json << ": " << r.err;
    EXPECT_NE(r.err.find("is the samples file itself"), std::string::npos)
        << r.err;
  }
  // A file that does not exist yet, spelt two ways.
  const CliRun fresh =
      fpbench(both(ok, ok) + "--runs 1 -o '" + (dir_ / "new.csv").string() +
              "' --json '" + (dir_ / "sub" / ".." / "new.csv").string() + "'");
  EXPECT_EQ(fresh.exit_code, 2) << fresh.err;
  // And the file being resumed.
  const CliRun resumed =
      fpbench(both(ok, ok) + "--runs 1 --resume '" + csv.string() +
              "' --json '" + csv.string() + "'");
  EXPECT_EQ(resumed.exit_code, 2) << resumed.err;
  EXPECT_EQ(slurp(csv), "keep me\n");
  EXPECT_FALSE(fs::exists(dir_ / "new.csv"));
  EXPECT_FALSE(fs::exists(marker)) << "a sample ran before the refusal";
}

TEST_F(RunReliability, JsonNamingANewSamplesFileRelativelyIsRefused) {
  // Neither exists yet and both are relative: "x.csv" and "./x.csv".
  const fs::path ok = program("ok.sh", kSample);
  const fs::path before = fs::current_path();
  fs::current_path(dir_);
  const CliRun r = fpbench(both(ok, ok) + "--runs 1 -o ./x.csv --json x.csv");
  fs::current_path(before);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("is the samples file itself"), std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "x.csv"));
}

TEST_F(RunReliability, ResumeWithAnotherOutputIsAUsageError) {
  const fs::path ok = program("ok.sh", kSample);
  const fs::path csv = write("a.csv", kHeader);
  const CliRun r = fpbench(both(ok, ok) + "--runs 1 --resume '" + csv.string() +
                           "' -o '" + (dir_ / "b.csv").string() + "'");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("--resume " + csv.string() + " appends to that file"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "b.csv"));
  // The same file named by both is no conflict.
  const CliRun same = fpbench(both(ok, ok) + "--runs 1 --resume '" +
                              csv.string() + "' -o '" + csv.string() + "'");
  EXPECT_EQ(same.exit_code, 0) << same.err;
}

TEST_F(RunReliability, ResumeRefusesWhatIsNotARegularFileBeforeAnySampleRuns) {
  const fs::path marker = dir_ / "sampled";
  const fs::path ok =
      program("ok.sh", "touch '" + marker.string() + "'\n" + kSample);
  const CliRun r = fpbench(both(ok, ok) + "--runs 1 --resume /dev/null");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("--resume /dev/null: not a regular file"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(marker));
}

TEST_F(RunReliability, AnUnwritableJsonOrOutputIsAnIoErrorBeforeAnySampleRuns) {
  const fs::path marker = dir_ / "sampled";
  const fs::path ok =
      program("ok.sh", "touch '" + marker.string() + "'\n" + kSample);
  const std::string missing = (dir_ / "no-such-dir" / "x.json").string();
  const CliRun json =
      fpbench(both(ok, ok) + "--runs 1 --json '" + missing + "'");
  EXPECT_EQ(json.exit_code, 3) << json.err;
  EXPECT_NE(json.err.find("--json: cannot write '" + missing +
                          "': No such file or directory"),
            std::string::npos)
      << json.err;
  const CliRun folder =
      fpbench(both(ok, ok) + "--runs 1 --json '" + dir_.string() + "'");
  EXPECT_EQ(folder.exit_code, 3) << folder.err;
  EXPECT_NE(folder.err.find("Is a directory"), std::string::npos) << folder.err;
  const CliRun output = fpbench(both(ok, ok) + "--runs 1 -o '" + missing + "'");
  EXPECT_EQ(output.exit_code, 3) << output.err;
  EXPECT_NE(output.err.find("No such file or directory"), std::string::npos)
      << output.err;
  EXPECT_FALSE(fs::exists(marker)) << "a sample ran before the refusal";
}

TEST_F(RunReliability, AHangingSampleTimesOutAndTheOthersAreRecorded) {
  const fs::path helper = dir_ / "helper.pid";
  const fs::path ok = program("ok.sh", kSample);
  const fs::path hang = program(
      "hang.sh", "case \"$*\" in *demo/a*) sleep 600 & echo $! > '" +
                     helper.string() + "'; sleep 600;; esac\n" + kSample);
  const CliRun r = fpbench(both(ok, hang) + "--runs 2 --sample-timeout 0.5");
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.err.find("1 benchmark(s) failed"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("demo/a n=1 [new]: timed out after 0.5 s; killed with "
                       "its process group"),
            std::string::npos)
      << r.err;
  const auto samples = reports::parse_samples_csv(r.out, "stdout");
  ASSERT_TRUE(samples.has_value()) << samples.error().message;
  bool saw_b = false;
  for (const auto& b : samples->benchmarks()) {
    if (b.name != "demo/b n=2") continue;
    saw_b = true;
    EXPECT_EQ(b.old_rates.size(), 2u);
    EXPECT_EQ(b.new_rates.size(), 2u);
  }
  EXPECT_TRUE(saw_b) << r.out;
  const std::string pid = slurp(helper).substr(0, slurp(helper).find('\n'));
  ASSERT_FALSE(pid.empty());
  // Killed is not yet gone: SIGKILL is delivered asynchronously.
  std::string stat = slurp("/proc/" + pid + "/stat");
  for (int i = 0;
       i < 500 && !stat.empty() && stat.find(") Z ") == std::string::npos;
       ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    stat = slurp("/proc/" + pid + "/stat");
  }
  EXPECT_TRUE(stat.empty() || stat.find(") Z ") != std::string::npos)
      << "the hanging sample's helper is still running: " << stat;
}

TEST_F(RunReliability, AHelperHoldingStdoutDoesNotHoldTheRun) {
  // The sample itself finishes; the helper it leaves with its stdout must
  // not keep the run waiting for EOF.
  const fs::path ok = program("ok.sh", kSample);
  const fs::path leaky =
      program("leaky.sh", "sleep 600 &\n" + std::string(kSample));
  const CliRun r = fpbench(both(ok, leaky) + "--runs 2");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto samples = reports::parse_samples_csv(r.out, "stdout");
  ASSERT_TRUE(samples.has_value()) << samples.error().message;
  ASSERT_EQ(samples->benchmarks().size(), 2u);
  for (const auto& b : samples->benchmarks())
    EXPECT_EQ(b.new_rates.size(), 2u) << b.name;
}

TEST_F(RunReliability,
       AProgramThatNeverAnswersAQueryIsKilledAtTheSampleTimeout) {
  const fs::path ok = program("ok.sh", kSample);
  // Silent to --list-parameters (asked for --set) and, in a second program,
  // to --build-info once the samples are taken (asked for --json).
  const fs::path mute = program(
      "mute.sh", "case \"$*\" in *--list-parameters*) sleep 600;; esac\n" +
                     std::string(kSample));
  const CliRun sets =
      fpbench(both(mute, mute) + "--runs 1 --sample-timeout 0.5 --set n=1");
  EXPECT_EQ(sets.exit_code, 3) << sets.err;
  EXPECT_NE(sets.err.find("mute.sh --list-parameters: timed out after 0.5 s"),
            std::string::npos)
      << sets.err;
  const fs::path sampled = dir_ / "sampled";
  const fs::path late = dir_ / "late.sh";
  std::ofstream(late)
      << "#!/bin/sh\n"
      << "case \" $* \" in\n"
      << "  *' --build-info '*) if [ -e '" << sampled.string()
      << "' ]; then sleep 600; fi\n"
      << "    printf 'optimized=yes\\nsanitized=no\\nassertions=no\\n'; exit "
         "0;;\n"
      << "  *' --list-configs '*) echo 'demo/a n=1'; echo 'demo/b n=2'; exit "
         "0;;\n"
      << "esac\n"
      << "touch '" << sampled.string() << "'\n"
      << kSample << "\n";
  ::chmod(late.c_str(), 0755);
  // A run that waited for the 600 s answer is killed at 120 s by
  // run_program and fails the exit code.
  const CliRun json =
      fpbench(both(ok, late) + "--runs 1 --sample-timeout 0.5 --json '" +
              (dir_ / "out.json").string() + "'");
  EXPECT_EQ(json.exit_code, 0) << json.err;
  EXPECT_TRUE(fs::exists(dir_ / "out.json"));
}

TEST_F(RunReliability, ASampleTimeoutMustBePositive) {
  const fs::path ok = program("ok.sh", kSample);
  for (const char* bad : {"0", "-1", "nan"}) {
    const CliRun r = fpbench(both(ok, ok) + "--runs 1 --sample-timeout " + bad);
    EXPECT_EQ(r.exit_code, 2) << bad << ": " << r.err;
  }
}

TEST_F(RunReliability, TheChildsOwnErrorMessageIsShown) {
  const fs::path ok = program("ok.sh", kSample);
  // As Google Benchmark reports SkipWithError, then exits as fpbench-scenarios
  // does when a benchmark failed.
  const fs::path failing = program(
      "failing.sh",
      "echo "
      "'{\"benchmarks\":[{\"name\":\"x\",\"run_type\":\"iteration\",\"error_"
      "occurred\":true,"
      "\"error_message\":\"no fixture tree '\"'\"'nosuch'\"'\"'\"}]}'\nexit 3");
  const CliRun r = fpbench(both(ok, failing) + "--runs 1");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(
      r.err.find("demo/a n=1 [new]: exit status 3: no fixture tree 'nosuch'"),
      std::string::npos)
      << r.err;
}

TEST_F(RunReliability, AChildWithoutJsonHasTheEndOfItsStderrShown) {
  const fs::path ok = program("ok.sh", kSample);
  const fs::path noisy = program(
      "noisy.sh",
      "i=1; while [ $i -le 200 ]; do echo \"noise $i\" >&2; i=$((i+1)); done\n"
      "echo 'fatal: the real reason' >&2");
  const CliRun r = fpbench(both(ok, noisy) + "--runs 1");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("the benchmark printed no Google Benchmark JSON"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("fatal: the real reason"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("noise 1\n"), std::string::npos)
      << "the whole stderr was shown";
  EXPECT_NE(r.err.find("earlier bytes of stderr left out"), std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace fpbench::harness
