#include "fpbench/stats/welch.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace fpbench::stats {
namespace {

TEST(Welch, UndefinedBelowTwoSamplesPerSide) {
  const std::vector<double> one = {1.0};
  const std::vector<double> three = {1.0, 2.0, 3.0};
  EXPECT_FALSE(welch_t_test({}, three).has_value());
  EXPECT_FALSE(welch_t_test(one, three).has_value());
  EXPECT_FALSE(welch_t_test(three, one).has_value());
}

TEST(Welch, UndefinedForConstantData) {
  const std::vector<double> a = {5.0, 5.0, 5.0};
  const std::vector<double> b = {6.0, 6.0};
  EXPECT_FALSE(welch_t_test(a, b).has_value());
  EXPECT_FALSE(welch_t_test(a, a).has_value());
  const std::vector<double> zeros = {0.0, 0.0};
  EXPECT_FALSE(welch_t_test(zeros, zeros).has_value());
}

TEST(Welch, DefinedWhereTheUnscaledVarianceWouldOverflow) {
  const std::vector<double> a = {1e300, -1e300, 1e300};
  const std::vector<double> b = {1.0, 2.0, 3.0};
  const auto w = welch_t_test(a, b);
  ASSERT_TRUE(w.has_value());
  EXPECT_GT(w->p_value, 0.0);
  EXPECT_LT(w->p_value, 1.0);
  const std::vector<double> inf = {1.0, std::numeric_limits<double>::infinity(),
                                   2.0};
  EXPECT_FALSE(welch_t_test(inf, b).has_value());
}

// The same samples in other units: the verdict must not change.
std::vector<double> times(std::vector<double> x, double factor) {
  for (double& v : x) v *= factor;
  return x;
}

TEST(Welch, ScaleDoesNotChangeTheVerdict) {
  const std::vector<double> old_rates = {1013.4, 1084.7, 1002.2,
                                         1050.9, 1031.3, 995.1};
  const std::vector<double> new_rates = {1101.6, 1080.2, 1123.4,
                                         1069.9, 1110.0, 1092.5};
  const auto base = welch_t_test(old_rates, new_rates);
  ASSERT_TRUE(base.has_value());
  for (double factor : {1e77, 1e150, 1e300 / 2048, 1e-80, 1e-300, 1e-303}) {
    const auto w =
        welch_t_test(times(old_rates, factor), times(new_rates, factor));
    ASSERT_TRUE(w.has_value()) << "factor " << factor;
    EXPECT_NEAR(w->p_value, base->p_value, 1e-9 * base->p_value)
        << "factor " << factor;
    EXPECT_NEAR(w->t, base->t, 1e-9 * std::fabs(base->t))
        << "factor " << factor;
    EXPECT_NEAR(w->df, base->df, 1e-9 * base->df) << "factor " << factor;
    EXPECT_NEAR(w->std_error / factor, base->std_error, 1e-9 * base->std_error)
        << "factor " << factor;
  }
  // A power of two scales exactly: bit for bit the same test.
  const auto exact = welch_t_test(times(old_rates, std::ldexp(1.0, 900)),
                                  times(new_rates, std::ldexp(1.0, 900)));
  ASSERT_TRUE(exact.has_value());
  EXPECT_EQ(exact->p_value, base->p_value);
  EXPECT_EQ(exact->df, base->df);
}

TEST(Welch, OneConstantSideUsesTheOtherSidesDegreesOfFreedom) {
  const std::vector<double> constant = {10.0, 10.0, 10.0, 10.0};
  const std::vector<double> varying = {11.0, 12.0, 13.0};
  const auto w = welch_t_test(constant, varying);
  ASSERT_TRUE(w.has_value());
  EXPECT_DOUBLE_EQ(w->df, 2.0);
  EXPECT_GT(w->t, 0);
}

TEST(StudentT, QuantileOutsideTheOpenIntervalIsNaN) {
  EXPECT_TRUE(std::isnan(student_t_quantile(0.0, 5)));
  EXPECT_TRUE(std::isnan(student_t_quantile(1.0, 5)));
  EXPECT_TRUE(std::isnan(student_t_quantile(0.5, 0)));
  EXPECT_TRUE(std::isnan(student_t_two_sided_p(1.0, -1)));
}

TEST(StudentT, KnownValues) {
  // R: qt(0.975, 1) = 12.706204736174694, qt(0.975, 10) = 2.2281388519862739.
  EXPECT_NEAR(student_t_quantile(0.975, 1), 12.706204736174694, 1e-12);
  EXPECT_NEAR(student_t_quantile(0.975, 10), 2.2281388519862739, 1e-12);
  EXPECT_NEAR(student_t_two_sided_p(0.0, 7.5), 1.0, 1e-15);
}

// Reference values computed once by R's t.test() and qt(); see
// reports/tests/data/r-oracle/README.md.
struct Reference {
  std::string name;
  std::map<std::string, double> value;
};

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream ss(line);
  for (std::string f; std::getline(ss, f, ',');) out.push_back(f);
  return out;
}

std::string unquote(std::string s) {
  if (s.size() >= 2 && s.front() == '"') s = s.substr(1, s.size() - 2);
  return s;
}

std::vector<Reference> load_references() {
  std::ifstream in(FPBENCH_ORACLE_DIR "/welch_reference.csv");
  EXPECT_TRUE(in) << "missing " FPBENCH_ORACLE_DIR "/welch_reference.csv";
  std::string line;
  std::getline(in, line);
  const std::vector<std::string> header = split(line);
  std::vector<Reference> refs;
  while (std::getline(in, line)) {
    const std::vector<std::string> f = split(line);
    if (f.size() != header.size()) continue;
    Reference r{unquote(f[0]), {}};
    for (std::size_t i = 1; i < f.size(); ++i) {
      r.value[unquote(header[i])] = std::stod(unquote(f[i]));
    }
    refs.push_back(std::move(r));
  }
  return refs;
}

std::map<std::string, std::pair<std::vector<double>, std::vector<double>>>
load_samples() {
  std::ifstream in(FPBENCH_ORACLE_DIR "/welch_reference_samples.csv");
  EXPECT_TRUE(in);
  std::string line;
  std::getline(in, line);
  std::map<std::string, std::pair<std::vector<double>, std::vector<double>>>
      out;
  while (std::getline(in, line)) {
    const std::vector<std::string> f = split(line);
    if (f.size() != 3) continue;
    auto& sides = out[unquote(f[0])];
    (unquote(f[1]) == "old" ? sides.first : sides.second)
        .push_back(std::stod(unquote(f[2])));
  }
  return out;
}

void expect_relative(double actual, double expected, const std::string& what) {
  const double tolerance = 1e-9 * std::max(std::fabs(expected), 1e-300);
  EXPECT_NEAR(actual, expected, tolerance) << what;
}

TEST(Welch, AgreesWithRWithinOnePartInABillion) {
  const auto refs = load_references();
  const auto samples = load_samples();
  ASSERT_GE(refs.size(), 10u);
  for (const Reference& r : refs) {
    SCOPED_TRACE(r.name);
    const auto it = samples.find(r.name);
    ASSERT_NE(it, samples.end());
    const auto w = welch_t_test(it->second.first, it->second.second);
    ASSERT_TRUE(w.has_value());
    expect_relative(w->mean_old, r.value.at("mean_old"), "mean_old");
    expect_relative(w->mean_new, r.value.at("mean_new"), "mean_new");
    expect_relative(w->t, r.value.at("t"), "t");
    expect_relative(w->df, r.value.at("df"), "df");
    expect_relative(w->p_value, r.value.at("p_value"), "p_value");
    expect_relative(student_t_quantile(0.975, w->df), r.value.at("qt_975"),
                    "qt(0.975)");
    expect_relative(student_t_quantile(0.995, w->df), r.value.at("qt_995"),
                    "qt(0.995)");
    expect_relative(student_t_quantile(0.9995, w->df), r.value.at("qt_9995"),
                    "qt(0.9995)");
  }
}

}  // namespace
}  // namespace fpbench::stats
