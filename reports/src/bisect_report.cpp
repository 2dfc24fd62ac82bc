// Which of bisect's changes is the first bad commit, and the order every
// format lists them in (bisect_report.hpp).

#include "fpbench/reports/bisect_report.hpp"

#include <algorithm>
#include <cmath>

namespace fpbench::reports {
namespace {

// The size of the share a change explains; a share that is not a number
// (no change between the ends) sorts last rather than break the order.
double share_size(const BisectChange& c) {
  return std::isfinite(c.explained) ? std::abs(c.explained) : 0;
}

}  // namespace

BisectDirection bisect_direction(const BisectChange& change) {
  return change.explained > 0 ? BisectDirection::kRegression
                              : BisectDirection::kImprovement;
}

const char* bisect_direction_name(BisectDirection direction) {
  switch (direction) {
    case BisectDirection::kRegression:
      return "regression";
    case BisectDirection::kImprovement:
      return "improvement";
  }
  return "improvement";
}

std::vector<const BisectChange*> ranked_bisect_changes(
    const BisectReport& report) {
  std::vector<const BisectChange*> out;
  out.reserve(report.changes.size());
  for (const BisectChange& c : report.changes) out.push_back(&c);
  std::stable_sort(
      out.begin(), out.end(), [](const BisectChange* a, const BisectChange* b) {
        const bool a_bad = bisect_direction(*a) == BisectDirection::kRegression;
        const bool b_bad = bisect_direction(*b) == BisectDirection::kRegression;
        if (a_bad != b_bad) return a_bad;
        return share_size(*a) > share_size(*b);
      });
  return out;
}

const BisectChange* first_bad_change(const BisectReport& report) {
  const auto ranked = ranked_bisect_changes(report);
  if (ranked.empty() ||
      bisect_direction(*ranked.front()) != BisectDirection::kRegression) {
    return nullptr;
  }
  return ranked.front();
}

}  // namespace fpbench::reports
