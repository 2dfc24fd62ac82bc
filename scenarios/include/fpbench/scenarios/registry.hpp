#pragma once

// Scenarios by name ("fs/write-file-sync"), each a grid and a body that runs
// one configuration with one implementation inside a Google Benchmark loop.

#include <benchmark/benchmark.h>

#include <functional>
#include <string>
#include <vector>

#include "fpbench/core/implementation.hpp"
#include "fpbench/scenarios/grid.hpp"

namespace fpbench::scenarios {

using ScenarioBody =
    std::function<void(benchmark::State&, const Config&, core::Implementation)>;

struct Scenario {
  std::string name;  // category/name, as Node's benchmark files
  Grid grid;
  ScenarioBody body;
};

// Every scenario, in the order they were added.
std::vector<Scenario>& all_scenarios();

// Stops the benchmark with an error and remembers that one failed, so the
// program can exit with status 3 after the run.
void fail(benchmark::State& state, const std::string& message);
bool any_failed();

// Adds a scenario at static-initialisation time:
//   const bool registered = add_scenario({"fs/x", grid, body});
bool add_scenario(Scenario scenario);

}  // namespace fpbench::scenarios
