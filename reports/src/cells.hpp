#pragma once

// The five cells of a compare.R row, as compare.R's sprintf calls write them.
// Shared by the text and Markdown formats so that both say the same.

#include <array>
#include <string>
#include <string_view>

#include "fpbench/stats/rate_comparison.hpp"

namespace fpbench::reports::detail {

inline constexpr std::array<std::string_view, 5> kColumnHeaders = {
    "confidence", "improvement", "accuracy (*)", "(**)", "(***)"};

// "***".."" with a test, "NA" without; "12.34 %"; "±1.23%" or "NA".
std::array<std::string, 5> row_cells(const stats::RateComparison& c);

// The false-positive footer compare.R prints after a blank line.
std::string false_positive_footer(std::size_t comparisons);

}  // namespace fpbench::reports::detail
