#pragma once

// Multiple-comparison correction of p-values, as R's p.adjust().
//
//   holm: sort ascending, p_(i) * (m - i + 1) for i = 1..m, then a running
//         maximum (so adjusted values never decrease), capped at 1.
//         Controls the family-wise error rate at alpha under any dependence.
//         Reference: S. Holm, Scand. J. Statist. 6 (1979) 65-70.
//   bh:   sort descending, p_(i) * m / i, then a running minimum, capped at 1.
//         Controls the false discovery rate for independent or positively
//         dependent tests. Reference: Benjamini & Hochberg, JRSS B 57 (1995).
//   none: the p-values unchanged.
//
// NaN p-values (benchmarks with no test) stay NaN and are not counted in m,
// as p.adjust does. m = 0 or 1: the values are returned unchanged.

#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace fpbench::stats {

enum class Correction { kNone, kHolm, kBenjaminiHochberg };

// "holm", "bh" (also "BH", "fdr") or "none"; nullopt for anything else.
std::optional<Correction> parse_correction(std::string_view name);

// Adjusted p-values, in the order of the input.
std::vector<double> adjust_p_values(std::span<const double> p_values,
                                    Correction correction);

}  // namespace fpbench::stats
