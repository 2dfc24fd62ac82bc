#include "fpbench/stats/sequential.hpp"

#include <gtest/gtest.h>

#include <array>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <numbers>
#include <random>
#include <vector>

#include "fpbench/stats/welch.hpp"

namespace fpbench::stats {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

const std::vector<double> kFiveEqual = {0.2, 0.4, 0.6, 0.8, 1.0};

double upper_tail(double z) { return 0.5 * std::erfc(z / std::numbers::sqrt2); }
double density(double z) {
  return std::exp(-0.5 * z * z) / std::sqrt(2 * std::numbers::pi);
}

std::vector<double> critical_values(const std::vector<SequentialBoundary>& b) {
  std::vector<double> c;
  for (const auto& look : b) c.push_back(look.critical_z);
  return c;
}

TEST(SequentialBoundaries, PerTailOBrienFlemingMatchesPublishedValues) {
  // The standard symmetric two-sided design at 0.05, gsDesign(k = 5,
  // test.type = 2, alpha = 0.025, sfu = sfLDOF)$upper$bound, to the three
  // decimals usually quoted.
  const std::array<double, 5> published = {4.877, 3.357, 2.680, 2.290, 2.031};
  const auto b = sequential_boundaries(kFiveEqual, 0.05,
                                       SpendingFunction::kOBrienFlemingPerTail);
  ASSERT_EQ(b.size(), published.size());
  for (std::size_t k = 0; k < published.size(); ++k) {
    EXPECT_NEAR(b[k].critical_z, published[k], 5.1e-4) << "look " << k + 1;
  }
}

TEST(SequentialBoundaries, OneLookIsTheFixedSampleTest) {
  for (const double alpha : {0.05, 0.01, 0.001}) {
    const std::vector<double> t = {1.0};
    const auto b = sequential_boundaries(t, alpha);
    ASSERT_EQ(b.size(), 1u);
    EXPECT_DOUBLE_EQ(b[0].alpha_spent, alpha);
    EXPECT_NEAR(b[0].nominal_alpha, alpha, 1e-15);
    EXPECT_NEAR(2 * upper_tail(b[0].critical_z), alpha, 1e-15);
  }
}

TEST(SequentialBoundaries, FirstLookSpendsItsShareAlone) {
  // alpha(t) = 2 - 2 Phi(1.959964 / sqrt(0.2)), so c_1 = 1.959964 / sqrt(0.2).
  const auto b = sequential_boundaries(kFiveEqual, 0.05);
  ASSERT_FALSE(b.empty());
  EXPECT_NEAR(b[0].critical_z, 1.959963984540054 / std::sqrt(0.2), 1e-9);
}

// Probability of crossing exactly at the last of two looks, by adaptive
// quadrature on the standardised statistics: Z_2 | Z_1 = z is
// N(rho z, 1 - rho^2) with rho = sqrt(t_1 / t_2).
double crossing_at_second(double t1, double t2, double c1, double c2) {
  const double rho = std::sqrt(t1 / t2);
  const double sd = std::sqrt(1 - rho * rho);
  const auto f = [&](double z) {
    return density(z) *
           (upper_tail((c2 - rho * z) / sd) + upper_tail((c2 + rho * z) / sd));
  };
  using boost::math::quadrature::gauss_kronrod;
  return gauss_kronrod<double, 61>::integrate(f, -c1, c1, 15, 1e-13);
}

// The same for the third of three looks, integrating over the second.
double crossing_at_third(const std::array<double, 3>& t,
                         const std::array<double, 3>& c) {
  const double r12 = std::sqrt(t[0] / t[1]);
  const double r23 = std::sqrt(t[1] / t[2]);
  const double sd12 = std::sqrt(1 - r12 * r12);
  const double sd23 = std::sqrt(1 - r23 * r23);
  using boost::math::quadrature::gauss_kronrod;
  const auto inner = [&](double z1) {
    const auto g = [&](double z2) {
      return density((z2 - r12 * z1) / sd12) / sd12 *
             (upper_tail((c[2] - r23 * z2) / sd23) +
              upper_tail((c[2] + r23 * z2) / sd23));
    };
    return density(z1) *
           gauss_kronrod<double, 61>::integrate(g, -c[1], c[1], 15, 1e-12);
  };
  return gauss_kronrod<double, 61>::integrate(inner, -c[0], c[0], 15, 1e-11);
}

TEST(SequentialBoundaries, AgreeWithDirectQuadratureForTwoAndThreeLooks) {
  for (const auto spending :
       {SpendingFunction::kOBrienFleming, SpendingFunction::kPocock}) {
    for (const double alpha : {0.05, 0.01}) {
      const std::vector<double> two = {0.35, 1.0};
      const auto b2 = sequential_boundaries(two, alpha, spending);
      ASSERT_EQ(b2.size(), 2u);
      EXPECT_NEAR(
          crossing_at_second(0.35, 1.0, b2[0].critical_z, b2[1].critical_z),
          b2[1].alpha_spent - b2[0].alpha_spent, 1e-6 * alpha)
          << "alpha " << alpha;

      // Unequal steps, the last short.
      const std::vector<double> three = {0.3, 0.82, 0.9};
      const auto b3 = sequential_boundaries(three, alpha, spending);
      ASSERT_EQ(b3.size(), 3u);
      const double p = crossing_at_third(
          {0.3, 0.82, 0.9},
          {b3[0].critical_z, b3[1].critical_z, b3[2].critical_z});
      EXPECT_NEAR(p, b3[2].alpha_spent - b3[1].alpha_spent, 1e-6 * alpha)
          << "alpha " << alpha;
    }
  }
}

// Standardised Brownian-motion statistics at the looks, one path per call,
// with a Box-Muller transform of our own so the paths are the same with
// every standard library.
class Paths {
 public:
  explicit Paths(std::uint64_t seed) : engine_(seed) {}

  std::vector<double> next(const std::vector<double>& t) {
    std::vector<double> z(t.size());
    double b = 0;
    double before = 0;
    for (std::size_t k = 0; k < t.size(); ++k) {
      b += std::sqrt(t[k] - before) * normal();
      before = t[k];
      z[k] = b / std::sqrt(t[k]);
    }
    return z;
  }

 private:
  double normal() {
    const double u1 = (static_cast<double>(engine_() >> 11) + 1.0) * 0x1.0p-53;
    const double u2 = (static_cast<double>(engine_() >> 11) + 1.0) * 0x1.0p-53;
    return std::sqrt(-2.0 * std::log(u1)) *
           std::cos(2.0 * std::numbers::pi * u2);
  }
  std::mt19937_64 engine_;
};

// The share of paths that have crossed by each look.
std::vector<double> simulated_spending(const std::vector<double>& t,
                                       const std::vector<double>& c,
                                       std::size_t paths, std::uint64_t seed) {
  Paths gen(seed);
  std::vector<double> crossed(t.size(), 0.0);
  for (std::size_t i = 0; i < paths; ++i) {
    const auto z = gen.next(t);
    for (std::size_t k = 0; k < t.size(); ++k) {
      if (std::fabs(z[k]) >= c[k]) {
        for (std::size_t j = k; j < t.size(); ++j) crossed[j] += 1;
        break;
      }
    }
  }
  for (double& x : crossed) x /= static_cast<double>(paths);
  return crossed;
}

TEST(SequentialBoundaries, MonteCarloSpendsWhatTheBoundariesPromise) {
  constexpr std::size_t kPaths = 400'000;
  std::uint64_t seed = 20240601;
  for (const auto spending :
       {SpendingFunction::kOBrienFleming,
        SpendingFunction::kOBrienFlemingPerTail, SpendingFunction::kPocock}) {
    for (const double alpha : {0.05, 0.01}) {
      const auto b = sequential_boundaries(kFiveEqual, alpha, spending);
      ASSERT_EQ(b.size(), kFiveEqual.size());
      const auto crossed =
          simulated_spending(kFiveEqual, critical_values(b), kPaths, ++seed);
      for (std::size_t k = 0; k < b.size(); ++k) {
        const double a = b[k].alpha_spent;
        // 4.5 standard errors, plus one path for the tiny early shares.
        const double tolerance =
            4.5 * std::sqrt(a * (1 - a) / kPaths) + 1.0 / kPaths;
        EXPECT_NEAR(crossed[k], a, tolerance)
            << "alpha " << alpha << " look " << k + 1 << " spending "
            << static_cast<int>(spending);
      }
    }
  }
}

TEST(SequentialBoundaries, MonteCarloShowsWhatUncorrectedLooksCost) {
  // Ten looks at the fixed-sample 1.96 reject a true null about 19% of the
  // time (Armitage, McPherson & Rowe's table): the header's motivation.
  std::vector<double> t;
  for (int k = 1; k <= 10; ++k) t.push_back(k / 10.0);
  const std::vector<double> naive(10, 1.959963984540054);
  const auto crossed = simulated_spending(t, naive, 100'000, 77);
  EXPECT_NEAR(crossed.back(), 0.193, 0.006);
}

TEST(SequentialBoundaries,
     NominalLevelsLieBetweenTheIncrementAndTheSpentAlpha) {
  std::vector<double> t;
  for (int k = 1; k <= 12; ++k) t.push_back(k / 12.0);
  for (const auto spending :
       {SpendingFunction::kOBrienFleming,
        SpendingFunction::kOBrienFlemingPerTail, SpendingFunction::kPocock}) {
    const auto b = sequential_boundaries(t, 0.01, spending);
    ASSERT_EQ(b.size(), t.size());
    EXPECT_DOUBLE_EQ(b.back().alpha_spent, 0.01);
    double before = 0;
    for (const auto& look : b) {
      const double increment = look.alpha_spent - before;
      // Bonferroni over looks would use the increment; the exact boundary
      // is less conservative, never more.
      EXPECT_GE(look.nominal_alpha, increment * (1 - 1e-9));
      EXPECT_LE(look.nominal_alpha, look.alpha_spent);
      before = look.alpha_spent;
    }
  }
}

TEST(SequentialBoundaries, EarlierLooksDoNotDependOnLaterOnes) {
  const std::vector<double> t = {0.1, 0.25, 0.3, 0.55, 0.7, 1.0};
  const auto all = sequential_boundaries(t, 0.02);
  ASSERT_EQ(all.size(), t.size());
  for (std::size_t k = 1; k <= t.size(); ++k) {
    const auto prefix = sequential_boundaries(std::span(t).first(k), 0.02);
    ASSERT_EQ(prefix.size(), k);
    for (std::size_t j = 0; j < k; ++j) {
      EXPECT_EQ(prefix[j].critical_z, all[j].critical_z) << k << " " << j;
    }
  }
}

TEST(SequentialBoundaries, ALookTooEarlyToSpendCannotReject) {
  // 2 - 2 Phi(1.96 / sqrt(0.0005)) underflows to zero.
  const std::vector<double> t = {0.0005, 0.5, 1.0};
  const auto b = sequential_boundaries(t, 0.05);
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(b[0].alpha_spent, 0.0);
  EXPECT_EQ(b[0].critical_z, kInf);
  EXPECT_EQ(b[0].nominal_alpha, 0.0);
  // The rest as if that look had not happened (it took nothing away).
  const std::vector<double> without = {0.5, 1.0};
  const auto w = sequential_boundaries(without, 0.05);
  ASSERT_EQ(w.size(), 2u);
  EXPECT_NEAR(b[1].critical_z, w[0].critical_z, 1e-9);
  EXPECT_NEAR(b[2].critical_z, w[1].critical_z, 1e-4);
}

TEST(SequentialBoundaries, InvalidInputGivesNoBoundaries) {
  const std::vector<double> ok = {0.5, 1.0};
  EXPECT_TRUE(sequential_boundaries({}, 0.05).empty());
  EXPECT_TRUE(sequential_boundaries(ok, 0.0).empty());
  EXPECT_TRUE(sequential_boundaries(ok, 1.0).empty());
  EXPECT_TRUE(sequential_boundaries(ok, kNaN).empty());
  for (const std::vector<double>& bad : {std::vector<double>{0.5, 0.5},
                                         {0.6, 0.4},
                                         {0.0, 1.0},
                                         {-0.1, 1.0},
                                         {0.5, 1.1},
                                         {kNaN},
                                         {0.5, kInf}}) {
    EXPECT_TRUE(sequential_boundaries(bad, 0.05).empty()) << bad[0];
  }
  const std::vector<double> spent = {0.01, 0.005};
  EXPECT_TRUE(spending_boundaries(ok, spent).empty());  // decreasing
  const std::vector<double> short_spent = {0.01};
  EXPECT_TRUE(spending_boundaries(ok, short_spent).empty());
  const std::vector<double> too_much = {0.01, 1.0};
  EXPECT_TRUE(spending_boundaries(ok, too_much).empty());
}

TEST(SequentialBoundaries, SpendingBoundariesFollowTheGivenSpending) {
  const std::vector<double> t = {0.4, 0.7, 1.0};
  std::vector<double> spent;
  for (const double x : t)
    spent.push_back(alpha_spent(SpendingFunction::kPocock, 0.05, x));
  const auto direct = spending_boundaries(t, spent);
  const auto named = sequential_boundaries(t, 0.05, SpendingFunction::kPocock);
  ASSERT_EQ(direct.size(), 3u);
  ASSERT_EQ(named.size(), 3u);
  for (std::size_t k = 0; k < 3; ++k) {
    EXPECT_EQ(direct[k].critical_z, named[k].critical_z);
  }
}

TEST(AlphaSpent, EndsAndShape) {
  for (const auto s :
       {SpendingFunction::kOBrienFleming,
        SpendingFunction::kOBrienFlemingPerTail, SpendingFunction::kPocock}) {
    EXPECT_EQ(alpha_spent(s, 0.05, 0.0), 0.0);
    EXPECT_EQ(alpha_spent(s, 0.05, -1.0), 0.0);
    EXPECT_EQ(alpha_spent(s, 0.05, 1.0), 0.05);
    EXPECT_EQ(alpha_spent(s, 0.05, 2.0), 0.05);
    EXPECT_NEAR(alpha_spent(s, 0.05, 1 - 1e-12), 0.05, 1e-12);
    EXPECT_TRUE(std::isnan(alpha_spent(s, 0.05, kNaN)));
    EXPECT_TRUE(std::isnan(alpha_spent(s, 0.0, 0.5)));
    EXPECT_TRUE(std::isnan(alpha_spent(s, 1.5, 0.5)));
  }
  // The formulas at t = 0.5 and alpha = 0.05.
  EXPECT_NEAR(alpha_spent(SpendingFunction::kOBrienFleming, 0.05, 0.5),
              2 * upper_tail(1.959963984540054 * std::sqrt(2.0)), 1e-15);
  EXPECT_NEAR(alpha_spent(SpendingFunction::kOBrienFlemingPerTail, 0.05, 0.5),
              4 * upper_tail(2.241402727604947 * std::sqrt(2.0)), 1e-15);
  EXPECT_NEAR(alpha_spent(SpendingFunction::kPocock, 0.05, 0.5),
              0.05 * std::log(1 + (std::numbers::e - 1) * 0.5), 1e-15);
}

TEST(InformationFraction, RunsPerSideOverTheMaximum) {
  EXPECT_DOUBLE_EQ(information_fraction(20, 20, 200), 0.1);
  EXPECT_DOUBLE_EQ(information_fraction(200, 200, 200), 1.0);
  EXPECT_DOUBLE_EQ(information_fraction(300, 300, 200), 1.0);
  // 2 * 10 * 30 / 40 = 15 effective runs per side.
  EXPECT_DOUBLE_EQ(information_fraction(10, 30, 100), 0.15);
  EXPECT_EQ(information_fraction(0, 30, 100), 0.0);
  EXPECT_TRUE(std::isnan(information_fraction(10, 10, 0)));
}

TEST(FamilySequentialBoundaries, SpendAlphaOverM) {
  const auto family = family_sequential_boundaries(kFiveEqual, 0.01, 4);
  const auto single = sequential_boundaries(kFiveEqual, 0.0025);
  ASSERT_EQ(family.size(), single.size());
  for (std::size_t k = 0; k < family.size(); ++k) {
    EXPECT_EQ(family[k].critical_z, single[k].critical_z);
  }
  EXPECT_TRUE(family_sequential_boundaries(kFiveEqual, 0.01, 0).empty());
}

TEST(SequentialTCritical, ConvertsTheNominalLevel) {
  const double level = 0.00123;
  for (const double df : {4.5, 18.0, 97.3}) {
    const double c = sequential_t_critical(level, df);
    EXPECT_NEAR(student_t_two_sided_p(c, df), level, 1e-12 * level) << df;
  }
  // Large df: the normal critical value.
  EXPECT_NEAR(sequential_t_critical(0.05, 1e9), 1.959963984540054, 1e-6);
  // Early looks' tiny levels are not rounded away.
  EXPECT_NEAR(student_t_two_sided_p(sequential_t_critical(1e-20, 30), 30),
              1e-20, 1e-30);
  EXPECT_EQ(sequential_t_critical(0.0, 10), kInf);
  EXPECT_TRUE(std::isnan(sequential_t_critical(0.05, 0)));
  EXPECT_TRUE(std::isnan(sequential_t_critical(1.0, 10)));
  EXPECT_TRUE(std::isnan(sequential_t_critical(-0.1, 10)));
}

}  // namespace
}  // namespace fpbench::stats
