#include "fpbench/stats/welch.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "boost_math.hpp"
#include "fpbench/stats/descriptive.hpp"
#include "nan.hpp"
#include "unit_scale.hpp"

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

using detail::kNaN;

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
  // The test on the samples scaled to about 1 (unit_scale.hpp): t, df and p
  // do not depend on the scale, se is scaled back.
  const double factor = detail::unit_scale(
      std::max(std::fabs(w.mean_old), std::fabs(w.mean_new)));
  const std::vector<double> old_scaled = detail::scaled(old_sample, factor);
  const std::vector<double> new_scaled = detail::scaled(new_sample, factor);
  const double mean_old = mean(old_scaled);
  const double mean_new = mean(new_scaled);
  const double se_old = std::sqrt(variance(old_scaled) / n_old);
  const double se_new = std::sqrt(variance(new_scaled) / n_new);
  const double se = std::sqrt(se_old * se_old + se_new * se_new);
  w.std_error = se / factor;
  w.df = std::pow(se, 4) / (std::pow(se_old, 4) / (n_old - 1) +
                            std::pow(se_new, 4) / (n_new - 1));
  // R computes df unscaled. Where only se^4 overflows it gets df = Inf and
  // compare.R prints intervals from it; that df is kept so that the table
  // stays R's. Where R gets no df at all (NaN: both overflow, or underflow
  // to 0 / 0) the scaled one stands.
  const double r_se_old = std::sqrt(variance(old_sample) / n_old);
  const double r_se_new = std::sqrt(variance(new_sample) / n_new);
  const double r_df =
      std::pow(std::sqrt(r_se_old * r_se_old + r_se_new * r_se_new), 4) /
      (std::pow(r_se_old, 4) / (n_old - 1) +
       std::pow(r_se_new, 4) / (n_new - 1));
  if (std::isinf(r_df)) w.df = r_df;

  const double scale = std::max(std::fabs(mean_old), std::fabs(mean_new));
  if (!std::isfinite(se) || !std::isfinite(scale) ||
      se < 10 * std::numeric_limits<double>::epsilon() * scale) {
    return std::nullopt;
  }
  w.t = (mean_new - mean_old) / se;
  if (!std::isfinite(w.t) || !valid_df(w.df)) {
    return std::nullopt;
  }
  w.p_value = student_t_two_sided_p(w.t, w.df);
  return w;
}

}  // namespace fpbench::stats
