#pragma once

// Change-point detection in a series of measurements (one value per commit,
// in commit order): E-Divisive means with a Student's t significance test
// over sliding windows, the method of Hunter / Apache Otava.
//
// 1. Split: the series is cut into windows of `window` points (the last
//    window overlaps so it is full). In each window E-Divisive means picks
//    the split that maximises the energy-distance statistic
//        Q(tau) = 2/(n m) sum|x_i - y_j| - 1/n^2 sum|x_i - x_k|... (scaled
//        by n m / (n + m)), for the left part x and right part y,
//    recursively within each part, keeping a candidate only if Welch's
//    t-test between its two neighbouring segments gives p <= max_p_value.
// 2. Merge: over the whole series, every candidate is re-tested against the
//    segments bounded by its neighbouring candidates; the weakest (largest
//    p) is dropped while any p > max_p_value or |magnitude| < min_magnitude,
//    and the rest re-tested, until all remaining points are significant.
//
// Assumptions: independent points with a piecewise-constant mean.
// n < 2 * min_segment: no change points. Constant series: none.
// References: Matteson & James, JASA 109 (2014); Daly et al., "The Use of
// Change Point Detection to Identify Software Performance Regressions in a
// Continuous Integration System", ICPE 2020; Fleming et al., "Hunter:
// Using Change Point Detection to Hunt for Performance Regressions", ICPE 2023.

#include <cstddef>
#include <span>
#include <vector>

namespace fpbench::stats {

struct ChangePointOptions {
  std::size_t window = 50;      // points per window in the split phase
  double max_p_value = 0.001;   // significance of each kept change point
  double min_magnitude = 0.0;   // |relative change| below this is dropped (0.05 = 5%)
  std::size_t min_segment = 2;  // fewest points on either side of a split
};

struct ChangePoint {
  std::size_t index = 0;        // first point of the new segment
  double mean_before = 0;       // mean of the segment before (to the previous change point)
  double mean_after = 0;        // mean of the segment after (to the next change point)
  double magnitude = 0;         // (mean_after - mean_before) / mean_before
  double p_value = 0;           // Welch's t-test between the two segments
};

// In increasing order of index.
std::vector<ChangePoint> detect_change_points(std::span<const double> series,
                                              const ChangePointOptions& options = {});

}  // namespace fpbench::stats
