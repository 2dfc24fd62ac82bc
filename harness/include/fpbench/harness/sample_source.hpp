#pragma once

// Where `fpbench run` gets its samples. A source runs one job (a benchmark
// configuration, or a batch of them) in a fresh process, in one
// MeasureMode, and returns what that process measured. The runner
// (runner.hpp) owns everything else — the schedule, warm-up, resume,
// progress, convergence and output — so every source gets all of it.
// Which sources a run makes, and for which metrics, is its kind's plan
// (source_type.hpp). The sources, each in harness/src/sources/<kind>/:
//
//   make_scenario_source  fpbench-scenarios: timed, counting with a fixed
//                         iteration count, or under callgrind
//   make_gbench_source    one benchmark of a Google Benchmark binary
//   make_command_source   one configuration of a command
//   make_node_source      one configuration of a Node.js benchmark script
//                         (node_source.hpp)
//   (tests)               a fake returning scripted measurements

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fpbench/base/process.hpp"
#include "fpbench/base/result.hpp"
#include "fpbench/reports/benchmark_key.hpp"
#include "fpbench/reports/metric_samples.hpp"

namespace fpbench::harness {

// What one process measured: one record per benchmark it ran (binary unset).
using Measurements = std::vector<reports::SampleRecord>;

// How a source measures. Timed: the clock, with cpu, faults and rss read
// in the same process. Counting: counters (tracepoints, the preload
// library, a PMU) around a fixed number of iterations. Callgrind: the
// program under valgrind --tool=callgrind, counting instructions.
enum class MeasureMode { kTimed, kCounting, kCallgrind };

// What wait4 gives of a sample's process, as metrics: cpu (user + system
// seconds), faults (minor + major) and rss (peak resident KiB), each asked
// for, appended to `metrics` with the source tags given.
struct Wait4Metrics {
  bool cpu = false;
  bool faults = false;
  bool rss = false;
};
void append_wait4_metrics(
    std::vector<std::pair<std::string, reports::MetricReading>>& metrics,
    const ChildUsage& usage, Wait4Metrics which,
    std::string_view cpu_and_faults_tag, std::string_view rss_tag = "wait4");

// Benchmarks one process of a batched source runs together.
struct Batch {
  std::string name;
  std::vector<std::string> benchmarks;
};

class SampleSource {
 public:
  virtual ~SampleSource() = default;

  // The program measured, for messages.
  [[nodiscard]] virtual std::string describe() const = 0;
  // The jobs this source can run, in its own order.
  [[nodiscard]] virtual Result<std::vector<std::string>> list_jobs() const = 0;
  // What list_jobs could not list, each with why (a Node script that does
  // not load): the run measures the rest and fails at its end, as it does
  // for failed samples.
  [[nodiscard]] virtual std::vector<std::string> unlisted() const { return {}; }
  // What was selected and measured nothing, each with why (a Node script
  // whose combinationFilter leaves no configuration, a configuration the
  // script skips): it has no rows and does not fail the run.
  [[nodiscard]] virtual std::vector<std::string> skipped() const { return {}; }
  // Refuses a program whose measurements would mislead (an unoptimized build).
  [[nodiscard]] virtual Result<void> check() const { return {}; }
  // One sample of one job. A failure says why, with the child's stderr.
  [[nodiscard]] virtual Result<Measurements> measure(
      const std::string& job, const ProcessOptions& options) const = 0;
  // Whether the job measures this benchmark. By default a job is one
  // benchmark named "filename configuration"; a batch of configurations
  // measures several.
  [[nodiscard]] virtual bool owns(const std::string& job,
                                  const std::string& filename,
                                  const std::string& configuration) const {
    return job == reports::BenchmarkKey{filename, configuration}.text();
  }
  // Whether the source runs batches (take_batches) rather than single jobs.
  [[nodiscard]] virtual bool batched() const { return false; }
  // The batches a batched source's jobs are then: each a name (the job) and
  // the benchmarks it runs in one process.
  virtual void take_batches(std::vector<Batch> /*batches*/) {}
  // Whether the warm-up rounds before the kept samples run this job. All
  // do by default; a source whose jobs share what a warm-up warms (one
  // script's configurations) warms one of them.
  [[nodiscard]] virtual bool warms_up(const std::string& /*job*/) const {
    return true;
  }
  // The job as messages name it.
  [[nodiscard]] virtual std::string label(const std::string& job) const {
    return job;
  }
  // Whether measure_iterations runs a job for a count it is given instead
  // of finding one in every process (Google Benchmark's escalation towards
  // min_time), so that the runner can hand each sample the count its warm-up
  // found.
  [[nodiscard]] virtual bool takes_iterations() const { return false; }
  // One sample of exactly `iterations` iterations of the job (a source that
  // takes_iterations; the others measure as ever).
  [[nodiscard]] virtual Result<Measurements> measure_iterations(
      const std::string& job, const ProcessOptions& options,
      std::int64_t /*iterations*/) const {
    return measure(job, options);
  }
};

// How a scenario program is asked to measure.
struct ScenarioMeasure {
  MeasureMode mode = MeasureMode::kTimed;
  double min_time_s = 0.1;  // timed
  // "cpu,faults" (timed), "syscalls,allocs" (counting), "instructions"
  std::string counters;
  // Counting and callgrind: fixed, the first not counted.
  std::int64_t iterations = 0;
  std::string valgrind = "valgrind";
  bool rss = false;     // the process's peak resident set (wait4)
  std::string preload;  // libfpbench-preload.so, loaded to count allocs
  // Callgrind's counts do not depend on what else ran in the process, so
  // that source may run a batch of configurations in one process (the job
  // is the batch, see take_batches) and pay Valgrind's start-up once.
  bool batch = false;
  // How long the program's queries (--list-configs, --build-info,
  // --check-counters) may take; a sample's own timeout is the pass's.
  std::optional<std::chrono::milliseconds> query_timeout;
};

// How a Google Benchmark binary is asked to measure. Every sample runs one
// benchmark (an anchored --benchmark_filter) in a fresh process.
struct GbenchMeasure {
  MeasureMode mode = MeasureMode::kTimed;
  double min_time_s = 0.1;
  // loop_counters.hpp's names, read around the timed loop by the preload
  // library: "cpu,faults" (timed), "syscalls,allocs", "instructions".
  std::string counters;
  bool rss = false;     // the process's peak resident set (wait4)
  std::string preload;  // libfpbench-preload.so
  std::string valgrind = "valgrind";
  std::vector<std::string> args;  // given to the binary before fpbench's own
  std::optional<std::chrono::milliseconds> query_timeout;
};

// A Google Benchmark binary (any version from 1.5 on) as a source: its jobs
// are the names --benchmark_list_tests prints, which split at the first '/'
// as `fpbench compare --gbench-json` splits them ("BM_UFlat/0": filename
// "BM_UFlat", configuration "0").
std::unique_ptr<SampleSource> make_gbench_source(std::string program,
                                                 GbenchMeasure how);

// "BM_UFlat/0" -> {"BM_UFlat", "0"}; "BM_sum" -> {"BM_sum", ""}.
std::pair<std::string, std::string> split_gbench_name(const std::string& name);

// The benchmark name as a --benchmark_filter that matches it alone.
std::string exact_gbench_filter(const std::string& name);

// The counts of the last `loops` lines of a FPBENCH_LOOP_FILE (preload.cpp),
// in order, as metrics per iteration of each; `iterations` of each loop.
Result<std::vector<std::vector<std::pair<std::string, reports::MetricReading>>>>
parse_loop_lines(const std::string& text,
                 const std::vector<std::int64_t>& iterations);

// A command (`fpbench run --command`): each configuration is one
// combination of the --param values, "NAME=V NAME2=W" in the order given,
// under the filename `name`.
struct CommandParam {
  std::string name;
  std::vector<std::string> values;
};
struct CommandSpec {
  std::string name = "command";
  std::vector<CommandParam> params;
  std::optional<std::string> setup;    // once per configuration, untimed
  std::optional<std::string> prepare;  // before every sample, untimed
  bool shell = false;                  // run with /bin/sh -c
  bool ignore_failure = false;         // a non-zero exit is still a sample
};
struct CommandMeasure {
  MeasureMode mode = MeasureMode::kTimed;
  bool cpu = false;  // timed: from wait4, per process
  bool faults = false;
  bool rss = false;
  bool syscalls = false;  // counting: tracepoints on the process tree
  bool allocs = false;    // counting: the preload library in every process
  std::string preload;
  std::string valgrind = "valgrind";
  // Where the samples run (the runner's working directory for this side):
  // a program named by a relative path is looked for there.
  std::optional<std::string> working_dir;
};
std::unique_ptr<SampleSource> make_command_source(std::string command,
                                                  CommandSpec spec,
                                                  CommandMeasure how);

// "NAME=V1,V2,..." as a parameter; a usage error naming --param otherwise.
Result<CommandParam> parse_command_param(const std::string& text);
// Every combination of the values, named "NAME=V NAME2=W", with its
// assignments; one unnamed configuration without parameters.
std::vector<
    std::pair<std::string, std::vector<std::pair<std::string, std::string>>>>
command_configurations(const std::vector<CommandParam>& params);
// {NAME} replaced by its value ({{ and }} are braces); a {NAME} without a
// value is a usage error.
Result<std::string> substitute_params(
    const std::string& text,
    const std::vector<std::pair<std::string, std::string>>& values);
// Words as a POSIX shell splits them: blanks separate, '...' is literal,
// "..." keeps \" \\ \$ \` escapes, a backslash outside quotes escapes
// the next character. No expansion of any kind.
Result<std::vector<std::string>> split_command_words(const std::string& text);

// A fpbench-scenarios build: impl is its --impl (or its default), sets are
// Node-style key=value overrides passed to every invocation.
std::unique_ptr<SampleSource> make_scenario_source(
    std::string program, std::optional<std::string> impl,
    std::vector<std::string> sets, ScenarioMeasure how);

// True when this machine has a hardware instruction counter.
bool hardware_instruction_counter_available();

// Parses fpbench-scenarios' Google Benchmark JSON: a record per iteration
// row, named from the row, with wall (items_per_second, real_time x
// iterations) and the fpbench_* counters per counted iteration.
// A Google Benchmark binary's rows give their rate as iterations per second
// (1 / real_time), as `fpbench compare --gbench-json` reads them: its
// items_per_second counts whatever the benchmark says an item is.
// Every row's counters named fpbench_outcome_NAME are its outcomes NAME
// (reports/metric_samples.hpp), and with RowLabel::kOutcome its label is
// the outcome "label": fpbench-scenarios labels a row with what its loop
// ended with, while a Google Benchmark binary's label is its author's free
// text, which may carry a time.
enum class RowRate { kItemsPerSecond, kPerIteration };
enum class RowLabel { kOutcome, kText };
Result<std::vector<reports::SampleRecord>> parse_scenario_json(
    const std::string& json, RowRate rate_from = RowRate::kItemsPerSecond,
    RowLabel label = RowLabel::kOutcome);

// The instruction counts of a callgrind output file (--combine-dumps=yes),
// one per loop in the order the loops ran: fpbench-scenarios dumps a part
// named "fpbench-loop" at the end of each.
Result<std::vector<std::uint64_t>> parse_callgrind_parts(
    const std::string& text);

}  // namespace fpbench::harness
