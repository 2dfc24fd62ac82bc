#include "fpbench/scenarios/counters.hpp"

namespace fpbench::scenarios {
namespace {

std::int64_t fixed_iterations_value = 0;

}  // namespace

void report(const CounterTotals& totals, benchmark::State& state) {
  const auto put = [&](const std::string& name, double value) {
    state.counters["fpbench_" + name] = benchmark::Counter(value);
  };
  put("counted_iterations", static_cast<double>(totals.counted_iterations));
  if (totals.cpu_s) put("cpu_s", *totals.cpu_s);
  if (totals.faults) put("faults", *totals.faults);
  if (totals.syscalls) put("syscalls", static_cast<double>(*totals.syscalls));
  if (totals.syscalls_all)
    put("syscalls_all", static_cast<double>(*totals.syscalls_all));
  for (const auto& [name, n] : totals.syscalls_by_name) {
    put("syscall_" + name, static_cast<double>(n));
  }
  if (totals.instructions)
    put("instructions", static_cast<double>(*totals.instructions));
  if (totals.allocs) put("allocs", static_cast<double>(*totals.allocs));
  if (totals.alloc_bytes)
    put("alloc_bytes", static_cast<double>(*totals.alloc_bytes));
}

void report_outcome(benchmark::State& state, const std::string& name,
                    double value) {
  state.counters["fpbench_outcome_" + name] = benchmark::Counter(value);
}

void report_outcome_label(benchmark::State& state, const std::string& text) {
  state.SetLabel(text);
}

void set_fixed_iterations(std::int64_t iterations) {
  fixed_iterations_value = iterations;
}
std::int64_t fixed_iterations() { return fixed_iterations_value; }

benchmark::State::StateIterator MeasuredLoop::end() {
  // Threads the loop starts (libuv's pool) are counted; those the fixture
  // started before it (a pipe's reader) are not.
  LoopCounters::instance().arm();
  benchmark::State::StateIterator e =
      state_.end();  // starts Google Benchmark's timer
  remaining_ = state_.error_occurred() ? 0 : state_.max_iterations;
  warmup_left_ = fixed_iterations() > 1 ? 1 : 0;
  if (warmup_left_ == 0 && remaining_ > 0) {
    counting_ = true;
    LoopCounters::instance().start();
  }
  return e;
}

void MeasuredLoop::after_iteration() {
  --remaining_;
  if (counting_) {
    ++counted_;
    return;
  }
  if (warmup_left_ > 0 && --warmup_left_ == 0 && remaining_ > 0) {
    counting_ = true;
    LoopCounters::instance().start();
  }
}

void MeasuredLoop::finish() {
  if (finished_) return;
  finished_ = true;
  if (!counting_) return;
  LoopCounters& counters = LoopCounters::instance();
  counters.stop(counted_);
  report(counters.totals(), state_);
}

}  // namespace fpbench::scenarios
