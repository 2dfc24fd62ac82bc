// Every mistake on a command line is refused before anything runs: exit 2,
// one "fpbench: error: ..." line, nothing measured or written. Drives the
// fpbench and fpbench-scenarios binaries.

#include <gtest/gtest.h>
#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "fpbench/test_support/test_files.hpp"

namespace {

namespace fs = std::filesystem;
using fpbench::test_support::slurp;

struct Outcome {
  int exit_code;
  std::string out;
  std::string err;
};

class Usage : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("fpbench-usage-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  Outcome shell(const std::string& program, const std::string& args) {
    const fs::path out = dir_ / "stdout", err = dir_ / "stderr";
    const std::string cmd = "'" + program + "' " + args + " >'" + out.string() +
                            "' 2>'" + err.string() + "' </dev/null";
    const int status = std::system(cmd.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out),
            slurp(err)};
  }
  Outcome fpbench(const std::string& args) { return shell(FPBENCH_CLI, args); }

  // A run that would measure calibration/spin in a moment if the extra
  // options were right.
  Outcome spin_run(const std::string& extra) {
    return fpbench(
        "run --old-impl fast --new-impl baseline calibration/spin "
        "--no-progress " +
        extra);
  }

  fs::path dir_;
};

// Exit 2 with exactly one line, "fpbench: error: ...", and nothing on stdout.
void expect_refused(const Outcome& r, const std::string& what) {
  EXPECT_EQ(r.exit_code, 2) << what << "\n" << r.err;
  EXPECT_EQ(r.err.rfind("fpbench: error: ", 0), 0u) << what << ": " << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1)
      << what << ": one line: " << r.err;
  EXPECT_EQ(r.out, "") << what;
}

TEST_F(Usage, RunRefusesNumbersOutOfRangeBeforeMeasuring) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--min-time 0",
       "--min-time must be a finite number of seconds greater than 0"},
      {"--min-time -0", "--min-time must be"},
      {"--min-time nan", "--min-time must be"},
      {"--min-time inf", "--min-time must be"},
      {"--warmup -1", "--warmup must be 0 or more"},
      {"--runs 0", "--runs must be at least 1"},
      {"--max-runs 0", "--max-runs must be at least 1"},
      {"--runs 10 --max-runs 5 --target-accuracy 2%",
       "--max-runs (5) must be at least --runs (10)"},
      {"--seed -1",
       "--seed must be an integer from 0 to 18446744073709551615, got '-1'"},
      {"--seed 18446744073709551616", "got '18446744073709551616'"},
      {"--seed 1.5", "got '1.5'"},
      {"--jobs 0", "--jobs must be at least 1"},
      {"--jobs -2", "--jobs must be at least 1"},
      {"--counter-iterations 0", "--counter-iterations must be at least 1"},
      {"--counter-runs 0", "--counter-runs must be at least 1"},
      {"--look-every 0", "--look-every must be at least 1"},
      {"--alpha 2", "--alpha must be between 0 and 1"},
      {"--max-regression lots", "--max-regression 'lots' is not a percentage"},
      {"--until-decided --max-regression 100%",
       "--max-regression 100%: rate_ops_per_s is higher-is-better"},
      // The table's looks: a first look at 10 and at most 30 unless given.
      {"--until-decided --max-runs 5",
       "--until-decided: --max-runs (5) is below the first look, --runs (10, "
       "its default with --until-decided)"},
      {"--until-decided --runs 40",
       "--until-decided: --max-runs (30, its default with --until-decided) "
       "is below the first look, --runs (40)"},
      {"--until-decided --runs 1",
       "--until-decided needs --runs, its first look, of at least 2; got 1"},
      // A gate threshold keeps the gate's looks: --runs stays 30.
      {"--until-decided --alpha 0.01 --max-runs 20",
       "--until-decided: --max-runs (20) is below the first look, --runs "
       "(30)"},
      {"--until-decided --target-accuracy 2%",
       "--until-decided and --target-accuracy are two stopping rules"},
      {"--until-decided --paired",
       "--until-decided does not apply to --paired"},
      {"--time-budget -5", "--time-budget: expected a positive duration"},
      {"--runs abc", "Could not convert: --runs = abc"},
      {"--runs 99999999999", "Could not convert"},
  };
  for (const auto& [options, message] : cases) {
    const Outcome r = spin_run(options);
    expect_refused(r, options);
    EXPECT_NE(r.err.find(message), std::string::npos)
        << options << ": " << r.err;
  }
}

TEST_F(Usage, RunRefusesACpuThisProcessCannotRunOn) {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  ASSERT_EQ(::sched_getaffinity(0, sizeof allowed, &allowed), 0);
  int barred = 0;
  while (barred < CPU_SETSIZE && CPU_ISSET(barred, &allowed)) ++barred;
  ASSERT_LT(barred, CPU_SETSIZE);
  for (const auto& [cpus, why] :
       std::vector<std::pair<std::string, std::string>>{
           {"-1", "'-1': a number is missing"},
           {"100000", "'100000': CPU 100000 is beyond the largest"},
           {"0-x", "'0-x': 'x' is not a CPU number"},
           {"3-1", "the range '3-1' runs backwards"},
           {std::to_string(barred),
            "CPU " + std::to_string(barred) +
                " is not one this process may run on; it may run on CPUs "}}) {
    const Outcome r =
        spin_run("--runs 1 --warmup 0 --min-time 0.001 --cpu " + cpus);
    expect_refused(r, cpus);
    EXPECT_NE(r.err.find("--cpu "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(why), std::string::npos) << r.err;
  }
  int usable = 0;
  while (!CPU_ISSET(usable, &allowed)) ++usable;
  const Outcome ok = spin_run("--runs 1 --warmup 0 --min-time 0.001 --cpu " +
                              std::to_string(usable));
  EXPECT_EQ(ok.err.find("CPU"), std::string::npos) << ok.err;
  // A sanitized scenario program is refused for timing, a check made after
  // the options' (--cpu among them) were accepted.
  if (ok.err.find("it is built with sanitizers") != std::string::npos) {
    EXPECT_EQ(ok.exit_code, 2) << ok.err;
  } else {
    EXPECT_EQ(ok.exit_code, 0) << ok.err;
  }
}

TEST_F(Usage, SetValuesAreCheckedAgainstTheScenariosGrid) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"calibration/spin --set spinUs=abc",
       "--set spinUs=abc: calibration/spin: 'spinUs' takes an integer from 0 "
       "to"},
      {"calibration/spin --set spinUs=-1", "'spinUs' takes an integer"},
      {"calibration/spin --set spinUs=",
       "--set spinUs=: 'spinUs' has an empty value"},
      {"calibration/spin --set spinUs", "--set spinUs: expected key=value"},
      {"calibration/spin --set =4", "the key is empty"},
      {"fs/write-file-sync --set encoding=ucs9",
       "fs/write-file-sync: 'encoding' takes one of utf8, "},
      {"fs/write-file-sync --set encoding=7", "not '7'"},
      {"fs/write-file-sync --set useFd=yes",
       "'useFd' takes true or false, not 'yes'"},
      {"fs/read-file-sync --set size=-4096",
       "'size' takes an integer from 0 to"},
      {"fs/read-file-sync --set spinUs=3",
       "fs/read-file-sync has no parameter 'spinUs' (its parameters: path, "
       "encoding, useFd, "
       "size)"},
  };
  for (const auto& [args, message] : cases) {
    const Outcome r = fpbench(
        "run --old-impl fast --new-impl baseline --no-progress --runs 1 "
        "--warmup 0 --min-time 0.001 " +
        args);
    expect_refused(r, args);
    EXPECT_NE(r.err.find(message), std::string::npos) << args << ": " << r.err;
  }
}

TEST_F(Usage, TheScenarioProgramRefusesABadSetItselfWithoutAborting) {
  for (const char* action :
       {"--list-configs", "--benchmark_filter=spin --benchmark_min_time=0"}) {
    for (const char* set :
         {"spinUs=abc", "encoding=ucs9", "nope=1", "spinUs="}) {
      const Outcome r =
          shell(FPBENCH_SCENARIOS, std::string("--set=") + set + " " + action);
      EXPECT_EQ(r.exit_code, 2) << set << " " << action << ": " << r.err;
      EXPECT_EQ(
          r.err.rfind(
              std::string("fpbench-scenarios: error: --set ") + set + ": ", 0),
          0u)
          << r.err;
      EXPECT_EQ(r.err.find("check failed"), std::string::npos) << r.err;
    }
  }
  // A value only some scenarios take leaves the others out.
  const Outcome r =
      shell(FPBENCH_SCENARIOS, "--set=encoding=undefined --list-configs");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(
      r.out.find("fs/read-file-sync path='existing' encoding='undefined'"),
      std::string::npos);
  EXPECT_EQ(r.out.find("fs/write-file-sync"), std::string::npos);
}

TEST_F(Usage, ParseErrorsOfEveryCommandSayFpbenchError) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "A subcommand is required (see fpbench --help)"},
      {"frobnicate",
       "unknown command 'frobnicate': expected compare, run, gate, list, "
       "doctor, history, bisect, pr, nightly or config"},
      {"config", "A subcommand is required (see fpbench config --help)"},
      {"pr --bogus", "--bogus (see fpbench pr --help)"},
      {"nightly --out", "--out"},
      {"--bogus", "unknown option '--bogus'"},
      {"compare --bogus", "--bogus (see fpbench compare --help)"},
      {"compare --gbench-json a.json", "--gbench-json"},
      {"compare --gbench-json a.json b.json --gbench-json c.json d.json",
       "--gbench-json"},
      {"gate --alpha", "--alpha"},
      {"gate --first-look x", "Could not convert: --first-look = x"},
      {"gate --first-look 1 x.csv", "--first-look >= 2"},
      {"list --bogus", "--bogus"},
      {"run --runs", "--runs"},
      {"history", "A subcommand is required (see fpbench history --help)"},
      {"history frob",
       "unknown command 'frob': expected record, detect, report, plot, merge, "
       "samples or html"},
      {"history --bogus", "unknown option '--bogus'"},
      {"history detect --db x.db --window x",
       "--window: expected a whole number of 0 or more, not 'x'"},
      {"history record", "(see fpbench history record --help)"},
  };
  for (const auto& [args, message] : cases) {
    const Outcome r = fpbench(args);
    expect_refused(r, args);
    EXPECT_NE(r.err.find(message), std::string::npos) << args << ": " << r.err;
  }
  // An old spelling's note, then the error naming the old spelling.
  for (const auto& [args, old_name] :
       std::vector<std::pair<std::string, std::string>>{
           {"gate --runs x", "--runs"}, {"bisect -j x", "-j"}}) {
    const Outcome r = fpbench(args);
    EXPECT_EQ(r.exit_code, 2) << args;
    const std::size_t note_end = r.err.find('\n');
    ASSERT_NE(note_end, std::string::npos) << args << ": " << r.err;
    EXPECT_EQ(r.err.rfind("fpbench: note: " + old_name + " is now ", 0), 0u)
        << r.err;
    expect_refused({r.exit_code, r.out, r.err.substr(note_end + 1)}, args);
    EXPECT_NE(r.err.find("Could not convert: " + old_name + " = x"),
              std::string::npos)
        << args << ": " << r.err;
  }
}

TEST_F(Usage, HelpStillSucceeds) {
  for (const char* args :
       {"--help", "-h", "run --help", "compare --help", "gate --help",
        "list --help", "history --help", "history detect --help"}) {
    const Outcome r = fpbench(args);
    EXPECT_EQ(r.exit_code, 0) << args << ": " << r.err;
    EXPECT_NE(r.out.find("Usage: fpbench"), std::string::npos)
        << args << ": " << r.out;
  }
}

}  // namespace
