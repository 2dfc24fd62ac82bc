#pragma once

// fpbench.toml: how a repository's commits are built, which benchmarks
// `fpbench pr` and `fpbench nightly` measure, the gate's thresholds and the
// history store (docs/guide-ci.md). Read with toml++; every error names the
// file, line and column and the key, and a key that is not known is refused:
// a typo must not silently drop a threshold.
//
//   [build]               command (run with /bin/sh -c in a commit's
//                         worktree), env = { NAME = "value" }
//   [[benchmarks]]        one of gbench, command, node, scenarios (the
//                         program, a path in the worktree or a command
//                         line), name, metrics, and the kind's own keys
//   [gate]                METRIC = "PCT" for any metric, alpha, runs,
//                         counter_runs, time_budget, max_runs, look_every,
//                         min_time, strict, until_decided, paired
//   [[gate.rules]]        match = "GLOB", METRIC = "PCT"
//   [history]             store, machine, since, notify, bisect_budget,
//                         plot

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fpbench/base/result.hpp"
#include "fpbench/harness/sample_source.hpp"

namespace fpbench::harness {

// Where a table or entry starts, for messages: "fpbench.toml:12:1".
struct ConfigPlace {
  std::string file;
  int line = 0;
  int column = 0;
  [[nodiscard]] std::string text() const;
};

struct BuildConfig {
  std::string command;
  std::vector<std::pair<std::string, std::string>> env;
};

// One [[benchmarks]] entry: a kind of source (source_type.hpp) and what
// `fpbench run` would be told about it.
struct BenchmarkEntry {
  ConfigPlace place;
  std::string kind;     // "gbench", "command", "node", "scenarios"
  std::string program;  // path in the worktree, or the command line
  std::string name;     // given, else derived from the program
  std::vector<std::string> metrics = {"wall"};
  // gbench: filter (a regular expression), args; node: categories or
  // scripts; scenarios: the selection. All: filter/exclude words of
  // fpbench run where the kind takes them.
  std::vector<std::string> selectors;
  std::vector<std::string> args;      // gbench: given before fpbench's flags
  std::vector<std::string> sets;      // node and scenarios: --set K=V
  std::vector<std::string> excludes;  // node and scenarios
  std::string benchmark_dir = "benchmark";  // node
  std::vector<CommandParam> params;         // command
  std::optional<std::string> setup;         // command
  std::optional<std::string> prepare;       // command
  bool shell = false;                       // command
  // scenarios: the --impl of each side (one build, two implementations).
  std::optional<std::string> old_impl;
  std::optional<std::string> new_impl;
  std::optional<double> min_time_s;
};

// A threshold of one metric, in percent.
struct MetricThreshold {
  std::string metric;
  double pct = 0;
};

struct GateRuleConfig {
  ConfigPlace place;
  std::string match;  // glob on the benchmark's name (or a substring)
  std::vector<MetricThreshold> thresholds;
};

struct GateConfig {
  std::vector<MetricThreshold> thresholds;  // [gate] METRIC = "PCT"
  std::vector<GateRuleConfig> rules;
  double alpha = 0.01;
  bool strict = false;
  // false: a fixed `runs` per side instead of looks until decided.
  bool until_decided = true;
  // Each configuration's old and new sample back to back, the gate testing
  // the pairs' ratios (fixed runs).
  bool paired = false;
  // Wall time until decided: runs per side at the first look, a look every
  // look_every runs, up to max_runs, no new round after time_budget.
  int runs = 10;
  int look_every = 10;
  int max_runs = 200;
  std::chrono::seconds time_budget{600};
  int counter_runs = 3;  // samples per side of the counted metrics
  double min_time_s = 0.05;
};

struct HistoryConfig {
  std::string store = "history.sqlite";  // a path or a postgresql:// URL
  std::string machine;                   // empty: the host name
  // A regression change point among the newest `since` runs alerts.
  int since = 5;
  // Run with /bin/sh -c, the alert's JSON on its standard input.
  std::optional<std::string> notify;
  // The bisects of one night stop starting after this long.
  std::chrono::seconds bisect_budget{3600};
  // The benchmarks (filters of history plot) drawn as history*.png.
  std::vector<std::string> plot;
};

struct ProjectConfig {
  std::string path;  // as given, for messages
  BuildConfig build;
  std::vector<BenchmarkEntry> benchmarks;
  GateConfig gate;
  HistoryConfig history;
};

// The config in `text`, read from `path` (messages name it). A bad-input
// error names path:line:column, the key and what was expected.
Result<ProjectConfig> parse_project_config(std::string_view text,
                                           const std::string& path);
// The file at `path`; a missing file is a usage error naming it.
Result<ProjectConfig> load_project_config(const std::string& path);

// "90", "90s", "10m", "1h": whole seconds, minutes or hours.
Result<std::chrono::seconds> parse_duration(const std::string& text);

// The metrics any entry measures, in known_metrics() order.
std::vector<std::string> configured_metrics(const ProjectConfig& config);

}  // namespace fpbench::harness
