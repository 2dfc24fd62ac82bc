#pragma once

#include <limits>

namespace fpbench::stats::detail {

// What a statistic returns for input it is not defined on.
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace fpbench::stats::detail
