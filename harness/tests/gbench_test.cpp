// `fpbench run --gbench` on two builds of a Google Benchmark program
// (tests/gbench/demo_bench.cpp): names, exact counts around the timed loop,
// the gate on them, and what it says of binaries and benchmarks that fail.

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "fpbench/harness/sample_source.hpp"
#include "fpbench/reports/metric_samples.hpp"
#include "fpbench/test_support/programs.hpp"
#include "fpbench/test_support/test_files.hpp"

namespace fpbench::harness {
namespace {

namespace fs = std::filesystem;
using test_support::CliRun;

TEST(GbenchNames, SplitAtTheFirstSlashAsCompareGbenchDoes) {
  EXPECT_EQ(split_gbench_name("BM_UFlat/0"),
            (std::pair<std::string, std::string>{"BM_UFlat", "0"}));
  EXPECT_EQ(
      split_gbench_name("BM_memcpy/1024/real_time"),
      (std::pair<std::string, std::string>{"BM_memcpy", "1024/real_time"}));
  EXPECT_EQ(split_gbench_name("BM_sum"),
            (std::pair<std::string, std::string>{"BM_sum", ""}));
}

TEST(GbenchNames, TheFilterMatchesTheNameAloneWithEveryMetacharacterEscaped) {
  EXPECT_EQ(exact_gbench_filter("BM_x/8"), "^BM_x/8$");
  EXPECT_EQ(exact_gbench_filter("BM_<int>/min_time:0.5"),
            "^BM_<int>/min_time:0\\.5$");
  EXPECT_EQ(exact_gbench_filter("a(b)[c]{d}*+?|^$\\"),
            "^a\\(b\\)\\[c\\]\\{d\\}\\*\\+\\?\\|\\^\\$\\\\$");
}

TEST(GbenchLoopLines, TheLastLinesAreTheReportedRunsPerIteration) {
  const std::string text =
      "loop syscalls=1 allocs=1\n"  // an escalation run, not reported
      "loop syscalls=40 syscalls_all=42 syscall:read=20 allocs=10 "
      "alloc_bytes=640 cpu_s=0.5\n";
  const auto counts = parse_loop_lines(text, {10});
  ASSERT_TRUE(counts.has_value()) << counts.error().message;
  ASSERT_EQ(counts->size(), 1U);
  std::map<std::string, reports::MetricReading> by_metric;
  for (const auto& [name, reading] : (*counts)[0]) by_metric[name] = reading;
  EXPECT_DOUBLE_EQ(by_metric["syscalls"].value, 4);
  EXPECT_DOUBLE_EQ(by_metric["syscalls_all"].value, 4.2);
  ASSERT_EQ(by_metric["syscalls"].by_name.size(), 1U);
  EXPECT_EQ(by_metric["syscalls"].by_name[0].first, "read");
  EXPECT_DOUBLE_EQ(by_metric["syscalls"].by_name[0].second, 2);
  EXPECT_DOUBLE_EQ(by_metric["allocs"].value, 1);
  EXPECT_DOUBLE_EQ(by_metric["alloc_bytes"].value, 64);
  EXPECT_DOUBLE_EQ(by_metric["cpu"].value, 0.05);
}

TEST(GbenchLoopLines, FewerLoopsThanRunsOrAFieldThatIsNotANumberFail) {
  const auto none = parse_loop_lines("", {5});
  ASSERT_FALSE(none.has_value());
  EXPECT_NE(none.error().message.find("saw 0 timed loops for 1"),
            std::string::npos)
      << none.error().message;
  const auto bad = parse_loop_lines("loop syscalls=x\n", {5});
  ASSERT_FALSE(bad.has_value());
  EXPECT_NE(bad.error().message.find("'syscalls=x'"), std::string::npos)
      << bad.error().message;
}

class GbenchRun : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("fpbench-gbench-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  CliRun fpbench(const std::string& args) {
    return test_support::run_program(FPBENCH_CLI, args, dir_);
  }
  static std::string pair() {
    return std::string("run --gbench --old '") + FPBENCH_DEMO_BENCH_OLD +
           "' --new '" + FPBENCH_DEMO_BENCH_NEW + "' --no-progress";
  }

  fs::path dir_;
};

TEST_F(GbenchRun, UntilDecidedSaysTheRunsEachConfigurationTook) {
  const CliRun r =
      fpbench(pair() +
              " --until-decided --runs 2 --look-every 1 --max-runs 3 "
              "--warmup 0 --min-time 0.001 -o '" +
              (dir_ / "wall.csv").string() + "' 'BM_(same|work)'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(test_support::runs_per_configuration_line(r.err, 2));
}

// Reads one metric per (benchmark, side) over every sample, as a set of
// distinct values.
std::map<std::string, std::set<double>> values_of(
    const std::vector<reports::SampleRecord>& records,
    const std::string& metric) {
  std::map<std::string, std::set<double>> out;
  for (const auto& r : records) {
    const auto* m = r.find(metric);
    if (m == nullptr) continue;
    const std::string side = r.binary == reports::Binary::kOld ? "old" : "new";
    out[r.filename + " " + side].insert(m->value);
  }
  return out;
}

TEST_F(GbenchRun, CountsSystemCallsAndAllocationsPerIterationExactly) {
  const fs::path out = dir_ / "counts.jsonl";
  const CliRun r =
      fpbench(pair() + " --metric syscalls,allocs --counter-runs 3 -o '" +
              out.string() + "' 'BM_(same|syscall|alloc|paused)'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto records =
      reports::parse_sample_jsonl(test_support::slurp(out), out.string());
  ASSERT_TRUE(records.has_value()) << records.error().message;
  // 4 benchmarks x 2 sides x 3 runs, one process each.
  EXPECT_EQ(records->size(), 24U);
  const auto syscalls = values_of(*records, "syscalls");
  const auto allocs = values_of(*records, "allocs");
  const auto bytes = values_of(*records, "alloc_bytes");
  using Values = std::set<double>;
  EXPECT_EQ(syscalls.at("BM_syscall old"), Values{1});
  EXPECT_EQ(syscalls.at("BM_syscall new"), Values{2});
  EXPECT_EQ(allocs.at("BM_alloc old"), Values{1});
  EXPECT_EQ(allocs.at("BM_alloc new"), Values{2});
  EXPECT_EQ(bytes.at("BM_alloc new"), Values{128});
  for (const char* side : {"old", "new"}) {
    const std::string same = std::string("BM_same ") + side;
    EXPECT_EQ(syscalls.at(same), Values{0});
    EXPECT_EQ(allocs.at(same), Values{0});
    // What happens while the timer is paused is not counted.
    const std::string paused = std::string("BM_paused ") + side;
    EXPECT_EQ(syscalls.at(paused), Values{0});
    EXPECT_EQ(allocs.at(paused), Values{0});
  }

  // The gate fails exactly the changed benchmark of each metric, exactly.
  for (const auto& [metric, changed] :
       {std::pair{"syscalls", "BM_syscall"}, std::pair{"allocs", "BM_alloc"}}) {
    const CliRun gate = fpbench(std::string("gate --format json --metric ") +
                                metric + " '" + out.string() + "'");
    EXPECT_EQ(gate.exit_code, 1) << gate.out << gate.err;
    const auto doc = nlohmann::json::parse(gate.out, nullptr, false);
    ASSERT_FALSE(doc.is_discarded()) << gate.out;
    std::size_t decided = 0;
    for (const auto& d : doc["metrics"][0]["decisions"]) {
      const std::string name = d["filename"];
      const std::string verdict = d["verdict"];
      EXPECT_EQ(verdict == "regression", name == changed)
          << metric << " " << name << ": " << verdict;
      if (name == changed) {
        EXPECT_NE(d["reason"].get<std::string>().find("exact"),
                  std::string::npos)
            << d.dump();
      }
      ++decided;
    }
    EXPECT_EQ(decided, 4U) << gate.out;
  }
}

TEST_F(GbenchRun, WallTimeNamesRowsAsCompareGbenchDoes) {
  const fs::path out = dir_ / "wall.csv";
  const CliRun r =
      fpbench(pair() + " --runs 2 --warmup 0 --min-time 0.01 -o '" +
              out.string() + "' 'BM_(same|work)'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string csv = test_support::slurp(out);
  EXPECT_NE(csv.find("\"old\",\"BM_work\",\"2000\","), std::string::npos)
      << csv;
  EXPECT_NE(csv.find("\"new\",\"BM_same\",\"2000\","), std::string::npos)
      << csv;
  EXPECT_EQ(csv.find("BM_syscall"), std::string::npos) << csv;
}

TEST_F(GbenchRun, ABenchmarkThatErrorsOrCrashesFailsItsSamplesByName) {
  for (const auto& [mode, said] : {std::pair{"error", "the fixture is broken"},
                                   std::pair{"crash", "killed by signal 6"}}) {
    const CliRun r = fpbench(std::string("") + pair() +
                             " --runs 1 --warmup 0 --min-time 0.01 "
                             "-o /dev/null BM_fails");
    // Without the variable BM_fails runs.
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string cmd = std::string("FPBENCH_DEMO_FAIL=") + mode + " '" +
                            FPBENCH_CLI + "' " + pair() +
                            " --runs 1 --warmup 0 --min-time 0.01 -o /dev/null "
                            "BM_fails";
    const CliRun failed =
        test_support::run_program("/bin/sh", "-c \"" + cmd + "\"", dir_);
    EXPECT_EQ(failed.exit_code, 3) << failed.err;
    EXPECT_NE(failed.err.find("BM_fails"), std::string::npos) << failed.err;
    EXPECT_NE(failed.err.find(said), std::string::npos) << failed.err;
  }
}

TEST_F(GbenchRun, ABinaryThatIsNotGoogleBenchmarkIsRefusedBeforeAnySample) {
  for (const char* program : {"/bin/true", "/bin/false"}) {
    const CliRun r =
        fpbench(std::string("run --gbench --old ") + program + " --new " +
                program + " --no-progress -o /dev/null");
    EXPECT_EQ(r.exit_code, 3) << r.err;
    EXPECT_NE(r.err.find("is it a Google Benchmark program?"),
              std::string::npos)
        << r.err;
  }
  const CliRun missing = fpbench(
      "run --gbench --old /nonexistent/bench --new /nonexistent/bench -o "
      "/dev/null");
  EXPECT_NE(missing.exit_code, 0);
  EXPECT_NE(missing.err.find("/nonexistent/bench"), std::string::npos)
      << missing.err;
}

// A stand-in Google Benchmark binary that logs each run's arguments and
// runs 64 iterations unless --benchmark_min_time=Nx asks for N; as 1.7 does,
// `old_flags` refuses Nx (BENCHMARK_MAIN exits 1 on a flag it cannot read).
fs::path fake_gbench(const fs::path& dir, const std::string& name,
                     bool old_flags) {
  const fs::path p = dir / name;
  std::ofstream(p)
      << "#!/bin/sh\n"
      << "for a in \"$@\"; do case $a in --benchmark_min_time=*x) "
      << (old_flags ? "echo \"$0: error: unrecognized command-line flag: "
                      "$a\" >&2; exit 1;;"
                    : ";;")
      << " esac; done\n"
      << "case \" $* \" in *' --benchmark_list_tests '*) echo BM_a/1; exit "
         "0;; esac\n"
      << "echo \"$*\" >> \"$0.log\"\n"
      << "n=64; for a in \"$@\"; do case $a in --benchmark_min_time=*x) "
         "n=${a#--benchmark_min_time=}; n=${n%x};; esac; done\n"
      << "echo '{\"benchmarks\":[{\"name\":\"BM_a/1\",\"run_type\":"
         "\"iteration\",\"iterations\":'$n',\"real_time\":1000,"
         "\"time_unit\":\"ns\"}]}'\n";
  fs::permissions(p, fs::perms::owner_all);
  return p;
}

// The min_time argument of every logged run, in order.
std::vector<std::string> min_times(const fs::path& log) {
  std::vector<std::string> out;
  std::istringstream lines(test_support::slurp(log));
  for (std::string line; std::getline(lines, line);) {
    const std::size_t at = line.find("--benchmark_min_time=");
    out.push_back(at == std::string::npos
                      ? "none"
                      : line.substr(at + 21, line.find(' ', at) - at - 21));
  }
  return out;
}

TEST_F(GbenchRun, TimedSamplesRunTheWarmUpsCountWhereTheBinaryTakesNx) {
  using Runs = std::vector<std::string>;
  for (const bool old_flags : {false, true}) {
    const fs::path bench =
        fake_gbench(dir_, old_flags ? "gb17.sh" : "gb18.sh", old_flags);
    const CliRun r = fpbench("run --gbench --old '" + bench.string() +
                             "' --new '" + bench.string() +
                             "' --runs 2 --min-time 0.01 --no-progress -o '" +
                             (dir_ / "out.csv").string() + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    // Both sides' warm-ups, then two samples a side.
    const Runs expected =
        old_flags ? Runs(6, "0.01")
                  : Runs{"0.01", "0.01", "64x", "64x", "64x", "64x"};
    EXPECT_EQ(min_times(bench.string() + ".log"), expected)
        << (old_flags ? "1.7" : "1.8");
  }
}

TEST_F(GbenchRun, UsageErrorsNameTheOption) {
  const CliRun both = fpbench(pair() + " --node");
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_NE(both.err.find("--node, --gbench and --command"), std::string::npos)
      << both.err;
  const CliRun no_match = fpbench(pair() + " -o /dev/null 'BM_nothing'");
  EXPECT_EQ(no_match.exit_code, 2);
  EXPECT_NE(no_match.err.find("matches 'BM_nothing'"), std::string::npos)
      << no_match.err;
  const CliRun bad_regex = fpbench(pair() + " -o /dev/null 'BM_(('");
  EXPECT_EQ(bad_regex.exit_code, 2);
  EXPECT_NE(bad_regex.err.find("not a regular expression"), std::string::npos)
      << bad_regex.err;
  const CliRun args_without_gbench =
      fpbench("run --old-impl baseline --new-impl fast -- --x");
  EXPECT_EQ(args_without_gbench.exit_code, 2);
  EXPECT_NE(args_without_gbench.err.find("after --"), std::string::npos)
      << args_without_gbench.err;
}

// A binary whose loop cannot be reached (libbenchmark linked in, or none)
// is counted as a whole process, labelled so, and never per iteration.
TEST_F(GbenchRun, AnUnreachableLoopIsCountedForTheWholeProcessAndSaysSo) {
  const fs::path out = dir_ / "whole.jsonl";
  const CliRun r =
      fpbench(std::string("run --gbench --old '") + FPBENCH_DEMO_UNLINKED_OLD +
              "' --new '" + FPBENCH_DEMO_UNLINKED_NEW +
              "' --no-progress --metric syscalls,allocs "
              "--counter-runs 2 -o '" +
              out.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("counted for the whole process"), std::string::npos)
      << r.err;
  const auto records =
      reports::parse_sample_jsonl(test_support::slurp(out), out.string());
  ASSERT_TRUE(records.has_value()) << records.error().message;
  ASSERT_EQ(records->size(), 4U);
  double least[2] = {1e300, 1e300};
  for (const auto& rec : *records) {
    const auto* calls = rec.find("syscalls");
    const auto* allocs = rec.find("allocs");
    ASSERT_NE(calls, nullptr);
    ASSERT_NE(allocs, nullptr);
    EXPECT_EQ(calls->source, "process:tracepoint");
    EXPECT_EQ(allocs->source, "process:preload");
    const int side = rec.binary == reports::Binary::kOld ? 0 : 1;
    least[side] = std::min(least[side], calls->value);
    // The whole process: the loop's 1000 allocations and the rest.
    EXPECT_GE(allocs->value, 1000);
  }
  // The loop's 1000 extra getppid calls, and the same start-up around them.
  EXPECT_EQ(least[1] - least[0], 1000);
}

TEST_F(GbenchRun, CountsAreRefusedForALoopRunOnSeveralThreads) {
  const fs::path out = dir_ / "threads.jsonl";
  const CliRun r =
      fpbench(std::string("run --gbench --old '") + FPBENCH_DEMO_THREADS_BENCH +
              "' --new '" + FPBENCH_DEMO_THREADS_BENCH +
              "' --no-progress --metric syscalls "
              "--counter-runs 1 -o '" +
              out.string() + "'");
  EXPECT_NE(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("BM_two_threads/threads:2 runs its timed loop on 2 "
                       "threads"),
            std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace fpbench::harness

namespace fpbench::harness {
namespace {

// The same preload library counts inside fpbench-scenarios: the baseline
// readFileSync grows its buffer chunk by chunk, the fast path allocates the
// result once.
TEST_F(GbenchRun, ScenarioAllocationsAreCountedExactlyAroundTheLoop) {
  const fs::path out = dir_ / "allocs.jsonl";
  const CliRun r = fpbench(
      std::string("run --scenario-program '") + FPBENCH_SCENARIOS +
      "' --old-impl baseline --new-impl fast fs/read-file-sync --set "
      "path=existing --set encoding=utf8 --set useFd=true --set size=1048576 "
      "--metric allocs --counter-runs 2 --no-progress -o '" +
      out.string() + "'");
  if (r.err.find("it is built with sanitizers") != std::string::npos) {
    // The sanitized build's scenarios are refused before anything runs.
    EXPECT_EQ(r.exit_code, 2) << r.err;
    return;
  }
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto records =
      reports::parse_sample_jsonl(test_support::slurp(out), out.string());
  ASSERT_TRUE(records.has_value()) << records.error().message;
  ASSERT_EQ(records->size(), 4U);
  const auto allocs = values_of(*records, "allocs");
  const auto old_side = allocs.at("fs/read-file-sync old");
  const auto new_side = allocs.at("fs/read-file-sync new");
  ASSERT_EQ(old_side.size(), 1U);  // the same count in every process
  EXPECT_EQ(new_side, std::set<double>{1});
  EXPECT_GT(*old_side.begin(), 1);
}

}  // namespace
}  // namespace fpbench::harness
