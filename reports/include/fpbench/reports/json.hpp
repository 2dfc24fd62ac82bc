#pragma once

// Every number of the comparison, unrounded, for machines. Numbers that are
// undefined (no test, an empty side) are null. Each side also carries its
// raw samples in input order ("samples": [...], empty for a missing side) so
// that the plot script can draw their distribution.

#include <string>

#include "fpbench/reports/comparison.hpp"

namespace fpbench::reports {

std::string format_json(const Comparison& comparison);

}  // namespace fpbench::reports
