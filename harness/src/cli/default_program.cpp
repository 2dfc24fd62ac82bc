// Where fpbench finds the scenario program when --old and --new name none.

#include "fpbench/base/sibling.hpp"
#include "subcommands.hpp"

namespace fpbench::cli {

std::string default_scenario_program() {
  return find_sibling({.env = "FPBENCH_SCENARIOS",
                       .name = "fpbench-scenarios",
                       .dirs = {".", "../scenarios", "../libexec/fpbench"}})
      .value_or("fpbench-scenarios");
}

}  // namespace fpbench::cli
