#pragma once

// The timed loop of a scenario with the loop counters (loop_counters.hpp)
// around its counted iterations, reported as the benchmark's fpbench_*
// counters.

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>

#include "fpbench/scenarios/loop_counters.hpp"

namespace fpbench::scenarios {

// Adds the totals to the benchmark's counters (fpbench_*), as reported in
// its JSON.
void report(const CounterTotals& totals, benchmark::State& state);

// What the loop did, which the harness compares between a benchmark's timed
// and counted samples: a counted sample that took another path (a
// descriptor Valgrind holds, a limit it lowered) must not pass for the
// timed one. A value that does not depend on how long or how often the loop
// ran: the size the last operation read, the share of operations that
// failed. Reported as the counter fpbench_outcome_NAME.
void report_outcome(benchmark::State& state, const std::string& name,
                    double value);
// The same in words, as the row's label: the error the operations failed
// with ("failed: EBADF (fstat)"), never a path or a time that differs from
// one process to the next.
void report_outcome_label(benchmark::State& state, const std::string& text);

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
