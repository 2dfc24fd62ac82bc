#pragma once

// The three implementations every core operation has, by name, so that tests,
// scenarios and FPBENCH_IMPL=baseline can choose one.

#include <optional>
#include <string_view>

namespace fpbench::core {

enum class Implementation { kBaseline, kFast, kFloor };

// "baseline", "fast" or "floor".
std::optional<Implementation> parse_implementation(std::string_view name);
std::string_view implementation_name(Implementation impl);

}  // namespace fpbench::core
