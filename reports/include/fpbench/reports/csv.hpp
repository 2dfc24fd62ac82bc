#pragma once

// One CSV row per benchmark (RFC 4180), every number unrounded; "NA" where a
// number is undefined, as R writes it.

#include <string>

#include "fpbench/reports/comparison.hpp"

namespace fpbench::reports {

std::string format_csv(const Comparison& comparison);

}  // namespace fpbench::reports
