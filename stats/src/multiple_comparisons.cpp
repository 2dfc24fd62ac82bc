#include "fpbench/stats/multiple_comparisons.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

namespace fpbench::stats {

std::optional<Correction> parse_correction(std::string_view name) {
  if (name == "holm") return Correction::kHolm;
  if (name == "bh" || name == "BH" || name == "fdr") {
    return Correction::kBenjaminiHochberg;
  }
  if (name == "none") return Correction::kNone;
  return std::nullopt;
}

std::vector<double> adjust_p_values(std::span<const double> p_values,
                                    Correction correction) {
  std::vector<double> adjusted(p_values.begin(), p_values.end());
  std::vector<std::size_t> order;  // positions of the non-NaN p-values
  for (std::size_t i = 0; i < p_values.size(); ++i) {
    if (!std::isnan(p_values[i])) order.push_back(i);
  }
  const std::size_t m = order.size();
  if (correction == Correction::kNone || m <= 1) return adjusted;

  // Stable, as R's order(); ties get equal adjusted values either way.
  const auto by_p = [&](std::size_t a, std::size_t b) {
    return p_values[a] < p_values[b];
  };
  const auto m_real = static_cast<double>(m);
  if (correction == Correction::kHolm) {
    std::stable_sort(order.begin(), order.end(), by_p);
    double running_max = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < m; ++i) {
      // R: (n - i + 1L) * p[o] with 1-based i, an exact integer factor.
      const double scaled = static_cast<double>(m - i) * p_values[order[i]];
      running_max = std::max(running_max, scaled);
      adjusted[order[i]] = std::min(1.0, running_max);
    }
  } else {
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return by_p(b, a); });
    double running_min = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < m; ++i) {
      // R: n / i * p[o] with i = n, n - 1, ..., 1: the ratio first.
      const double rank = static_cast<double>(m - i);
      const double scaled = m_real / rank * p_values[order[i]];
      running_min = std::min(running_min, scaled);
      adjusted[order[i]] = std::min(1.0, running_min);
    }
  }
  return adjusted;
}

}  // namespace fpbench::stats
