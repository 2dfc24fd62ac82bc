#include "fpbench/stats/welch.hpp"

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <limits>

#include "fpbench/stats/descriptive.hpp"

namespace fpbench::stats {
namespace {

namespace bm = boost::math;
// Report bad arguments as NaN instead of throwing: callers check finiteness.
// Evaluate in double: Boost's double-precision paths are accurate to a few
// ulps, and promotion to long double costs several times the time.
using NanPolicy = bm::policies::policy<
    bm::policies::promote_double<false>,
    bm::policies::domain_error<bm::policies::ignore_error>,
    bm::policies::overflow_error<bm::policies::ignore_error>,
    bm::policies::evaluation_error<bm::policies::ignore_error>>;
using StudentT = bm::students_t_distribution<double, NanPolicy>;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool valid_df(double df) { return df > 0 && !std::isnan(df); }

}  // namespace

double student_t_quantile(double probability, double df) {
  if (!valid_df(df) || !(probability > 0 && probability < 1)) return kNaN;
  return bm::quantile(StudentT(df), probability);
}

double student_t_two_sided_p(double t, double df) {
  if (!valid_df(df) || std::isnan(t)) return kNaN;
  if (std::isinf(t)) return 0.0;
  return 2.0 * bm::cdf(StudentT(df), -std::fabs(t));
}

std::optional<WelchTest> welch_t_test(std::span<const double> old_sample,
                                      std::span<const double> new_sample) {
  if (old_sample.size() < 2 || new_sample.size() < 2) return std::nullopt;
  const auto n_old = static_cast<double>(old_sample.size());
  const auto n_new = static_cast<double>(new_sample.size());

  WelchTest w;
  w.mean_old = mean(old_sample);
  w.mean_new = mean(new_sample);
  const double se_old = std::sqrt(variance(old_sample) / n_old);
  const double se_new = std::sqrt(variance(new_sample) / n_new);
  w.std_error = std::sqrt(se_old * se_old + se_new * se_new);
  w.df = std::pow(w.std_error, 4) / (std::pow(se_old, 4) / (n_old - 1) +
                                     std::pow(se_new, 4) / (n_new - 1));

  const double scale = std::max(std::fabs(w.mean_old), std::fabs(w.mean_new));
  if (!std::isfinite(w.std_error) || !std::isfinite(scale) ||
      w.std_error < 10 * std::numeric_limits<double>::epsilon() * scale) {
    return std::nullopt;
  }
  w.t = (w.mean_new - w.mean_old) / w.std_error;
  if (!std::isfinite(w.t) || !valid_df(w.df)) {
    return std::nullopt;
  }
  w.p_value = student_t_two_sided_p(w.t, w.df);
  return w;
}

}  // namespace fpbench::stats
