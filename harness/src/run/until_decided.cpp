#include "fpbench/harness/until_decided.hpp"

#include <algorithm>

#include "fpbench/stats/rate_comparison.hpp"

namespace fpbench::harness {

bool is_look(int n, const reports::SequentialPlan& plan) {
  return n >= plan.first_look && (n - plan.first_look) % plan.look_every == 0;
}

std::vector<reports::BenchmarkKey> undecided_by_table(
    const std::vector<BenchmarkValues>& all,
    const reports::SequentialPlan& plan) {
  constexpr int kDecidedStars = 3;  // p < 0.001
  std::vector<reports::BenchmarkKey> out;
  for (const BenchmarkValues& b : all) {
    const int n =
        static_cast<int>(std::min(b.values[0].size(), b.values[1].size()));
    if (n >= plan.max_runs) continue;
    if (is_look(n, plan) &&
        stats::compare_rates(b.values[0], b.values[1]).stars == kDecidedStars)
      continue;
    out.push_back(b.key);
  }
  return out;
}

}  // namespace fpbench::harness
