#pragma once

// Counts taken over a whole process and everything it starts, for sources
// whose operation is the process (a command) or whose timed loop cannot be
// reached (a Google Benchmark binary that does not link libbenchmark
// dynamically): system calls from tracepoints attached to the child before
// it execs, allocations from the preload library in every process, the
// instructions of callgrind's files for every process.

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "fpbench/base/process.hpp"
#include "fpbench/base/result.hpp"
#include "fpbench/base/temp_file.hpp"
#include "fpbench/reports/metric_samples.hpp"

namespace fpbench::harness {

class ChildSyscallCounters;

// What to count; `preload` is libfpbench-preload.so.
struct ProcessCounting {
  bool syscalls = false;
  bool allocs = false;
  std::string preload;
};

// One process being counted: set up its options before it runs, read the
// counts after. Readings are named by metric ("syscalls", "syscalls_all",
// "allocs", "alloc_bytes"), each with `source` as given.
class ProcessCounts {
 public:
  explicit ProcessCounts(ProcessCounting what);
  ProcessCounts(const ProcessCounts&) = delete;
  ProcessCounts& operator=(const ProcessCounts&) = delete;
  ~ProcessCounts();

  // Adds the environment and the pre-exec hook the counts need.
  [[nodiscard]] Result<void> prepare(ProcessOptions& options);

  [[nodiscard]] Result<
      std::vector<std::pair<std::string, reports::MetricReading>>>
  read(const std::string& syscalls_source,
       const std::string& allocs_source) const;

 private:
  ProcessCounting what_;
  TempFile allocs_file_;
  std::shared_ptr<ChildSyscallCounters> syscalls_;
};

// The sum of callgrind's totals over every file in `dir`, which is removed.
Result<double> callgrind_total(const std::string& dir);

}  // namespace fpbench::harness
