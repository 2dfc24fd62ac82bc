#include "fpbench/reports/contradictions.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include "fpbench/reports/comparison.hpp"
#include "fpbench/reports/metric_table.hpp"

namespace fpbench::reports {
namespace {

// Welch's p below which a count that is not exact counts as changed: the
// table's "**".
constexpr double kCountedAlpha = 0.01;

// The change of time per operation, in %, when the rate changed by
// rate_pct.
double time_change_pct(double rate_pct) {
  return 100 / (1 + rate_pct / 100) - 100;
}

std::string per_op(double v) {
  return std::fabs(v) >= 100 ? fmt::format("{:.0f}", v)
                             : fmt::format("{:.3g}", v);
}

// The contradiction of one row, when (1) to (3) of the header hold.
std::optional<Contradiction> check_row(const ComparisonRow& counted,
                                       const ComparisonRow& timed,
                                       double noise_floor) {
  const stats::RateComparison& i = counted.stats;
  const stats::RateComparison& w = timed.stats;
  if (i.n_old == 0 || i.n_new == 0 || !(i.mean_old > 0) || !w.test ||
      !(w.mean_old > 0))
    return std::nullopt;
  const bool exact = exact_samples(counted.old_rates, noise_floor) &&
                     exact_samples(counted.new_rates, noise_floor);
  if (!exact && !(i.test && i.test->p_value < kCountedAlpha))
    return std::nullopt;
  const double c = i.improvement_pct;
  const double g = w.improvement_pct;
  const double h = w.half_width_pct[1];
  if (!std::isfinite(c) || !std::isfinite(g) || !std::isfinite(h) ||
      g - h <= -100)
    return std::nullopt;
  const double m = std::max(std::fabs(time_change_pct(g - h)),
                            std::fabs(time_change_pct(g + h)));
  const double old_ns = 1e9 / w.mean_old;
  const double d = std::fabs(i.mean_new - i.mean_old);
  const bool large = std::fabs(c) >= kContradictionMinChangePct;
  const bool time_still = std::fabs(c) >= kContradictionTimeFactor * m;
  const bool too_many = d >= kContradictionInstructionsPerNs * old_ns * m / 100;
  if (!(large && time_still && too_many)) return std::nullopt;
  Contradiction out;
  out.name = counted.name;
  out.counted_old = i.mean_old;
  out.counted_new = i.mean_new;
  out.counted_change_pct = c;
  out.counted_exact = exact;
  out.timed_change_pct = g;
  out.timed_half_width_pct = h;
  out.time_moved_pct = m;
  out.old_ns_per_op = old_ns;
  return out;
}

}  // namespace

std::vector<Contradiction> find_contradictions(
    const std::vector<SampleRecord>& records) {
  const auto wall = select_metric(records, "wall", "");
  const auto instructions = select_metric(records, "instructions", "");
  if (!wall || !instructions) return {};
  const Comparison timed = build_comparison(wall->samples);
  std::map<std::string, const ComparisonRow*> timed_rows;
  for (const ComparisonRow& row : timed.rows) timed_rows[row.name] = &row;
  std::vector<Contradiction> out;
  for (const ComparisonRow& row :
       build_comparison(instructions->samples).rows) {
    const auto it = timed_rows.find(row.name);
    if (it == timed_rows.end()) continue;
    if (auto c = check_row(row, *it->second, instructions->info.noise_floor))
      out.push_back(std::move(*c));
  }
  return out;
}

std::string contradiction_text(const Contradiction& c) {
  const double d = std::fabs(c.counted_new - c.counted_old);
  return fmt::format(
      "{}: counted and timed disagree: {} {:+.2f}% ({} -> {} per operation, "
      "{}) but wall {:+.2f}% ±{:.2f}% (99%): {} {} instructions take at "
      "least {} ns even at {:.0f} per ns, yet the time per operation moved "
      "by at most {:.2f}% ({} ns); the counted samples likely ran another "
      "path than the timed ones",
      c.name, c.counted_metric, c.counted_change_pct, per_op(c.counted_old),
      per_op(c.counted_new), c.counted_exact ? "exact" : "significant",
      c.timed_change_pct, c.timed_half_width_pct, per_op(d),
      c.counted_new < c.counted_old ? "fewer" : "more",
      per_op(d / kContradictionInstructionsPerNs),
      kContradictionInstructionsPerNs, c.time_moved_pct,
      per_op(c.old_ns_per_op * c.time_moved_pct / 100));
}

}  // namespace fpbench::reports
