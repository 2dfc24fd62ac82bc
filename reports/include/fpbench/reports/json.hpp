#pragma once

// Every number of the comparison, unrounded, for machines. Numbers that are
// undefined (no test, an empty side) are null.

#include <string>

#include "fpbench/reports/comparison.hpp"

namespace fpbench::reports {

std::string format_json(const Comparison& comparison);

}  // namespace fpbench::reports
