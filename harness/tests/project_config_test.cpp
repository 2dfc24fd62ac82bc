// fpbench.toml as project_config.hpp reads it: the documented example as
// written, and every mistake named by file, line, column and key.

#include "fpbench/harness/project_config.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "fpbench/reports/metric_samples.hpp"

namespace fpbench::harness {
namespace {

// The example of docs/guide-ci.md and the README, as written there.
constexpr const char* kExample = R"([build]
command = "cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build -j2"

[[benchmarks]]
gbench = "build/bench/codec_bench"
filter = "^BM_(Encode|Decode)/"
metrics = ["wall", "instructions"]

[[benchmarks]]
name = "cli"
command = "build/tool --level {level} testdata/big.txt"
params = { level = ["1", "6"] }
metrics = ["wall", "syscalls"]

[gate]
wall = "5%"
instructions = "1%"
syscalls = "0"

[[gate.rules]]
match = "BM_Decode/*"
wall = "2%"

[history]
store = "history.sqlite"
)";

const std::string kBuild = "[build]\ncommand = \"make\"\n";
const std::string kEntry = "[[benchmarks]]\ngbench = \"bench\"\n";

// The error message of a config that must not load.
std::string error_of(const std::string& text) {
  const auto c = parse_project_config(text, "fpbench.toml");
  EXPECT_FALSE(c.has_value()) << text;
  if (c) return "";
  EXPECT_EQ(c.error().kind, ErrorKind::kBadInput) << c.error().message;
  return c.error().message;
}

TEST(ProjectConfig, TheDocumentedExampleReadsAsWritten) {
  const auto c = parse_project_config(kExample, "fpbench.toml");
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(c->build.command,
            "cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build "
            "build -j2");
  ASSERT_EQ(c->benchmarks.size(), 2u);
  const BenchmarkEntry& gbench = c->benchmarks[0];
  EXPECT_EQ(gbench.kind, "gbench");
  EXPECT_EQ(gbench.program, "build/bench/codec_bench");
  EXPECT_EQ(gbench.selectors, std::vector<std::string>{"^BM_(Encode|Decode)/"});
  EXPECT_EQ(gbench.metrics, (std::vector<std::string>{"wall", "instructions"}));
  EXPECT_EQ(gbench.place.text(), "fpbench.toml:4:1");
  const BenchmarkEntry& cli = c->benchmarks[1];
  EXPECT_EQ(cli.kind, "command");
  EXPECT_EQ(cli.name, "cli");
  ASSERT_EQ(cli.params.size(), 1u);
  EXPECT_EQ(cli.params[0].name, "level");
  EXPECT_EQ(cli.params[0].values, (std::vector<std::string>{"1", "6"}));
  EXPECT_EQ(cli.metrics, (std::vector<std::string>{"wall", "syscalls"}));
  std::map<std::string, double> thresholds;
  for (const MetricThreshold& t : c->gate.thresholds)
    thresholds[t.metric] = t.pct;
  EXPECT_EQ(thresholds,
            (std::map<std::string, double>{
                {"instructions", 1}, {"syscalls", 0}, {"wall", 5}}));
  ASSERT_EQ(c->gate.rules.size(), 1u);
  EXPECT_EQ(c->gate.rules[0].match, "BM_Decode/*");
  ASSERT_EQ(c->gate.rules[0].thresholds.size(), 1u);
  EXPECT_EQ(c->gate.rules[0].thresholds[0].metric, "wall");
  EXPECT_EQ(c->gate.rules[0].thresholds[0].pct, 2);
  EXPECT_EQ(c->history.store, "history.sqlite");
  EXPECT_EQ(configured_metrics(*c),
            (std::vector<std::string>{"wall", "instructions", "syscalls"}));
}

TEST(ProjectConfig, ATypoedKeyIsRefusedWithItsPlace) {
  EXPECT_EQ(error_of(kBuild + kEntry + "[gate]\nwal = \"5%\"\n"),
            "fpbench.toml:6:1: gate.wal: unknown key (known here: alpha, "
            "strict, runs, look_every, max_runs, counter_runs, time_budget, "
            "min_time, until_decided, paired, rules and metrics: " +
                reports::metric_names_text() + ")");
  EXPECT_NE(error_of(kBuild + kEntry + "filtr = \"^BM_\"\n")
                .find("fpbench.toml:5:1: benchmarks[1].filtr: unknown key"),
            std::string::npos);
  EXPECT_NE(error_of(kBuild + kEntry + "[histroy]\nstore = \"h.db\"\n")
                .find("fpbench.toml:5:2: histroy: unknown key"),
            std::string::npos);
  // A key of another kind is as unknown as a typo.
  EXPECT_NE(error_of(kBuild + kEntry + "params = { n = [\"1\"] }\n")
                .find("benchmarks[1].params: unknown key (known here: gbench, "
                      "name, metrics, min_time, filter, args)"),
            std::string::npos);
}

TEST(ProjectConfig, AThresholdThatDoesNotParseIsRefused) {
  EXPECT_EQ(error_of(kBuild + kEntry + "[gate]\nwall = \"5 percent\"\n"),
            "fpbench.toml:6:8: gate.wall: threshold \"5 percent\" is not a "
            "percentage (like \"5%\", \"0.5%\" or \"0\")");
  EXPECT_NE(error_of(kBuild + kEntry +
                     "[[gate.rules]]\nmatch = \"BM_*\"\nsyscalls = \"-1\"\n")
                .find("gate.rules[1].syscalls: threshold \"-1\""),
            std::string::npos);
  EXPECT_NE(error_of(kBuild + kEntry + "[gate]\nwall = \"100%\"\n")
                .find("gate.wall: threshold \"100%\": a rate cannot fall by "
                      "100% or more"),
            std::string::npos);
  EXPECT_NE(error_of(kBuild + kEntry + "[gate]\ninstructions = true\n")
                .find("gate.instructions: expected a threshold such as "
                      "\"5%\" or \"0\", found a boolean"),
            std::string::npos);
  EXPECT_NE(error_of(kBuild + kEntry + "[gate]\ntime_budget = \"10 min\"\n")
                .find("gate.time_budget: expected a positive duration"),
            std::string::npos);
}

TEST(ProjectConfig, AnEntryNamesOneProgramOfAKnownKind) {
  EXPECT_NE(error_of(kBuild + "[[benchmarks]]\nname = \"x\"\n")
                .find("fpbench.toml:3:1: benchmarks[1]: names no program: "
                      "give one of gbench, command, node, scenarios"),
            std::string::npos);
  EXPECT_NE(error_of(kBuild + kEntry + "command = \"true\"\n")
                .find("benchmarks[1]: names both gbench and command"),
            std::string::npos);
  EXPECT_NE(error_of(kBuild + kEntry + "metrics = [\"wall\", \"instrs\"]\n")
                .find("benchmarks[1].metrics: unknown metric 'instrs'"),
            std::string::npos);
  EXPECT_NE(error_of(kBuild + kEntry + "filter = \"^BM_(\"\n")
                .find("benchmarks[1].filter: '^BM_(' is not a regular "
                      "expression"),
            std::string::npos);
  EXPECT_NE(error_of(kBuild + "[[benchmarks]]\ncommand = \"tool {n}\"\n"
                              "params = { n = [1, 2] }\n")
                .find("benchmarks[1].params.n: expected a string or a "
                      "non-empty array of strings"),
            std::string::npos);
  EXPECT_NE(error_of(kBuild + kEntry + kEntry)
                .find("benchmarks[2]: measures the same gbench as the entry "
                      "at fpbench.toml:3:1 (bench)"),
            std::string::npos);
}

TEST(ProjectConfig, WhatEveryRunNeedsIsThere) {
  EXPECT_EQ(error_of(kEntry),
            "fpbench.toml: [build] command is missing: the shell command that "
            "builds a commit in its worktree");
  EXPECT_EQ(error_of(kBuild),
            "fpbench.toml: no [[benchmarks]] entry: nothing to measure");
  EXPECT_NE(error_of(kBuild + "[[benchmarks]\n").find("fpbench.toml:3:"),
            std::string::npos);
  EXPECT_NE(error_of(kBuild + kEntry + "[gate]\nruns = 20\nmax_runs = 10\n")
                .find("gate.max_runs (10) is below gate.runs (20)"),
            std::string::npos);
}

TEST(ProjectConfig, AMissingFileIsAUsageErrorNamingIt) {
  const auto c = load_project_config("/nonexistent/fpbench.toml");
  ASSERT_FALSE(c);
  EXPECT_EQ(c.error().kind, ErrorKind::kUsage);
  EXPECT_NE(c.error().message.find("/nonexistent/fpbench.toml"),
            std::string::npos);
}

TEST(ProjectConfig, EveryKindTakesItsOwnKeys) {
  const auto c = parse_project_config(
      kBuild +
          "[[benchmarks]]\nnode = \"out/Release/node\"\n"
          "benchmark_dir = \"benchmark\"\ncategories = [\"fs\"]\n"
          "set = [\"n=10\"]\nexclude = \"bench-\"\n"
          "[[benchmarks]]\nscenarios = \"build/scenarios/fpbench-scenarios\"\n"
          "select = \"fs/read-file-sync\"\nmin_time = 0.02\n"
          "[[benchmarks]]\ncommand = \"sleep 0\"\nshell = true\n"
          "setup = \"true\"\nprepare = \"true\"\n"
          "[gate]\nalpha = 0.05\nruns = 5\ncounter_runs = 1\n"
          "time_budget = \"90s\"\n"
          "[history]\nstore = \"postgresql://db/x\"\nmachine = \"ci-1\"\n"
          "since = 3\nnotify = \"cat\"\nbisect_budget = \"1h\"\n",
      "fpbench.toml");
  ASSERT_TRUE(c) << c.error().message;
  ASSERT_EQ(c->benchmarks.size(), 3u);
  EXPECT_EQ(c->benchmarks[0].selectors, std::vector<std::string>{"fs"});
  EXPECT_EQ(c->benchmarks[0].sets, std::vector<std::string>{"n=10"});
  EXPECT_EQ(c->benchmarks[0].excludes, std::vector<std::string>{"bench-"});
  EXPECT_EQ(c->benchmarks[1].min_time_s, 0.02);
  EXPECT_TRUE(c->benchmarks[2].shell);
  EXPECT_EQ(c->benchmarks[2].name, "command");
  EXPECT_EQ(c->gate.alpha, 0.05);
  EXPECT_EQ(c->gate.time_budget.count(), 90);
  EXPECT_EQ(c->history.since, 3);
  EXPECT_EQ(c->history.notify, "cat");
  EXPECT_EQ(c->history.bisect_budget.count(), 3600);
}

}  // namespace
}  // namespace fpbench::harness
