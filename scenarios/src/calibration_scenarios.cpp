// calibration/spin: a busy wait of a known length, to check that the whole
// chain (harness, statistics) finds a small real change. The baseline
// implementation waits 3% longer than fast and floor, so comparing fast
// (old) against baseline (new) must show a 2.9% slowdown.
//
// The wait spins on the monotonic clock rather than counting loop
// iterations, so its length holds whatever the CPU frequency does.

#include <chrono>

#include "fpbench/scenarios/counters.hpp"
#include "fpbench/scenarios/registry.hpp"

namespace fpbench::scenarios {
namespace {

constexpr double kInjectedSlowdown = 0.03;

void spin(benchmark::State& state, const Config& config,
          core::Implementation impl) {
  const double factor =
      impl == core::Implementation::kBaseline ? 1 + kInjectedSlowdown : 1.0;
  const auto wait = std::chrono::nanoseconds(static_cast<std::int64_t>(
      static_cast<double>(config.number("spinUs")) * 1000 * factor));
  for (auto _ : measured(state)) {
    const auto until = std::chrono::steady_clock::now() + wait;
    while (std::chrono::steady_clock::now() < until) {
    }
  }
  state.SetItemsProcessed(state.iterations());
}

// Up to 10 s a sample.
constexpr std::int64_t kMaxSpinUs = 10'000'000;

const bool kRegistered = add_scenario(
    {"calibration/spin",
     Grid().add(Parameter::integer("spinUs", 0, kMaxSpinUs), {100}), spin});

}  // namespace
}  // namespace fpbench::scenarios
