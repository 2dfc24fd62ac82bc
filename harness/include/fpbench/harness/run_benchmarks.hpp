#pragma once

// `fpbench run`: old against new, sample by sample, in an order randomized
// afresh every round so that neither side always runs first, warmer or
// later; each sample a fresh process; samples appended to the CSV as they
// arrive.
//
// The schedules, warm-up, resume and the pairing property are the runner's
// (runner.hpp); this is the command: which sources and passes a run needs.
//
// Metrics (`metrics`): "wall" (the default) times each sample; "cpu" and
// "faults" are read in the same timed process; "syscalls" runs a counting
// process per sample with tracepoints, "instructions" a PMU-counting process
// or, without a PMU, the program under callgrind, both with a fixed
// iteration count (counter_iterations, the first not counted) and
// counter_runs samples per side, `jobs` at once. With "wall" alone the
// output is compare.js CSV; with any other metric JSON Lines
// (reports/metric_samples.hpp).

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fpbench/base/result.hpp"
#include "fpbench/harness/runner.hpp"
#include "fpbench/harness/shard.hpp"

namespace fpbench::harness {

struct RunOptions {
  // "all", a category ("fs") or a scenario; with "node", as compare.js
  // takes them: categories of benchmark_dir, "all", or benchmark scripts;
  // with "gbench", regular expressions a benchmark's full name must contain a
  // match of (as --benchmark_filter).
  std::vector<std::string> selectors;
  // What --old and --new are, a kind of source by name (source_type.hpp):
  // "scenarios" (builds of fpbench-scenarios, or one build and two --impl),
  // "node" (node binaries running benchmark scripts), "gbench" (Google
  // Benchmark binaries) or "command".
  std::string source = "scenarios";
  // Given to both Google Benchmark binaries before fpbench's own flags.
  std::vector<std::string> program_args;
  // libfpbench-preload.so, which counts inside the measured programs (allocs,
  // and every counter of a Google Benchmark binary).
  std::string preload;
  // With "node": where the categories are (Node's benchmark/ folder), and
  // the program that opens counters for a node process (counted_exec.cpp).
  std::string benchmark_dir = "benchmark";
  std::string counted_exec = "fpbench-counted-exec";
  // ... and the module that marks its timed section for callgrind
  // (node_callgrind_addon.cpp).
  std::string node_callgrind_addon = "fpbench-callgrind.node";
  // With "command": its name, parameters, set-up and preparation.
  CommandSpec command;
  // Run a configuration's old and new sample back to back (see above).
  bool paired = false;
  std::string scenario_program;  // used for a side without its own program
  std::optional<std::string> old_impl;
  std::optional<std::string> new_impl;
  std::optional<std::string> old_program;
  std::optional<std::string> new_program;
  // Where each side's measured program runs (bisect: the commit's
  // worktree); none: here.
  std::optional<std::string> old_working_dir;
  std::optional<std::string> new_working_dir;
  std::vector<std::string> sets;      // key=value, replacing that key's values
  std::vector<std::string> filters;   // keep scenarios whose name contains one
  std::vector<std::string> excludes;  // drop scenarios whose name contains one
  int runs = 30;
  std::uint64_t seed = 0;
  std::optional<std::string>
      output;  // the samples; none or "-": standard output
  // The samples file to continue up to `runs` per side (and to append to:
  // an `output` naming another file is refused).
  std::optional<std::string> resume;
  std::optional<std::string>
      json;  // samples with the machine context, not the samples file
  // Every sample pinned to these CPUs (--cpu LIST); none: not pinned. With
  // --node, --set CPUSET=LIST pins them as compare.js's taskset does.
  std::vector<int> cpus;
  // Timed samples run at real-time priority where permitted (else a note
  // says they do not) and only while each runs alone (priority.hpp):
  // kRealtimeAlone, --no-realtime kNormal, --realtime-always kRealtime.
  // Counting samples never need it.
  Priority priority = Priority::kRealtimeAlone;
  bool progress = true;
  double target_accuracy_pct = 0;  // 0: a fixed number of runs
  int max_runs = 200;
  int warmup = 1;  // samples per side and configuration run first and dropped
  double min_time_s = 0.1;
  // Seconds a sample's process may run before it is killed with its process
  // group and counted as failed; none: default_sample_timeout(min_time_s),
  // ten times that for a process that runs many benchmarks (a Node script, a
  // callgrind batch).
  std::optional<double> sample_timeout_s;
  std::vector<std::string> metrics = {"wall"};
  int counter_runs = 3;
  std::optional<std::int64_t>
      counter_iterations;   // none: 11 counting, 5 under callgrind
  std::optional<int> jobs;  // counting samples at once; none: one per CPU
  std::string valgrind = "valgrind";
  // Instructions are counted under callgrind even where a PMU could count
  // them, so that each sample keeps its loop's counts by function and its
  // allocating call sites (reports/explain.hpp); with allocs, instructions
  // are measured too.
  bool explain = false;
  std::optional<std::chrono::seconds> time_budget;
  // With the wall metric: add rounds for the benchmarks this names, until it
  // names none (set by the caller: compare's table in until_decided.hpp, or
  // the gate's rule in the CLI's run_cli.cpp).
  std::function<std::vector<reports::BenchmarkKey>(
      const std::vector<BenchmarkValues>&)>
      wall_needs_more;
  // Measure only this part of the selected configurations (shard.hpp),
  // balanced by the costs in this earlier run's samples when given.
  ShardSpec shard;
  std::optional<std::string> shard_costs;
  // The name the --json context gives this machine (empty: the host name);
  // `fpbench history record --context` records the run under it.
  std::string machine_name;
};

// max(60 s, 20 x min_time): far above a healthy sample's time, which is
// min_time plus start-up and fixtures.
std::chrono::milliseconds default_sample_timeout(double min_time_s);

// Fails (usage or bad input) before anything is measured: every option out
// of range, a --cpu this process cannot run on, a --set no selected scenario
// takes. Afterwards failures of single samples are collected in the summary.
Result<RunSummary> run_benchmarks(const RunOptions& options);

// Several programs, of any kinds, in one schedule: each entry is checked,
// planned and selected on its own, then the passes of each metric are
// merged, so that a round is one random permutation of every entry's
// samples (and a machine's drift during the run falls on all of them
// alike). The output, seed, CPUs, time budget and progress are the first
// entry's; --resume and --shard take one entry. Two entries with a
// benchmark of the same name are refused.
Result<RunSummary> run_benchmarks(const std::vector<RunOptions>& entries);

// What a run says at its end, a line each ("fpbench: note: ..."): where the
// passes' time went, the runs a stopping rule chose, a spent time budget,
// the priorities, the jobs that measured nothing and those not converged.
std::vector<std::string> summary_lines(const RunSummary& summary);

}  // namespace fpbench::harness
