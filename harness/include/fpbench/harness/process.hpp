#pragma once

// Running a child program to completion with its output captured.

#include <optional>
#include <string>
#include <vector>

#include "fpbench/base/result.hpp"

namespace fpbench::harness {

struct ProcessOptions {
  std::optional<int> cpu;  // pin the child to this CPU (sched_setaffinity)
  // Run the child (and what it starts) at real-time priority, SCHED_FIFO 1:
  // above every normal task, so that other work on a shared machine does
  // not take its CPU away mid-measurement; below the kernel's own real-time
  // threads, and held to the kernel's real-time share (sched_rt_runtime_us).
  bool realtime = false;
};

struct ProcessResult {
  int exit_code = 0;    // when it exited
  int term_signal = 0;  // when a signal ended it
  std::string out;
  std::string err;

  [[nodiscard]] bool ok() const { return exit_code == 0 && term_signal == 0; }
  // "exit status 3" or "killed by signal 11 (Segmentation fault)".
  [[nodiscard]] std::string status_text() const;
};

// Runs argv[0] (looked up in PATH when it has no slash) with argv; fails
// only when the program cannot be started.
Result<ProcessResult> run_process(const std::vector<std::string>& argv,
                                  const ProcessOptions& options = {});

// Whether children may be started with `realtime` here (CAP_SYS_NICE, or a
// RLIMIT_RTPRIO of at least 1); asks a forked child, so this process keeps
// its own policy.
bool realtime_permitted();

}  // namespace fpbench::harness
