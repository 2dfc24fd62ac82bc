#include "fpbench/stats/change_points.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <span>
#include <vector>

#include "fpbench/stats/descriptive.hpp"
#include "fpbench/stats/welch.hpp"
#include "unit_scale.hpp"

namespace fpbench::stats {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr double kEpsilon = std::numeric_limits<double>::epsilon();

// A half-open range [begin, end) of series indices.
struct Range {
  std::size_t begin = 0;
  std::size_t end = 0;
  std::size_t size() const { return end - begin; }
};

// The options every test between segments needs, min_segment clamped.
struct Settings {
  std::size_t min_segment = 2;
  bool adjust_for_candidates = true;
};

struct Candidate {
  std::size_t index = 0;  // first point of the right part
  double q = -kInfinity;
};

// (after - before) / before; +-infinity from 0 to not 0, 0 from 0 to 0.
double relative_change(double before, double after) {
  if (before != 0) return (after - before) / before;
  if (after != 0) return std::copysign(kInfinity, after);
  return 0;
}

// The test between two adjacent segments: pooled-variance Student t, with
// the edge cases the header lists and the correction for split positions.
ChangePoint compare_segments(std::span<const double> series, Range left,
                             Range right, const Settings& settings) {
  const std::size_t min_segment = settings.min_segment;
  const auto before = series.subspan(left.begin, left.size());
  const auto after = series.subspan(right.begin, right.size());
  ChangePoint cp;
  cp.index = right.begin;
  cp.mean_before = mean(before);
  cp.mean_after = mean(after);
  cp.magnitude = relative_change(cp.mean_before, cp.mean_after);
  cp.p_value = 1.0;
  if (before.size() < min_segment || after.size() < min_segment) return cp;

  const auto n_before = static_cast<double>(before.size());
  const auto n_after = static_cast<double>(after.size());
  const double df = n_before + n_after - 2;
  const double pooled_var =
      ((n_before - 1) * variance(before) + (n_after - 1) * variance(after)) /
      df;
  const double se = std::sqrt(pooled_var * (1 / n_before + 1 / n_after));
  const double diff = cp.mean_after - cp.mean_before;
  const double scale =
      std::max(std::fabs(cp.mean_before), std::fabs(cp.mean_after));
  if (!std::isfinite(se) || !std::isfinite(diff)) return cp;
  const double tolerance = 10 * kEpsilon * scale;
  // <=: with both means 0 the tolerance is 0 and a zero se must land here.
  if (se <= tolerance) {
    if (std::fabs(diff) > tolerance) cp.p_value = 0.0;
    return cp;
  }
  cp.p_value = student_t_two_sided_p(diff / se, df);
  // The split under test is the one that looked most different among every
  // position the joined segment allows (or survived such a choice in a
  // window), so its plain p is the minimum of many: Bonferroni over them.
  if (settings.adjust_for_candidates) {
    const auto positions =
        static_cast<double>(left.size() + right.size() - 2 * min_segment + 1);
    cp.p_value = std::min(1.0, cp.p_value * positions);
  }
  return cp;
}

// The split of [range.begin, range.end) that maximises the E-Divisive
// statistic (Matteson & James, alpha = 1)
//
//   Q(X, Y) = n m / (n + m) * (2/(n m) S_xy - S_xx / C(n,2) - S_yy / C(m,2))
//
// over X = z[begin, tau), Y = z[tau, kappa) with kappa <= end, where S_xy is
// the sum of |x - y| over all cross pairs and S_xx, S_yy the sums over pairs
// within each part. Both parts hold at least min_segment points. Letting the
// right part stop before the end (kappa) is what lets a change be found next
// to a second change further on.
//
// W(a, b) = sum over a <= i < k < b of |z_i - z_k|. With the rows W(a, .)
// and W(tau, .) the cross sum is W(a, kappa) - W(a, tau) - W(tau, kappa).
// Rows W(tau, .) are built for tau descending from W(tau + 1, .), so the cost
// is O(L^2) time and O(L) memory for L = end - begin.
// Ties keep the smallest tau, then the smallest kappa.
Candidate best_split(std::span<const double> series, Range range,
                     std::size_t min_segment) {
  Candidate best;
  const std::size_t len = range.size();
  if (len < 2 * min_segment) return best;
  const double* z = series.data() + range.begin;

  // from_start[k] = W(begin, begin + k)
  std::vector<double> from_start(len + 1, 0.0);
  for (std::size_t k = 1; k < len; ++k) {
    double add = 0;
    for (std::size_t i = 0; i < k; ++i) add += std::fabs(z[i] - z[k]);
    from_start[k + 1] = from_start[k] + add;
  }

  // row[k] = W(tau, k) in window-relative indices, updated as tau descends.
  std::vector<double> row(len + 1, 0.0);
  std::vector<Candidate> per_tau(len + 1);
  for (std::size_t tau = len - 1; tau >= min_segment; --tau) {
    double add = 0;
    // W(tau, k) = W(tau + 1, k) + sum over tau < j < k of |z_tau - z_j|
    for (std::size_t k = tau + 1; k <= len; ++k) {
      row[k] += add;
      if (k < len) add += std::fabs(z[tau] - z[k]);
    }
    if (len - tau < min_segment) continue;
    const auto n = static_cast<double>(tau);
    const double within_x =
        tau >= 2 ? from_start[tau] * 2.0 / (n * (n - 1)) : 0.0;
    for (std::size_t kappa = tau + min_segment; kappa <= len; ++kappa) {
      const auto m = static_cast<double>(kappa - tau);
      const double cross = from_start[kappa] - from_start[tau] - row[kappa];
      const double within_y =
          kappa - tau >= 2 ? row[kappa] * 2.0 / (m * (m - 1)) : 0.0;
      const double q =
          n * m / (n + m) * (2.0 * cross / (n * m) - within_x - within_y);
      if (q > per_tau[tau].q) per_tau[tau] = {range.begin + tau, q};
    }
  }
  for (std::size_t tau = min_segment; tau + min_segment <= len; ++tau) {
    if (per_tau[tau].q > best.q) best = per_tau[tau];
  }
  return best;
}

// E-Divisive within one window: repeatedly take the best split over all
// current segments and keep it while its t-test passes; stop at the first
// candidate that fails. Returns the kept indices in increasing order.
std::vector<std::size_t> split_window(std::span<const double> series,
                                      Range window, double max_p_value,
                                      const Settings& settings) {
  const std::size_t min_segment = settings.min_segment;
  std::vector<Range> segments = {window};
  std::vector<Candidate> candidates = {best_split(series, window, min_segment)};
  std::vector<std::size_t> found;
  for (;;) {
    std::size_t best = candidates.size();
    for (std::size_t s = 0; s < candidates.size(); ++s) {
      if (candidates[s].q == -kInfinity) continue;
      if (best == candidates.size() || candidates[s].q > candidates[best].q)
        best = s;
    }
    if (best == candidates.size()) break;
    const Range seg = segments[best];
    const std::size_t tau = candidates[best].index;
    const Range left{seg.begin, tau};
    const Range right{tau, seg.end};
    if (!(compare_segments(series, left, right, settings).p_value <=
          max_p_value))
      break;
    found.push_back(tau);
    segments[best] = left;
    candidates[best] = best_split(series, left, min_segment);
    const auto at = static_cast<std::ptrdiff_t>(best) + 1;
    segments.insert(segments.begin() + at, right);
    candidates.insert(candidates.begin() + at,
                      best_split(series, right, min_segment));
  }
  std::sort(found.begin(), found.end());
  return found;
}

// Hunter's first pass uses a looser threshold, so that a change split by a
// window boundary still gets into the candidate set; merge applies the real
// one.
double first_pass_p_value(double max_p_value) {
  if (max_p_value < 0.05) return max_p_value * 10;
  if (max_p_value < 0.5) return max_p_value * 2;
  return max_p_value;
}

// Candidates from windows of `window` points starting every window / 2 points;
// a window starts no earlier than the last change it follows.
std::vector<std::size_t> split_series(std::span<const double> series,
                                      std::size_t window, double max_p_value,
                                      const Settings& settings) {
  const std::size_t min_segment = settings.min_segment;
  const std::size_t n = series.size();
  const std::size_t step = std::max<std::size_t>(window / 2, 1);
  std::vector<std::size_t> all;
  std::size_t start = 0;
  while (start + 2 * min_segment <= n) {
    const Range range{start, std::min(start + window, n)};
    const auto found = split_window(series, range, max_p_value, settings);
    all.insert(all.end(), found.begin(), found.end());
    start = std::max(start + step, found.empty() ? 0 : found.back());
  }
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  return all;
}

// Each change point tested against the segments to its neighbours.
ChangePoint test_between_neighbours(std::span<const double> series,
                                    const std::vector<std::size_t>& indices,
                                    std::size_t i, const Settings& settings) {
  const std::size_t begin = i == 0 ? 0 : indices[i - 1];
  const std::size_t end =
      i + 1 == indices.size() ? series.size() : indices[i + 1];
  return compare_segments(series, {begin, indices[i]}, {indices[i], end},
                          settings);
}

bool is_weak(const ChangePoint& cp, const ChangePointOptions& options) {
  return !(cp.p_value <= options.max_p_value) ||
         std::fabs(cp.magnitude) < options.min_magnitude;
}

// Drop the weakest point (largest p; when every p passes, the smallest
// |magnitude|) while any point is weak, re-testing its two neighbours whose
// segments just grew.
std::vector<ChangePoint> merge(std::span<const double> series,
                               std::vector<std::size_t> indices,
                               const ChangePointOptions& options,
                               const Settings& settings) {
  std::vector<ChangePoint> points;
  points.reserve(indices.size());
  for (std::size_t i = 0; i < indices.size(); ++i) {
    points.push_back(test_between_neighbours(series, indices, i, settings));
  }
  while (!points.empty()) {
    std::size_t weakest = 0;
    for (std::size_t i = 1; i < points.size(); ++i) {
      if (points[i].p_value > points[weakest].p_value) weakest = i;
    }
    if (points[weakest].p_value <= options.max_p_value) {
      weakest = 0;
      for (std::size_t i = 1; i < points.size(); ++i) {
        if (std::fabs(points[i].magnitude) <
            std::fabs(points[weakest].magnitude)) {
          weakest = i;
        }
      }
      if (!is_weak(points[weakest], options)) break;
    }
    const auto at = static_cast<std::ptrdiff_t>(weakest);
    points.erase(points.begin() + at);
    indices.erase(indices.begin() + at);
    if (weakest > 0) {
      points[weakest - 1] =
          test_between_neighbours(series, indices, weakest - 1, settings);
    }
    if (weakest < points.size()) {
      points[weakest] =
          test_between_neighbours(series, indices, weakest, settings);
    }
  }
  return points;
}

}  // namespace

std::vector<ChangePoint> detect_change_points(
    std::span<const double> series, const ChangePointOptions& options) {
  const std::size_t min_segment = std::max<std::size_t>(options.min_segment, 2);
  if (series.size() < 2 * min_segment) return {};
  if (!std::all_of(series.begin(), series.end(),
                   [](double v) { return std::isfinite(v); })) {
    return {};
  }
  // Found on the series scaled to about 1 (unit_scale.hpp), where pooled
  // variances neither overflow nor underflow; the means are scaled back.
  double largest = 0;
  for (double v : series) largest = std::max(largest, std::fabs(v));
  const double factor = detail::unit_scale(largest);
  const std::vector<double> scaled = detail::scaled(series, factor);
  const Settings settings{min_segment, options.adjust_for_candidates};
  const std::size_t window = std::max(options.window, 2 * min_segment);
  const auto candidates = split_series(
      scaled, window, first_pass_p_value(options.max_p_value), settings);
  std::vector<ChangePoint> points =
      merge(scaled, candidates, options, settings);
  for (ChangePoint& cp : points) {
    cp.mean_before /= factor;
    cp.mean_after /= factor;
  }
  return points;
}

std::vector<ChangePoint> detect_exact_steps(std::span<const double> series,
                                            double noise_floor) {
  // The levels, as [start, end) of the series.
  std::vector<std::size_t> starts;
  for (std::size_t i = 0; i < series.size(); ++i) {
    if (starts.empty()) {
      starts.push_back(i);
      continue;
    }
    const double ref = series[starts.back()];
    if (std::fabs(series[i] - ref) > noise_floor * std::fabs(ref))
      starts.push_back(i);
  }
  const auto mean_of = [&](std::size_t level) {
    const std::size_t end =
        level + 1 < starts.size() ? starts[level + 1] : series.size();
    double sum = 0;
    for (std::size_t i = starts[level]; i < end; ++i) sum += series[i];
    return sum / static_cast<double>(end - starts[level]);
  };
  std::vector<ChangePoint> out;
  for (std::size_t level = 1; level < starts.size(); ++level) {
    ChangePoint c;
    c.index = starts[level];
    c.mean_before = mean_of(level - 1);
    c.mean_after = mean_of(level);
    c.magnitude = relative_change(c.mean_before, c.mean_after);
    c.p_value = 0;
    out.push_back(c);
  }
  return out;
}

}  // namespace fpbench::stats
