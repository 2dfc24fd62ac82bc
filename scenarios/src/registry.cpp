#include "fpbench/scenarios/registry.hpp"

namespace fpbench::scenarios {

std::vector<Scenario>& all_scenarios() {
  static std::vector<Scenario> scenarios;
  return scenarios;
}

namespace {
bool failed = false;
}  // namespace

void fail(benchmark::State& state, const std::string& message) {
  failed = true;
  state.SkipWithError(message.c_str());
}

bool any_failed() { return failed; }

bool add_scenario(Scenario scenario) {
  all_scenarios().push_back(std::move(scenario));
  return true;
}

}  // namespace fpbench::scenarios
