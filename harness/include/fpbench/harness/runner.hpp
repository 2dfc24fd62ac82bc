#pragma once

// The one runner behind `fpbench run`: old against new, sample by sample,
// each sample a fresh process from a SampleSource (sample_source.hpp), in an
// order randomized afresh every round so that neither side always runs
// first, warmer or later; samples written as they arrive.
//
// A run is one or more passes over the same jobs, each a way of measuring
// with its own pair of sources and sample count: timed samples (wall, cpu,
// faults), system call counts, instruction counts. A pass's rounds give every
// job one sample of each side:
//  - default schedule: a round is a random permutation of all (job, side)
//    samples;
//  - paired: a random permutation of the jobs, each job's old and new
//    sample back to back in an order a seeded coin decides, both rows written
//    in one write(2); a failed sample drops its partner, so the k-th old and
//    k-th new rows of a benchmark stay a pair.
// Warm-up samples are scheduled the same way and dropped. A pass whose
// measurements do not depend on the machine's load (counts) may run several
// samples at once (`parallel`).
//
// More rounds: after the fixed `runs`, a pass may keep adding rounds for the
// jobs its `needs_more` callback names (a 95% interval wider than a target,
// a gate that has not decided), up to `max_runs` per side or the time budget.
//
// Resume: records already in the output count towards each pass, so an
// interrupted run continues where it stopped.
//
// One path: after the passes, every pass's samples of a benchmark and side
// must report the outcomes (reports/metric_samples.hpp) its first reporting
// pass's did, the timed one where there is one; each difference is a
// failure of the run (harness/src/run/outcome_check.hpp).

#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "fpbench/base/process.hpp"
#include "fpbench/base/result.hpp"
#include "fpbench/harness/sample_source.hpp"
#include "fpbench/harness/sample_writer.hpp"
#include "fpbench/reports/benchmark_key.hpp"

namespace fpbench::harness {

// One benchmark's values of a pass's key metric so far, per side.
struct BenchmarkValues {
  reports::BenchmarkKey key;
  std::array<std::vector<double>, 2> values;
};

struct Pass {
  std::string
      key_metric;  // "wall", "syscalls", "instructions": what the pass measures
  std::array<const SampleSource*, 2> sources{};  // old, new
  std::vector<std::string>
      jobs;  // this pass's own jobs (batches); empty: the run's
  int runs = 30;
  int warmup = 1;
  int parallel = 1;
  bool paired = false;
  // After the warm-up, each job and side runs the iteration count its last
  // warm-up sample ran, where the source takes_iterations: the processes then
  // spend their time in the timed loop, not in finding how long it should be.
  bool iterations_from_warmup = false;
  // The samples' priority (priority.hpp). With kRealtimeAlone a benchmark
  // whose sample was seen not to run alone (threads, a child, file writes)
  // runs at normal priority from then on, on both sides.
  Priority priority = Priority::kNormal;
  // A sample still running after this long is killed with its process group
  // and counted as failed, like a crash.
  std::optional<std::chrono::milliseconds> sample_timeout;
  // The time budget stops this pass's rounds. A counting pass is not: its
  // few runs decide its metric, so it runs them all after a timed pass spent
  // the budget.
  bool budgeted = true;
  int max_runs = 0;  // with needs_more: the most samples per side
  // Called after each round from the runs-th on, with every benchmark of
  // the pass; returns the names that need more samples.
  std::function<std::vector<reports::BenchmarkKey>(
      const std::vector<BenchmarkValues>&)>
      needs_more;
  // What selection (common_jobs) found on one side only, a sentence each:
  // not measured, and said in the run's notes.
  mutable std::vector<std::string> one_sided;
};

struct RunnerOptions {
  std::uint64_t seed = 0;
  std::vector<int> cpus;  // every sample pinned to these; none: not pinned
  bool progress = true;
  bool jsonl = false;  // the output format: JSON Lines with every metric, else
                       // compare.js CSV
  // No new round of a budgeted pass once spent.
  std::optional<std::chrono::seconds> time_budget;
  // Where each side's samples run (old, new); none: this process's folder.
  std::array<std::optional<std::string>, 2> working_dirs;
};

// Where a pass's time went: its wall time, the part spent in its samples'
// processes (start to reap, results read), and the timed loops' own time in
// the samples it kept (the wall metric's time_s).
struct PassTiming {
  std::string key_metric;
  std::size_t samples = 0;  // kept, warm-up excluded
  std::size_t warmup_samples = 0;
  double wall_s = 0;
  double in_samples_s = 0;  // kept and warm-up samples
  double warmup_s = 0;      // the warm-up samples' part of in_samples_s
  double timed_s = 0;       // kept samples only
  std::size_t fixed_iterations = 0;  // kept samples run at a warm-up's count
  // Whether a stopping rule (needs_more) chose the runs, and how many
  // configurations ended with each number of runs per side (the fewer of
  // the two sides', resumed samples included).
  bool stopping_rule = false;
  std::map<std::size_t, std::size_t> configurations_by_runs;
};

// "wall: 6696 samples in 812.3 s, 76.1% inside timed loops (618.0 s); ..."
std::string describe_timing(const PassTiming& t);

// "runs per configuration: 10 (89 configurations), 20 (3), 30 (16)"
std::string describe_runs(const PassTiming& t);

struct RunSummary {
  std::size_t samples_written = 0;
  std::vector<std::string> failures;           // one line each, with stderr
  std::vector<reports::SampleRecord> records;  // every sample written
  std::vector<BenchmarkValues>
      results;  // per pass, in pass order, concatenated
  bool budget_spent = false;
  std::vector<std::string>
      not_converged;               // filled by the caller's stopping rule
  std::vector<std::string> notes;  // e.g. a counter this machine cannot read
  // Notes on how the samples ran, printed after the run (which priority
  // each benchmark ran at).
  std::vector<std::string> run_notes;
  std::vector<std::string> skipped;  // jobs that measured nothing, with why
  // Benchmarks selected on one side only, not compared (common_jobs).
  std::vector<std::string> one_sided;
  std::vector<PassTiming> timings;  // per pass, in pass order
};

// The jobs both sources of the first pass have (in the old source's order),
// minus those `keep` rejects; a job that `keep` takes but only one side has
// is skipped with a warning, and kept in pass.one_sided.
Result<std::vector<std::string>> common_jobs(
    const Pass& pass, const std::function<bool(const std::string&)>& keep);

// Runs the passes over the jobs, appending to `writer`; `resumed` are the
// records the output held already (they count, and are not written again).
Result<RunSummary> run_passes(const std::vector<std::string>& jobs,
                              const std::vector<Pass>& passes,
                              const RunnerOptions& options,
                              const std::vector<reports::SampleRecord>& resumed,
                              SampleWriter& writer);

}  // namespace fpbench::harness
