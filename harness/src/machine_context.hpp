#pragma once

// What a sample file must say about where it was measured: CPU model, core
// count, kernel, compiler and flags, build type, git commit, date.

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace fpbench::harness::detail {

nlohmann::json machine_context(const std::vector<std::string>& scenario_programs);

}  // namespace fpbench::harness::detail
