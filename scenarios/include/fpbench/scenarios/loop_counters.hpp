#pragma once

// Counters read around a scenario's timed loop only (not process start, not
// fixture setup), for the metrics that do not depend on how busy the machine
// is:
//
//   cpu           user + system CPU time of the process     getrusage  "rusage"
//   faults        minor + major page faults                  getrusage "rusage"
//   syscalls      system calls entered, in total and by name perf tracepoints
//                 (raw_syscalls:sys_enter, syscalls:sys_enter_NAME)
//                 "tracepoint"; the total leaves out the calls that wait
//                 (futex, epoll_wait, epoll_pwait, sched_yield), whose number
//                 depends on how threads and the event loop happen to meet;
//                 they stay in syscalls_all and by name
//   instructions  user-space instructions retired            hardware counter
//                 "pmu" where the CPU exposes one; under Valgrind the loop
//                 zeroes callgrind's counts as it starts and dumps them as a
//                 part named "fpbench-loop" as it ends, every thread's
//                 instructions included, and the harness reads them
//                 ("valgrind").
//   allocs        allocation calls (malloc, calloc, realloc, the aligned
//                 allocations; operator new is counted through malloc) and
//                 the bytes they asked for, "preload": counted by
//                 libfpbench-preload.so (preload.hpp), which the harness
//                 loads with LD_PRELOAD; without it allocs cannot be read.
//
// The perf counters are opened as each loop begins, with `inherit`, so that
// the threads the loop starts (libuv's pool) are counted and the threads its
// fixture started before it (a pipe's reader) are not; they are enabled and
// disabled as one group. A process therefore counts a thread pool's work
// only in the loop that starts the pool: count one configuration per
// process. Closing a tracepoint's last event costs the kernel tens of
// milliseconds; a long-lived process that keeps an event open on each of
// tracepoints() (fpbench run does) makes that cost vanish. The ioctl that
// disables the group is itself counted as it enters; stop() takes that one call
// off again, so an empty loop counts zero system calls.
//
// What cannot be had (no tracefs, not permitted, no PMU) is left out and
// described by unavailable(); a counter that was not read is never reported
// as zero.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fpbench/base/result.hpp"

namespace fpbench::scenarios {

struct CounterSelection {
  bool cpu = false;
  bool faults = false;
  bool syscalls = false;
  bool instructions = false;
  bool allocs = false;  // calls and bytes: needs the preload library
};

// "cpu,faults,syscalls,instructions,allocs" in any order; "" selects
// nothing.
Result<CounterSelection> parse_counter_selection(std::string_view list);

// Totals over the counted iterations of one loop.
struct CounterTotals {
  std::int64_t counted_iterations = 0;
  std::optional<double> cpu_s;
  std::optional<double> faults;
  std::optional<std::uint64_t> syscalls;      // without waits
  std::optional<std::uint64_t> syscalls_all;  // with them
  std::vector<std::pair<std::string, std::uint64_t>>
      syscalls_by_name;                       // every name counted
  std::optional<std::uint64_t> instructions;  // pmu only
  std::optional<std::uint64_t> allocs;        // allocation calls
  std::optional<std::uint64_t> alloc_bytes;   // bytes they asked for
};

class LoopCounters {
 public:
  // The process's counters; open() them first thing in main.
  static LoopCounters& instance();

  // Chooses the counters and finds out which can be read.
  void open(const CounterSelection& selection);
  // One line per selected counter that cannot be read, saying why.
  [[nodiscard]] const std::vector<std::string>& unavailable() const {
    return unavailable_;
  }
  // "cpu=rusage,faults=rusage,syscalls=tracepoint,instructions=valgrind" for
  // what is read.
  [[nodiscard]] std::string sources() const;
  // The tracepoints the syscall counters use ("raw_syscalls/sys_enter", ...).
  [[nodiscard]] std::vector<std::string> tracepoints() const;

  // Around a loop: arm() opens the counters (disabled) before it begins,
  // start() and stop() enclose the counted iterations.
  void arm();
  void start();
  void stop(std::int64_t counted_iterations);
  [[nodiscard]] const CounterTotals& totals() const { return totals_; }

  LoopCounters(const LoopCounters&) = delete;
  LoopCounters& operator=(const LoopCounters&) = delete;

 private:
  LoopCounters() = default;
  ~LoopCounters();
  // "" when opened, else why not.
  std::string open_syscalls(bool by_name);
  std::string open_instructions();
  std::string find_alloc_counter();
  void close_all();

  struct NamedFd {
    std::string name;
    int fd = -1;
  };

  CounterSelection selection_;
  bool valgrind_ = false;
  int syscall_leader_fd_ = -1;
  std::vector<NamedFd> syscall_fds_;
  int instructions_fd_ = -1;
  std::vector<std::string> unavailable_;
  double cpu_start_s_ = 0;
  double faults_start_ = 0;
  void (*alloc_counting_)(int on) = nullptr;
  void (*alloc_counts_)(std::uint64_t* calls, std::uint64_t* bytes) = nullptr;
  CounterTotals totals_;
};

}  // namespace fpbench::scenarios
