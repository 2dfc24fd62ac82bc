#include "fpbench/stats/sequential.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numbers>
#include <span>
#include <utility>
#include <vector>

#include "boost_math.hpp"
#include "nan.hpp"

namespace fpbench::stats {
namespace {

namespace bm = boost::math;
using NanPolicy = bm::policies::policy<
    bm::policies::promote_double<false>,
    bm::policies::domain_error<bm::policies::ignore_error>,
    bm::policies::overflow_error<bm::policies::ignore_error>,
    bm::policies::evaluation_error<bm::policies::ignore_error>>;
using Normal = bm::normal_distribution<double, NanPolicy>;
using StudentT = bm::students_t_distribution<double, NanPolicy>;

using detail::kNaN;
constexpr double kInf = std::numeric_limits<double>::infinity();

// Grid step at most this fraction of the standard deviation of the Gaussian
// increments on either side of a look.
constexpr double kStepsPerSd = 12;
// The continuation region is cut at this many standard deviations of B(t):
// the mass beyond is below 1e-22.
constexpr double kRangeSd = 10;
// The kernel is dropped beyond this many of its standard deviations.
constexpr double kKernelSd = 9;
// Below this the crossing probability is left to the marginal quantile.
constexpr double kTinyIncrement = 1e-15;

// Upper tail 1 - Phi(z), accurate far out.
double upper_tail(double z) { return 0.5 * std::erfc(z / std::numbers::sqrt2); }

double normal_density(double z) {
  return std::exp(-0.5 * z * z) / std::sqrt(2 * std::numbers::pi);
}

// c with 2 (1 - Phi(c)) = two_sided; +infinity for 0.
double two_sided_critical(double two_sided) {
  if (!(two_sided > 0)) return kInf;
  if (two_sided >= 1) return 0;
  return bm::quantile(bm::complement(Normal(), two_sided / 2));
}

// The sub-density of B(t) on the continuation region at a look, times the
// Simpson weights, on an even grid lo + i * step.
struct Grid {
  double lo = 0;
  double step = 0;
  std::vector<double> weighted;

  double x(std::size_t i) const { return lo + static_cast<double>(i) * step; }
};

// Grid over [-half_range, half_range] with a step of at most max_step and an
// even number of intervals; density(x) is filled in with Simpson's weights.
template <typename Density>
Grid make_grid(double half_range, double max_step, const Density& density) {
  if (!(half_range > 0)) return {};  // c = 0: nothing continues
  const double raw = std::ceil(2 * half_range / max_step);
  std::size_t intervals =
      std::max<std::size_t>(2, static_cast<std::size_t>(raw));
  intervals += intervals % 2;
  Grid g;
  g.lo = -half_range;
  g.step = 2 * half_range / static_cast<double>(intervals);
  g.weighted.resize(intervals + 1);
  for (std::size_t i = 0; i <= intervals; ++i) {
    const double w =
        (i == 0 || i == intervals) ? 1.0 : (i % 2 == 1 ? 4.0 : 2.0);
    g.weighted[i] = w * g.step / 3 * density(g.x(i));
  }
  return g;
}

// P(reaching look k from the previous continuation region and |B(t_k)| >= a),
// s the standard deviation of the increment.
double crossing_probability(const Grid& previous, double a, double s) {
  double sum = 0;
  for (std::size_t i = 0; i < previous.weighted.size(); ++i) {
    const double u = previous.x(i);
    sum += previous.weighted[i] *
           (upper_tail((a - u) / s) + upper_tail((a + u) / s));
  }
  return sum;
}

// The sub-density of B(t_k) at x from the previous grid.
double carried_density(const Grid& previous, double x, double s) {
  if (previous.weighted.empty()) return 0;
  const double reach = kKernelSd * s;
  const double first = std::ceil((x - reach - previous.lo) / previous.step);
  const double last = std::floor((x + reach - previous.lo) / previous.step);
  const double top = static_cast<double>(previous.weighted.size() - 1);
  if (last < 0 || first > top) return 0;
  const auto begin = static_cast<std::size_t>(std::max(0.0, first));
  const auto end = static_cast<std::size_t>(std::min(top, last));
  double sum = 0;
  for (std::size_t i = begin; i <= end; ++i) {
    sum += previous.weighted[i] * normal_density((x - previous.x(i)) / s);
  }
  return sum / s;
}

// c_k such that crossing at look k (and not before) has probability increment.
double solve_critical(const Grid& previous, double t, double s,
                      double increment) {
  double hi = two_sided_critical(increment);  // P(|Z_k| >= hi) = increment
  if (increment < kTinyIncrement || std::isinf(hi)) return hi;
  const double root_t = std::sqrt(t);
  double lo = 0;
  if (crossing_probability(previous, 0, s) <= increment) return 0;
  for (int iteration = 0; iteration < 200 && hi - lo > 1e-12 * hi;
       ++iteration) {
    const double mid = 0.5 * (lo + hi);
    if (crossing_probability(previous, mid * root_t, s) > increment) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return 0.5 * (lo + hi);
}

bool valid_fractions(std::span<const double> fractions) {
  double previous = 0;
  for (const double t : fractions) {
    if (!(t > previous && t <= 1)) return false;
    previous = t;
  }
  return true;
}

bool valid_spending(std::span<const double> cumulative, std::size_t looks) {
  if (cumulative.size() != looks) return false;
  double previous = 0;
  for (const double a : cumulative) {
    if (!(a >= previous && a < 1)) return false;
    previous = a;
  }
  return true;
}

}  // namespace

double alpha_spent(SpendingFunction spending, double alpha, double t) {
  if (!(alpha > 0 && alpha < 1) || std::isnan(t)) return kNaN;
  if (t <= 0) return 0;
  if (t >= 1) return alpha;
  switch (spending) {
    case SpendingFunction::kOBrienFleming:
      return 2 * upper_tail(two_sided_critical(alpha) / std::sqrt(t));
    case SpendingFunction::kOBrienFlemingPerTail:
      return 4 * upper_tail(two_sided_critical(alpha / 2) / std::sqrt(t));
    case SpendingFunction::kPocock:
      return alpha * std::log1p((std::numbers::e - 1) * t);
  }
  return kNaN;
}

double information_fraction(std::size_t runs_old, std::size_t runs_new,
                            std::size_t max_runs_per_side) {
  if (max_runs_per_side == 0) return kNaN;
  if (runs_old == 0 || runs_new == 0) return 0;
  const auto n_old = static_cast<double>(runs_old);
  const auto n_new = static_cast<double>(runs_new);
  const double effective = 2 * n_old * n_new / (n_old + n_new);
  return std::min(1.0, effective / static_cast<double>(max_runs_per_side));
}

std::vector<SequentialBoundary> sequential_boundaries(
    std::span<const double> information_fractions, double alpha,
    SpendingFunction spending) {
  if (!(alpha > 0 && alpha < 1)) return {};
  std::vector<double> spent;
  spent.reserve(information_fractions.size());
  for (const double t : information_fractions) {
    spent.push_back(alpha_spent(spending, alpha, t));
  }
  return spending_boundaries(information_fractions, spent);
}

std::vector<SequentialBoundary> spending_boundaries(
    std::span<const double> information_fractions,
    std::span<const double> cumulative_alpha) {
  if (!valid_fractions(information_fractions) ||
      !valid_spending(cumulative_alpha, information_fractions.size())) {
    return {};
  }
  const std::size_t looks = information_fractions.size();
  std::vector<SequentialBoundary> out(looks);
  Grid grid;
  for (std::size_t k = 0; k < looks; ++k) {
    const double t = information_fractions[k];
    const double t_before = k == 0 ? 0.0 : information_fractions[k - 1];
    const double s = std::sqrt(t - t_before);
    SequentialBoundary& b = out[k];
    b.information_fraction = t;
    b.alpha_spent = cumulative_alpha[k];
    const double increment =
        b.alpha_spent - (k == 0 ? 0.0 : cumulative_alpha[k - 1]);
    b.critical_z = k == 0 ? two_sided_critical(increment)
                          : solve_critical(grid, t, s, increment);
    b.nominal_alpha =
        std::isinf(b.critical_z) ? 0.0 : 2 * upper_tail(b.critical_z);
    if (k + 1 == looks) break;

    // The next look integrates against a kernel of the next increment's
    // spread; this one's density varies on the scale of s.
    const double s_next = std::sqrt(information_fractions[k + 1] - t);
    const double max_step = std::min(s, s_next) / kStepsPerSd;
    const double half_range =
        std::min(b.critical_z * std::sqrt(t), kRangeSd * std::sqrt(t));
    if (k == 0) {
      grid = make_grid(half_range, max_step,
                       [s](double x) { return normal_density(x / s) / s; });
    } else {
      const Grid previous = std::move(grid);
      grid = make_grid(half_range, max_step, [&previous, s](double x) {
        return carried_density(previous, x, s);
      });
    }
  }
  return out;
}

std::vector<SequentialBoundary> family_sequential_boundaries(
    std::span<const double> information_fractions, double family_alpha,
    std::size_t comparisons, SpendingFunction spending) {
  if (comparisons == 0) return {};
  return sequential_boundaries(information_fractions,
                               family_alpha / static_cast<double>(comparisons),
                               spending);
}

double sequential_t_critical(double nominal_alpha, double df) {
  if (!(nominal_alpha >= 0 && nominal_alpha < 1) || !(df > 0)) return kNaN;
  if (nominal_alpha == 0) return kInf;
  // The upper quantile directly: 1 - nominal_alpha / 2 would round to 1 for
  // the tiny levels of early looks.
  return bm::quantile(bm::complement(StudentT(df), nominal_alpha / 2));
}

}  // namespace fpbench::stats
