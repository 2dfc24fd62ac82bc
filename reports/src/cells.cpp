#include "cells.hpp"

#include <fmt/format.h>

#include "r_strings.hpp"

namespace fpbench::reports::detail {

std::array<std::string, 5> row_cells(const stats::RateComparison& c) {
  std::array<std::string, 5> cells;
  cells[0] =
      c.test ? std::string(static_cast<std::size_t>(c.stars), '*') : "NA";
  cells[1] = r_fixed2(c.improvement_pct) + " %";
  for (std::size_t i = 0; i < c.half_width_pct.size(); ++i) {
    cells[2 + i] = c.test ? "±" + r_fixed2(c.half_width_pct[i]) + "%" : "NA";
  }
  return cells;
}

std::string false_positive_footer(std::size_t comparisons) {
  const auto n = static_cast<double>(comparisons);
  return fmt::format(
      "Be aware that when doing many comparisons the risk of a false-positive\n"
      "result increases. In this case, there are {} comparisons, you can thus\n"
      "expect the following amount of false-positive results:\n"
      "  {} false positives, when considering a   5% risk acceptance (*, **, "
      "***),\n"
      "  {} false positives, when considering a   1% risk acceptance (**, "
      "***),\n"
      "  {} false positives, when considering a 0.1% risk acceptance (***)\n",
      comparisons, r_fixed2(n * 0.05), r_fixed2(n * 0.01), r_fixed2(n * 0.001));
}

}  // namespace fpbench::reports::detail
