#pragma once

// Where `fpbench run` gets its samples. A source runs one job (a benchmark
// configuration, or a Node script with all its configurations) in a fresh
// process and returns what that process measured. The runner (runner.hpp)
// owns everything else — the schedule, warm-up, resume, progress,
// convergence and output — so every source gets all of it:
//
//   ScenarioSource   fpbench-scenarios, timed (wall, cpu, faults) or
//                    counting (syscalls; instructions from a PMU) with a
//                    fixed iteration count
//   CallgrindSource  fpbench-scenarios under valgrind --tool=callgrind,
//                    counting instructions around the timed loop
//   NodeScriptSource a Node.js benchmark script run by a node binary
//   (tests)          a fake returning scripted measurements

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "fpbench/base/process.hpp"
#include "fpbench/base/result.hpp"
#include "fpbench/reports/metric_samples.hpp"

namespace fpbench::harness {

// What one process measured: one record per benchmark it ran (binary unset).
using Measurements = std::vector<reports::SampleRecord>;

class SampleSource {
 public:
  virtual ~SampleSource() = default;

  // The program measured, for messages.
  [[nodiscard]] virtual std::string describe() const = 0;
  // The jobs this source can run, in its own order.
  [[nodiscard]] virtual Result<std::vector<std::string>> list_jobs() const = 0;
  // Refuses a program whose measurements would mislead (an unoptimized build).
  [[nodiscard]] virtual Result<void> check() const { return {}; }
  // One sample of one job. A failure says why, with the child's stderr.
  [[nodiscard]] virtual Result<Measurements> measure(
      const std::string& job, const ProcessOptions& options) const = 0;
  // Whether the job measures this benchmark. By default a job is one
  // benchmark named "filename configuration"; a Node script or a batch of
  // configurations measures several.
  [[nodiscard]] virtual bool owns(const std::string& job,
                                  const std::string& filename,
                                  const std::string& configuration) const {
    return job == filename + " " + configuration;
  }
  // Whether the source runs batches (batch_job) rather than single jobs.
  [[nodiscard]] virtual bool batched() const { return false; }
  // The job as messages name it.
  [[nodiscard]] virtual std::string label(const std::string& job) const {
    return job;
  }
};

// How a scenario program is asked to measure.
struct ScenarioMeasure {
  enum class Kind { kTimed, kCounting, kCallgrind };
  Kind kind = Kind::kTimed;
  double min_time_s = 0.1;  // timed
  std::string counters;     // "cpu,faults" (timed), "syscalls", "instructions"
  std::int64_t iterations =
      0;  // counting and callgrind: fixed, the first not counted
  std::string valgrind = "valgrind";
  // Callgrind's counts do not depend on what else ran in the process, so
  // that source may run a batch of configurations in one process (the job
  // is the batch, see batch_job) and pay Valgrind's start-up once.
  bool batch = false;
  // How long the program's queries (--list-configs, --build-info,
  // --check-counters) may take; a sample's own timeout is the pass's.
  std::optional<std::chrono::milliseconds> query_timeout;
};

// The job of a batched source: a label line, then one benchmark name a line.
std::string batch_job(const std::string& label,
                      const std::vector<std::string>& benchmarks);

// A fpbench-scenarios build: impl is its --impl (or its default), sets are
// Node-style key=value overrides passed to every invocation.
std::unique_ptr<SampleSource> make_scenario_source(
    std::string program, std::optional<std::string> impl,
    std::vector<std::string> sets, ScenarioMeasure how);

// A Node.js binary running benchmark scripts standalone; sets are passed as
// key=value arguments, as Node's benchmark/common.js reads them.
std::unique_ptr<SampleSource> make_node_source(std::string node,
                                               std::vector<std::string> scripts,
                                               std::vector<std::string> sets);

// True when this machine has a hardware instruction counter.
bool hardware_instruction_counter_available();

// Parses fpbench-scenarios' Google Benchmark JSON: a record per iteration
// row, named from the row, with wall (items_per_second, real_time x
// iterations) and the fpbench_* counters per counted iteration.
Result<std::vector<reports::SampleRecord>> parse_scenario_json(
    const std::string& json);

// The instruction counts of a callgrind output file (--combine-dumps=yes),
// one per loop in the order the loops ran: fpbench-scenarios dumps a part
// named "fpbench-loop" at the end of each.
Result<std::vector<std::uint64_t>> parse_callgrind_parts(
    const std::string& text);

}  // namespace fpbench::harness
