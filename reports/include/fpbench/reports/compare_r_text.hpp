#pragma once

// The table Node's `Rscript benchmark/compare.R` prints, byte for byte: the
// data frame as R's print() lays it out with options(width = 200), a blank
// line, and the false-positive footer.
//
// Layout rules (R's print.default for a character matrix): row names
// left-aligned to the widest; each column right-aligned to the wider of its
// header and cells, preceded by one space; when a line would reach the width
// limit, the columns are split into blocks printed one after another, each
// repeating the row names.

#include <string>

#include "fpbench/reports/comparison.hpp"

namespace fpbench::reports {

std::string format_compare_r_text(const Comparison& comparison,
                                  const ReportOptions& options = {});

}  // namespace fpbench::reports
