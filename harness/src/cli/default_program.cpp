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

std::string default_preload_library() {
  return find_sibling({.name = "libfpbench-preload.so",
                       .dirs = {"../scenarios", "../libexec/fpbench"},
                       .executable = false})
      .value_or("libfpbench-preload.so");
}

std::string default_counted_exec() {
  return find_sibling({.name = "fpbench-counted-exec",
                       .dirs = {".", "../libexec/fpbench"}})
      .value_or("fpbench-counted-exec");
}

std::string default_node_callgrind_addon() {
  return find_sibling({.name = "fpbench-callgrind.node",
                       .dirs = {".", "../libexec/fpbench"},
                       .executable = false})
      .value_or("fpbench-callgrind.node");
}

}  // namespace fpbench::cli
