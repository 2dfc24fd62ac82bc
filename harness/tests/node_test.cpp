// fpbench run --node as a drop-in for Node's benchmark/compare.js, on
// scripts in common.js's protocol (data/node-bench/benchmark: a small
// common.js and compare.js of fpbench's own, and scripts shaped like Node's
// fs/readFileSync.js, fs/bench-readdir-recursive.js and
// buffers/buffer-fill.js). Nothing here asserts a timing.

#include <gtest/gtest.h>
#include <sched.h>
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
#include <utility>
#include <vector>

#include "fpbench/base/process.hpp"
#include "fpbench/harness/node_source.hpp"
#include "fpbench/reports/sample_csv.hpp"
#include "fpbench/test_support/ci.hpp"
#include "fpbench/test_support/programs.hpp"
#include "fpbench/test_support/test_files.hpp"

namespace fpbench::harness {
namespace {

namespace fs = std::filesystem;
using test_support::CliRun;
using test_support::slurp;

const std::string kData = FPBENCH_SOURCE_DIR "/harness/tests/data/node-bench";
const std::string kBench = kData + "/benchmark";

std::vector<std::string> filenames(const std::vector<NodeScript>& scripts) {
  std::vector<std::string> out;
  for (const NodeScript& s : scripts) out.push_back(s.filename);
  return out;
}

TEST(NodeDiscovery, CategoriesAndAllAsCompareJsFindsThem) {
  const auto fs_scripts = discover_node_scripts(kBench, {"fs"}, {}, {});
  ASSERT_TRUE(fs_scripts.has_value()) << fs_scripts.error().message;
  // _helper.js is skipped, as compare.js skips names starting with '_'.
  EXPECT_EQ(filenames(*fs_scripts),
            (std::vector<std::string>{"fs/read-file-sync.js",
                                      "fs/readdir-recursive.js"}));
  const auto all = discover_node_scripts(kBench, {"all"}, {}, {});
  ASSERT_TRUE(all.has_value()) << all.error().message;
  // Every category but fixtures, in name order.
  EXPECT_EQ(filenames(*all),
            (std::vector<std::string>{
                "broken/needs-newer-node.js", "broken/throws.js",
                "buffers/fill.js", "fs/read-file-sync.js",
                "fs/readdir-recursive.js", "misc/empty-grid.js",
                "misc/values.js", "partial/filtered-out.js", "partial/skips.js",
                "rates/reported.js", "sched/affinity.js", "sched/policy.js"}));
}

TEST(NodeDiscovery, FilterAndExcludeMatchTheFileNameOnly) {
  // "bench" is in every script's path (node-bench/benchmark/...), in no
  // file name: compare.js keeps nothing.
  const auto none = discover_node_scripts(kBench, {"all"}, {"bench"}, {});
  ASSERT_FALSE(none.has_value());
  EXPECT_EQ(none.error().kind, ErrorKind::kUsage);
  const auto read =
      discover_node_scripts(kBench, {"fs", "misc"}, {"read"}, {"recursive"});
  ASSERT_TRUE(read.has_value()) << read.error().message;
  EXPECT_EQ(filenames(*read),
            (std::vector<std::string>{"fs/read-file-sync.js"}));
  EXPECT_TRUE(compare_js_skips("x.js", {"y"}, {}));
  EXPECT_FALSE(compare_js_skips("x.js", {"y", "x"}, {}));
  EXPECT_TRUE(compare_js_skips("x.js", {"x"}, {"."}));
}

TEST(NodeDiscovery, AMissingCategoryOrScriptIsAUsageError) {
  const auto category = discover_node_scripts(kBench, {"nosuch"}, {}, {});
  ASSERT_FALSE(category.has_value());
  EXPECT_NE(category.error().message.find("\"nosuch\" category does not exist"),
            std::string::npos)
      << category.error().message;
  EXPECT_NE(category.error().message.find("buffers"), std::string::npos);
  EXPECT_FALSE(discover_node_scripts(kBench, {"fixtures"}, {}, {}));
  const auto script = discover_node_scripts(kBench, {"fs/nosuch.js"}, {}, {});
  ASSERT_FALSE(script.has_value());
  EXPECT_NE(script.error().message.find("no benchmark script 'fs/nosuch.js'"),
            std::string::npos);
  // A script by path, named from the benchmark folder.
  const auto by_path =
      discover_node_scripts(kBench, {kBench + "/misc/values.js"}, {}, {});
  ASSERT_TRUE(by_path.has_value()) << by_path.error().message;
  EXPECT_EQ(filenames(*by_path), (std::vector<std::string>{"misc/values.js"}));
}

using RowKey = std::pair<std::string, std::string>;

class NodeRun : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!test_support::node_available()) {
      FPBENCH_SKIP_OR_FAIL_IN_CI("no node on PATH");
    }
    dir_ = fs::temp_directory_path() /
           ("fpbench-node-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override {
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  CliRun fpbench(const std::string& args) {
    return test_support::run_program(FPBENCH_CLI, args, dir_);
  }
  CliRun run_node(const std::string& args) {
    return fpbench("run --node --benchmark-dir '" + kBench +
                   "' --warmup 0 --no-progress --seed 7 " + args);
  }
  // Our compare.js, run as a Node contributor runs Node's.
  CliRun compare_js(const std::string& args) {
    return test_support::run_program(
        "node", "'" + kBench + "/compare.js' --old node --new node " + args,
        dir_);
  }
  // The rows compare.js writes; none when it fails (said as a failure).
  std::set<RowKey> compare_js_rows(const std::string& args);

  fs::path dir_;
};

std::set<RowKey> row_keys(const reports::SampleSet& samples) {
  std::set<RowKey> out;
  for (const auto& b : samples.benchmarks())
    out.emplace(b.filename, b.configuration);
  return out;
}

std::set<RowKey> NodeRun::compare_js_rows(const std::string& args) {
  const CliRun js = compare_js(args);
  EXPECT_EQ(js.exit_code, 0) << js.err;
  const auto rows = reports::parse_samples_csv(js.out, "compare.js");
  EXPECT_TRUE(rows.has_value()) << rows.error().message;
  return js.exit_code == 0 && rows ? row_keys(*rows) : std::set<RowKey>{};
}

TEST_F(NodeRun, UntilDecidedSaysTheRunsEachConfigurationTook) {
  const CliRun r = run_node(
      "--old node --new node --until-decided --runs 2 --look-every 1 "
      "--max-runs 3 fs/read-file-sync.js -o '" +
      (dir_ / "wall.csv").string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // encoding='undefined' and encoding='utf8'.
  EXPECT_TRUE(test_support::runs_per_configuration_line(r.err, 2));
}

TEST_F(NodeRun, NamesEveryRowAsCompareJsDoes) {
  const std::string categories = "misc fs buffers";
  const CliRun ours = run_node("--old node --new node --runs 1 " + categories +
                               " -o '" + (dir_ / "fpbench.csv").string() + "'");
  ASSERT_EQ(ours.exit_code, 0) << ours.err;
  const CliRun theirs = compare_js("--runs 1 " + categories);
  ASSERT_EQ(theirs.exit_code, 0) << theirs.err;
  std::ofstream(dir_ / "compare-js.csv") << theirs.out;
  const auto a = reports::parse_samples_csv(slurp(dir_ / "fpbench.csv"), "a");
  const auto b = reports::parse_samples_csv(theirs.out, "b");
  ASSERT_TRUE(a.has_value()) << a.error().message;
  ASSERT_TRUE(b.has_value()) << b.error().message;
  EXPECT_EQ(row_keys(*a), row_keys(*b));
  // 1 + 10 + 2 + 4 + 14 configurations; a value of each kind by name.
  EXPECT_EQ(a->benchmarks().size(), 31u);
  const std::set<RowKey> keys = row_keys(*a);
  for (const RowKey& expected :
       {RowKey{"misc/values.js",
               "n=2000 ratio=0.5 flag='true' word=`both ' and \"`"},
        RowKey{"misc/values.js", "n=2000 ratio=0.5 flag='false' word=\"it's\""},
        RowKey{"misc/values.js", "n=2000 ratio=0.5 flag='true' word='a, b c'"},
        RowKey{"buffers/fill.js", "n=2000 size=256 type='fill(\"t\", 0)'"},
        RowKey{"misc/empty-grid.js", ""}}) {
    EXPECT_EQ(keys.count(expected), 1u)
        << expected.first << " " << expected.second;
  }
  // fpbench compare of each: the same rows in the same order.
  const CliRun ca =
      fpbench("compare '" + (dir_ / "fpbench.csv").string() + "'");
  const CliRun cb =
      fpbench("compare '" + (dir_ / "compare-js.csv").string() + "'");
  ASSERT_EQ(ca.exit_code, 0) << ca.err;
  ASSERT_EQ(cb.exit_code, 0) << cb.err;
  const auto names = [](const std::string& table) {
    std::vector<std::string> out;
    std::istringstream in(table);
    for (std::string line; std::getline(in, line);)
      out.push_back(line.substr(0, line.find("  ")));
    return out;
  };
  EXPECT_EQ(names(ca.out), names(cb.out));
}

// Both forms of common.js's elapsed time: a BigInt of nanoseconds (Node 22
// and later) and process.hrtime()'s pair (Node 20).
TEST_F(NodeRun, TimeIsTheConfigurationsTimedSection) {
  const std::string args =
      "run --node --benchmark-dir '" + kBench +
      "' --warmup 0 --no-progress --seed 7 --old node --new node --runs 1 "
      "fs/read-file-sync.js";
  for (const std::string hrtime : {"bigint", "array"}) {
    const CliRun r = test_support::run_program(
        "env", "FPBENCH_TEST_HRTIME=" + hrtime + " '" FPBENCH_CLI "' " + args,
        dir_);
    ASSERT_EQ(r.exit_code, 0) << hrtime << ": " << r.err;
    // rate x time is the script's operation count (n=300): the time is that
    // of bench.start() to bench.end(n), not of the process.
    std::istringstream in(r.out);
    std::string line;
    std::getline(in, line);
    int rows = 0;
    for (; std::getline(in, line); ++rows) {
      const std::size_t last = line.rfind(',');
      const std::size_t before = line.rfind(',', last - 1);
      const double rate = std::stod(line.substr(before + 1, last - before - 1));
      const double time = std::stod(line.substr(last + 1));
      EXPECT_NEAR(rate * time, 300.0, 1e-6) << hrtime << ": " << line;
    }
    EXPECT_EQ(rows, 4) << hrtime;
  }
}

TEST_F(NodeRun, SetTakesAnyValueCompareJsTakes) {
  const CliRun r = run_node(
      "--old node --new node --runs 2 buffers --set 'type=fill(\"t\", 0)'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto s = reports::parse_samples_csv(r.out, "stdout");
  ASSERT_TRUE(s.has_value()) << s.error().message;
  EXPECT_EQ(
      row_keys(*s),
      (std::set<RowKey>{
          {"buffers/fill.js", "n=2000 size=256 type='fill(\"t\", 0)'"},
          {"buffers/fill.js", "n=2000 size=8192 type='fill(\"t\", 0)'"}}));
  for (const auto& b : s->benchmarks()) {
    EXPECT_EQ(b.old_rates.size(), 2u);
    EXPECT_EQ(b.new_rates.size(), 2u);
  }
  EXPECT_EQ(run_node("--old node --new node buffers --set '=x'").exit_code, 2);
}

// A configuration that throws, and a script that does not load under this
// node (written for a newer one), fail alone: the rest is measured, the
// failures are named, and the run exits 3.
TEST_F(NodeRun, AThrowingConfigurationFailsOnlyItself) {
  const CliRun r = run_node("--old node --new node --runs 2 broken");
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.err.find("this configuration is broken"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("broken/needs-newer-node.js: listing its "
                       "configurations failed"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("fpbench-no-such-module"), std::string::npos) << r.err;
  const auto s = reports::parse_samples_csv(r.out, "stdout");
  ASSERT_TRUE(s.has_value()) << s.error().message;
  EXPECT_EQ(row_keys(*s),
            (std::set<RowKey>{{"broken/throws.js", "n=100 mode='fine'"},
                              {"broken/throws.js", "n=100 mode='also-fine'"}}));
  // Said before the first sample, then once more among the failures.
  const std::size_t said = r.err.find("needs-newer-node.js");
  EXPECT_NE(r.err.find("needs-newer-node.js", said + 1), std::string::npos)
      << r.err;
  // Nothing left to run is a failure of the run.
  const CliRun alone =
      run_node("--old node --new node --runs 1 --filter newer broken");
  EXPECT_EQ(alone.exit_code, 3) << alone.err;
  EXPECT_NE(alone.err.find("needs-newer-node.js: listing its configurations "
                           "failed"),
            std::string::npos)
      << alone.err;
}

TEST_F(NodeRun, AConfigurationTheScriptSkipsHasNoRowsAndFailsNothing) {
  const CliRun r =
      run_node("--old node --new node --runs 2 --filter skips partial");
  // The unfinished timed section fails; the skipped configuration does not.
  EXPECT_EQ(r.exit_code, 3) << r.err;
  const std::string skipped =
      "partial/skips.js n=100 mode='skipped': the script ran no timed section";
  const std::size_t note = r.err.find(skipped);
  EXPECT_NE(note, std::string::npos) << r.err;
  EXPECT_EQ(r.err.find(skipped, note + 1), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("n=100 mode='unfinished' [old]: reported no result"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("n=100 mode='skipped' [old]"), std::string::npos)
      << r.err;
  const auto s = reports::parse_samples_csv(r.out, "stdout");
  ASSERT_TRUE(s.has_value()) << s.error().message;
  EXPECT_EQ(row_keys(*s),
            (std::set<RowKey>{{"partial/skips.js", "n=100 mode='measured'"}}));
  for (const auto& b : s->benchmarks()) {
    EXPECT_EQ(b.old_rates.size(), 2u);
    EXPECT_EQ(b.new_rates.size(), 2u);
  }
  // compare.js writes rows for the same configurations.
  EXPECT_EQ(compare_js_rows("--runs 1 --filter skips partial"), row_keys(*s));
}

TEST_F(NodeRun, AScriptWhoseFilterLeavesNoConfigurationHasNoRows) {
  const std::string note = "partial/filtered-out.js: no configuration to run";
  const CliRun some = run_node(
      "--old node --new node --runs 1 --filter filtered --filter values "
      "partial misc");
  EXPECT_EQ(some.exit_code, 0) << some.err;
  EXPECT_NE(some.err.find(note), std::string::npos) << some.err;
  EXPECT_EQ(some.err.find("not a benchmark script"), std::string::npos)
      << some.err;
  const auto s = reports::parse_samples_csv(some.out, "stdout");
  ASSERT_TRUE(s.has_value()) << s.error().message;
  EXPECT_EQ(s->benchmarks().size(), 10u);
  for (const auto& b : s->benchmarks()) EXPECT_EQ(b.filename, "misc/values.js");
  // Nothing at all to run is said as such, before any sample.
  const CliRun none =
      run_node("--old node --new node --runs 1 --filter filtered partial");
  EXPECT_EQ(none.exit_code, 2) << none.err;
  EXPECT_NE(none.err.find("no configuration is left to run"), std::string::npos)
      << none.err;
  EXPECT_NE(none.err.find(note), std::string::npos) << none.err;
  // Asked for with --set, its configurations run.
  const CliRun asked = run_node(
      "--old node --new node --runs 1 --set n=1 --filter filtered partial");
  EXPECT_EQ(asked.exit_code, 0) << asked.err;
  const auto a = reports::parse_samples_csv(asked.out, "stdout");
  ASSERT_TRUE(a.has_value()) << a.error().message;
  EXPECT_EQ(row_keys(*a),
            (std::set<RowKey>{{"partial/filtered-out.js", "mode='a' n=1"},
                              {"partial/filtered-out.js", "mode='b' n=1"}}));
  EXPECT_EQ(compare_js_rows("--runs 1 --set n=1 --filter filtered partial"),
            row_keys(*a));
}

TEST_F(NodeRun, EverythingIsCheckedBeforeTheFirstSample) {
  const fs::path out = dir_ / "samples.csv";
  const CliRun missing_new =
      run_node("--old node --new '" + (dir_ / "no-node").string() +
               "' fs -o '" + out.string() + "'");
  EXPECT_EQ(missing_new.exit_code, 2) << missing_new.err;
  EXPECT_NE(missing_new.err.find("--new"), std::string::npos)
      << missing_new.err;
  EXPECT_FALSE(fs::exists(out));
  const CliRun category = run_node("--old node --new node nosuch");
  EXPECT_EQ(category.exit_code, 2) << category.err;
  EXPECT_NE(category.err.find("\"nosuch\" category does not exist"),
            std::string::npos)
      << category.err;
  const CliRun script = run_node("--old node --new node fs/nosuch.js");
  EXPECT_EQ(script.exit_code, 2) << script.err;
}

TEST_F(NodeRun, ARateThatIsNoRateFailsTheSample) {
  for (const auto& [rate, why] :
       {std::pair{"-5", "rate -5 is "}, std::pair{"0", "rate 0 is "},
        std::pair{"1e400", "not numbers"}}) {
    const CliRun r = run_node(std::string("--old node --new node --runs 1 "
                                          "rates --set rate=") +
                              rate);
    EXPECT_EQ(r.exit_code, 3) << rate << ": " << r.err;
    EXPECT_NE(r.err.find(why), std::string::npos) << rate << ": " << r.err;
  }
}

TEST_F(NodeRun, ResumeRefusesAFileOfOtherConfigurations) {
  const fs::path csv = dir_ / "samples.csv";
  const std::string script = "misc/values.js --set word=plain ";
  ASSERT_EQ(run_node("--old node --new node --runs 1 " + script + "-o '" +
                     csv.string() + "'")
                .exit_code,
            0);
  const CliRun other = run_node("--old node --new node --runs 2 " + script +
                                "--set n=10 --resume '" + csv.string() + "'");
  EXPECT_EQ(other.exit_code, 2) << other.err;
  EXPECT_NE(other.err.find("holds 'misc/values.js n=2000 ratio=0.5 "
                           "flag='true' word='plain''"),
            std::string::npos)
      << other.err;
  EXPECT_NE(other.err.find("measures 'misc/values.js n=10 ratio=0.5 "
                           "flag='true' word='plain''"),
            std::string::npos)
      << other.err;
  // The same run continues.
  const CliRun same = run_node("--old node --new node --runs 2 " + script +
                               "--resume '" + csv.string() + "'");
  ASSERT_EQ(same.exit_code, 0) << same.err;
  const auto s = reports::parse_samples_csv(slurp(csv), csv.string());
  ASSERT_TRUE(s.has_value()) << s.error().message;
  ASSERT_EQ(s->benchmarks().size(), 2u);
  for (const auto& b : s->benchmarks()) {
    EXPECT_EQ(b.old_rates.size(), 2u) << b.name;
    EXPECT_EQ(b.new_rates.size(), 2u) << b.name;
  }
}

TEST_F(NodeRun, PairedRunsEachConfigurationBackToBack) {
  const CliRun r = run_node(
      "--old node --new node --runs 2 --paired misc/values.js "
      "--set word=plain");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto s = reports::parse_samples_csv(r.out, "stdout");
  ASSERT_TRUE(s.has_value()) << s.error().message;
  EXPECT_EQ(s->benchmarks().size(), 2u);
}

TEST_F(NodeRun, CpuFaultsAndRssComeWithTheTimedSample) {
  const fs::path out = dir_ / "samples.jsonl";
  const CliRun r = run_node(
      "--old node --new node --runs 1 --metric wall,cpu,faults,rss "
      "fs/read-file-sync.js -o '" +
      out.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::istringstream in(slurp(out));
  int lines = 0;
  for (std::string line; std::getline(in, line); ++lines) {
    const auto metrics = nlohmann::json::parse(line)["metrics"];
    for (const char* metric : {"wall", "cpu", "faults", "rss"})
      EXPECT_TRUE(metrics.contains(metric)) << metric << ": " << line;
    EXPECT_GT(metrics["cpu"]["value"].get<double>(), 0) << line;
  }
  EXPECT_EQ(lines, 4);
}

// A script's configurations share node's start-up, the script's modules and
// its files: the warm-up runs one configuration of each script a side, not
// every configuration.
TEST_F(NodeRun, WarmUpRunsOneConfigurationOfEachScript) {
  const CliRun r = fpbench("run --node --benchmark-dir '" + kBench +
                           "' --no-progress --seed 7 --old node --new node "
                           "--runs 1 --warmup 2 buffers misc");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto s = reports::parse_samples_csv(r.out, "stdout");
  ASSERT_TRUE(s.has_value()) << r.out;
  EXPECT_GT(s->benchmarks().size(), 3u);
  // 3 scripts (buffers/fill.js, misc/empty-grid.js, misc/values.js), 2
  // sides, 2 rounds.
  EXPECT_NE(r.err.find("of which warm-up "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(" (12 samples)"), std::string::npos) << r.err;
  // None unless asked for, as compare.js.
  const CliRun none = fpbench("run --node --benchmark-dir '" + kBench +
                              "' --no-progress --seed 7 --old node --new node "
                              "--runs 1 buffers misc");
  ASSERT_EQ(none.exit_code, 0) << none.err;
  EXPECT_NE(none.err.find(" (0 samples)"), std::string::npos) << none.err;
}

// Real-time priority covers the timed section and nothing before it.
// The operation count of the only row of a run of one configuration.
long operations_of(const CliRun& r) {
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto s = reports::parse_samples_csv(r.out, "stdout");
  EXPECT_TRUE(s.has_value()) << r.out;
  std::istringstream in(r.out);
  std::string line;
  std::getline(in, line);
  std::getline(in, line);
  const std::size_t last = line.rfind(',');
  const std::size_t before = line.rfind(',', last - 1);
  if (last == std::string::npos || before == std::string::npos) return -1;
  return std::lround(std::stod(line.substr(before + 1, last - before - 1)) *
                     std::stod(line.substr(last + 1)));
}

// A node has threads of its own (V8's platform workers, libuv's pool), so by
// default its timed section stays at normal priority; --realtime-always puts
// every thread at real-time priority around the timed section only.
TEST_F(NodeRun, RealTimePriorityOnlyAroundTheTimedSectionWhenAskedFor) {
  const auto operations = [&](const std::string& flags) {
    return operations_of(run_node(
        "--old node --new node --runs 1 --filter policy sched " + flags));
  };
  EXPECT_EQ(operations("--no-realtime"), 1);
  EXPECT_EQ(operations(""), 1) << "a node is not one thread";
  if (!realtime_permitted())
    FPBENCH_SKIP_OR_FAIL_IN_CI("no real-time priority here");
  EXPECT_EQ(operations("--realtime-always"), 11)
      << "SCHED_FIFO inside, normal before";
}

// compare.js's --set CPUSET=LIST runs each script under taskset -c LIST:
// every configuration's process is pinned there, named as without it.
TEST_F(NodeRun, CpusetOfSetPinsEveryConfigurationAsCompareJs) {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  ASSERT_EQ(::sched_getaffinity(0, sizeof allowed, &allowed), 0);
  int cpu = 0;
  while (cpu < 32 && !CPU_ISSET(cpu, &allowed)) ++cpu;
  ASSERT_LT(cpu, 32) << "no CPU below 32 to pin to";
  const std::string affinity =
      "--old node --new node --runs 1 --filter affinity sched ";
  const CliRun pinned =
      run_node(affinity + "--set CPUSET=" + std::to_string(cpu));
  EXPECT_EQ(operations_of(pinned), 1 + (1L << cpu)) << pinned.out;
  EXPECT_NE(pinned.out.find("\"sched/affinity.js\",\"n=1\","),
            std::string::npos)
      << pinned.out;
  // Not pinned: every CPU it may run on (below 32).
  long mask = 0;
  for (int c = 0; c < 32; ++c) {
    if (CPU_ISSET(c, &allowed)) mask |= 1L << c;
  }
  EXPECT_EQ(operations_of(run_node(affinity)), 1 + mask);
  // --cpu pins the same way; a malformed or contradicting list is refused.
  EXPECT_EQ(operations_of(run_node(affinity + "--cpu " + std::to_string(cpu))),
            1 + (1L << cpu));
  const CliRun bad = run_node(affinity + "--set CPUSET=0-x");
  EXPECT_EQ(bad.exit_code, 2) << bad.err;
  EXPECT_NE(bad.err.find("--set CPUSET=0-x: '0-x': 'x' is not a CPU number"),
            std::string::npos)
      << bad.err;
  const CliRun both = run_node(affinity + "--cpu 0 --set CPUSET=0-1");
  EXPECT_EQ(both.exit_code, 2) << both.err;
  EXPECT_NE(both.err.find("name other CPUs"), std::string::npos) << both.err;
}

// A node "build" whose readFileSync makes one more system call fails the
// syscall gate on 3 runs a side, decided exactly; the same node against
// itself passes.
TEST_F(NodeRun, OneMoreSyscallPerReadFileSyncFailsTheGate) {
  const std::string shimmed = kData + "/node-with-fstat.sh";
  const auto gate = [&](const std::string& new_node, const std::string& name) {
    const fs::path out = dir_ / (name + ".jsonl");
    const CliRun run = run_node("--old node --new '" + new_node +
                                "' --metric syscalls --counter-runs 3 "
                                "fs/read-file-sync.js -o '" +
                                out.string() + "'");
    EXPECT_EQ(run.exit_code, 0) << run.err;
    return fpbench("gate --metric syscalls '" + out.string() + "'");
  };
  const CliRun aa = gate("node", "aa");
  EXPECT_EQ(aa.exit_code, 0) << aa.out << aa.err;
  const CliRun ab = gate(shimmed, "ab");
  EXPECT_EQ(ab.exit_code, 1) << ab.out << ab.err;
  // The added call by name: one more per operation on the new side than on
  // the old, the same in every process.
  std::map<std::string, std::array<std::set<double>, 2>> statx;
  std::istringstream in(slurp(dir_ / "ab.jsonl"));
  for (std::string line; std::getline(in, line);) {
    const auto j = nlohmann::json::parse(line);
    const std::size_t side = j["binary"] == "new" ? 1 : 0;
    statx[j["configuration"].get<std::string>()][side].insert(
        j["metrics"]["syscalls"]["by_name"]["statx"].get<double>());
  }
  ASSERT_EQ(statx.size(), 2u);
  for (const auto& [configuration, sides] : statx) {
    ASSERT_EQ(sides[0].size(), 1u) << configuration;
    ASSERT_EQ(sides[1].size(), 1u) << configuration;
    EXPECT_EQ(*sides[1].begin() - *sides[0].begin(), 1.0) << configuration;
  }
}

// No PMU here: instructions are counted under callgrind, from the
// configuration's bench.start() to its bench.end(n) only. The shimmed
// node's readFileSync calls fstatSync as well, many instructions more per
// operation, and fails the gate with 3 runs per side; the same node on
// both sides passes.
TEST_F(NodeRun, InstructionsOfTheTimedSectionUnderCallgrind) {
  ASSERT_EQ(std::system("valgrind --version >/dev/null 2>&1"), 0)
      << "valgrind is needed for instructions without a PMU";
  const std::string shimmed = kData + "/node-with-fstat.sh";
  const auto gate = [&](const std::string& new_node, const std::string& name) {
    const fs::path out = dir_ / (name + ".jsonl");
    const CliRun run =
        run_node("--old node --new '" + new_node +
                 "' --metric instructions --counter-runs 3 "
                 "--set encoding=utf8 fs/read-file-sync.js -o '" +
                 out.string() + "'");
    EXPECT_EQ(run.exit_code, 0) << run.err;
    std::array<std::vector<double>, 2> counts;
    std::istringstream in(slurp(out));
    for (std::string line; std::getline(in, line);) {
      const auto j = nlohmann::json::parse(line);
      EXPECT_EQ(j["metrics"]["instructions"]["source"], "valgrind") << line;
      counts[j["binary"] == "new" ? 1 : 0].push_back(
          j["metrics"]["instructions"]["value"].get<double>());
    }
    EXPECT_EQ(counts[0].size(), 3u);
    EXPECT_EQ(counts[1].size(), 3u);
    return std::pair{
        counts, fpbench("gate --metric instructions '" + out.string() + "'")};
  };
  const auto [aa_counts, aa] = gate("node", "aa");
  EXPECT_EQ(aa.exit_code, 0) << aa.out << aa.err;
  const auto [ab_counts, ab] = gate(shimmed, "ab");
  EXPECT_EQ(ab.exit_code, 1) << ab.out << ab.err;
  // Per operation, not per process: a readFileSync of a small file is some
  // thousands of instructions, and node's start-up (hundreds of millions)
  // is not in them.
  for (const auto& side : {aa_counts[0], ab_counts[0]}) {
    for (double v : side) {
      EXPECT_GT(v, 1000) << "instructions per readFileSync";
      EXPECT_LT(v, 1e6) << "instructions per readFileSync";
    }
  }
}

}  // namespace
}  // namespace fpbench::harness
