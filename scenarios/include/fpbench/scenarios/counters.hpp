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

#include <benchmark/benchmark.h>

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
};

// "cpu,faults,syscalls,instructions" in any order; "" selects nothing.
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
  // Adds the totals to the benchmark's counters (fpbench_*), as reported in
  // its JSON.
  void report(benchmark::State& state) const;

  LoopCounters(const LoopCounters&) = delete;
  LoopCounters& operator=(const LoopCounters&) = delete;

 private:
  LoopCounters() = default;
  ~LoopCounters();
  // "" when opened, else why not.
  std::string open_syscalls(bool by_name);
  std::string open_instructions();
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
  CounterTotals totals_;
};

// `--iterations=N`: every loop runs exactly N iterations and its first is a
// warm-up the counters leave out (so N - 1 are counted), to make counts per
// operation exact and comparable between processes. 0: Google Benchmark
// chooses, and every iteration is counted.
void set_fixed_iterations(std::int64_t iterations);
std::int64_t fixed_iterations();

// The timed loop of a scenario, with the counters around it:
//   for (auto _ : measured(state)) { ... }
// Google Benchmark starts its timer before the counters start and stops it
// after they stop, so its own clock reads are not counted.
class MeasuredLoop {
 public:
  explicit MeasuredLoop(benchmark::State& state) : state_(state) {}

  class Iterator {
   public:
    Iterator(benchmark::State::StateIterator inner, MeasuredLoop& loop)
        : inner_(inner), loop_(loop) {}
    benchmark::State::StateIterator::Value operator*() const { return *inner_; }
    Iterator& operator++() {
      ++inner_;
      loop_.after_iteration();
      return *this;
    }
    bool operator!=(const benchmark::State::StateIterator& end) {
      if (loop_.remaining_ == 0) loop_.finish();
      return inner_ != end;
    }

   private:
    benchmark::State::StateIterator inner_;
    MeasuredLoop& loop_;
  };

  Iterator begin() { return Iterator(state_.begin(), *this); }
  benchmark::State::StateIterator end();

 private:
  void after_iteration();
  void finish();

  benchmark::State& state_;
  std::int64_t remaining_ = 0;
  std::int64_t warmup_left_ = 0;
  bool counting_ = false;
  bool finished_ = false;
  std::int64_t counted_ = 0;
};

inline MeasuredLoop measured(benchmark::State& state) {
  return MeasuredLoop(state);
}

}  // namespace fpbench::scenarios
