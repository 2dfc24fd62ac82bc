#pragma once

// What a sample file must say about where it was measured: CPU model, core
// count, kernel, date, and for each side the build of the program measured
// (its compiler, flags, build type and commit, as its --build-info says).

#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace fpbench::harness::detail {

struct MeasuredProgram {
  std::string side;  // "old" or "new"
  std::string path;
  std::optional<std::string> impl;
};

// `fpbench-scenarios --build-info` output (key=value lines) as a JSON object
// of strings; compiler, flags, build_type and commit are null when missing.
nlohmann::json parse_build_info(const std::string& text);

// gethostname, or "unknown".
std::string host_name();

nlohmann::json machine_context(const std::vector<MeasuredProgram>& programs,
                               std::chrono::milliseconds query_timeout);

}  // namespace fpbench::harness::detail
