#pragma once

// Running a child program to completion with its output captured. The child
// leads a process group of its own, so that what it starts can be ended with
// it: once the child has exited, whatever of its group still runs (a helper
// that kept its stdout open) is killed, and a child that outlives its
// timeout is killed with its whole group.

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "fpbench/base/priority.hpp"
#include "fpbench/base/result.hpp"

namespace fpbench {

struct ProcessOptions {
  // Pin the child to these CPUs (sched_setaffinity); none: not pinned.
  std::vector<int> cpus;
  // Real-time priority (priority.hpp): SCHED_FIFO 1 puts the child above
  // every normal task, so that other work on a shared machine does not take
  // its CPU away mid-measurement; below the kernel's own real-time threads,
  // and held to the kernel's real-time share (sched_rt_runtime_us).
  Priority priority = Priority::kNormal;
  // With kRealtimeAlone: called, on the thread that runs the child, when the
  // child is put back at normal priority, with why ("3 threads").
  std::function<void(const std::string& why)> on_left_realtime;
  // Kill the child and its process group (SIGKILL) after this long.
  std::optional<std::chrono::milliseconds> timeout;
  // "NAME=VALUE" entries set in the child's environment on top of this
  // process's own (a later entry of one name wins).
  std::vector<std::string> env;
  // Called with the child's pid after fork and before it execs the program
  // (it waits until this returns): to attach counters that start at exec.
  std::function<void(int pid)> on_start;
  // The child's working directory; none: this process's.
  std::optional<std::string> cwd;
  // Descriptors of this process that the child keeps open across exec, at
  // the same numbers (made without FD_CLOEXEC in the child only).
  std::vector<int> inherit_fds;
};

// What the kernel accounted to the child and the descendants it waited for
// (wait4's rusage).
struct ChildUsage {
  double user_s = 0;
  double system_s = 0;
  std::int64_t max_rss_kib = 0;  // the largest resident set of any of them
  std::int64_t minor_faults = 0;
  std::int64_t major_faults = 0;
};

struct ProcessResult {
  int exit_code = 0;       // when it exited
  int term_signal = 0;     // when a signal ended it
  bool timed_out = false;  // killed at options.timeout
  std::chrono::milliseconds timeout{0};
  std::string out;
  std::string err;
  // From the moment the child was let go to exec its program (after fork and
  // its set-up in the child: process group, descriptors, priority) to the
  // moment it was seen to have exited.
  std::chrono::nanoseconds elapsed{0};
  // Why a kRealtimeAlone child was put back at normal priority ("" when it
  // was not).
  std::string left_realtime;
  ChildUsage usage;

  [[nodiscard]] bool ok() const {
    return exit_code == 0 && term_signal == 0 && !timed_out;
  }
  // "exit status 3", "killed by signal 11 (Segmentation fault)" or "timed out
  // after 2 s; killed with its process group".
  [[nodiscard]] std::string status_text() const;
  // status_text(), then the last lines of stderr, if any.
  [[nodiscard]] std::string failure_text() const;
};

// The last `max_lines` lines of `text` (and at most a few KiB of them),
// marked when cut, without the final newline: a child's stderr can be long,
// and its end says what failed.
std::string tail_lines(const std::string& text, std::size_t max_lines = 20);

// Runs argv[0] (looked up in PATH when it has no slash) with argv; fails
// only when the program cannot be started.
Result<ProcessResult> run_process(const std::vector<std::string>& argv,
                                  const ProcessOptions& options = {});

// Whether children may be started at real-time priority here (CAP_SYS_NICE, or
// a RLIMIT_RTPRIO of at least 1); asks a forked child, so this process keeps
// its own policy.
bool realtime_permitted();

}  // namespace fpbench
