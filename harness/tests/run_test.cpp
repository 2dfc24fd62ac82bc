// fpbench run and fpbench list, end to end: with the real scenario program
// on a small grid, and with stand-in programs (shell scripts) that fail,
// crash or are built for debugging.

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "fpbench/harness/run_benchmarks.hpp"
#include "fpbench/harness/sample_source.hpp"
#include "fpbench/harness/sample_writer.hpp"
#include "fpbench/harness/scenario_program.hpp"
#include "fpbench/reports/metric_samples.hpp"
#include "fpbench/reports/sample_csv.hpp"
#include "fpbench/test_support/programs.hpp"
#include "fpbench/test_support/test_files.hpp"

namespace fpbench::harness {
namespace {

namespace fs = std::filesystem;
using fpbench::test_support::slurp;

using fpbench::test_support::CliRun;

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
    return test_support::run_program(FPBENCH_CLI, args, dir_);
  }

  // A stand-in scenario program: a shell script with the given body for a
  // sample run; --build-info, --list-parameters (n, an integer) and
  // --list-configs (with any other arguments, such as --set) answer as given.
  fs::path fake_program(const std::string& name, const std::string& build_info,
                        const std::string& run_body) {
    const fs::path p = dir_ / name;
    std::ofstream(p) << "#!/bin/sh\n"
                     << "case \" $* \" in\n"
                     << "  *' --build-info '*) printf '" << build_info
                     << "'; exit 0;;\n"
                     << "  *' --list-parameters '*) printf "
                        "'demo/a\\tn\\tinteger\\t0\\t9\\n'; exit 0;;\n"
                     << "  *' --list-configs '*) echo 'demo/a n=1'; echo "
                        "'demo/b n=2'; exit 0;;\n"
                     << "esac\n"
                     << run_body << "\n";
    ::chmod(p.c_str(), 0755);
    return p;
  }

  fs::path dir_;
};

constexpr const char* kRelease =
    "optimized=yes\\nsanitized=no\\nassertions=no\\n";
constexpr const char* kJsonSample =
    "echo "
    "'{\"benchmarks\":[{\"name\":\"x\",\"run_type\":\"iteration\","
    "\"iterations\":10,"
    "\"real_time\":1000,\"time_unit\":\"ns\",\"items_per_second\":1000000}]}'";

// Whether the fpbench-scenarios beside fpbench is a sanitized build, which
// fpbench run refuses to time.
bool scenarios_sanitized() {
  const fs::path program =
      fs::path(FPBENCH_CLI).parent_path() / "../scenarios/fpbench-scenarios";
  const std::string cmd =
      "'" + program.string() + "' --build-info | grep -q sanitized=yes";
  return std::system(cmd.c_str()) == 0;
}

// What fpbench run says to a sanitized build: usage, before any sample.
void expect_refused_as_sanitized(const CliRun& refused) {
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.err.find("built with sanitizers"), std::string::npos)
      << refused.err;
}

TEST_F(Run, RealScenariosGiveACompleteComparableCsv) {
  const fs::path csv = dir_ / "samples.csv";
  if (scenarios_sanitized()) {
    expect_refused_as_sanitized(
        fpbench("run --old-impl baseline --new-impl fast fs/read-file-sync "
                "--runs 1 --no-progress"));
    return;
  }
  const CliRun r = fpbench(
      "run --old-impl baseline --new-impl fast fs/read-file-sync --set "
      "path=existing "
      "--set size=1024 --set useFd=false --set encoding=utf8 --runs 3 "
      "--min-time 0.001 "
      "--no-progress --seed 7 -o '" +
      csv.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto samples = reports::parse_samples_csv(slurp(csv), csv.string());
  ASSERT_TRUE(samples.has_value()) << samples.error().message;
  ASSERT_EQ(samples->benchmarks().size(), 1u);
  const auto& b = samples->benchmarks()[0];
  EXPECT_EQ(b.name,
            "fs/read-file-sync path='existing' encoding='utf8' useFd='false' "
            "size=1024");
  EXPECT_EQ(b.old_rates.size(), 3u);
  EXPECT_EQ(b.new_rates.size(), 3u);
  // Piped straight into compare.
  const CliRun c = fpbench("compare '" + csv.string() + "'");
  EXPECT_EQ(c.exit_code, 0);
  EXPECT_NE(c.out.find("fs/read-file-sync path='existing'"), std::string::npos);
}

// A stand-in that logs its arguments and, like Google Benchmark towards
// min_time, finds a count of its own (40 for the old side, 25 for the new)
// unless --iterations gives it one.
constexpr const char* kCountingSample =
    "echo \"$*\" >> \"$(dirname \"$0\")/args.log\"\n"
    "n=40; case \" $* \" in *' --impl=fast '*) n=25;; esac\n"
    "for a in \"$@\"; do case $a in --iterations=*) n=${a#--iterations=};; "
    "esac; done\n"
    "echo '{\"benchmarks\":[{\"name\":\"x\",\"run_type\":\"iteration\","
    "\"iterations\":'$n',\"real_time\":1000,\"time_unit\":\"ns\","
    "\"items_per_second\":1000000}]}'";

TEST_F(Run, TimedSamplesRunTheCountTheirWarmUpFound) {
  const fs::path program = fake_program("count.sh", kRelease, kCountingSample);
  const fs::path out = dir_ / "out.csv";
  const CliRun r = fpbench("run --old '" + program.string() + "' --new '" +
                           program.string() +
                           "' --old-impl baseline --new-impl fast --runs 3 "
                           "--no-progress -o '" +
                           out.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::map<std::string, std::vector<std::string>> runs;  // per benchmark, side
  std::istringstream log(slurp(dir_ / "args.log"));
  for (std::string line; std::getline(log, line);) {
    if (line.find("--benchmark_filter=") == std::string::npos) continue;
    const std::string side =
        line.find("--impl=fast") != std::string::npos ? "new" : "old";
    const std::string which =
        line.find("demo/a") != std::string::npos ? "a" : "b";
    const std::size_t at = line.find(" --iterations=");
    runs[which + " " + side].push_back(
        at != std::string::npos
            ? line.substr(at + 1, line.find(' ', at + 1) - at - 1)
        : line.find("--benchmark_min_time=") != std::string::npos ? "min_time"
                                                                  : "?");
  }
  using Runs = std::vector<std::string>;
  const Runs old_runs = {"min_time", "--iterations=40", "--iterations=40",
                         "--iterations=40"};
  const Runs new_runs = {"min_time", "--iterations=25", "--iterations=25",
                         "--iterations=25"};
  for (const char* b : {"a", "b"}) {
    EXPECT_EQ(runs[std::string(b) + " old"], old_runs) << b;
    EXPECT_EQ(runs[std::string(b) + " new"], new_runs) << b;
  }
  // The run says where its time went.
  EXPECT_NE(r.err.find("wall pass: 12 samples in "), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("inside timed loops"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("12 samples ran the iteration count of their warm-up"),
            std::string::npos)
      << r.err;
}

TEST_F(Run, RealScenariosKeepOneIterationCountPerSideAfterTheWarmUp) {
  const fs::path json = dir_ / "samples.json";
  const CliRun r = fpbench(
      "run --old-impl baseline --new-impl fast fs/readdir-chain --set depth=2 "
      "--set files=10 --runs 3 --min-time 0.002 --no-progress -o '" +
      (dir_ / "samples.csv").string() + "' --json '" + json.string() + "'");
  if (scenarios_sanitized()) {
    EXPECT_EQ(r.exit_code, 2) << r.err;  // refused: not timed at all
    return;
  }
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto doc = nlohmann::json::parse(slurp(json), nullptr, false);
  ASSERT_FALSE(doc.is_discarded());
  std::map<std::string, std::set<std::int64_t>> counts;
  std::size_t samples = 0;
  for (const auto& sample : doc["samples"]) {
    counts[sample["binary"].get<std::string>()].insert(
        sample["iterations"].get<std::int64_t>());
    ++samples;
  }
  EXPECT_EQ(samples, 6u);
  ASSERT_EQ(counts.size(), 2u);
  for (const auto& [side, seen] : counts) {
    EXPECT_EQ(seen.size(), 1u) << side;
    EXPECT_GE(*seen.begin(), 1) << side;
  }
}

TEST_F(Run, ResumeCompletesAnInterruptedRun) {
  const fs::path program = fake_program("ok.sh", kRelease, kJsonSample);
  const fs::path csv = dir_ / "resume.csv";
  const std::string common = "run --old '" + program.string() + "' --new '" +
                             program.string() +
                             "' --no-progress --min-time 0.001 --warmup 0 ";
  ASSERT_EQ(fpbench(common + "--runs 1 -o '" + csv.string() + "'").exit_code,
            0);
  // A line cut off mid-write would be an error; whole lines are kept.
  const CliRun r = fpbench(common + "--runs 3 --resume '" + csv.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto samples = reports::parse_samples_csv(slurp(csv), csv.string());
  ASSERT_TRUE(samples.has_value()) << samples.error().message;
  ASSERT_EQ(samples->benchmarks().size(), 2u);
  for (const auto& b : samples->benchmarks()) {
    EXPECT_EQ(b.old_rates.size(), 3u) << b.name;
    EXPECT_EQ(b.new_rates.size(), 3u) << b.name;
  }
  EXPECT_EQ(slurp(csv).find("\"binary\""), 0u);
  EXPECT_EQ(slurp(csv).find("\"binary\"", 1), std::string::npos)
      << "one header only";
}

TEST_F(Run, RepeatableOptionsLeaveTheScenarioPositional) {
  // Each --set/--filter/--exclude takes one value: the scenario after one
  // stays a selector (read as a second value, the run would take every
  // scenario, demo/b too).
  const fs::path program = fake_program("ok.sh", kRelease, kJsonSample);
  const CliRun r = fpbench(
      "run --old '" + program.string() + "' --new '" + program.string() +
      "' --exclude nothing --set n=1 demo/a --filter demo "
      "--runs 2 --min-time 0.001 --warmup 0 --no-progress");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"demo/a\",\"n=1\""), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("demo/b"), std::string::npos) << r.out;
}

TEST_F(Run, FailingSamplesAreReportedAndTheRunContinues) {
  const fs::path good = fake_program("good.sh", kRelease, kJsonSample);
  const fs::path bad =
      fake_program("bad.sh", kRelease,
                   "case \"$*\" in *demo/a*) echo 'boom: cannot open fixture' "
                   ">&2; exit 3;; esac\n" +
                       std::string(kJsonSample));
  const CliRun r =
      fpbench("run --old '" + good.string() + "' --new '" + bad.string() +
              "' --runs 2 --min-time 0.001 --warmup 0 --no-progress");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("1 benchmark(s) failed"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("demo/a n=1 [new]: exit status 3"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("boom: cannot open fixture"), std::string::npos);
  // demo/b still ran on both sides.
  const auto samples = reports::parse_samples_csv(r.out, "stdout");
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

// A stand-in whose counting samples (run with --counters) fail their reads
// at another system call than its timed samples, as fs/read-file-sync's
// missing descriptor did under callgrind: the run measures everything, then
// fails naming what differed.
TEST_F(Run, ACountedSampleOnAnotherPathThanTheTimedOnesFailsTheRun) {
  const std::string body =
      "case \" $* \" in *' --check-counters '*) exit 0;; esac\n"
      "label='failed: EBADF (fstat)'; counts=''\n"
      "case \" $* \" in *' --counters=syscalls '*) "
      "label='failed: EBADF (read)'; "
      "counts=',\"fpbench_counted_iterations\":10,\"fpbench_syscalls\":10';; "
      "esac\n"
      "echo '{\"benchmarks\":[{\"name\":\"x\",\"run_type\":\"iteration\","
      "\"iterations\":11,\"real_time\":1000,\"time_unit\":\"ns\","
      "\"items_per_second\":1000000,\"fpbench_outcome_failed\":1,"
      "\"label\":\"'\"$label\"'\"'\"$counts\"'}]}'";
  const fs::path program = fake_program("paths.sh", kRelease, body);
  const fs::path out = dir_ / "out.jsonl";
  const CliRun r = fpbench(
      "run --old '" + program.string() + "' --new '" + program.string() +
      "' demo/a --metric wall,syscalls --runs 2 --counter-runs 1 "
      "--min-time 0.001 --warmup 0 --no-progress -o '" +
      out.string() + "'");
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.err.find("2 benchmark(s) failed"), std::string::npos) << r.err;
  for (const char* side : {"old", "new"}) {
    EXPECT_NE(r.err.find(std::string("demo/a n=1 [") + side +
                         "]: outcome 'label' is 'failed: EBADF (read)' in "
                         "the syscalls pass but 'failed: EBADF (fstat)' in "
                         "the wall pass"),
              std::string::npos)
        << r.err;
  }
  EXPECT_EQ(r.err.find("outcome 'failed'"), std::string::npos) << r.err;
  // Every sample is kept, with its outcome.
  const std::string samples = slurp(out);
  EXPECT_EQ(std::count(samples.begin(), samples.end(), '\n'), 6) << samples;
  EXPECT_NE(samples.find("\"outcome\":{\"failed\":1.0,\"label\":\"failed: "
                         "EBADF (read)\"}"),
            std::string::npos)
      << samples;
}

TEST_F(Run, AProgramThatCannotListItsBenchmarksIsAFailure) {
  const fs::path good = fake_program("good.sh", kRelease, kJsonSample);
  const fs::path broken = dir_ / "broken.sh";
  std::ofstream(broken)
      << "#!/bin/sh\necho 'cannot load fixtures' >&2\nexit 4\n";
  ::chmod(broken.c_str(), 0755);
  const CliRun r = fpbench("run --old '" + good.string() + "' --new '" +
                           broken.string() + "' --runs 1 --no-progress");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("--list-configs: exit status 4"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("cannot load fixtures"), std::string::npos) << r.err;
}

TEST_F(Run, ACrashIsNamedBySignal) {
  const fs::path good = fake_program("good.sh", kRelease, kJsonSample);
  const fs::path crash = fake_program("crash.sh", kRelease, "kill -SEGV $$");
  const CliRun r =
      fpbench("run --old '" + good.string() + "' --new '" + crash.string() +
              "' --runs 1 --min-time 0.001 --warmup 0 --no-progress");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("killed by signal 11"), std::string::npos) << r.err;
}

TEST_F(Run, DebugAndSanitizedBuildsAreRefused) {
  const fs::path debug =
      fake_program("debug.sh", "optimized=no\\nsanitized=no\\n", kJsonSample);
  const CliRun r = fpbench("run --old '" + debug.string() + "' --new '" +
                           debug.string() + "' --runs 1 --no-progress");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("it is not optimized"), std::string::npos) << r.err;
  const fs::path asan =
      fake_program("asan.sh", "optimized=yes\\nsanitized=yes\\n", kJsonSample);
  const CliRun s = fpbench("run --old '" + asan.string() + "' --new '" +
                           asan.string() + "' --runs 1 --no-progress");
  EXPECT_EQ(s.exit_code, 2);
  EXPECT_NE(s.err.find("sanitizers"), std::string::npos) << s.err;
}

TEST_F(Run, UsageErrors) {
  EXPECT_EQ(fpbench("run fs").exit_code, 2);  // nothing to compare
  EXPECT_EQ(fpbench("run --old-impl baseline fs").exit_code, 2);
  const CliRun r =
      fpbench("run --old-impl baseline --new-impl fast nosuch --no-progress");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("no scenario matches 'nosuch'"), std::string::npos)
      << r.err;
}

TEST_F(Run, ListShowsGridsByCategory) {
  const CliRun r = fpbench("list fs");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(
      r.out.find("fs/write-file-sync\n  encoding: 'utf8' 'latin1' 'base64'"),
      std::string::npos)
      << r.out;
  EXPECT_EQ(fpbench("list nosuch").exit_code, 2);
}

}  // namespace
}  // namespace fpbench::harness

// --paired and the k-th/k-th pairing property. The stand-in program counts
// its invocations in a file and reports the count as the rate, so a row's
// rate says when it was measured: the two samples of a back-to-back pair
// have consecutive counts.
namespace fpbench::harness {
namespace {

struct Row {
  std::string binary;
  std::string configuration;  // "demo/a n=1"
  long count;                 // the rate: which invocation measured it
};

// Sample rows in file order; the stand-in's values hold no commas or quotes.
std::vector<Row> rows_of(const std::string& csv) {
  std::vector<Row> rows;
  std::istringstream in(csv);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("\"binary\"", 0) == 0) continue;
    std::vector<std::string> f;
    std::istringstream fields(line);
    for (std::string part; std::getline(fields, part, ',');) {
      if (part.size() >= 2 && part.front() == '"')
        part = part.substr(1, part.size() - 2);
      f.push_back(part);
    }
    if (f.size() != 5) {
      ADD_FAILURE() << "unexpected row: " << line;
      continue;
    }
    rows.push_back({f[0], f[1] + " " + f[2], std::lround(std::stod(f[3]))});
  }
  return rows;
}

// Per configuration, the counts of its old and of its new rows in file order.
using CountsBySide = std::map<std::string, std::array<std::vector<long>, 2>>;
CountsBySide counts_by_side(const std::vector<Row>& rows) {
  CountsBySide out;
  for (const Row& r : rows)
    out[r.configuration][r.binary == "old" ? 0 : 1].push_back(r.count);
  return out;
}

// The regression test of fs/read-file-sync's missing descriptor, which read
// the descriptor at RLIMIT_NOFILE's limit: under callgrind that was one of
// Valgrind's open files, so the counted baseline allocated the executable's
// size (917,097 instructions per operation, the fast path 3,910) while its
// timed samples failed at once. Both passes must now take one path and
// count alike on both sides.
TEST_F(Run, ReadFileSyncOfAMissingFdCountsThePathItTimes) {
  if (scenarios_sanitized()) {
    // Not timed, so not counted either: refused before a sample.
    expect_refused_as_sanitized(
        fpbench("run --old-impl baseline --new-impl fast fs/read-file-sync "
                "--metric wall,instructions --runs 1 --no-progress"));
    return;
  }
  ASSERT_EQ(std::system("valgrind --version >/dev/null 2>&1"), 0)
      << "valgrind is needed to count instructions here";
  const fs::path out = dir_ / "missing-fd.jsonl";
  const CliRun r = fpbench(
      "run --old-impl baseline --new-impl fast fs/read-file-sync --set "
      "path=non-existing --set useFd=true --set encoding=utf8 --set size=1024 "
      "--metric wall,instructions --runs 2 --counter-runs 1 --min-time 0.001 "
      "--warmup 0 --no-progress -o '" +
      out.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto records = reports::parse_sample_jsonl(slurp(out), out.string());
  ASSERT_TRUE(records.has_value()) << records.error().message;
  std::map<std::string, double> instructions;
  std::set<std::string> labels;
  for (const reports::SampleRecord& rec : *records) {
    for (const auto& [name, value] : rec.outcomes) {
      if (name == "label") labels.insert(reports::outcome_text(value));
    }
    if (const auto* m = rec.find("instructions"))
      instructions[rec.binary == reports::Binary::kOld ? "old" : "new"] =
          m->value;
  }
  EXPECT_EQ(labels, std::set<std::string>{"'failed: EBADF (fstat)'"});
  ASSERT_EQ(instructions.size(), 2u);
  EXPECT_LT(instructions["old"], 20000) << "the baseline allocated again";
  EXPECT_NEAR(instructions["old"] / instructions["new"], 1.0, 0.05);
}

class Paired : public Run {
 protected:
  // Reports its invocation count (from 1) as items_per_second. With
  // fail_second_a, the second sample of demo/a fails, whichever side it is.
  fs::path counting_program(bool fail_second_a = false) {
    const std::string counter = (dir_ / "count").string();
    const std::string marker = (dir_ / "a-ran").string();
    std::string body = "n=$(cat '" + counter +
                       "' 2>/dev/null || echo 0); n=$((n+1)); " +
                       "echo $n > '" + counter + "'\n";
    if (fail_second_a) {
      body += "case \"$*\" in *demo/a*) if [ -e '" + marker +
              "' ]; then echo 'boom' >&2; exit 3; fi; touch '" + marker +
              "';; esac\n";
    }
    body +=
        "echo "
        "'{\"benchmarks\":[{\"name\":\"x\",\"run_type\":\"iteration\","
        "\"iterations\":10,"
        "\"real_time\":1000,\"time_unit\":\"ns\",\"items_per_second\":'$n'}]}'";
    return fake_program("count.sh", kRelease, body);
  }

  std::string common(const fs::path& program) {
    return "run --old '" + program.string() + "' --new '" + program.string() +
           "' --no-progress --min-time 0.001 --seed 11 ";
  }
};

TEST_F(Paired, PairsAreAdjacentInBothOrdersAndTheKthRowsMatch) {
  const CliRun r =
      fpbench(common(counting_program()) + "--paired --warmup 1 --runs 10");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<Row> rows = rows_of(r.out);
  ASSERT_EQ(rows.size(), 40u);
  int old_first = 0, new_first = 0;
  for (std::size_t i = 0; i + 1 < rows.size(); i += 2) {
    EXPECT_EQ(rows[i].configuration, rows[i + 1].configuration)
        << "rows " << i + 2;
    EXPECT_NE(rows[i].binary, rows[i + 1].binary) << "rows " << i + 2;
    EXPECT_EQ(rows[i + 1].count, rows[i].count + 1) << "back to back";
    (rows[i].binary == "old" ? old_first : new_first) += 1;
  }
  EXPECT_GT(old_first, 0);
  EXPECT_GT(new_first, 0);
  // 2 warm-up samples per configuration ran first, none written.
  EXPECT_EQ(rows.front().count, 5);
  for (const auto& [name, sides] : counts_by_side(rows)) {
    ASSERT_EQ(sides[0].size(), 10u) << name;
    ASSERT_EQ(sides[1].size(), 10u) << name;
    for (std::size_t k = 0; k < 10; ++k) {
      EXPECT_EQ(std::labs(sides[0][k] - sides[1][k]), 1)
          << name << " pair " << k;
    }
  }
}

TEST_F(Paired, DefaultScheduleKeepsTheKthRowsInOneRound) {
  // Two configurations, no warm-up: round r holds invocations 4r+1 .. 4r+4.
  const CliRun r = fpbench(common(counting_program()) + "--warmup 0 --runs 8");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const auto& [name, sides] : counts_by_side(rows_of(r.out))) {
    ASSERT_EQ(sides[0].size(), 8u) << name;
    ASSERT_EQ(sides[1].size(), 8u) << name;
    for (std::size_t k = 0; k < 8; ++k) {
      EXPECT_EQ((sides[0][k] - 1) / 4, static_cast<long>(k)) << name;
      EXPECT_EQ((sides[1][k] - 1) / 4, static_cast<long>(k)) << name;
    }
  }
}

TEST_F(Paired, AFailureDropsItsPartnerSoNoHalfPairIsWritten) {
  const CliRun r = fpbench(common(counting_program(/*fail_second_a=*/true)) +
                           "--paired --warmup 0 --runs 2");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("1 benchmark(s) failed"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("sample was dropped]: exit status 3"), std::string::npos)
      << r.err;
  const auto by_side = counts_by_side(rows_of(r.out));
  EXPECT_EQ(by_side.count("demo/a n=1"), 0u) << r.out;
  ASSERT_EQ(by_side.count("demo/b n=2"), 1u) << r.out;
  EXPECT_EQ(by_side.at("demo/b n=2")[0].size(), 2u);
  EXPECT_EQ(by_side.at("demo/b n=2")[1].size(), 2u);
}

TEST_F(Paired, ResumeRunsTheLaggingSideAloneThenWholePairs) {
  const fs::path csv = dir_ / "resume.csv";
  // A default-schedule run cut mid-round: demo/a has one old row too many.
  std::ofstream(csv) << reports::kSampleCsvHeader
                     << "\"old\",\"demo/a\",\"n=1\",100,0.1\n"
                     << "\"new\",\"demo/a\",\"n=1\",100,0.1\n"
                     << "\"old\",\"demo/a\",\"n=1\",100,0.1\n";
  const CliRun r =
      fpbench(common(counting_program()) +
              "--paired --warmup 0 --runs 3 --resume '" + csv.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<Row> rows = rows_of(slurp(csv));
  std::vector<Row> a_added;
  for (std::size_t i = 3; i < rows.size(); ++i) {
    if (rows[i].configuration == "demo/a n=1") a_added.push_back(rows[i]);
  }
  ASSERT_EQ(a_added.size(), 3u);
  EXPECT_EQ(a_added[0].binary, "new") << "the lagging side first, alone";
  EXPECT_EQ(std::labs(a_added[2].count - a_added[1].count), 1)
      << "then a back-to-back pair";
  for (const auto& [name, sides] : counts_by_side(rows)) {
    EXPECT_EQ(sides[0].size(), 3u) << name;
    EXPECT_EQ(sides[1].size(), 3u) << name;
  }
}

}  // namespace
}  // namespace fpbench::harness
