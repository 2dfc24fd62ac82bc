#include "fpbench/reports/sample_value.hpp"

#include <fmt/format.h>

#include <cmath>

namespace fpbench::reports {
namespace {

Result<void> refuse(std::string_view where, std::string_view what, double value,
                    std::string_view why, std::string_view wanted) {
  return bad_input_error(
      fmt::format("{}: {} {} {}: {}", where, what, value, why, wanted));
}

}  // namespace

std::optional<std::string_view> why_not_positive(double value) {
  if (std::isnan(value)) return "is not a number";
  if (std::isinf(value)) return "is infinite";
  if (value < 0) return "is negative";
  if (value == 0) return "is zero";
  // Subnormal: below DBL_MIN, with fewer significant bits than a double has.
  if (!std::isnormal(value)) return "is subnormal (below 2.2e-308)";
  return std::nullopt;
}

Result<void> check_rate(double rate_ops_per_s, std::string_view where) {
  if (const auto why = why_not_positive(rate_ops_per_s)) {
    return refuse(where, "rate", rate_ops_per_s, *why,
                  "a rate must be a positive, finite, normal number of "
                  "operations per second");
  }
  return {};
}

Result<void> check_time(double time_s, std::string_view where) {
  if (const auto why = why_not_positive(time_s)) {
    return refuse(where, "time", time_s, *why,
                  "a time must be a positive, finite, normal number of "
                  "seconds");
  }
  return {};
}

Result<void> check_count(double count, std::string_view what,
                         std::string_view where) {
  if (count == 0) return {};
  if (const auto why = why_not_positive(count)) {
    return refuse(where, what, count, *why,
                  "a count per operation must be zero or a positive, finite, "
                  "normal number");
  }
  return {};
}

}  // namespace fpbench::reports
