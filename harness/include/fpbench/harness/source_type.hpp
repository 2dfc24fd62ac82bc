#pragma once

// The kinds of program `fpbench run` measures, behind one seam. A kind says
// what its options lack, which passes measure the metrics asked for (each a
// pair of SampleSources, sample_source.hpp) and which of its jobs a
// selection keeps; the runner (run_benchmarks.hpp, runner.hpp) does the
// rest alike for every kind: schedule, warm-up, resume, output.
//
// Each kind lives in its own folder, harness/src/sources/<name>/, and is
// listed once in harness/src/sources/registry.cpp:
//
//   scenarios  fpbench-scenarios: two builds, or one build and two --impl
//   gbench     Google Benchmark binaries, one benchmark per process
//   command    commands with {NAME} parameters, as hyperfine runs them
//   node       Node.js benchmark scripts, as benchmark/compare.js runs them
//
// A program may add a kind of its own with register_source_type
// (docs/adding-a-source.md).

#include <chrono>
#include <functional>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "fpbench/base/result.hpp"
#include "fpbench/harness/run_benchmarks.hpp"
#include "fpbench/harness/runner.hpp"
#include "fpbench/harness/sample_source.hpp"

namespace fpbench::harness {

// The sources of both sides, in pass order, and the passes over them.
struct Plan {
  std::vector<std::unique_ptr<SampleSource>> sources;
  std::vector<Pass> passes;
  // Said before the first sample and kept in the summary.
  std::vector<std::string> notes;
};

class SourceType {
 public:
  virtual ~SourceType() = default;

  // The name RunOptions::source and messages use ("node").
  [[nodiscard]] virtual std::string_view name() const = 0;
  // What this kind needs of the options and refuses in them. The options
  // every kind shares are checked before.
  [[nodiscard]] virtual Result<void> check_options(
      const RunOptions& o) const = 0;
  // The --set values, before anything runs. By default each must be
  // key=value as fpbench-scenarios reads it.
  [[nodiscard]] virtual Result<void> check_sets(const RunOptions& o) const;
  // The passes that measure the metrics `o` asks for, a source per side in
  // each (add_pass). May run the programs to ask them (Node's --version).
  [[nodiscard]] virtual Result<Plan> plan(const RunOptions& o) const = 0;
  // The jobs of the first pass's sources that the selectors, --filter and
  // --exclude keep. By default a selector names a job, its category or
  // "all" (selector_matches), as fpbench-scenarios' names do.
  [[nodiscard]] virtual Result<std::vector<std::string>> select(
      const Pass& first, const RunOptions& o) const;
  // That the records of a --resume file are of jobs this run measures.
  [[nodiscard]] virtual Result<void> check_resumed(
      const std::string& /*path*/,
      const std::vector<reports::SampleRecord>& /*resumed*/,
      const std::vector<std::string>& /*jobs*/,
      const SampleSource& /*source*/) const {
    return {};
  }
  // Whether --set CPUSET=LIST pins every sample, as compare.js's taskset.
  [[nodiscard]] virtual bool pins_by_cpuset() const { return false; }
  // Warm-up samples per side and configuration when --warmup is not given.
  [[nodiscard]] virtual int default_warmup() const { return 1; }
  // The program as it runs in a commit's worktree (bisect): a relative
  // path there, an absolute one as it is.
  [[nodiscard]] virtual std::string program_in(const std::string& worktree,
                                               const std::string& program,
                                               const RunOptions& o) const;
};

// The kind of that name, or nullptr.
const SourceType* find_source_type(std::string_view name);
// Every kind, fpbench's own first, in registration order.
std::vector<const SourceType*> source_types();
// Adds a kind; its name must be new. The type must outlive every run.
void register_source_type(const SourceType& type);

// --- for the kinds' plans

bool wants(const RunOptions& o, std::string_view metric);
// The key metric of a pass: the first of `names` that `o` asks for, or "".
std::string first_wanted(const RunOptions& o,
                         std::initializer_list<std::string_view> names);
// The counters of a list (loop_counters.hpp's names) that `o` asks for,
// comma-separated: "allocs" for allocs or alloc_bytes, "syscalls" for
// syscalls or syscalls_all.
std::string counter_list(const RunOptions& o,
                         std::initializer_list<std::string_view> names);
// How long a sample may run: --sample-timeout, else
// default_sample_timeout(min_time), ten times that for a process that runs
// many benchmarks or runs under valgrind (`many`).
std::chrono::milliseconds sample_timeout(const RunOptions& o, bool many);

// Adds a pass of key metric `key` over the sources `make(side)` gives
// (0 old, 1 new). A timed pass (wall, cpu, faults) takes --runs, --warmup,
// --paired and the priority and runs one sample at a time; a counting pass
// takes --counter-runs and runs --jobs samples at once.
Pass& add_pass(
    Plan& plan, const RunOptions& o, const std::string& key, bool many,
    const std::function<std::unique_ptr<SampleSource>(std::size_t side)>& make);

// The jobs both sides have whose name (`name_of(job)`) a selector names
// (no selector: all) and --filter and --exclude keep. A selector names a
// job where `matches(index of the selector, name)` says so, by default
// where selector_matches does. A selector that names no job is a usage
// error, `unmatched(selector)`.
Result<std::vector<std::string>> select_by_name(
    const Pass& first, const RunOptions& o,
    const std::function<std::string(const std::string&)>& name_of,
    const std::function<std::string(const std::string&)>& unmatched,
    const std::function<bool(std::size_t, const std::string&)>& matches = {});

}  // namespace fpbench::harness
