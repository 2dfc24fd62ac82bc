#include "fpbench/core/implementation.hpp"

namespace fpbench::core {

std::optional<Implementation> parse_implementation(std::string_view name) {
  if (name == "baseline") return Implementation::kBaseline;
  if (name == "fast") return Implementation::kFast;
  if (name == "floor") return Implementation::kFloor;
  return std::nullopt;
}

std::string_view implementation_name(Implementation impl) {
  switch (impl) {
    case Implementation::kBaseline:
      return "baseline";
    case Implementation::kFast:
      return "fast";
    case Implementation::kFloor:
      return "floor";
  }
  return "unknown";
}

}  // namespace fpbench::core
