#pragma once

// Change-point detection in a series of measurements (one value per commit,
// in commit order): E-Divisive means with a Student's t significance test
// over sliding windows, the method of Hunter / Apache Otava.
//
// 1. Split: windows of `window` points start every window / 2 points (a
//    window never starts before the last change point found in the previous
//    one; windows at the end are cut short by the end of the series). In each
//    window E-Divisive means repeatedly takes, over the current segments, the
//    split tau (and right end kappa) maximising the energy statistic
//        Q(X, Y) = n m / (n + m) * (2/(n m) sum|x_i - y_j|
//                                   - sum_{i<k}|x_i - x_k| / C(n, 2)
//                                   - sum_{j<k}|y_j - y_k| / C(m, 2))
//    for X = z[start, tau), Y = z[tau, kappa); the split is kept while
//    the (corrected) t-test below between the two halves of its segment
//    gives p <= 10 * max_p_value (2x from 0.05, 1x from 0.5: Hunter's looser
//    first pass), and the window ends at the first split that fails. O(L^2)
//    time per segment of L points. The union over all windows are the
//    candidates.
// 2. Merge: over the whole series, every candidate is tested against the
//    segments bounded by its neighbouring candidates; while any has
//    p > max_p_value or |magnitude| < min_magnitude, the weakest (largest p,
//    or when all p pass, smallest |magnitude|) is dropped and its two
//    neighbours re-tested.
//
// Test between segments: Student's two-sample t-test with pooled variance
// (R's t.test(var.equal = TRUE)), as Hunter. Not Welch's: the splits sit
// where the difference looks largest, and a short segment that by chance has
// little spread would make a test trusting each side's own variance far too
// confident. A side shorter than min_segment gives p = 1. Sides without
// spread give p = 0 if their means differ by more than rounding, else p = 1.
//
// Correction for the choice of split (adjust_for_candidates, on by default):
// the split is placed where the two sides differ most, so the plain t-test p
// of that split is the smallest of many and far too optimistic. Bonferroni:
// the p reported and compared with max_p_value is
//     min(1, p_t * (L - 2 * min_segment + 1)),
// L the points of the tested segment (both sides), i.e. p_t times the number
// of split positions that segment allows. Conservative (neighbouring
// positions are strongly correlated) but simple and valid. Measured with
// stats/tools/change_points_tuning.cpp on normal noise (2,000 seeds), at
// max_p_value = 0.001, min_segment = 4: series with >= 1 false change point
// 0.0% of 100-point and 0.0% of 365-point series corrected, 3.5% and 9.8%
// uncorrected (11.6% of 365-point with min_segment = 2); with 1% of nights
// 5 sd slow, 0.2% corrected. A -5% step at 13 sd is found as before (>= 99%
// of seeds at its index); a 2 sd step is found within 5 points of its start
// in ~40% of seeds instead of ~77%: the price of the correction.
//
// min_segment (default 4): every segment holds at least that many points, so
// two or three disturbed nights cannot pass for a level of their own. A step
// gets its exact index once min_segment points sit on the new level; a large
// step shows earlier, placed a point or two before its start (a -5% step in
// 0.365% noise: within +-1 of its index after 3 new points in the median).
// A caller alerting on change points among the last N points needs
// N > min_segment.
//
// magnitude = (mean_after - mean_before) / mean_before; +-infinity when
// mean_before is 0 and mean_after is not, 0 when both are 0.
//
// Assumptions: independent points with a piecewise-constant mean.
// min_segment below 2 acts as 2 (the test needs a variance on each side);
// window below 2 * min_segment acts as 2 * min_segment.
// n < 2 * min_segment: no change points. Constant series: none. A series
// holding NaN or infinity: none (callers reject such input first).
// References: Matteson & James, JASA 109 (2014); Daly et al., "The Use of
// Change Point Detection to Identify Software Performance Regressions in a
// Continuous Integration System", ICPE 2020; Fleming et al., "Hunter:
// Using Change Point Detection to Hunt for Performance Regressions", ICPE 2023.

#include <cstddef>
#include <span>
#include <vector>

namespace fpbench::stats {

struct ChangePointOptions {
  std::size_t window = 50;     // points per window in the split phase
  double max_p_value = 0.001;  // significance of each kept change point
  double min_magnitude =
      0.0;  // |relative change| below this is dropped (0.05 = 5%)
  std::size_t min_segment = 4;        // fewest points on either side of a split
  bool adjust_for_candidates = true;  // p times the number of split positions
};

struct ChangePoint {
  std::size_t index = 0;  // first point of the new segment
  double mean_before =
      0;  // mean of the segment before (to the previous change point)
  double mean_after =
      0;                 // mean of the segment after (to the next change point)
  double magnitude = 0;  // (mean_after - mean_before) / mean_before
  double p_value =
      0;  // Student's t-test (pooled variance) between the two segments,
          // corrected for the split positions unless turned off
};

// In increasing order of index.
std::vector<ChangePoint> detect_change_points(
    std::span<const double> series, const ChangePointOptions& options = {});

// The steps of an exactly counted series (instructions under callgrind,
// system calls, allocations): each point that differs from the first point
// of its level by more than `noise_floor` (relative) starts a new level,
// from the first point at it on: a count that changes has changed, and
// needs no segment of nights to be believed. p_value is 0; the means are of
// the levels' points.
std::vector<ChangePoint> detect_exact_steps(std::span<const double> series,
                                            double noise_floor);

}  // namespace fpbench::stats
